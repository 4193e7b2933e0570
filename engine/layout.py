"""Where each Chicken Foot table tile lies: a chicken foot, with no two tiles overlapping.

Pure portable Python over a view's ``table`` (see ``ChickenFoot.layout()``).
The centre double stands in the middle; its spokes leave it in directions
spread evenly round it (squashed to the shape of the table's *region*, so
a wide table gets flatter spokes).  A line grows outward tile by tile.  A
double off the centre lies crosswise on its line and its three toes splay
from it like a bird's foot (ideally straight on, 45 degrees left and right).

Every tile is placed once, in the table's order, avoiding only the tiles
placed before it: a placement never depends on later plays, so tiles never
jump as play goes on (and a layout can be extended tile by tile, see
:func:`layout`'s cache).  A tile tries the straight continuation of its
line first, then a fan of turns, each bent at the inner corner of the tile
before like a hinge, keeping the first that overlaps nothing and stays in
the region; a line that meets the region's edge or another line bends.
Where the picture is drawn whole and scaled to a box of a known shape (a
desktop's table: ``FILL_SHAPES``), the fan is tried in the order of what
each turn costs the picture: a line bends rather than make the picture
taller or wider than that shape, which would draw every tile smaller.
A double is laid, if it can be, where its three toes (played next, before
anything else) will fit near it and in the region.  The narrow (phone)
region leaves out its top right corner, where a phone's zoom tools float.
When nothing in the fan fits, the tile jumps to a free spot in the region
near its line's end (on the phone's region, whose picture is never smaller
than the region, anywhere in it: ``FILLED``), and failing that moves
further out along its direction until it is clear of every tile
(guaranteed: beyond the bounding box of everything nothing is in the way);
a connector shows the jump.  A toe with no room near its foot likewise
takes a free spot further off in a direction that keeps the foot's splay.

Everything is integer arithmetic with an integer sine table built here
from an integer series, so the output is identical on CPython, Pyodide and
MicroPython.  Angles are whole degrees in SVG's frame (y points down, so a
positive angle turns clockwise on screen); a tile's ``angle`` is the
direction of its long side, and it is drawn as a horizontal tile rotated by
that angle about its centre ``(cx, cy)``.
"""

SHORT = 52      # a tile's short side (viewBox units)
LONG = 102      # a tile's long side
HALF_L = LONG // 2
HALF_S = SHORT // 2
GAP = 8         # between tiles along a line
# Tiles are kept at least this far apart (each collision shape is grown by
# half of it), so rounding on screen never makes neighbours touch.
CLEAR = 6
# The region lines should stay in, as half-widths from the centre: the
# "wide" one, fitted to a desktop table box (984x445 px at 1366x768, about
# 1000x520 on other pages), draws tiles' short sides >= 14 px; the
# "narrow" one is a 390x844 phone's table box while a tile's places are
# offered (368x329 px, less 6 px round the followed view in web/follow.js;
# the box is taller with fewer tiles in hand, and shorter with more: see
# phone_view_px): anything in it, framed whole, is drawn >= 18 px.
# The "frame" one is a rules diagram's (web/embed): see DIAGRAM_BOXES_PX.
REGIONS = {"wide": (1600, 670), "narrow": (488, 432)}
# A rules diagram has no zoom: its picture is drawn whole in its frame, fitted
# to the frame's width and at most 26rem tall (web/embed/embed.css).  Its
# region is that box's own shape at the size that draws a tile DIAGRAM_TILE_PX
# long, less the picture's margin (render.TABLE_MARGINS): a line turns at the
# box's edge rather than run on and shrink every tile.  (On the wide region,
# sized for the game's 984 px box, the rules page's long line ran 1,620 units
# out and its 41 tiles drew 30 px long in the 688x416 px box of a desktop's
# rules page: now 45 px.)
DIAGRAM_TILE_PX = 42
# "frame" is a desktop's rules page (a 46rem column), "frame-narrow" a 390 px
# phone's, whose frame is 318 px wide.
DIAGRAM_BOXES_PX = {"frame": ((688, 416), 30), "frame-narrow": ((318, 416), 16)}     # (box px, margin units)


