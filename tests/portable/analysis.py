"""Portable workload: the analysis of a seeded Moon hand and a seeded Chicken Foot round.

Small fixed budgets (one world for the hard player's bids, three worlds per
Chicken Foot decision: MicroPython is about 7x slower); the analysis JSON must
be the same bytes on CPython, MicroPython and Pyodide (tests/test_portability.py).
"""

from engine.ai import choose
from engine.ai.analysis import analyse
from engine.chickenfoot import ChickenFoot
from engine.moon import Moon
from engine.record import dumps
from engine.rng import Rng


def played(g, seed, level, rounds):
    rng = Rng(seed)
    while g.round_count() < rounds or g.current_seat() is not None:
        if g.current_seat() is None:
            g.start_round(g.new_deal(rng))
            continue
        g.apply(choose(g.view(g.current_seat()), level, rng.next64()))
    return g.record()


moon = played(Moon(), 21, "easy", 1)
print("moon", dumps(analyse(moon, {"iterations": 1, "seed": 2})))
cf = played(ChickenFoot(3), 4, "easy", 1)
seen = []
out = analyse(cf, {"seat": 1, "iterations": 3, "seed": 5}, lambda done, total: seen.append(done))
print("chicken-foot", dumps(out))
print("progress", len(seen), seen[-1] if seen else None)
