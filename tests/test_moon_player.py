"""Moon's computer players: legality, determinism, no peeking, world sampling, strength."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sizes import examples

from engine.ai import Budget, choose
from engine.ai.moon_eval import best_choices, estimate
from engine.ai.moon_inference import plausible, sample_plausible
from engine.ai.moon_sampling import Knowledge, count_worlds, sample_world, world_names
from engine.ai.moon_solver import Solver
from engine.moon import Moon, mask_ids
from engine.moon_rules import MOON_MASK, SUIT_MASK, LED
from engine.rng import Rng
from engine.tiles import NAMES
from tests import helpers

SETTINGS = settings(derandomize=True, deadline=None, max_examples=examples(20, 300),
                    suppress_health_check=[HealthCheck.too_slow])
CHEAP = Budget(iterations=2)


def budget_for(level):
    return CHEAP if level == "hard" else None


def play_game(levels, seed, max_hands=40, on_view=None):
    """A seeded game between ``levels`` (one per seat); ``on_view(game, view)`` sees every decision."""
    rng = Rng(seed)
    g = Moon(3)
    hands = 0
    while not g.is_over() and hands < max_hands:
        g.start_round(g.new_deal(rng))
        hands += 1
        while g.current_seat() is not None:
            seat = g.current_seat()
            view = g.view(seat)
            if on_view is not None:
                on_view(g, view)
            level = levels[seat]
            action = choose(view, level, rng.below(1 << 30), budget_for(level))
            assert action in view["legal"], (level, action, view["legal"])
            g.apply(action)
    return g


def game_from(deal, actions):
    g = Moon(3)
    g.start_round(deal)
    for a in actions:
        g.apply(a)
    return g


def positions(count, seed, levels=("medium", "medium", "medium")):
    """``count`` (state, view) pairs of the seat to act, every phase, from seeded games."""
    out = []
    rng = Rng(seed)

    def keep(g, view):
        if len(view["legal"]) > 1 and rng.below(6) == 0:
            out.append((g.clone(), view))

    s = seed
    while len(out) < count:
        play_game(list(levels), s, max_hands=3, on_view=keep)
        s += 1
    return out[:count]


# -- legality ---------------------------------------------------------------------

@pytest.mark.slow
def test_easy_and_medium_only_make_legal_moves():
    finished = 0
    for i in range(30):
        levels = [["easy", "medium", "easy"], ["medium", "easy", "medium"], ["medium", "medium", "medium"]][i % 3]
        g = play_game(levels, 1000 + i)
        finished += g.is_over()
    assert finished >= 25, "games between rule-based players come to an end"


def test_hard_only_makes_legal_moves():
    for i in range(3):
        levels = [["hard", "medium", "easy"], ["easy", "hard", "medium"], ["medium", "easy", "hard"]][i]
        play_game(levels, 2000 + i, max_hands=4)


def test_levels_play_every_phase():
    phases = {}

    def note(g, view):
        phases[view["phase"]] = True

    play_game(["hard", "medium", "easy"], 77, max_hands=3, on_view=note)
    assert sorted(phases) == ["bidding", "discard", "play", "trump"]


# -- determinism and no peeking --------------------------------------------------------

def test_same_view_seed_and_budget_give_the_same_action():
    for state, view in positions(24, 300):
        for level in ["easy", "medium", "hard"]:
            first = choose(view, level, 99, budget_for(level))
            again = choose(view, level, 99, budget_for(level))
            assert first == again, (level, view["phase"])


def test_the_seed_matters_for_easy_bids():
    # Easy sometimes over-bids: over many seeds a borderline hand gets both answers.
    view = bidding_view(["6-6", "5-5", "6-5", "3-2", "2-1", "3-1", "4-1"])
    answers = sorted(set(choose(view, "easy", s) for s in range(40)))
    assert answers == ["4", "pass"]


def rededal(view, seed):
    """Another state whose view for the acting seat is the same: the unseen tiles re-dealt."""
    k = Knowledge(view)
    hands, hidden = sample_world(k, Rng(seed))
    other, hidden_name = world_names(hands, hidden)
    return Moon.from_view(view, other, hidden_name), hands


@pytest.mark.slow
def test_no_peeking_other_hands_never_change_the_action():
    changed = 0
    phases = {}
    for state, view in positions(30, 500):
        seat = view["seat"]
        phases[(view["phase"], seat == view["bidder"])] = True
        for seed in [1, 2]:
            alt, hands = rededal(view, seed)
            assert alt.view(seat) == view, "the re-dealt state looks the same to the seat"
            if list(hands) != list(state.hands):
                changed += 1
            for level in ["easy", "medium", "hard"]:
                assert choose(alt.view(seat), level, 5, budget_for(level)) == choose(view, level, 5, budget_for(level))
    assert changed >= 40, "the re-deals really moved unseen tiles"
    # Widow hidden (bidding), the discard hidden (a defender's play), the bidder's own decisions.
    for case in [("bidding", False), ("play", False), ("play", True)]:
        assert case in phases, case


# -- world sampling -----------------------------------------------------------------

def random_position(seed, cut):
    """A random game's view of the seat to act after ``cut`` actions of its first hand (or at its end)."""
    return helpers.random_position("moon", seed, cut, past_end="last")


