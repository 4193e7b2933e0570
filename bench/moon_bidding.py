"""Moon: what changes to hard's bid, discard and trump buy, hand by hand, paired.

Every deal is played once per hard seat (the other two medium) and once per
variant, from 0-0-0 standings; medium and the card play are the same in
every variant, so a difference comes from hard's bidding, discard and trump
choices alone (card play at ``--play-iterations``, cheap, the same for all).
Prints one JSON line per variant: mean hand score of hard minus the mean of
the two medium seats, contracts hard took and made, and the paired
difference against the first variant with its standard error.

    python3 bench/moon_bidding.py --deals 40 --variants ";INFER=0" [--hand-iterations 20] [--bidder-only]
    python3 bench/moon_bidding.py --deals 40 --variants "moon_inference.CALIBRATED=0;"
"""

import argparse
import json
import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from engine.ai import Budget, moon_inference, moon_player  # noqa: E402
from engine.moon import Moon  # noqa: E402
from engine.rng import Rng  # noqa: E402
from variants import Settings, parse  # noqa: E402


def play_hand(deal, hard_seat, hand_budget, play_budget, seed, bidder_only=False):
    g = Moon(3)
    g.start_round(deal)
    rng = Rng(seed)
    while g.current_seat() is not None:
        seat = g.current_seat()
        view = g.view(seat)
        if bidder_only and view["phase"] != "bidding" and g.bidder != hard_seat:
            return None
        level = "hard" if seat == hard_seat else "medium"
        budget = play_budget if view["phase"] == "play" else hand_budget
        g.apply(moon_player.choose(view, level, rng, budget) if len(view["legal"]) > 1 else view["legal"][0])
    scores = g.round_scores()[-1]
    others = [scores[s] for s in range(3) if s != hard_seat]
    took = g.bidder == hard_seat
    return (2 * scores[hard_seat] - others[0] - others[1]) / 2.0, took, took and scores[hard_seat] > 0, g.bid() if took else 0


def report(variants, results, stats):
    n = len(results[0])
    if not n:
        return
    for i, v in enumerate(variants):
        diffs = [results[i][j] - results[0][j] for j in range(n)]
        mean = sum(diffs) / n
        sd = math.sqrt(sum((x - mean) ** 2 for x in diffs) / max(1, n - 1))
        print(json.dumps({"variant": v, "hands": n, "advantage": round(sum(results[i]) / n, 3),
                          "vs_first": round(mean, 3), "se": round(sd / math.sqrt(n), 3),
                          "contracts": stats[i][0], "made": stats[i][1],
                          "mean_bid": round(stats[i][2] / max(1, stats[i][0]), 2)}), flush=True)



def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--every", type=int, default=5, help="print the figures so far every this many deals")
    ap.add_argument("--variants", default=";",
                    help="';'-separated NAME=VALUE,... settings of moon_player (or moon_inference.NAME)")
    ap.add_argument("--hand-iterations", type=int, default=20)
    ap.add_argument("--play-iterations", type=int, default=6)
    ap.add_argument("--bidder-only", action="store_true",
                    help="play only the hands hard bids (for variants of the discard and trumps)")
    args = ap.parse_args()
    variants = [parse(v) for v in args.variants.split(";")]
    settings = Settings({"moon_inference": moon_inference}, moon_player, variants)
    results = [[] for _ in variants]
    stats = [[0, 0, 0] for _ in variants]
    for d in range(args.deals):
        deal = Moon(3).new_deal(Rng(args.seed * 100003 + d))
        for seat in range(3):
            for i, v in enumerate(variants):
                settings.apply(v)
                out = play_hand(deal, seat, Budget(iterations=args.hand_iterations),
                                Budget(iterations=args.play_iterations), d * 3 + seat, args.bidder_only)
                if out is None:
                    if i == 0:
                        break       # hard did not bid: every variant bids alike here
                    raise AssertionError("a variant changed the bidding: not one for --bidder-only")
                adv, took, made, bid = out
                results[i].append(adv)
                stats[i][0] += took
                stats[i][1] += made
                stats[i][2] += bid
        if (d + 1) % args.every == 0 and d + 1 < args.deals:
            report(variants, results, stats)
    report(variants, results, stats)


if __name__ == "__main__":
    main()
