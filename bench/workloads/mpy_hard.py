"""Portable workload: hard decisions at the MicroPython worker's budget.

Plays seeded games with medium moves and, at every decision with a choice,
times ``hard`` at the budget app/players.py gives it on MicroPython (worlds /
playouts and the time cap); prints one JSON object per decision kind with
the decision times.  Run by bench/mpy_hard.py under each interpreter.
"""

import json

from engine.ai import Budget, choose
from engine.ai.clock import elapsed_ms, now
from engine.record import new_game
from engine.rng import Rng

# Must equal app/players.py's MPY_HARD_ITERATIONS / MPY_HARD_TIME_MS /
# MPY_HAND_TIME_MS (bench/mpy_hard.py checks).
ITERATIONS = {"moon": 4, "chicken-foot": 150}
PLAY_MS = 300
HAND_MS = 1200
GAMES = {"moon": (3, 2), "chicken-foot": (4, 2)}    # players, rounds (hands) per seed
SEEDS = [1, 2]


def run(name):
    players, rounds = GAMES[name]
    times = {}
    for seed in SEEDS:
        g = new_game(name, players)
        deals = Rng(seed)
        rng = Rng(seed * 7 + 1)
        while not g.is_over() and g.round_count() <= rounds:
            seat = g.current_seat()
            if seat is None:
                if g.round_count() == rounds:
                    break
                g.start_round(g.new_deal(deals))
                continue
            view = g.view(seat)
            if len(view["legal"]) > 1:
                phase = view.get("phase", "play")
                cap = HAND_MS if phase in ("bidding", "discard", "trump") else PLAY_MS
                start = now()
                choose(view, "hard", rng.below(1 << 30), Budget(iterations=ITERATIONS[name], time_ms=cap))
                times.setdefault(phase, []).append(elapsed_ms(start))
            g.apply(choose(view, "medium", rng.below(1 << 30)))
    for phase in sorted(times):
        cap = HAND_MS if phase in ("bidding", "discard", "trump") else PLAY_MS
        print(json.dumps({"game": name, "phase": phase, "iterations": ITERATIONS[name], "cap_ms": cap,
                          "ms": [int(t) for t in times[phase]]}))


run("moon")
run("chicken-foot")