def check_world(k, hands, hidden, state):
    seat = k.seat
    assert hands[seat] == k.hand
    seen = 0
    for s in range(3):
        assert bin(hands[s]).count("1") == k.sizes[s], "hand sizes kept"
        assert not hands[s] & k.void[s], "no tile of a suit the seat failed to follow"
        assert not seen & hands[s]
        seen |= hands[s]
    if hidden >= 0:
        assert k.unseen >> hidden & 1 and not seen >> hidden & 1
        seen |= 1 << hidden
    assert bool(k.hidden) == (hidden >= 0)
    # Together with what the seat saw (its hand, the tiles played, its own discard) they are the 22.
    assert (seen | (MOON_MASK & ~k.unseen)) == MOON_MASK
    assert seen & ~k.hand == k.unseen


@SETTINGS
@given(st.integers(0, 10 ** 6), st.integers(0, 30))
def test_sampled_worlds_respect_sizes_and_voids(seed, cut):
    g = random_position(seed, cut)
    seat = g.current_seat()
    k = Knowledge(g.view(seat))
    # The true hands are one of the worlds: voids are inferred soundly.
    for s in range(3):
        assert not g.hands[s] & k.void[s]
    rng = Rng(seed)
    for _ in range(5):
        hands, hidden = sample_world(k, rng)
        check_world(k, hands, hidden, g)


def test_voids_are_read_from_failures_to_follow():
    # Seat 1 discards 1-1 on a lead of 6-6 (trumps 2): it holds no tile of suit 6.
    g = game_from({"first": 0, "hands": [["6-6", "6-5", "6-4", "5-5", "5-4", "4-4", "2-2"],
                                         ["1-1", "2-1", "3-1", "4-1", "5-1", "3-2", "4-2"],
                                         ["6-3", "6-2", "6-1", "5-3", "5-2", "4-3", "3-3"]],
                   "widow": "0-0"}, ["4", "pass", "pass", "discard 0-0", "trump 2", "6-6", "1-1"])
    k = Knowledge(g.view(2))
    assert k.void[1] == SUIT_MASK[2][LED[2][NAMES.index("6-6")]]
    assert k.void[0] == 0 and k.void[2] == 0
    rng = Rng(4)
    for _ in range(50):
        hands, hidden = sample_world(k, rng)
        assert not hands[1] & k.void[1]
        check_world(k, hands, hidden, g)


def test_worlds_are_drawn_uniformly():
    # Late in a hand with voids: every consistent world turns up about equally often.
    g = None
    for seed in range(200):
        cand = random_position(seed, 3 + 5 * 3 + 2)
        k = Knowledge(cand.view(cand.current_seat()))
        if cand.phase() == "play" and any(k.void) and 4 <= count_worlds(k) <= 12:
            g = cand
            break
    assert g is not None
    k = Knowledge(g.view(g.current_seat()))
    n = count_worlds(k)
    rng = Rng(11)
    seen = {}
    draws = 300 * n
    for _ in range(draws):
        hands, hidden = sample_world(k, rng)
        key = (hands[0], hands[1], hands[2], hidden)
        seen[key] = seen.get(key, 0) + 1
    assert len(seen) == n, "every consistent world is reachable, and no other"
    for c in seen.values():
        assert 200 < c < 400


def test_the_bidder_after_discarding_faces_3432_worlds():
    g = game_from({"first": 0, "hands": [["6-6", "6-5", "6-4", "6-3", "5-5", "4-4", "3-3"],
                                         ["6-2", "6-1", "5-4", "5-3", "5-2", "5-1", "4-3"],
                                         ["4-2", "4-1", "3-2", "3-1", "2-2", "2-1", "1-1"]],
                   "widow": "0-0"}, ["5", "pass", "pass", "discard 0-0", "trump 6"])
    k = Knowledge(g.view(0))
    assert (k.hidden, count_worlds(k)) == (0, 3432)
    # A defender also has the discard to place: 15 tiles, one out of play.
    g.apply("6-6")
    k1 = Knowledge(g.view(1))
    assert k1.hidden == 1 and count_worlds(k1) == 14 * 1716


