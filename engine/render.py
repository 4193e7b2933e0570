"""SVG pictures of tiles: pure functions returning strings.

Each half of a tile is a square showing its number with the pip patterns of
a real double-nine set, laid on a 3x3 grid (7 is two columns of three plus
the centre, 8 the ring without the centre, 9 the full grid).  Output is
deterministic text (integer coordinates, fixed attribute order), so the same
call gives the same bytes on CPython, Pyodide and MicroPython.

Geometry is in viewBox units: a half is ``UNIT`` x ``UNIT``; ``size`` (pixels
per half) only sets the ``width``/``height`` attributes.
"""

from . import tiles
from .game import PHASE_GAME_OVER, PHASE_ROUND_OVER

UNIT = 100
PIP_RADIUS = 9
ORIENTATIONS = ("horizontal", "vertical")

# Grid cells (row, column), 0..2 each, for a half seen upright (as on a
# tile standing vertically).  A horizontal tile turns them a quarter turn.
_TL, _TC, _TR = (0, 0), (0, 1), (0, 2)
_ML, _C, _MR = (1, 0), (1, 1), (1, 2)
_BL, _BC, _BR = (2, 0), (2, 1), (2, 2)
PIP_CELLS = (
    (),
    (_C,),
    (_TL, _BR),
    (_TL, _C, _BR),
    (_TL, _TR, _BL, _BR),
    (_TL, _TR, _C, _BL, _BR),
    (_TL, _TR, _ML, _MR, _BL, _BR),
    (_TL, _TR, _ML, _C, _MR, _BL, _BR),
    (_TL, _TC, _TR, _ML, _MR, _BL, _BC, _BR),
    (_TL, _TC, _TR, _ML, _C, _MR, _BL, _BC, _BR),
)
# Pip centres along one side of a half, in units from its edge.
_OFFSETS = (25, 50, 75)

_SVG_OPEN = (
    '<svg xmlns="http://www.w3.org/2000/svg" class="%s" viewBox="0 0 %d %d" '
    'width="%d" height="%d" role="img" aria-label="%s">'
)
_FACE = (
    '<rect class="tile-face" x="2" y="2" width="%d" height="%d" rx="12" '
    'fill="#fbf8ef" stroke="#2b2b2b" stroke-width="4"/>'
)


def _tile_id(tile):
    if isinstance(tile, str):
        return tiles.parse(tile)
    if isinstance(tile, int) and not isinstance(tile, bool) and 0 <= tile < len(tiles.NAMES):
        return tile
    raise tiles.TileError("a tile is a name like '9-5' or an id 0-%d, not %r" % (len(tiles.NAMES) - 1, tile))


def _check_orientation(orientation):
    if orientation not in ORIENTATIONS:
        raise ValueError("orientation must be 'horizontal' or 'vertical', not %r" % (orientation,))


def _check_size(size):
    if not isinstance(size, int) or isinstance(size, bool) or size <= 0:
        raise ValueError("size is a positive whole number of pixels, not %r" % (size,))


def _pips(n, x0, y0, turned):
    """The pips of number ``n`` in the half whose corner is ``(x0, y0)``: one ``<path class="pip">``
    of ``n`` circles, each drawn from its leftmost point ``M x y`` by two half-circle arcs
    (nothing for a blank).

    One element a half, not one a pip: a late table drew some 500 elements, most of them pips,
    and each redraw after a person's move styled and laid out every one inside the click.
    """
    if not n:
        return ""
    out = []
    for row, col in PIP_CELLS[n]:
        if turned:
            row, col = col, 2 - row
        out.append(_PIP % (x0 + _OFFSETS[col] - PIP_RADIUS, y0 + _OFFSETS[row]))
    return '<path class="pip" d="%s" fill="#1d1d1d"/>' % "".join(out)


_PIP = "M%%d %%da%d %d 0 1 0 %d 0a%d %d 0 1 0 %d 0" % (
    PIP_RADIUS, PIP_RADIUS, 2 * PIP_RADIUS, PIP_RADIUS, PIP_RADIUS, -2 * PIP_RADIUS)


