"""Where each Chicken Foot table tile lies: rectangles that never overlap.

Pure portable Python over a view's ``table`` (see
``ChickenFoot.layout()``).  The picture is built from *rows*: horizontal
bands ``ROW_H`` apart.  The centre double stands in row 0; spokes grow to the
right (even spokes) and to the left (odd ones), each side with its own rows.
A line runs along its row away from the centre; a foot (a double off the
centre) lies crosswise in the line, its first toe carries the line on and
the other two toes each start a fresh row below, joined to the foot by a
connector.  A line that reaches ``WRAP_AT`` wraps like text: it goes on in a
fresh row below, from its own start, joined by a connector that runs out
past the rows in between, along the gap above the new row and back in.  So
the picture stays about as wide as ``2 * WRAP_AT`` however long a line gets.
Rows are handed out in depth-first order.

Why no two tiles can overlap: every row belongs to exactly one line, which
only grows away from its start; the right side lies at ``x > 0`` and the left
at ``x < 0``; only the centre (in the middle) spans ``x = 0``.  Connectors
run down from a foot before the toe lines start, and every row between a foot
and its toes belongs to lines starting further out (the feet of a line are
served furthest first), so connectors cross no tile.  A wrapped row is
handed out only after the toes of the row before, and starts no nearer than
its line did; its connector's vertical runs outside every tile of the rows
it passes and its horizontal in a gap between rows.
"""

SHORT = 52      # a tile's short side (viewBox units)
LONG = 102      # a tile's long side
GAP = 8         # between tiles along a line
ROW_H = LONG + 18
# Where the lines of a side start (from x = 0), and the extra room a spoke
# in a lower row leaves for its connector from the centre.
SIDE_START = SHORT // 2 + GAP
SPOKE_INDENT = 26
# How far out (from x = 0) a line may reach before it wraps onto a fresh row
# below, so a long line never widens the whole picture.  A line starting
# further out still gets room for a few tiles per row.
WRAP_AT = SIDE_START + 7 * (LONG + GAP)
MIN_PER_ROW = 3
WRAP_INDENT = 16   # the room a wrapped row leaves for its connector
LANE_GAP = 14      # between the tiles and the lanes of wrap connectors


