"""Portable workload: tile notation, seeded streams, canonical JSON, SVG.

Prints the same bytes on CPython, MicroPython and Pyodide (see
tests/test_portability.py).
"""

from engine import render, tiles
from engine.record import dumps
from engine.rng import Rng

# Notation both ways round, pips and doubles for the whole double-nine set.
for t in tiles.full_set(9):
    hi, lo = tiles.ends(t)
    back = tiles.parse("%d-%d" % (lo, hi))
    print(t, tiles.name(t), back, tiles.pips(t), tiles.is_double(t), tiles.other_end(t, lo))
for bad in ["9-10", "x", "", "3_4"]:
    try:
        tiles.parse(bad)
    except tiles.TileError as exc:
        print("TileError", exc)
try:
    tiles.parse("7-6", max_pip=6)
except tiles.TileError as exc:
    print("TileError", exc)

# Seeded streams: raw outputs, bounded draws, shuffles and forks.
for seed in [0, 1, 42, 2 ** 63 + 5, 123456789012345678901234567890]:
    rng = Rng(seed)
    print(seed, [rng.next64() for _ in range(3)], [rng.below(n) for n in [1, 2, 7, 55, 1000003]])
    deck = tiles.full_set(9)
    rng.shuffle(deck)
    print(" ".join([tiles.name(t) for t in deck]))
    child = rng.fork()
    print(child.choice(deck), child.state, rng.state)

# Canonical JSON of a record-like value.
value = {"format": "domino-record/1", "game": "chicken-foot", "players": 3, "seed": 2 ** 70,
         "names": ["Ana", "Bükür \"B\"", "Ç\n"], "options": {"spokes": 3, "double_blank_50": False},
         "rounds": [{"deal": [[0, 1, 2], [3, 4]], "actions": ["9-5", "draw", None]}]}
print(dumps(value))

# SVG of every tile both ways, doubles crosswise, first end swapped, backs.
for t in tiles.full_set(9):
    hi, lo = tiles.ends(t)
    print(render.tile_svg(t))
    print(render.tile_svg(tiles.name(t), orientation="vertical", first=lo, crosswise=True, size=24))
print(render.tile_back_svg())
print(render.tile_back_svg("vertical", size=17))
