"""What a Chicken Foot seat knows about the tiles it cannot see, from its view alone.

:func:`knowledge` replays the round's public history (plays, draws, passes;
drawn tiles stay hidden) on a small table tracker to learn what each draw and
pass revealed: a seat that drew had no tile it could play at that moment, and
a seat that drew and then passed could not play the drawn tile either.

Each other seat's hand is modelled as *slots*, one per tile it holds, each
with a mask of tiles it cannot be.  A slot's mask is the union of the
playable masks of every draw or pass of that seat since the slot's tile
arrived, so the masks are nested (older slots are more constrained).  When a
seat plays a tile from its hand we do not know which slot it came from; we
drop the most constrained slot that could have held it, which keeps every
world that is really possible (the model may be looser than the truth, never
stricter).

:func:`sample` deals the unseen tiles to those slots and the yard at random,
consistently with the masks and every hand size.

Softer evidence: a seat that played a light tile while a much heavier one
could go down probably did not hold it (players shed weight).  Its plays
since its last draw (before that, a tile it holds may have been drawn
later) give ``unlikely``, per seat, and :func:`sample_hinted` leans the
worlds away from those tiles without ever breaking a fact.  It can also
read each such play through the medium player's rating (:func:`misfits`:
would the hand a world gives the seat have made another play?), off by
default: it places the opponents' tiles barely better (28.6 % of them right
against 27.7 %) and measured no gain in play for 35 % more CPU.
"""

from ..chickenfoot import BIT_INDEX, HAND_SIZES, N_TILES, NUM_MASK, TOES, ChickenFoot, tile_score
from ..tiles import HI, LO, parse
from .cf_heur import DOUBLE_BASE, DOUBLE_NO_TOE, FOLLOW, FOLLOW_NONE, PIP


class Knowledge:
    """The acting seat's knowledge (see the module docstring).

    Fields: ``seat``, ``players``, ``hand`` (own tiles, a mask), ``unseen``
    (a sorted list of the tiles in other hands or the yard), ``slots`` (per
    seat, a list of forbidden masks, most constrained first; empty for the
    viewer), ``lacks`` (per seat, a 10-bit mask of the numbers it cannot
    hold), ``sizes`` (hand sizes), ``yard_size``, ``open_count`` (per number,
    the free ends on the table, the centre and an open foot not counted),
    ``dnum``, ``spokes_left``, ``foot`` (the open foot's tile or -1),
    ``toes_left``, ``unlikely`` (per seat, a mask of unseen tiles its plays
    suggest it lacks: soft evidence, see :func:`sample_hinted`), ``choices``
    (per seat, its plays since its last draw as ``(tile, opened number or -1
    for a double, playable mask, the numbers a play could match)``, oldest first: see
    :func:`misfits`).
    """

    __slots__ = ("seat", "players", "hand", "unseen", "unseen_mask", "slots", "lacks", "sizes",
                 "yard_size", "reserve", "open_count", "dnum", "spokes_left", "foot",
                 "toes_left", "db50", "order", "unlikely", "choices")


