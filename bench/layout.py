"""Chicken Foot table layout (engine.layout) over random complete rounds, one JSON line per group.

Lays out at least 500 seeded rounds of uniformly random legal play (2, 4
and 8 players, every legal ``spokes`` value for each), in both shapes, and
prints per player count and shape, then overall::

    {"metric": "cf_layout", "players": P, "shape": S, "rounds": N, "min_short_px": ..., "overlaps": 0, ...}

- ``min_short_px``: the smallest tile short side (px) when the finished
  table's picture (``render.table_svg``, margins and label included) is
  fitted to the box (``box``: 1000x520 for the wide shape, as the issue
  asks, plus the 984x445 box the page has at 1366x768; 368x329, a
  390x844 phone's while a tile's places are offered, for the narrow one);
- ``overlaps``: pairs of tiles whose rectangles overlap (must be 0);
- ``toe_min_apart``, ``toe_min_span``, ``toe_max_off``: the worst foot
  (degrees: the closest two toes, the narrowest spread, the toe furthest
  off the line reaching its foot), ``spoke_min_apart`` the closest spokes;
- ``outside``: tiles reaching out of the region, ``jumps``: tiles placed
  away from their line (drawn with a connector), per round;
- ``place_ms_max``: the slowest call adding one play to a layout (CPython, CPU time);
- the phone (narrow shape): at every turn, for every tile with several
  places (``phone_selections``: a tile with one plays at once), the page's
  followed view itself (``web/follow.js``, run in Node.js by
  ``bench/follow.mjs``) on a model of a 390x844 phone's page: the picture
  the page draws (``render.table_svg``, the page's ``min_size``) fitted into
  the table's view port with the zoom tools over it
  (``layout.PHONE_TOOLS_PX``), tiles' boxes as the browser gives them; the
  view port two ways: ``phone_368x329`` (the one the narrow region is
  shaped for) and ``phone_rack`` (the one the page leaves the table beside
  the rack and the place buttons, at the least: ``layout.phone_view_px``).
  Each gives ``min_px``, the smallest short side it draws those places at;
  ``below_18px``, how many selections it draws under 18 px;
  ``not_in_sight``, how many with a place cut by the view's edge or under
  the tools; ``rounds_missed``, rounds with either; ``badge_cut``, how many
  with a place's number badge (which hangs off its tile) cut or under the
  tools (the page frames them too where the places stay 18 px or more,
  ``web/follow.js``'s ``extra``); ``tiles_cut``, how many with any table
  tile cut by the view or under the tools, and ``tiles_cut_whole_22px``, of
  those, how many could have shown every tile and place with tiles of 22 px
  or more (the size the page's followed view draws tiles at,
  ``FOLLOW_SHORT_PX``); and the same for every
  turn with an open foot (``foot_*``: the foot and its "cover" label
  framed) and every other turn a tile can be played, before one is chosen
  (``turn_*``: every table tile the hand could join framed, as the page
  does), each with ``*_tiles_cut``, how many turns' views cut a table tile, and
  ``*_tiles_out_pct``, the share of the table's tiles they cut (a table wider
  than the view at the legible zoom).  ``--misses`` lists the cases missed.

    python3 bench/layout.py [--rounds-per-case N] [--shapes wide,narrow] [--misses]
    python3 bench/layout.py --speed
    python3 bench/layout.py --fill 25 [--variants ";FILL_SHAPES.wide=none"]

``--fill`` instead measures the wide table on desktop pages over a round: 25
seeded rounds of medium play per player count (2, 4, 6 and 8), every table of
15 tiles or more, fitted to the table's box at 1366x768, 1440x900, 1920x1080
and 1024x768 (``FILL_BOXES``): the median and the tenth smallest tile short
side (px), and ``jumps_per_round`` over those and as many random rounds; one
JSON line per variant of ``engine.layout``'s fill settings.

``--speed`` instead runs bench/workloads/layout_rate.py under MicroPython
(the page lays the table out on it after every play) and CPython: per shape
the median, 90th percentile and slowest layout of one play (ms; MicroPython
wall time, CPython CPU time), one JSON object per interpreter and shape.
"""

