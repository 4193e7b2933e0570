"""Moon's numbers: phases, bids, tile masks and the notation of tiles and suits.

What every other module of the package reads; it imports nothing of the
package.  Hands are bitmasks of tile ids (``1 << id``).
"""

from ..game import IllegalAction, PHASE_GAME_OVER, PHASE_NOT_DEALT, PHASE_PLAY, PHASE_ROUND_OVER
from ..moon_rules import MOON_BID, MOON_MASK, TRUMPS
from ..tiles import NAMES, TileError, parse

PHASE_BIDDING = "bidding"
PHASE_DISCARD = "discard"
PHASE_TRUMP = "trump"

# Phase codes: ints in the hot paths, names at the interface.
NOT_DEALT = 0
BIDDING = 1
DISCARD = 2
TRUMP = 3
PLAY = 4
ROUND_OVER = 5
GAME_OVER = 6
PHASE_NAMES = [PHASE_NOT_DEALT, PHASE_BIDDING, PHASE_DISCARD, PHASE_TRUMP, PHASE_PLAY,
               PHASE_ROUND_OVER, PHASE_GAME_OVER]

PASS = 0
BIDS = [4, 5, 6, 7, MOON_BID]
HAND_SIZE = 7

# The legal bids once the highest bid so far is `high` (0: none yet).
_BIDS_ABOVE = {}
for _high in [0, 4, 5, 6, 7]:
    _BIDS_ABOVE[_high] = [PASS] + [b for b in BIDS if b > _high]

_BID_TEXT = {PASS: "pass"}
for _b in BIDS:
    _BID_TEXT[_b] = str(_b)

TRUMP_MOVES = list(range(9))
_NEXT = [1, 2, 0]

# Bitmask -> tile ids, highest id first, by 7-bit chunks: four lookups
# instead of a loop over 28 bits (the hot spot of random play).
_CHUNKS = []
for _k in range(3, -1, -1):
    _table = []
    for _v in range(128):
        _table.append([7 * _k + _b for _b in range(6, -1, -1) if _v >> _b & 1])
    _CHUNKS.append(_table)
_C3, _C2, _C1, _C0 = _CHUNKS


def mask_ids(m):
    """The tile ids in bitmask ``m``, highest id first (``6-6`` .. ``0-0``)."""
    return _C3[m >> 21] + _C2[(m >> 14) & 127] + _C1[(m >> 7) & 127] + _C0[m & 127]


def _suit_text(suit):
    return "trumps" if suit == TRUMPS else "suit %d" % suit



# The Moon tiles' ids by their notation, either end first: a record's
# replay parses tens of thousands of tiles; anything else (spaces, a tile of
# no Moon set, not a tile) takes the long way, which says why.
_MOON_IDS = {}
for _t in range(len(NAMES)):
    if (MOON_MASK >> _t) & 1:
        _hi, _lo = NAMES[_t].split("-")
        _MOON_IDS[_hi + "-" + _lo] = _t
        _MOON_IDS[_lo + "-" + _hi] = _t


def parse_moon_tile(text):
    """The id of a Moon tile written ``text``; IllegalAction saying why otherwise."""
    t = _MOON_IDS.get(text) if isinstance(text, str) else None
    if t is not None:
        return t
    try:
        t = parse(text, 6)
    except TileError as exc:
        raise IllegalAction(str(exc), exc.key, exc.params)
    if not (MOON_MASK >> t) & 1:
        raise IllegalAction("%s is not in the Moon set (no tile bearing a blank but 0-0)" % NAMES[t],
                            "engine.moon.not_moon_tile", {"tile": NAMES[t]})
    return t



def tile_names_desc(mask):
    """The notation of the tiles in ``mask``, highest first (``6-6`` .. ``0-0``)."""
    return [NAMES[t] for t in mask_ids(mask)]



def _show(value):
    if isinstance(value, str):
        return "'%s'" % value
    return repr(value)


def _size(value):
    if isinstance(value, list):
        return "%d tiles" % len(value)
    return _show(value)