def knowledge(view):
    """The :class:`Knowledge` of the seat whose ``view`` this is."""
    k = Knowledge()
    players = view["players"]
    seat = view["seat"]
    k.seat = seat
    k.players = players
    k.sizes = list(view["hand_sizes"])
    k.yard_size = view["yard_size"]
    k.reserve = view["yard_reserve"]
    k.db50 = bool(view["options"].get("double_blank_50"))
    hand = 0
    for name in view["hand"]:
        hand |= 1 << parse(name)
    k.hand = hand
    dnum = parse(view["double"])
    dnum = HI[dnum]
    k.dnum = dnum
    # The engine's own table, replayed: what was playable when is the rules', not a copy's.
    table = ChickenFoot(players, view["options"], log=False)
    table.start_table(view["round"])
    seen = hand | (1 << table.centre)
    for entry in view["table"]:
        seen |= 1 << parse(entry["tile"])
    slots = []
    for s in range(players):
        slots.append([] if s == seat else [0] * HAND_SIZES[players])
    drew = -1          # the seat that drew this turn (its next action tells more)
    drew_mask = 0
    # Per seat, the tiles its plays since its last draw suggest it lacks (see unlikely).
    unlikely = [0] * players
    choices = []
    for s in range(players):
        choices.append([])
    for item in view["history"]:
        s = item[0]
        action = item[1]
        if action == "draw":
            drew = s
            drew_mask = table.playable_mask()
            unlikely[s] = 0         # a drawn tile may be any of them
            choices[s] = []         # its hand before the draw is not its hand now
            if s != seat:
                sl = slots[s]
                for i in range(len(sl)):
                    sl[i] |= drew_mask
            continue
        if action == "pass":
            if s != seat:
                sl = slots[s]
                if drew == s:
                    sl.append(drew_mask)      # the drawn tile could not be played either
                else:
                    mask = table.playable_mask()
                    for i in range(len(sl)):
                        sl[i] |= mask
            drew = -1
            continue
        parts = action.split(">")
        t = parse(parts[0])
        b = parse(parts[1])
        if s != seat:
            # It played t although it could play these heavier tiles: a
            # player sheds weight, so it probably holds none of them.  Every
            # tile it holds now was in hand then unless it has drawn since.
            unlikely[s] |= table.playable_mask() & _heavier(t, k.db50)
        if s != seat and drew != s:
            sl = slots[s]
            # The most constrained slot that could have held t (see the docstring).
            for i in range(len(sl)):
                if not (sl[i] >> t) & 1:
                    sl.pop(i)
                    break
            else:
                if sl:
                    sl.pop()
        played_drawn = drew == s
        drew = -1
        pmask = table.playable_mask()
        # The numbers a play could match then: with a forced target, its number only.
        target = table.forced_target()
        om = table.open_numbers() if target < 0 else 1 << HI[target]
        table.attach(t, b)
        if s != seat and not played_drawn:
            m = table.matched[t]
            choices[s].append((t, -1 if HI[t] == LO[t] else HI[t] + LO[t] - m, pmask, om))
    unseen = []
    for t in range(N_TILES):
        if not (seen >> t) & 1:
            unseen.append(t)
    umask = 0
    for t in unseen:
        umask |= 1 << t
    lacks = [0] * players
    for s in range(players):
        sl = slots[s]
        if s == seat:
            continue
        # The model may drift from the true count only if the view is odd: trust the view.
        while len(sl) < k.sizes[s]:
            sl.append(0)
        while len(sl) > k.sizes[s]:
            sl.pop(0)
        loose = sl[-1] if sl else 0
        for i in range(len(sl)):
            sl[i] &= umask
        lm = 0
        for n in range(10):
            if not (NUM_MASK[n] & umask & ~loose):
                lm |= 1 << n
        lacks[s] = lm
    k.slots = slots
    k.lacks = lacks
    k.unseen = unseen
    k.unseen_mask = umask
    k.open_count = table.open_end_counts()
    k.spokes_left = table.spokes_req - table.spokes
    k.foot = table.foot
    k.toes_left = TOES - table.toes if table.foot >= 0 else 0
    k.order = None      # sample()'s slot order and allowed tiles, built once
    for s in range(players):
        unlikely[s] &= umask
    k.unlikely = unlikely
    k.choices = choices
    return k


# A play is taken as a sign the player held no playable tile heavier by more
# than this (pips): the medium player's other terms (ends it can follow,
# doubles) are worth up to about that much.
HEAVIER = 8
_HEAVIER = {}   # (db50, HEAVIER) -> masks: keyed by the margin too, so a bench that changes it gets its own


def _heavier(t, db50):
    """The mask of tiles heavier than ``t`` by more than ``HEAVIER`` pips."""
    key = (1 if db50 else 0, HEAVIER)
    table = _HEAVIER.get(key)
    if table is None:
        w = [tile_score(u, db50) for u in range(N_TILES)]
        table = []
        for u in range(N_TILES):
            m = 0
            for v in range(N_TILES):
                if w[v] > w[u] + HEAVIER:
                    m |= 1 << v
            table.append(m)
        _HEAVIER[key] = table
    return table[t]


# Hinted sampling: a world is kept with probability 1 / 2**(tiles it deals a
# seat that its plays suggest it lacks), at most HINT_TRIES draws (then the
# world with the fewest such tiles).  Soft: players do not all shed weight.
HINT_TRIES = 6
HINTS = True


# A seat's play "misfits" a world when, with the hand that world gives it
# at the time (its tiles now plus those it played since), the medium
# rating of plays (weight shed, ends it can follow, a double's toe:
# cf_heur's own terms) puts another play more than MISFIT_MARGIN tenths of
# a pip above it.  The rating leaves out the terms that need the seat's own
# view (rare numbers, starving seats), hence the margin.  Each misfit
# counts MISFIT_WEIGHT hints in sample_hinted.
MISFIT_MARGIN = 30
MISFIT_WEIGHT = 0   # off: measured no gain (module docstring)


def _rating(t, o, rest, db50):
    if o < 0:
        return PIP * tile_score(t, db50) + DOUBLE_BASE + (0 if rest & NUM_MASK[HI[t]] else DOUBLE_NO_TOE)
    f = rest & NUM_MASK[o]
    if not f:
        return PIP * tile_score(t, db50) + FOLLOW_NONE
    n = 0
    while f and n < 3:
        f &= f - 1
        n += 1
    return PIP * tile_score(t, db50) + FOLLOW * n