import argparse
import json
import math
import os
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from engine import layout, render  # noqa: E402
from engine.chickenfoot import ChickenFoot  # noqa: E402
from engine.rng import Rng  # noqa: E402

BOXES = {"wide": [(1000, 520), (984, 445)], "narrow": [layout.PHONE_VIEW_PX]}
DRAWN_SHORT = 50        # a tile's drawn short side, viewBox units
FOLLOW_MJS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "follow.mjs")
# In a folder of its own: the runner puts a script's siblings on sys.path, and bench/engine.py would shadow
# the engine package.
RATE_WORKLOAD = os.path.join(os.path.dirname(os.path.abspath(__file__)), "workloads", "layout_rate.py")
# The page's smallest narrow picture (web/app/present/cf.py's TABLE_SHAPES):
# the narrow region with the phone's margins.
PHONE_MIN_SIZE = [2 * layout.REGIONS["narrow"][0] + 2 * render.TABLE_MARGINS["narrow"],
                  2 * layout.REGIONS["narrow"][1] + 2 * render.TABLE_MARGINS["narrow"]]
BADGE = re.compile(r'<circle class="badge" cx="(-?\d+)" cy="(-?\d+)" r="(\d+)"/>')
PHONE_SHORT_PX = 18     # the aim for a selected tile's places on a phone
# The page's own figures (web/follow.js), read from it rather than copied: FOLLOW_SHORT_PX, the
# size a followed view draws tiles at (a table that fits so is shown whole); FOCUS_PAD_PX, the
# view's margin.
with open(os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "web", "follow.js")) as _f:
    _FOLLOW_JS = _f.read()
FOLLOW_SHORT_PX, FOCUS_PAD_PX = [float(re.search(r"export const %s = ([\d.]+);" % name, _FOLLOW_JS).group(1))
                                 for name in ("FOLLOW_SHORT_PX", "FOCUS_PAD_PX")]
CASES = [(2, s) for s in range(2, 9)] + [(4, s) for s in range(4, 9)] + [(8, 8)]


def towards(a, b):
    return math.degrees(math.atan2(b[1] - a[1], b[0] - a[0]))


def off(a, b):
    return -((b - a + 180) % 360 - 180)


def angles(picture):
    """(closest toes, narrowest full foot, furthest toe off its line, closest spokes) in degrees."""
    by = {t["tile"]: t for t in picture["tiles"]}
    kids = {}
    for t in picture["tiles"]:
        if t["parent"] is not None:
            kids.setdefault(t["parent"], []).append(t)
    apart, span, worst_off, spokes = 360.0, 360.0, 0.0, 360.0
    hub = picture["tiles"][0]
    dirs = [towards((hub["cx"], hub["cy"]), (t["cx"], t["cy"])) for t in kids.get(hub["tile"], [])]
    for i in range(len(dirs)):
        for j in range(i + 1, len(dirs)):
            spokes = min(spokes, abs(off(dirs[i], dirs[j])))
    for name, toes in kids.items():
        foot = by[name]
        if not foot["double"] or foot["parent"] is None:
            continue
        parent = by[foot["parent"]]
        incoming = towards((parent["cx"], parent["cy"]), (foot["cx"], foot["cy"]))
        offs = sorted(off(towards((foot["cx"], foot["cy"]), (t["cx"], t["cy"])), incoming) for t in toes)
        worst_off = max([worst_off] + [abs(o) for o in offs])
        for a, b in zip(offs, offs[1:]):
            apart = min(apart, b - a)
        if len(offs) == 3:
            span = min(span, offs[2] - offs[0])
    return apart, span, worst_off, spokes


def fitted_px(view, shape, box):
    svg = render.table_svg(view, shape=shape)
    vb = [int(v) for v in re.search(r'viewBox="(-?\d+) (-?\d+) (\d+) (\d+)"', svg).groups()]
    return DRAWN_SHORT * min(box[0] / vb[2], box[1] / vb[3]), vb


def fixed_view(_hand, _places, _note):
    return layout.PHONE_VIEW_PX


# The phone's table view port two ways: the one the narrow region is shaped
# for, and the one the page leaves it beside the rack (at the least).
SIZINGS = {"368x329": fixed_view, "rack": layout.phone_view_px}


