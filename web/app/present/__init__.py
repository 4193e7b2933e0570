"""Per-game presenters: how each game's position looks at the table.

One module per game draws its status, board, seat details and round
summary; the page, the review and the embeds all draw through it, so a
position looks the same everywhere.  the registry's ``presenter`` hook
picks it (:func:`of`): shared code never branches on the game.
"""

from engine import games

from app.names import iso
from app.present import cf, moon

# Keyed by the registry's presenter hook, not by game name: the registry says
# which presenter draws a game (GameError for an unknown game).
_BY_PRESENTER = {"cf": cf, "moon": moon}


def of(name):
    """The presenter module of game ``name`` (GameError for an unknown game)."""
    return _BY_PRESENTER[games.info(name).presenter]


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
