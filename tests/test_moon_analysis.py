"""Moon hand analysis (engine.ai.moon_analysis): exact, checked against a brute-force minimax."""

import json

import pytest

from engine.ai import Budget, choose
from engine.ai.analysis import analyse
from engine.ai.moon_analysis import Solvers, bid_points, best_contract, play_values
from engine.ai.moon_solver import Solver
from engine.game import GameError
from engine.moon import Moon, mask_ids, parse_moon_tile
from engine.moon_rules import LED, SUIT_MASK, trump_code, trick_winner
from engine.record import replay
from engine.rng import Rng
from engine.tournament import pick


def mask(names):
    m = 0
    for n in names.split():
        m |= 1 << parse_moon_tile(n)
    return m


def minimax(hands, trump, leader, bidder, trick=()):
    """The bidder's tricks from here, by plain exhaustive search (no table, no pruning)."""
    seat = (leader + len(trick)) % 3
    if len(trick) == 3:
        w = (leader + trick_winner(list(trick), trump)) % 3
        if not any(hands):
            return 1 if w == bidder else 0
        return (1 if w == bidder else 0) + minimax(hands, trump, w, bidder)
    h = hands[seat]
    if trick:
        f = h & SUIT_MASK[trump][LED[trump][trick[0]]]
        if f:
            h = f
    values = []
    for t in mask_ids(h):
        child = list(hands)
        child[seat] &= ~(1 << t)
        values.append(minimax(child, trump, leader, bidder, tuple(trick) + (t,)))
    return max(values) if seat == bidder else min(values)


# Hand-made endgames: (hands of seats 0, 1, 2; trump; leader; bidder; the trick so far).
ENDGAMES = [
    ("6-6 5-1 2-2", "6-2 5-5 3-1", "4-4 5-3 2-1", "6", 0, 0, ""),
    ("6-6 5-1 2-2", "6-2 5-5 3-1", "4-4 5-3 2-1", "none", 0, 0, ""),
    ("6-6 5-1 2-2", "6-2 5-5 3-1", "4-4 5-3 2-1", "doubles", 1, 0, ""),
    ("6-5 4-3 1-1 0-0", "6-4 6-1 3-3 2-1", "5-5 5-2 4-2 3-1", "5", 2, 2, ""),
    ("6-5 4-3 1-1", "3-3 2-1", "5-5 5-2 3-1", "1", 1, 1, "6-4"),
    ("4-3 1-1 0-0", "3-3 2-1", "5-5 5-2", "3", 1, 0, "6-4 6-5"),
    ("6-6 6-3 4-4 2-2", "6-5 5-4 3-3 1-1", "6-4 5-5 4-1 3-2", "4", 0, 1, ""),
]


@pytest.mark.parametrize("case", ENDGAMES, ids=[str(i) for i in range(len(ENDGAMES))])
def test_every_alternative_of_a_hand_made_endgame_equals_minimax(case):
    h0, h1, h2, trump_name, leader, bidder, trick_names = case
    hands = [mask(h0), mask(h1), mask(h2)]
    trump = trump_code(trump_name)
    trick = [parse_moon_tile(t) for t in trick_names.split()]
    seat = (leader + len(trick)) % 3
    values = play_values(Solver(trump, bidder), hands, leader, trick, 2)
    assert [t for t, _ in values] == sorted(mask_ids(_legal_mask(hands, trump, leader, trick)))
    for t, v in values:
        child = list(hands)
        child[seat] &= ~(1 << t)
        assert v == 2 + minimax(child, trump, leader, bidder, tuple(trick) + (t,)), (case, t)


def _legal_mask(hands, trump, leader, trick):
    seat = (leader + len(trick)) % 3
    h = hands[seat]
    if trick:
        f = h & SUIT_MASK[trump][LED[trump][trick[0]]]
        if f:
            h = f
    return h


def test_some_hand_made_endgame_choice_costs_a_trick():
    costs = []
    for h0, h1, h2, trump_name, leader, bidder, trick_names in ENDGAMES:
        trick = [parse_moon_tile(t) for t in trick_names.split()]
        values = [v for _, v in play_values(Solver(trump_code(trump_name), bidder),
                                            [mask(h0), mask(h1), mask(h2)], leader, trick, 0)]
        costs.append(max(values) - min(values))
    assert max(costs) >= 1


