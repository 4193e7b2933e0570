"""The computer players' sampled worlds never contradict what the seat saw.

A hard player deals the tiles it cannot see into *worlds* and leans them
towards what the others' choices suggest (Moon's bids, Chicken Foot's draws
and passes).  Leaning is allowed; contradicting a fact is not.  These tests
check every world the players really sample (the samplers ``choose`` uses,
inference included) against the facts, read here straight from the view's
public history -- not from the samplers' own bookkeeping, which is what is
under test:

* the seat's own hand is its hand, hand sizes are the view's, every tile is
  in exactly one place;
* a tile played (or otherwise seen: the bidder's discard, the widow it took)
  is in no hand;
* Moon: a seat that did not follow the suit led holds no tile of that suit;
* Chicken Foot: a seat that drew or passed held no tile it could have played
  then -- so its hand now holds at most as many such tiles as it drew since.
"""

from hypothesis import given, settings, strategies as st

from sizes import examples

from engine.ai.cf_know import knowledge, sample
from engine.ai.moon_inference import sample_plausible
from engine.ai.moon_sampling import Knowledge
from engine.chickenfoot import ChickenFoot
from engine.moon import mask_ids, parse_moon_tile
from engine.moon_rules import LED, MOON_MASK, SUIT_MASK, trump_code
from engine.rng import Rng
from engine.tiles import parse
from tests import helpers

SETTINGS = settings(max_examples=examples(25, 300), derandomize=True, deadline=None)


def bits(names, parse_tile):
    m = 0
    for x in names:
        m |= 1 << parse_tile(x)
    return m


# -- Moon ----------------------------------------------------------------------------

def moon_facts(view):
    """``(seen, voids)`` from a Moon view alone: tiles no other hand can hold, and per seat
    the tiles it cannot hold because it failed to follow a suit."""
    seen = bits(view["hand"], parse_moon_tile)
    for key in ("discard", "widow"):
        if view.get(key) is not None:
            seen |= 1 << parse_moon_tile(view[key])
    voids = [0, 0, 0]
    tricks = [(t["leader"], t["tiles"]) for t in view["tricks"]]
    if view["trick"]:
        tricks.append((view["leader"], [p[1] for p in view["trick"]]))
    trump = trump_code(view["trump"]) if view["trump"] is not None else -1
    for leader, names in tricks:
        ids = [parse_moon_tile(x) for x in names]
        led = SUIT_MASK[trump][LED[trump][ids[0]]]
        for i in range(len(ids)):
            seen |= 1 << ids[i]
            if i and not led >> ids[i] & 1:
                voids[(leader + i) % 3] |= led
    return seen, voids


def check_moon_world(view, hands, hidden):
    seat = view["seat"]
    seen, voids = moon_facts(view)
    assert hands[seat] == bits(view["hand"], parse_moon_tile), "the seat's own hand"
    union = 0
    for s in range(3):
        assert bin(hands[s]).count("1") == view["hand_sizes"][s], "hand sizes"
        assert not union & hands[s], "a tile in two hands"
        union |= hands[s]
        if s != seat:
            assert not hands[s] & seen, "a tile played or seen is in another hand"
            assert not hands[s] & voids[s], "a tile of a suit that seat failed to follow"
    if hidden >= 0:
        assert not (union | seen) >> hidden & 1, "the tile out of play is nowhere else"
        union |= 1 << hidden
    # The 22 tiles: the hands, the tile out of play, and what was played or seen.
    assert union | seen == MOON_MASK


def moon_position(seed, cut):
    return helpers.random_position("moon", seed, cut, past_end="last")


@SETTINGS
@given(st.integers(0, 10 ** 6), st.integers(0, 30), st.booleans())
def test_moon_worlds_never_contradict_the_view(seed, cut, calibrated):
    # Either weighting of the bids (moon_inference.CALIBRATED) only chooses among true worlds.
    from engine.ai import moon_inference
    saved = moon_inference.CALIBRATED
    moon_inference.CALIBRATED = calibrated
    try:
        _check_moon_worlds(seed, cut)
    finally:
        moon_inference.CALIBRATED = saved


def _check_moon_worlds(seed, cut):
    g = moon_position(seed, cut)
    view = g.view(g.current_seat())
    k = Knowledge(view)
    rng = Rng(seed)
    for _ in range(6):
        hands, hidden = sample_plausible(k, rng)
        check_moon_world(view, hands, hidden)
        if view["phase"] == "bidding":
            # The bid samples a widow, then deals knowing it: still no contradiction.
            assert hidden >= 0
            kw = k.knowing(hidden)
            hands2, none = sample_plausible(kw, rng)
            assert none == -1
            check_moon_world(view, hands2, hidden)


