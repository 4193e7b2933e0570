"""Per-game presenters: how each game's position looks at the table.

One module per game draws its status, board, seat details and round
summary; the page, the review and the embeds all draw through it, so a
position looks the same everywhere.  :func:`of` is the one place a game
name picks its presenter: shared code never branches on the game.
"""

from engine import games

from app.names import iso
from app.present import cf, moon

_BY_GAME = {"chicken-foot": cf, "moon": moon}


def of(name):
    """The presenter module of game ``name`` (GameError for an unknown game)."""
    games.info(name)   # the registry's own error for an unknown name
    return _BY_GAME[name]


class Seats:
    """What a presenter reads of a game besides its views: the game and its seats' names.

    A :class:`~app.session.Session` is one; the embeds, which hold only an
    engine game and a record, make one of these.
    """

    def __init__(self, game, names):
        self.game = game
        self.names = names

    def iso(self, seat):
        return iso(self.names[seat])
