"""The Chicken Foot state: its fields, a round's reset and the match's progress.

:class:`ChickenFoot` is assembled from the package's parts, each a module of
its own: :class:`~.play.Play` (the turn, fast path), :class:`~.table.Table`
(constraints and open ends), :class:`~.explain.Notation` (checked actions
and refusals), :class:`~.deal.Dealing` and :class:`~.views.Views`.  The
parts share the fields :meth:`ChickenFoot._clear_round` sets.
"""

from ..games import deal_fields
from ..game import Game, GameError, PHASE_GAME_OVER, PHASE_NOT_DEALT, PHASE_PLAY
from ..tiles import double
from .deal import Dealing
from .explain import Notation
from .numbers import MAX_PLAYERS, MIN_PLAYERS, N_TILES, _is_int
from .options import OPTIONS, default_options
from .play import Play
from .score import hand_score
from .table import Table
from .views import Views


# The hot parts first: MicroPython looks methods up through the bases in order.
class ChickenFoot(Play, Table, Notation, Dealing, Views, Game):
    """A Chicken Foot match: 10 rounds from 9-9 down to 0-0."""

    GAME = "chicken-foot"
    OPTIONS = OPTIONS
    DEAL_FIELDS = deal_fields("chicken-foot")   # the registry holds them

    def __init__(self, players, options=None, names=None, log=True, _blank=False):
        if _blank:
            return      # clone() fills every field (MicroPython has no cls.__new__)
        if not _is_int(players) or players < MIN_PLAYERS or players > MAX_PLAYERS:
            raise GameError("Chicken Foot takes %d to %d players, not %r" % (MIN_PLAYERS, MAX_PLAYERS, players),
                            "engine.cf.players", {"min": MIN_PLAYERS, "max": MAX_PLAYERS, "got": repr(players)})
        Game.__init__(self, players, options, names)
        self.spokes_req = self.options["spokes"]
        self.reserve = self.options["yard_reserve"]
        self.double_blank_50 = self.options["double_blank_50"]
        #: False in simulations: no record, no history (faster).
        self.log = log
        self._phase = PHASE_NOT_DEALT
        self.round_index = -1
        self._totals = [0] * players
        self._scores = []
        self._hist = []
        self._from_view = False
        self._clear_round(9)

    def hand_score(self, hand):
        """What ``hand`` (tile names) scores at the end of a round under this game's options."""
        return hand_score(hand, self.double_blank_50)

    @classmethod
    def default_options(cls, players):
        return default_options(players)

    def _clear_round(self, dnum):
        self.dnum = dnum                  # the round's number
        self.centre = double(dnum)        # its tile id
        self.hands = [0] * self.players   # bitmasks
        self.counts = [0] * self.players
        self.yard = []
        self.ypos = 0                     # next tile to draw
        self.first = 0
        self.seat = 0
        self.drawn = -1                   # tile drawn this turn, or -1
        self.spokes = 0                   # trains on the centre
        self.foot = -1                    # the open foot (a double), or -1
        self.toes = 0                     # its toes so far
        self.ends = [[] for _n in range(10)]   # per number: tiles whose free end it is
        self.open_nums = 0                # numbers with a free end (10-bit mask)
        self.table = 1 << self.centre     # tiles on the table
        self.parent = [-1] * N_TILES
        self.matched = [-1] * N_TILES
        self.placed = [self.centre]       # table tiles in the order played
        self.out_seat = -1                # who went out, or -1 (blocked)
        self._constrain()

    # -- the interface ------------------------------------------------------
    def phase(self):
        return self._phase

    def current_seat(self):
        return self.seat if self._phase == PHASE_PLAY else None

    def totals(self):
        return list(self._totals)

    def round_scores(self):
        return [list(s) for s in self._scores]

    def winners(self):
        if self._phase != PHASE_GAME_OVER:
            return []
        low = min(self._totals)
        return [s for s in range(self.players) if self._totals[s] == low]

    def yard_size(self):
        return len(self.yard) - self.ypos
