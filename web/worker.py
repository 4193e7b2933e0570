"""The computer-player worker, run by Pyodide off the main thread.

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


def choose_action(view_json, level, seed, iterations=None):
    """The action (record notation) ``level``'s player takes in the view ``view_json``.

    ``iterations`` (optional) caps the search, e.g. for a quick hint.
    """
    from engine.ai import Budget, choose

    view = json.loads(view_json)
    budget = None
    if iterations is not None and int(iterations) > 0:
        budget = Budget(iterations=int(iterations), time_ms=2000)
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
