"""Computer players and the search tools behind them (portable Python, no I/O).

Every computer player works from a seat's *view* (``Game.view(seat)``), never
from a state: what it is given is all it can know.  :func:`choose` is the one
entry point the page's worker, the command line and the tournaments use.

* :mod:`engine.ai.moon_solver` -- Moon's exact perfect-information solver;
* :mod:`engine.ai.moon_player` -- Moon's easy / medium / hard players;
* :mod:`engine.ai.cf_player` -- Chicken Foot's easy / medium / hard players.
"""

from .. import games
from ..game import GameError
from ..rng import Rng

LEVELS = ["easy", "medium", "hard"]


class Budget:
    """How much a player may think: ``iterations`` (the deterministic limit:
    sampled worlds or playouts; or a dict of them by decision kind, see
    ``games.phase_iterations``) and ``time_ms``, a safety net that stops a
    search early on a slow device (only then is the choice timing-dependent).
    ``started`` (an ``ai.clock.now()`` value) is when the decision began, for
    the time cap to bound the whole of it (the worker's own work before the
    search included); default: when the search starts.
    """

    __slots__ = ("iterations", "time_ms", "started")

    def __init__(self, iterations=None, time_ms=None, started=None):
        self.iterations = iterations
        self.time_ms = time_ms
        self.started = started


def _player_module(game):
    # The registry imports a game's player on demand, so a Moon game never loads Chicken Foot's.
    try:
        return games.info(game).player_module()
    except GameError:
        raise ValueError("no computer player for game %r" % (game,))


def choose(view, level="medium", seed=0, budget=None):
    """The action (record notation) a computer player of ``level`` takes.

    ``view`` is the acting seat's view (its ``legal`` list non-empty).  With
    the same view, seed and iteration budget the choice is the same on every
    interpreter.  ``budget`` is a :class:`Budget` (``None``: the level's own).
    """
    if level not in LEVELS:
        raise ValueError("level must be one of %s, not %r" % (", ".join(LEVELS), level))
    legal = view.get("legal") or []
    if not legal:
        raise ValueError("this seat has nothing to do now")
    if len(legal) == 1:
        return legal[0]
    if budget is not None and isinstance(budget.iterations, dict):
        # A budget by decision kind (games.phase_iterations): this decision's.
        budget = Budget(games.phase_iterations(budget.iterations, view), budget.time_ms, budget.started)
    action = _player_module(view["game"]).choose(view, level, Rng(seed), budget or Budget())
    if action not in legal:
        raise AssertionError("computer player chose an illegal action %r" % (action,))
    return action
