"""Fast simulation of a Chicken Foot round to its end: the hard player's playouts.

Two policies on :meth:`engine.chickenfoot.ChickenFoot.run_round`'s loop (the
rules are the engine's; only the choice of play is here), and
:func:`finish`, the medium policy's round written out on locals without a
copy of the state: the same moves as ``run_round`` with
:func:`medium_choice` (tests/test_cf_sim_finish.py), 1.5-2x the playouts a
second (README, ``bench/cf_speed.py``).  The search and the analysis play
through it (:func:`engine.ai.cf_player.play_out`).

* :func:`medium_choice` (``POLICY = "medium"``, the default): every seat
  rates its plays as the medium player does -- the weight shed, the end left
  open and how many of its tiles follow it, a double only with a toe to
  cover it -- so the opponents of a playout play as the medium players they
  are.  No random moves (``M_EPS = 0``): medium is deterministic and the
  sampled worlds already vary the futures.  Paired on the same deals at 600
  playouts, against the greedy policy: -5.1 +- 3.2 pips a round (40
  rounds; -4.3 +- 3.6 with one random move in 8), after -2.9 +- 1.7 over
  120 rounds at 400; 15 % more CPU a decision.  At equal CPU (greedy at
  690 playouts): -4.34 +- 1.72 pips a round over 80 rounds.
* :func:`greedy_choice`: every seat sheds its heaviest playable tile
  (doubles a little first, ``0-0`` as 50 with ``double_blank_50``), leaves
  open an end it can follow when the tile could go either way, and one move
  in ``EPS`` plays a uniformly random playable tile instead.
"""

from ..chickenfoot import BIT_INDEX, N_TILES, NUM_MASK, NUMS_TO_TILES, TOES, tile_score
from ..chickenfoot.score import _pip_total
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
    return greedy_end(g, t)


def greedy_end(g, t):
    """The play of tile ``t`` by ``g``'s seat to act: the forced target, else
    the end that leaves open a number its hand can follow (the higher number's
    when both or neither)."""
    b = g.forced_target()
    if b < 0:
        b = g.open_end(greedy_number(g.hands[g.seat], t, g.open_numbers()))
    return (t << 6) | b


def greedy_number(hand, t, open_nums):
    """The number tile ``t`` of ``hand`` matches by :func:`greedy_end`'s rule,
    the free ends' numbers being ``open_nums`` (a play is not forced)."""
    hi = HI[t]
    lo = LO[t]
    if hi != lo and (open_nums >> hi) & 1 and (open_nums >> lo) & 1:
        # Either end could match: leave open the one this hand can follow.
        rest = hand & ~(1 << t)
        return lo if rest & NUM_MASK[hi] and not rest & NUM_MASK[lo] else hi
    return hi if (open_nums >> hi) & 1 else lo


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
M_EPS = 0            # one decision in M_EPS is a random play (0: never, see above)


# Base ratings in tenths of a pip.
_R_PLAIN = [10 * w for w in _W_PLAIN]
_R_DB50 = [10 * w for w in _W_DB50]
# Per tile, the other tiles bearing its higher / lower number: a hand less
# the tile, the tiles that follow the end it opens, in one mask operation.
_OTHERS_HI = [NUM_MASK[HI[t]] & ~(1 << t) for t in range(N_TILES)]
_OTHERS_LO = [NUM_MASK[LO[t]] & ~(1 << t) for t in range(N_TILES)]
# Per tile, its two ways to match: (number matched, the tiles that follow the end it opens).
_ENDS = [((HI[t], _OTHERS_LO[t]), (LO[t], _OTHERS_HI[t])) for t in range(N_TILES)]
# The set by tile id in three parts, the highest ids (the 8s and 9s: the
# heaviest tiles) first, so _rate meets the likely best early.
_THIRDS = [((1 << N_TILES) - 1) & ~((1 << 36) - 1), ((1 << 36) - 1) & ~((1 << 21) - 1), (1 << 21) - 1]


def medium_choice(g, p, rng):
    """The play for ``g``'s seat to act among ``p``, rated as the medium player rates it.

    The rating of each (tile, end) is ``10 * weight`` plus ``M_FOLLOW`` per
    tile left in hand that follows the end it opens (up to 3), or
    ``M_FOLLOW_NONE`` if none does; a double ``M_DOUBLE``, and
    ``M_DOUBLE_NO_TOE`` more without a toe to cover it.  The first best in
    tile order (the higher number's end first) is played (:func:`_rate`;
    tests/test_cf_run_round.py holds it to the rating stated plainly).
    """
    if not p & (p - 1):
        return greedy_end(g, BIT_INDEX[p])
    b = g.forced_target()
    if M_EPS:
        # One draw a decision: its low bits say whether to play at random, its high bits what.
        x = rng.next64()
        if x % M_EPS == 0:
            tiles = []
            while p:
                low = p & -p
                p ^= low
                tiles.append(BIT_INDEX[low])
            return greedy_end(g, tiles[(x >> 32) % len(tiles)])
    best = _rate(g.hands[g.seat], p, g.open_numbers() if b < 0 else (1 << HI[b]),
                 _R_DB50 if g.double_blank_50 else _R_PLAIN)
    if b < 0:
        b = g.open_end(best & 15)
    return ((best >> 4) << 6) | b


