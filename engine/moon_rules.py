"""Three-Player Moon's suits, ranks and tricks: the one place these rules live.

Everything here is a pure function of tiles (ids from :mod:`engine.tiles`)
and the trump choice, precomputed into per-trump tables so that the engine
and the solver look rules up instead of recomputing them.

Trump codes: ``0``..``6`` a number, :data:`DOUBLES` (7), :data:`NO_TRUMP` (8).
Suit codes: ``0``..``6`` the number suits, :data:`TRUMPS` (7) the trump suit.
"""

from .tiles import HI, LO, NAMES, tile_id

DOUBLES = 7
NO_TRUMP = 8
TRUMP_CODES = list(range(9))
TRUMPS = 7                     # the suit code of the trump suit
SUITS = list(range(8))
TRICKS = 7                     # tricks in a hand
MOON_BID = 21                  # "shooting the moon": all seven tricks
WIN_SCORE = 21                 # the total that wins the game

# The 22 tiles: double-six without any tile bearing a blank, except 0-0.
MOON_TILES = [t for t in range(28) if LO[t] > 0 or t == 0]
MOON_MASK = 0
for _t in MOON_TILES:
    MOON_MASK |= 1 << _t


def trump_code(text):
    """``"5"`` / ``"doubles"`` / ``"none"`` → trump code; ValueError otherwise."""
    if text == "doubles":
        return DOUBLES
    if text == "none":
        return NO_TRUMP
    if len(text) == 1 and "0" <= text <= "6":
        return ord(text) - 48
    raise ValueError("trumps are a number 0-6, 'doubles' or 'none', not '%s'" % text)


def trump_text(code):
    """The record notation of trump code ``code``."""
    if code == DOUBLES:
        return "doubles"
    if code == NO_TRUMP:
        return "none"
    return str(code)


def is_trump(t, trump):
    """Whether tile ``t`` is a trump (a tile bearing the trump number is only a trump)."""
    if trump == NO_TRUMP:
        return False
    if trump == DOUBLES:
        return HI[t] == LO[t]
    return HI[t] == trump or LO[t] == trump


def suits_of(t, trump):
    """The suits tile ``t`` belongs to, as a sorted list of suit codes."""
    if is_trump(t, trump):
        return [TRUMPS]
    if HI[t] == LO[t]:
        return [HI[t]]
    return [LO[t], HI[t]]


def led_suit(t, trump):
    """The suit a lead of ``t`` calls: trumps, else its higher number."""
    return TRUMPS if is_trump(t, trump) else HI[t]


def rank(t, suit, trump):
    """``t``'s rank within ``suit`` (higher wins), or -1 if it is not in it.

    The double ranks highest (7), then the others by their other number.  With
    doubles trump the trump suit ranks the doubles by their number.
    """
    if suit not in suits_of(t, trump):
        return -1
    if suit == TRUMPS:
        if trump == DOUBLES:
            return HI[t]
        if HI[t] == LO[t]:
            return 7
        return LO[t] if HI[t] == trump else HI[t]
    if HI[t] == LO[t]:
        return 7
    return LO[t] if HI[t] == suit else HI[t]


# Per-trump tables: SUIT_MASK[trump][suit] is the bitmask of the tiles in that
# suit; LED[trump][t] the suit a lead calls; POWER[trump][led][t] a number that
# orders the tiles of a trick (trumps above the suit led above the rest, 0).
SUIT_MASK = []
LED = []
POWER = []
for _trump in TRUMP_CODES:
    masks = [0] * len(SUITS)
    led = [-1] * 28
    for _t in MOON_TILES:
        for _s in suits_of(_t, _trump):
            masks[_s] |= 1 << _t
        led[_t] = led_suit(_t, _trump)
    power = []
    for _led in SUITS:
        row = [0] * 28
        for _t in MOON_TILES:
            r = rank(_t, TRUMPS, _trump)
            if r >= 0:
                row[_t] = 20 + r
            else:
                r = rank(_t, _led, _trump)
                row[_t] = 10 + r if r >= 0 else 0
        power.append(row)
    SUIT_MASK.append(masks)
    LED.append(led)
    POWER.append(power)


def follow_mask(hand_mask, led, trump):
    """The tiles of ``hand_mask`` that may be played to a trick led in suit ``led``.

    Those of the suit led if it holds any, else every tile: the one statement
    of "follow suit" (the engine's legal moves and its refusals ask it).
    """
    m = hand_mask & SUIT_MASK[trump][led]
    return m if m else hand_mask


def trick_winner(tiles, trump):
    """The index (in play order) of the tile that wins, so far, a trick of ``tiles``.

    The highest :data:`POWER` under the suit the first tile led: the highest
    trump, else the highest tile of the suit led (the engine, the players and
    the solver's tests ask this; the tables come from :func:`rank`).
    """
    power = POWER[trump][LED[trump][tiles[0]]]
    best = 0
    top = power[tiles[0]]
    for i in range(1, len(tiles)):
        p = power[tiles[i]]
        if p > top:
            best, top = i, p
    return best


def tricks_needed(bid):
    """The tricks a bid of ``bid`` must win: the bid itself, all seven for :data:`MOON_BID` (21)."""
    return TRICKS if bid == MOON_BID else bid


def tile_names(mask):
    """The notation of every tile in bitmask ``mask``, in id order."""
    out = []
    t = 0
    while mask:
        if mask & 1:
            out.append(NAMES[t])
        mask >>= 1
        t += 1
    return out


assert len(MOON_TILES) == 22 and tile_id(0, 0) in MOON_TILES