class _Layout:
    __slots__ = ("children", "tiles", "connectors", "rows", "wrap_at")

    def __init__(self, table, wrap_at=WRAP_AT):
        self.wrap_at = wrap_at
        self.children = {}
        for entry in table:
            parent = entry["parent"]
            if parent is not None:
                if parent not in self.children:
                    self.children[parent] = []
                self.children[parent].append(entry)
        for key in list(self.children.keys()):
            self.children[key].sort(key=lambda e: e["slot"])
        self.tiles = []
        self.connectors = []
        self.rows = [1, 1]   # the next free row on the right, on the left

    def new_row(self, side):
        row = self.rows[side]
        self.rows[side] = row + 1
        return row

    def put(self, entry, side, row, u):
        """Place ``entry`` at distance ``u`` out on ``side``'s ``row``; return its width."""
        double = bool(entry["double"])
        w = SHORT if double else LONG
        h = LONG if double else SHORT
        x = u if side == 0 else -(u + w)
        y = row * ROW_H - h // 2
        matched = entry["matched"]
        hi, lo = _ends(entry["tile"])
        other = lo if matched == hi else hi
        if double:
            first = hi
        elif side == 0:
            first = matched
        else:
            first = other
        self.tiles.append({"tile": entry["tile"], "x": x, "y": y, "w": w, "h": h,
                           "orientation": "vertical" if double else "horizontal",
                           "first": first, "double": double, "parent": entry["parent"],
                           "side": side, "row": row})
        return w

    def line(self, entry, side, row, u, depth=0):
        """Lay out a line from ``entry`` on ``row``, then its feet's other toes.

        A line reaching ``wrap_at`` continues on a fresh row, again from its
        start ``u``, once the feet of the row before have their toes laid out
        (so the rows between a foot and its toes still hold only lines
        starting further out than the foot).
        """
        start = u
        limit = max(self.wrap_at, start + MIN_PER_ROW * (LONG + GAP))
        while entry is not None:
            first_on_row = len(self.tiles)
            pending = []   # (toes, foot_u, toe_u, foot_row) of each foot on this row
            while entry is not None:
                w = self.put(entry, side, row, u)
                kids = self.children.get(entry["tile"], [])
                if entry["double"] and len(kids) > 1:
                    pending.append((kids[1:], u, u + w + GAP, row))
                u += w + GAP
                entry = kids[0] if kids else None
                if entry is not None and u + (SHORT if entry["double"] else LONG) > limit:
                    break
            self.toes(pending, side, depth)
            if entry is not None:
                # Wrap: out past every tile of the rows just laid out, down to
                # the gap above a fresh row, back to the line's start, and in.
                lane = limit
                for t in self.tiles[first_on_row:]:
                    if t["side"] == side:
                        lane = max(lane, (t["x"] + t["w"]) if side == 0 else -t["x"])
                lane += LANE_GAP * (depth + 1)
                new_row = self.new_row(side)
                y0 = row * ROW_H
                y1 = new_row * ROW_H
                gap_y = y1 - ROW_H // 2
                sign = 1 if side == 0 else -1
                back = start + WRAP_INDENT
                self.connectors.append([[sign * (u - GAP), y0], [sign * lane, y0], [sign * lane, gap_y],
                                        [sign * (start + WRAP_INDENT // 2), gap_y],
                                        [sign * (start + WRAP_INDENT // 2), y1], [sign * back, y1]])
                row = new_row
                u = back

    def toes(self, pending, side, depth):
        """The other toes of the feet in ``pending`` (see :meth:`line`), each a line on a fresh row."""
        # The foot furthest out first: the rows it takes then lie between the
        # nearer feet and their toes, and hold only lines starting beyond them.
        for i in range(len(pending) - 1, -1, -1):
            toes, foot_u, toe_u, foot_row = pending[i]
            for toe in toes:
                toe_row = self.new_row(side)
                self.connect(side, foot_u + SHORT // 2, foot_row * ROW_H + LONG // 2,
                             toe_row * ROW_H, toe_u)
                self.line(toe, side, toe_row, toe_u, depth + 1)

    def connect(self, side, u0, y0, y1, u1):
        """A connector down from ``(u0, y0)`` to the row at ``y1``, then out to ``u1``."""
        sign = 1 if side == 0 else -1
        self.connectors.append([[sign * u0, y0], [sign * u0, y1], [sign * u1, y1]])


def _ends(name):
    parts = name.split("-")
    return int(parts[0]), int(parts[1])


def wrap_for(tiles_per_row):
    """The ``wrap_at`` that lets a spoke hold ``tiles_per_row`` plain tiles per row."""
    return SIDE_START + tiles_per_row * (LONG + GAP)


def layout(table, wrap_at=WRAP_AT):
    """The picture of ``table`` (a view's ``table`` list) as plain data.

    Returns ``{"tiles": [...], "connectors": [...], "box": [x, y, w, h]}``:
    each tile ``{"tile", "x", "y", "w", "h", "orientation", "first",
    "double", "parent", "side", "row"}`` (``first``: the number drawn
    left/top), each connector a polyline ``[[x, y], ...]``, and ``box`` the
    bounds of everything.  An empty table gives no tiles and a small box.
    ``wrap_at`` is how far from ``x = 0`` a line may reach before it wraps
    (:func:`wrap_for` gives it in tiles): smaller suits a narrow screen.
    """
    if not table:
        return {"tiles": [], "connectors": [], "box": [-LONG, -LONG, 2 * LONG, 2 * LONG]}
    lay = _Layout(table, wrap_at)
    centre = None
    for entry in table:
        if entry["parent"] is None:
            centre = entry
    hi, _lo = _ends(centre["tile"])
    lay.tiles.append({"tile": centre["tile"], "x": -(SHORT // 2), "y": -(LONG // 2), "w": SHORT, "h": LONG,
                      "orientation": "vertical", "first": hi, "double": True, "parent": None,
                      "side": None, "row": 0})
    spokes = lay.children.get(centre["tile"], [])
    for k in range(len(spokes)):
        side = k % 2
        if k < 2:
            lay.line(spokes[k], side, 0, SIDE_START)
        else:
            row = lay.new_row(side)
            u = SIDE_START + SPOKE_INDENT
            lay.connect(side, SHORT // 4, LONG // 2, row * ROW_H, u)
            lay.line(spokes[k], side, row, u)
    x0 = y0 = 0
    x1 = y1 = 0
    for t in lay.tiles:
        x0 = min(x0, t["x"])
        y0 = min(y0, t["y"])
        x1 = max(x1, t["x"] + t["w"])
        y1 = max(y1, t["y"] + t["h"])
    return {"tiles": lay.tiles, "connectors": lay.connectors, "box": [x0, y0, x1 - x0, y1 - y0]}


def overlaps(tiles):
    """Pairs of tile names whose rectangles overlap (touching edges do not count)."""
    found = []
    for i in range(len(tiles)):
        a = tiles[i]
        for j in range(i + 1, len(tiles)):
            b = tiles[j]
            if (a["x"] < b["x"] + b["w"] and b["x"] < a["x"] + a["w"]
                    and a["y"] < b["y"] + b["h"] and b["y"] < a["y"] + a["h"]):
                found.append((a["tile"], b["tile"]))
    return found
