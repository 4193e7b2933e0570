"""Analysis of a finished round or hand: what each decision cost (portable, no I/O).

:func:`analyse` is the one entry point (the command line's ``analyse`` and the
worker's ``analyse``); the game's own part is chosen through the registry
(``GameInfo.analysis_module()``), each a module with ``analyse_round(game,
round_index, deal, actions, options)``:

* :mod:`engine.ai.moon_analysis` -- exact, with every hand known (double
  dummy), so it is offered only for a finished hand;
* :mod:`engine.ai.cf_analysis` -- an estimate from the chosen seat's view,
  as the hard player judges.

Every decision comes out as ``{"index", "seat", "action", "alternatives":
[{"action", "value", ...}], "best", "value", "cost", "verdict"}`` where
``index`` counts the round's actions from 0 (as the record's ``actions``)
and ``cost`` is what the chosen action lost against the best alternative, in
the decision's ``unit``, from the acting seat's side (never negative).  The
verdict is ``"best"`` or ``"cost"`` for Moon (exact values); for Chicken Foot
(estimates) ``"best"``, ``"close"`` (within the threshold or the noise),
``"costly"`` or ``"forced"`` (one legal action: not judged).

Work is a fixed budget (``iterations``), so the same record and options give
the same bytes on every interpreter.  ``progress(done, total)`` is called as
the work goes; returning ``False`` from it stops the analysis with
:class:`Cancelled`.  :func:`steps` is the same work as a generator, one unit
at a time: a worker that cannot call back into the page runs it in slices
between the page's calls (progress and Cancel without blocking either side).
Each game's ``analyse_round`` is such a generator: it yields ``(done,
total)`` after each unit and returns the analysis.
"""

from .. import games
from ..game import GameError
from ..record import replay


class Cancelled(GameError):
    """The ``progress`` callback asked the analysis to stop."""

    def __init__(self):
        super().__init__("the analysis was cancelled", "analysis.cancelled")


class Progress:
    """Counts work units: ``yield work.step()`` in a game's generator reports one."""

    __slots__ = ("done", "total")

    def __init__(self, total):
        self.done = 0
        self.total = total

    def step(self, units=1):
        """``units`` more done: the ``(done, total)`` to yield."""
        self.done += units
        return (self.done, self.total)

    def finish(self):
        """The work complete (a hand that ended early leaves units unspent)."""
        self.done = self.total
        return (self.done, self.total)


def drain(generator):
    """Run an analysis generator to its end; its return value."""
    try:
        while True:
            next(generator)
    except StopIteration as stop:
        return stop.value


def verdict(alternatives, chosen, maximise):
    """Fill a decision's ``best``, ``value``, ``cost`` and ``verdict`` from exact values.

    ``alternatives`` is a list of ``{"action", "value"}``; ``chosen`` the
    action taken; ``maximise`` whether the acting seat wants the value high.
    The verdict is ``"best"`` or ``"cost"`` (``cost`` units lost).
    """
    values = [a["value"] for a in alternatives]
    best = max(values) if maximise else min(values)
    value = None
    for a in alternatives:
        if a["action"] == chosen:
            value = a["value"]
    if value is None:
        raise GameError("the action %s is not among the alternatives" % chosen)
    cost = best - value if maximise else value - best
    return {"best": best, "value": value, "cost": cost, "verdict": "best" if cost == 0 else "cost"}


def _is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def _int_option(options, name, low, default):
    v = options.get(name, default)
    if v is None:
        return None
    if not _is_int(v) or v < low:
        raise GameError("%s must be a whole number >= %d, not %r" % (name, low, v),
                        "analysis.bad_option", {"option": name, "min": low, "got": repr(v)})
    return v