# Rendered tiles by their arguments: a table or a rack redraws the same few
# dozen tiles on every update, and on MicroPython building one costs far more
# than a lookup.  Bounded by the arguments' small range (55 tiles, 2
# orientations, 2 orders, a few sizes).
_TILE_CACHE = {}
_TILE_CACHE_MAX = 2000


def tile_svg(tile, orientation="horizontal", first=None, crosswise=False, size=40):
    """An SVG picture of ``tile`` (a name like ``"9-5"`` or a tile id).

    ``orientation`` is ``"horizontal"`` (halves side by side) or
    ``"vertical"`` (one above the other).  ``first`` is the number drawn
    left/top; by default the high end.  With ``crosswise`` a double is drawn
    across that orientation, as doubles lie in a line of play; other tiles
    ignore it.  ``size`` is the pixel size of one half.  Raises
    :class:`~engine.tiles.TileError` for a bad tile and ``ValueError`` for a
    bad orientation, ``first`` or ``size``.
    """
    # Only plain arguments are cached: 2.0 == 2 and True == 1 as keys, yet
    # those are refused.
    plain = (isinstance(tile, str) and type(size) is int and type(crosswise) is bool
             and (first is None or type(first) is int))
    key = (tile, orientation, first, crosswise, size)
    if plain and key in _TILE_CACHE:
        return _TILE_CACHE[key]
    svg = _tile_svg(tile, orientation, first, crosswise, size)
    if not plain:
        return svg
    if len(_TILE_CACHE) >= _TILE_CACHE_MAX:
        _TILE_CACHE.clear()
    _TILE_CACHE[key] = svg
    return svg


