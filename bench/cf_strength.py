"""Chicken Foot: what a change to hard buys, round by round, paired on the same deals.

Every deal is played once per hard seat (the others medium) and once per
variant; a variant sets module constants (``cf_sim.POLICY=medium``,
``cf_player.HARD_MAX_CANDIDATES=8``) and may set its own budget
(``iterations=1500``: comparisons at equal time when a change costs CPU);
``oracle=all`` / ``oracle=hands`` let hard search the true hidden tiles
(ceilings, see ``OWN``).
Prints one JSON line per variant: hard's mean round score less the mean
of the medium seats (pips, lower is better), how often hard went out, the
paired difference against the first variant with its standard error, and
the CPU time per hard decision (``cpu_ms``).

    python3 bench/cf_strength.py --deals 20 --iterations 600 --variants ";cf_sim.POLICY=medium"
    python3 bench/cf_strength.py --deals 20 --iterations 2000 --variants "cf_sim.POLICY=greedy;iterations=1500"

``--matches`` plays whole 10-round matches instead of one round (what a
change to the match objective needs: its terms depend on the standing),
and adds hard's wins (a tie for the lowest total counts, as in
``engine tournament``) with the paired difference in wins per match.
"""

import argparse
import json
import math
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from engine.ai import Budget, cf_know, cf_player, cf_sim, choose  # noqa: E402
from engine.chickenfoot import ChickenFoot  # noqa: E402
from engine.rng import Rng  # noqa: E402
from variants import Settings, parse  # noqa: E402

MODULES = {"cf_sim": cf_sim, "cf_player": cf_player, "cf_know": cf_know}


# Settings of the bench itself, not module constants: a variant's own budget,
# and ``oracle`` (``all``: hard searches the true hands and yard instead of
# sampled worlds; ``hands``: the true hands, the yard shuffled): ceilings that
# show what better worlds could buy, never a fair player.
OWN = ("iterations", "oracle")


def _truth(g, oracle):
    """A stand-in for ``cf_know.sample_hinted`` that deals ``g``'s real hidden tiles (see ``OWN``)."""
    def sample(k, rng):
        yard = list(g.yard[g.ypos:])
        if oracle == "hands":
            rng.shuffle(yard)
        return list(g.hands), yard
    return sample


def play_round(players, deal_seed, hard_seat, budget, seed, cpu, matches=False, oracle=None):
    g = ChickenFoot(players)
    deals = Rng(deal_seed)
    g.start_round(g.new_deal(deals))
    rng = Rng(seed)
    while not g.is_over() if matches else g.current_seat() is not None:
        seat = g.current_seat()
        if seat is None:
            g.start_round(g.new_deal(deals))
            continue
        view = g.view(seat)
        c0 = time.process_time()
        if oracle and seat == hard_seat:
            cf_player.sample_hinted = _truth(g, oracle)
        action = choose(view, "hard" if seat == hard_seat else "medium", rng.next64(), budget)
        cf_player.sample_hinted = cf_know.sample_hinted
        if seat == hard_seat and len(view["legal"]) > 1:
            cpu.append(time.process_time() - c0)
        g.apply(action, seat)
    sc = g.totals() if matches else g.last_scores()
    others = [sc[s] for s in range(players) if s != hard_seat]
    if matches:
        return sc[hard_seat] - sum(others) / len(others), sc[hard_seat] <= min(others), sc[hard_seat] - min(others)
    return sc[hard_seat] - sum(others) / len(others), g.went_out() == hard_seat, sc[hard_seat] - min(others)


def _paired(a, b):
    """The mean of ``a - b`` (paired lists) and its standard error."""
    n = len(a)
    diffs = [a[j] - b[j] for j in range(n)]
    mean = sum(diffs) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in diffs) / max(1, n - 1))
    return mean, sd / math.sqrt(n)


def report(variants, res, outs, cpu, margins, matches=False):
    n = len(res[0])
    for i, v in enumerate(variants):
        mean, se = _paired(res[i], res[0])
        row = {"variant": v, "matches" if matches else "rounds": n,
               "advantage": round(sum(res[i]) / n, 2), "vs_first": round(mean, 2), "se": round(se, 2)}
        if matches:
            wins, wse = _paired(outs[i], outs[0])
            row["wins"] = sum(outs[i])
            row["wins_vs_first"] = round(wins, 3)
            row["wins_se"] = round(wse, 3)
        else:
            row["went_out"] = sum(outs[i])
        # Hard's score less the best opponent's: what decides who wins.
        mm, mse = _paired(margins[i], margins[0])
        row["margin"] = round(sum(margins[i]) / n, 2)
        row["margin_vs_first"] = round(mm, 2)
        row["margin_se"] = round(mse, 2)
        row["cpu_ms"] = round(1000 * sum(cpu[i]) / max(1, len(cpu[i])), 1)
        print(json.dumps(row), flush=True)



def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=20)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--iterations", type=int, default=600)
    ap.add_argument("--every", type=int, default=5, help="print the figures so far every this many deals")
    ap.add_argument("--variants", default=";")
    ap.add_argument("--matches", action="store_true", help="whole 10-round matches, with hard's wins")
    args = ap.parse_args()
    variants = [parse(v) for v in args.variants.split(";")]
    budgets = []
    for v in variants:
        own = [value for name, value in v if name == "iterations"]
        budgets.append(Budget(iterations=own[0] if own else args.iterations))
    settings = Settings(MODULES, cf_player, [[(n, x) for n, x in v if n not in OWN] for v in variants])
    res = [[] for _ in variants]
    outs = [[] for _ in variants]
    cpu = [[] for _ in variants]
    margins = [[] for _ in variants]
    for d in range(args.deals):
        for seat in range(args.players):
            for i, v in enumerate(variants):
                settings.apply([(n, x) for n, x in v if n not in OWN])
                oracle = [x for n, x in v if n == "oracle"]
                adv, out, margin = play_round(args.players, args.seed * 100003 + d, seat, budgets[i], d * 8 + seat,
                                              cpu[i], args.matches, oracle[0] if oracle else None)
                res[i].append(adv)
                outs[i].append(1 if out else 0)
                margins[i].append(margin)
        if (d + 1) % args.every == 0 and d + 1 < args.deals:
            report(variants, res, outs, cpu, margins, args.matches)
    report(variants, res, outs, cpu, margins, args.matches)


if __name__ == "__main__":
    main()
