"""Fit the standings models of hard's objectives to recorded games: who went on to win.

Moon (``moon_player.STANDING_WEIGHT``, ``SELF_EDGE``): at the start of every
hand of every game, each seat's weight is ``exp(-beta * d ** gamma)``, d its
points short of 21 (none past it), the ``hard`` seats' times ``e ** alpha``;
the chance that seat wins the game is its weight over all three.  Chicken
Foot (``cf_player.MATCH_C``): after every round but the last, each seat's
weight is ``exp(-c / rounds_left ** p * (its total - the lowest))``.
Prints the grid's best few by mean log-loss a hand (a round), and the
uniform guess's, one JSON line each.

    python3 -m engine tournament --game moon --seats hard,medium,medium --games 150 --seed 3 --iterations 12 --records DIR3
    python3 bench/standing_fit.py --game moon DIR3 DIR4
    python3 -m engine tournament --game chicken-foot --seats medium,medium,medium,medium --games 400 --seed 12 --records CF
    python3 bench/standing_fit.py --game chicken-foot CF
"""

import argparse
import json
import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from engine.record import replay  # noqa: E402
from moon_records import records  # noqa: E402  (any game's records, in game order)


def moon_samples(dirs):
    """``(totals at a hand's start, winner, names)`` for every hand of the games with one winner."""
    out = []
    for _, rec in records(dirs):
        tot = [0, 0, 0]
        seen = []
        for rnd in rec["rounds"]:
            if "scores" not in rnd:
                break
            seen.append(list(tot))
            tot = [tot[s] + rnd["scores"][s] for s in range(3)]
        won = list(replay(rec).winners())
        if len(won) == 1:
            out += [(t, won[0], rec["names"]) for t in seen]
    return out


def moon_loss(samples, beta, gamma, alpha):
    total = 0.0
    for tot, w, names in samples:
        z = [-beta * max(0, 21 - tot[s]) ** gamma + (alpha if names[s] == "hard" else 0) for s in range(3)]
        m = max(z)
        total -= (z[w] - m) - math.log(sum(math.exp(v - m) for v in z))
    return total / len(samples)


def cf_samples(dirs):
    """``(totals after a round, rounds left, winners)`` for every round but the last of finished matches."""
    out = []
    for _, rec in records(dirs):
        n = rec["players"]
        rounds = [r for r in rec["rounds"] if "scores" in r]
        if len(rounds) != 10:
            continue
        tot = [0] * n
        seen = []
        for i, rnd in enumerate(rounds):
            tot = [tot[s] + rnd["scores"][s] for s in range(n)]
            if i < 9:
                seen.append((list(tot), 9 - i))
        low = min(tot)
        winners = [s for s in range(n) if tot[s] == low]
        out += [(t, left, winners) for t, left in seen]
    return out


def cf_loss(samples, c, p):
    total = 0.0
    for tot, left, winners in samples:
        b = c / left ** p
        low = min(tot)
        z = [-b * (t - low) for t in tot]
        lse = math.log(sum(math.exp(v) for v in z))
        total -= sum(z[w] - lse for w in winners) / len(winners)
    return total / len(samples)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", choices=["moon", "chicken-foot"], required=True)
    ap.add_argument("--top", type=int, default=5)
    ap.add_argument("dirs", nargs="+")
    args = ap.parse_args()
    if args.game == "moon":
        samples = moon_samples(args.dirs)
        grid = [(moon_loss(samples, b, g, a), {"beta": b, "gamma": g, "alpha": a})
                for g in (0.3, 0.4, 0.5, 0.75, 1.0)
                for b in (0.05, 0.1, 0.2, 0.3, 0.5, 0.8, 1.2, 2.0)
                for a in (0.0, 0.5, 1.0, 1.5)]
        uniform = math.log(3)
    else:
        samples = cf_samples(args.dirs)
        grid = [(cf_loss(samples, c, p), {"c": c, "p": p})
                for c in (0.04, 0.06, 0.08, 0.1, 0.11, 0.12, 0.15)
                for p in (0.25, 0.5, 0.75, 1.0)]
        uniform = math.log(len(samples[0][0])) if samples else None
    grid.sort(key=lambda row: row[0])
    print(json.dumps({"game": args.game, "samples": len(samples), "uniform": uniform}))
    for loss, params in grid[:args.top]:
        params["log_loss"] = round(loss, 4)
        print(json.dumps(params))


if __name__ == "__main__":
    main()
