"""The computer-player worker, run off the main thread by Pyodide (this file)
and by MicroPython (``web/worker_mpy.py`` imports it from its bundle).

Plain Python over the engine: the page awaits the names in ``__export__``,
and tests can import this file on CPython to compute the same answers.
``choose_action`` is the computer players' entry point: the page sends
only the acting seat's view.
"""

import json

from engine import tiles
from engine.rng import Rng


def deal_preview(seed, count=7):
    """JSON of the first ``count`` tiles of a double-nine set shuffled with ``seed``."""
    seed = int(seed)
    deck = tiles.full_set(9)
    Rng(seed).shuffle(deck)
    return json.dumps({"seed": seed, "hand": [tiles.name(t) for t in deck[:int(count)]]})


def choose_action(view_json, level, seed, iterations=None, time_ms=None):
    """The action (record notation) ``level``'s player takes in the view ``view_json``.

    ``iterations`` (optional) fixes the search budget, e.g. for a quick hint
    or for ``hard`` on the MicroPython worker; ``time_ms`` caps the time
    (alone: the level's own budget under that cap; default with
    ``iterations``: 2 s, a safety net for a slow device);
    ``0`` means not given (the page cannot send ``None`` to Pyodide).
    """
    from engine.ai.clock import now

    # The time cap bounds the whole call: importing the players (the first
    # call's), reading the view and preparing the search count too.
    started = now()
    from engine.ai import Budget, choose

    view = json.loads(view_json)
    iterations = int(iterations) if iterations and int(iterations) > 0 else None
    time_ms = int(time_ms) if time_ms and int(time_ms) > 0 else None
    budget = None
    if iterations is not None or time_ms is not None:
        budget = Budget(iterations=iterations, time_ms=time_ms if time_ms is not None or iterations is None else 2000,
                        started=started)
    return choose(view, str(level), int(seed), budget)


def analyse(record_json, options_json="{}", progress=None):
    """JSON of the analysis of one round of the record ``record_json`` (see ``engine.ai.analysis``).

    ``options_json``: ``{"round", "seat", "iterations", "seed", "threshold"}``
    (any may be left out).  ``progress(done, total)``, if given, is called as
    the work goes; returning ``false`` cancels.  A bad record or option gives
    ``{"error": message, "key": catalog key, "params": {...}}`` instead.
    """
    from engine.ai.analysis import analyse as run
    from engine.game import GameError
    from engine.record import dumps

    try:
        return dumps(run(record_json, json.loads(options_json or "{}"), progress))
    except (GameError, ValueError) as exc:
        return _error(exc)


# The analysis the page runs in slices (see analyse_start): one at a time per worker.
_job = {"run": None, "last": (0, 0)}


def _error(exc):
    from engine.record import dumps

    return dumps({"error": str(exc), "key": getattr(exc, "key", None), "params": getattr(exc, "params", None) or {}})


def analyse_start(record_json, options_json="{}"):
    """Begin the analysis of ``record_json`` (as :func:`analyse`), to be run by
    :func:`analyse_more`; any analysis begun before is dropped.

    The page cannot be called back from here (no SharedArrayBuffer), so the
    work goes in slices, one page call each: the page shows the progress
    between them and cancels by not asking for more.  Returns ``"{}"``.
    """
    from engine.ai.analysis import steps

    _job["run"] = steps(record_json, json.loads(options_json or "{}"))
    _job["last"] = (0, 0)
    return "{}"


def analyse_more(slice_ms=100):
    """Run the begun analysis for about ``slice_ms`` ms (at least one unit):
    ``{"done", "total"}`` while it goes on, ``{"done", "total", "result"}``
    at its end, or ``{"error", "key", "params"}`` (also: none begun)."""
    from engine.ai.clock import elapsed_ms, now
    from engine.game import GameError
    from engine.record import dumps

    run = _job["run"]
    if run is None:
        return dumps({"error": "no analysis was started", "key": None, "params": {}})
    start = now()
    try:
        while True:
            _job["last"] = next(run)
            if elapsed_ms(start) >= int(slice_ms):
                done, total = _job["last"]
                return dumps({"done": done, "total": total})
    except StopIteration as stop:
        _job["run"] = None
        done, total = _job["last"]
        return dumps({"done": done, "total": total, "result": stop.value})
    except (GameError, ValueError) as exc:
        _job["run"] = None
        return _error(exc)


def analyse_cancel():
    """Drop the begun analysis (Cancel); ``"{}"``."""
    _job["run"] = None
    return "{}"


__export__ = ["deal_preview", "choose_action", "analyse", "analyse_start", "analyse_more", "analyse_cancel"]
