"""Chicken Foot: how often the playouts' medium-like policy (``cf_sim.medium_choice``,
what hard's search assumes every seat plays) picks what the medium player
(``cf_heur.score_plays``) really plays.

Plays seeded rounds of four medium players; at every decision with two or
more distinct plays (a tile and the number it matches), asks the playout
policy on the same position and counts: the same play, a different play the
medium rating scores the same (a tie broken another way), or one it scores
lower.  ``--variant`` sets ``cf_sim`` or ``cf_heur`` constants first
(``bench/variants.py``), e.g. the rating's knowledge terms off.

    python3 bench/cf_playout_model.py --rounds 200
    python3 bench/cf_playout_model.py --rounds 200 --variant "cf_heur.RARE=0,cf_heur.FEED=0,cf_heur.FEED_SOFT=0,cf_heur.DRAW_TO_COVER=0,cf_sim.M_DOUBLE=-10"
"""

import argparse
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from engine.ai import Budget, cf_heur, cf_player, cf_sim, choose  # noqa: E402
from engine.ai.cf_know import knowledge  # noqa: E402
from engine.chickenfoot import ChickenFoot  # noqa: E402
from engine.rng import Rng  # noqa: E402
from variants import Settings, parse  # noqa: E402

MODULES = {"cf_sim": cf_sim, "cf_heur": cf_heur}


def compare(rounds, first=0, players=4):
    """``{"same": n, "tie": n, "lower": n}`` over the medium decisions of ``rounds`` seeded rounds."""
    counts = {"same": 0, "tie": 0, "lower": 0}
    for r in range(first, first + rounds):
        g = ChickenFoot(players)
        g.start_round(g.new_deal(Rng(r)))
        while g.current_seat() is not None:
            seat = g.current_seat()
            view = g.view(seat)
            k = knowledge(view)
            plays = cf_player.plays_for(view, k)
            action = choose(view, "medium", 0, Budget())
            if len(cf_player._distinct(plays)) > 1:
                rated = {(p[1], p[3]): p[4] for p in cf_player._ranked(k, plays)}
                real = [(p[1], p[3]) for p in plays if p[0] == action][0]
                move = cf_sim.medium_choice(g, g.playable_hand(), Rng(r))
                sim = [(p[1], p[3]) for p in plays if p[1] == move >> 6 and p[2] == move & 63][0]
                if sim == real:
                    counts["same"] += 1
                elif rated[sim] == rated[real]:
                    counts["tie"] += 1
                else:
                    counts["lower"] += 1
            g.apply(action, seat)
    return counts


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=200)
    ap.add_argument("--variant", default="")
    args = ap.parse_args()
    variant = parse(args.variant)
    Settings(MODULES, cf_sim, [variant]).apply(variant)
    c = compare(args.rounds)
    n = sum(c.values())
    print(json.dumps(dict(c, decisions=n, agree=round(c["same"] / n, 3))))


if __name__ == "__main__":
    main()
