"""The Moon solver against a brute-force minimax, hand-built positions and its own invariants."""

import pytest

from engine.ai.clock import Deadline
from engine.ai.moon_solver import Solver, bidder_can_make, move_values, solve, tables
from engine.moon_rules import (DOUBLES, LED, MOON_TILES, NO_TRUMP, POWER, TRUMPS, is_trump, rank,
                               suits_of, trick_winner)
from engine.rng import Rng
from engine.tiles import HI, parse


def mask(names):
    m = 0
    for n in names.split():
        m |= 1 << parse(n)
    return m


def ids(m):
    return [t for t in range(28) if m >> t & 1]


def legal_tiles(hand, trick, trump):
    """Legal plays straight from the rules text: follow the suit led if able."""
    tiles = ids(hand)
    if not trick:
        return tiles
    led = TRUMPS if is_trump(trick[0], trump) else HI[trick[0]]
    follow = [t for t in tiles if led in suits_of(t, trump)]
    return follow or tiles


def brute(hands, trump, leader, bidder, trick=()):
    """Plain minimax over every line of play: no pruning, no tables, no merging."""
    hands = list(hands)
    seat = (leader + len(trick)) % 3
    if not hands[seat] and not trick:
        return 0
    maximise = seat == bidder
    best = None
    for t in legal_tiles(hands[seat], trick, trump):
        hands[seat] &= ~(1 << t)
        tr = tuple(trick) + (t,)
        if len(tr) == 3:
            w = (leader + trick_winner(list(tr), trump)) % 3
            v = (1 if w == bidder else 0) + brute(hands, trump, w, bidder)
        else:
            v = brute(hands, trump, leader, bidder, tr)
        hands[seat] |= 1 << t
        if best is None or (v > best if maximise else v < best):
            best = v
    return best


def alphabeta(hands, trump, leader, bidder, trick=(), alpha=-1, beta=99):
    """Plain minimax with alpha-beta (still exact): for whole hands, where brute force is too slow."""
    hands = list(hands)
    seat = (leader + len(trick)) % 3
    if not hands[seat] and not trick:
        return 0
    maximise = seat == bidder
    best = -1 if maximise else 99
    for t in legal_tiles(hands[seat], trick, trump):
        hands[seat] &= ~(1 << t)
        tr = tuple(trick) + (t,)
        if len(tr) == 3:
            w = (leader + trick_winner(list(tr), trump)) % 3
            g = 1 if w == bidder else 0
            v = g + alphabeta(hands, trump, w, bidder, (), alpha - g, beta - g)
        else:
            v = alphabeta(hands, trump, leader, bidder, tr, alpha, beta)
        hands[seat] |= 1 << t
        if maximise:
            best = max(best, v)
            alpha = max(alpha, best)
        else:
            best = min(best, v)
            beta = min(beta, best)
        if alpha >= beta:
            break
    return best


def random_deal_position(seed, tricks_left, mid_trick):
    """A seeded solver position (masks, not a game: trump and bidder drawn too) played randomly
    down to ``tricks_left`` tricks."""
    rng = Rng(seed)
    tiles = list(MOON_TILES)
    rng.shuffle(tiles)
    hands = [0, 0, 0]
    for s in range(3):
        for t in tiles[7 * s:7 * s + 7]:
            hands[s] |= 1 << t
    trump = rng.below(9)
    bidder = rng.below(3)
    leader = bidder
    won = 0
    plies = 3 * (7 - tricks_left) + mid_trick
    trick = []
    for _ in range(plies):
        seat = (leader + len(trick)) % 3
        t = rng.choice(legal_tiles(hands[seat], trick, trump))
        hands[seat] &= ~(1 << t)
        trick.append(t)
        if len(trick) == 3:
            leader = (leader + trick_winner(trick, trump)) % 3
            won += leader == bidder
            trick = []
    return hands, trump, leader, bidder, tuple(trick), won


def test_legal_tiles_helper_follows_the_higher_number():
    # 6-5 led (5 trump? no: trump 3) calls suit 6; 6-2 must follow, 5-4 need not.
    hand = mask("6-2 5-4")
    assert legal_tiles(hand, (parse("6-5"),), 3) == [parse("6-2")]
    assert legal_tiles(mask("5-4 2-1"), (parse("6-5"),), 3) == ids(mask("5-4 2-1"))


