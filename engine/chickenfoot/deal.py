"""Dealing a round: the drawing procedure for the first player, the shuffle,
and the validation of a deal given in record form.

:class:`Dealing` is one part of :class:`~engine.chickenfoot.ChickenFoot`.
"""

from ..game import GameError, PHASE_GAME_OVER, PHASE_PLAY
from ..tiles import NAMES, TileError, double, parse
from .numbers import HAND_SIZES, N_TILES, ROUNDS, _is_int, _tiles_of

_LIMIT = 1 << 32   # what Rng.below() can draw in one go


def _digits(rng, n):
    """``(r, low)``: one draw from ``rng`` that holds uniform digits for n, n-1, ... low+1.

    ``r`` is uniform below the product ``n * (n-1) * ... * (low+1)`` (at most
    2**32), so ``r % n``, then ``(r // n) % (n-1)``, ... are independent and
    uniform: one generator call serves several draws (the deal is the
    random playouts' main cost).
    """
    prod = 1
    low = n
    while low > 0 and prod * low <= _LIMIT:
        prod *= low
        low -= 1
    return rng.below(prod), low


def _shuffle(rng, items):
    """Fisher-Yates with the swaps' indices drawn several at a time (:func:`_digits`)."""
    i = len(items) - 1
    while i > 0:
        r, low = _digits(rng, i + 1)
        while i + 1 > low and i > 0:
            j = r % (i + 1)
            r //= i + 1
            items[i], items[j] = items[j], items[i]
            i -= 1



_DEAL_TILE_KEYS = {
    "hand": {"engine.tile_not_text": "engine.deal.hand.tile_not_text",
             "engine.not_a_tile": "engine.deal.hand.not_a_tile",
             "engine.tile_not_in_set": "engine.deal.hand.tile_not_in_set",
             "centre": "engine.deal.hand.centre_double",
             "twice": "engine.deal.hand.twice"},
    "yard": {"engine.tile_not_text": "engine.deal.yard.tile_not_text",
             "engine.not_a_tile": "engine.deal.yard.not_a_tile",
             "engine.tile_not_in_set": "engine.deal.yard.tile_not_in_set",
             "centre": "engine.deal.yard.centre_double",
             "twice": "engine.deal.yard.twice"},
}