def _tile_svg(tile, orientation, first, crosswise, size):
    t = _tile_id(tile)
    _check_orientation(orientation)
    _check_size(size)
    hi, lo = tiles.ends(t)
    if first is None or first == hi:
        a, b = hi, lo
    elif first == lo:
        a, b = lo, hi
    else:
        raise ValueError("first must be an end of %s, not %r" % (tiles.name(t), first))
    if crosswise and hi == lo:
        orientation = "vertical" if orientation == "horizontal" else "horizontal"
    turned = orientation == "horizontal"
    if turned:
        w, h, dx, dy = 2 * UNIT, UNIT, UNIT, 0
    else:
        w, h, dx, dy = UNIT, 2 * UNIT, 0, UNIT
    parts = [
        _SVG_OPEN % ("tile", w + 4, h + 4, (w + 4) * size // UNIT, (h + 4) * size // UNIT, tiles.name(t)),
        _FACE % (w, h),
    ]
    if turned:
        parts.append('<line class="tile-line" x1="%d" y1="14" x2="%d" y2="%d" stroke="#2b2b2b" stroke-width="3"/>'
                     % (UNIT + 2, UNIT + 2, h - 10))
    else:
        parts.append('<line class="tile-line" x1="14" y1="%d" x2="%d" y2="%d" stroke="#2b2b2b" stroke-width="3"/>'
                     % (UNIT + 2, w - 10, UNIT + 2))
    parts.append('<g class="half" data-pips="%d">%s</g>' % (a, _pips(a, 2, 2, turned)))
    parts.append('<g class="half" data-pips="%d">%s</g>' % (b, _pips(b, 2 + dx, 2 + dy, turned)))
    parts.append("</svg>")
    return "".join(parts)


def tile_back_svg(orientation="horizontal", size=40, label="face-down tile"):
    """An SVG picture of a face-down tile (same outline as :func:`tile_svg`); ``label`` names it."""
    _check_orientation(orientation)
    _check_size(size)
    if orientation == "horizontal":
        w, h = 2 * UNIT, UNIT
    else:
        w, h = UNIT, 2 * UNIT
    return "".join([
        _SVG_OPEN % ("tile tile-back", w + 4, h + 4, (w + 4) * size // UNIT, (h + 4) * size // UNIT, escape(label)),
        '<rect class="tile-face" x="2" y="2" width="%d" height="%d" rx="12" '
        'fill="#2f5d50" stroke="#2b2b2b" stroke-width="4"/>' % (w, h),
        '<rect class="tile-inlay" x="14" y="14" width="%d" height="%d" rx="6" '
        'fill="none" stroke="#d9c79a" stroke-width="3"/>' % (w - 24, h - 24),
        "</svg>",
    ])


def tile_backs_svg(count, size=40, gap=2, label="face-down tiles"):
    """``count`` face-down tiles standing side by side, ``gap`` px apart, as one SVG named ``label``.

    Each tile is drawn as :func:`tile_back_svg` draws a vertical one at ``size``
    (its box ``(UNIT + 4) * size // UNIT`` px wide).  One picture rather than
    one per tile: a seat's hidden hand redrawn at every move cost the page an
    SVG to parse, style and lay out per tile.
    """
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise ValueError("count must be a positive int, not %r" % (count,))
    _check_size(size)
    if isinstance(gap, bool) or not isinstance(gap, int) or gap < 0:
        raise ValueError("gap must be an int >= 0, not %r" % (gap,))
    w, h = UNIT, 2 * UNIT
    tile_px = (w + 4) * size // UNIT
    step = (w + 4) + gap * (w + 4) // tile_px     # one tile and its gap, in the tiles' units
    parts = [_SVG_OPEN % ("tile-backs", step * (count - 1) + w + 4, h + 4, tile_px * count + gap * (count - 1),
                          (h + 4) * size // UNIT, escape(label))]
    parts[0] = parts[0][:-1] + ' preserveAspectRatio="none">'
    # Two paths (every face, every inlay), each tile a rounded rectangle: two elements for a hand.
    parts.append('<path class="tile-face" fill="#2f5d50" stroke="#2b2b2b" stroke-width="4" d="%s"/>'
                 % "".join([_rounded(k * step + 2, 2, w, h, 12) for k in range(count)]))
    parts.append('<path class="tile-inlay" fill="none" stroke="#d9c79a" stroke-width="3" d="%s"/>'
                 % "".join([_rounded(k * step + 14, 14, w - 24, h - 24, 6) for k in range(count)]))
    parts.append("</svg>")
    return "".join(parts)


def _rounded(x, y, w, h, r):
    """Path data of the rectangle ``x, y, w, h`` with corners of radius ``r`` (as ``<rect rx>``)."""
    return "M%d %dh%da%d %d 0 0 1 %d %dv%da%d %d 0 0 1 %d %dh%da%d %d 0 0 1 %d %dv%da%d %d 0 0 1 %d %dz" % (
        x + r, y, w - 2 * r, r, r, r, r, h - 2 * r, r, r, -r, r, -(w - 2 * r), r, r, -r, -r,
        -(h - 2 * r), r, r, r, -r)


# --- the Chicken Foot table ---------------------------------------------------

def escape(text):
    """``text`` safe inside SVG/HTML text and attribute values.  A control character (a
    record's name may hold any: RULES.md limits only its length) is drawn as its Unicode
    control picture, U+2400 on: XML allows none of them, and a NUL cut the page's HTML
    short at it (a shared record's replay lost its buttons)."""
    text = str(text)
    done = _ESCAPED.get(text)
    if done is None:
        done = _escape(text)
        if len(_ESCAPED) >= _ESCAPED_KEEP:
            _ESCAPED.clear()
        _ESCAPED[text] = done
    return done


# A page draws the same few hundred strings (names, labels, log lines) at every redraw:
# escaping each anew cost MicroPython 15 us a string, some 2 ms of a move's redraw.
_ESCAPED = {}
_ESCAPED_KEEP = 1000


def _escape(text):
    # min() of the UTF-8 bytes walks them in C (a control character is one byte below 32).
    if text and min(text.encode()) < 32:
        text = "".join([chr(0x2400 + ord(x)) if ord(x) < 32 and x not in "\t\n\r" else x for x in text])
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#39;"))


_NESTED = '<svg xmlns="http://www.w3.org/2000/svg" class="tile'


def placed_tile_svg(entry, size=50, extra_class=""):
    """One tile of a layout (``engine.layout``): a ``<g>`` rotated and moved to its place.

    The ``<g>`` carries ``data-tile`` and, but for the centre, ``data-on``
    (the tile it joins); it holds nothing but the tile's picture, so its
    ``getBBox()`` is the tile's rectangle (UI-CONTRACT.md).
    """
    svg = tile_svg(entry["tile"], orientation="horizontal", first=entry["first"], size=size)
    classes = "tile" + (" " + extra_class if extra_class else "")
    svg = svg.replace(_NESTED, '<svg x="%d" y="%d" class="%s' % (-(entry["w"] // 2), -(entry["h"] // 2), classes), 1)
    on = ' data-on="%s"' % entry["parent"] if entry["parent"] is not None else ""
    return '<g data-tile="%s"%s transform="%s">%s</g>' % (entry["tile"], on, _place(entry), svg)


def _place(entry):
    return "translate(%d %d) rotate(%d)" % (entry["cx"], entry["cy"], entry["angle"])


def _ring(entry, cls, pad, fixed=False):
    """An outline round a placed tile (outside its ``<g>``, which must hold only the tile).

    ``fixed``: its stroke in screen pixels (``non-scaling-stroke``), for a
    desktop's big table, scaled down a lot, whose outlines must stay
    visible (a phone zooms in instead, and would then draw them thick).
    """
    return ('<rect class="%s" x="%d" y="%d" width="%d" height="%d" rx="14" transform="%s"%s/>'
            % (cls, -(entry["w"] // 2) - pad, -(entry["h"] // 2) - pad, entry["w"] + 2 * pad, entry["h"] + 2 * pad,
               _place(entry), ' vector-effect="non-scaling-stroke"' if fixed else ""))


def _bounds_of(entry):
    xs = [c[0] for c in entry["corners"]]
    ys = [c[1] for c in entry["corners"]]
    return min(xs), min(ys), max(xs), max(ys)


def _label_box(lx, ly, width, size):
    """The box ``x0, y0, x1, y1`` a label of ``width`` and text ``size`` takes with its baseline's middle at ``(lx, ly)``."""
    return (lx - width // 2, ly - size, lx + width // 2, ly + size // 4)


def _label_spot(entry, tiles, width, size, frame=None):
    """Where the open foot's label goes (its baseline's middle): below the foot, else
    above, right or left of it, the first clear of every tile; then the same four a
    tile's width further out, and the four corners; if none is clear, the one that
    covers least of the tiles (by their bounding boxes).

    With ``frame`` (the tiles' box ``x0, y0, x1, y1`` and the box in px the picture
    is fitted to, ``bw, bh``), of the spots clear of every tile the one that makes
    the fitted picture least larger, the first of equals: a label out past the edge
    of a table as wide as its box would draw every tile smaller.
    """
    x0, y0, x1, y1 = _bounds_of(entry)
    cx = (x0 + x1) // 2
    cy = (y0 + y1) // 2 + size // 3
    spots = []
    for gap in (10, 70):     # next to the foot, then past a neighbouring tile (50 units across)
        spots += [(cx, y1 + gap + size), (cx, y0 - gap - size // 4),
                  (x1 + gap + width // 2, cy), (x0 - gap - width // 2, cy)]
    spots += [(x1 + width // 2, y1 + size + 10), (x0 - width // 2, y1 + size + 10),
              (x1 + width // 2, y0 - 10 - size // 4), (x0 - width // 2, y0 - 10 - size // 4)]
    boxes = [_bounds_of(t) for t in tiles]
    best = None
    clear = None
    for lx, ly in spots:
        a = _label_box(lx, ly, width, size)
        covered = 0
        for b in boxes:
            if not (b[2] <= a[0] or a[2] <= b[0] or b[3] <= a[1] or a[3] <= b[1]):
                covered += (min(a[2], b[2]) - max(a[0], b[0])) * (min(a[3], b[3]) - max(a[1], b[1]))
        if covered == 0:
            if frame is None:
                return lx, ly
            fx0, fy0, fx1, fy1, bw, bh = frame
            w = max(fx1, a[2]) - min(fx0, a[0])
            h = max(fy1, a[3]) - min(fy0, a[1])
            need = max(w * bh, h * bw)
            if clear is None or need < clear[0]:
                clear = (need, lx, ly)
        elif best is None or covered < best[0]:
            best = (covered, lx, ly)
    if clear is not None:
        return clear[1], clear[2]
    return best[1], best[2]


def _ratio(a, b):
    """``a / b`` as a decimal with two places, from integers (the same text on every interpreter)."""
    hundredths = (a * 100 + b // 2) // b
    return "%d.%02d" % (hundredths // 100, hundredths % 100)


# Room round the table's tiles for rings and badges (viewBox units); a
# phone's table keeps less, its every unit counts.
TABLE_MARGINS = {"wide": 30, "narrow": 16, "frame": 30, "frame-narrow": 16}
# The box (px) each shape's picture is fitted to on the page: the badges and
# the label are sized for it, so they stay legible when a big table is
# scaled down (BADGE_PX: a badge's radius, TEXT_PX: the texts' size).
TABLE_BOXES = {"wide": (984, 445), "narrow": (736, 658),   # a phone's 368x329, zoomed in twice (panzoom.js)
               # a rules diagram's frame on a desktop and on a phone (engine.layout.DIAGRAM_BOXES_PX)
               "frame": (688, 416), "frame-narrow": (318, 416)}
BADGE_PX = 11
TEXT_PX = 14


# The shapes drawn scaled down a lot, never zoomed in: their outlines keep
# their width in screen pixels (see _ring).  (Not a diagram's: drawn at a tile
# 42 px long or so (engine.layout.DIAGRAM_TILE_PX), its outlines scale with its
# tiles.  The desktop's kept 5 px and 12 px dashes round a 30 px tile, and the
# open foot's dashed ring read as four gold blobs.)
ZOOMED_OUT = ("wide",)
# The rules diagrams' shapes (web/embed): drawn whole in their frame, at one scale.
DIAGRAMS = ("frame", "frame-narrow")


def table_svg(view, targets=None, margin=None, shape="wide", min_size=None, fresh=None, words=None):
    """The Chicken Foot table of ``view`` as one SVG (``data-table``) whose viewBox fits the layout.

    ``shape`` (``"wide"``, ``"narrow"``, ``"frame"`` or ``"frame-narrow"``) is the region the layout's lines
    keep to (:func:`engine.layout.layout`); ``margin`` the room round the
    tiles (by default :data:`TABLE_MARGINS` of the shape).  ``targets`` lists the table
    tiles the selected hand tile may join: each gets a solid ring and a
    number badge (1, 2, ...) matching the place buttons.  The open foot
    that must be covered gets a dashed ring and a "cover" label, so neither
    relies on colour alone.  ``min_size`` (``[w, h]`` in viewBox units)
    keeps a small table from being blown up to fill its box (centred on
    the tiles; on the narrow shape, on the centre double); ``[x, y, w, h]``
    is a box the picture holds at the least.  The tile
    named ``fresh`` (the last one played) gets the class ``fresh`` and a
    ``ring-fresh`` outline, for the page to highlight or animate.  ``words``
    (optional, for other languages) gives the picture's texts: ``summary``
    (its accessible name, default :func:`table_summary`) and ``cover`` (the
    open foot's label, default ``"cover N more"``).  A round's last position
    (the view's phase is round-over or game-over) carries ``data-over``.
    """
    words = words or {}
    from .layout import layout

    picture = layout(view.get("table") or [], shape, view.get("spokes_needed") or None)
    if margin is None:
        margin = TABLE_MARGINS.get(shape, 30) if isinstance(shape, str) else 30
    x0, y0, w, h = picture["box"]
    x1, y1 = x0 + w, y0 + h
    targets = targets or []
    foot = view.get("open_foot")
    foot_tile = foot["tile"] if foot else None
    by_tile = {}
    for entry in picture["tiles"]:
        by_tile[entry["tile"]] = entry
    # Units per pixel once fitted, roughly (never below 1: a small table is not blown up).
    bw, bh = TABLE_BOXES.get(shape, TABLE_BOXES["wide"]) if isinstance(shape, str) else TABLE_BOXES["wide"]
    per_px = max(1, (max((x1 - x0 + 2 * margin) * 1000 // bw, (y1 - y0 + 2 * margin + 40) * 1000 // bh) + 999) // 1000)
    badge_r = max(20, BADGE_PX * per_px)
    fixed = shape in ZOOMED_OUT
    text = max(24, TEXT_PX * per_px)
    # The tiles' box, and with a 4-value min_size the box the picture holds anyway (less the margin).
    held = (x0, y0, x1, y1)
    if min_size and len(min_size) == 4:
        held = (min(x0, min_size[0] + margin), min(y0, min_size[1] + margin),
                max(x1, min_size[0] + min_size[2] - margin), max(y1, min_size[1] + min_size[3] - margin))
    if shape in DIAGRAMS:
        # A diagram is drawn at one scale, never zoomed: its label TEXT_PX on screen, not up to
        # a pixel per unit more (rounded up, the phone's label took 40 % of its picture's width).
        per_mille = max((held[2] - held[0] + 2 * margin) * 1000 // bw, (held[3] - held[1] + 2 * margin) * 1000 // bh)
        text = max(24, TEXT_PX * per_mille // 1000)
    label = None
    cover = ""
    if foot_tile in by_tile:
        cover = words.get("cover") or "cover %d more" % foot["needed"]
        width = len(cover) * text * 6 // 10
        # (A spot inside the box the picture holds anyway costs nothing.)
        label = _label_spot(by_tile[foot_tile], picture["tiles"], width, text, held + (bw, bh))
        x0, x1 = min(x0, label[0] - width // 2), max(x1, label[0] + width // 2)
        y0, y1 = min(y0, label[1] - text), max(y1, label[1] + text // 3)
    x, y = x0 - margin, y0 - margin
    w, h = x1 - x0 + 2 * margin, y1 - y0 + 2 * margin
    if min_size and shape == "narrow":
        # At least the box of that size round the centre double: a phone's
        # region keeps the corner the zoom tools cover free (engine.layout's
        # notch), which is where the tools are only if the region's centre
        # is the picture's.
        x0, y0 = min(x, -(min_size[0] // 2)), min(y, -(min_size[1] // 2))
        w, h = max(x + w, min_size[0] - min_size[0] // 2) - x0, max(y + h, min_size[1] - min_size[1] // 2) - y0
        x, y = x0, y0
    elif min_size and len(min_size) == 4:
        # At least that box (a diagram's: its round's last table, so every step has one scale
        # and no tile moves on screen from one step to the next).
        x0, y0 = min(x, min_size[0]), min(y, min_size[1])
        w, h = max(x + w, min_size[0] + min_size[2]) - x0, max(y + h, min_size[1] + min_size[3]) - y0
        x, y = x0, y0
    elif min_size:
        if w < min_size[0]:
            x -= (min_size[0] - w) // 2
            w = min_size[0]
        if h < min_size[1]:
            y -= (min_size[1] - h) // 2
            h = min_size[1]
    # A round's last position says so (``data-over``): the page then shows its table whole.
    over = ' data-over=""' if view.get("phase") in (PHASE_ROUND_OVER, PHASE_GAME_OVER) else ""
    parts = ['<svg xmlns="http://www.w3.org/2000/svg" class="table-svg" data-table=""%s viewBox="%d %d %d %d" '
             'role="img" aria-label="%s">' % (over, x, y, w, h, escape(words.get("summary") or table_summary(view)))]
    for line in picture["connectors"]:
        # A tile that had to be placed further out: a thin dotted line to its place.
        parts.append('<line class="connector" x1="%d" y1="%d" x2="%d" y2="%d" stroke="#d9c79a" '
                     'stroke-width="4" stroke-dasharray="3 8" stroke-linecap="round"/>'
                     % (line[0][0], line[0][1], line[1][0], line[1][1]))
    for entry in picture["tiles"]:
        cls = ""
        if entry["tile"] == foot_tile:
            cls = "open-foot"
        elif entry["tile"] in targets:
            cls = "target"
        if entry["tile"] == fresh:
            cls = (cls + " fresh").strip()
        parts.append(placed_tile_svg(entry, extra_class=cls))
    if fresh in by_tile:
        # (A double just played is the open foot too: it gets both outlines.)
        parts.append(_ring(by_tile[fresh], "ring ring-fresh", 4, fixed))
    if label is not None:
        parts.append(_ring(by_tile[foot_tile], "ring ring-foot", 8, fixed))
        # Sized by a transform (the page's CSS sets the font; inline styles are
        # refused), outlined to read over anything beneath it.
        parts.append('<text class="label" x="0" y="0" text-anchor="middle" transform="translate(%d %d) scale(%s)" '
                     'stroke="#163a2f" stroke-width="5" stroke-linejoin="round" paint-order="stroke">%s</text>'
                     % (label[0], label[1], _ratio(text, 24), escape(cover)))
    taken = []
    # What a phone's view frames while places are offered (web/panzoom.js): the places, the
    # open foot and its label. A badge inside that box is in view at no cost in zoom.
    focus = [_bounds_of(by_tile[t]) for t in targets + [foot_tile] if t in by_tile]
    if label is not None:
        b = _label_box(label[0], label[1], width, text)
        taken.append([(b[0], b[1]), (b[2], b[1]), (b[2], b[3]), (b[0], b[3])])
        focus.append(b)
    focus = (min([b[0] for b in focus]), min([b[1] for b in focus]),
             max([b[2] for b in focus]), max([b[3] for b in focus])) if focus else None
    for i in range(len(targets)):
        entry = by_tile.get(targets[i])
        if entry is None:
            continue
        parts.append(_ring(entry, "ring ring-target", 6, fixed))
        cx, cy, square = _badge_spot(entry, picture["tiles"], badge_r, taken, (x, y, x + w, y + h), focus)
        taken.append(square)
        parts.append('<circle class="badge" cx="%d" cy="%d" r="%d"/>' % (cx, cy, badge_r))
        parts.append('<text class="badge-text" x="0" y="9" text-anchor="middle" transform="translate(%d %d) scale(%s)">'
                     '%d</text>' % (cx, cy, _ratio(badge_r, 20), i + 1))
    parts.append("</svg>")
    return "".join(parts)


# How far (viewBox units) a badge may reach into a tile from its edge: no pip
# of a placed tile comes nearer its edge than 9 units (a pip's edge, at either
# end and either side), and the badge's white outline is 1.5 units wide.
PIP_RIM = 7


def _pip_zone(entry):
    """The part of a placed tile where pips are drawn: its rectangle less :data:`PIP_RIM` all round."""
    from .layout import corners

    return corners(entry["cx"], entry["cy"], entry["angle"], entry["w"] // 2 - PIP_RIM, entry["h"] // 2 - PIP_RIM)


def _past(box, x, y, r):
    """How far the square of half side ``r`` round ``(x, y)`` reaches past ``box`` (``x0, y0, x1, y1``) at most."""
    return max(box[0] - x + r, box[1] - y + r, x + r - box[2], y + r - box[3])


def _badge_spot(entry, tiles, r, taken, frame, focus=None):
    """Where the number badge (radius ``r``) of the target ``entry`` goes: its centre and the
    square round it (corners, turned with the tile).

    The badge hangs off the tile's edge, reaching no further into it than
    :data:`PIP_RIM`: over a corner, it hid a pip of nine badges in ten,
    often of the very end a person reads to match.  The spots, in turn: past
    the end the line runs on to (where the next tile would go), that end's
    corners (the one on screen's top right first), the sides, the other
    end's corners, the other end.  The first that hides nothing and stays
    inside ``frame`` (the picture's ``x0, y0, x1, y1``) and off the other
    tiles and, if it can, inside ``focus`` (the box a phone's view frames,
    ``x0, y0, x1, y1``: past the open end of a place at that box's edge, a
    badge was cut by the view's edge, or cost the places their size); failing
    that, by what is worse: hiding a pip of its own tile (:func:`_pip_zone`),
    an earlier badge or the label (``taken``: their corners); cut by the frame
    by more than a quarter of its radius; hiding another tile's pip; cut at
    all; covering another tile's rim (where it reads as that tile's);
    outside ``focus``.
    """
    from .layout import COS, SIN, corners, overlap, _r

    a = r - PIP_RIM
    ex, ey = entry["w"] // 2 + a, entry["h"] // 2 + a
    angle = entry["angle"]
    ux, uy = COS[angle], SIN[angle]
    hx, hy = COS[entry["heading"] % 360], SIN[entry["heading"] % 360]
    along, across = ux * hx + uy * hy, -uy * hx + ux * hy      # the line's way in the tile's frame
    if abs(along) >= abs(across):
        f = (ex if along >= 0 else -ex, 0)
        ahead, side, behind = [(f[0], ey), (f[0], -ey)], [(0, ey), (0, -ey)], [(-f[0], ey), (-f[0], -ey)]
    else:
        f = (0, ey if across >= 0 else -ey)
        ahead, side, behind = [(ex, f[1]), (-ex, f[1])], [(ex, 0), (-ex, 0)], [(ex, -f[1]), (-ex, -f[1])]

    def place(pq):
        p, q = pq
        return entry["cx"] + _r(p * ux - q * uy), entry["cy"] + _r(p * uy + q * ux)

    def top_right_first(pair):
        # (Compared, not sorted: MicroPython's sort is not stable, and a tie, a tile at 45
        # degrees, then came out in another order than on CPython. Ties go to the right.)
        a, b = place(pair[0]), place(pair[1])
        return pair if (a[0] - a[1], a[0]) >= (b[0] - b[1], b[0]) else [pair[1], pair[0]]

    own = _pip_zone(entry)
    spots = [f] + top_right_first(ahead) + side + top_right_first(behind) + [(-f[0], -f[1])]
    # Only tiles this near can meet a badge round it (the badge's furthest centre, its
    # square's half diagonal, another tile's half diagonal, with room): a late table has
    # some sixty tiles, and a phone's MicroPython runs this at every tile chosen.
    near = entry["w"] // 2 + a + 2 * r + 60
    others = []
    for t in tiles:
        if t is not entry and abs(t["cx"] - entry["cx"]) < near and abs(t["cy"] - entry["cy"]) < near:
            others.append((t["corners"], _pip_zone(t)))
    best = None
    for i in range(len(spots)):
        bx, by = place(spots[i])
        square = corners(bx, by, angle, r, r)
        worst = overlap(square, own)
        for t in taken:
            worst = worst or overlap(square, t)
        hides = touches = False
        for rect, zone in others:
            if overlap(square, rect):
                touches = True
                if overlap(square, zone):
                    hides = True
                    break
        out = _past(frame, bx, by, r)
        beyond = focus is not None and _past(focus, bx, by, r) > 0
        key = (worst, out > r // 4, hides, out > 0, touches, beyond, i)
        if best is None or key < best[0]:
            best = (key, bx, by, square)
        if not (worst or hides or out > 0 or beyond or touches):
            break
    return best[1], best[2], best[3]


def table_summary(view):
    """A sentence describing the table for screen readers."""
    table = view.get("table") or []
    if not table:
        return "The table is empty."
    text = "Table: centre %s, %d of %d spokes, %d tiles played" % (
        view.get("double"), view.get("spokes", 0), view.get("spokes_needed", 0), len(table))
    foot = view.get("open_foot")
    if foot:
        text += "; the foot on %s needs %d more" % (foot["tile"], foot["needed"])
    ends = view.get("open_ends") or []
    if ends:
        text += "; open ends: " + ", ".join(["%d on %s" % (e[1], e[0]) for e in ends])
    return text + "."


def hand_tile_svg(name, size=36):
    """A hand tile standing upright, as shown in the player's rack."""
    return tile_svg(name, orientation="vertical", size=size)
