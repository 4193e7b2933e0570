"""engine.layout: the Chicken Foot table drawn as a chicken foot, never one tile on another."""

import math
import random

import pytest

from engine import layout, record
from engine.chickenfoot import ChickenFoot
from engine.rng import Rng


def random_round(seed, players=4, options=None):
    """A complete round of ``players`` with random legal play; the tables on the way (the last complete)."""
    game = record.new_game("chicken-foot", players, options)
    game.start_round(game.new_deal(Rng(seed)))
    pick = random.Random(seed)
    tables = []
    while game.current_seat() is not None:
        game.apply(pick.choice(game.legal_actions()))
        if pick.random() < 0.15:
            tables.append(game.view(0)["table"])
    tables.append(game.view(0)["table"])
    return game, tables


def float_separated(a, b):
    """An independent separating-axis test in floating point (touching counts as apart)."""
    for poly in (a, b):
        for i in range(4):
            ex, ey = poly[(i + 1) % 4][0] - poly[i][0], poly[(i + 1) % 4][1] - poly[i][1]
            ax, ay = -ey, ex
            pa = [p[0] * ax + p[1] * ay for p in a]
            pb = [p[0] * ax + p[1] * ay for p in b]
            if max(pa) <= min(pb) or max(pb) <= min(pa):
                return True
    return False


def centre(t):
    return t["cx"], t["cy"]


def towards(a, b):
    return math.degrees(math.atan2(b[1] - a[1], b[0] - a[0]))


def off(a, b):
    """Direction ``a`` relative to ``b`` in (-180, 180]."""
    return -((b - a + 180) % 360 - 180)


def check_picture(picture, table, spokes):
    """Every rule of the picture; returns how many completed feet it had."""
    tiles = picture["tiles"]
    assert [t["tile"] for t in tiles] == [e["tile"] for e in table]
    for i in range(len(tiles)):
        for j in range(i + 1, len(tiles)):
            assert float_separated(tiles[i]["corners"], tiles[j]["corners"]), (tiles[i]["tile"], tiles[j]["tile"])
    by = {t["tile"]: t for t in tiles}
    entries = {e["tile"]: e for e in table}
    kids = {}
    for t in tiles:
        if t["parent"] is not None:
            kids.setdefault(t["parent"], []).append(t)
        e = entries[t["tile"]]
        if e["double"] and e["parent"] is not None:
            assert abs(off(t["angle"], t["heading"])) == 90          # crosswise on its line
        elif e["parent"] is not None:
            assert t["angle"] == t["heading"] and t["first"] == e["matched"]   # the matched end faces the parent
        x, y, w, h = picture["box"]
        for cx, cy in t["corners"]:
            assert x <= cx <= x + w and y <= cy <= y + h
    hub = tiles[0]
    directions = [towards(centre(hub), centre(t)) for t in kids.get(hub["tile"], [])]
    assert len(directions) <= spokes
    for i in range(len(directions)):
        for j in range(i + 1, len(directions)):
            assert abs(off(directions[i], directions[j])) >= 20
    feet = 0
    for name, toes in kids.items():
        foot = by[name]
        if not entries[name]["double"] or foot["parent"] is None:
            continue
        incoming = towards(centre(by[foot["parent"]]), centre(foot))
        offs = sorted(off(towards(centre(foot), centre(t)), incoming) for t in toes)
        assert all(abs(o) <= 90 for o in offs), offs
        assert all(b - a >= 20 for a, b in zip(offs, offs[1:])), offs
        if len(toes) == 3:
            feet += 1
            assert offs[2] - offs[0] >= 50, offs
    return feet


@pytest.mark.parametrize("shape", ["wide", "narrow"])
def test_random_rounds_follow_every_rule(shape):
    feet = 0
    checked = 0
    for seed in range(45):
        players = (2, 4, 8)[seed % 3]
        spokes = players + seed % (9 - players)
        _game, tables = random_round(seed, players, {"spokes": spokes})
        for table in tables:
            feet += check_picture(layout.layout(table, shape, spokes), table, spokes)
            checked += 1
    assert checked > 200 and feet > 100