class Dealing:
    """The deal: a new one from the generator, or one given (validated) or trusted (ids)."""

    def _need_next_round(self):
        if self._phase == PHASE_GAME_OVER:
            raise GameError("the game is over: all %d rounds have been played" % ROUNDS, "engine.cf.game_over",
                            {"rounds": ROUNDS})
        if self._phase == PHASE_PLAY:
            raise GameError("round %d is not finished" % self.round_index, "engine.cf.round_unfinished",
                            {"round": self.round_index})

    def new_deal(self, rng):
        """The next round's deal, with the drawing procedure for ``first``.

        The search starts with seat ``round % players`` (seat 0 in round 1,
        then the seat after the previous round's starter): players in turn
        draw a face-down tile until one draws the round's double.  Then the
        54 other tiles are reshuffled and dealt; ``yard`` is in draw order.
        """
        dnum, first, hands, yard = self.new_deal_ids(rng)
        return {"double": dnum, "first": first,
                "hands": [[NAMES[t] for t in h] for h in hands],
                "yard": [NAMES[t] for t in yard]}

    def new_deal_ids(self, rng):
        """:meth:`new_deal` as ``(double, first, hands, yard)`` in tile ids (hands high first)."""
        self._need_next_round()
        ri = self.round_index + 1
        dnum = ROUNDS - 1 - ri
        centre = double(dnum)
        # Draw face-down tiles one at a time until the double turns up.
        face_down = list(range(N_TILES))
        draws = 0
        found = False
        while not found:
            n = len(face_down)
            r, low = _digits(rng, n)
            while n > low:
                i = r % n
                r //= n
                if face_down[i] == centre:
                    found = True
                    break
                face_down[i] = face_down[-1]
                face_down.pop()
                draws += 1
                n -= 1
        first = (ri + draws) % self.players
        others = [t for t in range(N_TILES) if t != centre]
        _shuffle(rng, others)
        size = HAND_SIZES[self.players]
        hands = []
        for s in range(self.players):
            hand = others[s * size:(s + 1) * size]
            hand.sort(reverse=True)
            hands.append(hand)
        return dnum, first, hands, others[self.players * size:]

    def start_round(self, deal):
        """Begin the next round from ``deal`` (record form), validating it."""
        self._need_next_round()
        ri = self.round_index + 1
        dnum = ROUNDS - 1 - ri
        if not isinstance(deal, dict):
            raise GameError("a deal is an object", "engine.cf.deal_not_object")
        d = deal.get("double")
        if not _is_int(d) or d != dnum:
            raise GameError("round %d is played on the double-%d, so double must be %d, not %r" % (ri, dnum, dnum, d),
                            "engine.cf.bad_double", {"round": ri, "double": dnum, "got": repr(d)})
        first = deal.get("first")
        if not _is_int(first) or first < 0 or first >= self.players:
            raise GameError("first must be a seat from 0 to %d, not %r" % (self.players - 1, first),
                            "engine.cf.bad_first", {"last": self.players - 1, "got": repr(first)})
        hands = deal.get("hands")
        size = HAND_SIZES[self.players]
        if not isinstance(hands, list) or len(hands) != self.players:
            raise GameError("hands must be a list of %d hands" % self.players, "engine.cf.hands_not_list",
                            {"players": self.players})
        centre = double(dnum)
        seen = 1 << centre
        masks = []
        for s in range(self.players):
            hand = hands[s]
            if not isinstance(hand, list) or len(hand) != size:
                got = len(hand) if isinstance(hand, list) else repr(hand)
                raise GameError("hand %d must hold %d tiles with %d players, not %s" % (
                    s, size, self.players, got), "engine.cf.hand_size",
                    {"hand": s, "size": size, "players": self.players, "got": got})
            mask = 0
            for text in hand:
                t = self._deal_tile(text, "hand %d" % s, seen, centre, "hand", s)
                seen |= 1 << t
                mask |= 1 << t
            masks.append(mask)
        yard_in = deal.get("yard")
        yard_len = N_TILES - 1 - size * self.players
        if not isinstance(yard_in, list) or len(yard_in) != yard_len:
            got = len(yard_in) if isinstance(yard_in, list) else repr(yard_in)
            raise GameError("the yard must hold %d tiles with %d players, not %s" % (
                yard_len, self.players, got), "engine.cf.yard_size",
                {"size": yard_len, "players": self.players, "got": got})
        yard = []
        for text in yard_in:
            t = self._deal_tile(text, "the yard", seen, centre, "yard", None)
            seen |= 1 << t
            yard.append(t)
        # Sizes add up to 55 and nothing repeats, so every tile is there.
        self.start_round_ids(first, masks, yard)

    def _skip_round(self, scores, rnd):
        # Game.skip_rounds: the round's scores counted as a played round's are.
        self._need_next_round()
        if len(scores) != self.players:
            raise GameError("a round has a score a seat")   # skim says None: never shown
        self.round_index += 1
        self._clear_round(ROUNDS - 1 - self.round_index)
        self._count_round(scores)

    def start_round_ids(self, first, hands, yard):
        """:meth:`start_round` from tile ids, unchecked: the simulations' path.

        ``hands`` are bitmasks or lists of ids; ``yard`` a list of ids.
        """
        self._need_next_round()
        ri = self.round_index + 1
        self.round_index = ri
        self._clear_round(ROUNDS - 1 - ri)
        masks = []
        counts = []
        for h in hands:
            if isinstance(h, list):
                m = 0
                for t in h:
                    m |= 1 << t
                masks.append(m)
                counts.append(len(h))
            else:
                masks.append(h)
                counts.append(HAND_SIZES[self.players])
        self.hands = masks
        self.counts = counts
        self.yard = list(yard)
        self.first = first
        self.seat = first
        self._phase = PHASE_PLAY
        self._hist = []
        if self.log:
            self._log_deal({"double": self.dnum, "first": first,
                            "hands": [[NAMES[t] for t in _tiles_of(m)] for m in masks],
                            "yard": [NAMES[t] for t in self.yard]})

    def _deal_tile(self, text, where, seen, centre, place, hand):
        """The tile ``text`` of the deal's ``place`` ("hand" ``hand`` or "yard"); GameError if bad."""
        keys = _DEAL_TILE_KEYS[place]
        try:
            t = parse(text)
        except TileError as exc:
            key, params = exc.key, dict(exc.params)
            if hand is not None:
                params["hand"] = hand
            raise GameError("%s: %s" % (where, exc), keys[key], params)
        if (seen >> t) & 1:
            params = {"tile": NAMES[t]}
            if hand is not None:
                params["hand"] = hand
            if t == centre:
                raise GameError("%s: %s is the centre double" % (where, NAMES[t]), keys["centre"], params)
            raise GameError("%s: %s appears twice in the deal" % (where, NAMES[t]), keys["twice"], params)
        return t

    def deal_fast(self, rng):
        """Deal the next round straight from ``rng``: ``start_round(new_deal(rng))`` without the notation."""
        dnum, first, hands, yard = self.new_deal_ids(rng)
        self.start_round_ids(first, hands, yard)
