"""Dealing a hand: the shuffle, the first bidder's rotation, a given deal's validation.

:class:`Dealing` is one part of :class:`~engine.moon.Moon`.
"""

from ..game import GameError, IllegalAction
from ..moon_rules import MOON_BID, MOON_MASK, MOON_TILES
from ..tiles import NAMES
from .numbers import BIDDING, GAME_OVER, HAND_SIZE, NOT_DEALT, ROUND_OVER, _show, _size, parse_moon_tile


def shuffled_tiles(rng):
    """The 22 Moon tiles in a random order drawn from ``rng``.

    Fisher-Yates whose swap indices are the mixed-radix digits of one 128-bit
    draw: two ``next64`` calls instead of 21 ``below`` calls (the deal was half
    the cost of a random hand).  22! < 2**70, so the bias is below 2**-57.
    """
    x = (rng.next64() << 64) | rng.next64()
    tiles = list(MOON_TILES)
    for i in range(21, 0, -1):
        j = x % (i + 1)
        x //= i + 1
        tiles[i], tiles[j] = tiles[j], tiles[i]
    return tiles



# A deal's bad tile, by where it is and what is wrong with it (the tile error's key).
_DEAL_TILE_KEYS = {
    "hand": {"engine.tile_not_text": "engine.deal.hand.tile_not_text",
             "engine.not_a_tile": "engine.deal.hand.not_a_tile",
             "engine.tile_not_in_set": "engine.deal.hand.tile_not_in_set",
             "engine.moon.not_moon_tile": "engine.deal.hand.not_moon_tile"},
    "widow": {"engine.tile_not_text": "engine.deal.widow.tile_not_text",
              "engine.not_a_tile": "engine.deal.widow.not_a_tile",
              "engine.tile_not_in_set": "engine.deal.widow.tile_not_in_set",
              "engine.moon.not_moon_tile": "engine.deal.widow.not_moon_tile"},
}



