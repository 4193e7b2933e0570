"""A search budget by decision kind (engine.games.phase_iterations) and a time
cap counted from when the decision began (Budget.started): the plumbing the
page's MicroPython budget and the worker's time cap go through."""

from engine import games
from engine.ai import Budget, choose
from engine.ai.clock import Deadline, now
from engine.moon import Moon
from engine.rng import Rng

SPLIT = {"bidding": 2, "discard": 1, "trump": 2, "play": 3}


def test_a_budget_by_decision_kind_gives_each_kind_its_own():
    assert games.phase_iterations(SPLIT, {"phase": "bidding"}) == 2
    assert games.phase_iterations(SPLIT, {"phase": "play"}) == 3
    assert games.phase_iterations(SPLIT, {}) == 3                # no phase (Chicken Foot): a play
    assert games.phase_iterations(7, {"phase": "discard"}) == 7  # an int is the same everywhere
    assert games.phase_iterations(None, {"phase": "trump"}) is None
    assert games.phase_iterations({"play": 3}, {"phase": "bidding"}) is None   # not given: the level's own


def moon_views(seed, count):
    """The first ``count`` decisions with a choice of a seeded Moon game (medium moves)."""
    g = Moon(3)
    g.start_round(g.new_deal(Rng(seed)))
    rng = Rng(seed + 1)
    found = []
    while len(found) < count and g.current_seat() is not None:
        view = g.view(g.current_seat())
        if len(view["legal"]) > 1:
            found.append(view)
        g.apply(choose(view, "medium", rng.below(1 << 30)))
    return found


def test_hard_with_a_split_budget_chooses_as_with_that_kinds_fixed_budget():
    views = moon_views(5, 6)
    assert {v["phase"] for v in views} >= {"bidding"}
    for i, view in enumerate(views):
        fixed = games.phase_iterations(SPLIT, view)
        assert choose(view, "hard", i, Budget(iterations=SPLIT)) == choose(view, "hard", i, Budget(iterations=fixed))


def test_a_deadline_counts_from_the_decisions_start():
    assert not Deadline(10000).passed()
    assert not Deadline(None, now()).passed()
    started = now()
    while not Deadline(5, started).passed():
        pass        # five ms from ``started``, not from each Deadline's creation
    assert Deadline(5, started).passed()
    # A cap already spent before the search began still gives a legal answer (at least one world).
    view = moon_views(5, 1)[0]
    late = Budget(iterations=None, time_ms=1, started=started)
    assert choose(view, "hard", 1, late) in view["legal"]
