"""The checked way to play: record notation in, the state changed or a reason why not.

:class:`Notation` is one part of :class:`~engine.chickenfoot.ChickenFoot`:
``legal_actions``/``apply`` of :mod:`engine.game`, which validate, explain
a refusal (text, catalog key, params) and log the record.
"""

from ..game import IllegalAction, PHASE_GAME_OVER, PHASE_NOT_DEALT, PHASE_PLAY
from ..tiles import IS_DOUBLE, NAMES, PIPS, TileError, parse
from .numbers import DRAW, NUMS_TO_TILES, PASS, TOES, move_name


class Notation:
    """Actions as text, and the reasons a refused one gets."""

    def legal_actions(self):
        """The legal actions in record notation: plays high tile first, then draw/pass."""
        moves = self.legal_moves()
        moves.sort(reverse=True)
        return [move_name(m) for m in moves]

    def parse_action(self, action):
        """The internal move written ``action`` (either tile order); IllegalAction if malformed."""
        if not isinstance(action, str):
            raise IllegalAction("an action is text like '9-5>9-9', 'draw' or 'pass', not %r" % (action,),
                                "engine.cf.action_not_text", {"got": repr(action)})
        text = action.strip()
        if text == "draw":
            return DRAW
        if text == "pass":
            return PASS
        parts = text.split(">")
        if len(parts) != 2:
            raise IllegalAction("'%s' is not an action: write 'draw', 'pass' or a play like '9-5>9-9'" % action,
                                "engine.cf.not_action", {"text": action})
        for part in parts:
            try:
                parse(part)
            except TileError as exc:
                raise IllegalAction(str(exc), exc.key, exc.params)
        t = parse(parts[0])
        b = parse(parts[1])
        return (t << 6) | b

    def apply(self, action, seat=None):
        """Apply one action in record notation; IllegalAction (state unchanged) if not legal.

        With ``seat``, the action is refused unless that seat is to act.
        """
        if self._phase != PHASE_PLAY:
            raise IllegalAction(self._not_in_play(), "engine.not_in_play")
        if seat is not None and seat != self.seat:
            raise IllegalAction("it is seat %d's turn" % self.seat, "engine.not_your_turn", {"seat": self.seat})
        move = self.parse_action(action)
        if move not in self.legal_moves():
            raise IllegalAction(*self._why_illegal(move))
        self._apply_logged(move)

    def _apply_logged(self, move):
        """:meth:`apply_move`, written down in the record (and its scores if it ends the round)."""
        if not self.log:
            self.apply_move(move)
            return
        name = move_name(move)
        self._log_action(name)
        self._hist.append([self.seat, name])
        self.apply_move(move)
        if self._phase != PHASE_PLAY:
            self._log_scores(self._scores[-1])

    def _not_in_play(self):
        if self._phase == PHASE_NOT_DEALT:
            return "no round has been dealt yet"
        if self._phase == PHASE_GAME_OVER:
            return "the game is over"
        return "round %d is over: deal the next round" % self.round_index

    def _can_play(self):
        return bool(self.hands[self.seat] & self.playable_mask())

    def _why_illegal(self, move):
        """Why ``move`` is illegal: (English text, catalog key, its params)."""
        yard_left = len(self.yard) - self.ypos
        if move == DRAW:
            if self.drawn >= 0:
                return "you have already drawn this turn (one draw per turn)", "engine.cf.drawn_already", {}
            if self._can_play():
                return "you can play, so you may not draw", "engine.cf.can_play_no_draw", {}
            return ("the yard is down to its reserve of %d tile%s: you may not draw" % (
                self.reserve, "" if self.reserve == 1 else "s"), "engine.cf.yard_reserve", {"count": self.reserve})
        if move == PASS:
            if self.drawn >= 0:
                return ("you drew %s and can play it, so you must play it" % NAMES[self.drawn],
                        "engine.cf.play_drawn", {"tile": NAMES[self.drawn]})
            if self._can_play():
                return "you can play, so you may not pass", "engine.cf.can_play_no_pass", {}
            return ("you cannot play, so you must draw (the yard has %d tiles, reserve %d)" % (yard_left, self.reserve),
                    "engine.cf.must_draw", {"yard": yard_left, "reserve": self.reserve})
        t = move >> 6
        b = move & 63
        tn = NAMES[t]
        bn = NAMES[b]
        if not (self.hands[self.seat] >> t) & 1:
            if (self.table >> t) & 1:
                return "%s is already on the table" % tn, "engine.cf.on_table", {"tile": tn}
            return "you do not hold %s" % tn, "engine.not_held", {"tile": tn}
        if self.drawn >= 0 and t != self.drawn:
            if self.legal_moves() == [PASS]:
                return ("you drew %s, which cannot be played: pass" % NAMES[self.drawn],
                        "engine.cf.drawn_unplayable", {"tile": NAMES[self.drawn]})
            return ("you drew %s: it is the only tile you may play now" % NAMES[self.drawn],
                    "engine.cf.drawn_only", {"tile": NAMES[self.drawn]})
        if not (self.table >> b) & 1:
            return "%s is not on the table" % bn, "engine.cf.not_on_table", {"tile": bn}
        centre = NAMES[self.centre]
        if self.spokes < self.spokes_req:
            if b != self.centre:
                return ("the centre %s must first receive %d trains (it has %d): play on %s" % (
                    centre, self.spokes_req, self.spokes, centre), "engine.cf.centre_first",
                    {"centre": centre, "needed": self.spokes_req, "has": self.spokes})
            return ("%s does not match the centre %s" % (tn, centre), "engine.cf.no_match_centre",
                    {"tile": tn, "centre": centre})
        if b == self.centre:
            return ("the centre %s takes exactly %d trains and has them all" % (centre, self.spokes_req),
                    "engine.cf.centre_full", {"centre": centre, "count": self.spokes_req})
        if self.foot >= 0 and b != self.foot:
            return ("you must cover the open foot on %s first (it has %d of its %d toes)" % (
                NAMES[self.foot], self.toes, TOES), "engine.cf.cover_foot",
                {"tile": NAMES[self.foot], "has": self.toes, "toes": TOES})
        if b == self.foot:
            return ("%s does not match the open foot on %s" % (tn, bn), "engine.cf.no_match_foot",
                    {"tile": tn, "foot": bn})
        if IS_DOUBLE[b]:
            return "%s already has its %d toes" % (bn, TOES), "engine.cf.toes_full", {"tile": bn, "toes": TOES}
        end = PIPS[b] - self.matched[b]
        if b not in self.ends[end]:
            return ("%s has no open end: a tile is already attached to it" % bn, "engine.cf.no_open_end",
                    {"tile": bn})
        if not (NUMS_TO_TILES[self.open_nums] >> t) & 1:
            return "%s does not match any open end" % tn, "engine.cf.no_match_any", {"tile": tn}
        return ("%s does not match the open end %d of %s" % (tn, end, bn), "engine.cf.no_match_end",
                {"tile": tn, "end": end, "target": bn})