def phone_cases(view, picture, sizing, room):
    """The page's followed view's inputs (web/follow.js) for every selectable tile of ``view`` on a phone.

    The table as the page draws it (``render.table_svg`` with the page's
    ``min_size``), fitted into the view port ``layout.phone_view_px`` gives
    (the rack takes its height) as the SVG's viewBox "meets" it; the zoom
    tools at ``layout.PHONE_TOOLS_PX``.  A
    tile with one place plays at once: only tiles with several are selected.
    ``room``: the tiles the seat's rack keeps room for (``layout.rack_room``).
    Returns the cases, one per selectable tile.
    """
    places = {}
    for action in view["legal"]:
        if ">" in action:
            tile, target = action.split(">")
            places.setdefault(tile, []).append(target)
    foot = view["open_foot"]["tile"] if view["open_foot"] else None
    note = bool(foot) or view["spokes"] < view["spokes_needed"]
    return [framed(view, picture, sizing(room, len(targets), note), targets, targets + ([foot] if foot else []))
            for targets in places.values() if len(targets) >= 2]


def turn_case(view, picture, sizing, room):
    """The followed view's inputs on a phone at a turn before a tile is chosen (web/panzoom.js):
    every table tile a hand tile could join (None at a turn with an open foot, framed by
    foot_case, or with no tile to play)."""
    joinable = sorted(set(a.split(">")[1] for a in view["legal"] if ">" in a))
    if not joinable or view["open_foot"]:
        return None
    return framed(view, picture, sizing(room, 0, view["spokes"] < view["spokes_needed"]), [], joinable)


def framed(view, picture, size, targets, names):
    """A followed view's inputs: the table drawn with ``targets`` marked, fitted into the view
    port ``size`` as the SVG's viewBox "meets" it, and the boxes of the tiles ``names`` to frame."""
    w, h = size
    svg = render.table_svg(view, targets, shape="narrow", min_size=PHONE_MIN_SIZE)
    vb = [int(v) for v in re.search(r'viewBox="(-?\d+) (-?\d+) (\d+) (\d+)"', svg).groups()]
    per_unit = min(w / vb[2], h / vb[3])
    ox, oy = (w - vb[2] * per_unit) / 2, (h - vb[3] * per_unit) / 2

    def box(tile):
        xs = [c[0] for c in tile["corners"]]
        ys = [c[1] for c in tile["corners"]]
        return [ox + (min(xs) - vb[0]) * per_unit, oy + (min(ys) - vb[1]) * per_unit,
                ox + (max(xs) - vb[0]) * per_unit, oy + (max(ys) - vb[1]) * per_unit]

    by = {t["tile"]: t for t in picture["tiles"]}
    # The places' number badges with them (web/panzoom.js), each as the box round its circle.
    badges = [box({"corners": [(x - r, y - r), (x + r, y + r)]})
              for x, y, r in [map(int, m) for m in BADGE.findall(svg)]]
    return {"w": w, "h": h, "tools": list(layout.PHONE_TOOLS_PX), "focus": [box(by[name]) for name in names], "extra": badges,
            "all": [box(t) for t in picture["tiles"]], "perUnit": per_unit}


def followed(cases):
    """web/follow.js's followed view of each case, run in Node.js (bench/follow.mjs)."""
    if not cases:
        return []
    text = "".join(json.dumps(c) + "\n" for c in cases)
    done = subprocess.run(["node", "--disable-warning=MODULE_TYPELESS_PACKAGE_JSON", FOLLOW_MJS], input=text,
                          capture_output=True, text=True, check=True)
    return [json.loads(line) for line in done.stdout.splitlines()]


def judge(case, view, key="focus"):
    """What a followed view shows of a case's ``key`` boxes (its focus, or its ``"extra"``: the
    places' badges): (short side px, whether every box is in sight and clear of the tools)."""
    w, h, tools = case["w"], case["h"], case["tools"]
    if view is None:
        view = {"scale": 1, "x": 0, "y": 0}
    k, x, y = view["scale"], view["x"], view["y"]
    seen = True
    for b in case.get(key) or []:
        x0, y0, x1, y1 = x + k * b[0], y + k * b[1], x + k * b[2], y + k * b[3]
        if x0 < -0.5 or y0 < -0.5 or x1 > w + 0.5 or y1 > h + 0.5:
            seen = False
        if x0 < tools[2] - 0.5 and x1 > tools[0] + 0.5 and y0 < tools[3] - 0.5 and y1 > tools[1] + 0.5:
            seen = False
    return DRAWN_SHORT * case["perUnit"] * k, seen


