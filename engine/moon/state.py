"""The Moon state: its fields, a hand's reset and the game's progress.

:class:`Moon` is assembled from the package's parts, each a module of its
own: :class:`~.play.Play` (the fast path), :class:`~.explain.Notation`
(checked actions and refusals), :class:`~.deal.Dealing` and
:class:`~.views.Views`.  The parts share the fields
:meth:`Moon._clear_hand` sets.
"""

from ..games import deal_fields
from ..game import Game, GameError
from .deal import Dealing
from .explain import Notation
from .numbers import NOT_DEALT, PHASE_NAMES
from .play import Play
from .views import Views


# The hot part first: MicroPython looks methods up through the bases in order.
class Moon(Play, Notation, Dealing, Views, Game):
    """A game of Three-Player Moon: a mutable state (see :mod:`engine.game`).

    ``log=False`` makes a simulation state: no record is kept (``record()``
    then raises), which is what playouts of the computer players want.
    """

    GAME = "moon"
    OPTIONS = []
    DEAL_FIELDS = deal_fields("moon")   # the registry holds them

    def __init__(self, players=3, options=None, names=None, log=True, _blank=False):
        if _blank:
            return      # clone() fills every field (MicroPython has no cls.__new__)
        if players != 3:
            raise GameError("Three-Player Moon is played by exactly 3 players, not %s" % (players,),
                            "engine.moon.players", {"got": "%s" % (players,)})
        Game.__init__(self, players, options, names)
        self.log = log
        self.totals_ = [0, 0, 0]
        self.hand_scores = []       # scores of every finished hand, in order
        self.first0 = -1            # hand 0's first bidder (the rotation's origin)
        self.hand_no = 0            # hands dealt so far
        self.code = NOT_DEALT
        self.won_game = []          # the winners once the game is over
        self._clear_hand()

    @classmethod
    def default_options(cls, players):
        return {}

    def _clear_hand(self):
        self.first = -1
        self.hands = [0, 0, 0]      # current hands, bitmasks
        self.widow = -1
        self.to_act = -1
        self.bids = []              # [seat, bid] in order; bid 0 is a pass
        self.high = 0
        self.bidder = -1
        self.discard = -1
        self.trump = -1
        self.leader = -1            # who leads the current trick
        self.trick = []             # tile ids of the current trick, in play order
        self.tricks = []            # completed: [leader, [tiles in play order], winner]
        self.won = [0, 0, 0]        # tricks won this hand

    def current_seat(self):
        return self.to_act if self.to_act >= 0 else None

    def phase(self):
        return PHASE_NAMES[self.code]

    def totals(self):
        return list(self.totals_)

    def round_scores(self):
        return [s[:] for s in self.hand_scores]   # slices: MicroPython's list() copies item by item

    def last_scores(self):
        # Game's, without copying every hand's: a record's replay checks each hand's.
        return list(self.hand_scores[-1]) if self.hand_scores else None

    def winners(self):
        return list(self.won_game)

    def trick_just_won(self):
        """The seat that won the trick just completed (before the next one's first tile), else None.

        What the log says after a play, without building a whole view (a
        view copies every hand's scores: a hundred times the work after a
        thousand hands)."""
        return self.tricks[-1][2] if self.tricks and not self.trick else None

    def bid(self):
        """The winning bid of this hand (0 before or without one)."""
        return self.high if self.bidder >= 0 else 0
