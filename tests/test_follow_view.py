"""web/follow.js, the followed view's arithmetic (web/panzoom.js applies it; bench/layout.py runs it).

Run in Node.js through bench/follow.mjs, the way the benchmark runs it, on
a 390x844 phone's table view port (engine.layout.PHONE_VIEW_PX) with the
zoom tools over its top right corner (PHONE_TOOLS_PX).
"""

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from engine import layout

ROOT = Path(__file__).resolve().parent.parent
W, H = layout.PHONE_VIEW_PX
TOOLS = list(layout.PHONE_TOOLS_PX)
PER_UNIT = 0.365        # px per viewBox unit: a tile's short side (50 units) is 18.25 px at scale 1
PAD = 6                 # web/follow.js FOCUS_PAD_PX

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js")


def follow(*cases):
    text = "".join(json.dumps(c) + "\n" for c in cases)
    done = subprocess.run(["node", "--disable-warning=MODULE_TYPELESS_PACKAGE_JSON", str(ROOT / "bench" / "follow.mjs")],
                          input=text, capture_output=True, text=True, check=True, timeout=60)
    return [json.loads(line) for line in done.stdout.splitlines()]


def case(focus, w=W, h=H, tools=TOOLS, everything=None):
    return {"w": w, "h": h, "tools": tools, "focus": focus, "all": everything or [[0, 0, w, h]], "perUnit": PER_UNIT}


def shown(view, box):
    k = view["scale"]
    return [view["x"] + k * box[0], view["y"] + k * box[1], view["x"] + k * box[2], view["y"] + k * box[3]]


def under_tools(b):
    return b[0] < TOOLS[2] and b[2] > TOOLS[0] and b[1] < TOOLS[3] and b[3] > TOOLS[1]


def test_a_small_focus_is_zoomed_to_a_legible_size_and_kept_in_sight():
    focus = [[150, 150, 170, 160], [180, 170, 200, 180]]
    [view] = follow(case(focus))
    # Zoomed until a tile's short side is 22 px (FOLLOW_SHORT_PX), no further.
    assert view["scale"] == pytest.approx(22 / (50 * PER_UNIT))
    for box in focus:
        b = shown(view, box)
        assert PAD - 1e-9 <= b[0] and b[2] <= W - PAD + 1e-9 and PAD - 1e-9 <= b[1] and b[3] <= H - PAD + 1e-9


def test_a_place_under_the_zoom_tools_moves_below_them():
    focus = [[330, 10, 350, 20], [250, 30, 270, 40]]
    [view] = follow(case(focus))
    for box in focus:
        b = shown(view, box)
        assert not under_tools(b), (b, TOOLS)
        assert b[1] >= TOOLS[3] + PAD - 1e-9 and b[3] <= H - PAD + 1e-9
    # Still legible there (FLOOR_SHORT_PX).
    assert 50 * PER_UNIT * view["scale"] >= 18


def test_a_focus_as_large_as_the_table_is_shown_whole():
    focus = [[2, 2, 30, 20], [340, 300, 366, 327]]
    [view] = follow(case(focus))
    assert view == {"scale": 1, "x": 0, "y": 0}


def test_a_table_that_fits_at_the_legible_size_is_shown_whole_and_a_wider_one_centred():
    """A phone's followed view draws tiles at 22 px (FOLLOW_SHORT_PX): a table that fits so is
    in sight whole, one wider is cut as little on one side as on the other. At 26 px the view
    cut 30 % of the table's tiles at a turn with an open foot, 7 % at other turns (16 % and 5 %
    now, bench/layout.py), and a table a little wider than the view lost the tiles at its ends."""
    focus = [[150, 140, 170, 160]]
    tiles = [[20, 100, 300, 200]]         # 280 px wide: 338 px at 22 px tiles
    wider = [[0, 100, 360, 200]]          # 360 px: 434 px
    near, far = follow(case(focus, everything=tiles), case(focus, everything=wider))
    for view in (near, far):
        assert view["scale"] == pytest.approx(22 / (50 * PER_UNIT))
    for box in tiles + focus:
        b = shown(near, box)
        assert PAD - 1e-9 <= b[0] and b[2] <= W - PAD + 1e-9 and PAD - 1e-9 <= b[1] and b[3] <= H - PAD + 1e-9, b
    b = shown(far, wider[0])
    assert b[0] < 0 and b[2] > W and abs(-b[0] - (b[2] - W)) < 1, b


def test_a_rounds_last_position_is_shown_whole_where_its_tiles_are_legible_so():
    """The round is over (the table's data-over): nothing is left to place, and the table as it
    ended is shown whole where its tiles draw 15 px or more so (WIDE_SHORT_PX: a phone's picture
    fitted draws them about 18 px); a phone on its side, which fits a grown table at 10 px,
    still frames the last tile."""
    focus = [[150, 140, 170, 160]]
    legible, small = follow(dict(case(focus), over=True), dict(case(focus), over=True, perUnit=0.2))
    assert legible is None
    assert small is not None and small["scale"] > 1


