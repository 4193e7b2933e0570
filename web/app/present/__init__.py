"""Per-game presenters: how each game's position looks at the table.

One module per game draws its status, board, seat details and round
summary; the page, the review and the embeds all draw through it, so a
position looks the same everywhere.  :func:`of` is the one place a game
name picks its presenter: shared code never branches on the game.
"""

from engine import games

from app.present import cf, moon

_BY_GAME = {"chicken-foot": cf, "moon": moon}


def of(name):
    """The presenter module of game ``name`` (GameError for an unknown game)."""
    games.info(name)   # the registry's own error for an unknown name
    return _BY_GAME[name]
