"""Chicken Foot, exactly as RULES.md states it (every rule and Decision).

Two layers share one set of rules:

* the fast internal path, for random play and the computer players (the
  simulation interface of :mod:`engine.game`):
  :meth:`ChickenFoot.legal_moves` returns compact ints and
  :meth:`ChickenFoot.apply_move` plays one without checking or logging it.
  A move is ``tile << 6 | target`` (tile ids from :mod:`engine.tiles`), or
  :data:`DRAW` / :data:`PASS`.  Hands are bitmasks; the open ends are kept
  per number and updated incrementally, so move generation and the
  blocked-round test are a few mask operations.  With ``log`` off
  (simulation) no record and no history are kept at all.
  :meth:`deal_fast` deals from a generator without the notation,
  :meth:`playout` / :meth:`run_round` finish a round (inlined loop),
  :meth:`from_view` builds a state from a seat's view plus a guess of the
  unseen tiles and :meth:`set_hidden` re-deals those to a copy (the
  computer players' hooks); they read the table through
  :meth:`forced_target`, :meth:`open_numbers`, :meth:`open_end`,
  :meth:`playable_mask` and the scores through :meth:`last_scores` and
  :meth:`went_out`.  :meth:`start_table` and :meth:`attach` replay a
  round's public history on an empty table (what a seat knows).
* the interface of :mod:`engine.game`: :meth:`legal_actions` and
  :meth:`apply` speak the record notation (``"9-5>9-9"``, ``"draw"``,
  ``"pass"``), validate, explain refusals and log the record.

The table: the centre double takes exactly ``spokes`` trains; a non-double
tile offers one open end (its other number) until something is attached to
it; a double played off the centre is a *foot* that takes exactly three
toes, and while it has fewer every other play is barred.
"""

from .game import (Game, GameError, IllegalAction, PHASE_GAME_OVER,
                   PHASE_NOT_DEALT, PHASE_PLAY, PHASE_ROUND_OVER)
from .tiles import HI, IS_DOUBLE, LO, NAMES, PIPS, TileError, double, parse

ROUNDS = 10
MIN_PLAYERS = 2
MAX_PLAYERS = 8
MAX_SPOKES = 8
TOES = 3
N_TILES = 55
ALL_TILES = (1 << N_TILES) - 1
# RULES.md "Hand size": players -> tiles dealt to each.
HAND_SIZES = [0, 0, 21, 14, 11, 8, 7, 6, 5]
DOUBLE_BLANK = 0          # tile id of 0-0
DOUBLE_BLANK_BONUS = 50

DRAW = -1
PASS = -2

# NUM_MASK[n]: every tile bearing n.  TILES_WITH[n]: the same, high id first.
NUM_MASK = [0] * 10
TILES_WITH = [[] for _n in range(10)]
for _t in range(N_TILES - 1, -1, -1):
    NUM_MASK[HI[_t]] |= 1 << _t
    NUM_MASK[LO[_t]] |= 1 << _t
    TILES_WITH[HI[_t]].append(_t)
    if LO[_t] != HI[_t]:
        TILES_WITH[LO[_t]].append(_t)
# NUMS_TO_TILES[m]: every tile bearing a number of the set m (a 10-bit mask):
# one lookup answers "can this hand play on any open end".
NUMS_TO_TILES = [0] * 1024
for _m in range(1, 1024):
    _low = 0
    while not (_m >> _low) & 1:
        _low += 1
    NUMS_TO_TILES[_m] = NUMS_TO_TILES[_m & (_m - 1)] | NUM_MASK[_low]


# BIT_INDEX[1 << t] == t: the lowest set bit of a mask (p & -p) to its tile,
# portably (MicroPython's int has no bit_length()).
BIT_INDEX = {}
for _t in range(N_TILES):
    BIT_INDEX[1 << _t] = _t


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


def _is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


# Option checks for Game.resolve_options: None, or the problem as
# (English text, catalog key, its params).
def _check_spokes(value, players):
    if not _is_int(value) or value < players or value > MAX_SPOKES:
        return ("must be a whole number from %d (the players) to %d, not %r" % (players, MAX_SPOKES, value),
                "engine.cf.option_spokes", {"min": players, "max": MAX_SPOKES, "got": repr(value)})
    return None


def _check_reserve(value, players):
    if not _is_int(value) or value < 0:
        return ("must be a whole number >= 0, not %r" % (value,), "engine.cf.option_reserve", {"got": repr(value)})
    return None


