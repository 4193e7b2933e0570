"""Portable workload: Chicken Foot ``hard`` at a fixed playout budget, no time cap.

Every tile decision (two or more plays) of the seeded games of mpy_games.py,
searched at BUDGET playouts; prints one JSON object with the wall times.
Run by ``bench/cf_rate.py`` under CPython and Pyodide (or MicroPython): the
ratio of the medians on the same decisions is the interpreter's slowness.
"""

import json

from mpy_games import decisions

from engine.ai import Budget, choose
from engine.ai.clock import elapsed_ms, now

BUDGET = 2000
LIMIT = 16      # decisions timed (the first of the seeded games)


def run():
    wall = []
    for _phase, view, seed in decisions("chicken-foot"):
        plays = [a for a in view["legal"] if a != "draw" and a != "pass"]
        if len(plays) < 2:
            continue
        start = now()
        choose(view, "hard", seed, Budget(iterations=BUDGET))
        wall.append(round(elapsed_ms(start), 1))
        if len(wall) == LIMIT:
            break
    print(json.dumps({"iterations": BUDGET, "ms": wall}))


run()
