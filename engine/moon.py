"""Three-Player Moon: bidding, the widow, trumps and seven tricks (RULES.md).

Two layers share one state:

* the **interface** of :class:`engine.game.Game` -- ``legal_actions()`` and
  ``apply(text)`` in record notation (``"pass"``, ``"4"`` .. ``"7"``, ``"21"``,
  ``"discard 6-4"``, ``"trump 5"``/``"trump doubles"``/``"trump none"``,
  ``"6-4"``), which validate, explain refusals and log the record;
* the **fast path** (the simulation interface of :mod:`engine.game`) --
  ``legal_moves()`` returns ints and ``apply_move(m)`` plays one without
  checking it or logging it; ``deal_fast(rng)`` deals without the notation
  (random hands for the benchmark: ``bench/moon_fast.py``).  A move is an int
  whose meaning depends on the phase: a bid (0 = pass, 4..7, 21), a tile id
  (discard, play) or a trump code (0..6, 7 = doubles, 8 = none).

Which tiles follow which lead, and who wins a trick, come from the per-trump
tables of :mod:`engine.moon_rules`, the one place those rules live.
Hands are bitmasks of tile ids (``1 << id``).
"""

from .game import (Game, GameError, IllegalAction, PHASE_NOT_DEALT, PHASE_PLAY,
                   PHASE_ROUND_OVER, PHASE_GAME_OVER)
from .moon_rules import (MOON_BID, MOON_TILES, MOON_MASK, LED, TRICKS, TRUMPS,
                         WIN_SCORE, follow_mask, trick_winner, tricks_needed, trump_code, trump_text)
from .tiles import NAMES, TileError, parse, popcount

PHASE_BIDDING = "bidding"
PHASE_DISCARD = "discard"
PHASE_TRUMP = "trump"

# Phase codes: ints in the hot paths, names at the interface.
NOT_DEALT = 0
BIDDING = 1
DISCARD = 2
TRUMP = 3
PLAY = 4
ROUND_OVER = 5
GAME_OVER = 6
PHASE_NAMES = [PHASE_NOT_DEALT, PHASE_BIDDING, PHASE_DISCARD, PHASE_TRUMP, PHASE_PLAY,
               PHASE_ROUND_OVER, PHASE_GAME_OVER]

PASS = 0
BIDS = [4, 5, 6, 7, MOON_BID]
HAND_SIZE = 7

# The legal bids once the highest bid so far is `high` (0: none yet).
_BIDS_ABOVE = {}
for _high in [0, 4, 5, 6, 7]:
    _BIDS_ABOVE[_high] = [PASS] + [b for b in BIDS if b > _high]

_BID_TEXT = {PASS: "pass"}
for _b in BIDS:
    _BID_TEXT[_b] = str(_b)

TRUMP_MOVES = list(range(9))
_NEXT = [1, 2, 0]

# Bitmask -> tile ids, highest id first, by 7-bit chunks: four lookups
# instead of a loop over 28 bits (the hot spot of random play).
_CHUNKS = []
for _k in range(3, -1, -1):
    _table = []
    for _v in range(128):
        _table.append([7 * _k + _b for _b in range(6, -1, -1) if _v >> _b & 1])
    _CHUNKS.append(_table)
_C3, _C2, _C1, _C0 = _CHUNKS


def mask_ids(m):
    """The tile ids in bitmask ``m``, highest id first (``6-6`` .. ``0-0``)."""
    return _C3[m >> 21] + _C2[(m >> 14) & 127] + _C1[(m >> 7) & 127] + _C0[m & 127]


def _suit_text(suit):
    return "trumps" if suit == TRUMPS else "suit %d" % suit


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


def parse_moon_tile(text):
    """The id of a Moon tile written ``text``; IllegalAction saying why otherwise."""
    try:
        t = parse(text, 6)
    except TileError as exc:
        raise IllegalAction(str(exc), exc.key, exc.params)
    if not (MOON_MASK >> t) & 1:
        raise IllegalAction("%s is not in the Moon set (no tile bearing a blank but 0-0)" % NAMES[t],
                            "engine.moon.not_moon_tile", {"tile": NAMES[t]})
    return t


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