def test_tables_order_tricks_like_trick_winner():
    rng = Rng(7)
    for _ in range(3000):
        trump = rng.below(9)
        tiles = list(MOON_TILES)
        rng.shuffle(tiles)
        trick = tiles[:3]
        P = POWER[trump][LED[trump][trick[0]]]
        powers = [P[t] for t in trick]
        assert powers.index(max(powers)) == trick_winner(trick, trump)
        tb = tables(trump)
        for t in trick:
            assert tb.strength[t] == POWER[trump][LED[trump][t]][t]


@pytest.mark.parametrize("tricks_left", [2, 3, 4])
def test_agrees_with_brute_force_on_random_endgames(tricks_left):
    count = {2: 400, 3: 300, 4: 120}[tricks_left]
    trumps_seen = set()
    for i in range(count):
        mid = i % 3
        hands, trump, leader, bidder, trick, won = random_deal_position(1000 * tricks_left + i, tricks_left, mid)
        trumps_seen.add(trump)
        expect = brute(hands, trump, leader, bidder, trick)
        s = Solver(trump, bidder)
        assert s.value(hands, leader, trick) == expect, (hands, trump, leader, bidder, trick)
        assert solve(hands, trump, leader, bidder, trick, won) == won + expect
        for k in range(0, tricks_left + 2):
            assert s.at_least(hands, leader, trick, k) == (expect >= k)
    assert trumps_seen == set(range(9))


@pytest.mark.slow
def test_longer_endgames_agree_with_plain_alphabeta():
    for seed in range(44):
        tricks_left = 6 if seed % 11 == 0 else 5
        hands, trump, leader, bidder, trick, won = random_deal_position(700 + seed, tricks_left, seed % 3)
        assert solve(hands, trump, leader, bidder, trick, won) == won + alphabeta(hands, trump, leader, bidder, trick)


def test_move_values_agree_with_solving_each_child():
    for i in range(120):
        tricks_left = 2 + i % 3
        hands, trump, leader, bidder, trick, won = random_deal_position(5000 + i, tricks_left, i % 3)
        seat = (leader + len(trick)) % 3
        got = move_values(hands, trump, leader, bidder, trick, won)
        legal = legal_tiles(hands[seat], trick, trump)
        assert [t for t, _ in got] == legal
        for t, v in got:
            child = list(hands)
            child[seat] &= ~(1 << t)
            tr = trick + (t,)
            if len(tr) == 3:
                w = (leader + trick_winner(list(tr), trump)) % 3
                expect = (1 if w == bidder else 0) + brute(child, trump, w, bidder)
            else:
                expect = brute(child, trump, leader, bidder, tr)
            assert v == won + expect
        best = max(v for _, v in got) if seat == bidder else min(v for _, v in got)
        assert best == solve(hands, trump, leader, bidder, trick, won)


def test_move_values_at_the_opening_lead_match_child_solves():
    for seed in (1, 2, 3):
        hands, trump, leader, bidder, trick, won = random_deal_position(seed, 7, 0)
        s = Solver(trump, bidder)
        mv = s.move_values(hands, leader)
        for t, v in mv:
            child = list(hands)
            child[leader] &= ~(1 << t)
            assert Solver(trump, bidder).value(child, leader, (t,)) == v
        assert max(v for _, v in mv) == Solver(trump, bidder).value(hands, leader)


def test_seven_top_trumps_make_seven():
    # Doubles trump: the bidder holds all seven doubles.
    hands = [mask("6-6 5-5 4-4 3-3 2-2 1-1 0-0"), mask("6-5 6-4 6-3 6-2 6-1 5-4 5-3"),
             mask("5-2 5-1 4-3 4-2 4-1 3-2 3-1")]
    for leader in range(3):
        assert solve(hands, DOUBLES, leader, 0) == 7
    # Sixes trump: six trumps and, with no seven-trump suit, 0-0 as well wins
    # nothing more is needed: six top trumps are six sure tricks.
    hands = [mask("6-6 6-5 6-4 6-3 6-2 6-1 2-1"), mask("5-5 5-4 5-3 5-2 5-1 4-4 4-3"),
             mask("4-2 4-1 3-3 3-2 3-1 2-2 1-1")]
    assert solve(hands, 6, 0, 0) >= 6
    assert solve(hands, 6, 1, 0) >= 6


