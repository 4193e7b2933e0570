"""Portable workload: Chicken Foot ``hard`` at a fixed playout budget on every decision, no time cap.

Every decision with two or more legal actions of the seeded games of
mpy_games.py (those ``bench/mpy_hard.py --rate`` times), searched at BUDGET
playouts; prints one JSON object with the choices and, where the
interpreter has one (CPython), each decision's CPU time.  Run by
``bench/cf_speed.py --micropython``, which times the whole process.
"""

import json

from mpy_games import decisions

from engine.ai import Budget, choose

BUDGET = 150

try:
    from time import process_time   # CPython: each decision's CPU time

    def cpu_ms():
        return process_time() * 1000.0
except ImportError:
    cpu_ms = None


def run():
    actions = []
    cpu = []
    for _phase, view, seed in decisions("chicken-foot"):
        used = cpu_ms() if cpu_ms is not None else 0
        actions.append(choose(view, "hard", seed, Budget(iterations=BUDGET)))
        if cpu_ms is not None:
            cpu.append(round(cpu_ms() - used, 2))
    print(json.dumps({"iterations": BUDGET, "actions": actions, "cpu_ms": cpu}))


run()