def tiles_out(case, view):
    """How many of a case's table tiles its followed view cuts by its edge or hides under the tools."""
    return sum(not judge(dict(case, all=[b]), view, "all")[1] for b in case["all"])


def whole_px(case):
    """A tile's short side (px) where the view would show every tile and the focus at once."""
    boxes = case["all"] + case["focus"]
    x0, y0 = min(b[0] for b in boxes), min(b[1] for b in boxes)
    x1, y1 = max(b[2] for b in boxes), max(b[3] for b in boxes)
    k = min((case["w"] - 2 * FOCUS_PAD_PX) / max(1, x1 - x0), (case["h"] - 2 * FOCUS_PAD_PX) / max(1, y1 - y0))
    return DRAWN_SHORT * case["perUnit"] * k


def play_round(seed, players, spokes):
    """A complete random round; the views of every turn (the acting seat's) and the last view."""
    rng = Rng(seed)
    g = ChickenFoot(players, {"spokes": spokes})
    g.start_round(g.new_deal(rng))
    views = []
    while g.current_seat() is not None:
        view = g.view(g.current_seat())
        views.append(view)
        g.apply(view["legal"][rng.below(len(view["legal"]))])
    return views, g.view(0)


def new_group():
    return {"rounds": 0, "tiles": 0, "overlaps": 0, "outside": 0, "jumps": 0, "min_short_px": {},
            "toe_min_apart": 360.0, "toe_min_span": 360.0, "toe_max_off": 0.0, "spoke_min_apart": 360.0,
            "place_ms_max": 0.0, "cases": [],
            "phone": dict((name, new_phone()) for name in SIZINGS)}


def new_phone():
    return {"selections": 0, "min_px": None, "below": 0, "hidden": 0, "badge_cut": 0, "rounds_missed": {},
            "tiles_cut": 0, "tiles_cut_whole_legible": 0,
            "foot_turns": 0, "foot_min_px": None, "foot_hidden": 0,
            "turn_turns": 0, "turn_min_px": None, "turn_hidden": 0,
            "foot_tiles_cut": 0, "foot_tiles_out": 0, "foot_tiles": 0,
            "turn_tiles_cut": 0, "turn_tiles_out": 0, "turn_tiles": 0}


def foot_case(view, picture, sizing, room):
    """The followed view's inputs on a phone for a turn with an open foot: the foot and its "cover" label."""
    w, h = sizing(room, 0, True)
    svg = render.table_svg(view, shape="narrow", min_size=PHONE_MIN_SIZE)
    vb = [int(v) for v in re.search(r'viewBox="(-?\d+) (-?\d+) (\d+) (\d+)"', svg).groups()]
    per_unit = min(w / vb[2], h / vb[3])
    ox, oy = (w - vb[2] * per_unit) / 2, (h - vb[3] * per_unit) / 2

    def px(x0, y0, x1, y1):
        return [ox + (x0 - vb[0]) * per_unit, oy + (y0 - vb[1]) * per_unit,
                ox + (x1 - vb[0]) * per_unit, oy + (y1 - vb[1]) * per_unit]

    boxes = []
    for t in picture["tiles"]:
        xs = [c[0] for c in t["corners"]]
        ys = [c[1] for c in t["corners"]]
        boxes.append(px(min(xs), min(ys), max(xs), max(ys)))
    foot = [boxes[i] for i, t in enumerate(picture["tiles"]) if t["tile"] == view["open_foot"]["tile"]]
    # The label's box as render.table_svg sizes it (its baseline's middle, a text of 0.6 em per character).
    m = re.search(r'<text class="label"[^>]*translate\((-?\d+) (-?\d+)\) scale\(([\d.]+)\)[^>]*>([^<]*)<', svg)
    lx, ly, size = int(m.group(1)), int(m.group(2)), 24 * float(m.group(3))
    half = len(m.group(4)) * size * 0.6 / 2
    label = px(lx - half, ly - size, lx + half, ly + size / 3)
    return {"w": w, "h": h, "tools": list(layout.PHONE_TOOLS_PX), "focus": foot + [label], "all": boxes,
            "perUnit": per_unit}


