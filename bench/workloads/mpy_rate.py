"""Portable workload: how fast ``hard`` searches, with no time cap.

At every decision of the seeded games of mpy_games.py, times ``hard`` at a
fixed budget (BUDGET: worlds / playouts) with no time cap, so every search
completes; prints one JSON object per game and decision kind with the wall
times and, where the interpreter has one (CPython), the CPU times.  Run by
``bench/mpy_hard.py --rate`` under MicroPython and CPython: the iteration
rate within the worker's cap follows.
"""

import json

from mpy_games import decisions

from engine.ai import Budget, choose
from engine.ai.clock import elapsed_ms, now

BUDGET = {"moon": 4, "chicken-foot": 150}

try:
    from time import process_time   # CPython: CPU time, which the machine's load does not inflate

    def cpu_ms():
        return process_time() * 1000.0
except ImportError:
    cpu_ms = None


def run(name):
    wall, cpu = {}, {}
    for phase, view, seed in decisions(name):
        start = now()
        used = cpu_ms() if cpu_ms is not None else 0
        choose(view, "hard", seed, Budget(iterations=BUDGET[name]))
        wall.setdefault(phase, []).append(elapsed_ms(start))
        cpu.setdefault(phase, []).append(cpu_ms() - used if cpu_ms is not None else None)
    for phase in sorted(wall):
        print(json.dumps({"game": name, "phase": phase, "iterations": BUDGET[name],
                          "ms": [round(t, 2) for t in wall[phase]],
                          "cpu_ms": [None if t is None else round(t, 2) for t in cpu[phase]]}))


run("moon")
run("chicken-foot")