def test_no_trumps_no_winners_make_nothing():
    # Fives trump, the bidder holds only low tiles of suits the others hold higher.
    bid = mask("4-1 3-2 3-1 2-1 2-2 1-1 4-2")
    a = mask("6-6 6-5 6-4 5-5 5-4 5-3 4-4")
    b = mask("6-3 6-2 6-1 5-2 5-1 4-3 3-3")
    for leader in range(3):
        assert solve([bid, a, b], 5, leader, 0) == 0
        assert bidder_can_make([bid, a, b], 5, leader, 0, 1) is False
        assert bidder_can_make([bid, a, b], 5, leader, 0, 0) is True


def test_a_stronger_trump_never_lowers_the_value():
    checked = 0
    for i in range(150):
        hands, trump, leader, bidder, trick, won = random_deal_position(9000 + i, 2 + i % 4, 0)
        if trump == NO_TRUMP:
            continue
        mine = [t for t in ids(hands[bidder]) if is_trump(t, trump)]
        for opp in ((bidder + 1) % 3, (bidder + 2) % 3):
            theirs = [u for u in ids(hands[opp]) if is_trump(u, trump)]
            for t in mine:
                for u in theirs:
                    if rank(u, TRUMPS, trump) > rank(t, TRUMPS, trump):
                        swapped = list(hands)
                        swapped[bidder] ^= (1 << t) | (1 << u)
                        swapped[opp] ^= (1 << t) | (1 << u)
                        assert solve(swapped, trump, leader, bidder) >= solve(hands, trump, leader, bidder)
                        checked += 1
    assert checked > 20


def test_deterministic_and_table_reuse_gives_the_same_answers():
    for seed in range(5):
        hands, trump, leader, bidder, trick, won = random_deal_position(100 + seed, 7, 0)
        a = Solver(trump, bidder)
        first = a.move_values(hands, leader)
        again = a.move_values(hands, leader)   # warm table
        fresh = Solver(trump, bidder).move_values(hands, leader)
        assert first == again == fresh
        assert a.value(hands, leader) == max(v for _, v in first) if leader == bidder else True


def test_node_budget_gives_up_with_none_and_leaves_a_usable_table():
    hands, trump, leader, bidder, trick, won = random_deal_position(42, 7, 0)
    s = Solver(trump, bidder)
    assert s.value(hands, leader, node_limit=1) is None
    assert s.value(hands, leader) == Solver(trump, bidder).value(hands, leader)
    assert solve(hands, trump, leader, bidder, node_limit=1) is None


def test_a_passed_deadline_stops_a_search_midway_and_leaves_a_usable_table():
    hands, trump, leader, bidder, trick, won = random_deal_position(46, 7, 0)
    full = Solver(trump, bidder)
    expected = full.value(hands, leader)
    assert full.nodes > 1000                # a search long enough to interrupt
    s = Solver(trump, bidder, Deadline(0))
    assert s.value(hands, leader) is None
    assert s.move_values(hands, leader) is None
    # The clock is read every 64 nodes: the search stopped well short of
    # finishing, not after it.
    assert 0 < s.nodes <= 64 * 2
    s.deadline = None
    assert s.value(hands, leader) == expected
    # A deadline that never passes changes nothing.
    assert Solver(trump, bidder, Deadline(None)).value(hands, leader) == expected


def test_equivalent_tiles_share_a_value():
    # Bidder leads with 6-6 6-5 6-4 as trumps and nobody else has a trump between:
    # the three are one class, so they must have equal values.
    hands = [mask("6-6 6-5 6-4 2-1"), mask("5-5 5-4 4-4 3-3"), mask("6-1 4-3 3-2 2-2")]
    mv = dict(move_values(hands, 6, 0, 0))
    assert mv[parse("6-6")] == mv[parse("6-5")] == mv[parse("6-4")]


def test_rejects_inconsistent_positions():
    s = Solver(3, 0)
    with pytest.raises(ValueError):
        s.value([mask("6-6"), mask("5-5 4-4"), mask("3-3")], 0)
    with pytest.raises(ValueError):
        Solver(3, 5)