# -- strength: hand-built positions ----------------------------------------------------

def bidding_view(hand, seat_first=0):
    rest = [NAMES[t] for t in mask_ids(MOON_MASK) if NAMES[t] not in hand]
    return game_from({"first": seat_first, "hands": [hand, rest[:7], rest[7:14]], "widow": rest[14]}, []).view(0)


def test_a_sure_moon_bids_21():
    view = bidding_view(["6-6", "6-5", "6-4", "6-3", "6-2", "6-1", "5-5"])
    assert choose(view, "hard", 1, Budget(iterations=6)) == "21"
    assert choose(view, "medium", 1) == "21"


def test_hard_bids_high_on_a_strong_hand_and_passes_a_weak_one():
    strong = bidding_view(["6-6", "6-5", "6-4", "6-3", "5-5", "4-4", "3-3"])
    assert choose(strong, "hard", 2, Budget(iterations=8)) in ["6", "7", "21"]
    weak = bidding_view(["6-1", "5-2", "4-3", "3-1", "2-1", "5-3", "4-2"])
    assert choose(weak, "hard", 2, Budget(iterations=8)) == "pass"
    assert choose(weak, "medium", 2) == "pass"


def test_hard_defends_a_cold_bid():
    # Trumps 2, bid 5: seat 2 must cover with 6-6 (the 6-3 gives the bidder the trick and the bid).
    deal = {"first": 0, "hands": [["5-2", "4-2", "3-3", "3-2", "3-1", "1-1", "0-0"],
                                  ["6-5", "6-2", "5-4", "4-4", "4-1", "2-2", "2-1"],
                                  ["6-6", "6-3", "6-1", "5-5", "5-3", "5-1", "4-3"]], "widow": "6-4"}
    actions = ["5", "pass", "pass", "discard 6-4", "trump 2", "3-3", "6-2", "4-3", "4-4", "5-1", "3-2",
               "1-1", "4-1", "6-1", "0-0", "2-2", "5-3", "5-4", "5-5", "4-2", "5-2", "2-1"]
    g = game_from(deal, actions)
    view = g.view(g.current_seat())
    assert sorted(view["legal"]) == ["6-3", "6-6"]
    for seed in range(5):
        assert choose(view, "hard", seed, Budget(iterations=3)) == "6-6"
    # The exact solver agrees on the true hands.
    k = Knowledge(view)
    values = dict(Solver(k.trump, k.bidder).move_values(g.hands, k.leader, tuple(k.trick)))
    need = k.need() - k.won[k.bidder]
    assert values[NAMES.index("6-6")] < need <= values[NAMES.index("6-3")]


def test_medium_does_not_overtake_a_partner_who_holds_the_trick():
    # Trumps 6, seat 0 bid 4.  Seat 1 wins the first trick with 3-3 and leads
    # the master 5-5: seat 2 must follow suit 5 but not waste its 5-4 on it.
    deal = {"first": 0, "hands": [["6-6", "6-5", "6-4", "6-3", "4-4", "3-2", "2-1"],
                                  ["5-5", "5-3", "4-3", "3-3", "2-2", "1-1", "4-1"],
                                  ["5-4", "5-2", "5-1", "4-2", "3-1", "0-0", "6-2"]], "widow": "6-1"}
    g = game_from(deal, ["4", "pass", "pass", "discard 2-1", "trump 6", "3-2", "3-3", "3-1"])
    assert g.tricks[0][2] == 1
    g.apply("5-5")
    view = g.view(2)
    assert sorted(view["legal"]) == ["5-1", "5-2", "5-4"]
    assert choose(view, "medium", 0) == "5-1"
    # Against the bidder's lead it does cover: seat 2 is last and can win.
    g = game_from(deal, ["4", "pass", "pass", "discard 2-1", "trump 6", "4-4", "4-1"])
    assert choose(g.view(2), "medium", 0) == "4-2"


