"""Property tests of the Moon engine over many random games (hypothesis, derandomized)."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sizes import examples

from engine.game import IllegalAction
from engine.moon import Moon, mask_ids
from engine.moon_rules import MOON_MASK, MOON_TILES, led_suit, suits_of, trick_winner, trump_code
from engine.record import dumps, replay
from engine.rng import Rng
from engine.tiles import NAMES, parse

SETTINGS = settings(derandomize=True, deadline=None, max_examples=examples(30, 400),
                    suppress_health_check=[HealthCheck.too_slow])

TILE_TEXTS = [NAMES[t] for t in MOON_TILES]
# Every action text the engine could ever be offered, and some junk.
UNIVERSE = (["pass", "4", "5", "6", "7", "21", "3", "8", "20", "22", "0"]
            + TILE_TEXTS + ["discard " + x for x in TILE_TEXTS]
            + ["trump %s" % x for x in ["0", "1", "2", "3", "4", "5", "6", "doubles", "none", "7", "x"]]
            + ["", "6-0", "9-9", "7-1", "discard", "discard 6-0", "trump", "Pass", "pass pass",
               "1-2", "discard 2-1 ", "6 - 6", "draw", "4>4-4", None, 4, ["6-6"]])


def fingerprint(g):
    return (tuple(g.hands), g.code, g.to_act, len(g.bids), tuple(g.trick), len(g.tricks), g.discard,
            g.trump, tuple(g.totals_), len(g.record()["rounds"][-1]["actions"]) if g.round_count() else -1)


def check_invariants(g):
    seen = 0
    parts = list(g.hands)
    for tr in g.tricks:
        for t in tr[1]:
            parts.append(1 << t)
    for t in g.trick:
        parts.append(1 << t)
    if g.phase() == "bidding" or g.bidder < 0:
        parts.append(1 << g.widow)          # not taken (bidding, or all passed)
    elif g.discard >= 0:
        parts.append(1 << g.discard)
    for p in parts:
        assert seen & p == 0, "a tile is in two places"
        seen |= p
    assert seen == MOON_MASK, "the 22 tiles are all accounted for"
    for tr in g.tricks:
        leader, tiles, winner = tr
        assert len(tiles) == 3
        assert winner == (leader + trick_winner(tiles, g.trump)) % 3
    assert sum(g.won) == len(g.tricks)
    for s in range(3):
        assert g.won[s] == len([tr for tr in g.tricks if tr[2] == s])
    for k in range(1, len(g.tricks)):
        assert g.tricks[k][0] == g.tricks[k - 1][2], "the winner leads the next trick"
    if g.tricks:
        assert g.tricks[0][0] == g.bidder, "the bidder leads the first trick"
    assert g.totals() == [sum(r[s] for r in g.round_scores()) for s in range(3)]


def expected_scores(g):
    if g.bidder < 0:
        return [0, 0, 0]
    scores = list(g.won)
    need = 7 if g.high == 21 else g.high
    scores[g.bidder] = g.high if g.won[g.bidder] >= need else -g.high
    return scores


def expected_winners(g, moon_made):
    if moon_made:
        return [g.bidder]
    tot = g.totals()
    top = max(tot)
    if top >= 21 and tot.count(top) == 1:
        return [tot.index(top)]
    return []


def canonical(action):
    """The record notation of another accepted spelling (``1-2`` for ``2-1``), else None."""
    if not isinstance(action, str):
        return None
    prefix = "discard " if action.startswith("discard ") else ""
    try:
        return prefix + NAMES[parse(action[len(prefix):], 6)]
    except ValueError:
        return None


def check_rejections(g):
    legal = g.legal_actions()
    before = fingerprint(g)
    views = [dumps(g.view(s)) for s in range(3)]
    for action in UNIVERSE:
        if action in legal:
            continue
        if canonical(action) in legal:
            c = g.clone()
            c.apply(action)
            assert c.record()["rounds"][-1]["actions"][-1] == canonical(action)
            continue
        try:
            g.apply(action)
        except IllegalAction:
            pass
        else:
            raise AssertionError("%r was accepted; legal: %r" % (action, legal))
        assert fingerprint(g) == before
    assert [dumps(g.view(s)) for s in range(3)] == views


def check_every_legal_action_applies(g):
    for action in g.legal_actions():
        c = g.clone()
        c.apply(action)
        assert c.action_count() == g.action_count() + 1


def play_hands(seed, hands, on_step=None):
    rng = Rng(seed)
    g = Moon(3, names=["Ana", "Ben", "Cy"])
    for _ in range(hands):
        if g.is_over():
            break
        g.start_round(g.new_deal(rng))
        while g.current_seat() is not None:
            if on_step:
                on_step(g)
            g.apply(rng.choice(g.legal_actions()))
        check_invariants(g)
        assert g.round_scores()[-1] == expected_scores(g)
        moon_made = g.bidder >= 0 and g.high == 21 and g.won[g.bidder] == 7
        assert g.winners() == expected_winners(g, moon_made)
        assert g.is_over() == bool(g.winners())
    return g


@pytest.mark.slow
@SETTINGS
@given(st.integers(0, 2 ** 40))
def test_random_hands_keep_the_rules(seed):
    def step(g):
        check_invariants(g)
        assert g.legal_actions() == [g.move_text(m) for m in g.legal_moves()]
        assert len(set(g.legal_actions())) == len(g.legal_actions())
        check_every_legal_action_applies(g)
        check_rejections(g)
    play_hands(seed, 2, step)


@SETTINGS
@given(st.integers(0, 2 ** 40))
def test_legal_plays_are_exactly_the_follow_rule(seed):
    def step(g):
        if g.phase() != "play":
            return
        hand = mask_ids(g.hands[g.to_act])
        legal = [parse(x) for x in g.legal_actions()]
        if not g.trick:
            assert sorted(legal) == sorted(hand)
            return
        led = led_suit(g.trick[0], g.trump)
        members = [t for t in hand if led in suits_of(t, g.trump)]
        assert sorted(legal) == sorted(members if members else hand)
    play_hands(seed, 3, step)


@SETTINGS
@given(st.integers(0, 2 ** 40), st.integers(0, 400))
def test_record_replays_to_the_same_record_and_state(seed, cut):
    g = play_hands(seed, 3)
    rec = g.record()
    r = replay(dumps(rec))
    assert dumps(r.record()) == dumps(rec)
    assert [dumps(r.view(s)) for s in range(3)] == [dumps(g.view(s)) for s in range(3)]
    assert r.totals() == g.totals() and r.winners() == g.winners() and r.phase() == g.phase()
    # A prefix of the record (a game in progress) replays to the state at that step.
    total = g.action_count()
    step = cut % (total + 1)
    part = replay(rec, step=step)
    assert part.action_count() == step
    again = Moon(3, names=["Ana", "Ben", "Cy"])
    done = 0
    for rnd in rec["rounds"]:
        if done == step and again.round_count():
            break
        again.start_round({"first": rnd["first"], "hands": rnd["hands"], "widow": rnd["widow"]})
        for a in rnd["actions"]:
            if done == step:
                break
            again.apply(a)
            done += 1
    assert [dumps(part.view(s)) for s in range(3)] == [dumps(again.view(s)) for s in range(3)]
    # The unfinished record replays and continues.
    unfinished = part.record()
    assert dumps(replay(unfinished).record()) == dumps(unfinished)


@settings(derandomize=True, deadline=None, max_examples=examples(3, 20))
@given(st.integers(0, 2 ** 40))
def test_whole_games_round_trip(seed):
    rng = Rng(seed)
    g = Moon(3)
    while not g.is_over():
        if g.current_seat() is None:
            g.start_round(g.new_deal(rng))
            continue
        g.apply(rng.choice(g.legal_actions()))
    rec = g.record()
    assert all("scores" in r for r in rec["rounds"])
    assert dumps(replay(rec).record()) == dumps(rec)
    assert len(g.winners()) == 1


@SETTINGS
@given(st.integers(0, 2 ** 40))
def test_from_view_with_the_true_hidden_tiles_is_the_same_game(seed):
    checked = []

    def step(g):
        if g.code == 0 or len(checked) > 6 or Rng(seed + g.action_count()).below(4):
            return
        seat = g.to_act
        for viewer in range(3):
            v = g.view(viewer)
            others = [[NAMES[t] for t in mask_ids(h)] for h in g.hands]
            hidden = None
            if g.phase() == "bidding" or g.bidder < 0:
                hidden = NAMES[g.widow]
            elif g.discard >= 0:
                hidden = NAMES[g.discard]
            s = Moon.from_view(v, others, hidden)
            assert s.current_seat() == seat
            assert s.legal_actions() == g.legal_actions()
            assert dumps(s.view(viewer)) == dumps(v)
            a, b = g.clone(), s
            ra, rb = Rng(seed), Rng(seed)
            while a.current_seat() is not None:
                moves = a.legal_moves()
                assert b.legal_moves() == moves
                k = ra.below(len(moves))
                a.apply_move(moves[k])
                b.apply_move(moves[rb.below(len(moves))])
            assert a.round_scores() == b.round_scores() and a.totals() == b.totals()
            assert a.winners() == b.winners()
        checked.append(1)
    play_hands(seed, 2, step)


def test_trump_codes_used_in_random_games_cover_every_choice():
    seen = set()

    def step(g):
        if g.phase() == "play":
            seen.add(g.trump)
    for seed in range(40):
        play_hands(seed, 3, step)
    assert seen == set(range(9)) and trump_code("none") in seen
