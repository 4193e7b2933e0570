"""Portable workload: hard decisions at the MicroPython worker's budget.

Plays seeded games with medium moves and, at every decision with a choice,
times ``hard`` at the budget app/players.py gives it on MicroPython (worlds /
playouts and the time cap); prints one JSON object per decision kind with
the decision times.  Run by bench/mpy_hard.py under each interpreter.
"""

import json

from mpy_games import HAND_PHASES, decisions

from engine import games
from engine.ai import Budget, choose
from engine.ai.clock import elapsed_ms, now

# The budget is the registry's slow_hard_budget (what the page uses); the caps
# must equal app/players.py's MPY_HARD_TIME_MS /
# MPY_HAND_TIME_MS (bench/mpy_hard.py checks).
PLAY_MS = 300
HAND_MS = 1000


def run(name):
    times = {}
    budgets = {}
    for phase, view, seed in decisions(name):
        cap = HAND_MS if phase in HAND_PHASES else PLAY_MS
        start = now()
        choose(view, "hard", seed, Budget(iterations=games.phase_iterations(games.info(name).slow_hard_budget, view),
                                          time_ms=cap))
        times.setdefault(phase, []).append(elapsed_ms(start))
        budgets[phase] = games.phase_iterations(games.info(name).slow_hard_budget, view)
    for phase in sorted(times):
        cap = HAND_MS if phase in HAND_PHASES else PLAY_MS
        print(json.dumps({"game": name, "phase": phase, "iterations": budgets[phase], "cap_ms": cap,
                          "ms": [int(t) for t in times[phase]]}))


run("moon")
run("chicken-foot")
