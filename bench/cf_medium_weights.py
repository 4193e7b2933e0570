"""Chicken Foot: does medium with other rating weights beat medium?  (Is a
better playout policy for hard within reach of the same rating's family?)

One seat rates its plays with a variant's ``cf_sim`` constants (``M_FOLLOW``,
``M_FOLLOW_NONE``, ``M_DOUBLE``, ``M_DOUBLE_NO_TOE``), the other three as
medium does; every deal is played once per seat and paired with the same
deal played by four medium seats (medium is deterministic, so the pairing
isolates the weights).  Prints one JSON line per variant: the seat's round
score less the others' mean, minus the same with medium's weights (pips,
lower is better), and its standard error.  Rounds run on the simulator
(:meth:`ChickenFoot.run_round`), thousands a second.

    python3 bench/cf_medium_weights.py --deals 3000 --variants "M_FOLLOW=40;M_DOUBLE=0;M_FOLLOW=15,M_DOUBLE=30"
"""

import argparse
import json
import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from engine.ai import cf_sim  # noqa: E402
from engine.chickenfoot import ChickenFoot  # noqa: E402
from engine.rng import Rng  # noqa: E402
from variants import Settings, parse  # noqa: E402


def advantage(deal_seed, seat, settings, variant, players=4):
    """``seat``'s round score less the others' mean when it alone rates by ``variant``."""
    g = ChickenFoot(players, log=False)
    g.start_round(g.new_deal(Rng(deal_seed)))

    def choose(state, p, rng):
        if state.seat != seat:
            return cf_sim.medium_choice(state, p, rng)
        settings.apply(variant)
        try:
            return cf_sim.medium_choice(state, p, rng)
        finally:
            settings.apply([])
    g.run_round(Rng(deal_seed), choose)
    sc = g.last_scores()
    return sc[seat] - (sum(sc) - sc[seat]) / (players - 1)


def compare(variant, deals, first=1000, players=4):
    """``(mean, standard error, rounds)`` of the variant's advantage less medium's, paired by deal and seat."""
    settings = Settings({}, cf_sim, [variant])
    diffs = []
    for d in range(first, first + deals):
        for seat in range(players):
            diffs.append(advantage(d, seat, settings, variant, players) - advantage(d, seat, settings, [], players))
    n = len(diffs)
    mean = sum(diffs) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in diffs) / max(1, n - 1))
    return mean, sd / math.sqrt(n), n


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=1000)
    ap.add_argument("--variants", default="M_FOLLOW=40")
    args = ap.parse_args()
    for text in args.variants.split(";"):
        variant = parse(text)
        mean, se, n = compare(variant, args.deals)
        print(json.dumps({"variant": variant, "rounds": n, "vs_medium": round(mean, 2), "se": round(se, 2)}), flush=True)


if __name__ == "__main__":
    main()
