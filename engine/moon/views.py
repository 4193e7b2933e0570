"""What a seat may see, copies, and rebuilding a playable state from a view.

:class:`Views` is one part of :class:`~engine.moon.Moon`.
"""

from ..game import Game, GameError
from ..moon_rules import LED, MOON_MASK, TRUMPS, trump_code, trump_text
from ..tiles import NAMES, popcount
from .numbers import (BIDDING, DISCARD, NOT_DEALT, PASS, PHASE_NAMES, PLAY, ROUND_OVER, _BID_TEXT, _NEXT, _show,
                      parse_moon_tile, tile_names_desc)


class Views:
    """A seat's view, an independent copy, and a state from a view plus a guess."""

    def view(self, seat):
        """What ``seat`` may see: a JSON-able dict (never another hand; the
        widow and the discard only for the bidder, once taken)."""
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < 3:
            raise GameError("a seat is 0, 1 or 2, not %s" % _show(seat), "engine.moon.bad_seat", {"got": _show(seat)})
        code = self.code
        bidding_over = code >= DISCARD and self.bidder >= 0
        mine = seat == self.bidder and bidding_over
        sizes = [popcount(h) for h in self.hands]
        return {
            "game": self.GAME,
            "seat": seat,
            "players": 3,
            "names": list(self.names) if self.names is not None else None,
            "phase": PHASE_NAMES[code],
            "to_act": self.current_seat(),
            "round": self.hand_no - 1 if self.hand_no else None,
            "first": self.first if self.first >= 0 else None,
            "hand": tile_names_desc(self.hands[seat]),
            "hand_sizes": sizes,
            "bids": [[b[0], _BID_TEXT[b[1]]] for b in self.bids],
            "bidder": self.bidder if self.bidder >= 0 else None,
            "bid": self.high if self.bidder >= 0 else None,
            "widow": NAMES[self.widow] if mine else None,
            "discard": NAMES[self.discard] if mine and self.discard >= 0 else None,
            "trump": trump_text(self.trump) if self.trump >= 0 else None,
            "leader": self.leader if self.leader >= 0 else None,
            "trick": self._trick_pairs(),
            # The suit the trick in progress calls (its first tile's: the rules' one place,
            # moon_rules.LED): a number "0"-"6" or "trumps"; None with no trick begun.
            "led": self._led(),
            "tricks": [{"leader": tr[0], "tiles": [NAMES[t] for t in tr[1]], "winner": tr[2]}
                       for tr in self.tricks],
            "tricks_won": list(self.won),
            "totals": list(self.totals_),
            "round_scores": self.round_scores(),
            "legal": self.legal_actions() if seat == self.to_act else [],
            "winners": list(self.won_game),
        }

    def _led(self):
        if not self.trick:
            return None
        led = LED[self.trump][self.trick[0]]
        return "trumps" if led == TRUMPS else str(led)

    def _trick_pairs(self):
        out = []
        s = self.leader
        for t in self.trick:
            out.append([s, NAMES[t]])
            s = _NEXT[s]
        return out

    def solver_position(self):
        """The position in play with every hand known, as :func:`engine.ai.moon_solver.solve` takes it.

        ``hands`` (masks by seat), ``trump``, ``leader``, ``bidder``, ``trick``
        (the tiles of the trick in progress) and ``tricks_won`` (the bidder's
        so far): the registry's solver is called ``solve(**position)``.
        GameError outside the play phase.
        """
        if self.code != PLAY:
            raise GameError("only a hand in its play phase can be solved", "engine.not_in_play")
        return {"hands": list(self.hands), "trump": self.trump, "leader": self.leader, "bidder": self.bidder,
                "trick": tuple(self.trick), "tricks_won": self.won[self.bidder]}

    # -- copies ---------------------------------------------------------------
    def clone(self):
        """An independent copy (the record included when logging)."""
        g = type(self)(_blank=True)   # the class, without naming it (it is assembled in state.py)
        g.players = 3
        g.options = {}
        g.names = list(self.names) if self.names is not None else None
        g.log = self.log
        if self.log:
            g._rounds = self._clone_rounds()
        else:
            g._rounds = []
        g.totals_ = list(self.totals_)
        # A hand's scores are never changed once appended.  A slice, not list():
        # MicroPython copies a slice at once, list() item by item (a thousand
        # hands, a clone a hand: the replay viewer's snapshots).
        g.hand_scores = self.hand_scores[:]
        g.first0 = self.first0
        g.hand_no = self.hand_no
        g.code = self.code
        g.won_game = list(self.won_game)
        g.first = self.first
        g.hands = list(self.hands)
        g.widow = self.widow
        g.to_act = self.to_act
        g.bids = [list(b) for b in self.bids]
        g.high = self.high
        g.bidder = self.bidder
        g.discard = self.discard
        g.trump = self.trump
        g.leader = self.leader
        g.trick = list(self.trick)
        g.tricks = [[tr[0], list(tr[1]), tr[2]] for tr in self.tricks]
        g.won = list(self.won)
        return g

    def record(self, copy=True):
        if not self.log:
            raise GameError("this is a simulation state (log=False): it keeps no record", "engine.moon.no_record")
        return Game.record(self, copy)

    @classmethod
    def from_view(cls, view, other_hands, hidden=None):
        """A playable simulation state (``log=False``) from ``view`` plus a guess
        of what the viewer cannot see.

        ``other_hands`` lists the current hand of every seat (notation); the
        viewer's own entry is ignored (it may be None).  ``hidden`` is the tile
        in no hand and not played: the widow while bidding, the discard after
        it (the viewer's view already shows it if they are the bidder), None in
        the discard step (the widow is then in the bidder's hand).
        GameError if the tiles do not add up to the 22 exactly once.
        """
        if view.get("game") != cls.GAME:
            raise GameError("not a Moon view", "engine.moon.not_view")
        code = PHASE_NAMES.index(view["phase"])
        if code == NOT_DEALT:
            raise GameError("nothing to simulate before the first deal", "engine.moon.sim_not_dealt")
        seat = view["seat"]
        g = cls(3, None, view.get("names"), log=False)
        g.first0 = (view["first"] - view["round"]) % 3
        g.hand_no = view["round"] + 1
        g.code = code
        g.totals_ = list(view["totals"])
        g.hand_scores = [list(s) for s in view["round_scores"]]
        g.won_game = list(view.get("winners", []))
        g.first = view["first"]
        g.to_act = view["to_act"] if view["to_act"] is not None else -1
        g.bids = []
        for b in view["bids"]:
            g.bids.append([b[0], PASS if b[1] == "pass" else int(b[1])])
        g.bidder = view["bidder"] if view["bidder"] is not None else -1
        g.high = view["bid"] if view["bid"] is not None else 0
        if g.bidder < 0 and g.bids:
            g.high = max([b[1] for b in g.bids])
        g.trump = trump_code(view["trump"]) if view["trump"] is not None else -1
        g.leader = view["leader"] if view["leader"] is not None else -1
        seen = 0
        g.trick = []
        for pair in view["trick"]:
            t = parse_moon_tile(pair[1])
            g.trick.append(t)
            seen = _take(seen, t)
        g.tricks = []
        for tr in view["tricks"]:
            tiles = [parse_moon_tile(x) for x in tr["tiles"]]
            for t in tiles:
                seen = _take(seen, t)
            g.tricks.append([tr["leader"], tiles, tr["winner"]])
        g.won = list(view["tricks_won"])
        hands = [0, 0, 0]
        for s in range(3):
            source = view["hand"] if s == seat else other_hands[s]
            m = 0
            for x in source:
                t = parse_moon_tile(x)
                seen = _take(seen, t)
                m |= 1 << t
            if popcount(m) != view["hand_sizes"][s]:
                raise GameError("seat %d holds %d tiles, not %d" % (s, view["hand_sizes"][s], popcount(m)),
                                "engine.moon.sim_hand_size", {"seat": s, "size": view["hand_sizes"][s], "got": popcount(m)})
            hands[s] = m
        g.hands = hands
        widow = view.get("widow") if seat == g.bidder else None
        discard = view.get("discard") if seat == g.bidder else None
        if code == BIDDING or (code == ROUND_OVER and g.bidder < 0):
            g.widow = parse_moon_tile(_need(hidden, "the widow"))
            seen = _take(seen, g.widow)
        elif code == DISCARD:
            if widow is not None:
                g.widow = parse_moon_tile(widow)
        else:
            if discard is None:
                discard = _need(hidden, "the discard")
            g.discard = parse_moon_tile(discard)
            seen = _take(seen, g.discard)
            if widow is not None:
                g.widow = parse_moon_tile(widow)
        if seen != MOON_MASK:
            raise GameError("the hands, the tricks and the hidden tile must hold the 22 tiles exactly once",
                            "engine.moon.sim_incomplete")
        return g



def _take(seen, t):
    if (seen >> t) & 1:
        raise GameError("tile %s appears twice" % NAMES[t], "engine.moon.sim_twice", {"tile": NAMES[t]})
    return seen | (1 << t)


def _need(value, what):
    if value is None:
        raise GameError("%s is hidden from this seat: give a guess for it" % what,
                        "engine.moon.hidden_widow" if what == "the widow" else "engine.moon.hidden_discard")
    return value
