"""Fast simulation of a Chicken Foot round to its end with a greedy policy.

The hard player's playouts: every seat sheds its heaviest playable tile
(doubles a little first, ``0-0`` as 50 with ``double_blank_50``), leaves
open an end it can follow when the tile could go either way, and now and
then (one move in ``EPS``) plays a uniformly random playable tile instead,
so the sampled futures are not all alike.  The loop and the rules are
:meth:`engine.chickenfoot.ChickenFoot.run_round`'s; only the choice of play
is here (:func:`greedy_choice`).
"""

from ..chickenfoot import BIT_INDEX, NUM_MASK, tile_score
from ..tiles import HI, IS_DOUBLE, LO

EPS = 8       # one move in EPS is random
DOUBLE_BONUS = 3

# What each tile would cost in hand (the engine's rule), doubles a little more.
_W_PLAIN = [tile_score(t, False) + (DOUBLE_BONUS if IS_DOUBLE[t] else 0) for t in range(55)]
_W_DB50 = [tile_score(t, True) + (DOUBLE_BONUS if IS_DOUBLE[t] else 0) for t in range(55)]


def weights(db50):
    """The playout policy's preference for shedding each tile."""
    return _W_DB50 if db50 else _W_PLAIN


def greedy_choice(g, p, rng):
    """The play for ``g``'s seat to act among its playable tiles ``p`` (the policy above)."""
    if p & (p - 1):
        below = rng.below
        if below(EPS) == 0:
            # A random tile among the playable ones.
            tiles = []
            while p:
                low = p & -p
                tiles.append(BIT_INDEX[low])
                p ^= low
            t = tiles[below(len(tiles))]
        else:
            W = _W_DB50 if g.double_blank_50 else _W_PLAIN
            t = -1
            best = -1
            while p:
                low = p & -p
                p ^= low
                c = BIT_INDEX[low]
                if W[c] > best:
                    best = W[c]
                    t = c
    else:
        t = BIT_INDEX[p]
    b = g.forced_target()
    if b < 0:
        open_nums = g.open_numbers()
        hi = HI[t]
        lo = LO[t]
        if hi != lo and (open_nums >> hi) & 1 and (open_nums >> lo) & 1:
            # Either end could match: leave open the one this hand can follow.
            rest = g.hands[g.seat] & ~(1 << t)
            if rest & NUM_MASK[hi] and not rest & NUM_MASK[lo]:
                b = g.open_end(lo)
            else:
                b = g.open_end(hi)
        elif (open_nums >> hi) & 1:
            b = g.open_end(hi)
        else:
            b = g.open_end(lo)
    return (t << 6) | b


def playout(g, rng):
    """Finish ``g``'s round (a state with ``log`` off) with the greedy policy."""
    g.run_round(rng, greedy_choice)