def check_options(options):
    """The analysis options with their defaults; ``GameError`` naming a bad one.

    ``round`` (index, default: the last round), ``seat`` (``None``: every
    seat where the game allows it), ``iterations`` (``None``: the game's
    default), ``seed`` (0), ``threshold`` (``None``: the game's default).
    """
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise GameError("the analysis options are an object", "analysis.options_not_object")
    known = ["iterations", "round", "seat", "seed", "threshold"]
    for key in sorted(options.keys()):
        if key not in known:
            raise GameError("unknown analysis option '%s'" % key, "analysis.unknown_option", {"option": key})
    return {
        "round": _int_option(options, "round", 0, None),
        "seat": _int_option(options, "seat", 0, None),
        "iterations": _int_option(options, "iterations", 1, None),
        "seed": _int_option(options, "seed", 0, 0),
        "threshold": _int_option(options, "threshold", 0, None),
    }


def analyse(record, options=None, progress=None):
    """The analysis (a JSON-able dict) of one round of ``record`` (a dict or JSON text).

    ``options``: see :func:`check_options`.  ``GameError`` (nothing
    computed) for an invalid record, a round that does not exist, a seat out
    of range, or a round the game's analysis does not offer.
    """
    work = steps(record, options)
    try:
        while True:
            done, total = next(work)
            if progress is not None and progress(done, total) is False:
                raise Cancelled()
    except StopIteration as stop:
        return stop.value


def steps(record, options=None):
    """:func:`analyse` as a generator: yields ``(done, total)`` after each unit
    of work and returns the analysis (``StopIteration.value``).  The record
    and options are checked at the first ``next()``."""
    opts = check_options(options)
    game = replay(record)               # validates the whole record first
    data = game.record()
    rounds = data["rounds"]
    if not rounds:
        raise GameError("the record has no round to analyse", "analysis.no_round")
    ri = opts["round"]
    if ri is None:
        ri = len(rounds) - 1
    if ri >= len(rounds):
        raise GameError("round %d does not exist (the record has %d)" % (ri, len(rounds)),
                        "analysis.no_such_round", {"round": ri, "count": len(rounds)})
    seat = opts["seat"]
    if seat is not None and seat >= game.players:
        raise GameError("seat must be 0 to %d, not %d" % (game.players - 1, seat),
                        "analysis.bad_seat", {"last": game.players - 1, "got": seat})
    # The game just before the round: every earlier round as recorded, the round dealt.
    head = dict(data)
    deal = {}
    for key in game.DEAL_FIELDS:
        deal[key] = rounds[ri][key]
    head["rounds"] = rounds[:ri] + [deal]
    start = replay(head)
    part = games.info(game.GAME).analysis_module()
    out = yield from part.analyse_round(start, ri, rounds[ri], opts)
    out["game"] = game.GAME
    out["round"] = ri
    return out


def locate(rounds, step):
    """``(round index, action index)`` of the action that leads to ``step``
    (steps count every round's actions in order, as embeds and the review
    do); ``None`` at step 0 or past the end."""
    before = 0
    for ri in range(len(rounds)):
        n = len(rounds[ri]["actions"])
        if step - 1 < before + n:
            return (ri, step - 1 - before) if step > 0 else None
        before += n
    return None


def decision_steps(record, step, options=None):
    """The verdict of the one decision that leads to ``step``, as a generator
    (units and return value as :func:`steps`): ``None`` at step 0.

    The decision is what :func:`analyse` gives for it (Chicken Foot: the
    same worlds for the same ``seed`` and ``iterations``), computed alone:
    cheap enough for an embed's frame.  Each game's module gives it as
    ``decision_at(start, ri, round, k, opts)``.
    """
    opts = check_options(options)
    game = replay(record)
    data = game.record()
    where = locate(data["rounds"], step)
    if where is None:
        return None
    ri, k = where
    rounds = data["rounds"]
    head = dict(data)
    deal = {}
    for key in game.DEAL_FIELDS:
        deal[key] = rounds[ri][key]
    head["rounds"] = rounds[:ri] + [deal]
    part = games.info(game.GAME).analysis_module()
    out = yield from part.decision_at(replay(head), ri, rounds[ri], k, opts)
    return out