def measure(group, views, last, players, spokes, shape, seed):
    rx, ry = layout.REGIONS[shape]
    layout._CACHE.clear()
    slowest = 0.0
    for turn, view in enumerate(views + [last]):
        t0 = time.process_time()
        picture = layout.layout(view["table"], shape, spokes)
        slowest = max(slowest, (time.process_time() - t0) * 1000.0)
        if shape == "narrow" and view is not last and view["table"]:
            mine = layout.rack_room(view)     # the rack's room, as the page keeps it
            where = (seed, players, spokes, turn, len(view["hand"]), len(picture["tiles"]))
            for name, sizing in sorted(SIZINGS.items()):
                for case in phone_cases(view, picture, sizing, mine):
                    group["cases"].append((name, "selection", where, case))
                if view["open_foot"]:
                    group["cases"].append((name, "foot", where, foot_case(view, picture, sizing, mine)))
                case = turn_case(view, picture, sizing, mine)
                if case:
                    group["cases"].append((name, "turn", where, case))
    picture = layout.layout(last["table"], shape, spokes)
    group["rounds"] += 1
    group["tiles"] += len(picture["tiles"])
    group["overlaps"] += len(layout.overlaps(picture["tiles"]))
    group["outside"] += sum(1 for t in picture["tiles"] if any(abs(x) > rx or abs(y) > ry for x, y in t["corners"]))
    group["jumps"] += len(picture["connectors"])
    for box in BOXES[shape]:
        key = "%dx%d" % box
        px, _vb = fitted_px(last, shape, box)
        group["min_short_px"][key] = min(group["min_short_px"].get(key, 1e9), px)
    apart, span, worst_off, spread = angles(picture)
    group["toe_min_apart"] = min(group["toe_min_apart"], apart)
    group["toe_min_span"] = min(group["toe_min_span"], span)
    group["toe_max_off"] = max(group["toe_max_off"], worst_off)
    group["spoke_min_apart"] = min(group["spoke_min_apart"], spread)
    group["place_ms_max"] = max(group["place_ms_max"], slowest)


def least(old, new):
    return new if old is None else min(old, new)


def follow_phone(group, misses):
    """Run the page's followed view on the group's phone cases and count what it shows."""
    cases = group["cases"]
    group["cases"] = []
    for (name, kind, where, case), view in zip(cases, followed([c[-1] for c in cases])):
        phone = group["phone"][name]
        px, seen = judge(case, view)
        if kind in ("foot", "turn"):
            phone[kind + "_turns"] += 1
            phone[kind + "_min_px"] = least(phone[kind + "_min_px"], px)
            phone[kind + "_hidden"] += not seen
            # The table's tiles this turn's view cuts (by its edge, or under the tools).
            out = tiles_out(case, view)
            phone[kind + "_tiles_cut"] += out > 0
            phone[kind + "_tiles_out"] += out
            phone[kind + "_tiles"] += len(case["all"])
            missed = not seen
        else:
            phone["selections"] += 1
            phone["min_px"] = least(phone["min_px"], px)
            phone["below"] += px < PHONE_SHORT_PX
            phone["hidden"] += not seen
            phone["badge_cut"] += not judge(case, view, "extra")[1]
            # A table tile cut by the view's edge (or under the tools), and the same where the
            # table fitted whole would draw its tiles at FOLLOW_SHORT_PX or more.
            cut = not judge(case, view, "all")[1]
            phone["tiles_cut"] += cut
            phone["tiles_cut_whole_legible"] += cut and whole_px(case) >= FOLLOW_SHORT_PX
            missed = px < PHONE_SHORT_PX or not seen
        if missed:
            phone["rounds_missed"][where[0]] = True
            if misses:
                print(json.dumps({"miss": kind, "view": name, "seed": where[0], "players": where[1], "spokes": where[2],
                                  "turn": where[3], "hand": where[4], "table": where[5], "view_h": case["h"],
                                  "places": len(case["focus"]), "px": round(px, 1), "in_sight": seen}), file=sys.stderr)