def test_a_placement_never_depends_on_later_tiles():
    _game, tables = random_round(5, 4)
    table = tables[-1]
    whole = layout.layout(table, "wide", 4)["tiles"]
    for n in (1, 5, 9, 17, len(table) - 1):
        layout._CACHE.clear()
        assert layout.layout(table[:n], "wide", 4)["tiles"] == whole[:n]
    # Extending, cutting short and starting afresh all give the same picture.
    layout._CACHE.clear()
    fresh = layout.layout(table, "wide", 4)
    for n in range(1, len(table) + 1, 7):
        layout.layout(table[:n], "wide", 4)
    assert layout.layout(table, "wide", 4) == fresh
    assert layout.layout(table, "narrow", 4) != fresh


def test_lines_stay_in_their_region_and_bend_to_do_so():
    outside = total = turned = 0
    for seed in range(30):
        _game, tables = random_round(100 + seed, 2)
        for shape in ("wide", "narrow"):
            rx, ry = layout.REGIONS[shape]
            picture = layout.layout(tables[-1], shape, 2)
            for t in picture["tiles"]:
                total += 1
                outside += any(abs(x) > rx or abs(y) > ry for x, y in t["corners"])
                turned += t["heading"] % 90 != 0
    assert outside <= total // 50
    assert turned > total // 10