def _check_bool(value, players, name="double_blank_50"):
    if value is not True and value is not False:
        return ("must be true or false, not %r" % (value,), "engine.cf.option_bool",
                {"option": name, "got": repr(value)})
    return None


# A deal's bad tile, by where it is and what is wrong with it.
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


def hand_size(players):
    """Tiles dealt to each player (RULES.md "Hand size")."""
    return HAND_SIZES[players]


def move_name(move):
    """The record notation of an internal move."""
    if move == DRAW:
        return "draw"
    if move == PASS:
        return "pass"
    return NAMES[move >> 6] + ">" + NAMES[move & 63]


def _tiles_of(mask):
    """The tile ids in ``mask``, high id first."""
    out = []
    t = N_TILES - 1
    while mask and t >= 0:
        if (mask >> t) & 1:
            out.append(t)
            mask ^= 1 << t
        t -= 1
    return out


def tile_score(t, double_blank_50):
    """What tile id ``t`` counts in a hand at the end of a round (RULES.md "Scoring").

    Its pips, except ``0-0`` with the ``double_blank_50`` option: 50.  The one
    place this rule lives; the computer players and the page ask it.
    """
    return DOUBLE_BLANK_BONUS if (t == DOUBLE_BLANK and double_blank_50) else PIPS[t]


def hand_score(hand, double_blank_50=False):
    """The score of a hand left at the end of a round: tile names (``"9-5"``) or ids."""
    total = 0
    for tile in hand:
        total += tile_score(parse(tile) if isinstance(tile, str) else tile, double_blank_50)
    return total


def _pip_total(mask, double_blank_50):
    total = 0
    t = 0
    while mask:
        if mask & 1:
            total += tile_score(t, double_blank_50)
        mask >>= 1
        t += 1
    return total


def uniform_choice(g, p, rng):
    """:meth:`ChickenFoot.run_round`'s policy for :meth:`ChickenFoot.playout`: any play, uniformly.

    One draw from ``rng`` unless there is a single play (``Rng.below(1)``
    draws nothing), as ``legal_moves()[rng.below(...)]`` would.
    """
    moves = g.plays(p)
    return moves[rng.below(len(moves))]


