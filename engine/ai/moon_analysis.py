"""Three-Player Moon hand analysis with every hand known ("double dummy"), exact.

For every decision of a finished hand, the tricks the bidder ends with under
perfect play (:class:`engine.ai.moon_solver.Solver`: the bidder maximises,
the two defenders together minimise) after each legal alternative:

* a **bid** -- for each legal bid, the bidding seat's score if that bid were
  the contract, from the tricks it takes as bidder with the widow, the best
  discard and trumps (a pass: 0); unit ``points``;
* the **discard** -- for each of the bidder's 8 tiles, the tricks with the
  best trumps after discarding it; unit ``tricks``;
* **trumps** -- for each of the 9 choices, the tricks after the discard made;
* each **tile played** -- the bidder's total tricks after it.

Before play, per seat: the most tricks it could take as bidder (and with
which discard and trumps), the best contract that makes them, the bid it made
and what the ``hard`` player, seeing only that seat's view at its turn to
bid, would have bid (seeded, ``iterations`` worlds).

Seeing every hand, it would give away the others' tiles: it is offered only
once the hand is over (``GameError`` otherwise) and labelled ``"sees":
"every hand"``.
"""

from ..game import GameError
from ..moon import BIDDING, DISCARD, MOON_BID, PLAY, TRUMP, mask_ids, parse_moon_tile
from ..moon_rules import tricks_needed, trump_code, trump_text
from ..tiles import NAMES
from . import Budget, choose
from .analysis import Progress, drain, verdict
from .moon_eval import best_choices
from .moon_solver import Solver

# Worlds for the hard player's bid (its own default is 20 under a time cap;
# the analysis needs a fixed budget, and 4 keeps a hand near a second).
HARD_BID_WORLDS = 4


def bid_points(bid, tricks):
    """The bidder's score for ``bid`` (0: a pass scores nothing here) taking ``tricks``."""
    if bid == 0:
        return 0
    return bid if tricks >= tricks_needed(bid) else -bid


def best_contract(tricks):
    """The highest bid that ``tricks`` make (``"pass"`` below 4; ``"21"`` for all 7)."""
    if tricks >= 7:
        return str(MOON_BID)
    if tricks >= 4:
        return str(tricks)
    return "pass"


class Solvers:
    """One :class:`Solver` per (trump, bidder), kept for the whole hand.

    A solver's table stays valid for any hands with the same trump and
    bidder, so the trump decision and every play reuse what the discard's
    questions learnt about the hand actually played.
    """

    def __init__(self):
        self.cache = {}

    def get(self, trump, bidder):
        key = trump * 3 + bidder
        s = self.cache.get(key)
        if s is None:
            s = Solver(trump, bidder)
            self.cache[key] = s
        return s

    def value(self, hands, trump, bidder):
        """The bidder's tricks for a whole hand, the bidder leading."""
        return self.get(trump, bidder).value(hands, bidder)

    def beats(self, hands, trump, bidder, k):
        """Whether the bidder, leading, takes at least ``k`` tricks."""
        return self.get(trump, bidder).at_least(hands, bidder, (), k)


def _with_discard(hands, seat, hand8, d):
    h = list(hands)
    h[seat] = hand8 & ~(1 << d)
    return h


def best_as_bidder(solvers, hands, seat, hand8, candidates=None):
    """``(tricks, discard, trump)``: the most ``seat`` takes as bidder holding the 8 tiles ``hand8``.

    ``hands`` are the other seats' hands (``seat``'s entry is replaced).
    Candidates are tried in the order of the medium estimate; after the first
    exact value each other one is only asked whether it beats the best so far
    (a cheaper question), so the answer is exact at a fraction of the cost.
    ``candidates``: ``(discard, trump)`` pairs to restrict the search to.
    """
    return drain(best_steps(solvers, hands, seat, hand8, Progress(0), 0, candidates))


# Every (discard, trump) pair of an 8-tile hand; a unit of work per PAIRS_PER_UNIT of them.
PAIRS = 72
PAIRS_PER_UNIT = 9


def best_steps(solvers, hands, seat, hand8, work, every, candidates=None):
    """:func:`best_as_bidder` as a generator, a unit of ``work`` per ``every`` candidates
    (0: none): the slowest piece of a hand's analysis cut small enough for a slice of
    MicroPython's worker."""
    if candidates is None:
        candidates = [(d, tr) for _, d, tr in best_choices(hand8, PAIRS)]
    best = None
    tried = 0
    for d, tr in candidates:
        h = _with_discard(hands, seat, hand8, d)
        tried += 1
        if best is None:
            best = (solvers.value(h, tr, seat), d, tr)
        else:
            v = best[0]
            while v < 7 and solvers.beats(h, tr, seat, v + 1):
                v += 1
            if v > best[0]:
                best = (v, d, tr)
        if every and tried % every == 0:
            yield work.step()
    return best


