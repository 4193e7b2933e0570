"""The hand on the fast path: legal moves as ints, playing them, tricks and scores.

:class:`Play` is one part of :class:`~engine.moon.Moon`: the simulation
interface of :mod:`engine.game` (``legal_moves``/``apply_move``, never
logging).  Which tiles follow which lead and who wins a trick come from
:mod:`engine.moon_rules`, the one place those rules live.
"""

from ..game import IllegalAction
from ..moon_rules import LED, MOON_BID, TRICKS, WIN_SCORE, follow_mask, trick_winner, tricks_needed
from .numbers import (BIDDING, DISCARD, GAME_OVER, PLAY, ROUND_OVER, TRUMP, TRUMP_MOVES, _BIDS_ABOVE, _NEXT,
                      mask_ids)


class Play:
    """Whose turn, what they may do, and what doing it changes."""

    def legal_moves(self):
        """The legal moves as ints (see the module docstring), in the order of
        ``legal_actions()``; ``[]`` when nobody is to act."""
        code = self.code
        if code == PLAY:
            h = self.hands[self.to_act]
            if self.trick:
                h = follow_mask(h, LED[self.trump][self.trick[0]], self.trump)
            return mask_ids(h)
        if code == BIDDING:
            return list(_BIDS_ABOVE[self.high])
        if code == DISCARD:
            return mask_ids(self.hands[self.bidder])
        if code == TRUMP:
            return list(TRUMP_MOVES)
        return []

    def apply_move(self, m):
        """Play move ``m``, which must be one of ``legal_moves()`` (not checked)."""
        code = self.code
        seat = self.to_act
        if code == PLAY:
            self.hands[seat] &= ~(1 << m)
            trick = self.trick
            trick.append(m)
            if len(trick) < 3:
                self.to_act = _NEXT[seat]
                return
            self._close_trick()
            return
        if code == BIDDING:
            self.bids.append([seat, m])
            if m:
                self.high = m
                self.bidder = seat
            if m == MOON_BID or len(self.bids) == 3:
                self._end_bidding()
            else:
                self.to_act = _NEXT[seat]
            return
        if code == DISCARD:
            self.hands[seat] &= ~(1 << m)
            self.discard = m
            self.code = TRUMP
            return
        if code == TRUMP:
            self.trump = m
            self.leader = seat
            self.code = PLAY
            return
        raise IllegalAction("nobody is to act", "engine.nobody_to_act")

    def _end_bidding(self):
        if self.bidder < 0:
            # Decision (all pass): nobody plays the hand; it scores 0 for all.
            self._finish_hand([0, 0, 0])
            return
        self.hands[self.bidder] |= 1 << self.widow
        self.to_act = self.bidder
        self.code = DISCARD

    def _close_trick(self):
        trick = self.trick
        winner = (self.leader + trick_winner(trick, self.trump)) % 3
        self.tricks.append([self.leader, trick, winner])
        self.won[winner] += 1
        self.trick = []
        self.leader = winner
        self.to_act = winner
        if len(self.tricks) == TRICKS:
            self._score_hand()

    def _score_hand(self):
        bidder = self.bidder
        bid = self.high
        scores = list(self.won)
        made = self.won[bidder] >= tricks_needed(bid)
        # No extra for overtricks; a failed bid costs the bid itself.
        scores[bidder] = bid if made else -bid
        self._finish_hand(scores, bid == MOON_BID and made)

    def _finish_hand(self, scores, moon_made=False):
        totals = self.totals_
        for s in range(3):
            totals[s] += scores[s]
        self.hand_scores.append(scores)
        self.to_act = -1
        if moon_made:
            self.won_game = [self.bidder]
        else:
            top = max(totals)
            if top >= WIN_SCORE and totals.count(top) == 1:
                self.won_game = [totals.index(top)]
        self.code = GAME_OVER if self.won_game else ROUND_OVER