def _diagram_region(box, margin):
    """The region (half sides) of a diagram drawn in ``box`` (px) with ``margin`` (units) round it."""
    return tuple([(side * LONG // DIAGRAM_TILE_PX - 2 * margin) // 2 for side in box])


for _name in DIAGRAM_BOXES_PX:
    REGIONS[_name] = _diagram_region(*DIAGRAM_BOXES_PX[_name])
# That phone's page, as bench/layout.py models it for web/follow.js (px;
# tests/test_table_geometry.py checks them against the page): the table's
# view port (its height varies: see phone_view_px; this is the one the
# narrow region is shaped for), and the box in it the zoom tools float
# over (three 44 px buttons, Fit an icon: the same in every language).
PHONE_VIEW_PX = (368, 329)
PHONE_TOOLS_PX = (217, 3, 365, 48)


def rack_room(view, unseen=False):
    """How many tiles the rack of ``view``'s seat keeps room for (the page draws the hand in
    rows of them: app/screens.py hand_panel, through the presenters' hand_room): its hand, and one
    tile more while it may draw.

    The draw then fills a place already there: it never wraps the hand onto a new row under
    the person's finger (a draw moved the actions, the hand and the table 64 px on a 390 px
    phone), and the row costs the table only on a turn that begins with a draw.

    ``unseen``: the room as people sharing the screen see it, who must not learn from it
    whether the hidden hand can play: one more than the hand the turn began with, whatever
    the turn brings (a hand-over screen keeping the room of a draw only for a turn that must
    draw said so; and one keeping none moved the table a row as a hand that must draw was shown).
    """
    if unseen:
        return len(view["hand"]) + (0 if view.get("drawn_this_turn") else 1)
    return len(view["hand"]) + (1 if "draw" in view["legal"] else 0)


def phone_view_px(hand, places, note):
    """The table's view port (px) on a 390x844 phone, at the least, with room for ``hand`` tiles
    in the rack (:func:`rack_room`) and ``places`` places of a selected tile offered (0: none
    selected); ``note``: with the note under the table (an open foot, spokes still to play).

    The rack below the table takes its height: the hand in rows of eight,
    and while a tile is selected its place buttons in rows of two (of
    three when their labels are short), for which the seat cards keep one
    line each and "why can't I play" waits (web/style.css), so a selection
    leaves the table more room, not less; measured on the page in English
    (the browser test holds the page to it: never smaller).
    """
    rows = (hand + 7) // 8 - 1 if hand else 0
    cut = 43 if note else 0
    if not places:
        return (PHONE_VIEW_PX[0], 491 - 64 * rows - cut)
    return (PHONE_VIEW_PX[0], 551 - 64 * rows - 48 * ((places + 1) // 2 - 1) - cut)


def _notch(region, margin, view, tools):
    """The corner of ``region`` (half sides) that ``tools`` (px) cover in ``view`` (px) when the
    region's picture, ``margin`` round it, is fitted whole into the view: ``(x, y)``, the notch
    being every point right of ``x`` and above ``y`` (in whole units, rounded outward)."""
    pw, ph = 2 * region[0] + 2 * margin, 2 * region[1] + 2 * margin
    w, h = view
    if w * ph <= h * pw:
        # The width binds: units per px pw / w, the picture centred up and down.
        x = -pw // 2 + tools[0] * pw // w
        y = -ph // 2 + (2 * tools[3] * pw - (h * pw - ph * w) + 2 * w - 1) // (2 * w)
    else:
        x = -pw // 2 + (2 * tools[0] * ph - (w * ph - pw * h)) // (2 * h)
        y = -ph // 2 + (tools[3] * ph + h - 1) // h
    return (x, y)


# A phone's followed view frames a selected tile's places whole, and the zoom
# tools float over its top right corner: the narrow region leaves out the
# corner they cover when the table is framed whole (the view then has no
# room to move a place from under them).  16: render.TABLE_MARGINS["narrow"].
NOTCHES = {"narrow": _notch(REGIONS["narrow"], 16, PHONE_VIEW_PX, PHONE_TOOLS_PX)}
# The shapes whose picture is never smaller than the region (the phone's:
# web/app/present/cf.py's TABLE_SHAPES): a tile anywhere in the region
# leaves it as large, so a crowded table looks for room all over it before a
# tile leaves the region.  (A desktop's picture is the tiles' bounding box:
# there a far corner would make every tile smaller.)
FILLED = ("narrow",)
# Turns tried for a line's next tile, in order of preference (degrees).
TURNS = (0, 15, 30, 45, 60, 75, 90, 105, 120)
DOUBLE_TURN_MAX = 30
# A foot's toes: ideal offsets from the line reaching the foot (by the order
# the toes are played), the bounds the rules of the picture demand (with a
# margin for rounding), and the candidates tried.
TOE_IDEAL = (0, -45, 45)
TOE_MAX_OFF = 80
TOE_MIN_APART = 25
TOE_MIN_SPAN = 55
TOE_OFFSETS = tuple(range(-TOE_MAX_OFF, TOE_MAX_OFF + 1, 10))
TOE_TRIES = 12    # stand-in feet tried per placement (see _Table.toes_fit)
TOE_FIT_OPTIONS = None   # and the directions each stand-in toe tries (None: all, as toe() does)
STEP = 12         # how far a toe or spoke moves out per try
SLACK = 48        # how far out a toe or spoke may move before another direction is tried
JUMP = 30         # per step, how far a tile that fits nowhere moves along its line
AHEAD_BELOW = 60  # turns gentler than this must leave room to turn again
# A picture drawn whole and scaled to its box: the shape (half-widths) its
# lines keep it to, by the region's name (see _Table.by_fill), and what a
# degree of a line's turn costs in units of the picture's growth.  A shape
# not named here bends its lines only at the region's edge (the phone's is
# drawn whole at one scale; a region given as a pair is drawn as it comes).
# The desktop's table box is 2.1 to 3.1 times as wide as it is tall (1024x768
# to 1280x720): "wide" keeps to 5/7 of its region's height (toes and spokes
# still make a picture taller).  A diagram's region is its box's own shape
# (DIAGRAM_BOXES_PX), so "frame" is not named.  Measured by
# bench/layout.py --fill (the README): the median tile at 1366x768 is drawn
# 20.4 px with lines that bend only at the region's edge, 22.8 in the
# region's own shape, 24.2 at 5/7 of its height; FILL_TURN 1 drew it 24.4 px
# but placed 43 % more tiles away from their line (with a connector).
FILL_SHAPES = {"wide": (1600, 478)}
FILL_TURN = 2
FREE_TURNS = (0, 30, -30, 60, -60, 90, -90, 120, -120, 150, -150, 180)
FREE_REACH = 720   # how far from a line's end a jump may land in the region
FREE_GRID = 32     # past that, the step of the grid of spots tried over the whole region
# Collision shapes (half sides HALF_L + CLEAR // 2 by HALF_S + CLEAR // 2):
# the squared distance between centres beyond which two are surely apart
# (twice the half diagonal), and below which they surely overlap (twice
# the half short side), with room for a unit of rounding in the corners.
APART_SQ = 4 * ((HALF_L + CLEAR // 2) * (HALF_L + CLEAR // 2) + (HALF_S + CLEAR // 2) * (HALF_S + CLEAR // 2)) + 512
TOUCH_SQ = 4 * (HALF_S + CLEAR // 2) * (HALF_S + CLEAR // 2) - 256
CELL = 128        # the side of a cell of the placed tiles' grid
NEAR_JUMPS = 3    # steps a tile may jump to stay in the region
STAND_IN = "?"    # the name of a tile placed to try a spot, then taken back (no tile's name)

# --- integer trigonometry -----------------------------------------------------

TRIG = 1 << 14    # sine and cosine are scaled by this


def _sine_table():
    """sin(d degrees) * TRIG for d = 0..359, by an integer Taylor series (the same on every interpreter)."""
    one = 1 << 40
    pi = 3454217652358    # pi * 2**40, rounded
    quarter = []
    for d in range(91):
        x = d * pi // 180
        term = x
        total = x
        k = 1
        while term != 0:
            term = -term * x // one * x // one // ((2 * k) * (2 * k + 1))
            total += term
            k += 1
        quarter.append((total * TRIG + one // 2) // one)
    table = []
    for d in range(360):
        if d <= 90:
            table.append(quarter[d])
        elif d <= 180:
            table.append(quarter[180 - d])
        elif d <= 270:
            table.append(-quarter[d - 180])
        else:
            table.append(-quarter[360 - d])
    return table


SIN = _sine_table()
COS = [SIN[(d + 90) % 360] for d in range(360)]


def _r(v):
    """A TRIG-scaled value rounded to a whole unit (half up, on every interpreter alike)."""
    return (v + TRIG // 2) // TRIG


def direction(dx, dy):
    """The whole degree (0..359) pointing nearest to the vector ``(dx, dy)``."""
    if dx == 0 and dy == 0:
        return 0
    best = 0
    score = None
    # Coarse then fine: the best of every tenth degree, then its neighbours.
    for d in range(0, 360, 10):
        s = dx * COS[d] + dy * SIN[d]
        if score is None or s > score:
            best, score = d, s
    centre = best
    for d in range(centre - 9, centre + 10):
        d %= 360
        s = dx * COS[d] + dy * SIN[d]
        if s > score:
            best, score = d, s
    return best


def angle_between(a, b):
    """The smaller angle between directions ``a`` and ``b`` (degrees, 0..180)."""
    d = (a - b) % 360
    return 360 - d if d > 180 else d


def _offset(a, b):
    """Direction ``a`` relative to ``b``, in -179..180."""
    d = (a - b) % 360
    return d - 360 if d > 180 else d


# --- rectangles ------------------------------------------------------------------

def corners(cx, cy, angle, hl, hw):
    """The four corners of a ``2*hl`` by ``2*hw`` rectangle centred at ``(cx, cy)``, long side at ``angle``."""
    ux, uy = COS[angle], SIN[angle]
    lx, ly = hl * ux, hl * uy
    wx, wy = -hw * uy, hw * ux
    return [(cx + _r(lx + wx), cy + _r(ly + wy)), (cx + _r(lx - wx), cy + _r(ly - wy)),
            (cx + _r(-lx - wx), cy + _r(-ly - wy)), (cx + _r(-lx + wx), cy + _r(-ly + wy))]


def _bounds(poly):
    """A quadrilateral's bounding box ``(x0, y0, x1, y1)`` (unrolled: the page runs this on
    MicroPython thousands of times in a crowded table's placement)."""
    a, b, c, d = poly
    x0 = x1 = a[0]
    y0 = y1 = a[1]
    for p in (b, c, d):
        x, y = p
        if x < x0:
            x0 = x
        elif x > x1:
            x1 = x
        if y < y0:
            y0 = y
        elif y > y1:
            y1 = y
    return (x0, y0, x1, y1)


def _span(poly, ax, ay):
    """The interval a polygon's corners cover along the axis ``(ax, ay)``."""
    a, b, c, d = poly
    lo = hi = a[0] * ax + a[1] * ay
    for p in (b, c, d):
        v = p[0] * ax + p[1] * ay
        if v < lo:
            lo = v
        elif v > hi:
            hi = v
    return lo, hi


def _separated(pa, pb):
    """Whether two convex quadrilaterals (corner lists) have a separating axis (touching counts as apart)."""
    for poly in (pa, pb):
        for i in (0, 1):
            # A rectangle's sides come in parallel pairs: two normals each suffice.
            ax = poly[i][1] - poly[i + 1][1]
            ay = poly[i + 1][0] - poly[i][0]
            lo_a, hi_a = _span(pa, ax, ay)
            lo_b, hi_b = _span(pb, ax, ay)
            if hi_a <= lo_b or hi_b <= lo_a:
                return True
    return False


def overlap(pa, pb):
    """Whether two convex quadrilaterals overlap (more than touching)."""
    ba = _bounds(pa)
    bb = _bounds(pb)
    if ba[2] <= bb[0] or bb[2] <= ba[0] or ba[3] <= bb[1] or bb[3] <= ba[1]:
        return False
    return not _separated(pa, pb)


# --- the layout --------------------------------------------------------------------

# A placed tile, internally: a list indexed by these.
NAME, PARENT, CX, CY, ANGLE, HL, HW, HEADING, CURL, SHAPE, BOUNDS, FIRST, DOUBLE, JUMP_FROM, SLOT, REF, OUT = range(17)


class _Table:
    """The tiles placed so far, and where the next one may go."""

    __slots__ = ("rx", "ry", "notch", "fill", "keep", "spokes", "placed", "index", "kids", "extent", "grid", "tries")

    def __init__(self, region, spokes, notch=None, fill=False, keep=None):
        self.rx, self.ry = region
        self.notch = notch
        # The shape a picture scaled to its box keeps to (FILL_SHAPES), or None.
        self.keep = keep
        # Whether the picture is always the whole region (FILLED), so that
        # a tile anywhere in it costs nothing.
        self.fill = fill
        self.spokes = spokes
        self.placed = []
        self.index = {}
        self.kids = {}
        self.extent = [0, 0, 0, 0]
        # Placed tiles by the grid cells their bounds touch: a candidate is
        # checked against its neighbours only (the page places on MicroPython).
        self.grid = {}
        self.tries = TOE_TRIES

    def cells(self, bounds):
        out = []
        for gx in range(bounds[0] // CELL, bounds[2] // CELL + 1):
            for gy in range(bounds[1] // CELL, bounds[3] // CELL + 1):
                out.append(gx * 65536 + gy)
        return out

    def clear(self, poly, bounds, cx, cy):
        """Whether a collision shape (centred at ``(cx, cy)``) is clear of every placed tile."""
        x0, y0, x1, y1 = bounds
        grid = self.grid
        # (The cells of self.cells(bounds), without making their list.)
        for gx in range(x0 // CELL, x1 // CELL + 1):
            for gy in range(y0 // CELL, y1 // CELL + 1):
                for t in grid.get(gx * 65536 + gy, ()):
                    b = t[BOUNDS]
                    if b[2] <= x0 or x1 <= b[0] or b[3] <= y0 or y1 <= b[1]:
                        continue
                    # Circles first: centres further apart than two tiles' reach
                    # are clear, nearer than two half short sides overlap.
                    d = (t[CX] - cx) * (t[CX] - cx) + (t[CY] - cy) * (t[CY] - cy)
                    if d > APART_SQ:
                        continue
                    if d < TOUCH_SQ or not _separated(poly, t[SHAPE]):
                        return False
        return True

    def covered(self, x, y):
        """Whether the point ``(x, y)`` lies in a placed tile's bounding box (no tile can be
        centred there): a cheap test before a spot is tried in earnest."""
        for t in self.grid.get((x // CELL) * 65536 + y // CELL, ()):
            b = t[BOUNDS]
            if b[0] < x < b[2] and b[1] < y < b[3]:
                return True
        return False

    def register(self, t):
        for cell in self.cells(t[BOUNDS]):
            if cell in self.grid:
                self.grid[cell].append(t)
            else:
                self.grid[cell] = [t]

    def excess(self, cx, cy, angle, hl, hw):
        """How far a tile at this place reaches out of the region (0: inside)."""
        return self.out_of(corners(cx, cy, angle, hl, hw))

    def out_of(self, poly, b=None):
        """How far a polygon (corners; ``b`` its bounds, if known) reaches out of the region,
        its notch included."""
        if b is None:
            b = _bounds(poly)
        rx, ry = self.rx, self.ry
        # The furthest corner out on each side is the bounding box's.
        out = max(0, b[2] - rx, -rx - b[0], b[3] - ry, -ry - b[1])
        if self.notch is not None:
            # By the polygon's bounding box, as the page tells what is under the tools.
            nx, ny = self.notch
            if b[2] > nx and b[1] < ny:
                out = max(out, min(b[2] - nx, ny - b[1]))
        return out

    def holds(self, x, y):
        """Whether the point ``(x, y)`` is in the region (not in its notch)."""
        return (-self.rx <= x <= self.rx and -self.ry <= y <= self.ry
                and not (self.notch is not None and x > self.notch[0] and y < self.notch[1]))

    def fits(self, cx, cy, angle, hl, hw, region=True):
        """Whether a tile of half sides ``hl``, ``hw`` is clear of every tile here (and, with
        ``region``, inside the region)."""
        out = self.misfit(cx, cy, angle, hl, hw, region)
        return out is not None and (out == 0 or not region)

    def misfit(self, cx, cy, angle, hl, hw, region=True):
        """None if a tile here would overlap one placed, else how far it reaches out of the region."""
        # One set of corners serves both tests: the collision shape, a little
        # larger than the tile, is held to the region too.
        poly = corners(cx, cy, angle, hl + CLEAR // 2, hw + CLEAR // 2)
        b = _bounds(poly)
        out = self.out_of(poly, b)
        if region and out:
            return out
        if not self.clear(poly, b, cx, cy):
            return None
        return out

    def add(self, name, parent, cx, cy, angle, hl, hw, heading, curl, first, double, jump, slot, ref):
        poly = corners(cx, cy, angle, hl + CLEAR // 2, hw + CLEAR // 2)
        t = [name, parent, cx, cy, angle, hl, hw, heading, curl, poly, _bounds(poly), first, double, jump, slot, ref, None]
        self.index[name] = len(self.placed)
        self.placed.append(t)
        self.register(t)
        for x, y in corners(cx, cy, angle, hl, hw):
            e = self.extent
            e[0] = min(e[0], x)
            e[1] = min(e[1], y)
            e[2] = max(e[2], x)
            e[3] = max(e[3], y)
        if parent is not None:
            self.kids[parent] = self.kids.get(parent, 0) + 1

    def far(self):
        """A distance beyond which nothing placed can be in the way."""
        e = self.extent
        return (e[2] - e[0]) + (e[3] - e[1]) + 2 * LONG

    # -- one tile ---------------------------------------------------------
    def place(self, entry):
        self.tries = TOE_TRIES
        name = entry["tile"]
        parent = entry["parent"]
        double = bool(entry["double"])
        hi, lo = _ends(name)
        if parent is None:
            # The centre double, standing upright.
            self.add(name, None, 0, 0, 90, HALF_L, HALF_S, 90, 0, hi, True, None, 0, 0)
            return
        p = self.placed[self.index[parent]]
        slot = self.kids.get(parent, 0)
        matched = entry["matched"]
        first = hi if double else (matched if matched is not None else hi)
        if p[PARENT] is None:
            self.radial(name, p, self.spoke_direction(slot), first, slot, 0)
        elif p[DOUBLE]:
            self.toe(name, p, slot, first)
        else:
            self.continue_line(name, p, double, first, slot)

    def spoke_direction(self, k):
        """Spoke ``k``'s direction: ``spokes`` directions spread evenly, squashed to the region."""
        n = self.spokes if self.spokes and k < self.spokes else 8
        # The first spokes along the region's long side: a pair leaves
        # left and right on a wide table, up and down on a tall one.
        offset = 45 if n == 4 else (90 if self.ry > self.rx else 0)
        phi = (360 * k // n + offset) % 360
        if n > 4:
            # Many spokes spread evenly: squashed, they would crowd the centre.
            return phi
        return direction(self.rx * COS[phi], self.ry * SIN[phi])

    def radial(self, name, anchor, heading, first, slot, ref):
        """A plain tile on the ray from ``anchor``'s centre at ``heading``, as near as it fits.

        In the region within ``SLACK`` of the nearest start if it can, else
        the first place clear of every tile, however far (there always is
        one: past the bounding box of everything the ray is clear).
        """
        if self.try_radial(name, anchor, heading, first, slot, ref, True):
            return
        start = self.ray_start(anchor, heading)
        ax, ay = anchor[CX], anchor[CY]
        ux, uy = COS[heading], SIN[heading]
        dist = start
        limit = start + self.far()
        while dist < limit:
            cx, cy = ax + _r((dist + HALF_L) * ux), ay + _r((dist + HALF_L) * uy)
            if self.fits(cx, cy, heading, HALF_L, HALF_S, False):
                break
            dist += STEP
        cx, cy = ax + _r((dist + HALF_L) * ux), ay + _r((dist + HALF_L) * uy)
        jump = (ax + _r(start * ux), ay + _r(start * uy)) if dist > start + SLACK else None
        self.add(name, anchor[NAME], cx, cy, heading, HALF_L, HALF_S, heading, 0, first, False, jump, slot, ref)

    def ray_start(self, anchor, heading):
        """How far from ``anchor``'s centre a tile on the ray at ``heading`` must start to clear it."""
        return ray_start((heading - anchor[ANGLE]) % 360)

    def toe_offsets(self, foot):
        """The directions of ``foot``'s toes so far, as offsets from the line reaching it."""
        taken = []
        for t in self.placed:
            if t[PARENT] == foot[NAME]:
                taken.append(_offset(t[HEADING], foot[REF]))
        return taken

    def toe_options(self, foot, slot):
        """The offsets (degrees from the line reaching ``foot``) toe ``slot`` may take, best first:
        splayed from the toes before, within the bounds of a bird's foot."""
        taken = self.toe_offsets(foot)
        ideal = TOE_IDEAL[slot] if slot < len(TOE_IDEAL) else 0
        options = []
        for off in TOE_OFFSETS:
            if any(abs(off - o) < TOE_MIN_APART for o in taken):
                continue
            if len(taken) == 2 and max(taken + [off]) - min(taken + [off]) < TOE_MIN_SPAN:
                continue
            options.append((abs(off - ideal), off))
        options.sort()
        if not options:
            options = [(0, ideal)]
        return options

    def toe_near(self, name, foot, slot, first, options):
        """Toe ``slot`` placed in the first direction (by preference) with a free place near the
        foot and in the region; whether there was one."""
        ref = foot[REF]
        for _score, off in options:
            if self.try_radial(name, foot, (ref + off) % 360, first, slot, ref, True):
                return True
        return False

    def toe(self, name, foot, slot, first):
        """A toe on ``foot``: a direction splayed from the toes before, within the bounds of a bird's foot."""
        ref = foot[REF]
        options = self.toe_options(foot, slot)
        # The first direction (by preference) with a free place in the region,
        # near the foot; else the first with a free place anywhere near; else
        # the preferred direction, as far out as it must go.
        if self.toe_near(name, foot, slot, first, options):
            return
        # Further out along a ray, still in the region: the nearest such spot.
        best = None
        for _score, off in options:
            heading = (ref + off) % 360
            dist = self.ray_start(foot, heading) + SLACK
            while best is None or dist < best[0]:
                # (coarse steps: this is the rare, costly case)
                cx, cy = foot[CX] + _r((dist + HALF_L) * COS[heading]), foot[CY] + _r((dist + HALF_L) * SIN[heading])
                out = self.misfit(cx, cy, heading, HALF_L, HALF_S, True)
                if out == 0:
                    best = (dist, heading, cx, cy)
                    break
                if self.excess(cx, cy, heading, 0, 0) > 0:
                    break       # the ray has left the region
                dist += JUMP
        if best is None and self.fill:
            best = self.toe_in_region(foot)
        if best is not None:
            dist, heading, cx, cy = best
            start = self.ray_start(foot, heading)
            jump = (foot[CX] + _r(start * COS[heading]), foot[CY] + _r(start * SIN[heading]))
            self.add(name, foot[NAME], cx, cy, heading, HALF_L, HALF_S, heading, 0, first, False, jump, slot, ref)
            return
        # Out of the region: the direction that strays least, then as for a spoke.
        best = None
        for _score, off in options:
            out = self.try_radial(name, foot, (ref + off) % 360, first, slot, ref, False)
            if out is not None and (best is None or out < best[0]):
                best = (out, off)
        off = best[1] if best is not None else options[0][1]
        self.radial(name, foot, (ref + off) % 360, first, slot, ref)

    def toe_in_region(self, foot):
        """A free spot anywhere in the region for the next toe of ``foot``, nearest the foot,
        in a direction (seen from the foot's centre) that keeps the bounds of a bird's foot
        (see :meth:`toe_options`): ``(dist, heading, cx, cy)``, or None.  (The rare case of a
        crowded table: a toe out of the region grows the phone's picture.)"""
        ref = foot[REF]
        taken = self.toe_offsets(foot)
        for d, cx, cy in self.free_grid(foot[CX], foot[CY], LONG):
            heading = direction(cx - foot[CX], cy - foot[CY])
            off = _offset(heading, ref)
            if abs(off) > TOE_MAX_OFF or any(abs(off - o) < TOE_MIN_APART for o in taken):
                continue
            if len(taken) == 2 and max(taken + [off]) - min(taken + [off]) < TOE_MIN_SPAN:
                continue
            if self.misfit(cx, cy, heading, HALF_L, HALF_S, True) == 0:
                return (d, heading, cx, cy)
        return None

    def try_radial(self, name, anchor, heading, first, slot, ref, place):
        """A tile on the ray within ``SLACK`` of its nearest start.

        With ``place``: placed at the first spot clear and in the region;
        whether there was one.  Without: how little a clear spot strays out
        of the region (None: no clear spot), placing nothing.
        """
        ax, ay = anchor[CX], anchor[CY]
        ux, uy = COS[heading], SIN[heading]
        start = self.ray_start(anchor, heading)
        dist = start
        least = None
        while dist <= start + SLACK:
            cx, cy = ax + _r((dist + HALF_L) * ux), ay + _r((dist + HALF_L) * uy)
            out = self.misfit(cx, cy, heading, HALF_L, HALF_S, place)
            if place and out == 0:
                self.add(name, anchor[NAME], cx, cy, heading, HALF_L, HALF_S, heading, 0, first, False, None,
                         slot, ref)
                return True
            if not place and out is not None and (least is None or out < least):
                least = out
            dist += STEP
        return False if place else least

    def continue_line(self, name, p, double, first, slot):
        """The next tile of a line, on the open end of plain tile ``p``."""
        hp = p[HEADING]
        ex, ey = p[CX] + _r(HALF_L * COS[hp]), p[CY] + _r(HALF_L * SIN[hp])
        curl = p[CURL] or 1
        # The way the line last turned first (lines curl round like a
        # pinwheel and pack the region), then the other way.
        # A double turns little: sharply turned, a double lying across its
        # own heading would look as if it lay along the line before it.
        bends = [t for t in TURNS if t <= DOUBLE_TURN_MAX] if double else TURNS
        turns = []
        for t in bends:
            turns.append(t * curl)
        for t in bends[1:]:
            turns.append(-t * curl)
        found = None
        # Near and in the region; a little further out and in the region
        # (a short jump); near, anywhere; then further and further out along
        # the line until clear of everything (past everything placed, the
        # straight spot is clear, so this ends).
        limit = self.far() // JUMP + 2
        # A double first where its three toes will fit as well (they come
        # next), then where their tips merely stay in the region.
        stages = []
        for strict in ((True, False) if double else (False,)):
            stages.append((0, True, strict))
            for k in range(1, NEAR_JUMPS + 1):
                stages.append((k, True, strict))
            stages.append(("free", True, strict))
        stages.append((0, False, False))
        for k in range(1, limit + 1):
            stages.append((k, False, False))
        for k, need_region, strict in stages:
            if strict and self.tries <= 0:
                # Every spot of a strict stage needs toes_fit, which now says no.
                continue
            # Out of the region and jumping: only a few turns (this is the rare, costly case).
            tried = turns if (need_region or k == 0) else turns[::3]
            if k == "free":
                found = self.free_spot(ex, ey, hp, double, p, strict)
                if found:
                    break
                continue
            if need_region and self.keep is not None:
                tried = self.by_fill(tried, ex, ey, hp, double, k * JUMP)
            # In the region: the first turn that fits.  Out of it: the turn
            # that strays least (so a line that left the region heads back).
            least = None
            for turn in tried:
                spot = self.line_spot(ex, ey, hp, turn, double, k * JUMP)
                out = self.misfit(spot[0], spot[1], spot[2], spot[3], spot[4], need_region)
                if out == 0 and need_region and abs(turn) < AHEAD_BELOW and not self.room_ahead(spot, double, p, strict):
                    continue
                if out is None or (need_region and out):
                    continue
                if least is None or out < least:
                    least = out
                    found = (turn, spot, (ex, ey) if k else None)
                if out == 0:
                    break
            if found:
                break
        if found is None:
            # Not reached (see above); a last resort all the same.
            found = (0, self.line_spot(ex, ey, hp, 0, double, (limit + 1) * JUMP), (ex, ey))
        turn, spot, jump = found
        cx, cy, angle, hl, hw, heading = spot
        new_curl = curl if turn == 0 else (1 if turn > 0 else -1)
        ref = heading
        if double:
            # The line reaching the foot: from the tile before to the foot's centre.
            ref = direction(cx - p[CX], cy - p[CY])
        self.add(name, p[NAME], cx, cy, angle, hl, hw, heading, new_curl, first, double, jump, slot, ref)

    def by_fill(self, turns, ex, ey, hp, double, extra):
        """``turns`` ordered by what each costs the picture, fitted to the shape ``keep``.

        A table drawn whole is scaled to fit its box, so a tile that widens
        the picture where it is already as wide as that shape allows (or
        makes it taller where it is as tall) shrinks every tile: a line
        bends rather than grow the picture that way.  The cost is the growth
        in units of the shape's width plus ``FILL_TURN`` a degree of turn (so
        a line runs straight when that is free, and bends a little before it
        bends a lot); ties keep the order given.
        """
        rx, ry = self.keep
        e = self.extent
        now = max((e[2] - e[0]) * ry, (e[3] - e[1]) * rx)
        ranked = []
        for i in range(len(turns)):
            turn = turns[i]
            cx, cy, angle, hl, hw, _h = self.line_spot(ex, ey, hp, turn, double, extra)
            x0, y0, x1, y1 = e
            for x, y in corners(cx, cy, angle, hl, hw):
                x0 = min(x0, x)
                y0 = min(y0, y)
                x1 = max(x1, x)
                y1 = max(y1, y)
            grow = max((x1 - x0) * ry, (y1 - y0) * rx) - now
            ranked.append((grow // ry + FILL_TURN * abs(turn), i))
        ranked.sort()
        return [turns[i] for _cost, i in ranked]

    def free_spot(self, ex, ey, hp, double, p, strict):
        """The free spot in the region nearest the end ``(ex, ey)`` (a jump, shown by a
        connector), as ``(turn, spot, jump_from)``; None if the region is full."""
        limit = FREE_REACH
        r = 2 * JUMP
        while r < limit:
            for d in FREE_TURNS:
                h = (hp + d) % 360
                cx, cy = ex + _r(r * COS[h]), ey + _r(r * SIN[h])
                # The centre well inside first: cheap, and most spots far out fail it.
                if abs(cx) > self.rx - HALF_S or abs(cy) > self.ry - HALF_S:
                    continue
                found = self.jump_to(cx, cy, h, ex, ey, double, p, strict)
                if found is not None:
                    return found
                if strict and self.tries <= 0:
                    return None     # (no spot can pass toes_fit now)
            r += JUMP
        return self.region_spot(ex, ey, double, p, strict) if self.fill else None

    def free_grid(self, px, py, beyond):
        """The points of a ``FREE_GRID`` grid over the region (notch left out) where no placed
        tile's bounding box lies, further than ``beyond`` from ``(px, py)``, nearest first, as
        ``(squared distance, x, y)``."""
        spots = []
        x = -self.rx + HALF_S
        while x <= self.rx - HALF_S:
            y = -self.ry + HALF_S
            while y <= self.ry - HALF_S:
                d = (x - px) * (x - px) + (y - py) * (y - py)
                if d > beyond * beyond and self.holds(x, y) and not self.covered(x, y):
                    spots.append((d, x, y))
                y += FREE_GRID
            x += FREE_GRID
        spots.sort()
        return spots

    def region_spot(self, ex, ey, double, p, strict):
        """The free spot anywhere in the region nearest the end ``(ex, ey)``, on a grid of
        ``FREE_GRID`` units (heading away from the end), as :meth:`free_spot` gives it; None if
        the region is full.

        The rings round the end miss pockets far off; a tile placed out of
        the region grows the phone's picture (every tile drawn smaller) and
        a foot out there pushes its toes further out, so a crowded table
        looks everywhere in the region before giving up (the rare case).
        """
        if strict and self.tries <= 0:
            return None
        for _d, cx, cy in self.free_grid(ex, ey, 0):
            found = self.jump_to(cx, cy, direction(cx - ex, cy - ey), ex, ey, double, p, strict)
            if found is not None:
                return found
            if strict and self.tries <= 0:
                return None
        return None

    def jump_to(self, cx, cy, h, ex, ey, double, p, strict):
        """A tile (a double crosswise, with room for its toes) centred at ``(cx, cy)`` heading
        ``h``, jumped to from the end ``(ex, ey)``, as :meth:`free_spot` gives it, if it fits
        there (and, ``strict``, its toes too); else None.  One rule for both searches of a
        free spot: the rings round the end and the grid over the region."""
        angle = (h + 90) % 360 if double else h
        if double and not self.room_for_toes(cx, cy, angle, h):
            return None
        if self.fits(cx, cy, angle, HALF_L, HALF_S, True) and (
                not strict or self.toes_fit(cx, cy, angle, h, p)):
            return (0, (cx, cy, angle, HALF_L, HALF_S, h), (ex, ey))
        return None

    def room_ahead(self, spot, double, p, strict):
        """Whether the region leaves room to turn after a tile at ``spot`` (following ``p``): a
        line that runs up to the region's edge could then only leave it; a foot needs room
        for its toes (``strict``: room they will take, see :meth:`toes_fit`)."""
        cx, cy, angle, _hl, _hw, h = spot
        if double:
            return self.room_for_toes(cx, cy, angle, h) and (not strict or self.toes_fit(cx, cy, angle, h, p))
        ahead = HALF_L + GAP + SHORT
        return self.holds(cx + _r(ahead * COS[h]), cy + _r(ahead * SIN[h]))

    def room_for_toes(self, cx, cy, angle, h):
        """Whether the region holds the tips of the three ideal toes of a foot at ``(cx, cy)``
        lying at ``angle`` on a line heading ``h``: a toe that must leave the region is
        where a phone's followed view loses sight of its places."""
        for off in TOE_IDEAL:
            t = (h + off) % 360
            reach = ray_start((t - angle) % 360) + LONG + CLEAR // 2
            if not self.holds(cx + _r(reach * COS[t]), cy + _r(reach * SIN[t])):
                return False
        return True

    def toes_fit(self, cx, cy, angle, h, p):
        """Whether a foot laid at ``(cx, cy)`` on the line of ``p`` would take its three toes
        near it and in the region, as :meth:`toe` will place them.

        The toes are played next, before any other tile (the rules), so
        trying them here, on a stand-in foot undone after, is exact: a foot
        laid where this holds never has a toe pushed out of the region,
        where a phone's followed view could not frame it with the others.
        Each costs three toe searches: past ``TOE_TRIES`` in one placement
        this says no (the placement then takes a spot where the toes' tips
        merely stay in the region), which bounds a play's layout on a
        crowded table (the page lays out on MicroPython after every play).
        """
        if self.tries <= 0:
            return False
        self.tries -= 1
        mark = len(self.placed)
        extent = list(self.extent)
        ref = direction(cx - p[CX], cy - p[CY])
        self.add(STAND_IN, p[NAME], cx, cy, angle, HALF_L, HALF_S, h, 1, 0, True, None, 0, ref)
        foot = self.placed[-1]
        ok = True
        for slot in range(len(TOE_IDEAL)):
            # (Its best directions only: that they fit there means toe() finds them too.)
            if not self.toe_near(STAND_IN + str(slot), foot, slot, 0, self.toe_options(foot, slot)[:TOE_FIT_OPTIONS]):
                ok = False
                break
        self.undo(mark, extent)
        return ok

    def undo(self, mark, extent):
        """Take back every tile placed after the first ``mark`` (``extent``: the extent before them)."""
        while len(self.placed) > mark:
            t = self.placed.pop()
            for cell in self.cells(t[BOUNDS]):
                kept = self.grid[cell]
                kept.pop()      # (the last tile registered there)
                if not kept:
                    del self.grid[cell]
            del self.index[t[NAME]]
            left = self.kids[t[PARENT]] - 1
            if left:
                self.kids[t[PARENT]] = left
            else:
                del self.kids[t[PARENT]]
        self.extent = extent

    def line_spot(self, ex, ey, hp, turn, double, extra):
        """Where a tile goes after the end ``(ex, ey)`` of a tile heading ``hp``, turned by ``turn``.

        A plain tile hinges on the inner corner of the tile before (the side
        it turns to), so the two never overlap however sharp the turn; a
        double, crosswise, is pushed out just enough to clear that tile.
        Returns ``(cx, cy, angle, half_long, half_short, heading)``.
        """
        h = (hp + turn) % 360
        ux, uy = COS[h], SIN[h]
        # A double lies across its line: half its long side across, half its short side along.
        across, along = (HALF_L, HALF_S) if double else (HALF_S, HALF_L)
        angle = (h + 90) % 360 if double else h
        dist = GAP + along + extra
        if turn == 0:
            return (ex + _r(dist * ux), ey + _r(dist * uy), angle, HALF_L, HALF_S, h)
        side = 1 if turn > 0 else -1
        # The inner corner of the tile before, then back across the new tile's half width.
        nx, ny = -SIN[hp] * side, COS[hp] * side
        mx, my = -SIN[h] * side, COS[h] * side
        cx = ex + _r(HALF_S * nx - across * mx + dist * ux)
        cy = ey + _r(HALF_S * ny - across * my + dist * uy)
        return (cx, cy, angle, HALF_L, HALF_S, h)


def _ends(name):
    parts = name.split("-")
    return int(parts[0]), int(parts[1])


# ray_start by the ray's angle to the anchor's long side (the same for every anchor).
_STARTS = {}


def ray_start(rel):
    """How far from a tile's centre another, on a ray at ``rel`` degrees to its long side, starts clear of it.

    Every tile has the same size, so this depends on ``rel`` alone; the
    result is worked out once per angle (with a unit or two to spare for
    rounding where the tiles lie; placing still checks every tile).
    """
    known = _STARTS.get(rel)
    if known is not None:
        return known
    anchor = corners(0, 0, 0, HALF_L + CLEAR // 2, HALF_S + CLEAR // 2)
    ux, uy = COS[rel], SIN[rel]
    start = HALF_S
    while True:
        cx, cy = _r((start + HALF_L) * ux), _r((start + HALF_L) * uy)
        if not overlap(corners(cx, cy, rel, HALF_L + CLEAR // 2, HALF_S + CLEAR // 2), anchor):
            break
        start += STEP
    _STARTS[rel] = start + 2
    return start + 2

# The last layouts made, by (region, spokes): a page redraws the table after
# every play, and each placement depends only on the tiles before it, so a
# table that extends (or cuts short) the last one reuses its placements.
_CACHE = {}
_CACHE_MAX = 4


def _prefix(lay, table):
    """How many of ``table``'s first entries ``lay`` has already placed, as they are."""
    n = 0
    placed = lay.placed
    while n < len(placed) and n < len(table):
        if placed[n][NAME] != table[n]["tile"] or placed[n][PARENT] != table[n]["parent"]:
            break
        n += 1
    return n


def _truncate(lay, n):
    """Forget every tile of ``lay`` after the first ``n`` (rebuilding its indexes)."""
    keep = lay.placed[:n]
    lay.placed = []
    lay.index = {}
    lay.kids = {}
    lay.extent = [0, 0, 0, 0]
    lay.grid = {}
    for t in keep:
        lay.index[t[NAME]] = len(lay.placed)
        lay.placed.append(t)
        lay.register(t)
        for x, y in corners(t[CX], t[CY], t[ANGLE], t[HL], t[HW]):
            e = lay.extent
            e[0] = min(e[0], x)
            e[1] = min(e[1], y)
            e[2] = max(e[2], x)
            e[3] = max(e[3], y)
        if t[PARENT] is not None:
            lay.kids[t[PARENT]] = lay.kids.get(t[PARENT], 0) + 1


def region_of(shape):
    """The region (half width, half height) of a named shape, or a given pair."""
    if isinstance(shape, str):
        if shape not in REGIONS:
            raise ValueError("shape must be one of %s, not %r" % (", ".join(sorted(REGIONS)), shape))
        return REGIONS[shape]
    if (not isinstance(shape, (list, tuple)) or len(shape) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) and v >= LONG for v in shape)):
        raise ValueError("a region is [half_width, half_height], whole numbers >= %d, not %r" % (LONG, shape))
    return (shape[0], shape[1])


def layout(table, shape="wide", spokes=None):
    """The picture of ``table`` (a view's ``table`` list) as plain data.

    ``shape`` is ``"wide"``, ``"narrow"``, ``"frame"`` or ``"frame-narrow"`` (or ``[half_width,
    half_height]``): the region lines bend to stay in (and, named in
    ``FILL_SHAPES``, the shape they keep the picture to).  ``spokes`` is how many spokes the
    centre takes (the view's ``spokes_needed``), so that they spread evenly
    from the first play on; without it, eight directions are used.

    Returns ``{"tiles": [...], "connectors": [...], "box": [x, y, w, h]}``:
    each tile ``{"tile", "parent", "cx", "cy", "angle", "w", "h", "first",
    "double", "heading", "corners"}`` in the table's order: drawn as a
    ``w`` by ``h`` horizontal tile (``first``, the number nearer its parent,
    on the left) rotated by ``angle`` degrees about its centre; ``heading``
    is the way its line runs; ``corners`` its four corners.  A connector is
    a segment ``[[x0, y0], [x1, y1]]`` from a tile's parent to a tile that
    had to be placed further out.  ``box`` bounds every tile.  The tiles'
    dicts are shared with later calls: read them, do not change them.
    """
    region = region_of(shape)
    if spokes is not None and (not isinstance(spokes, int) or isinstance(spokes, bool) or not 1 <= spokes <= 8):
        raise ValueError("spokes must be a whole number from 1 to 8, not %r" % (spokes,))
    table = table or []
    notch = NOTCHES.get(shape) if isinstance(shape, str) else None
    fill = isinstance(shape, str) and shape in FILLED
    keep = FILL_SHAPES.get(shape) if isinstance(shape, str) else None
    key = (region[0], region[1], notch, fill, keep, spokes)
    lay = _CACHE.get(key)
    if lay is None:
        if len(_CACHE) >= _CACHE_MAX:
            _CACHE.clear()
        lay = _Table(region, spokes, notch, fill, keep)
        _CACHE[key] = lay
    n = _prefix(lay, table)
    if n < len(lay.placed):
        _truncate(lay, n)
    names = {}
    for t in lay.placed:
        names[t[NAME]] = True
    try:
        for entry in table[n:]:
            if entry["tile"] in names:
                raise ValueError("tile %s is on the table twice" % entry["tile"])
            if entry["parent"] is None and lay.placed:
                raise ValueError("the table has two centres: %s and %s" % (lay.placed[0][NAME], entry["tile"]))
            if entry["parent"] is not None and entry["parent"] not in names:
                raise ValueError("%s is attached to %s, which is not on the table before it"
                                 % (entry["tile"], entry["parent"]))
            lay.place(entry)
            names[entry["tile"]] = True
    except Exception:
        # A bad table changes nothing: the cache forgets what it half did.
        _truncate(lay, n)
        raise
    return _picture(lay)


def _picture(lay):
    tiles = []
    connectors = []
    for t in lay.placed:
        if t[OUT] is None:
            # Made once per placed tile (the page asks again after every play).
            t[OUT] = {"tile": t[NAME], "parent": t[PARENT], "cx": t[CX], "cy": t[CY], "angle": t[ANGLE],
                      "w": 2 * t[HL], "h": 2 * t[HW], "first": t[FIRST], "double": t[DOUBLE],
                      "heading": t[HEADING],
                      "corners": [list(c) for c in corners(t[CX], t[CY], t[ANGLE], t[HL], t[HW])]}
        tiles.append(t[OUT])
        if t[JUMP_FROM] is not None:
            along = t[HW] if t[DOUBLE] else t[HL]
            near = [t[CX] - _r(along * COS[t[HEADING]]), t[CY] - _r(along * SIN[t[HEADING]])]
            connectors.append([list(t[JUMP_FROM]), near])
    if not tiles:
        return {"tiles": [], "connectors": [], "box": [-LONG, -LONG, 2 * LONG, 2 * LONG]}
    e = lay.extent
    return {"tiles": tiles, "connectors": connectors, "box": [e[0], e[1], e[2] - e[0], e[3] - e[1]]}


def overlaps(tiles):
    """Pairs of tile names whose drawn rectangles overlap (touching edges do not count)."""
    found = []
    for i in range(len(tiles)):
        a = tiles[i]["corners"]
        for j in range(i + 1, len(tiles)):
            if overlap(a, tiles[j]["corners"]):
                found.append((tiles[i]["tile"], tiles[j]["tile"]))
    return found
