"""What a hand left at the end of a round scores (RULES.md "Scoring"): the one place.

The engine's round end, the computer players and the page's summary all
ask :func:`tile_score` / :func:`hand_score`.
"""

from ..tiles import PIPS, parse
from .numbers import DOUBLE_BLANK, DOUBLE_BLANK_BONUS


def tile_score(t, double_blank_50):
    """What tile id ``t`` counts in a hand at the end of a round (RULES.md "Scoring").

    Its pips, except ``0-0`` with the ``double_blank_50`` option: 50.  The one
    place this rule lives; the computer players and the page ask it.
    """
    return DOUBLE_BLANK_BONUS if (t == DOUBLE_BLANK and double_blank_50) else PIPS[t]


def hand_score(hand, double_blank_50=False):
    """The score of a hand left at the end of a round: tile names (``"9-5"``) or ids."""
    total = 0
    for tile in hand:
        total += tile_score(parse(tile) if isinstance(tile, str) else tile, double_blank_50)
    return total


def _pip_total(mask, double_blank_50):
    total = 0
    t = 0
    while mask:
        if mask & 1:
            total += tile_score(t, double_blank_50)
        mask >>= 1
        t += 1
    return total


