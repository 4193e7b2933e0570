"""Moon hard's bid takes more worlds than its other decisions (moon_player.BID_WORLDS_SCALE).

Under ``--iterations N`` a bid samples ``BID_WORLDS_SCALE * N`` worlds, its node
cap scaled with them; a discard, trumps and a card keep ``N``.  Hard's own
budget (the browser's) keeps ``OWN_WORLDS``, and MicroPython's fixed budget
(``slow_hard_budget``) still gives every decision 4 worlds.
"""

from engine import games
from engine.ai import Budget, choose, moon_player
from engine.moon import Moon
from engine.rng import Rng


def bidding_view(seed):
    g = Moon(3)
    g.start_round(g.new_deal(Rng(seed)))
    return g.view(g.current_seat())


def worlds_drawn(monkeypatch, view, budget, seed=5):
    """How many deals of the other hands a hard decision samples, and its action."""
    drawn = []
    real = moon_player._sample_with

    def counting(kw, rng):
        drawn.append(1)
        return real(kw, rng)

    monkeypatch.setattr(moon_player, "_sample_with", counting)
    action = choose(view, "hard", seed, budget)
    return len(drawn), action


def test_a_bid_takes_the_scale_times_the_worlds_of_the_rest(monkeypatch):
    monkeypatch.setattr(moon_player, "BID_WORLDS_SCALE", 2)
    bid = moon_player._Search(Budget(iterations=12), "bidding")
    assert bid.worlds == 24
    assert bid.nodes_left == moon_player.NODES_PER_DECISION * 24 // moon_player.HARD_WORLDS["bidding"] + 1
    for phase in ["discard", "trump", "play"]:
        other = moon_player._Search(Budget(iterations=12), phase)
        assert other.worlds == 12
        assert other.nodes_left == moon_player.NODES_PER_DECISION * 12 // moon_player.HARD_WORLDS[phase] + 1


def test_the_bid_samples_that_many_worlds(monkeypatch):
    monkeypatch.setattr(moon_player, "BID_WORLDS_SCALE", 2)
    view = bidding_view(41)
    assert view["phase"] == "bidding"
    n, _ = worlds_drawn(monkeypatch, view, Budget(iterations=4))
    assert n == 8
    monkeypatch.setattr(moon_player, "BID_WORLDS_SCALE", 1)
    n, _ = worlds_drawn(monkeypatch, view, Budget(iterations=4))
    assert n == 4


def test_the_scaled_bid_is_deterministic_under_iterations(monkeypatch):
    monkeypatch.setattr(moon_player, "BID_WORLDS_SCALE", 2)
    for seed in range(40, 46):
        view = bidding_view(seed)
        first = choose(view, "hard", 7, Budget(iterations=3))
        assert first in view["legal"]
        assert choose(view, "hard", 7, Budget(iterations=3)) == first


def test_hards_own_budget_keeps_its_bid_worlds(monkeypatch):
    monkeypatch.setattr(moon_player, "BID_WORLDS_SCALE", 2)
    own = moon_player._Search(Budget(), "bidding")
    assert own.worlds == moon_player.OWN_WORLDS["bidding"] == 12
    assert own.nodes_left == moon_player.NODES_PER_DECISION


def test_micropythons_budget_still_gives_every_decision_four_worlds():
    budget = games.info("moon").slow_hard_budget
    for phase in ["bidding", "discard", "trump", "play"]:
        it = games.phase_iterations(budget, {"phase": phase})
        search = moon_player._Search(Budget(iterations=it), phase)
        assert search.worlds == 4, phase
        # The node caps are those of the former budget of 4 a decision too.
        assert search.nodes_left == moon_player.NODES_PER_DECISION * 4 // moon_player.HARD_WORLDS[phase] + 1


def test_micropythons_bids_are_the_ones_it_made_before(monkeypatch):
    # The registry's budget halved for a bid, times the scale: the same search
    # as the former 4 worlds a bid, so the same bids (the MicroPython rows of
    # the README stand).
    budget = games.info("moon").slow_hard_budget
    views = [bidding_view(seed) for seed in range(60, 72)]
    now = [choose(v, "hard", 11, Budget(iterations=games.phase_iterations(budget, v))) for v in views]
    monkeypatch.setattr(moon_player, "BID_WORLDS_SCALE", 1)
    before = [choose(v, "hard", 11, Budget(iterations=4)) for v in views]
    assert now == before
    assert len(set(now)) > 1        # not a sweep of passes only


def test_the_discard_and_trumps_take_their_own_scale(monkeypatch):
    """moon_player.HAND_WORLDS_SCALE scales the discard's and the trumps' worlds (and node caps)
    under ``--iterations``, never a bid's or a card's, nor hard's own budget."""
    monkeypatch.setattr(moon_player, "HAND_WORLDS_SCALE", 2)
    for phase, worlds in [("discard", 24), ("trump", 24), ("bidding", 12), ("play", 12)]:
        search = moon_player._Search(Budget(iterations=12), phase)
        assert search.worlds == worlds, phase
        assert search.nodes_left == moon_player.NODES_PER_DECISION * worlds // moon_player.HARD_WORLDS[phase] + 1
        assert moon_player._Search(Budget(), phase).worlds == moon_player.OWN_WORLDS.get(phase, moon_player.HARD_WORLDS[phase])