def played_hands(seeds, level="medium"):
    """Finished, played (not all-pass) Moon hands of seeded games: ``(record, round index)``."""
    out = []
    for seed in seeds:
        g = Moon()
        rng = Rng(seed)
        while not g.is_over() and g.round_count() < 3:
            if g.current_seat() is None:
                g.start_round(g.new_deal(rng))
                continue
            g.apply(pick(g, level, rng.next64()))
        rec = g.record()
        for ri in range(len(rec["rounds"])):
            if len(rec["rounds"][ri]["actions"]) > 3 and "scores" in rec["rounds"][ri]:
                out.append((rec, ri))
    return out


@pytest.fixture(scope="module")
def analysed():
    hands = played_hands([3, 11], "easy")[:3]     # easy players err now and then
    assert len(hands) == 3
    return [(rec, ri, analyse(rec, {"round": ri, "iterations": 1})) for rec, ri in hands]


def state_before(rec, ri, index):
    """The game just before action ``index`` of round ``ri``."""
    before = sum(len(r["actions"]) for r in rec["rounds"][:ri])
    return replay(rec, step=before + index) if index else _dealt(rec, ri)


def _dealt(rec, ri):
    head = dict(rec)
    r = rec["rounds"][ri]
    head["rounds"] = rec["rounds"][:ri] + [{"first": r["first"], "hands": r["hands"], "widow": r["widow"]}]
    return replay(head)


def test_a_hand_lists_every_decision_labelled_as_seeing_every_hand(analysed):
    for rec, ri, out in analysed:
        assert out["game"] == "moon" and out["round"] == ri
        assert out["sees"] == "every hand" and out["exact"] is True
        actions = rec["rounds"][ri]["actions"]
        assert [d["index"] for d in out["decisions"]] == list(range(len(actions)))
        assert [d["action"] for d in out["decisions"]] == actions
        phases = [d["phase"] for d in out["decisions"]]
        assert phases[-21:] == ["play"] * 21 and phases[-23:-21] == ["discard", "trump"]
        for d in out["decisions"]:
            g = state_before(rec, ri, d["index"])
            assert d["seat"] == g.current_seat()
            assert [a["action"] for a in d["alternatives"]] == g.legal_actions()
            assert d["verdict"] == ("best" if d["cost"] == 0 else "cost") and d["cost"] >= 0


def test_endgame_alternatives_of_recorded_hands_equal_minimax(analysed):
    checked = 0
    for rec, ri, out in analysed:
        for d in out["decisions"]:
            if d["phase"] != "play" or d["index"] < len(rec["rounds"][ri]["actions"]) - 12:
                continue        # the last four tricks: minimax stays quick
            g = state_before(rec, ri, d["index"])
            for a in d["alternatives"]:
                child = g.clone()
                child.apply(a["action"])
                got = child.won[g.bidder] + (minimax(child.hands, g.trump, child.leader, g.bidder, tuple(child.trick))
                                             if child.current_seat() is not None else 0)
                assert a["value"] == got, (ri, d["index"], a)
                checked += 1
    assert checked > 50


def test_a_decision_costing_n_tricks_really_leads_to_n_fewer(analysed):
    costly = 0
    for rec, ri, out in analysed:
        for d in out["decisions"]:
            if d["phase"] == "bidding":
                continue
            g = state_before(rec, ri, d["index"])
            after = g.clone()
            after.apply(d["action"])
            bidder = g.bidder
            # A fresh solver (no table shared with the analysis), after the move made.
            if d["phase"] == "discard":
                got = max(Solver(tr, bidder).value(after.hands, bidder) for tr in range(9))
            elif d["phase"] == "trump":
                got = Solver(after.trump, bidder).value(after.hands, bidder)
            elif after.current_seat() is None:
                got = after.won[bidder]
            else:
                got = after.won[bidder] + Solver(g.trump, bidder).value(after.hands, after.leader, tuple(after.trick))
            mine = d["side"] == "bidder"
            assert got == (d["best"] - d["cost"] if mine else d["best"] + d["cost"]), (ri, d)
            assert got == d["value"]
            costly += d["cost"] > 0
    assert costly >= 1, "no decision of these hands cost anything: a weak test"


def test_bids_score_the_contract_the_seat_makes_with_every_hand_known(analysed):
    for rec, ri, out in analysed:
        seats = out["seats"]
        for d in out["decisions"]:
            if d["phase"] != "bidding":
                continue
            tricks = seats[d["seat"]]["tricks"]
            assert d["tricks"] == tricks and d["unit"] == "points"
            for a in d["alternatives"]:
                b = 0 if a["action"] == "pass" else int(a["action"])
                assert a["value"] == bid_points(b, tricks)
            assert d["hard"] == seats[d["seat"]]["hard_bid"]
        for s in seats:
            assert s["best_contract"] == best_contract(s["tricks"])


