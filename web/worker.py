"""The computer-player worker, run by Pyodide off the main thread.

Plain Python over the engine: the page awaits the names in ``__export__``,
and tests can import this file on CPython to compute the same answers.
Later issues add ``choose_action(view_json, level, seed)``.
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


__export__ = ["deal_preview"]
