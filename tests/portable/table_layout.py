"""Portable workload: Chicken Foot table layouts (engine.layout) and their SVG.

Seeded rounds with random play (2 to 8 players, several ``spokes``); every
few plays the layout of the table so far in both shapes, as canonical JSON,
the badges of every end the acting seat could join, and one whole table picture.  The same bytes must come out on CPython,
MicroPython and Pyodide (tests/test_portability.py): the layout's integer
trigonometry and placement search may not differ by a unit anywhere.
"""

from engine import layout, render
from engine.chickenfoot import ChickenFoot
from engine.record import dumps
from engine.rng import Rng

ROUNDS = [(1, 2, 2), (2, 3, 5), (3, 4, 4), (4, 5, 8), (5, 8, 8), (6, 2, 3)]

for seed, players, spokes in ROUNDS:
    rng = Rng(seed)
    g = ChickenFoot(players, {"spokes": spokes})
    g.start_round(g.new_deal(rng))
    plays = 0
    while g.current_seat() is not None:
        legal = g.legal_actions()
        g.apply(legal[rng.below(len(legal))])
        plays += 1
        if plays % 9 == 0:
            table = g.view(0)["table"]
            for shape in ("wide", "narrow"):
                picture = layout.layout(table, shape, spokes)
                print(seed, shape, len(table), dumps(picture["box"]), dumps(picture["connectors"]))
                print(dumps([[t["tile"], t["cx"], t["cy"], t["angle"], t["heading"]] for t in picture["tiles"]]))
            # Every end the acting seat could join, badged (engine.render._badge_spot), in both shapes.
            view = g.view(g.current_seat()) if g.current_seat() is not None else g.view(0)
            targets = sorted(set([a.split(">")[1] for a in view["legal"] if ">" in a]))
            for shape, size in (("wide", [1100, 560]), ("narrow", [1008, 896])):
                svg = render.table_svg(view, targets=targets, shape=shape, min_size=size)
                print(shape, [part.split("/>")[0] for part in svg.split('<circle class="badge" ')[1:]])
    view = g.view(0)
    print(seed, "end", len(view["table"]), dumps(layout.layout(view["table"], "wide", spokes)))
    print(dumps(layout.overlaps(layout.layout(view["table"], "narrow", spokes)["tiles"])))
    print(render.table_svg(view, targets=[view["table"][-1]["tile"]], fresh=view["table"][-1]["tile"]))

print(layout.SIN[:91])
print([layout.direction(dx, dy) for dx, dy in ((3, 4), (-5, 12), (0, -1), (-8, -15), (7, -24))])
