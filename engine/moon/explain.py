"""The checked way to play: record notation in, the state changed or a reason why not.

:class:`Notation` is one part of :class:`~engine.moon.Moon`: ``legal_actions``
/ ``apply`` of :mod:`engine.game`, which validate, explain a refusal (text,
catalog key, params) and log the record.
"""

from ..game import IllegalAction
from ..moon_rules import LED, TRUMPS, follow_mask, trump_code, trump_text
from ..tiles import NAMES
from .numbers import (BIDDING, BIDS, DISCARD, GAME_OVER, NOT_DEALT, PASS, PLAY, ROUND_OVER, TRUMP, _BID_TEXT,
                      _show, _suit_text, parse_moon_tile, tile_names_desc)


class Notation:
    """Actions as text, and the reasons a refused one gets."""

    def move_text(self, m):
        """The record notation of move ``m`` in the current phase."""
        code = self.code
        if code == PLAY:
            return NAMES[m]
        if code == BIDDING:
            return _BID_TEXT[m]
        if code == DISCARD:
            return "discard " + NAMES[m]
        if code == TRUMP:
            return "trump " + trump_text(m)
        raise IllegalAction("nobody is to act", "engine.nobody_to_act")

    def legal_actions(self):
        return [self.move_text(m) for m in self.legal_moves()]

    def parse_move(self, action):
        """The move an action text stands for, if legal now; IllegalAction saying why not."""
        if not isinstance(action, str):
            raise IllegalAction("an action is a string, not %s" % _show(action), "record.action_not_string",
                                {"got": _show(action)})
        code = self.code
        if code == PLAY:   # the most frequent by far
            return self._parse_play(action)
        if code == NOT_DEALT:
            raise IllegalAction("no hand has been dealt yet", "engine.moon.not_dealt")
        if code == ROUND_OVER:
            raise IllegalAction("the hand is over: the next one must be dealt", "engine.moon.hand_over")
        if code == GAME_OVER:
            raise IllegalAction("the game is over", "engine.game_over")
        if code == BIDDING:
            return self._parse_bid(action)
        if code == DISCARD:
            return self._parse_discard(action)
        if code == TRUMP:
            return self._parse_trump(action)
        return self._parse_play(action)

    def _parse_bid(self, action):
        if action == "pass":
            return PASS
        bid = -1
        for b in BIDS:
            if action == _BID_TEXT[b]:
                bid = b
        if bid < 0:
            raise IllegalAction("in the bidding the actions are pass, 4, 5, 6, 7 or 21, not %s" % _show(action),
                                "engine.moon.bad_bid", {"got": _show(action)})
        if bid <= self.high:
            raise IllegalAction("bid must be higher than %d" % self.high, "engine.moon.bid_too_low", {"high": self.high})
        return bid

    def _parse_discard(self, action):
        if not action.startswith("discard "):
            raise IllegalAction("seat %d must discard one of their 8 tiles, like 'discard 6-4', not %s"
                                % (self.bidder, _show(action)),
                                "engine.moon.bad_discard", {"seat": self.bidder, "got": _show(action)})
        t = parse_moon_tile(action[8:])
        if not (self.hands[self.bidder] >> t) & 1:
            raise IllegalAction("you do not hold %s" % NAMES[t], "engine.not_held", {"tile": NAMES[t]})
        return t

    def _parse_trump(self, action):
        if not action.startswith("trump "):
            raise IllegalAction("seat %d must name trumps: 'trump 0' .. 'trump 6', 'trump doubles' "
                                "or 'trump none', not %s" % (self.bidder, _show(action)),
                                "engine.moon.bad_trump_action", {"seat": self.bidder, "got": _show(action)})
        try:
            return trump_code(action[6:])
        except ValueError as exc:
            raise IllegalAction(str(exc), "engine.moon.bad_trump", {"text": action[6:]})

    def _parse_play(self, action):
        t = parse_moon_tile(action)
        h = self.hands[self.to_act]
        if not (h >> t) & 1:
            raise IllegalAction("you do not hold %s" % NAMES[t], "engine.not_held", {"tile": NAMES[t]})
        if self.trick:
            led = LED[self.trump][self.trick[0]]
            f = follow_mask(h, led, self.trump)
            if not (f >> t) & 1:
                held = ", ".join(tile_names_desc(f))
                raise IllegalAction("you must follow %s: you hold %s" % (_suit_text(led), held),
                                    "engine.moon.follow_trumps" if led == TRUMPS else "engine.moon.follow_suit",
                                    {"suit": led, "tiles": held})
        return t

    def apply(self, action, seat=None):
        """Play the action ``action`` (record notation).

        With ``seat``, the action is refused unless that seat is to act.
        IllegalAction saying why, and nothing changed, if it is not legal.
        """
        if seat is not None and self.to_act >= 0 and seat != self.to_act:
            raise IllegalAction("it is seat %d's turn" % self.to_act, "engine.not_your_turn", {"seat": self.to_act})
        m = self.parse_move(action)
        if not self.log:
            self.apply_move(m)
            return
        self._log_action(self.move_text(m))
        self.apply_move(m)
        if self.to_act < 0:
            # The move ended the hand: its scores close the record's round.
            self._log_scores(self.hand_scores[-1])
