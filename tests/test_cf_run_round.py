"""ChickenFoot.run_round (the simulations' one loop) agrees with apply_move step by step.

run_round spells out apply_move's turn when no record is kept; these tests
hold the two together for every policy (uniform: playout; greedy and
medium-like: cf_sim), and cf_sim.medium_choice to its rating stated plainly.
"""

import pytest

from engine.ai import cf_sim
from engine.ai.cf_sim import greedy_choice, medium_choice, playout
from engine.chickenfoot import DRAW, NUM_MASK, PASS, ChickenFoot, uniform_choice
from engine.game import PHASE_PLAY
from engine.rng import Rng
from engine.tiles import HI, LO


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


@pytest.mark.parametrize("choose", [uniform_choice, greedy_choice, medium_choice])
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


@pytest.mark.parametrize("policy, choose", [("greedy", greedy_choice), ("medium", medium_choice)])
def test_playout_is_run_round_with_its_policy(policy, choose, monkeypatch):
    monkeypatch.setattr(cf_sim, "POLICY", policy)
    rng = Rng(5)
    for seed in range(30):
        g = ChickenFoot(4, log=False)
        g.deal_fast(rng)
        a = g.clone()
        b = g.clone()
        playout(a, Rng(seed))
        _step_by_step(b, Rng(seed), choose)
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


def _medium_plainly(g, p, rng):
    """cf_sim.medium_choice's rating, stated plainly: every (tile, end) rated, the first best played."""
    tiles = [t for t in range(55) if (p >> t) & 1]
    if len(tiles) == 1:
        return greedy_choice(g, p, rng)
    if cf_sim.M_EPS:
        x = rng.next64()
        if x % cf_sim.M_EPS == 0:
            return cf_sim.greedy_end(g, tiles[(x >> 32) % len(tiles)])
    weights = cf_sim.weights(g.double_blank_50)
    hand = g.hands[g.seat]
    forced = g.forced_target()
    best = None
    for t in tiles:
        rest = hand & ~(1 << t)
        base = 10 * weights[t]
        if HI[t] == LO[t]:
            options = [(base + cf_sim.M_DOUBLE + (0 if rest & NUM_MASK[HI[t]] else cf_sim.M_DOUBLE_NO_TOE), HI[t])]
        else:
            options = []
            for m, o in [(HI[t], LO[t]), (LO[t], HI[t])]:
                if (forced >= 0 and m == HI[forced]) or (forced < 0 and (g.open_numbers() >> m) & 1):
                    follow = bin(rest & NUM_MASK[o]).count("1")
                    options.append((base + (cf_sim.M_FOLLOW * min(follow, 3) if follow else cf_sim.M_FOLLOW_NONE), m))
        for score, m in options:
            if best is None or score > best[0]:
                best = (score, t, m)
    target = forced if forced >= 0 else g.open_end(best[2])
    return (best[1] << 6) | target


@pytest.mark.parametrize("eps", [8, 0])
def test_medium_policy_plays_its_rating(eps, monkeypatch):
    # Positions from many rounds part played, every seat's choices among two or more tiles.
    monkeypatch.setattr(cf_sim, "M_EPS", eps)
    checked = 0
    for players in [2, 3, 4, 6]:
        deal_rng = Rng(players * 7 + 1)
        for seed in range(25):
            g = ChickenFoot(players, {"double_blank_50": seed % 3 == 0}, log=False)
            for _r in range(seed % 10):
                g.deal_fast(deal_rng)
                g.run_round(Rng(seed), greedy_choice)
            g.deal_fast(deal_rng)
            walk = Rng(seed + 500)
            while g._phase == PHASE_PLAY:
                p = g.playable_hand()
                if p & (p - 1):
                    for k in range(4):
                        assert medium_choice(g, p, Rng(seed * 10 + k)) == _medium_plainly(g, p, Rng(seed * 10 + k))
                        checked += 1
                moves = g.legal_moves()
                g.apply_move(moves[walk.below(len(moves))])
    assert checked > 1000
