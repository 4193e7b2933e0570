"""Chicken Foot computer players' decision times on CPython, one JSON line per level.

Plays seeded 4-player rounds with the level under test in every seat (all
four seats' decisions are timed, those with a single legal action
excluded: the entry point answers them without thinking) and prints::

    {"metric": "cf_decision_ms", "level": L, "median": ..., "p95": ..., "max": ..., "decisions": N, ...}

    python3 bench/cf_players.py [--rounds R] [--levels easy,medium,hard]

Targets (issue 5): medium <= 50 ms; hard median <= 500 ms, max <= 2000 ms.
"""

import argparse
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from engine.ai import choose  # noqa: E402
from engine.chickenfoot import ChickenFoot  # noqa: E402
from engine.rng import Rng  # noqa: E402


def timings(level, rounds, seed):
    """Decision times (ms) of ``level`` over ``rounds`` rounds of seeded 4-player matches."""
    out = []
    rng = Rng(seed)
    g = ChickenFoot(4)
    for r in range(rounds):
        if g.is_over():
            g = ChickenFoot(4)
        g.start_round(g.new_deal(rng))
        while g.current_seat() is not None:
            seat = g.current_seat()
            view = g.view(seat)
            t0 = time.perf_counter()
            action = choose(view, level, rng.below(1 << 30))
            ms = (time.perf_counter() - t0) * 1000.0
            if len(view["legal"]) > 1:
                out.append(ms)
            g.apply(action, seat)
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--levels", default="easy,medium,hard")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    for level in args.levels.split(","):
        ms = timings(level, args.rounds, args.seed)
        ms.sort()
        n = len(ms)
        print(json.dumps({"metric": "cf_decision_ms", "level": level,
                          "median": round(ms[n // 2], 2), "p95": round(ms[min(n - 1, (n * 95) // 100)], 2),
                          "max": round(ms[-1], 2), "mean": round(sum(ms) / n, 2), "decisions": n,
                          "rounds": args.rounds, "players": 4, "interpreter": "cpython"}))


if __name__ == "__main__":
    main()
