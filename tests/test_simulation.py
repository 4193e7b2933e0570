"""The simulation interface of engine.game, the same in every game of the registry.

Fast integer moves never log; ``apply`` does; a copy plays on without
touching the original; scores read the same through every accessor.  And
the Chicken Foot knowledge replays history on the engine's own table.
"""

import pytest

from engine import games
from engine.ai.cf_know import knowledge
from engine.chickenfoot import TOES, ChickenFoot
from engine.record import dumps
from engine.rng import Rng
from engine.tiles import NAMES as TILE_NAMES
from tests.helpers import random_position

NAMES = [g.name for g in games.all_games()]


def _dealt(name, seed):
    info = games.info(name)
    g = info.game_class()(info.default_players)
    g.start_round(g.new_deal(Rng(seed)))
    return g


@pytest.mark.parametrize("name", NAMES)
def test_apply_move_never_logs_and_apply_does(name):
    for seed in range(10):
        g = _dealt(name, seed)
        rng = Rng(seed + 50)
        while g.current_seat() is not None:
            before = dumps(g.record())
            moves = g.legal_moves()
            assert [g.move_text(m) for m in moves] == g.legal_actions() or \
                sorted(g.move_text(m) for m in moves) == sorted(g.legal_actions())
            m = moves[rng.below(len(moves))]
            text = g.move_text(m)
            fast = g.clone()
            fast.apply_move(m)
            assert dumps(fast.record()) == before            # nothing written down
            g.apply(text)
            rnd = g.record()["rounds"][-1]
            assert rnd["actions"][-1] == text
            # The scores close the round in the record exactly when it ends.
            assert ("scores" in rnd) == (g.current_seat() is None)
            assert fast.totals() == g.totals() and fast.current_seat() == g.current_seat()
        assert g.last_scores() == g.round_scores()[-1]


@pytest.mark.parametrize("name", NAMES)
def test_deal_fast_is_the_same_chance_as_new_deal(name):
    info = games.info(name)
    for seed in range(5):
        a = info.game_class()(info.default_players, log=False)
        b = info.game_class()(info.default_players)
        a.deal_fast(Rng(seed))
        b.start_round(b.new_deal(Rng(seed)))
        for s in range(info.default_players):
            assert a.view(s) == b.view(s)
        assert a.last_scores() is None


def test_set_hidden_gives_a_world_its_tiles():
    g = random_position("chicken-foot", 3, 10, players=4)
    seat = g.current_seat()
    view = g.view(seat)
    others = [g.view(s)["hand"] for s in range(4)]
    yard = list(g.yard[g.ypos:])
    sim = ChickenFoot.from_view(view, others, [TILE_NAMES[t] for t in yard])
    other = sim.clone()
    # Swap two seats' hands of the same size: a different world on the same table.
    hands = list(sim.hands)
    a, b = [s for s in range(4) if s != seat][:2]
    if sim.counts[a] == sim.counts[b]:
        hands[a], hands[b] = hands[b], hands[a]
    other.set_hidden(hands, list(reversed(yard)))
    assert other.hands == hands and other.yard == list(reversed(yard)) and other.yard_size() == len(yard)
    assert sim.yard == yard                                  # the original is untouched
    assert other.legal_moves() == sim.legal_moves()          # the seat to act kept its hand
    other.playout(Rng(1))
    assert other.last_scores() == other.round_scores()[-1] and other.went_out() in [-1, 0, 1, 2, 3]


def test_knowledge_reads_the_engine_table():
    seen = 0
    for seed in range(60):
        g = random_position("chicken-foot", seed, None, players=2 + seed % 7, options={"yard_reserve": seed % 3})
        if g is None:
            continue
        seen += 1
        k = knowledge(g.view(g.current_seat()))
        assert k.open_count == g.open_end_counts()
        assert k.spokes_left == g.spokes_req - g.spokes
        assert k.foot == g.foot
        assert k.toes_left == (TOES - g.toes if g.foot >= 0 else 0)
        for n in range(10):
            assert (g.open_end(n) >= 0) == bool((g.open_numbers() >> n) & 1) == (k.open_count[n] > 0)
    assert seen > 30


def test_moon_start_round_fast_sets_a_worlds_tiles():
    from engine.moon import Moon, mask_ids
    a, b = Moon(3), Moon(3, log=False)
    deal = a.new_deal(Rng(8))
    a.start_round(deal)
    masks = list(a.hands)
    b.start_round_fast(deal["first"], masks, a.widow)
    for s in range(3):
        assert a.view(s) == b.view(s)
    assert [TILE_NAMES[t] for t in mask_ids(b.hands[0])] == deal["hands"][0]


@pytest.mark.parametrize("name", NAMES)
def test_every_view_says_the_same_hand_sizes_and_counts_each_hand(name):
    """Every view's ``hand_sizes`` is the same list, and each seat's entry is its own view's hand,
    at every step."""
    for seed in range(5):
        g = _dealt(name, seed)
        rng = Rng(seed + 70)
        changed = 0
        before = g.view(0)["hand_sizes"]
        while g.current_seat() is not None:
            sizes = g.view(0)["hand_sizes"]
            changed += sizes != before
            before = sizes
            for s in range(g.players):
                v = g.view(s)
                assert v["hand_sizes"] == sizes and len(v["hand"]) == sizes[s]
            actions = g.legal_actions()
            g.apply(actions[rng.below(len(actions))])
        assert changed > 5
