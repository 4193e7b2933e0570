"""What a seat may see, copies, and rebuilding a playable state from a view.

:class:`Views` is one part of :class:`~engine.chickenfoot.ChickenFoot`.
"""

from ..game import Game, GameError, PHASE_NOT_DEALT, PHASE_PLAY
from ..tiles import NAMES, parse
from .numbers import ALL_TILES, ROUNDS, TOES, _is_int, _tiles_of


class Views:
    """A seat's view, an independent copy, and a state from a view plus a guess."""

    def view(self, seat):
        """What ``seat`` may see (JSON-able): never another hand or the yard's order."""
        if not _is_int(seat) or seat < 0 or seat >= self.players:
            raise GameError("seat must be 0 to %d, not %r" % (self.players - 1, seat), "engine.cf.bad_seat",
                            {"last": self.players - 1, "got": repr(seat)})
        in_play = self._phase == PHASE_PLAY
        dealt = self._phase != PHASE_NOT_DEALT
        to_act = self.seat if in_play else None
        foot = None
        if dealt and self.foot >= 0:
            foot = {"tile": NAMES[self.foot], "toes": self.toes, "needed": TOES - self.toes}
        return {
            "game": self.GAME,
            "seat": seat,
            "players": self.players,
            "names": list(self.names) if self.names is not None else None,
            "options": dict(self.options),
            "phase": self._phase,
            "to_act": to_act,
            "round": self.round_index if dealt else None,
            "rounds": ROUNDS,
            "double": NAMES[self.centre] if dealt else None,
            "first": self.first if dealt else None,
            "hand": [NAMES[t] for t in _tiles_of(self.hands[seat])],
            "hand_sizes": list(self.counts),
            "yard_size": len(self.yard) - self.ypos,
            "yard_reserve": self.reserve,
            "table": self.layout() if dealt else [],
            "open_ends": self.open_ends(),
            "open_foot": foot,
            "spokes": self.spokes,
            "spokes_needed": self.spokes_req,
            "totals": list(self._totals),
            "round_scores": self.round_scores(),
            "went_out": self.out_seat if (dealt and not in_play and self.out_seat >= 0) else None,
            "history": [list(h) for h in self._hist],
            "legal": self.legal_actions() if to_act == seat else [],
            "drawn_this_turn": in_play and self.drawn >= 0,
            "drawn_tile": NAMES[self.drawn] if (to_act == seat and self.drawn >= 0) else None,
        }

    # -- copies ------------------------------------------------------------
    def clone(self):
        """An independent copy (with the record so far when logging)."""
        g = type(self)(0, _blank=True)   # the class, without naming it (it is assembled in state.py)
        g.players = self.players
        g.options = dict(self.options)
        g.names = list(self.names) if self.names is not None else None
        g._rounds = []
        if self.log:
            g._rounds = self._clone_rounds()
        g.spokes_req = self.spokes_req
        g.reserve = self.reserve
        g.double_blank_50 = self.double_blank_50
        g.log = self.log
        g._phase = self._phase
        g.round_index = self.round_index
        g._totals = list(self._totals)
        g._scores = [list(s) for s in self._scores]
        g._hist = [list(h) for h in self._hist] if self.log else []
        g._from_view = self._from_view
        g.dnum = self.dnum
        g.centre = self.centre
        g.hands = list(self.hands)
        g.counts = list(self.counts)
        g.yard = self.yard            # never mutated: drawing moves ypos
        g.ypos = self.ypos
        g.first = self.first
        g.seat = self.seat
        g.drawn = self.drawn
        g.spokes = self.spokes
        g.foot = self.foot
        g.toes = self.toes
        g.ends = [list(e) for e in self.ends]
        g.open_nums = self.open_nums
        g._pmask = self._pmask
        g._target = self._target
        g.table = self.table
        g.parent = list(self.parent)
        g.matched = list(self.matched)
        g.placed = list(self.placed)
        g.out_seat = self.out_seat
        return g

    def record(self, copy=True):
        if self._from_view or not self.log:
            raise GameError("this state keeps no record (it was built for simulation)", "engine.cf.no_record")
        return Game.record(self, copy)

    @classmethod
    def from_view(cls, view, other_hands, yard, drawn=None):
        """A playable state from ``view`` (of any seat) plus the unseen tiles.

        ``other_hands`` lists every seat's hand (tile notation); the viewer's
        own entry is ignored (None is fine) and taken from the view.
        ``yard`` is the undrawn yard in draw order.  ``drawn`` names the tile
        the seat to act drew this turn when the view does not show it.  The
        state plays on under the rules but keeps no record.
        """
        g = cls(view["players"], view["options"], view.get("names"))
        g.log = False
        g._from_view = True
        phase = view["phase"]
        if phase == PHASE_NOT_DEALT:
            return g
        ri = view["round"]
        g.round_index = ri
        g._clear_round(ROUNDS - 1 - ri)
        g._phase = phase
        g._totals = list(view["totals"])
        g._scores = [list(s) for s in view["round_scores"]]
        g._hist = [list(h) for h in view["history"]]
        g.first = view["first"]
        g.seat = view["to_act"] if view["to_act"] is not None else 0
        viewer = view["seat"]
        seen = 0
        for entry in view["table"]:
            t = parse(entry["tile"])
            seen |= 1 << t
            if entry["parent"] is None:
                continue
            b = parse(entry["parent"])
            g._attach(t, b)
        hands = []
        for s in range(g.players):
            names = view["hand"] if s == viewer else other_hands[s]
            mask = 0
            for text in names:
                mask |= 1 << parse(text)
            if mask & seen:
                raise GameError("hand %d holds tiles already seen" % s, "engine.cf.view_seen", {"hand": s})
            seen |= mask
            if len(names) != view["hand_sizes"][s]:
                raise GameError("hand %d must hold %d tiles" % (s, view["hand_sizes"][s]), "engine.cf.view_hand_size",
                                {"hand": s, "size": view["hand_sizes"][s]})
            hands.append(mask)
        g.hands = hands
        g.counts = list(view["hand_sizes"])
        g.yard = [parse(text) for text in yard]
        for t in g.yard:
            if (seen >> t) & 1:
                raise GameError("%s is accounted for twice" % NAMES[t], "engine.cf.view_twice", {"tile": NAMES[t]})
            seen |= 1 << t
        if len(g.yard) != view["yard_size"]:
            raise GameError("the yard must hold %d tiles" % view["yard_size"], "engine.cf.view_yard_size",
                            {"size": view["yard_size"]})
        if seen != ALL_TILES:
            raise GameError("the tiles given do not complete the set", "engine.cf.view_incomplete")
        if view["drawn_this_turn"]:
            name = view.get("drawn_tile") or drawn
            if name is None:
                raise GameError("the seat to act drew a tile this turn: say which", "engine.cf.view_drawn")
            g.drawn = parse(name)
        if view.get("went_out") is not None:
            g.out_seat = view["went_out"]
        return g