class Moon(Game):
    """A game of Three-Player Moon: a mutable state (see :mod:`engine.game`).

    ``log=False`` makes a simulation state: no record is kept (``record()``
    then raises), which is what playouts of the computer players want.
    """

    GAME = "moon"
    OPTIONS = []
    DEAL_FIELDS = ["first", "hands", "widow"]

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

    # -- dealing ------------------------------------------------------------
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
            for text in hand:
                t = self._deal_tile(text, "hand %d" % s, "hand", s)
                if (seen >> t) & 1:
                    raise GameError("tile %s is dealt twice" % NAMES[t], "engine.moon.dealt_twice", {"tile": NAMES[t]})
                seen |= 1 << t
                m |= 1 << t
            masks.append(m)
            # Canonical notation in the record, in the deal's order.
            names.append([NAMES[parse(text, 6)] for text in hand])
        widow = self._deal_tile(deal["widow"], "the widow", "widow", None)
        if (seen >> widow) & 1:
            raise GameError("tile %s is dealt twice" % NAMES[widow], "engine.moon.dealt_twice", {"tile": NAMES[widow]})
        seen |= 1 << widow
        if seen != MOON_MASK:   # 22 distinct Moon tiles dealt: cannot happen, kept as a guard
            raise GameError("the deal must hold the 22 Moon tiles exactly once", "engine.moon.deal_incomplete")
        self._begin(first, masks, widow)
        if self.log:
            self._log_deal({"first": first, "hands": names, "widow": NAMES[widow]})

    def _deal_tile(self, text, where, place, hand):
        """The tile ``text`` of the deal's ``place`` ("hand" ``hand`` or "widow"); GameError if bad."""
        try:
            return parse_moon_tile(text)
        except IllegalAction as exc:
            params = dict(exc.params)
            if hand is not None:
                params["hand"] = hand
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

    # -- the state ----------------------------------------------------------
    def current_seat(self):
        return self.to_act if self.to_act >= 0 else None

    def phase(self):
        return PHASE_NAMES[self.code]

    def totals(self):
        return list(self.totals_)

    def round_scores(self):
        return [list(s) for s in self.hand_scores]

    def winners(self):
        return list(self.won_game)

    def bid(self):
        """The winning bid of this hand (0 before or without one)."""
        return self.high if self.bidder >= 0 else 0

    # -- the fast path ------------------------------------------------------
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

    # -- the interface --------------------------------------------------------
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

    # -- what a seat may see --------------------------------------------------
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
            "tricks": [{"leader": tr[0], "tiles": [NAMES[t] for t in tr[1]], "winner": tr[2]}
                       for tr in self.tricks],
            "tricks_won": list(self.won),
            "totals": list(self.totals_),
            "round_scores": self.round_scores(),
            "legal": self.legal_actions() if seat == self.to_act else [],
            "winners": list(self.won_game),
        }

    def _trick_pairs(self):
        out = []
        s = self.leader
        for t in self.trick:
            out.append([s, NAMES[t]])
            s = _NEXT[s]
        return out

    # -- copies ---------------------------------------------------------------
    def clone(self):
        """An independent copy (the record included when logging)."""
        g = Moon(_blank=True)
        g.players = 3
        g.options = {}
        g.names = list(self.names) if self.names is not None else None
        g.log = self.log
        if self.log:
            g._rounds = self._copy_rounds()
        else:
            g._rounds = []
        g.totals_ = list(self.totals_)
        g.hand_scores = [list(s) for s in self.hand_scores]
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

    def record(self):
        if not self.log:
            raise GameError("this is a simulation state (log=False): it keeps no record", "engine.moon.no_record")
        return Game.record(self)

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


def tile_names_desc(mask):
    """The notation of the tiles in ``mask``, highest first (``6-6`` .. ``0-0``)."""
    return [NAMES[t] for t in mask_ids(mask)]


def _take(seen, t):
    if (seen >> t) & 1:
        raise GameError("tile %s appears twice" % NAMES[t], "engine.moon.sim_twice", {"tile": NAMES[t]})
    return seen | (1 << t)


def _need(value, what):
    if value is None:
        raise GameError("%s is hidden from this seat: give a guess for it" % what,
                        "engine.moon.hidden_widow" if what == "the widow" else "engine.moon.hidden_discard")
    return value


def _show(value):
    if isinstance(value, str):
        return "'%s'" % value
    return repr(value)


def _size(value):
    if isinstance(value, list):
        return "%d tiles" % len(value)
    return _show(value)
