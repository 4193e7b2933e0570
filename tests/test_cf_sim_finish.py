"""cf_sim.finish (the hard player's fast playout) ends every round as play_world does.

play_world copies the decision's state, deals it a sampled world, plays the
candidate and runs the medium policy through ChickenFoot.run_round: the
plain way, held to apply_move by tests/test_cf_run_round.py.  finish plays
the same round on a count of ends per number, without the copy; these
tests hold the two to the same scores and the same seat going out, move by
move, on positions of every round, seat count and house rule, so the
search's speed-up changes no choice of the hard player.
"""

import pytest

from engine.ai import Budget, cf_player, cf_sim, choose
from engine.ai.cf_know import knowledge, sample
from engine.ai.cf_player import _Judge, _distinct, _ranked, plays_for, play_world, world_base
from engine.chickenfoot import ChickenFoot
from engine.rng import Rng


def position(players, options, seed):
    """A logged match some rounds in (each played at random), then part of a round: a state with a seat to act."""
    rng = Rng(seed)
    g = ChickenFoot(players, options)
    for _r in range(seed % 10):
        g.start_round(g.new_deal(rng))
        while g.current_seat() is not None:
            legal = g.legal_actions()
            g.apply(legal[rng.below(len(legal))])
    g.start_round(g.new_deal(rng))
    steps = rng.below(90)
    for _ in range(steps):
        if g.current_seat() is None:
            return None
        legal = g.legal_actions()
        g.apply(legal[rng.below(len(legal))])
    return g if g.current_seat() is not None else None


SETUPS = [
    (2, {}), (3, {}), (4, {}), (4, {"double_blank_50": True}), (5, {"yard_reserve": 0}),
    (6, {"spokes": 8, "yard_reserve": 3}), (8, {}), (3, {"yard_reserve": 4, "double_blank_50": True}),
]


def _checked_worlds(players, options, seeds, worlds):
    """Every play of every position compared over ``worlds`` sampled worlds; how many playouts."""
    compared = 0
    ends = {"out": 0, "blocked": 0}
    for seed in seeds:
        g = position(players, options, seed)
        if g is None:
            continue
        view = g.view(g.current_seat())
        k = knowledge(view)
        plays = plays_for(view, k)
        if not plays:
            continue
        rng = Rng(seed + 77)
        base = None
        for _w in range(worlds):
            hands, yard = sample(k, rng)
            if base is None:
                base = world_base(view, k, hands, yard)
            for p in plays:
                move = (p[1] << 6) | p[2]
                want = play_world(base, hands, yard, move, 0)
                got = cf_sim.finish(base, hands, yard, p[1], p[3])
                assert got == (want.last_scores(), want.went_out()), (players, options, seed, p[0])
                ends["out" if got[1] >= 0 else "blocked"] += 1
                compared += 1
    return compared, ends


@pytest.mark.parametrize("players, options", SETUPS)
def test_finish_ends_the_round_as_play_world_does(players, options):
    compared, ends = _checked_worlds(players, options, range(60), 4)
    assert compared > 300
    # Both ways a round ends are among them.
    assert ends["out"] > 0 and ends["blocked"] > 0


def _with_plays(players, seed):
    """A position (its view and knowledge) where the seat to act has plays."""
    while True:
        g = position(players, {}, seed)
        if g is not None:
            view = g.view(g.current_seat())
            k = knowledge(view)
            if plays_for(view, k):
                return view, k
        seed += 1


def test_finish_leaves_the_decisions_state_unchanged():
    view, k = _with_plays(4, 3)
    hands, yard = sample(k, Rng(1))
    base = world_base(view, k, hands, yard)
    before = base.clone()
    p = plays_for(view, k)[0]
    cf_sim.finish(base, hands, yard, p[1], p[3])
    for name in ("hands", "counts", "ends", "open_nums", "spokes", "foot", "toes", "seat", "ypos", "_phase"):
        assert getattr(base, name) == getattr(before, name), name
    assert hands == sample(k, Rng(1))[0]


def test_hard_chooses_as_with_the_plain_playouts(monkeypatch):
    # The whole search, both ways (cf_player.FAST), on positions with real choices: the same totals.
    checked = 0
    for seed in range(40):
        g = position(4, {"double_blank_50": seed % 2 == 1}, seed)
        if g is None:
            continue
        view = g.view(g.current_seat())
        k = knowledge(view)
        if len(_distinct(_ranked(k, plays_for(view, k)))) < 3:
            continue
        monkeypatch.setattr(cf_player, "FAST", 1)
        fast = choose(view, "hard", seed, Budget(iterations=300))
        monkeypatch.setattr(cf_player, "FAST", 0)
        assert choose(view, "hard", seed, Budget(iterations=300)) == fast
        checked += 1
    assert checked >= 5


def test_the_judge_scores_a_playout_as_it_values_it():
    view, k = _with_plays(3, 5)
    hands, yard = sample(k, Rng(2))
    base = world_base(view, k, hands, yard)
    judge = _Judge(view, k)
    for p in plays_for(view, k):
        w = play_world(base, hands, yard, (p[1] << 6) | p[2], 0)
        assert judge.value(w) == judge.score(w.last_scores(), w.went_out())
