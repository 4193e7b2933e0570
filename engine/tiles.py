"""Tiles: identities, notation and pips.

A tile is an ``int`` id internally: ``hi * (hi + 1) // 2 + lo`` with
``hi >= lo``.  Ids are dense, so a double-N set is exactly the ids
``0 .. (N+1)(N+2)/2 - 1`` and a set of tiles fits in a bitmask.  The
notation is ``"hi-lo"`` (``"9-5"``, ``"0-0"``); input in either order is
accepted, output is always high end first.
"""

MAX_PIP = 9

# Tables for every tile up to double-nine: lookups beat arithmetic in the
# engines' hot loops.
HI = []
LO = []
NAMES = []
for _hi in range(MAX_PIP + 1):
    for _lo in range(_hi + 1):
        HI.append(_hi)
        LO.append(_lo)
        NAMES.append("%d-%d" % (_hi, _lo))
PIPS = [HI[_t] + LO[_t] for _t in range(len(HI))]
IS_DOUBLE = [HI[_t] == LO[_t] for _t in range(len(HI))]
_BY_NAME = {}
for _t in range(len(NAMES)):
    _BY_NAME[NAMES[_t]] = _t
    _BY_NAME["%d-%d" % (LO[_t], HI[_t])] = _t


class TileError(ValueError):
    """A text that is not a tile of the set in play.

    ``key`` and ``params`` name the message in the translation catalogs.
    """

    def __init__(self, message, key=None, params=None):
        super().__init__(message)
        self.key = key
        self.params = params if params is not None else {}


def tile_id(a, b):
    """The id of the tile with ends ``a`` and ``b`` (either order)."""
    if a < b:
        a, b = b, a
    return a * (a + 1) // 2 + b


def double(n):
    """The id of the double ``n-n``."""
    return n * (n + 1) // 2 + n


def set_size(max_pip):
    """How many tiles a double-``max_pip`` set has."""
    return (max_pip + 1) * (max_pip + 2) // 2


def parse(text, max_pip=MAX_PIP):
    """The id of the tile written ``text`` (``"9-5"`` or ``"5-9"``).

    Raises :class:`TileError` saying why for anything else, including a
    tile above ``max_pip``.
    """
    if not isinstance(text, str):
        raise TileError("a tile is written as text like '9-5', not %r" % (text,),
                        "engine.tile_not_text", {"got": repr(text)})
    t = _BY_NAME.get(text.strip())
    if t is None:
        raise TileError("'%s' is not a tile: write it as two numbers 0-9 joined by '-', like '9-5'" % text,
                        "engine.not_a_tile", {"text": text})
    if HI[t] > max_pip:
        raise TileError("'%s' is not in a double-%d set" % (text, max_pip),
                        "engine.tile_not_in_set", {"text": text, "max": max_pip})
    return t


def name(t):
    """The notation of tile id ``t``, high end first."""
    return NAMES[t]


def ends(t):
    """``(hi, lo)`` of tile id ``t``."""
    return HI[t], LO[t]


def other_end(t, n):
    """The end of tile ``t`` that is not ``n`` (``n`` itself for a double)."""
    return LO[t] if HI[t] == n else HI[t]


def pips(t):
    """The pip total of tile ``t``."""
    return PIPS[t]


def is_double(t):
    return IS_DOUBLE[t]


def popcount(mask):
    """How many tiles the bitmask ``mask`` holds (MicroPython has no ``int.bit_count``)."""
    n = 0
    while mask:
        mask &= mask - 1
        n += 1
    return n


def full_set(max_pip):
    """Every tile id of a double-``max_pip`` set, in id order."""
    return list(range(set_size(max_pip)))