def test_moon_worlds_keep_voids_read_from_the_history_after_bids():
    # Seat 0 bid 6 and named sixes; seat 1 discarded on a six lead: it has no six.
    deal = {"first": 0, "hands": [["6-6", "6-5", "6-4", "6-3", "5-5", "4-4", "2-1"],
                                  ["5-4", "5-3", "4-3", "3-3", "2-2", "1-1", "3-1"],
                                  ["6-1", "5-2", "5-1", "4-2", "4-1", "3-2", "6-2"]], "widow": "0-0"}
    from engine.moon import Moon
    g = Moon(3)
    g.start_round(deal)
    for a in ["6", "pass", "pass", "discard 2-1", "trump 6", "6-6", "1-1"]:
        g.apply(a)
    view = g.view(2)
    _, voids = moon_facts(view)
    assert voids[1] == SUIT_MASK[6][LED[6][parse_moon_tile("6-6")]]
    k = Knowledge(view)
    rng = Rng(5)
    sixes = 0
    for _ in range(100):
        hands, hidden = sample_plausible(k, rng)
        check_moon_world(view, hands, hidden)
        sixes += bin(hands[0] & voids[1]).count("1")
    # The inference leans: the bidder of 6 in sixes is dealt the sixes seat 1 cannot hold.
    assert sixes > 100


# -- Chicken Foot ----------------------------------------------------------------------

def cf_facts(view):
    """Per other seat, ``[(playable mask, draws since)]`` for each draw or pass in the history:
    at that moment the seat held no playable tile (for a draw: none before drawing; if it then
    passed, not the drawn tile either).  Also the mask of the tiles on the table."""
    table = ChickenFoot(view["players"], view["options"], log=False)
    table.start_table(view["round"])
    events = []            # [seat, mask, index of the event in the history]
    history = view["history"]
    for i in range(len(history)):
        s, action = history[i][0], history[i][1]
        if action == "draw":
            events.append([s, table.playable_mask(), i])
        elif action == "pass":
            events.append([s, table.playable_mask(), i])
        else:
            parts = action.split(">")
            table.attach(parse(parts[0]), parse(parts[1]))
    out = []
    for s, mask, i in events:
        # Tiles that can have joined the hand since: the draws after this turn
        # (a draw answered by a play played the drawn tile; one answered by a
        # pass is the pass's event, which covers the drawn tile too).
        j = i + 1
        if history[i][1] == "draw" and j < len(history) and history[j][0] == s:
            j += 1
        later = 0
        for item in history[j:]:
            if item[0] == s and item[1] == "draw":
                later += 1
        out.append((s, mask, later))
    on_table = 0
    for entry in view["table"]:
        on_table |= 1 << parse(entry["tile"])
    return out, on_table


def check_cf_world(view, hands, yard):
    seat = view["seat"]
    events, on_table = cf_facts(view)
    assert hands[seat] == bits(view["hand"], parse), "the seat's own hand"
    union = on_table
    for s in range(view["players"]):
        assert bin(hands[s]).count("1") == view["hand_sizes"][s], "hand sizes"
        assert not union & hands[s], "a tile on the table or in two hands"
        union |= hands[s]
    assert len(yard) == view["yard_size"]
    for t in yard:
        assert not union >> t & 1, "a yard tile elsewhere"
        union |= 1 << t
    assert union == (1 << 55) - 1
    for s, mask, later in events:
        if s != seat:
            held = bin(hands[s] & mask).count("1")
            assert held <= later, "seat %d holds %d tiles it could have played when it drew or passed" % (s, held)


@SETTINGS
@given(st.integers(2, 8), st.integers(0, 2 ** 40), st.integers(0, 80))
def test_chicken_foot_worlds_never_contradict_the_view(players, seed, steps):
    g = helpers.random_position("chicken-foot", seed, steps, players)
    if g is None:
        return
    view = g.view(g.current_seat())
    # The facts hold of the truth (the check itself is sound)...
    check_cf_world(view, g.hands, g.yard[g.ypos:])
    # ...and of every world the hard player samples.
    k = knowledge(view)
    rng = Rng(seed)
    for _ in range(6):
        hands, yard = sample(k, rng)
        check_cf_world(view, hands, yard)


def test_chicken_foot_positions_with_draws_and_passes_are_covered():
    # The property above meets draws and passes often (not only empty histories).
    found = 0
    for seed in range(60):
        g = helpers.random_position("chicken-foot", seed, 40, 4)
        if g is None:
            continue
        events, _ = cf_facts(g.view(g.current_seat()))
        if any(later == 0 and mask for s, mask, later in events):
            found += 1
    assert found >= 40