def row(group, **labels):
    out = {"metric": "cf_layout"}
    out.update(labels)
    out["rounds"] = group["rounds"]
    out["min_short_px"] = dict((k, round(v, 1)) for k, v in sorted(group["min_short_px"].items()))
    out["overlaps"] = group["overlaps"]
    for key in ("toe_min_apart", "toe_min_span", "toe_max_off", "spoke_min_apart", "place_ms_max"):
        out[key] = round(group[key], 1)
    out["outside_per_round"] = round(group["outside"] / group["rounds"], 2)
    out["jumps_per_round"] = round(group["jumps"] / group["rounds"], 2)
    out["tiles_per_round"] = round(group["tiles"] / group["rounds"], 1)
    for name in sorted(SIZINGS):
        phone = group["phone"][name]
        if not phone["selections"]:
            continue
        out["phone_" + name] = {
            "selections": phone["selections"], "min_px": round(phone["min_px"], 1), "below_18px": phone["below"],
            "not_in_sight": phone["hidden"], "badge_cut": phone["badge_cut"], "rounds_missed": len(phone["rounds_missed"]),
            "tiles_cut": phone["tiles_cut"], "tiles_cut_whole_22px": phone["tiles_cut_whole_legible"],
            "foot_turns": phone["foot_turns"], "foot_min_px": round(phone["foot_min_px"] or 0, 1),
            "foot_not_in_sight": phone["foot_hidden"], "turns": phone["turn_turns"],
            "turn_min_px": round(phone["turn_min_px"] or 0, 1), "turn_not_in_sight": phone["turn_hidden"]}
        for kind in ("foot", "turn"):
            out["phone_" + name].update({
                kind + "_tiles_cut": phone[kind + "_tiles_cut"],
                kind + "_tiles_out_pct": round(100 * phone[kind + "_tiles_out"] / max(1, phone[kind + "_tiles"]), 1)})
    return out


def merge(into, group):
    for key in ("rounds", "tiles", "overlaps", "outside", "jumps"):
        into[key] += group[key]
    for k, v in group["min_short_px"].items():
        into["min_short_px"][k] = min(into["min_short_px"].get(k, 1e9), v)
    for key in ("toe_min_apart", "toe_min_span", "spoke_min_apart"):
        into[key] = min(into[key], group[key])
    for key in ("toe_max_off", "place_ms_max"):
        into[key] = max(into[key], group[key])
    for name in SIZINGS:
        a, b = into["phone"][name], group["phone"][name]
        for key in ("selections", "below", "hidden", "badge_cut", "foot_turns", "foot_hidden", "turn_turns", "turn_hidden",
                    "tiles_cut", "tiles_cut_whole_legible", "foot_tiles_cut", "foot_tiles_out", "foot_tiles",
                    "turn_tiles_cut", "turn_tiles_out", "turn_tiles"):
            a[key] += b[key]
        for key in ("min_px", "foot_min_px", "turn_min_px"):
            if b[key] is not None:
                a[key] = least(a[key], b[key])
        a["rounds_missed"].update(b["rounds_missed"])


# The table's box (px) on desktop pages, as measured on the play screen:
# 1366x768, 1440x900, 1920x1080 and 1024x768 (web/style.css's layout).
FILL_BOXES = [(1028, 345), (1102, 478), (1582, 634), (686, 322)]


def fill_rounds(rounds, policy):
    """Complete rounds of 2, 4, 6 and 8 players (``rounds`` each), every turn's view."""
    from engine.ai import cf_player

    out = []
    for players in (2, 4, 6, 8):
        for i in range(rounds):
            rng = Rng(i * 7 + players + (0 if policy == "medium" else 5000))
            g = ChickenFoot(players, {})
            g.start_round(g.new_deal(rng))
            views = []
            while g.current_seat() is not None:
                view = g.view(g.current_seat())
                views.append(view)
                if policy == "medium":
                    g.apply(cf_player.choose(view, "medium", rng, None))
                else:
                    g.apply(view["legal"][rng.below(len(view["legal"]))])
            views.append(g.view(0))
            out.append(views)
    return out


