"""Chicken Foot round analysis from one seat's view, as the hard player judges: an estimate.

For each decision of the chosen seat, every legal play is judged as the
``hard`` player judges its candidates (:mod:`engine.ai.cf_player`): the
unseen tiles are dealt at random consistently with what the seat saw
(:func:`engine.ai.cf_know.sample`), each play is played out to the end of the
round by the playout policy (:func:`engine.ai.cf_player.play_out`), every
play on the same worlds.  The value of a play is the seat's mean round score
(pips, lower is better) with its standard error; a play is ``"costly"`` when
its mean is more than ``threshold`` above the best one's and more than twice
the standard error of that difference (the worlds are shared, so the
difference is measured world by world).

It reads only the seat's view at each decision (``Game.view``), never the
other hands or the yard: the result is the same whatever the hidden tiles
are.  Values are whole hundredths of a pip (``"scale": 100``), the same on
every interpreter.
"""

from ..rng import Rng
from .analysis import Progress, drain
from .cf_know import knowledge, sample
from .cf_player import plays_for, play_out, world_base

WORLDS = 48         # worlds per decision when no budget is given
THRESHOLD = 200     # hundredths of a pip: a play costing more than 2 pips is marked
SCALE = 100


def isqrt(n):
    """The integer square root of ``n`` >= 0 (Newton; MicroPython has no ``math.isqrt``)."""
    if n <= 0:
        return 0
    x = n
    y = (x + 1) // 2
    while y < x:
        x = y
        y = (x + n // x) // 2
    return x


def mean_se(total, squares, n):
    """``(mean, standard error)`` in hundredths, rounded, from a sum and a sum of squares of ``n`` values."""
    mean = (2 * SCALE * total + n) // (2 * n)
    if n < 2:
        return mean, 0
    # SE^2 = (n*sum(x^2) - sum(x)^2) / (n^2 (n-1)), in hundredths squared.
    var = (n * squares - total * total) * SCALE * SCALE // (n * n * (n - 1))
    return mean, isqrt(var)


def decision_seed(seed, ri, index):
    """The generator seed of one decision: public facts only (the seed, the round, the action index)."""
    return (seed * 65536 + ri) * 65536 + index


def plays_of(view):
    """The plays among ``view["legal"]`` (draws and passes are never a choice)."""
    return [a for a in view["legal"] if a != "draw" and a != "pass"]


def judge(view, rng, worlds, work):
    """``[(action, scores)]`` for each play of ``view``: the seat's round score in each world.

    The worlds are the same for every play (and their playout seeds), so the
    plays are compared on equal terms.  A generator: it yields a unit of
    ``work`` (a :class:`Progress`) per world and returns the scores.
    """
    k = knowledge(view)
    plays = plays_for(view, k)
    actions = [p[0] for p in plays]
    seat = view["seat"]
    scores = [[] for _ in actions]
    hands, yard = sample(k, rng)
    base = world_base(view, k, hands, yard)
    for w in range(worlds):
        if w:
            hands, yard = sample(k, rng)
        wseed = rng.next64()
        for i in range(len(plays)):
            scores[i].append(play_out(base, hands, yard, plays[i], wseed)[0][seat])
        yield work.step()
    return [(actions[i], scores[i]) for i in range(len(actions))]


def decision(view, chosen, rng, worlds, threshold=THRESHOLD):
    """The analysis of one decision of ``view``'s seat, who chose ``chosen``.

    ``{"action", "alternatives": [{"action", "value", "se", "cost", "cost_se",
    "verdict"}], "best", "value", "cost", "cost_se", "verdict"}``; a decision
    with one legal action is ``"forced"`` and not judged.
    """
    return drain(decision_steps(view, chosen, rng, worlds, threshold, Progress(worlds)))


def decision_steps(view, chosen, rng, worlds, threshold, work):
    """:func:`decision` as a generator, a unit of ``work`` per world."""
    legal = view["legal"]
    plays = plays_of(view)
    if len(legal) < 2 or len(plays) < 2:
        # Never a unit of work; the early return still makes this a generator.
        return {"action": chosen, "forced": True, "verdict": "forced",
                "alternatives": [{"action": a} for a in legal]}
    judged = yield from judge(view, rng, worlds, work)
    n = worlds
    alts = []
    for action, xs in judged:
        total = 0
        squares = 0
        for x in xs:
            total += x
            squares += x * x
        value, se = mean_se(total, squares, n)
        alts.append({"action": action, "value": value, "se": se, "_xs": xs})
    best = alts[0]
    for a in alts:
        if a["value"] < best["value"]:
            best = a
    for a in alts:
        # The difference with the best, world by world (shared worlds: a sharper measure).
        total = 0
        squares = 0
        for i in range(n):
            d = a["_xs"][i] - best["_xs"][i]
            total += d
            squares += d * d
        cost, cost_se = mean_se(total, squares, n)
        a["cost"] = cost
        a["cost_se"] = cost_se
        if a is best:
            a["verdict"] = "best"
        elif cost > threshold and cost > 2 * cost_se:
            a["verdict"] = "costly"
        else:
            a["verdict"] = "close"
    for a in alts:
        del a["_xs"]
    mine = None
    for a in alts:
        if a["action"] == chosen:
            mine = a
    out = {"action": chosen, "forced": False, "alternatives": alts, "best": best["value"]}
    for key in ["value", "cost", "cost_se", "verdict"]:
        out[key] = mine[key]
    return out


def analyse_round(start, ri, rnd, opts):
    """The analysis of round ``ri`` for ``opts["seat"]`` (default 0); ``start``: the round just dealt.

    A generator yielding ``(done, total)``, a unit per world of each judged decision."""
    seat = opts["seat"] if opts["seat"] is not None else 0
    worlds = opts["iterations"] if opts["iterations"] is not None else WORLDS
    threshold = opts["threshold"] if opts["threshold"] is not None else THRESHOLD
    actions = rnd["actions"]
    # First pass: which of the seat's decisions need judging (for the progress total).
    g = start.clone()
    judged = 0
    for action in actions:
        if g.current_seat() == seat and len(plays_of(g.view(seat))) > 1:
            judged += 1
        g.apply(action)
    work = Progress(judged * worlds)
    decisions = []
    g = start.clone()
    for index in range(len(actions)):
        action = actions[index]
        if g.current_seat() == seat:
            d = yield from decision_steps(g.view(seat), action, Rng(decision_seed(opts["seed"], ri, index)),
                                          worlds, threshold, work)
            d["index"] = index
            d["seat"] = seat
            decisions.append(d)
        g.apply(action)
    yield work.finish()
    # The chart across the round: the seat's expected score after each judged decision.
    line = [{"index": d["index"], "value": d["value"]} for d in decisions if not d["forced"]]
    return {"sees": "own view", "exact": False, "estimate": True, "seat": seat, "worlds": worlds,
            "threshold": threshold, "unit": "pips", "scale": SCALE, "line": line, "decisions": decisions}


def decision_at(start, ri, rnd, k, opts):
    """The analysis of action ``k`` of round ``ri`` alone, from the acting
    seat's view (a generator, as :func:`analyse_round`): the same worlds as
    the whole round's analysis with the same ``seed`` and ``iterations``."""
    worlds = opts["iterations"] if opts["iterations"] is not None else WORLDS
    threshold = opts["threshold"] if opts["threshold"] is not None else THRESHOLD
    g = start.clone()
    for action in rnd["actions"][:k]:
        g.apply(action)
    seat = g.current_seat()
    d = yield from decision_steps(g.view(seat), rnd["actions"][k], Rng(decision_seed(opts["seed"], ri, k)),
                                  worlds, threshold, Progress(worlds))
    d["index"] = k
    d["seat"] = seat
    return d