def misfits(k, hands):
    """How many plays of the other seats since their last draw misfit the world ``hands`` (see above)."""
    count = 0
    db50 = k.db50
    for s in range(k.players):
        entries = k.choices[s] if s != k.seat else ()
        later = 0
        for j in range(len(entries) - 1, -1, -1):
            t, o, pmask, om = entries[j]
            held = hands[s] | later | (1 << t)
            later |= 1 << t
            p = held & pmask & ~(1 << t)
            if not p:
                continue
            rest = held & ~(1 << t)
            floor = _rating(t, o, rest, db50) + MISFIT_MARGIN
            while p:
                low = p & -p
                p ^= low
                u = BIT_INDEX[low]
                r = held & ~low
                hi = HI[u]
                lo = LO[u]
                if hi == lo:
                    better = _rating(u, -1, r, db50) > floor
                else:
                    better = ((om >> hi) & 1 and _rating(u, lo, r, db50) > floor) or \
                             ((om >> lo) & 1 and _rating(u, hi, r, db50) > floor)
                if better:
                    count += 1
                    break
    return count


def sample_hinted(k, rng):
    """Like :func:`sample`, leaning towards worlds its plays suggest (``k.unlikely``).

    Every world is still one :func:`sample` draws: the hard facts hold.
    """
    hands, yard = sample(k, rng)
    if not HINTS:
        return hands, yard
    best = None
    best_v = 1 << 30
    n = 0
    while True:
        v = 0
        for s in range(k.players):
            m = hands[s] & k.unlikely[s] if s != k.seat else 0
            while m:
                m &= m - 1
                v += 1
        if MISFIT_WEIGHT:
            v += MISFIT_WEIGHT * misfits(k, hands)
        if v == 0 or (v < 20 and rng.below(1 << v) == 0):
            return hands, yard
        if v < best_v:
            best, best_v = (hands, yard), v
        n += 1
        if n >= HINT_TRIES:
            return best
        hands, yard = sample(k, rng)


def sample(k, rng, tries=8):
    """One deal of the unseen tiles consistent with ``k``: ``(hands, yard)``.

    ``hands`` is a list of masks by seat (the viewer's own hand included),
    ``yard`` a list of tile ids in draw order.  Slots are filled most
    constrained first, each with a uniform choice among the tiles it may be
    that are still free; a dead end restarts, and after ``tries`` restarts
    the constraints of the slot that has no tile left are dropped (only
    possible if the view contradicts itself).
    """
    order = k.order
    if order is None:
        order = []
        for s in range(k.players):
            sl = k.slots[s]
            for i in range(len(sl)):
                f = sl[i]
                allowed = []
                for t in k.unseen:
                    if not (f >> t) & 1:
                        allowed.append(t)
                order.append((len(allowed), s, i, allowed))
        order.sort(key=lambda e: (e[0], e[1], e[2]))
        k.order = order
    attempt = 0
    while True:
        attempt += 1
        taken = 0
        hands = [0] * k.players
        hands[k.seat] = k.hand
        ok = True
        for entry in order:
            allowed = entry[3]
            t = -1
            # Most slots allow most tiles: a few blind picks usually find a free one.
            for _ in range(4):
                c = allowed[rng.below(len(allowed))] if allowed else -1
                if c >= 0 and not (taken >> c) & 1:
                    t = c
                    break
            if t < 0:
                free = []
                for c in allowed:
                    if not (taken >> c) & 1:
                        free.append(c)
                if not free:
                    if attempt <= tries:
                        ok = False
                        break
                    for c in k.unseen:
                        if not (taken >> c) & 1:
                            free.append(c)
                t = free[rng.below(len(free))]
            taken |= 1 << t
            hands[entry[1]] |= 1 << t
        if ok:
            yard = []
            for t in k.unseen:
                if not (taken >> t) & 1:
                    yard.append(t)
            rng.shuffle(yard)
            return hands, yard


def consistent(k, hands):
    """Whether other seats' ``hands`` (masks) could be true under ``k``'s slot model.

    Each seat's tiles must fill its slots (a matching where a tile goes to a
    slot that does not forbid it); the masks are nested, so filling the most
    constrained slots first with any allowed tile decides it.
    """
    for s in range(k.players):
        if s == k.seat:
            continue
        sl = k.slots[s]
        tiles = []
        for t in range(N_TILES):
            if (hands[s] >> t) & 1:
                tiles.append(t)
        if len(tiles) != len(sl):
            return False
        # Nested masks: give each slot (most constrained first) the tile
        # allowed in the fewest slots that it allows.
        used = [False] * len(tiles)
        for i in range(len(sl)):
            best = -1
            best_n = 999
            for j in range(len(tiles)):
                if used[j] or (sl[i] >> tiles[j]) & 1:
                    continue
                n = 0
                for f in sl:
                    if not (f >> tiles[j]) & 1:
                        n += 1
                if n < best_n:
                    best_n = n
                    best = j
            if best < 0:
                return False
            used[best] = True
    return True
