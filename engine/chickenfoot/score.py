"""What a hand left at the end of a round scores (RULES.md "Scoring"): the one place.

The engine's round end, the computer players and the page's summary all
ask :func:`tile_score` / :func:`hand_score`.
"""

from ..tiles import PIPS, parse
from .numbers import BIT_INDEX, DOUBLE_BLANK, DOUBLE_BLANK_BONUS, N_TILES


def tile_score(t, double_blank_50):
    """What tile id ``t`` counts in a hand at the end of a round (RULES.md "Scoring").

    Its pips, except ``0-0`` with the ``double_blank_50`` option: 50.  The one
    place this rule lives; the computer players and the page ask it.
    """
    return DOUBLE_BLANK_BONUS if (t == DOUBLE_BLANK and double_blank_50) else PIPS[t]


# Per tile id, its score without and with double_blank_50 (tile_score, looked up).
_SCORES = [[tile_score(t, False) for t in range(N_TILES)], [tile_score(t, True) for t in range(N_TILES)]]


def hand_score(hand, double_blank_50=False):
    """The score of a hand left at the end of a round: tile names (``"9-5"``) or ids."""
    total = 0
    for tile in hand:
        total += tile_score(parse(tile) if isinstance(tile, str) else tile, double_blank_50)
    return total


def _pip_total(mask, double_blank_50):
    # Every playout ends here (once per seat): visit the set bits only, not all 55.
    scores = _SCORES[1 if double_blank_50 else 0]
    total = 0
    while mask:
        low = mask & -mask
        total += scores[BIT_INDEX[low]]
        mask ^= low
    return total


