"""Property tests over many seeded random Chicken Foot games (hypothesis, derandomized)."""

import pytest
from hypothesis import given, settings, strategies as st

from sizes import examples

from engine import tiles
from engine.chickenfoot import ALL_TILES, ChickenFoot, move_name
from engine.game import GameError, IllegalAction
from engine.record import dumps, replay
from engine.rng import Rng

SETTINGS = settings(max_examples=examples(15, 200), derandomize=True, deadline=None)


@st.composite
def setups(draw):
    players = draw(st.integers(2, 8))
    options = {}
    if draw(st.booleans()):
        options["spokes"] = draw(st.integers(players, 8))
    if draw(st.booleans()):
        options["yard_reserve"] = draw(st.integers(0, 4))
    if draw(st.booleans()):
        options["double_blank_50"] = draw(st.booleans())
    seed = draw(st.integers(0, 2 ** 40))
    return players, options, seed


def accounted(g):
    """Every one of the 55 tiles exactly once: hands, undrawn yard, table."""
    masks = list(g.hands) + [g.table]
    for t in g.yard[g.ypos:]:
        masks.append(1 << t)
    union = 0
    total = 0
    for m in masks:
        assert union & m == 0, "a tile is in two places"
        union |= m
        total += bin(m).count("1")
    assert union == ALL_TILES and total == 55
    v = g.view(0)
    assert sum(v["hand_sizes"]) + v["yard_size"] + len(v["table"]) == 55


def open_feet(g):
    table = g.view(0)["table"]
    return [e["tile"] for e in table if e["double"] and e["parent"] is not None and e["toes"] < 3]


def snapshot(g):
    return dumps(g.record()), [dumps(g.view(s)) for s in range(g.players)]


def near_misses(g, rng):
    """Actions close to legal ones that are not legal."""
    legal = g.legal_actions()
    seat = g.current_seat()
    hand = g.view(seat)["hand"]
    table = [e["tile"] for e in g.view(seat)["table"]]
    out = []
    for a in ["draw", "pass"]:
        if a not in legal:
            out.append(a)
    for _ in range(6):
        out.append(rng.choice(hand + table + ["0-0"]) + ">" + rng.choice(table))
    for a in legal:
        if ">" in a:
            tile, target = a.split(">")
            out.append(target + ">" + tile)
            out.append(tile + ">" + rng.choice(table))
            out.append(rng.choice(hand) + ">" + target)
    return [a for a in out if a not in legal]


def play_checked(g, rng, max_rounds):
    """Random play with every invariant checked at every step."""
    rounds = 0
    while not g.is_over():
        if g.current_seat() is None:
            if rounds == max_rounds:
                break
            g.start_round(g.new_deal(rng))
            rounds += 1
            continue
        accounted(g)
        assert len(open_feet(g)) <= 1
        legal = g.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        assert sorted(move_name(m) for m in g.legal_moves()) == sorted(legal)
        # Every legal action applies.
        for a in legal:
            c = g.clone()
            c.apply(a)
        # Near misses are refused and change nothing.
        # (A change left by any refusal would survive to the one comparison.)
        before = snapshot(g)
        misses = near_misses(g, rng)
        for i in range(min(len(misses), 5)):
            a = misses[rng.below(len(misses))]
            try:
                g.apply(a)
            except IllegalAction as exc:
                assert str(exc)
            else:
                raise AssertionError("%s was accepted but is not in %s" % (a, legal))
        assert snapshot(g) == before
        g.apply(legal[rng.below(len(legal))])
    return g


@pytest.mark.slow
@settings(max_examples=examples(15, 200), derandomize=True, deadline=None)
@given(setups())
def test_random_games_keep_every_invariant(setup):
    players, options, seed = setup
    rng = Rng(seed)
    g = play_checked(ChickenFoot(players, options), rng, 1)
    accounted(g)
    # The round is over: scores are pip totals (0 for one who went out).
    for scores in g.round_scores():
        assert len(scores) == players and all(s >= 0 for s in scores)
    if g.view(0)["went_out"] is not None:
        assert g.round_scores()[-1][g.view(0)["went_out"]] == 0
    else:
        assert g.yard_size() <= g.reserve


@SETTINGS
@given(setups(), st.lists(st.text(max_size=12), min_size=1, max_size=8))
def test_random_strings_are_refused_or_legal(setup, texts):
    players, options, seed = setup
    rng = Rng(seed)
    g = ChickenFoot(players, options)
    g.start_round(g.new_deal(rng))
    for _ in range(rng.below(30)):
        if g.current_seat() is None:
            break
        g.apply(rng.choice(g.legal_actions()))
    if g.current_seat() is None:
        return
    legal = g.legal_actions()
    for text in texts:
        before = snapshot(g)
        try:
            g.apply(text)
        except IllegalAction:
            assert snapshot(g) == before
        else:
            assert text.strip() in legal or g.record()["rounds"][-1]["actions"][-1] in legal
            return


