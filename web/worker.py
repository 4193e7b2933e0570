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
    from engine.ai import Budget, choose

    view = json.loads(view_json)
    iterations = int(iterations) if iterations and int(iterations) > 0 else None
    time_ms = int(time_ms) if time_ms and int(time_ms) > 0 else None
    budget = None
    if iterations is not None or time_ms is not None:
        budget = Budget(iterations=iterations, time_ms=time_ms if time_ms is not None or iterations is None else 2000)
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
        return dumps({"error": str(exc), "key": getattr(exc, "key", None), "params": getattr(exc, "params", None) or {}})


__export__ = ["deal_preview", "choose_action", "analyse"]