def test_the_best_as_bidder_is_the_maximum_over_every_discard_and_trump(analysed):
    rec, ri, out = analysed[0]
    r = rec["rounds"][ri]
    hands = [mask(" ".join(h)) for h in r["hands"]]
    widow = parse_moon_tile(r["widow"])
    bidder = out["bidder"]
    seat = [s for s in range(3) if s != bidder][0]        # a seat answered by the pruned search
    hand8 = hands[seat] | 1 << widow
    best = 0
    for d in mask_ids(hand8):
        h = list(hands)
        h[seat] = hand8 & ~(1 << d)
        for tr in range(9):
            best = max(best, Solver(tr, seat).value(h, seat))
    got = out["seats"][seat]
    assert got["tricks"] == best
    h = list(hands)
    h[seat] = hand8 & ~(1 << parse_moon_tile(got["discard"]))
    assert Solver(trump_code(got["trump"]), seat).value(h, seat) == best


def test_hard_bid_is_what_hard_bids_from_that_seats_view(analysed):
    rec, ri, out = analysed[0]
    g = _dealt(rec, ri)
    s = g.current_seat()
    assert out["seats"][s]["hard_bid"] == choose(g.view(s), "hard", 0 * 3 + s, Budget(iterations=1))
    assert out["seats"][s]["bid"] == rec["rounds"][ri]["actions"][0]


def test_the_analysis_is_deterministic_and_per_seat():
    rec, ri = played_hands([3])[0]
    a = analyse(rec, {"round": ri, "iterations": 1})
    assert analyse(json.dumps(rec), {"round": ri, "iterations": 1}) == a
    assert len(a["line"]) == 23
    for seat in range(3):       # the bidder and both defenders
        one = analyse(rec, {"round": ri, "iterations": 1, "seat": seat})
        assert one["decisions"] == [d for d in a["decisions"] if d["seat"] == seat]
        assert one["seats"] == [a["seats"][seat]]
        # The chart's line is the whole hand's whatever the seat: the bidder's tricks after each move.
        assert one["line"] == a["line"] == [{"index": d["index"], "tricks": d["value"]}
                                            for d in a["decisions"] if d["phase"] != "bidding"]


def test_an_unfinished_hand_is_not_offered():
    g = Moon()
    rng = Rng(4)
    g.start_round(g.new_deal(rng))
    for _ in range(8):
        g.apply(pick(g, "medium", rng.next64()))
    with pytest.raises(GameError) as err:
        analyse(g.record())
    assert err.value.key == "analysis.moon_unfinished"


def test_progress_reports_and_cancels():
    rec, ri = played_hands([3])[0]
    seen = []
    analyse(rec, {"round": ri, "iterations": 1}, lambda done, total: seen.append((done, total)))
    assert seen[-1][0] == seen[-1][1] and [d for d, _ in seen] == sorted(d for d, _ in seen)
    with pytest.raises(GameError) as err:
        analyse(rec, {"round": ri, "iterations": 1}, lambda done, total: done < 3)
    assert err.value.key == "analysis.cancelled"


def test_solvers_share_one_solver_per_trump_and_bidder():
    s = Solvers()
    assert s.get(3, 1) is s.get(3, 1) and s.get(3, 1) is not s.get(3, 2)


def test_an_all_pass_hand_and_a_bid_of_21_are_analysed():
    g = Moon()
    g.start_round(g.new_deal(Rng(5)))
    for a in ["pass", "pass", "pass"]:
        g.apply(a)
    out = analyse(g.record(), {"iterations": 1})
    assert out["bidder"] is None and out["contract"] is None and [d["phase"] for d in out["decisions"]] == ["bidding"] * 3
    assert all(s["bid"] == "pass" and s["hard_bid"] is not None for s in out["seats"])
    for d in out["decisions"]:
        assert d["cost"] == max(0, max(bid_points(int(a["action"]) if a["action"] != "pass" else 0, d["tricks"])
                                       for a in d["alternatives"]))
    g = Moon()
    g.start_round(g.new_deal(Rng(5)))
    g.apply("21")          # the bidding ends at once: the others never bid
    while g.current_seat() is not None:
        g.apply(g.legal_actions()[0])
    out = analyse(g.record(), {"iterations": 1})
    first = g.record()["rounds"][0]["first"]
    assert out["contract"] == "21" and out["bidder"] == first
    assert [s["bid"] for s in out["seats"]] == [("21" if s == first else None) for s in range(3)]
    assert out["decisions"][0]["value"] == bid_points(21, out["seats"][first]["tricks"])