def test_a_wide_picture_keeps_to_the_shape_of_its_region():
    """A desktop draws the table whole, scaled to its box: a line bends rather than make the
    picture taller (or wider) than the region's shape, where that would shrink every tile.

    Measured over random rounds of 2 to 8 players, every table of 15 tiles or more: how
    much larger than the region's shape the picture's box is (its frame's scale, 1000 = the
    region).  Lines that run straight until they meet the region's edge (before FILL_SHAPES)
    gave a median of 1.39 and a tenth above 1.76; they give 0.98 and 1.40 now.
    """
    rx, ry = layout.REGIONS["wide"]
    scales = []
    differ = 0
    for seed in range(40):
        players = (2, 4, 6, 8)[seed % 4]
        game, tables = random_round(300 + seed, players)
        spokes = game.view(0).get("spokes_needed") or None
        for table in tables:
            if len(table) >= 15:
                _x, _y, w, h = layout.layout(table, "wide", spokes)["box"]
                scales.append(max(w * 1000 // rx, h * 1000 // ry))
        # A rules diagram's frame keeps to a region of its own box's shape (DIAGRAM_BOXES_PX),
        # its lines bending only at that region's edge.
        frame = layout.layout(tables[-1], "frame", spokes)
        assert frame == layout.layout(tables[-1], list(layout.REGIONS["frame"]), spokes)
        differ = differ + 1 if frame != layout.layout(tables[-1], "wide", spokes) else differ
    assert differ >= 30, differ
    scales.sort()
    assert len(scales) > 150
    assert scales[len(scales) // 2] <= 1200, scales[len(scales) // 2]
    assert scales[len(scales) * 9 // 10] <= 1650, scales[len(scales) * 9 // 10]


def test_spokes_spread_evenly_from_the_first_play():
    for shape in ("wide", "narrow"):
        for n in range(2, 9):
            lay = layout._Table(layout.region_of(shape), n)
            dirs = [lay.spoke_direction(k) for k in range(n)]
            gaps = [layout.angle_between(a, b) for i, a in enumerate(dirs) for b in dirs[i + 1:]]
            assert min(gaps) >= 20, (shape, n, dirs)


def test_integer_trigonometry_matches_the_maths():
    for d in range(360):
        assert abs(layout.SIN[d] - math.sin(math.radians(d)) * layout.TRIG) <= 1
        assert abs(layout.COS[d] - math.cos(math.radians(d)) * layout.TRIG) <= 1
    for dx, dy in ((1, 0), (0, 1), (-3, 4), (100, -1), (-7, -7)):
        exact = math.degrees(math.atan2(dy, dx)) % 360
        assert layout.angle_between(layout.direction(dx, dy), round(exact) % 360) == 0


def test_overlap_detects_rotated_overlap():
    a = layout.corners(0, 0, 0, 51, 26)
    assert layout.overlap(a, layout.corners(60, 40, 45, 51, 26))
    assert not layout.overlap(a, layout.corners(0, 53, 0, 51, 26))
    assert not layout.overlap(a, layout.corners(102, 0, 0, 51, 26))      # touching ends
    assert layout.overlaps([{"tile": "9-9", "corners": a}, {"tile": "9-5", "corners": a}]) == [("9-9", "9-5")]


def test_bad_tables_raise_and_change_nothing():
    _game, tables = random_round(3, 4)
    table = tables[-1]
    before = layout.layout(table[:10], "wide", 4)
    twice = table[:5] + [table[2]]
    lost = table[:5] + [dict(table[6], parent="1-0" if table[6]["parent"] != "1-0" else "2-0")]
    with pytest.raises(ValueError, match="twice"):
        layout.layout(twice, "wide", 4)
    with pytest.raises(ValueError, match="not on the table"):
        layout.layout(lost, "wide", 4)
    with pytest.raises(ValueError, match="two centres"):
        layout.layout(table[:3] + [dict(table[0], tile="8-8")], "wide", 4)
    with pytest.raises(ValueError, match="shape"):
        layout.layout(table, "round", 4)
    with pytest.raises(ValueError, match="region"):
        layout.layout(table, [10, 10], 4)
    with pytest.raises(ValueError, match="spokes"):
        layout.layout(table, "wide", 9)
    assert layout.layout(table[:10], "wide", 4) == before


def test_empty_table():
    assert layout.layout([])["tiles"] == []
    assert layout.layout([], "narrow", 3)["connectors"] == []


def test_the_narrow_region_leaves_the_phone_tools_corner_free():
    from engine import render

    # The notch is the corner the zoom tools cover over a phone's table framed whole.
    nx, ny = layout.NOTCHES["narrow"]
    rx, ry = layout.REGIONS["narrow"]
    margin = render.TABLE_MARGINS["narrow"]
    w, h = layout.PHONE_VIEW_PX
    per_px = (2 * rx + 2 * margin) / w      # units per px: the width binds
    assert (2 * ry + 2 * margin) / per_px <= h
    top = (h - (2 * ry + 2 * margin) / per_px) / 2
    tools = layout.PHONE_TOOLS_PX
    assert nx <= -rx - margin + tools[0] * per_px < nx + 1
    assert ny - 1 < -ry - margin + (tools[3] - top) * per_px <= ny
    inside = total = 0
    for seed in range(20):
        players = (2, 4, 8)[seed % 3]
        _game, tables = random_round(300 + seed, players)
        for t in layout.layout(tables[-1], "narrow", players)["tiles"]:
            total += 1
            inside += max(x for x, _y in t["corners"]) > nx and min(y for _x, y in t["corners"]) < ny
    assert inside <= total // 100, (inside, total)
    # A region given as a pair has no notch.
    assert layout.layout(tables[-1], [rx, ry], players) != layout.layout(tables[-1], "narrow", players)


def bench_round(seed, players, spokes):
    """The last table of a round of bench/layout.py's random play (its seeds name the crowded cases)."""
    from engine.chickenfoot import ChickenFoot

    rng = Rng(seed)
    game = ChickenFoot(players, {"spokes": spokes})
    game.start_round(game.new_deal(rng))
    while game.current_seat() is not None:
        legal = game.view(game.current_seat())["legal"]
        game.apply(legal[rng.below(len(legal))])
    return game.view(0)["table"]


@pytest.mark.parametrize("seed, players, spokes", [(71372, 2, 8), (28777, 2, 5)])
def test_a_crowded_phone_table_looks_for_room_all_over_its_region(seed, players, spokes):
    # Two late 2-player tables whose lines met the region's corner: a foot
    # laid out of the region took its toes further out, and the phone's
    # picture (never smaller than the region) grew, every tile drawn under
    # 18 px.  Now a tile that fits nowhere near its line jumps anywhere free
    # in the region (a connector shows it), and a toe keeps its foot's splay.
    table = bench_round(seed, players, spokes)
    rx, ry = layout.REGIONS["narrow"]
    layout._CACHE.clear()
    picture = layout.layout(table, "narrow", spokes)
    out = [t["tile"] for t in picture["tiles"] if any(abs(x) > rx or abs(y) > ry for x, y in t["corners"])]
    assert out == []
    assert picture["connectors"]        # the jumps are drawn
    check_picture(picture, table, spokes)
    # The desktop's picture is the tiles' bounding box: there no tile is sent to a far corner.
    assert "wide" not in layout.FILLED


def test_a_play_tries_a_bounded_number_of_stand_in_feet():
    # A double played into a crowded table tries its toes at each spot it
    # considers; past TOE_TRIES in one placement it settles for a spot where
    # the toes' tips stay in the region, so the page's layout after a play
    # (MicroPython) stays bounded.
    table = bench_round(20858, 2, 5)
    tried = []
    original = layout._Table.toes_fit

    def counting(self, *args):
        ok = original(self, *args)
        tried.append(self.tries)
        return ok

    layout._CACHE.clear()
    layout._Table.toes_fit = counting
    try:
        for n in range(1, len(table) + 1):
            before = len(tried)
            layout.layout(table[:n], "narrow", 5)
            # Each call past the budget says no at once: the budget never goes below zero.
            assert all(t >= 0 for t in tried[before:])
    finally:
        layout._Table.toes_fit = original
    assert min(tried) == 0      # this round reaches the budget


def test_the_fill_benchmark_compares_variants_and_restores_the_layout():
    """bench/layout.py --fill prints one line per variant of the fill settings, measured on the
    same rounds, and leaves engine.layout as it found it."""
    import json
    import subprocess
    import sys
    from pathlib import Path

    bench = Path(__file__).resolve().parent.parent / "bench" / "layout.py"
    done = subprocess.run([sys.executable, str(bench), "--fill", "2", "--variants", ";FILL_SHAPES.wide=none"],
                          capture_output=True, text=True, timeout=300, check=True)
    rows = [json.loads(line) for line in done.stdout.splitlines()]
    assert [r["variant"] for r in rows] == ["default", "FILL_SHAPES.wide=none"]
    assert rows[0]["tables"] == rows[1]["tables"] > 100
    # Lines that bend to keep the picture's shape draw the median tile larger at 1366x768.
    assert rows[0]["1028x345"]["median_px"] > rows[1]["1028x345"]["median_px"] + 1


def test_a_rack_keeps_room_for_the_draw_a_turn_may_begin_with():
    """engine.layout.rack_room: the hand, and one tile more while the seat may draw; the draw
    fills that place, so the room stays what it was until the turn ends (over seeded rounds)."""
    draws = 0
    for seed in range(20):
        g = ChickenFoot(4)
        rng = Rng(seed)
        g.start_round(g.new_deal(rng))
        while g.current_seat() is not None:
            seat = g.current_seat()
            view = g.view(seat)
            room = layout.rack_room(view)
            assert room == len(view["hand"]) + (view["legal"] == ["draw"])
            # As people sharing the screen see it: the same whatever the hand can do, at least
            # the room the turn takes, one place more than the hand at a turn's start.
            unseen = layout.rack_room(view, unseen=True)
            assert unseen == layout.rack_room(dict(view, legal=[]), unseen=True) >= room
            if not view["drawn_this_turn"]:
                assert unseen == len(view["hand"]) + 1
            action = view["legal"][rng.below(len(view["legal"]))]
            g.apply(action)
            if action == "draw" and g.current_seat() == seat:
                draws += 1
                assert layout.rack_room(g.view(seat)) == room      # the drawn tile took the place
                assert layout.rack_room(g.view(seat), unseen=True) == room
    assert draws > 20
