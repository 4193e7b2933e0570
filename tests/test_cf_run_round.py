"""ChickenFoot.run_round (the simulations' one loop) agrees with apply_move step by step.

run_round spells out apply_move's turn when no record is kept; these tests
hold the two together for both policies (uniform: playout; greedy: cf_sim).
"""

import pytest

from engine.ai.cf_sim import greedy_choice, playout as greedy_playout
from engine.chickenfoot import DRAW, PASS, ChickenFoot, uniform_choice
from engine.game import PHASE_PLAY
from engine.rng import Rng


def _state(g):
    return (g._phase, g.seat, g.drawn, g.ypos, list(g.hands), list(g.counts), g.spokes, g.foot, g.toes,
            [list(e) for e in g.ends], g.open_nums, g.table, list(g.parent), list(g.matched), list(g.placed),
            g.out_seat, g.totals(), g.round_scores(), g.playable_mask(), g.forced_target())


def _step_by_step(g, rng, choose):
    while g._phase == PHASE_PLAY:
        p = g.playable_hand()
        if p:
            move = choose(g, p, rng)
            assert move in g.legal_moves()
        else:
            move = DRAW if g.can_draw() else PASS
            assert g.legal_moves() == [move]
        g.apply_move(move)


@pytest.mark.parametrize("choose", [uniform_choice, greedy_choice])
@pytest.mark.parametrize("players", [2, 4, 8])
def test_run_round_matches_apply_move(players, choose):
    deal_rng = Rng(players * 101)
    for seed in range(40):
        g = ChickenFoot(players, log=False)
        for _r in range(seed % 10):
            g.deal_fast(deal_rng)
            g.run_round(Rng(seed), choose)
        g.deal_fast(deal_rng)
        # Part of the round step by step, so run_round also starts mid-round.
        warm = Rng(seed + 1000)
        for _i in range(seed % 7):
            if g._phase == PHASE_PLAY:
                moves = g.legal_moves()
                g.apply_move(moves[warm.below(len(moves))])
        a = g.clone()
        b = g.clone()
        a.run_round(Rng(seed), choose)
        _step_by_step(b, Rng(seed), choose)
        assert _state(a) == _state(b)


def test_greedy_playout_is_run_round_with_greedy_policy():
    rng = Rng(5)
    for seed in range(30):
        g = ChickenFoot(4, log=False)
        g.deal_fast(rng)
        a = g.clone()
        b = g.clone()
        greedy_playout(a, Rng(seed))
        _step_by_step(b, Rng(seed), greedy_choice)
        assert _state(a) == _state(b)


def test_logged_and_unlogged_run_round_agree():
    for seed in range(20):
        a = ChickenFoot(3)
        b = ChickenFoot(3, log=False)
        a.deal_fast(Rng(seed))
        b.deal_fast(Rng(seed))
        a.run_round(Rng(seed + 1), greedy_choice)
        b.run_round(Rng(seed + 1), greedy_choice)
        assert _state(a) == _state(b)
        assert len(a.record()["rounds"][0]["actions"]) > 0
