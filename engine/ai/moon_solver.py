"""Three-Player Moon's exact perfect-information solver.

With all three hands known, the value of a position is the number of tricks
the bidder takes when the bidder maximises it and both opponents, as a team,
minimise it.  The solver answers that exactly from any point of the play, at
a trick boundary or mid-trick.

Positions are plain values: ``hands`` three bitmasks of tile ids (seat 0..2,
tiles already played removed), ``leader`` the seat that led (or leads) the
current trick, ``trick`` the tiles already played to it in play order, and
``trump`` a trump code of :mod:`engine.moon_rules`.

How it is fast enough for sampling (every sampled world costs one solve):

* boolean ("can the bidder still take k tricks?") searches, combined into an
  exact value by MTD(f)-style probing around a guess;
* a transposition table at trick boundaries keyed on the three hands and the
  leader, storing a lower and an upper bound, shared by every probe, every
  move of a root and every later position of the same deal;
* quick-trick bounds: the bidder's trumps above every opposing trump are sure
  tricks, each opponent's trumps above all the bidder's are sure losses;
* move ordering (strong leads first; followers try the cheapest tile that
  wins the trick for their side, then the cheapest discards) and merging of
  equivalent tiles (see :meth:`Solver._sig`);
* per-trump tables built from :mod:`engine.moon_rules`, bitmask hands.

Results never depend on dict or set iteration order, so every interpreter
gives the same values.  A node budget makes a search give up (``None``)
instead of running long, for the browser.
"""

from ..tiles import popcount
from ..moon_rules import LED, MOON_TILES, POWER, SUIT_MASK, SUITS, TRUMPS, rank, suits_of

_BIT = [1 << _t for _t in range(28)]
_INDEX = {}
for _t in range(28):
    _INDEX[1 << _t] = _t


class BudgetExceeded(Exception):
    """A search ran past its node budget."""


class _Tables:
    """The solver's per-trump lookups, all derived from :mod:`engine.moon_rules`."""

    def __init__(self, trump):
        self.trump = trump
        self.suit_mask = SUIT_MASK[trump]
        self.led = LED[trump]
        self.power = POWER[trump]
        # How strong a tile is when led: orders leads and discards.
        self.strength = [0] * 28
        for t in MOON_TILES:
            self.strength[t] = self.power[self.led[t]][t]
        # Trump bits from the highest trump down: quick-trick counting.
        trumps = [t for t in MOON_TILES if suits_of(t, trump) == [TRUMPS]]
        trumps.sort(key=lambda t: -rank(t, TRUMPS, trump))
        self.trumps_desc = [_BIT[t] for t in trumps]
        self.trump_mask = 0
        for t in trumps:
            self.trump_mask |= _BIT[t]
        self.side = [t for t in MOON_TILES if not self.trump_mask & _BIT[t]]
        # Tiles from the strongest to the weakest (ties broken by id).
        order = list(MOON_TILES)
        order.sort(key=lambda t: (-self.strength[t], t))
        self.desc = order
        self.asc = order[::-1]
        self.asc_in = [[t for t in self.asc if self.suit_mask[s] & _BIT[t]] for s in SUITS]
        # Equivalence signatures: a tile's led suit and the tiles above it
        # there, and its other suit (if any) and the tiles above it there.
        self.above_a = [0] * 28
        self.suit_b = [-1] * 28
        self.above_b = [0] * 28
        for t in MOON_TILES:
            a = self.led[t]
            self.above_a[t] = self._above(t, a)
            for s in suits_of(t, trump):
                if s != a:
                    self.suit_b[t] = s
                    self.above_b[t] = self._above(t, s)

    def _above(self, t, suit):
        r = rank(t, suit, self.trump)
        m = 0
        for u in MOON_TILES:
            if rank(u, suit, self.trump) > r:
                m |= _BIT[u]
        return m


_TABLES = [None] * 9


