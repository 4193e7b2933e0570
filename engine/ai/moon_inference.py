"""What the bidding says about the other hands: plausible worlds.

A seat that bid 6 and named fives holds fives; a seat that passed holds no
great hand.  :func:`plausible` tests a sampled world against that with the
medium estimate (loose thresholds: other players bid differently), and
:func:`sample_plausible` rejects implausible worlds a bounded number of
times, so a strange bidding never stalls the sampling (after ``tries``
rejections the last world is taken as it is).  Everything public -- hand
sizes, voids -- is still respected exactly by :func:`sample_world`.
"""

from .moon_eval import UNIT, best_trumps, estimate
from .moon_sampling import sample_world

# Slack in thousandths of a trick.
BIDDER_SLACK = 1500      # the bidder's hand, with the widow, under its own trumps
BID_SLACK = 2000         # a bid, before the widow
PASS_SLACK = 250         # a pass: no bid was worth it
TRIES = 8


def plausible(k, hands, hidden):
    """Whether ``hands`` (and the out-of-play ``hidden`` tile) fit the others' bids."""
    high = 0
    claims = [0, 0, 0]       # the highest bid of each seat
    passes = [0, 0, 0]       # the lowest bid a seat declined (0: none)
    for seat, b in k.bids:
        if b:
            claims[seat] = b
            high = b
        elif not passes[seat]:
            passes[seat] = 4 if high < 4 else high + 1
    for s in k.others():
        original = hands[s] | k.played_by[s]
        if s == k.bidder and k.trump >= 0:
            dead = 1 << hidden if hidden >= 0 else 0
            need = k.need()
            if estimate(original, k.trump, dead) < need * UNIT - BIDDER_SLACK:
                return False
            continue
        if s == k.bidder:
            continue            # the widow is still to come: nothing sharp to say
        if passes[s] and passes[s] <= 7 or claims[s]:
            best = best_trumps(original, 1)[0][0]
            if passes[s] and passes[s] <= 7 and best >= passes[s] * UNIT + PASS_SLACK:
                return False
            if claims[s] and best < min(claims[s], 7) * UNIT - BID_SLACK:
                return False
    return True


def sample_plausible(k, rng, tries=TRIES):
    """``sample_world`` redrawn (at most ``tries`` times) until the world is :func:`plausible`."""
    hands, hidden = sample_world(k, rng)
    n = 0
    while n < tries and not plausible(k, hands, hidden):
        hands, hidden = sample_world(k, rng)
        n += 1
    return hands, hidden