def test_medium_estimate_orders_hands_sensibly():
    strong = 0
    for name in ["6-6", "6-5", "6-4", "6-3", "5-5", "4-4", "3-3"]:
        strong |= 1 << NAMES.index(name)
    weak = 0
    for name in ["6-1", "5-2", "4-3", "3-1", "2-1", "5-3", "4-2"]:
        weak |= 1 << NAMES.index(name)
    assert estimate(strong, 6) > 5000 > 2000 > estimate(weak, 6)
    best = best_choices(strong | (1 << NAMES.index("0-0")), 1)[0]
    # Four top trumps and three doubles take all seven whatever the trump (ties: the lowest code).
    assert best == (7000, NAMES.index("0-0"), 0)
    second = best_choices(strong | (1 << NAMES.index("1-1")), 1)[0]
    assert NAMES[second[1]] == "1-1" and second[0] == 7000


# -- what the bidding says ---------------------------------------------------------

def test_worlds_follow_the_bidding_but_never_break_the_rules():
    # Seat 0 bid 6 and named sixes: a defender's worlds give it sixes.
    deal = {"first": 0, "hands": [["6-6", "6-5", "6-4", "6-3", "5-5", "4-4", "2-1"],
                                  ["6-2", "5-4", "5-3", "4-3", "3-3", "2-2", "1-1"],
                                  ["6-1", "5-2", "5-1", "4-2", "4-1", "3-2", "3-1"]], "widow": "0-0"}
    g = game_from(deal, ["6", "pass", "pass", "discard 2-1", "trump 6", "6-6"])
    k = Knowledge(g.view(1))
    trumps = SUIT_MASK[6][7]

    def bidder_trumps(sampler, seed):
        rng = Rng(seed)
        n = 0
        for _ in range(200):
            hands, hidden = sampler(k, rng)
            check_world(k, hands, hidden, g)
            n += bin(hands[0] & trumps).count("1")
        return n

    assert bidder_trumps(sample_plausible, 1) > bidder_trumps(sample_world, 1) + 60
    # A world where the bidder of 6 holds no trump at all is implausible.
    no_trumps = [0, g.hands[1], 0]
    rest = [t for t in mask_ids(k.unseen)]
    low = [t for t in rest if not trumps >> t & 1]
    for t in low[:5]:
        no_trumps[0] |= 1 << t
    for t in rest:
        if not (no_trumps[0] >> t) & 1 and bin(no_trumps[2]).count("1") < 7:
            no_trumps[2] |= 1 << t
    hidden = [t for t in rest if not (no_trumps[0] | no_trumps[2]) >> t & 1][0]
    assert not plausible(k, no_trumps, hidden)
    assert plausible(k, list(g.hands), g.discard)


def test_passes_and_bids_weigh_the_worlds_by_the_measured_likelihood(monkeypatch):
    # Seat 1 passed, seat 2 bid 5; seat 0 (to act) weighs its worlds by what those say.
    from engine.ai import moon_inference
    from engine.ai.moon_eval import best_trumps
    monkeypatch.setattr(moon_inference, "CALIBRATED", True)
    rest = [NAMES[t] for t in mask_ids(MOON_MASK)]
    deal = {"first": 1, "hands": [rest[:7], rest[7:14], rest[14:21]], "widow": rest[21]}
    g = game_from(deal, ["pass", "5"])
    k = Knowledge(g.view(0))
    assert k.phase == "bidding" and k.seat == 0

    def strengths(sampler, seed):
        rng = Rng(seed)
        out = [0, 0, 0]
        for _ in range(300):
            hands, hidden = sampler(k, rng)
            check_world(k, hands, hidden, g)
            for s in [1, 2]:
                out[s] += best_trumps(hands[s], 1)[0][0]
        return out

    plain = strengths(sample_world, 3)
    weighed = strengths(sample_plausible, 3)
    # The passer's hands come out weaker, the bidder of 5's stronger (thousandths of a trick, summed).
    assert weighed[1] < plain[1] - 300 * 500
    assert weighed[2] > plain[2] + 300 * 250
    # The table is a probability per band for every action open to a seat.
    for low in moon_inference.OPEN_BIDS:
        for b in range(moon_inference.X_BANDS):
            total = sum(moon_inference.BID_LIKELIHOOD[low][a][b] for a in moon_inference.BID_LIKELIHOOD[low])
            assert 990 <= total <= 1000


def test_knowing_the_widow_leaves_the_deals_of_the_other_hands():
    view = bidding_view(["6-6", "6-5", "6-4", "6-3", "5-5", "4-4", "3-3"])
    k = Knowledge(view)
    assert count_worlds(k) == 15 * 3432
    widow = mask_ids(k.unseen)[0]
    kw = k.knowing(widow)
    assert count_worlds(kw) == 3432 and count_worlds(k) == 15 * 3432
    hands, hidden = sample_world(kw, Rng(3))
    assert hidden == -1 and not (hands[1] | hands[2]) >> widow & 1