def test_a_wide_view_fits_unless_that_would_be_illegible():
    legible, small = follow(case([[10, 10, 40, 30]], w=984, h=445, tools=None),
                            dict(case([[10, 10, 40, 30]], w=984, h=445, tools=None), perUnit=0.2))
    assert legible is None          # fit the whole table
    assert small["scale"] == pytest.approx(15 / (50 * 0.2))     # WIDE_SHORT_PX


def test_places_too_tall_for_the_band_below_the_tools_are_shown_by_zooming_out():
    # One place under the tools, one near the bottom: no band below the
    # tools holds both at 18 px, so the view zooms out until neither is under them.
    focus = [[TOOLS[0] - 30, 50, TOOLS[0] - 5, 62], [20, 300, 60, 320]]
    [view] = follow(case(focus))
    assert view["scale"] >= 1
    for box in focus:
        b = shown(view, box)
        assert not under_tools(b), (b, TOOLS, view)
        assert -0.5 <= b[0] and b[2] <= W + 0.5 and -0.5 <= b[1] and b[3] <= H + 0.5


def in_sight(view, box):
    b = shown(view, box)
    return -0.5 <= b[0] and b[2] <= W + 0.5 and -0.5 <= b[1] and b[3] <= H + 0.5 and not under_tools(b)


def test_a_places_badge_is_framed_with_it_where_that_costs_no_legibility():
    """The places' number badges hang off their tiles (engine.render): framed too (``extra``)
    while the tiles stay at least 18 px; otherwise the places alone keep their zoom."""
    focus = [[150, 150, 170, 160]]
    badge = [350, 150, 362, 162]
    alone, framed = follow(case(focus), dict(case(focus), extra=[badge]))
    assert not in_sight(alone, badge)           # (the focus alone leaves it out)
    assert in_sight(framed, badge) and in_sight(framed, focus[0])
    assert 50 * PER_UNIT * framed["scale"] >= 18
    # Badges only a whole-table view would hold, where a tile is 15 px: the places alone, at 22 px.
    far = [[0, 0, 8, 8], [W - 8, H - 8, W, H]]
    small = dict(case(focus), perUnit=0.3)
    alone, framed = follow(small, dict(small, extra=far))
    assert framed == alone and 50 * 0.3 * framed["scale"] == pytest.approx(22)


def test_badges_that_would_cost_the_places_their_size_are_shown_where_the_view_has_room():
    """A phone on its side (its table's view port 467x252, a tile 10 px at scale 1): two places
    at the table's right edge, one above the other, fill the view's height at 18.5 px. The top
    one's badge, above it, would take them under 18 px: the places keep their zoom. The view
    was then centred on the whole table, which put the places at the view's right edge and cut
    the other badge, to their right, by 14 px, with room to spare on the left (at 844x390, one
    selection in ten had a badge cut, often whole). It now leans to the places and badges."""
    w, h = 467, 252
    focus = [[440, 40, 450, 50], [440, 160, 450, 170]]
    above, right = [440, 29, 451, 40], [450, 162, 461, 173]
    base = dict(case(focus, w=w, h=h, tools=None), perUnit=0.2)
    alone, framed = follow(base, dict(base, extra=[above, right]))
    assert framed["scale"] == pytest.approx(alone["scale"]) and 10 * framed["scale"] >= 18
    b = shown(framed, right)
    assert -0.5 <= b[0] and b[2] <= w + 0.5 and -0.5 <= b[1] and b[3] <= h + 0.5, (b, framed)
    for box in focus:
        b = shown(framed, box)
        assert PAD - 1e-9 <= b[0] and b[2] <= w - PAD + 1e-9 and PAD - 1e-9 <= b[1] and b[3] <= h - PAD + 1e-9


def test_the_layout_bench_frames_each_turns_joinable_tiles_in_sight():
    """bench/layout.py runs the followed view, as the page frames it before a tile is chosen
    (web/panzoom.js: every table tile the hand could join), at every turn of its rounds: on
    a phone every one of them is in sight and clear of the zoom tools."""
    import sys

    done = subprocess.run([sys.executable, str(ROOT / "bench" / "layout.py"), "--rounds-per-case", "1",
                           "--shapes", "narrow"], capture_output=True, text=True, check=True, timeout=120)
    overall = json.loads(done.stdout.splitlines()[-1])
    assert overall["players"] == "all"
    for view in ("phone_368x329", "phone_rack"):
        phone = overall[view]
        assert phone["turns"] > 100, phone
        assert phone["turn_not_in_sight"] == 0 and phone["turn_min_px"] >= 14, phone
    # A selected tile's places' badges are framed with them (web/panzoom.js), bar a few.
    rack = overall["phone_rack"]
    assert rack["selections"] > 500 and rack["not_in_sight"] == 0, rack
    assert rack["badge_cut"] <= rack["selections"] // 100, rack
