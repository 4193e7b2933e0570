"""Portable workload: Moon's exact solver on seeded deals.

Prints each deal's value, the move values at the opening lead, a mid-trick
position's move values and a few "can the bidder make k?" answers; the same
bytes must come out on CPython, MicroPython and Pyodide (see
tests/test_portability.py).
"""

from engine.ai.moon_solver import Solver
from engine.moon_rules import MOON_TILES, trick_winner
from engine.rng import Rng
from engine.tiles import NAMES

rng = Rng(20261130)
for deal in range(10):
    tiles = list(MOON_TILES)
    rng.shuffle(tiles)
    hands = [0, 0, 0]
    for s in range(3):
        for t in tiles[7 * s:7 * s + 7]:
            hands[s] |= 1 << t
    trump = rng.below(9)
    bidder = rng.below(3)
    solver = Solver(trump, bidder)
    value = solver.value(hands, bidder)
    mv = solver.move_values(hands, bidder)
    print(deal, "trump", trump, "bidder", bidder, "value", value, "nodes", solver.nodes)
    print("  lead", " ".join("%s=%d" % (NAMES[t], v) for t, v in mv))
    print("  makes", [solver.at_least(hands, bidder, (), k) for k in range(8)])

    # Play the first trick's best lead and a reply, then ask mid-trick.
    best = [t for t, v in mv if v == value][0]
    hands[bidder] &= ~(1 << best)
    seat = (bidder + 1) % 3
    reply = solver.legal(hands, bidder, (best,))[0]
    hands[seat] &= ~(1 << reply)
    mid = solver.move_values(hands, bidder, (best, reply))
    print("  mid", NAMES[best], NAMES[reply], " ".join("%s=%d" % (NAMES[t], v) for t, v in mid))
    last = mid[-1][0]
    w = (bidder + trick_winner([best, reply, last], trump)) % 3
    print("  winner", w, "within one node", solver.value(hands, bidder, (best, reply), node_limit=1),
          "fresh", Solver(trump, bidder).value(hands, bidder, (best, reply), node_limit=1))
