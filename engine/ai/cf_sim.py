"""Fast simulation of a Chicken Foot round to its end with a greedy policy.

The hard player's playouts: every seat sheds its heaviest playable tile
(doubles a little first, ``0-0`` as 50 with ``double_blank_50``), leaves
open an end it can follow when the tile could go either way, and now and
then (one move in ``EPS``) plays a uniformly random legal move instead, so
the sampled futures are not all alike.  The loop is
:meth:`engine.chickenfoot.ChickenFoot.playout` with the choice of move
replaced, running on local copies of the state (no record).
"""

from ..game import PHASE_PLAY
from ..chickenfoot import BIT_INDEX, NUM_MASK, NUMS_TO_TILES, PASS, TOES
from ..tiles import HI, IS_DOUBLE, LO, PIPS

EPS = 8       # one move in EPS is random
DOUBLE_BONUS = 3

_W_PLAIN = [PIPS[t] + (DOUBLE_BONUS if IS_DOUBLE[t] else 0) for t in range(55)]
_W_DB50 = list(_W_PLAIN)
_W_DB50[0] = 50 + DOUBLE_BONUS


def weights(db50):
    """The playout policy's preference for shedding each tile."""
    return _W_DB50 if db50 else _W_PLAIN


def playout(g, rng):
    """Finish ``g``'s round (a state with ``log`` off) with the greedy policy."""
    if g._phase != PHASE_PLAY:
        return
    W = _W_DB50 if g.double_blank_50 else _W_PLAIN
    below = rng.below
    hands = g.hands
    counts = g.counts
    ends = g.ends
    parent = g.parent
    matched = g.matched
    placed = g.placed
    yard = g.yard
    players = g.players
    centre = g.centre
    dnum = g.dnum
    req = g.spokes_req
    last_draw = len(yard) - g.reserve
    seat = g.seat
    drawn = g.drawn
    spokes = g.spokes
    foot = g.foot
    toes = g.toes
    open_nums = g.open_nums
    table = g.table
    ypos = g.ypos
    out = -2
    while out == -2:
        hand = hands[seat] if drawn < 0 else 1 << drawn
        if spokes < req:
            p = hand & NUM_MASK[dnum]
            target = centre
        elif foot >= 0:
            p = hand & NUM_MASK[HI[foot]]
            target = foot
        else:
            p = hand & NUMS_TO_TILES[open_nums]
            target = -1
        if p:
            if p & (p - 1):
                if below(EPS) == 0:
                    # A random tile among the playable ones.
                    tiles = []
                    q = p
                    while q:
                        low = q & -q
                        tiles.append(BIT_INDEX[low])
                        q ^= low
                    t = tiles[below(len(tiles))]
                else:
                    t = -1
                    best = -1
                    q = p
                    while q:
                        low = q & -q
                        q ^= low
                        c = BIT_INDEX[low]
                        if W[c] > best:
                            best = W[c]
                            t = c
            else:
                t = BIT_INDEX[p]
            if target >= 0:
                b = target
            else:
                hi = HI[t]
                lo = LO[t]
                if hi != lo and (open_nums >> hi) & 1 and (open_nums >> lo) & 1:
                    # Either end could match: leave open the one this hand can follow.
                    rest = hands[seat] & ~(1 << t)
                    if rest & NUM_MASK[hi] and not rest & NUM_MASK[lo]:
                        b = ends[lo][0]
                    else:
                        b = ends[hi][0]
                elif (open_nums >> hi) & 1:
                    b = ends[hi][0]
                else:
                    b = ends[lo][0]
            move = (t << 6) | b
        elif drawn < 0 and ypos < last_draw:
            drawn = yard[ypos]
            ypos += 1
            hands[seat] |= 1 << drawn
            counts[seat] += 1
            continue
        else:
            move = PASS
        drawn = -1
        if move != PASS:
            t = move >> 6
            b = move & 63
            if b == centre:
                m = dnum
                spokes += 1
            elif b == foot:
                m = HI[b]
                toes += 1
                if toes == TOES:
                    foot = -1
            else:
                m = PIPS[b] - matched[b]
                lst = ends[m]
                lst.remove(b)
                if not lst:
                    open_nums &= ~(1 << m)
            parent[t] = b
            matched[t] = m
            bit = 1 << t
            table |= bit
            placed.append(t)
            if IS_DOUBLE[t]:
                foot = t
                toes = 0
            else:
                o = PIPS[t] - m
                ends[o].append(t)
                open_nums |= 1 << o
            hands[seat] &= ~bit
            counts[seat] -= 1
            if counts[seat] == 0:
                out = seat
                break
        if ypos >= last_draw:
            if spokes < req:
                mask = NUM_MASK[dnum]
            elif foot >= 0:
                mask = NUM_MASK[HI[foot]]
            else:
                mask = NUMS_TO_TILES[open_nums]
            for h in hands:
                if h & mask:
                    break
            else:
                out = -1
                break
        seat += 1
        if seat == players:
            seat = 0
    g.seat = seat
    g.drawn = drawn
    g.spokes = spokes
    g.foot = foot
    g.toes = toes
    g.open_nums = open_nums
    g.table = table
    g.ypos = ypos
    g._end_round(out)