def _rate(hand, p, open_nums, R):
    """:func:`medium_choice`'s pick among the two or more tiles ``p`` of
    ``hand`` that may match the numbers ``open_nums`` (base ratings ``R``),
    as ``tile << 4 | matched number``: the best rating, the lowest tile
    among equals (the higher number's end first).

    The playouts spend most of their time here, so the loop is spelled
    out: the heavier third of the set first (``_THIRDS``), so that a tile
    too light to beat the best so far even with the most an end can add is
    skipped unrated, and the tiles that follow an end are counted from
    ``_ENDS`` (the hand less the tile, in one mask).
    """
    # The most an end or a double adds (M_FOLLOW >= 0, M_FOLLOW_NONE and
    # M_DOUBLE_NO_TOE below 0), read now: a bench may change the constants.
    reach = 3 * M_FOLLOW
    if M_DOUBLE > reach:
        reach = M_DOUBLE
    best = -(1 << 30)
    best_t = N_TILES
    best_n = -1
    for third in _THIRDS:
        q = p & third
        while q:
            low = q & -q
            q ^= low
            t = BIT_INDEX[low]
            base = R[t]
            if base + reach < best:
                continue
            # Two or more playable tiles, so at least one stays in hand: no play goes out here.
            hi = HI[t]
            lo = LO[t]
            if hi == lo:
                s = base + M_DOUBLE + (0 if hand & _OTHERS_HI[t] else M_DOUBLE_NO_TOE)
                if s > best or (s == best and t < best_t):
                    best = s
                    best_t = t
                    best_n = hi
                continue
            for m, others in _ENDS[t]:
                if (open_nums >> m) & 1:
                    # The end it opens shows the other number: how many of the rest follow it (up to 3).
                    f = hand & others
                    if f:
                        f &= f - 1
                        s = base + (M_FOLLOW if not f else (2 * M_FOLLOW if not f & (f - 1) else 3 * M_FOLLOW))
                    else:
                        s = base + M_FOLLOW_NONE
                    # The same tile's lower end only if better (t == best_t then).
                    if s > best or (s == best and t < best_t):
                        best = s
                        best_t = t
                        best_n = m
    return (best_t << 4) | best_n


POLICY = "medium"


def playout(g, rng):
    """Finish ``g``'s round (a state with ``log`` off) with the playout policy."""
    g.run_round(rng, medium_choice if POLICY == "medium" else greedy_choice)


def finish(base, hands, yard, t, m):
    """The end of the round in which ``base``'s seat to act plays tile ``t``
    matching the number ``m``, the world's tiles ``hands``/``yard`` in place of ``base``'s,
    then every seat plays by :func:`medium_choice`: ``(scores, went_out)``.

    What ``play_world`` then ``last_scores()`` / ``went_out()`` give (the
    same moves: tests/test_cf_sim_finish.py), without a copy of ``base``
    (left unchanged) or a call per move: the hard player's search is made of
    these.  Only the numbers of the free ends count in a playout (which tile
    shows a number does not change a rating or a score), so the table is a
    count per number; every rule is :meth:`ChickenFoot._attach`'s and
    :meth:`ChickenFoot.run_round`'s, spelled out on locals.
    """
    players = base.players
    seat = base.seat
    hands = list(hands)
    counts = list(base.counts)
    req = base.spokes_req
    spokes = base.spokes
    dnum = base.dnum
    foot = base.foot
    toes = base.toes
    cnt = []
    for e in base.ends:
        cnt.append(len(e))
    open_nums = base.open_nums
    R = _R_DB50 if base.double_blank_50 else _R_PLAIN
    ypos = 0
    last_draw = len(yard) - base.reserve    # draws allowed while ypos < last_draw
    out = -1
    while True:
        # Seat plays t on an end m: _attach's bookkeeping, the ends counted per number.
        if spokes < req:
            spokes += 1
        elif foot >= 0:
            toes += 1
            if toes == TOES:
                foot = -1
        else:
            c = cnt[m] - 1
            cnt[m] = c
            if not c:
                open_nums &= ~(1 << m)
        hi = HI[t]
        if hi == LO[t]:
            foot = t
            toes = 0
        else:
            o = hi + LO[t] - m
            cnt[o] += 1
            open_nums |= 1 << o
        # _constrain: what the table accepts now, and the number every play must match (or -1).
        if spokes < req:
            fnum = dnum
            pmask = NUM_MASK[dnum]
        elif foot >= 0:
            fnum = HI[foot]
            pmask = NUM_MASK[fnum]
        else:
            fnum = -1
            pmask = NUMS_TO_TILES[open_nums]
        hands[seat] &= ~(1 << t)
        c = counts[seat] - 1
        counts[seat] = c
        if not c:
            out = seat
            break
        # The next seats, until one plays: a draw when it has no play, a pass
        # when the drawn tile does not play either or the yard is at its reserve.
        blocked = False
        while True:
            if ypos >= last_draw:
                blocked = True
                for h in hands:
                    if h & pmask:
                        blocked = False
                        break
                if blocked:
                    break
            seat += 1
            if seat == players:
                seat = 0
            hand = hands[seat]
            p = hand & pmask
            if p:
                break
            if ypos < last_draw:
                d = yard[ypos]
                ypos += 1
                hand |= 1 << d
                hands[seat] = hand
                counts[seat] += 1
                p = (1 << d) & pmask
                if p:
                    break
        if blocked:
            break
        if p & (p - 1):
            best = _rate(hand, p, open_nums if fnum < 0 else (1 << fnum), R)
            t = best >> 4
            m = best & 15
            continue
        # A single play: greedy_end's choice of end.
        t = BIT_INDEX[p]
        m = fnum if fnum >= 0 else greedy_number(hand, t, open_nums)
    db50 = base.double_blank_50
    scores = []
    for s in range(players):
        scores.append(0 if s == out else _pip_total(hands[s], db50))
    return scores, out