class ChickenFoot(Game):
    """A Chicken Foot match: 10 rounds from 9-9 down to 0-0."""

    GAME = "chicken-foot"
    OPTIONS = [("spokes", _check_spokes), ("yard_reserve", _check_reserve),
               ("double_blank_50", _check_bool)]
    DEAL_FIELDS = ["double", "first", "hands", "yard"]

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
        return {"spokes": players, "yard_reserve": 2 if players == 2 else 1,
                "double_blank_50": False}

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

    # -- dealing ------------------------------------------------------------
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

    # -- the rules: fast path ----------------------------------------------
    def _constrain(self):
        """Work out what the table accepts now: the one statement of the constraints.

        The centre takes every play until it has its trains, then an open
        foot takes every play until it has its toes, then any free end
        will do.  Sets ``_pmask`` (:meth:`playable_mask`) and ``_target``
        (:meth:`forced_target`); called whenever the table changes
        (:meth:`_attach`, :meth:`_clear_round`), so the hot loops read them
        instead of deciding again.
        """
        if self.spokes < self.spokes_req:
            self._target = self.centre
            self._pmask = NUM_MASK[self.dnum]
        elif self.foot >= 0:
            self._target = self.foot
            self._pmask = NUM_MASK[HI[self.foot]]
        else:
            self._target = -1
            self._pmask = NUMS_TO_TILES[self.open_nums]

    def playable_mask(self):
        """Every tile that could be played now, by anyone (the constraints in force)."""
        return self._pmask

    def forced_target(self):
        """The tile every play must attach to now, or -1 when any open end will do.

        The centre while it lacks trains, else the open foot (-1 if none).
        """
        return self._target

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

    def open_numbers(self):
        """The numbers with a free end on the table, as a 10-bit mask."""
        return self.open_nums

    def open_end(self, n):
        """The table tile whose free end ``n`` opened first, or -1 if none."""
        ends = self.ends[n]
        return ends[0] if ends else -1

    def open_end_counts(self):
        """Per number 0-9, the free ends showing it (the centre and an open foot not counted)."""
        return [len(e) for e in self.ends]

    def start_table(self, round_index):
        """An empty table for round ``round_index``: its centre double alone, no hands, no yard.

        With :meth:`attach` and :meth:`playable_mask`, how the computer players
        replay a round's public history to learn what was playable when
        (:mod:`engine.ai.cf_know`), under exactly these rules.
        """
        self.round_index = round_index
        self._clear_round(ROUNDS - 1 - round_index)

    def attach(self, t, b):
        """Put tile ``t`` against table tile ``b`` (unchecked): the table's bookkeeping, no turn."""
        self._attach(t, b)

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

    def deal_fast(self, rng):
        """Deal the next round straight from ``rng``: ``start_round(new_deal(rng))`` without the notation."""
        dnum, first, hands, yard = self.new_deal_ids(rng)
        self.start_round_ids(first, hands, yard)

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

    def _attach(self, t, b):
        """Put tile ``t`` on the table against ``b``: the open-end bookkeeping.

        The one place that tracks the centre's trains, the open foot's toes
        and the free ends per number; :meth:`apply_move` adds the turn around
        it, :meth:`from_view` rebuilds a table with it.
        """
        if b == self.centre:
            m = self.dnum
            self.spokes += 1
        elif b == self.foot:
            m = HI[b]
            self.toes += 1
            if self.toes == TOES:
                self.foot = -1
        else:
            m = PIPS[b] - self.matched[b]   # b's free end
            lst = self.ends[m]
            lst.remove(b)
            if not lst:
                self.open_nums &= ~(1 << m)
        self.parent[t] = b
        self.matched[t] = m
        self.table |= 1 << t
        self.placed.append(t)
        if IS_DOUBLE[t]:
            self.foot = t
            self.toes = 0
        else:
            o = PIPS[t] - m
            self.ends[o].append(t)
            self.open_nums |= 1 << o
        self._constrain()

    def _end_round(self, out_seat):
        self.out_seat = out_seat
        scores = []
        for s in range(self.players):
            scores.append(0 if s == out_seat else _pip_total(self.hands[s], self.double_blank_50))
        for s in range(self.players):
            self._totals[s] += scores[s]
        self._scores.append(scores)
        self._phase = PHASE_GAME_OVER if self.round_index == ROUNDS - 1 else PHASE_ROUND_OVER

    # -- the interface: notation, validation, reasons ------------------------
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

    # -- what a seat may see ----------------------------------------------
    def layout(self):
        """Every table tile, in the order played, with what a renderer needs.

        Each entry: ``tile``; ``parent`` (the tile it is attached to, None for
        the centre); ``matched`` (the number it matched, None for the centre);
        ``open`` (its free end, None for doubles and tiles with something
        attached); ``double``; ``toes`` (tiles attached to a double: a foot's
        toes, the centre's spokes); ``branch`` (the spoke it hangs from, in the
        order the spokes were played, None for the centre); ``depth`` (0 for
        the centre); ``slot`` (its index among its parent's children).
        """
        kids = {}
        branch = {}
        depth = {}
        out = []
        centre = self.centre
        for t in self.placed:
            b = self.parent[t]
            if t == centre:
                br, dp, slot = None, 0, 0
            else:
                slot = kids.get(b, 0)
                kids[b] = slot + 1
                br = slot if b == centre else branch[b]
                dp = depth[b] + 1
            branch[t] = br
            depth[t] = dp
            out.append({"tile": NAMES[t], "parent": None if b < 0 else NAMES[b],
                        "matched": None if t == centre else self.matched[t],
                        "open": None, "double": IS_DOUBLE[t], "toes": 0,
                        "branch": br, "depth": dp, "slot": slot})
        for i in range(len(self.placed)):
            t = self.placed[i]
            entry = out[i]
            if IS_DOUBLE[t]:
                entry["toes"] = kids.get(t, 0)
            elif kids.get(t, 0) == 0:
                entry["open"] = PIPS[t] - self.matched[t]
        return out

    def open_ends(self):
        """Where a tile could attach now, as ``[tile, number]`` pairs (the constraints in force)."""
        if self._phase == PHASE_NOT_DEALT:
            return []
        if self.spokes < self.spokes_req:
            return [[NAMES[self.centre], self.dnum]]
        if self.foot >= 0:
            return [[NAMES[self.foot], HI[self.foot]]]
        out = []
        for t in self.placed:
            if not IS_DOUBLE[t]:
                n = PIPS[t] - self.matched[t]
                if t in self.ends[n]:
                    out.append([NAMES[t], n])
        return out

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
        g = ChickenFoot(0, _blank=True)
        g.players = self.players
        g.options = dict(self.options)
        g.names = list(self.names) if self.names is not None else None
        g._rounds = []
        if self.log:
            g._rounds = self._copy_rounds()
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

    def record(self):
        if self._from_view or not self.log:
            raise GameError("this state keeps no record (it was built for simulation)", "engine.cf.no_record")
        return Game.record(self)

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
