"""The medium player's judgement of a Chicken Foot play, from a seat's knowledge.

:func:`score_plays` rates every play (higher is better) in pip-like units:

* shed weight: the tile's cost in hand (``0-0`` is 50 with ``double_blank_50``);
* going out beats everything;
* keep ends you can follow: the end a play leaves open is worth more the
  more of the remaining hand bears its number, and a little more when few
  unseen tiles bear it (the others are less likely to use it);
* doubles: playing one makes the following seats cover its foot (seats
  known to lack its number must draw); worth less when this hand holds no
  toe to cover it itself (self-play found that more toes add nothing);
* starve the seats that drew or passed: a seat known to lack every open
  number cannot play; closing the end it lacks or opening one it may hold
  feeds it (weighted up for the next seat and for seats about to go out).
"""

from ..chickenfoot import NUM_MASK, TOES, tile_score
from ..tiles import HI, IS_DOUBLE, LO, popcount

# Tenths of a pip: integer scores compare the same on every interpreter.
PIP = 10
FOLLOW = 25         # per remaining tile that can follow the opened end (up to 3)
FOLLOW_NONE = -30   # the opened end is a number this hand lacks
RARE = 4            # per unseen tile bearing the opened number, against
DOUBLE_BASE = 20
DOUBLE_TOE = 0      # per toe held (up to 3): self-play found more toes no better
DOUBLE_NO_TOE = -40
DRAW_TO_COVER = 10  # per weight of a seat that lacks the double's number
FEED = 80           # opening a way for a starving seat to play
FEED_SOFT = 10      # opening a number a seat that drew may hold
BLANK_END = 40      # with double_blank_50, an end for the 0-0
OUT = 10000


def score_plays(k, plays):
    """Integer scores (tenths of a pip), higher better, for the seat of ``k``.

    ``plays`` is a list of ``(tile, target, matched_number)``.
    """
    out = []
    hand = k.hand
    players = k.players
    seat = k.seat
    unseen = k.unseen_mask
    open_nums = 0
    for n in range(10):
        if k.open_count[n]:
            open_nums |= 1 << n
    # Seats that cannot play on the ends now (as far as we know), weighted.
    starving = []
    for s in range(players):
        if s == seat or not k.sizes[s]:
            continue
        # Weights in halves: the next seat and seats about to go out count more.
        weight = 2
        if (s - seat) % players == 1:
            weight += 2
        if k.sizes[s] <= 2:
            weight += 3
        lacks = k.lacks[s]
        starving.append((s, weight, lacks, lacks & open_nums == open_nums and open_nums != 0))
    for play in plays:
        t = play[0]
        b = play[1]
        m = play[2]
        rest = hand & ~(1 << t)
        score = PIP * tile_score(t, k.db50)
        if not rest:
            out.append(OUT + score)
            continue
        if IS_DOUBLE[t]:
            d = HI[t]
            toes = popcount(rest & NUM_MASK[d])
            score += DOUBLE_BASE
            if toes:
                score += DOUBLE_TOE * min(toes, TOES)
            else:
                score += DOUBLE_NO_TOE
            # Seats lacking d must draw to cover: good, unless they are starving anyway.
            for entry in starving:
                if (entry[2] >> d) & 1:
                    score += DRAW_TO_COVER * entry[1] // 2
            out.append(score)
            continue
        o = LO[t] if HI[t] == m else HI[t]
        follow = popcount(rest & NUM_MASK[o])
        if follow:
            score += FOLLOW * min(follow, 3)
        else:
            score += FOLLOW_NONE
        score -= RARE * popcount(unseen & NUM_MASK[o])
        if k.db50 and (rest & 1) and o == 0:
            score += BLANK_END
        # The open numbers after the play (feet and the centre aside).
        after = open_nums
        if b != k.foot and not (HI[b] == k.dnum and LO[b] == k.dnum) and k.open_count[m] == 1:
            after &= ~(1 << m)      # the last end of m is covered
        after |= 1 << o
        for entry in starving:
            lacks = entry[2]
            if (lacks >> o) & 1 and (after & ~lacks) == 0:
                continue
            if entry[3] and (after & ~lacks):
                score -= FEED * entry[1] // 2
            elif lacks and not (lacks >> o) & 1:
                score -= FEED_SOFT * entry[1] // 2
        out.append(score)
    return out