@SETTINGS
@given(setups())
def test_record_replay_round_trip(setup):
    players, options, seed = setup
    rng = Rng(seed)
    g = ChickenFoot(players, options)
    # A whole match for small games, a part of one otherwise (speed).
    limit = 10 if players >= 6 else 3
    while not g.is_over() and g.round_count() <= limit:
        if g.current_seat() is None:
            if g.round_count() == limit:
                break
            g.start_round(g.new_deal(rng))
            continue
        g.apply(rng.choice(g.legal_actions()))
    # Stop somewhere inside the last round too.
    if g.current_seat() is None and not g.is_over():
        g.start_round(g.new_deal(rng))
        for _ in range(rng.below(40)):
            if g.current_seat() is None:
                break
            g.apply(rng.choice(g.legal_actions()))
    text = dumps(g.record())
    r = replay(text)
    assert dumps(r.record()) == text
    for s in range(players):
        assert r.view(s) == g.view(s)
    assert r.totals() == g.totals() and r.phase() == g.phase()
    assert r.legal_actions() == g.legal_actions()
    # Replaying to a step gives the state reached after that many actions.
    step = rng.below(g.action_count() + 1)
    part = replay(text, step=step)
    assert part.action_count() == step
    assert dumps(part.record()) == dumps(replay_prefix(g.record(), step))


def replay_prefix(rec, step):
    """The record cut after ``step`` actions (rounds not reached dropped)."""
    out = dict(rec)
    rounds = []
    left = step
    for r in rec["rounds"]:
        if left < len(r["actions"]):
            cut = dict(r)
            cut["actions"] = r["actions"][:left]
            cut.pop("scores", None)
            rounds.append(cut)
            break
        rounds.append(r)
        left -= len(r["actions"])
        if left == 0:
            break      # replay keeps the state right after that action
    out["rounds"] = rounds
    return replay(out).record()


@SETTINGS
@given(setups())
def test_playout_equals_the_generic_loop(setup):
    players, options, seed = setup
    rng = Rng(seed)
    g = ChickenFoot(players, options, log=False)
    for _ in range(3):
        if g.is_over():
            break
        g.deal_fast(rng)
        for _ in range(rng.below(20)):
            if g.current_seat() is None:
                break
            moves = g.legal_moves()
            g.apply_move(moves[rng.below(len(moves))])
        a, b = g.clone(), g.clone()
        ra, rb = Rng(seed + 1), Rng(seed + 1)
        a.playout(ra)
        while b.current_seat() is not None:
            moves = b.legal_moves()
            b.apply_move(moves[rb.below(len(moves))])
        assert ra.state == rb.state
        for s in range(players):
            assert a.view(s) == b.view(s)
        assert a.round_scores() == b.round_scores()
        g = a


@SETTINGS
@given(setups())
def test_deal_fast_equals_start_round_of_new_deal(setup):
    players, options, seed = setup
    a = ChickenFoot(players, options)
    b = ChickenFoot(players, options, log=False)
    a.start_round(a.new_deal(Rng(seed)))
    b.deal_fast(Rng(seed))
    for s in range(players):
        assert a.view(s) == b.view(s)


@SETTINGS
@given(setups())
def test_views_do_not_depend_on_hidden_tiles(setup):
    players, options, seed = setup
    rng = Rng(seed)
    g = ChickenFoot(players, options)
    g.start_round(g.new_deal(rng))
    for _ in range(rng.below(60)):
        if g.current_seat() is None:
            break
        g.apply(rng.choice(g.legal_actions()))
    viewer = rng.below(players)
    if g.phase() == "play" and g.drawn >= 0 and g.current_seat() != viewer:
        g.apply(g.legal_actions()[0])    # finish that turn: its drawn tile is hidden
    if g.phase() == "play" and g.drawn >= 0 and g.current_seat() != viewer:
        return
    v = g.view(viewer)
    # Deal the unseen tiles out again at random, keeping every size.
    unseen = []
    for s in range(players):
        if s != viewer:
            unseen += g.view(s)["hand"]
    unseen += [tiles.name(t) for t in g.yard[g.ypos:]]
    rng.shuffle(unseen)
    others = []
    k = 0
    for s in range(players):
        if s == viewer:
            others.append(None)
        else:
            n = v["hand_sizes"][s]
            others.append(unseen[k:k + n])
            k += n
    h = ChickenFoot.from_view(v, others, unseen[k:])
    assert h.view(viewer) == v
    if g.current_seat() == viewer:
        assert h.legal_actions() == g.legal_actions()


def test_from_view_rejects_tiles_that_do_not_add_up():
    g = ChickenFoot(3)
    g.start_round(g.new_deal(Rng(1)))
    v = g.view(0)
    others = [None, g.view(1)["hand"], g.view(2)["hand"]]
    yard = [tiles.name(t) for t in g.yard]
    ChickenFoot.from_view(v, others, yard)
    try:
        ChickenFoot.from_view(v, others, yard[:-1] + [v["hand"][0]])
    except GameError:
        pass
    else:
        raise AssertionError("a tile counted twice was accepted")
