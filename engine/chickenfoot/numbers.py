"""Chicken Foot's numbers: the set's constants, its lookup masks, move notation.

What every other module of the package reads; it imports nothing of the
package.  A move is ``tile << 6 | target`` (tile ids from
:mod:`engine.tiles`), or :data:`DRAW` / :data:`PASS`.
"""

from ..tiles import HI, LO, NAMES

ROUNDS = 10
MIN_PLAYERS = 2
MAX_PLAYERS = 8
MAX_SPOKES = 8
TOES = 3
N_TILES = 55
ALL_TILES = (1 << N_TILES) - 1
# RULES.md "Hand size": players -> tiles dealt to each.
HAND_SIZES = [0, 0, 21, 14, 11, 8, 7, 6, 5]
DOUBLE_BLANK = 0          # tile id of 0-0
DOUBLE_BLANK_BONUS = 50

DRAW = -1
PASS = -2

# NUM_MASK[n]: every tile bearing n.
NUM_MASK = [0] * 10
for _t in range(N_TILES - 1, -1, -1):
    NUM_MASK[HI[_t]] |= 1 << _t
    NUM_MASK[LO[_t]] |= 1 << _t
# NUMS_TO_TILES[m]: every tile bearing a number of the set m (a 10-bit mask):
# one lookup answers "can this hand play on any open end".
NUMS_TO_TILES = [0] * 1024
for _m in range(1, 1024):
    _low = 0
    while not (_m >> _low) & 1:
        _low += 1
    NUMS_TO_TILES[_m] = NUMS_TO_TILES[_m & (_m - 1)] | NUM_MASK[_low]


# BIT_INDEX[1 << t] == t: the lowest set bit of a mask (p & -p) to its tile,
# portably (MicroPython's int has no bit_length()).
BIT_INDEX = {}
for _t in range(N_TILES):
    BIT_INDEX[1 << _t] = _t



def _is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)



def hand_size(players):
    """Tiles dealt to each player (RULES.md "Hand size")."""
    return HAND_SIZES[players]


def move_name(move):
    """The record notation of an internal move."""
    if move == DRAW:
        return "draw"
    if move == PASS:
        return "pass"
    return NAMES[move >> 6] + ">" + NAMES[move & 63]


def _tiles_of(mask):
    """The tile ids in ``mask``, high id first."""
    out = []
    t = N_TILES - 1
    while mask and t >= 0:
        if (mask >> t) & 1:
            out.append(t)
            mask ^= 1 << t
        t -= 1
    return out


