"""engine.layout: the Chicken Foot table never puts one tile on another."""

import random

import pytest

from engine import layout, record
from engine.rng import Rng


def random_round(seed, players=4, options=None):
    """A complete round of ``players`` with random legal play; the game at its end and its tables on the way."""
    game = record.new_game("chicken-foot", players, options)
    game.start_round(game.new_deal(Rng(seed)))
    pick = random.Random(seed)
    tables = []
    while game.current_seat() is not None:
        game.apply(pick.choice(game.legal_actions()))
        if len(tables) < 3 or pick.random() < 0.1:
            tables.append(game.view(0)["table"])
    tables.append(game.view(0)["table"])
    return game, tables


def segments_cross_rect(polyline, rect):
    """Whether an axis-aligned polyline passes through the inside of ``rect``."""
    for (x0, y0), (x1, y1) in zip(polyline, polyline[1:]):
        lo_x, hi_x = min(x0, x1), max(x0, x1)
        lo_y, hi_y = min(y0, y1), max(y0, y1)
        if (lo_x < rect["x"] + rect["w"] and rect["x"] < hi_x or lo_x == hi_x and rect["x"] < lo_x < rect["x"] + rect["w"]) \
                and (lo_y < rect["y"] + rect["h"] and rect["y"] < hi_y or lo_y == hi_y and rect["y"] < lo_y < rect["y"] + rect["h"]):
            return True
    return False


def wrapped_rows(picture):
    """How many times lines wrapped (a wrap connector has six points)."""
    return sum(1 for line in picture["connectors"] if len(line) == 6)


def test_two_hundred_random_four_player_rounds_have_no_overlap():
    checked = 0
    wraps = 0
    for seed in range(200):
        _game, tables = random_round(seed)
        for table in tables:
            # The wide (desktop) and the narrow (phone) shapes.
            for wrap_at in (layout.WRAP_AT, layout.wrap_for(4)):
                picture = layout.layout(table, wrap_at)
                assert sorted(t["tile"] for t in picture["tiles"]) == sorted(e["tile"] for e in table)
                assert layout.overlaps(picture["tiles"]) == []
                wraps += wrapped_rows(picture)
            checked += 1
    assert checked >= 800
    assert wraps > 100   # the wrapped shapes are among those checked


def chain(length):
    """A table: the centre 9-9 and one spoke of ``length`` distinct plain tiles."""
    table = [{"tile": "9-9", "parent": None, "slot": 0, "double": True, "matched": 9}]
    parent, end, used = "9-9", 9, set()
    for _ in range(length):
        # Walk to the number with the most unused tiles left, so the walk never gets stuck.
        free = [n for n in range(10) if n != end and (max(n, end), min(n, end)) not in used]
        other = max(free, key=lambda n: (sum(1 for m in range(10) if m != n and (max(n, m), min(n, m)) not in used), n))
        used.add((max(other, end), min(other, end)))
        name = "%d-%d" % (max(other, end), min(other, end))
        table.append({"tile": name, "parent": parent, "slot": 0, "double": False, "matched": end})
        parent, end = name, other
    return table


def test_a_long_line_wraps_instead_of_widening_the_picture():
    picture = layout.layout(chain(30))
    assert layout.overlaps(picture["tiles"]) == []
    assert max(t["x"] + t["w"] for t in picture["tiles"]) <= layout.WRAP_AT
    rows = sorted(set(t["row"] for t in picture["tiles"]))
    assert len(rows) >= 4 and wrapped_rows(picture) == len(rows) - 1
    # Each wrapped row starts again near the line's start, in reading order.
    for row in rows[1:]:
        first = min(t["x"] for t in picture["tiles"] if t["row"] == row)
        assert first <= layout.SIDE_START + layout.WRAP_INDENT
    for line in picture["connectors"]:
        assert not any(segments_cross_rect(line, t) for t in picture["tiles"]), line


@pytest.mark.parametrize("per_row", [7, 4, 2])
def test_connectors_cross_no_tile_and_box_holds_everything(per_row):
    for seed in range(40):
        for players, spokes in ((2, 2), (4, 6), (8, 8)):
            _game, tables = random_round(1000 + seed, players, {"spokes": spokes})
            picture = layout.layout(tables[-1], layout.wrap_for(per_row))
            x, y, w, h = picture["box"]
            for t in picture["tiles"]:
                assert x <= t["x"] and t["x"] + t["w"] <= x + w
                assert y <= t["y"] and t["y"] + t["h"] <= y + h
            for line in picture["connectors"]:
                assert not any(segments_cross_rect(line, t) for t in picture["tiles"]), line


def test_overlaps_detects_overlap():
    a = {"tile": "9-9", "x": 0, "y": 0, "w": 52, "h": 102}
    b = {"tile": "9-5", "x": 51, "y": 100, "w": 102, "h": 52}
    c = {"tile": "5-5", "x": 52, "y": 0, "w": 52, "h": 102}
    assert layout.overlaps([a, b]) == [("9-9", "9-5")]
    assert layout.overlaps([a, c]) == []


def test_feet_lie_crosswise_and_numbers_face_their_neighbour():
    game, tables = random_round(7)
    picture = layout.layout(tables[-1])
    by_tile = {e["tile"]: e for e in tables[-1]}
    for t in picture["tiles"]:
        entry = by_tile[t["tile"]]
        if entry["double"]:
            assert t["orientation"] == "vertical"
        else:
            assert t["orientation"] == "horizontal"
            near = t["first"] if t["side"] == 0 else [n for n in map(int, t["tile"].split("-"))
                                                      if True][0 if t["first"] != int(t["tile"].split("-")[0]) else 1]
            assert near == entry["matched"]


def test_empty_table():
    assert layout.layout([])["tiles"] == []