def fill(rounds, variants):
    """How large the wide table's tiles are drawn on desktop pages over a round, per variant
    of ``engine.layout``'s constants ("" is today's; else ``NAME=value,...``)."""
    data = fill_rounds(rounds, "medium") + fill_rounds(rounds, "random")
    saved = (layout.FILL_TURN, dict(layout.FILL_SHAPES))
    for variant in variants:
        layout.FILL_TURN, layout.FILL_SHAPES = saved[0], dict(saved[1])
        for part in filter(None, variant.split(",")):
            name, value = part.split("=")
            if name.startswith("FILL_SHAPES."):
                # A shape's half-widths, e.g. FILL_SHAPES.wide=1600/670; "none" removes it.
                shape = name.split(".", 1)[1]
                if value == "none":
                    layout.FILL_SHAPES.pop(shape, None)
                else:
                    layout.FILL_SHAPES[shape] = tuple(int(v) for v in value.split("/"))
            else:
                setattr(layout, name, int(value))
        layout._CACHE.clear()
        sizes = dict((box, []) for box in FILL_BOXES)
        jumps = 0
        for views in data[:len(data) // 2]:
            # Every table of 15 tiles or more that the medium rounds show (each once).
            seen = None
            for view in views:
                if len(view["table"]) >= 15 and len(view["table"]) != seen:
                    seen = len(view["table"])
                    for box in FILL_BOXES:
                        sizes[box].append(fitted_px(view, "wide", box)[0])
        for views in data:
            jumps += len(layout.layout(views[-1]["table"], "wide", views[-1].get("spokes_needed") or None)["connectors"])
        out = {"metric": "cf_layout_fill", "variant": variant or "default", "tables": len(sizes[FILL_BOXES[0]]),
               "jumps_per_round": round(jumps / len(data), 2)}
        for box in FILL_BOXES:
            got = sorted(sizes[box])
            out["%dx%d" % box] = {"median_px": round(got[len(got) // 2], 1), "p10_px": round(got[len(got) // 10], 1)}
        print(json.dumps(out))
    layout.FILL_TURN, layout.FILL_SHAPES = saved
    layout._CACHE.clear()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds-per-case", type=int, default=39,
                        help="rounds per (players, spokes) case; 39 gives 507 rounds")
    parser.add_argument("--shapes", default="wide,narrow", help="comma-separated: wide, narrow")
    parser.add_argument("--misses", action="store_true",
                        help="print each phone case the followed view misses (one JSON line each, to stderr)")
    parser.add_argument("--speed", action="store_true",
                        help="time one play's layout under MicroPython and CPython instead")
    parser.add_argument("--fill", type=int, metavar="N",
                        help="instead: the desktop's tile sizes over N medium and N random rounds per player count")
    parser.add_argument("--variants", default="",
                        help="with --fill: ';'-separated engine.layout settings, e.g. "
                             "';FILL_SHAPES.wide=none;FILL_TURN=1,FILL_SHAPES.wide=1600/670' ('' is today's)")
    args = parser.parse_args()
    if args.fill:
        fill(args.fill, args.variants.split(";"))
        return
    if args.speed:
        from tests.interpreters import run_script

        print(json.dumps({"load": [round(v, 1) for v in os.getloadavg()]}))
        for interpreter in ("micropython", "cpython"):
            for line in run_script(interpreter, RATE_WORKLOAD, timeout=900).splitlines():
                found = {"metric": "cf_layout_speed", "interpreter": interpreter}
                found.update(json.loads(line))
                print(json.dumps(found))
        return
    for shape in args.shapes.split(","):
        total = new_group()
        for players in (2, 4, 8):
            group = new_group()
            for case_players, spokes in CASES:
                if case_players != players:
                    continue
                for i in range(args.rounds_per_case):
                    seed = 1000 * spokes + 10 * players + i * 7919
                    views, last = play_round(seed, players, spokes)
                    measure(group, views, last, players, spokes, shape, seed)
                    if len(group["cases"]) > 5000:
                        follow_phone(group, args.misses)
            follow_phone(group, args.misses)
            print(json.dumps(row(group, players=players, shape=shape)))
            merge(total, group)
        print(json.dumps(row(total, players="all", shape=shape)))


if __name__ == "__main__":
    main()
