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


# -- a playout policy closer to the medium player ------------------------------
# Medium (cf_heur.score_plays) rates a play by the weight shed plus, for the
# end it leaves open, how many of the remaining tiles can follow it, and
# plays a double only with a toe to cover it.  The same terms, on the
# simulation's masks (no knowledge replay, so a few microseconds a move):
# the opponents in a playout then play as the medium players they are.
M_FOLLOW = 25        # per remaining tile that follows the opened end (up to 3), tenths of a pip
M_FOLLOW_NONE = -30
M_DOUBLE = 20
M_DOUBLE_NO_TOE = -40
M_OUT = 100000


def medium_choice(g, p, rng):
    """The play for ``g``'s seat to act among ``p``, rated as the medium player rates it."""
    if not p & (p - 1):
        return greedy_choice(g, p, rng)
    below = rng.below
    if below(EPS) == 0:
        return greedy_choice(g, p, rng)
    W = _W_DB50 if g.double_blank_50 else _W_PLAIN
    hand = g.hands[g.seat]
    b = g.forced_target()
    open_nums = g.open_numbers() if b < 0 else (1 << HI[b])
    best = -(1 << 30)
    best_t = -1
    best_n = -1
    while p:
        low = p & -p
        p ^= low
        t = BIT_INDEX[low]
        rest = hand & ~low
        base = 10 * W[t]
        if not rest:
            return (t << 6) | (b if b >= 0 else g.open_end(HI[t] if (open_nums >> HI[t]) & 1 else LO[t]))
        hi = HI[t]
        lo = LO[t]
        if hi == lo:
            s = base + M_DOUBLE + (0 if rest & NUM_MASK[hi] else M_DOUBLE_NO_TOE)
            if s > best:
                best, best_t, best_n = s, t, hi
            continue
        for m, o in ((hi, lo), (lo, hi)):
            if (open_nums >> m) & 1:
                f = rest & NUM_MASK[o]
                if f:
                    c = 0
                    while f and c < 3:
                        f &= f - 1
                        c += 1
                    s = base + M_FOLLOW * c
                else:
                    s = base + M_FOLLOW_NONE
                if s > best:
                    best, best_t, best_n = s, t, m
    if b < 0:
        b = g.open_end(best_n)
    return (best_t << 6) | b


POLICY = "greedy"


def playout(g, rng):
    """Finish ``g``'s round (a state with ``log`` off) with the playout policy."""
    g.run_round(rng, medium_choice if POLICY == "medium" else greedy_choice)
