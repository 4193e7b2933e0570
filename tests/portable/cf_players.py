"""Portable workload: seeded Chicken Foot computer-player decisions at every level.

Plays the first moves of a few seeded rounds with easy, medium and hard
players (hard on small fixed budgets: MicroPython is about 7x slower) and
prints each decision; the same bytes must come out on CPython, MicroPython
and Pyodide (tests/test_portability.py).
"""

from engine.ai import Budget, choose
from engine.ai.cf_know import knowledge, misfits, sample
from engine.chickenfoot import ChickenFoot
from engine.rng import Rng

# (seed, players, options, decisions to print)
GAMES = [
    (1, 2, None, 10),
    (2, 4, {"double_blank_50": True}, 10),
    (3, 6, {"yard_reserve": 0, "spokes": 7}, 8),
]
LEVELS = ["easy", "medium", "hard"]

for seed, players, options, count in GAMES:
    rng = Rng(seed)
    g = ChickenFoot(players, options)
    g.start_round(g.new_deal(rng))
    printed = 0
    while g.current_seat() is not None and printed < count:
        seat = g.current_seat()
        view = g.view(seat)
        if len(view["legal"]) > 1:
            picks = [choose(view, level, seed * 100 + printed, Budget(iterations=16)) for level in LEVELS]
            print("game", seed, "seat", seat, "legal", len(view["legal"]), "easy/medium/hard", picks)
            printed += 1
            action = picks[printed % 3]
        else:
            action = view["legal"][0]
        g.apply(action)
    k = knowledge(g.view(g.current_seat() if g.current_seat() is not None else 0))
    hands, yard = sample(k, Rng(seed))
    print("sample", seed, hands, yard)
    # The choice inference (off in play, cf_know.MISFIT_WEIGHT): the same counts everywhere.
    print("misfits", seed, misfits(k, hands), k.choices)

# The match model of hard's objective (UTILITY "wins"): tables computed with
# floats, rounded; every interpreter must round alike.
from engine.ai import cf_player  # noqa: E402
for left in range(1, 10):
    table = cf_player._share_table(left)
    print("share table", left, sum(table), table[1::40])
