"""Chicken Foot table layout (engine.layout) over random complete rounds, one JSON line per group.

Lays out at least 500 seeded rounds of uniformly random legal play (2, 4
and 8 players, every legal ``spokes`` value for each), in both shapes, and
prints per player count and shape, then overall::

    {"metric": "cf_layout", "players": P, "shape": S, "rounds": N, "min_short_px": ..., "overlaps": 0, ...}

- ``min_short_px``: the smallest tile short side (px) when the finished
  table's picture (``render.table_svg``, margins and label included) is
  fitted to the box (``box``: 1000x520 for the wide shape, as the issue
  asks, plus the 984x445 box the page has at 1366x768; 350x489, a
  390x844 phone's, for the narrow one);
- ``overlaps``: pairs of tiles whose rectangles overlap (must be 0);
- ``toe_min_apart``, ``toe_min_span``, ``toe_max_off``: the worst foot
  (degrees: the closest two toes, the narrowest spread, the toe furthest
  off the line reaching its foot), ``spoke_min_apart`` the closest spokes;
- ``outside``: tiles reaching out of the region, ``jumps``: tiles placed
  away from their line (drawn with a connector), per round;
- ``place_ms_max``: the slowest call adding one play to a layout (CPython, CPU time), ``phone_focus_min_px``
  (narrow shape): the smallest short side the phone's followed view gives
  the places of a selected tile (one with several) and the open foot,
  over every turn's selectable tiles (``phone_selections``), and how many
  of those fall below 18 px (``phone_below_18px``).

    python3 bench/layout.py [--rounds-per-case N]
"""

import argparse
import json
import math
import os
import re
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from engine import layout, render  # noqa: E402
from engine.chickenfoot import ChickenFoot  # noqa: E402
from engine.rng import Rng  # noqa: E402

BOXES = {"wide": [(1000, 520), (984, 445)], "narrow": [(368, 329)]}
DRAWN_SHORT = 50        # a tile's drawn short side, viewBox units
# panzoom.js's follow mode on a phone.
FOLLOW_SHORT_PX, FOCUS_PAD_PX, MAX_ZOOM = 26, 6, 6
PHONE_SHORT_PX = 18     # the aim for a selected tile's places on a phone
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


def phone_focus_px(view, picture, vb, box):
    """The short sides the phone's followed view gives each selectable tile's places (see panzoom.js)."""
    per_unit = min(box[0] / vb[2], box[1] / vb[3])
    by = {t["tile"]: t for t in picture["tiles"]}
    places = {}
    for action in view["legal"]:
        if ">" in action:
            tile, target = action.split(">")
            places.setdefault(tile, []).append(target)
    sizes = []
    foot = view["open_foot"]["tile"] if view["open_foot"] else None
    for targets in places.values():
        if len(targets) < 2:
            continue    # a tile with one place plays at once: nothing is selected
        focus = targets + ([foot] if foot else [])
        xs = [c[0] for name in focus for c in by[name]["corners"]]
        ys = [c[1] for name in focus for c in by[name]["corners"]]
        fits = min((box[0] - 2 * FOCUS_PAD_PX) / ((max(xs) - min(xs)) * per_unit),
                   (box[1] - 2 * FOCUS_PAD_PX) / ((max(ys) - min(ys)) * per_unit))
        scale = max(1.0, min(MAX_ZOOM, FOLLOW_SHORT_PX / (DRAWN_SHORT * per_unit), fits))
        sizes.append(DRAWN_SHORT * per_unit * scale)
    return sizes


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
            "place_ms_max": 0.0, "phone_focus_min_px": None, "phone_selections": 0, "phone_below": 0}


def measure(group, views, last, players, spokes, shape):
    rx, ry = layout.REGIONS[shape]
    layout._CACHE.clear()
    slowest = 0.0
    focus = None
    for view in views + [last]:
        t0 = time.process_time()
        picture = layout.layout(view["table"], shape, spokes)
        slowest = max(slowest, (time.process_time() - t0) * 1000.0)
        if shape == "narrow" and view is not last and view["table"]:
            _px, vb = fitted_px(view, shape, BOXES[shape][0])
            for px in phone_focus_px(view, picture, vb, BOXES[shape][0]):
                focus = px if focus is None else min(focus, px)
                group["phone_selections"] += 1
                group["phone_below"] += px < PHONE_SHORT_PX
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
    if focus is not None:
        old = group["phone_focus_min_px"]
        group["phone_focus_min_px"] = focus if old is None else min(old, focus)


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
    if group["phone_focus_min_px"] is not None:
        out["phone_focus_min_px"] = round(group["phone_focus_min_px"], 1)
        out["phone_selections"] = group["phone_selections"]
        out["phone_below_18px"] = group["phone_below"]
    return out


def merge(into, group):
    for key in ("rounds", "tiles", "overlaps", "outside", "jumps", "phone_selections", "phone_below"):
        into[key] += group[key]
    for k, v in group["min_short_px"].items():
        into["min_short_px"][k] = min(into["min_short_px"].get(k, 1e9), v)
    for key in ("toe_min_apart", "toe_min_span", "spoke_min_apart"):
        into[key] = min(into[key], group[key])
    for key in ("toe_max_off", "place_ms_max"):
        into[key] = max(into[key], group[key])
    if group["phone_focus_min_px"] is not None:
        old = into["phone_focus_min_px"]
        into["phone_focus_min_px"] = group["phone_focus_min_px"] if old is None else min(old, group["phone_focus_min_px"])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds-per-case", type=int, default=39,
                        help="rounds per (players, spokes) case; 39 gives 507 rounds")
    parser.add_argument("--shapes", default="wide,narrow", help="comma-separated: wide, narrow")
    args = parser.parse_args()
    for shape in args.shapes.split(","):
        total = new_group()
        for players in (2, 4, 8):
            group = new_group()
            for case_players, spokes in CASES:
                if case_players != players:
                    continue
                for i in range(args.rounds_per_case):
                    views, last = play_round(1000 * spokes + 10 * players + i * 7919, players, spokes)
                    measure(group, views, last, players, spokes, shape)
            print(json.dumps(row(group, players=players, shape=shape)))
            merge(total, group)
        print(json.dumps(row(total, players="all", shape=shape)))


if __name__ == "__main__":
    main()