def tables(trump):
    """The (cached) per-trump tables."""
    tb = _TABLES[trump]
    if tb is None:
        tb = _Tables(trump)
        _TABLES[trump] = tb
    return tb


class Solver:
    """Exact solver for one deal's play: fixed ``trump`` and ``bidder``.

    Keep one instance per deal (per sampled world): its transposition table
    stays valid for every position of that deal and makes later questions
    cheap.  ``nodes`` counts trick-boundary nodes searched so far.
    ``deadline`` (an ``ai.clock.Deadline``, optional) ends a search that
    runs past it as if out of nodes: a safety net for time caps, since the
    node limits alone keep results deterministic.
    """

    def __init__(self, trump, bidder, deadline=None):
        if bidder not in (0, 1, 2):
            raise ValueError("bidder is a seat 0..2")
        if trump not in range(9):
            raise ValueError("trump is a trump code 0..8")
        self.trump = trump
        self.bidder = bidder
        self.tb = tables(trump)
        self.tt = {}
        self.nodes = 0
        self.limit = -1
        self.deadline = deadline
        self._build()

    # -- public questions ------------------------------------------------
    def value(self, hands, leader, trick=(), node_limit=None):
        """Tricks the bidder takes from the current trick (included) to the end.

        ``None`` if ``node_limit`` trick-boundary nodes were not enough.
        """
        hands, n = self._check(hands, leader, trick)
        self._arm(node_limit)
        try:
            return self._exact(hands, leader, tuple(trick), n)
        except BudgetExceeded:
            return None

    def at_least(self, hands, leader, trick, k, node_limit=None):
        """Whether the bidder takes at least ``k`` of the remaining tricks (``None``: out of budget)."""
        hands, n = self._check(hands, leader, trick)
        self._arm(node_limit)
        try:
            return self._ge(hands, leader, tuple(trick), n, k)
        except BudgetExceeded:
            return None

    def move_values(self, hands, leader, trick=(), node_limit=None):
        """``[(tile, value), ...]`` in tile-id order for every legal tile of the seat to act.

        ``value`` is the bidder's tricks from the current trick to the end
        after that tile, under best play.  ``None`` if out of budget.
        """
        hands, n = self._check(hands, leader, trick)
        self._arm(node_limit)
        trick = tuple(trick)
        seat = (leader + len(trick)) % 3
        legal = self.legal(hands, leader, trick)
        reps = self._representatives(hands, leader, trick, legal)
        # Search the classes strongest first: the best move usually comes
        # early, and its value is the guess for the next ones.
        order = []
        for t, rep in reps:
            if t == rep:
                order.append(rep)
        order.sort(key=lambda t: (-self.tb.strength[t], t))
        done = {}
        try:
            guess = None
            for rep in order:
                child = list(hands)
                child[seat] &= ~_BIT[rep]
                v = self._exact(child, leader, trick + (rep,), n, guess)
                guess = v
                done[rep] = v
        except BudgetExceeded:
            return None
        return [(t, done[rep]) for t, rep in reps]

    def legal(self, hands, leader, trick):
        """The tiles the seat to act may play, in id order."""
        seat = (leader + len(trick)) % 3
        h = hands[seat]
        if trick:
            m = h & self.tb.suit_mask[self.tb.led[trick[0]]]
            if m:
                h = m
        return [t for t in range(28) if h & _BIT[t]]

    # -- plumbing ----------------------------------------------------------
    def _check(self, hands, leader, trick):
        hands = list(hands)
        if len(hands) != 3 or leader not in (0, 1, 2) or len(trick) > 2:
            raise ValueError("a position has three hands, a leader 0..2 and at most two tiles in the trick")
        if hands[0] & hands[1] or hands[0] & hands[2] or hands[1] & hands[2]:
            raise ValueError("a tile is in two hands")
        for t in trick:
            if not 0 <= t < 28 or (hands[0] | hands[1] | hands[2]) & _BIT[t]:
                raise ValueError("a tile of the trick is not a played tile")
        sizes = [popcount(h) for h in hands]
        for i in range(len(trick)):
            sizes[(leader + i) % 3] += 1
        if sizes[0] != sizes[1] or sizes[1] != sizes[2] or sizes[0] == 0:
            raise ValueError("the hands do not fit the trick in progress")
        return hands, sizes[0]

    def _arm(self, node_limit):
        self.limit = -1 if node_limit is None else self.nodes + node_limit

    def _representatives(self, hands, leader, trick, legal):
        """Each legal tile paired with the tile of its equivalence class that is searched."""
        seat = (leader + len(trick)) % 3
        played = 0
        for t in trick:
            played |= _BIT[t]
        others = (hands[0] | hands[1] | hands[2] | played) & ~hands[seat]
        sigs = []
        reps = []
        out = []
        for t in legal:
            s = self._sig(t, others)
            if s in sigs:
                out.append((t, reps[sigs.index(s)]))
            else:
                sigs.append(s)
                reps.append(t)
                out.append((t, t))
        return out

    def _sig(self, t, others):
        """``t``'s equivalence signature for the seat holding it; ``others`` = every tile it does not hold.

        ``others`` is the other hands plus the tiles already in the trick.
        Two tiles of one hand with equal signatures are interchangeable for
        the rest of the hand, so only one of them needs searching.  The
        signature is the suit ``t`` calls when led, the others' tiles above it
        there, and -- only if some other seat still holds a tile of it -- its
        second suit and the others' tiles above it there.  A suit no other
        seat holds can never be led by anybody else, so membership in it
        cannot oblige or let the holder do anything; the suit led to the
        current trick is always live because its leading tile is in ``others``.
        (The search's ``merge`` inlines this same computation.)
        """
        tb = self.tb
        b = tb.suit_b[t]
        sb = 0
        if b >= 0 and others & tb.suit_mask[b]:
            sb = (b + 1) | (others & tb.above_b[t]) << 4
        return tb.led[t] | (others & tb.above_a[t]) << 3 | sb << 31

    def _exact(self, hands, leader, trick, n, guess=None):
        if len(trick) == 3:
            # A completed trick: bank it, then solve from the boundary.
            P = self.tb.power[self.tb.led[trick[0]]]
            w = 0
            if P[trick[1]] > P[trick[w]]:
                w = 1
            if P[trick[2]] > P[trick[w]]:
                w = 2
            w = (leader + w) % 3
            gain = 1 if w == self.bidder else 0
            if guess is not None:
                guess -= gain
            return gain + self._exact(hands, w, (), n - 1, guess)
        lo, hi = 0, n
        if guess is None:
            guess = self._guess(hands)
        # MTD(f)-style: null-window probes stepping from the guess; the
        # table keeps every bound, so each probe reuses the previous ones.
        while lo < hi:
            g = guess if guess > lo else lo + 1
            if g > hi:
                g = hi
            if self._ge(hands, leader, trick, n, g):
                lo = g
                guess = g + 1
            else:
                hi = g - 1
                guess = g - 1
        return lo

    def _guess(self, hands):
        # A rough estimate to start probing from: halfway between the
        # bidder's trumps and the bidder's tiles nobody can beat in suit.
        tb = self.tb
        h = hands[self.bidder]
        rest = (hands[0] | hands[1] | hands[2]) & ~h
        c = 0
        for t in MOON_TILES:
            if h & _BIT[t]:
                if tb.trump_mask & _BIT[t]:
                    c += 1
                if not rest & tb.above_a[t]:
                    c += 1
        return (c + 1) // 2

    def _ge(self, hands, leader, trick, n, k):
        if k <= 0:
            return True
        if k > n:
            return False
        if not trick:
            return self._bnd(hands, leader, n, k)
        if len(trick) == 1:
            return self._second(hands, leader, n, k, trick[0])
        return self._third(hands, leader, n, k, trick[0], trick[1])

    def _build(self):
        tb = self.tb
        SM = tb.suit_mask
        LEDT = tb.led
        PW = tb.power
        TD = tb.trumps_desc
        TM = tb.trump_mask
        SIDE = tb.side
        SUITS7 = list(range(7))
        SEATS = (0, 1, 2)
        DESC = tb.desc
        ASC = tb.asc
        ASCS = tb.asc_in
        ABA = tb.above_a
        SB = tb.suit_b
        ABB = tb.above_b
        BIT = _BIT
        B = self.bidder
        X = (B + 1) % 3
        Y = (B + 2) % 3
        tt = self.tt
        solver = self

        def merge(tiles, others):
            # Keep one tile of each equivalence class (see Solver._sig).
            seen = []
            out = []
            for t in tiles:
                b = SB[t]
                if b >= 0 and others & SM[b]:
                    s = LEDT[t] | (others & ABA[t]) << 3 | ((b + 1) | (others & ABB[t]) << 4) << 31
                else:
                    s = LEDT[t] | (others & ABA[t]) << 3
                if s not in seen:
                    seen.append(s)
                    out.append(t)
            return out

        def bnd(H, leader, n, k):
            # Trick boundary, 1 <= k <= n: can the bidder take k more tricks?
            key = H[0] | H[1] << 28 | H[2] << 56 | leader << 84
            e = tt.get(key)
            if e is None:
                hb = H[B]
                hx = H[X]
                hy = H[Y]
                ho = hx | hy
                lb = 0
                for b in TD:
                    if hb & b:
                        lb += 1
                    elif ho & b:
                        break
                cx = cy = 0
                for b in TD:
                    if hx & b:
                        cx += 1
                    elif hy & b:
                        cy += 1
                    elif hb & b:
                        break
                ub = n - (cx if cx > cy else cy)
                # The leader's quick tricks: side tiles nobody can beat in
                # their suit (safe from ruffs while every trump holder must
                # follow), then trumps above all the others' trumps.
                h = H[leader]
                rest = (hb | ho) & ~h
                top = 0
                for b in TD:
                    if h & b:
                        top += 1
                    elif rest & b:
                        break
                if rest & TM:
                    side = 0
                    ka = [0] * 7
                    for t in SIDE:
                        if h & BIT[t] and not rest & ABA[t]:
                            ka[LEDT[t]] += 1
                    for a in SUITS7:
                        c = ka[a]
                        if c > side:
                            for p in SEATS:
                                if p != leader and H[p] & TM:
                                    m = H[p] & SM[a]
                                    f = 0
                                    while m:
                                        m &= m - 1
                                        f += 1
                                    if f < c:
                                        c = 0
                            if c > side:
                                side = c
                else:
                    side = 0
                    for t in SIDE:
                        if h & BIT[t] and not rest & ABA[t]:
                            side += 1
                c = top + side
                if leader == B:
                    if c > lb:
                        lb = c
                elif n - c < ub:
                    ub = n - c
                if lb >= k:
                    tt[key] = lb | ub << 4
                    return True
                if ub < k:
                    tt[key] = lb | ub << 4
                    return False
            else:
                lb = e & 15
                ub = e >> 4
                if lb >= k:
                    return True
                if ub < k:
                    return False
            solver.nodes += 1
            if solver.nodes == solver.limit:
                raise BudgetExceeded()
            # The clock is read every 64 nodes (about a millisecond): cheap enough.
            if not solver.nodes & 63 and solver.deadline is not None and solver.deadline.passed():
                raise BudgetExceeded()
            if n == 1:
                t1 = H[leader]
                t2 = H[(leader + 1) % 3]
                t3 = H[(leader + 2) % 3]
                led = LEDT[_INDEX[t1]]
                P = PW[led]
                w = leader
                best = P[_INDEX[t1]]
                p = P[_INDEX[t2]]
                if p > best:
                    best = p
                    w = (leader + 1) % 3
                if P[_INDEX[t3]] > best:
                    w = (leader + 2) % 3
                r = w == B
                lb = ub = 1 if r else 0
            else:
                r = lead(H, leader, n, k)
                if r:
                    lb = k
                else:
                    ub = k - 1
            tt[key] = lb | ub << 4
            return r

        def lead(H, leader, n, k):
            h = H[leader]
            others = (H[0] | H[1] | H[2]) & ~h
            mine = leader == B
            tiles = merge([t for t in DESC if h & BIT[t]], others)
            for t1 in tiles:
                H1 = H[:]
                H1[leader] = h & ~BIT[t1]
                if second(H1, leader, n, k, t1) == mine:
                    return mine
            return not mine

        def second(H, leader, n, k, t1):
            p = (leader + 1) % 3
            led = LEDT[t1]
            h = H[p]
            m = h & SM[led]
            if m:
                order = ASCS[led]
            else:
                m = h
                order = ASC
            P = PW[led]
            mine = p == B
            if m & (m - 1):
                # Beat the lead cheaply if the leader is an enemy, else play low.
                beat = P[t1]
                enemy = (leader == B) != mine
                tiles = []
                low = []
                for t in order:
                    if m & BIT[t]:
                        if enemy and P[t] > beat:
                            tiles.append(t)
                        else:
                            low.append(t)
                tiles += low
                tiles = merge(tiles, (H[0] | H[1] | H[2] | BIT[t1]) & ~h)
            else:
                tiles = [_INDEX[m]]
            for t2 in tiles:
                H2 = H[:]
                H2[p] = h & ~BIT[t2]
                if third(H2, leader, n, k, t1, t2) == mine:
                    return mine
            return not mine

        def third(H, leader, n, k, t1, t2):
            p = (leader + 2) % 3
            led = LEDT[t1]
            h = H[p]
            m = h & SM[led]
            if m:
                order = ASCS[led]
            else:
                m = h
                order = ASC
            P = PW[led]
            mine = p == B
            p1 = P[t1]
            p2 = P[t2]
            if p2 > p1:
                best = p2
                w = (leader + 1) % 3
            else:
                best = p1
                w = leader
            own = (w == B) == mine
            tiles = []
            low = []
            for t in order:
                if m & BIT[t]:
                    if not own and P[t] > best:
                        tiles.append(t)
                    else:
                        low.append(t)
            tiles += low
            if len(tiles) > 1:
                tiles = merge(tiles, (H[0] | H[1] | H[2] | BIT[t1] | BIT[t2]) & ~h)
            n1 = n - 1
            for t3 in tiles:
                if P[t3] > best:
                    win = p
                else:
                    win = w
                need = k - 1 if win == B else k
                if need <= 0:
                    r = True
                elif need > n1:
                    r = False
                else:
                    H3 = H[:]
                    H3[p] = h & ~BIT[t3]
                    r = bnd(H3, win, n1, need)
                if r == mine:
                    return mine
            return not mine

        self._bnd = bnd
        self._second = second
        self._third = third


def solve(hands, trump, leader, bidder, trick=(), tricks_won=0, node_limit=None):
    """The bidder's total tricks for the hand: ``tricks_won`` plus the best from here.

    ``None`` if ``node_limit`` trick-boundary nodes were not enough.
    """
    v = Solver(trump, bidder).value(hands, leader, trick, node_limit)
    return None if v is None else tricks_won + v


def move_values(hands, trump, leader, bidder, trick=(), tricks_won=0, node_limit=None):
    """``[(tile, total), ...]`` for each legal tile of the seat to act (tile-id order)."""
    mv = Solver(trump, bidder).move_values(hands, leader, trick, node_limit)
    if mv is None:
        return None
    return [(t, tricks_won + v) for t, v in mv]


def bidder_can_make(hands, trump, leader, bidder, target, trick=(), tricks_won=0, node_limit=None):
    """Whether the bidder ends the hand with at least ``target`` tricks (``None``: out of budget)."""
    return Solver(trump, bidder).at_least(hands, leader, trick, target - tricks_won, node_limit)
