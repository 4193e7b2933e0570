"""Benchmark of Moon's computer players: decision times per level on CPython.

Plays seeded games (hard, medium and easy in rotating seats, each with its
default budget) and times every decision that had a choice (a single legal
action is answered without thinking).  Prints JSON lines
``{"metric": ..., "value": ..., "unit": ...}``: median, 90th percentile and
maximum per level, and per level and phase, in wall-clock time and (``_cpu``
metrics) in this process's CPU time, which is what to read on a busy
machine (hard's 1.5 s time cap is wall-clock).  Targets: hard median <= 500 ms,
max <= 2 s; medium <= 50 ms.

    python3 bench/moon_players.py [--games N] [--seed S] [--hands H]
"""

import argparse
import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from engine.ai import choose  # noqa: E402
from engine.moon import Moon  # noqa: E402
from engine.rng import Rng  # noqa: E402

ROTATIONS = [["hard", "medium", "easy"], ["easy", "hard", "medium"], ["medium", "easy", "hard"]]


def run(games, seed, max_hands):
    times = {}
    for gi in range(games):
        levels = ROTATIONS[gi % 3]
        rng = Rng(seed + gi)
        g = Moon(3)
        hands = 0
        while not g.is_over() and hands < max_hands:
            g.start_round(g.new_deal(rng))
            hands += 1
            while g.current_seat() is not None:
                seat = g.current_seat()
                view = g.view(seat)
                level = levels[seat]
                t0 = time.perf_counter()
                c0 = time.process_time()
                action = choose(view, level, rng.below(1 << 30))
                ms = (time.perf_counter() - t0) * 1000.0
                cpu = (time.process_time() - c0) * 1000.0
                if len(view["legal"]) > 1:
                    for key in [level, level + "_" + view["phase"]]:
                        times.setdefault(key, []).append(ms)
                        times.setdefault(key + "_cpu", []).append(cpu)
                g.apply(action)
    return times


def quantile(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--hands", type=int, default=8, help="at most this many hands per game")
    args = ap.parse_args()
    times = run(args.games, args.seed, args.hands)
    for key in sorted(times):
        xs = times[key]
        for name, value in [("median", quantile(xs, 0.5)), ("p90", quantile(xs, 0.9)), ("max", max(xs))]:
            print(json.dumps({"metric": "moon_%s_decision_ms_%s" % (key, name), "value": round(value, 2),
                              "unit": "ms", "decisions": len(xs)}))


if __name__ == "__main__":
    main()