def _bid(tricks_as_bidder, hard_bids, state, index, action):
    seat = state.to_act
    tricks = tricks_as_bidder[seat]
    alts = []
    for a in state.legal_actions():
        b = 0 if a == "pass" else int(a)
        alts.append({"action": a, "value": bid_points(b, tricks)})
    d = {"index": index, "seat": seat, "phase": "bidding", "action": action, "unit": "points",
         "tricks": tricks, "hard": hard_bids[seat], "alternatives": alts}
    d.update(verdict(alts, action, True))
    return d


def analyse_round(start, ri, rnd, opts):
    """The analysis of hand ``ri`` (``start``: the game with the hand just dealt),
    a generator yielding ``(done, total)`` per unit (see :mod:`engine.ai.analysis`).

    With ``opts["seat"]`` only that seat's decisions and summary are given
    (and only its hard bid and best as bidder are computed: most of the
    cost); ``line`` always has the bidder's tricks after every move from the
    discard on, the chart across the hand.
    """
    actions = rnd["actions"]
    if "scores" not in rnd:
        raise GameError("Moon analysis sees every hand: it is offered only for a finished hand",
                        "analysis.moon_unfinished")
    worlds = opts["iterations"] if opts["iterations"] is not None else HARD_BID_WORLDS
    wanted = [0, 1, 2] if opts["seat"] is None else [opts["seat"]]
    played = len(actions) > 3
    # Units: a hard bid and a summary per seat, each of the bidder's 8
    # discards (when its seat is wanted), another seat's best as bidder in
    # 8 pieces, the discard, trumps and 21 plays.
    first_bidder = _bidder(start, actions)
    others = len([s for s in wanted if s != first_bidder])
    work = Progress(2 * len(wanted) + (2 + 21 if played else 0) + (8 if first_bidder in wanted else 0)
                    + others * (PAIRS // PAIRS_PER_UNIT))
    # The bidding first: what hard would have bid at each wanted seat's turn
    # (its view only, seeded per seat), and who won the contract.
    g = start.clone()
    bids = [None, None, None]
    hard_bids = [None, None, None]
    i = 0
    while i < len(actions) and g.code == BIDDING:
        s = g.to_act
        if s in wanted:
            hard_bids[s] = choose(g.view(s), "hard", opts["seed"] * 3 + s, Budget(iterations=worlds))
            yield work.step()
        bids[s] = actions[i]
        g.apply(actions[i])
        i += 1
    bidder = g.bidder if g.bidder >= 0 else None
    # Per seat: the most it takes as bidder, with every hand known.  The
    # bidder's comes from its discard decision's values (the same questions).
    solvers = Solvers()
    dealt = list(start.hands)
    widow = start.widow
    discards = None
    if bidder in wanted:
        discards = yield from discard_steps(solvers, dealt, bidder, dealt[bidder] | (1 << widow), work)
    seats = [None, None, None]
    tricks = [None, None, None]
    for s in wanted:
        if s == bidder:
            top = discards[0]
            for a in discards:
                if a["value"] > top["value"]:
                    top = a
            v, d, tr = top["value"], top["action"][8:], top["trump"]
        else:
            v, d, tr = yield from best_steps(solvers, dealt, s, dealt[s] | (1 << widow), work, PAIRS_PER_UNIT)
            d, tr = NAMES[d], trump_text(tr)
        tricks[s] = v
        seats[s] = {"seat": s, "tricks": v, "discard": d, "trump": tr, "best_contract": best_contract(v),
                    "bid": bids[s], "hard_bid": hard_bids[s]}
        yield work.step()
    decisions = []
    g = start.clone()
    for index in range(len(actions)):
        action = actions[index]
        code = g.code
        if code == BIDDING:
            if g.to_act in wanted:
                decisions.append(_bid(tricks, hard_bids, g, index, action))
        elif code == DISCARD:
            # Another seat's discard and trumps: only the value of the choice
            # made, for the line (the alternatives are the bidder's to see).
            d = _discard(discards, g, index, action) if discards else _made_discard(solvers, g, index, action)
            decisions.append(d)
            yield work.step()
        elif code == TRUMP:
            d = _trump(solvers, g, index, action) if bidder in wanted else _made_trump(solvers, g, index, action)
            decisions.append(d)
            yield work.step()
        elif code == PLAY:
            decisions.append(_play(solvers.get(g.trump, g.bidder), g, index, action))
            yield work.step()
        g.apply(action)
    yield work.finish()
    line = [{"index": d["index"], "tricks": d["value"]} for d in decisions if d["phase"] != "bidding"]
    return {"sees": "every hand", "exact": True, "hard_worlds": worlds, "bidder": bidder,
            "contract": str(g.high) if bidder is not None else None,
            "tricks_taken": g.won[bidder] if bidder is not None else None,
            "seats": [seats[s] for s in wanted], "line": line,
            "decisions": [d for d in decisions if d["seat"] in wanted]}


def _bidder(start, actions):
    """The hand's bidder (``None``: all passed), from its bidding alone (cheap)."""
    g = start.clone()
    i = 0
    while i < len(actions) and g.code == BIDDING:
        g.apply(actions[i])
        i += 1
    return g.bidder if g.bidder >= 0 else None


def discard_alternatives(solvers, hands, seat, hand8):
    """For each discard of ``seat``'s 8 tiles (legal order), ``{"action", "value", "trump"}``:
    the most tricks it takes with the best trumps after that discard."""
    return drain(discard_steps(solvers, hands, seat, hand8, Progress(8)))


def discard_steps(solvers, hands, seat, hand8, work):
    """:func:`discard_alternatives` as a generator, a unit of ``work`` per discard."""
    alts = []
    for d in mask_ids(hand8):
        v, _, tr = best_as_bidder(solvers, hands, seat, hand8, [(d, t) for t in _trump_order(hand8, d)])
        alts.append({"action": "discard " + NAMES[d], "value": v, "trump": trump_text(tr)})
        yield work.step()
    return alts


def _discard(discards, g, index, action):
    alts = [dict(a) for a in discards]
    out = {"index": index, "seat": g.bidder, "phase": "discard", "action": action, "unit": "tricks",
           "side": "bidder", "alternatives": alts}
    out.update(verdict(alts, action, True))
    return out


def _made_discard(solvers, g, index, action):
    d = parse_moon_tile(action[8:])
    hand8 = g.hands[g.bidder]
    v = best_as_bidder(solvers, g.hands, g.bidder, hand8, [(d, t) for t in _trump_order(hand8, d)])[0]
    return {"index": index, "seat": g.bidder, "phase": "discard", "action": action, "value": v}


def _made_trump(solvers, g, index, action):
    v = solvers.value(g.hands, trump_code(action[6:]), g.bidder)
    return {"index": index, "seat": g.bidder, "phase": "trump", "action": action, "value": v}


def _trump_order(hand8, d):
    # The medium estimate's order: the likely best first, so the later ones are quick probes.
    return [tr for _, dd, tr in best_choices(hand8, 72) if dd == d]


def _trump(solvers, g, index, action):
    seat = g.bidder
    alts = []
    for a in g.legal_actions():
        alts.append({"action": a, "value": solvers.value(g.hands, trump_code(a[6:]), seat)})
    out = {"index": index, "seat": seat, "phase": "trump", "action": action, "unit": "tricks",
           "side": "bidder", "alternatives": alts}
    out.update(verdict(alts, action, True))
    return out


def play_values(solver, hands, leader, trick, won):
    """``[(tile, total), ...]`` in tile-id order: the bidder's tricks after each legal tile.

    ``won`` is what the bidder has already banked; the solver's bidder and
    trump are the hand's.
    """
    return [(t, won + v) for t, v in solver.move_values(hands, leader, tuple(trick))]


def _play(solver, g, index, action):
    seat = g.to_act
    values = play_values(solver, g.hands, g.leader, g.trick, g.won[g.bidder])
    alts = [{"action": NAMES[t], "value": v} for t, v in values]
    # Legal order (highest first), as the other phases.
    alts.reverse()
    side = "bidder" if seat == g.bidder else "defence"
    out = {"index": index, "seat": seat, "phase": "play", "action": action, "unit": "tricks",
           "side": side, "alternatives": alts}
    out.update(verdict(alts, action, side == "bidder"))
    return out


def decision_at(start, ri, rnd, k, opts):
    """The analysis of action ``k`` of hand ``ri`` alone (a generator, as
    :func:`analyse_round`): exact, so offered only for a finished hand.  A
    bid's value needs its seat's best as bidder; its ``hard`` bid is not
    computed (``None``)."""
    if "scores" not in rnd:
        raise GameError("Moon analysis sees every hand: it is offered only for a finished hand",
                        "analysis.moon_unfinished")
    actions = rnd["actions"]
    g = start.clone()
    for action in actions[:k]:
        g.apply(action)
    action = actions[k]
    solvers = Solvers()
    work = Progress(1 if g.code != DISCARD else 8)
    if g.code == BIDDING:
        seat = g.to_act
        tricks = [None, None, None]
        tricks[seat] = best_as_bidder(solvers, list(start.hands), seat, start.hands[seat] | (1 << start.widow))[0]
        yield work.step()
        return _bid(tricks, [None, None, None], g, k, action)
    if g.code == DISCARD:
        discards = yield from discard_steps(solvers, g.hands, g.bidder, g.hands[g.bidder], work)
        return _discard(discards, g, k, action)
    yield work.step()
    if g.code == TRUMP:
        return _trump(solvers, g, k, action)
    return _play(solvers.get(g.trump, g.bidder), g, k, action)
