"""The turn, on the fast path: legal moves as ints, playing them, ending a round.

:class:`Play` is one part of :class:`~engine.chickenfoot.ChickenFoot`: the
simulation interface of :mod:`engine.game` (``legal_moves``/``apply_move``,
never logging), the random playouts the computer players spend their time
in, and the round's end with its scores.
"""

from ..game import PHASE_GAME_OVER, PHASE_PLAY, PHASE_ROUND_OVER
from ..tiles import HI, LO
from .numbers import BIT_INDEX, DRAW, PASS, ROUNDS, move_name
from .score import _pip_total


def uniform_choice(g, p, rng):
    """:meth:`ChickenFoot.run_round`'s policy for :meth:`ChickenFoot.playout`: any play, uniformly.

    One draw from ``rng`` unless there is a single play (``Rng.below(1)``
    draws nothing), as ``legal_moves()[rng.below(...)]`` would.
    """
    moves = g.plays(p)
    return moves[rng.below(len(moves))]


class Play:
    """Whose turn, what they may do, and what doing it changes."""

    def playable_hand(self):
        """The tiles the seat to act may play now (a mask; 0 if none).

        Its hand, or only the tile it drew this turn, under the constraints
        in force (:meth:`playable_mask`).
        """
        drawn = self.drawn
        hand = self.hands[self.seat] if drawn < 0 else 1 << drawn
        return hand & self._pmask

    def plays(self, p):
        """Every play of the tiles in ``p`` (part of :meth:`playable_hand`), low tile first.

        Each tile against the forced target, or against every open end it
        matches (ends of a number in the order they opened).
        """
        moves = []
        target = self._target
        if target >= 0:
            while p:
                low = p & -p
                moves.append((BIT_INDEX[low] << 6) | target)
                p ^= low
            return moves
        om = self.open_nums
        ends = self.ends
        while p:
            low = p & -p
            p ^= low
            t = BIT_INDEX[low]
            t6 = t << 6
            n = HI[t]
            if (om >> n) & 1:
                for b in ends[n]:
                    moves.append(t6 | b)
            n = LO[t]
            if n != HI[t] and (om >> n) & 1:
                for b in ends[n]:
                    moves.append(t6 | b)
        return moves

    def set_hidden(self, hands, yard):
        """Give a simulated world its hidden tiles: every hand (masks, by seat) and the undrawn yard.

        ``yard`` lists tile ids in draw order; the hand sizes and the table are
        the state's own.  The computer players deal each sampled world this way.
        """
        self.hands = list(hands)
        self.yard = yard
        self.ypos = 0

    def last_scores(self):
        # Game's, without copying every round: read once per playout.
        return list(self._scores[-1]) if self._scores else None

    def move_text(self, move):
        """The record notation of ``move`` (:func:`move_name`)."""
        return move_name(move)

    def went_out(self):
        """The seat that went out in the round just ended, or -1 (blocked, or still playing)."""
        return self.out_seat

    def can_draw(self):
        """Whether the seat to act may draw: not yet this turn, and the yard is above its reserve."""
        return self.drawn < 0 and len(self.yard) - self.ypos > self.reserve

    def blocked(self):
        """Whether nobody can play or draw: the yard is at its reserve and no hand holds a playable tile."""
        if len(self.yard) - self.ypos > self.reserve:
            return False
        mask = self._pmask
        for h in self.hands:
            if h & mask:
                return False
        return True

    def legal_moves(self):
        """The legal moves as compact ints (see the module docstring)."""
        if self._phase != PHASE_PLAY:
            return []
        p = self.playable_hand()
        if p:
            return self.plays(p)
        if self.can_draw():
            return [DRAW]
        return [PASS]

    def apply_move(self, move):
        """Play ``move`` (one of :meth:`legal_moves`) without checking it; never logs.

        The simulation interface (:mod:`engine.game`): :meth:`apply` is the
        logged, checked way, as in every game.
        """
        seat = self.seat
        if move == DRAW:
            t = self.yard[self.ypos]
            self.ypos += 1
            self.hands[seat] |= 1 << t
            self.counts[seat] += 1
            self.drawn = t
            return
        self.drawn = -1
        if move != PASS:
            t = move >> 6
            self._attach(t, move & 63)
            self.hands[seat] &= ~(1 << t)
            counts = self.counts
            counts[seat] -= 1
            if counts[seat] == 0:
                self._end_round(seat)
                return
        # The end of a turn: blocked as soon as nothing can be played or drawn.
        if self.blocked():
            self._end_round(-1)
            return
        seat += 1
        self.seat = seat if seat < self.players else 0

    def playout(self, rng):
        """Finish the current round with uniformly random legal moves.

        Exactly ``while current_seat() is not None: moves = legal_moves();
        apply_move(moves[rng.below(len(moves))])`` (same draws, same moves,
        same result; a test holds the two together): :meth:`run_round` with
        the uniform policy.  The computer players' simulations spend their
        time here.
        """
        self.run_round(rng, uniform_choice)

    def run_round(self, rng, choose):
        """Play the current round to its end, ``choose`` picking each play.

        ``choose(state, p, rng)`` returns a play (``tile << 6 | target``, one
        of ``state.plays(p)``) for the seat to act, given ``p`` (its
        :meth:`playable_hand`, never 0).  Draws and passes are forced, so they
        are not asked for.  Every simulation policy runs on this one loop.
        """
        if self.log:
            # A logging state keeps its record whole: every move written down.
            while self._phase == PHASE_PLAY:
                p = self.playable_hand()
                if p:
                    self._apply_logged(choose(self, p, rng))
                elif self.can_draw():
                    self._apply_logged(DRAW)
                else:
                    self._apply_logged(PASS)
            return
        # Without a record this is apply_move()'s turn, spelled out so the
        # simulations make one call per play (_attach) besides the policy:
        # the same steps, held together by tests against apply_move().
        hands = self.hands
        counts = self.counts
        yard = self.yard
        players = self.players
        attach = self._attach
        last_draw = len(yard) - self.reserve   # draws allowed while ypos < last_draw
        while self._phase == PHASE_PLAY:
            seat = self.seat
            drawn = self.drawn
            p = (hands[seat] if drawn < 0 else 1 << drawn) & self._pmask
            if p:
                move = choose(self, p, rng)
                t = move >> 6
                attach(t, move & 63)
                hands[seat] &= ~(1 << t)
                counts[seat] -= 1
                if counts[seat] == 0:
                    self.drawn = -1
                    self._end_round(seat)
                    return
            elif drawn < 0 and self.ypos < last_draw:
                t = yard[self.ypos]
                self.ypos += 1
                hands[seat] |= 1 << t
                counts[seat] += 1
                self.drawn = t
                continue
            self.drawn = -1
            if self.ypos >= last_draw and self.blocked():
                self._end_round(-1)
                return
            seat += 1
            self.seat = seat if seat < players else 0

    def _end_round(self, out_seat):
        self.out_seat = out_seat
        scores = []
        for s in range(self.players):
            scores.append(0 if s == out_seat else _pip_total(self.hands[s], self.double_blank_50))
        self._count_round(scores)

    def _count_round(self, scores):
        for s in range(self.players):
            self._totals[s] += scores[s]
        self._scores.append(scores)
        self._phase = PHASE_GAME_OVER if self.round_index == ROUNDS - 1 else PHASE_ROUND_OVER