class Dealing:
    """The deal: a new one from the generator, or one given (validated) or trusted (masks)."""

    def next_first(self):
        """The first bidder of the next hand (None for hand 0: chosen at random)."""
        if self.hand_no == 0:
            return None
        return (self.first0 + self.hand_no) % 3

    def new_deal(self, rng):
        """The next hand's deal in record form, drawn with ``rng``.

        Hand 0's first bidder is ``rng.below(3)``, later ones follow the rotation;
        then the 22 tiles are shuffled and dealt 7/7/7, the last one the widow.
        """
        first = self.next_first()
        if first is None:
            first = rng.below(3)
        tiles = shuffled_tiles(rng)
        hands = []
        for s in range(3):
            hand = tiles[7 * s:7 * s + 7]
            hand.sort()
            hand.reverse()
            hands.append([NAMES[t] for t in hand])
        return {"first": first, "hands": hands, "widow": NAMES[tiles[21]]}

    def _check_can_deal(self):
        if self.code == GAME_OVER:
            raise GameError("the game is over", "engine.game_over")
        if self.code != NOT_DEALT and self.code != ROUND_OVER:
            raise GameError("the current hand is not finished", "engine.moon.hand_unfinished")

    def start_round(self, deal):
        """Begin the next hand from ``deal`` (``first``, ``hands``, ``widow``).

        GameError, changing nothing, if the deal is not 7/7/7 + widow of the
        22 Moon tiles each exactly once, or if ``first`` breaks the rotation.
        """
        self._check_can_deal()
        if not isinstance(deal, dict):
            raise GameError("a deal is an object with first, hands and widow", "engine.moon.deal_not_object")
        for key in self.DEAL_FIELDS:
            if key not in deal:
                raise GameError("the deal has no '%s'" % key, "engine.deal.missing", {"field": key})
        first = deal["first"]
        if not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < 3:
            raise GameError("first must be a seat 0, 1 or 2, not %s" % _show(first), "engine.moon.bad_first",
                            {"got": _show(first)})
        expected = self.next_first()
        if expected is not None and first != expected:
            raise GameError("first must be seat %d in hand %d (the first bidder moves one seat "
                            "clockwise each hand), not %d" % (expected, self.hand_no, first),
                            "engine.moon.first_rotation", {"expected": expected, "hand": self.hand_no, "got": first})
        hands = deal["hands"]
        if not isinstance(hands, list) or len(hands) != 3:
            raise GameError("hands must be a list of 3 hands", "engine.moon.hands_not_list")
        seen = 0
        masks = []
        names = []
        for s in range(3):
            hand = hands[s]
            if not isinstance(hand, list) or len(hand) != HAND_SIZE:
                if isinstance(hand, list):
                    raise GameError("hand %d must be a list of 7 tiles, not %s" % (s, _size(hand)),
                                    "engine.moon.hand_count", {"hand": s, "count": len(hand)})
                raise GameError("hand %d must be a list of 7 tiles, not %s" % (s, _size(hand)),
                                "engine.moon.hand_not_list", {"hand": s, "got": _show(hand)})
            m = 0
            canonical = []   # the record's notation, in the deal's order
            for text in hand:
                t = self._deal_tile(text, "hand", s)
                if (seen >> t) & 1:
                    raise GameError("tile %s is dealt twice" % NAMES[t], "engine.moon.dealt_twice", {"tile": NAMES[t]})
                seen |= 1 << t
                m |= 1 << t
                canonical.append(NAMES[t])
            masks.append(m)
            names.append(canonical)
        widow = self._deal_tile(deal["widow"], "widow", None)
        if (seen >> widow) & 1:
            raise GameError("tile %s is dealt twice" % NAMES[widow], "engine.moon.dealt_twice", {"tile": NAMES[widow]})
        seen |= 1 << widow
        if seen != MOON_MASK:   # 22 distinct Moon tiles dealt: cannot happen, kept as a guard
            raise GameError("the deal must hold the 22 Moon tiles exactly once", "engine.moon.deal_incomplete")
        self._begin(first, masks, widow)
        if self.log:
            self._log_deal({"first": first, "hands": names, "widow": NAMES[widow]})

    def _deal_tile(self, text, place, hand):
        """The tile ``text`` of the deal's ``place`` ("hand" ``hand`` or "widow"); GameError if bad."""
        try:
            return parse_moon_tile(text)
        except IllegalAction as exc:
            params = dict(exc.params)
            if hand is not None:
                params["hand"] = hand
            where = "hand %d" % hand if hand is not None else "the widow"
            raise GameError("%s: %s" % (where, exc), _DEAL_TILE_KEYS[place][exc.key], params)

    def _begin(self, first, masks, widow):
        if self.hand_no == 0:
            self.first0 = first
        self.hand_no += 1
        self._clear_hand()
        self.first = first
        self.hands = list(masks)
        self.widow = widow
        self.to_act = first
        self.code = BIDDING

    def _skip_round(self, scores, rnd):
        # Game.skip_rounds: the hand's scores counted as _finish_hand counts a
        # played one; only a made 21 scores 21 (a defender wins 7 tricks at most).
        self._check_can_deal()
        if len(scores) != 3:
            raise GameError("a hand has 3 scores")   # skim says None: never shown
        if self.hand_no == 0:
            self.first0 = rnd["first"]
        self.hand_no += 1
        self.bidder = scores.index(MOON_BID) if MOON_BID in scores else -1
        self._finish_hand(scores, self.bidder >= 0)

    def start_round_fast(self, first, masks, widow):
        """``start_round`` for simulations: ids and masks, no checks, no log."""
        self._begin(first, masks, widow)

    def deal_fast(self, rng):
        """Deal the next hand straight from ``rng`` (simulations: no record).

        The same chance outcome as ``start_round(new_deal(rng))``.
        """
        first = self.next_first()
        if first is None:
            first = rng.below(3)
        tiles = shuffled_tiles(rng)
        masks = [0, 0, 0]
        for s in range(3):
            m = 0
            for t in tiles[7 * s:7 * s + 7]:
                m |= 1 << t
            masks[s] = m
        self._begin(first, masks, tiles[21])
