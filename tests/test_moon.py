"""Three-Player Moon scenarios: one test (at least) per rule and Decision of RULES.md."""

import pytest

from engine.game import GameError, IllegalAction, RecordError
from bench.moon_fast import Draws, playout
from engine.moon import Moon, mask_ids, shuffled_tiles
from engine.moon_rules import MOON_TILES
from engine.record import dumps, replay
from engine.rng import Rng
from engine.tiles import NAMES

# A deal where hand A wins every trick with sixes trump: the six sixes and 1-1.
A = ["6-6", "6-5", "6-4", "6-3", "6-2", "6-1", "1-1"]
B = ["5-5", "5-4", "5-3", "5-2", "5-1", "4-4", "4-3"]
C = ["4-2", "4-1", "3-3", "3-2", "3-1", "2-2", "2-1"]
W = "0-0"

# Found by random play, checked by hand: seat 2 bids 4 with no trumps and wins
# 1 trick; seats 0 and 1 win 3 each.
TIE_HANDS = [["6-5", "6-2", "5-2", "4-3", "3-1", "2-2", "0-0"],
             ["6-4", "6-1", "5-5", "5-4", "4-4", "4-1", "3-2"],
             ["6-6", "6-3", "5-3", "5-1", "4-2", "2-1", "1-1"]]
TIE_WIDOW = "3-3"
TIE_PLAY = ["discard 5-1", "trump none", "6-6", "6-2", "6-4", "2-1", "2-2", "3-2", "6-5", "6-1", "6-3",
            "4-3", "4-1", "4-2", "5-2", "5-5", "5-3", "4-4", "1-1", "3-1", "5-4", "3-3", "0-0"]
# Seat 2 bids 4 with no trumps: seat 0 wins 4 tricks, seat 1 two, seat 2 one.
LEAD_HANDS = [["6-5", "6-3", "6-2", "5-5", "5-4", "4-4", "4-2"],
              ["6-6", "6-4", "6-1", "5-3", "3-3", "2-1", "1-1"],
              ["5-2", "4-3", "4-1", "3-2", "3-1", "2-2", "0-0"]]
LEAD_WIDOW = "5-1"
LEAD_PLAY = ["discard 0-0", "trump none", "4-3", "4-2", "6-4", "3-3", "3-2", "6-3", "2-1", "2-2", "6-2",
             "4-1", "5-4", "6-6", "4-4", "1-1", "5-1", "5-5", "5-3", "5-2", "6-5", "6-1", "3-1"]


def deal(first, hands, widow):
    return {"first": first, "hands": [list(h) for h in hands], "widow": widow}


def started(first=0, hands=(A, B, C), widow=W):
    g = Moon(3)
    g.start_round(deal(first, hands, widow))
    return g


def play(g, actions):
    for a in actions:
        g.apply(a)
    return g


def bids_for(first, wanted):
    """The bidding actions in turn order from ``first``; ``wanted`` maps seat -> bid."""
    out = []
    for k in range(3):
        out.append(wanted.get((first + k) % 3, "pass"))
    return out


def play_first_legal(g):
    while g.current_seat() is not None:
        g.apply(g.legal_actions()[0])
    return g


def snapshot(g):
    return (dumps(g.record()), g.phase(), g.current_seat(), g.legal_actions(), g.totals(),
            [dumps(g.view(s)) for s in range(3)])


def assert_refused(g, action, reason):
    before = snapshot(g)
    with pytest.raises(IllegalAction) as err:
        g.apply(action)
    assert reason in str(err.value)
    assert snapshot(g) == before


# -- players, options, the deal --------------------------------------------------

@pytest.mark.parametrize("players", [0, 1, 2, 4, 8])
def test_only_three_players(players):
    with pytest.raises(GameError) as err:
        Moon(players)
    assert "exactly 3 players" in str(err.value)


def test_a_record_with_four_players_is_invalid():
    with pytest.raises(RecordError) as err:
        replay({"format": "domino-record/1", "game": "moon", "players": 4, "rounds": []})
    assert "exactly 3 players" in str(err.value)


def test_moon_has_no_options():
    assert Moon(3).options == {}
    with pytest.raises(GameError) as err:
        Moon(3, {"spokes": 3})
    assert "unknown option 'spokes'" in str(err.value)


def test_new_deal_is_seven_seven_seven_and_a_widow():
    g = Moon(3)
    d = g.new_deal(Rng(11))
    assert sorted(d) == ["first", "hands", "widow"]
    assert [len(h) for h in d["hands"]] == [7, 7, 7]
    tiles = d["hands"][0] + d["hands"][1] + d["hands"][2] + [d["widow"]]
    assert sorted(tiles) == sorted(NAMES[x] for x in MOON_TILES)


def test_first_bidder_random_then_rotating():
    firsts = set()
    for seed in range(30):
        firsts.add(Moon(3).new_deal(Rng(seed))["first"])
    assert firsts == {0, 1, 2}
    g = Moon(3)
    rng = Rng(3)
    d0 = g.new_deal(rng)
    seq = []
    for k in range(6):
        d = g.new_deal(rng) if k else d0
        assert d["first"] == (d0["first"] + k) % 3
        g.start_round(d)
        seq.append(d["first"])
        play(g, ["pass", "pass", "pass"])     # all pass: the hand still counts for the rotation
    assert seq == [(d0["first"] + k) % 3 for k in range(6)]


def test_new_deal_is_reproducible_and_varies():
    assert Moon(3).new_deal(Rng(5)) == Moon(3).new_deal(Rng(5))
    assert Moon(3).new_deal(Rng(5))["hands"] != Moon(3).new_deal(Rng(6))["hands"]


def test_shuffle_reaches_every_position():
    rng = Rng(1)
    where = {}
    for _ in range(600):
        tiles = shuffled_tiles(rng)
        assert sorted(tiles) == sorted(MOON_TILES)
        where.setdefault(tiles[0], set()).add(tiles.index(tiles[0]))
        for i in range(22):
            where.setdefault(tiles[i], set()).add(i)
    assert all(len(where[x]) == 22 for x in MOON_TILES)


def test_deal_fast_matches_new_deal():
    a, b = Moon(3, log=False), Moon(3)
    ra, rb = Rng(9), Rng(9)
    for _ in range(4):
        a.deal_fast(ra)
        b.start_round(b.new_deal(rb))
        assert a.hands == b.hands and a.widow == b.widow and a.first == b.first
        for g in (a, b):
            play(g, ["pass", "pass", "pass"])


BAD_DEALS = [
    (lambda d: d.update(hands=d["hands"][:2]), "hands must be a list of 3"),
    (lambda d: d["hands"][1].pop(), "hand 1 must be a list of 7 tiles"),
    (lambda d: d["hands"][0].append("0-0"), "hand 0 must be a list of 7 tiles"),
    (lambda d: d["hands"][2].__setitem__(0, "6-6"), "tile 6-6 is dealt twice"),
    (lambda d: d.update(widow="2-1"), "tile 2-1 is dealt twice"),
    (lambda d: d.update(widow="6-0"), "not in the Moon set"),
    (lambda d: d["hands"][0].__setitem__(3, "7-1"), "not in a double-6 set"),
    (lambda d: d["hands"][0].__setitem__(3, "x"), "is not a tile"),
    (lambda d: d["hands"][0].__setitem__(3, 5), "is written as text"),
    (lambda d: d.update(first=3), "first must be a seat 0, 1 or 2"),
    (lambda d: d.update(first=True), "first must be a seat"),
    (lambda d: d.pop("widow"), "no 'widow'"),
    (lambda d: d.update(hands="6-6"), "hands must be a list"),
]


@pytest.mark.parametrize("spoil,reason", BAD_DEALS)
def test_invalid_deals_are_rejected_and_change_nothing(spoil, reason):
    g = Moon(3)
    d = deal(0, (A, B, C), W)
    spoil(d)
    with pytest.raises(GameError) as err:
        g.start_round(d)
    assert reason in str(err.value)
    assert g.phase() == "not-dealt" and g.record()["rounds"] == [] and g.view(0)["hand"] == []


def test_first_must_follow_the_rotation():
    g = started(first=1)
    play(g, ["pass", "pass", "pass"])
    for wrong in [0, 1]:
        with pytest.raises(GameError) as err:
            g.start_round(deal(wrong, (A, B, C), W))
        assert "first must be seat 2 in hand 1" in str(err.value)
    assert g.phase() == "round-over" and g.round_count() == 1
    g.start_round(deal(2, (A, B, C), W))
    assert g.current_seat() == 2


def test_no_deal_while_a_hand_is_in_progress():
    g = started()
    g.apply("4")
    with pytest.raises(GameError) as err:
        g.start_round(deal(1, (A, B, C), W))
    assert "not finished" in str(err.value)


def test_tiles_in_either_order_are_accepted_and_written_high_first():
    g = started(hands=([x[::-1] for x in A], B, C), widow="0-0")
    assert g.record()["rounds"][0]["hands"][0] == A


# -- bidding -------------------------------------------------------------------------

def test_bidding_starts_with_first_and_goes_clockwise():
    g = started(first=2)
    assert g.phase() == "bidding" and g.current_seat() == 2
    assert g.legal_actions() == ["pass", "4", "5", "6", "7", "21"]
    g.apply("pass")
    assert g.current_seat() == 0
    g.apply("5")
    assert g.current_seat() == 1
    assert g.legal_actions() == ["pass", "6", "7", "21"]


def test_bids_must_rise():
    g = play(started(), ["5"])
    assert_refused(g, "5", "bid must be higher than 5")
    assert_refused(g, "4", "bid must be higher than 5")
    g.apply("7")
    assert g.legal_actions() == ["pass", "21"]
    assert_refused(g, "6", "bid must be higher than 7")


@pytest.mark.parametrize("junk", ["8", "3", "22", "pass ", "PASS", "bid 4", "6-6", "discard 6-6", "trump 6", ""])
def test_junk_bids_are_refused(junk):
    assert_refused(started(), junk, "in the bidding the actions are pass, 4, 5, 6, 7 or 21, not '%s'" % junk)


def test_one_chance_each():
    g = play(started(), ["pass", "5", "6"])
    # Seat 0 passed first; it does not get a second chance: seat 2's 6 wins.
    assert g.phase() == "discard" and g.current_seat() == 2
    assert g.view(0)["bidder"] == 2 and g.view(0)["bid"] == 6
    g = play(started(), ["4", "pass", "pass"])
    assert g.phase() == "discard" and g.current_seat() == 0
    assert g.view(1)["bids"] == [[0, "4"], [1, "pass"], [2, "pass"]]


def test_a_bid_of_21_ends_the_bidding_at_once():
    g = play(started(first=1), ["21"])
    assert g.phase() == "discard" and g.current_seat() == 1
    assert g.view(1)["bids"] == [[1, "21"]]
    g = play(started(first=1), ["7", "21"])
    assert g.phase() == "discard" and g.current_seat() == 2
    assert g.view(0)["bids"] == [[1, "7"], [2, "21"]]


def test_all_pass_scores_zero_and_the_next_hand_moves_the_first_bidder():
    g = play(started(first=2), ["pass", "pass", "pass"])
    assert g.phase() == "round-over" and g.current_seat() is None
    assert g.legal_actions() == [] and g.round_scores() == [[0, 0, 0]] and g.totals() == [0, 0, 0]
    assert not g.is_over() and g.winners() == []
    assert_refused(g, "4", "the hand is over")
    assert g.new_deal(Rng(1))["first"] == 0
    rec = g.record()
    assert rec["rounds"][0]["scores"] == [0, 0, 0]
    assert dumps(replay(rec).record()) == dumps(rec)
    g.start_round(deal(0, (A, B, C), W))
    assert g.current_seat() == 0 and g.phase() == "bidding"


# -- widow, discard, trumps ----------------------------------------------------------

def test_the_bidder_takes_the_widow_and_may_discard_it():
    g = play(started(first=1), ["pass", "pass", "4"])
    assert g.current_seat() == 0
    v = g.view(0)
    assert v["widow"] == "0-0" and len(v["hand"]) == 8 and "0-0" in v["hand"]
    assert g.legal_actions() == ["discard " + x for x in A + ["0-0"]]
    assert g.view(1)["widow"] is None and g.view(1)["hand_sizes"] == [8, 7, 7]
    assert_refused(g, "discard 5-5", "you do not hold 5-5")
    assert_refused(g, "discard 6-0", "not in the Moon set")
    assert_refused(g, "6-6", "must discard one of their 8 tiles")
    g.apply("discard 0-0")
    assert g.phase() == "trump" and g.current_seat() == 0
    assert g.view(0)["hand"] == A and g.view(0)["discard"] == "0-0"
    assert g.view(1)["discard"] is None and g.view(2)["widow"] is None


def test_discard_is_out_of_play():
    g = play(started(), ["4", "pass", "pass", "discard 6-6", "trump 5"])
    assert "6-6" not in g.legal_actions()
    assert_refused(g, "6-6", "you do not hold 6-6")
    assert "0-0" in g.legal_actions()      # the widow joined the hand


def test_naming_trumps():
    g = play(started(), ["4", "pass", "pass", "discard 0-0"])
    assert g.legal_actions() == ["trump %s" % x for x in ["0", "1", "2", "3", "4", "5", "6", "doubles", "none"]]
    for junk in ["trump 7", "trump", "trump Doubles", "trumps 5", "5", "none"]:
        assert_refused(g, junk, "")
    assert_refused(g, "trump 7", "trumps are a number 0-6, 'doubles' or 'none'")
    g.apply("trump doubles")
    assert g.phase() == "play" and g.view(2)["trump"] == "doubles"


def test_the_bidder_leads_the_first_trick():
    g = play(started(first=0), ["pass", "5", "pass", "discard 0-0", "trump 4"])
    assert g.current_seat() == 1 and g.view(0)["leader"] == 1


# -- play --------------------------------------------------------------------------

def test_follow_suit_message_and_free_choice_when_void():
    hands = [["5-4", "6-6", "6-5", "6-4", "6-3", "6-2", "6-1"],
             ["5-3", "4-4", "4-3", "3-3", "2-2", "2-1", "1-1"],
             ["5-5", "5-2", "5-1", "4-2", "4-1", "3-2", "3-1"]]
    g = play(started(hands=hands, widow="0-0"), ["4", "pass", "pass", "discard 0-0", "trump none", "5-4"])
    # 5-4 calls fives; seat 1's only five is 5-3.
    assert g.legal_actions() == ["5-3"]
    assert_refused(g, "4-4", "you must follow suit 5: you hold 5-3")
    assert_refused(g, "3-1", "you do not hold 3-1")
    assert_refused(g, "it is my turn", "is not a tile")
    g.apply("5-3")
    assert g.legal_actions() == ["5-5", "5-2", "5-1"]
    assert_refused(g, "4-2", "you must follow suit 5: you hold 5-5, 5-2, 5-1")
    g.apply("5-5")
    v = g.view(0)
    assert v["tricks"] == [{"leader": 0, "tiles": ["5-4", "5-3", "5-5"], "winner": 2}]
    assert v["tricks_won"] == [0, 0, 1] and g.current_seat() == 2     # the winner leads next


def test_a_led_five_three_calls_fives_and_six_five_must_follow():
    hands = [["5-3", "4-4", "4-3", "3-3", "2-2", "2-1", "1-1"],
             ["6-5", "6-6", "6-4", "6-3", "4-2", "4-1", "3-1"],
             ["5-5", "5-4", "5-2", "5-1", "6-2", "6-1", "3-2"]]
    g = play(started(hands=hands, widow="0-0"), ["4", "pass", "pass", "discard 0-0", "trump none", "5-3"])
    assert g.legal_actions() == ["6-5"]
    assert_refused(g, "6-6", "you must follow suit 5: you hold 6-5")
    g.apply("6-5")
    g.apply("5-2")
    assert g.view(0)["tricks"][0]["winner"] == 1      # 6-5 ranks above 5-3 and 5-2 in fives


def test_a_tile_with_the_trump_number_is_only_a_trump():
    hands = [["5-5", "4-4", "4-3", "3-3", "2-2", "2-1", "1-1"],
             ["5-3", "6-6", "6-4", "6-3", "4-2", "4-1", "3-1"],
             ["5-4", "6-5", "5-2", "5-1", "6-2", "6-1", "3-2"]]
    g = play(started(hands=hands, widow="0-0"), ["4", "pass", "pass", "discard 0-0", "trump 3", "5-5"])
    # Seat 1's 5-3 is a trump, not a five: seat 1 is void in fives and may play anything.
    assert sorted(g.legal_actions()) == sorted(["5-3", "6-6", "6-4", "6-3", "4-2", "4-1", "3-1"])
    g.apply("5-3")
    assert g.legal_actions() == ["6-5", "5-4", "5-2", "5-1"]    # seat 2 follows fives
    g.apply("6-5")
    assert g.view(0)["tricks"][0]["winner"] == 1           # the trump wins
    # A trump lead calls trumps: seat 2 must play 3-2, its only trump.
    g.apply("6-3")
    g.apply("3-2")
    assert g.legal_actions() == ["4-3", "3-3"]
    assert_refused(g, "1-1", "you must follow trumps: you hold 4-3, 3-3")


def test_doubles_trump_a_led_double_calls_trumps_and_four_two_does_not_follow():
    hands = [["4-4", "6-5", "6-4", "6-3", "6-2", "6-1", "5-4"],
             ["4-2", "5-3", "5-2", "5-1", "4-3", "4-1", "3-2"],
             ["1-1", "6-6", "5-5", "3-3", "2-2", "3-1", "2-1"]]
    g = play(started(hands=hands, widow="0-0"), ["4", "pass", "pass", "discard 0-0", "trump doubles", "4-4"])
    assert g.view(1)["trick"] == [[0, "4-4"]]
    assert len(g.legal_actions()) == 7                      # no doubles: free choice, 4-2 included
    g.apply("4-2")
    assert g.legal_actions() == ["6-6", "5-5", "3-3", "2-2", "1-1"]
    assert_refused(g, "3-1", "you must follow trumps")
    g.apply("1-1")
    assert g.view(0)["tricks"][0]["winner"] == 0            # 4-4 beats 1-1; 4-2 is no trump
    # A plain lead: 6-5 calls sixes; the doubles are not sixes.
    g.apply("6-5")
    assert g.legal_actions() == ["5-3", "5-2", "5-1", "4-3", "4-1", "3-2"]   # void in sixes
    g.apply("5-3")
    assert "6-6" in g.legal_actions()
    g.apply("2-2")
    assert g.view(0)["tricks"][1]["winner"] == 2            # the lowest trump beats 6-5


def test_no_trump_the_highest_of_the_suit_led_wins():
    hands = [["2-1", "6-5", "6-4", "6-3", "6-2", "6-1", "5-4"],
             ["6-6", "5-3", "5-2", "5-1", "4-3", "4-1", "3-2"],
             ["2-2", "1-1", "5-5", "3-3", "4-4", "3-1", "4-2"]]
    g = play(started(hands=hands, widow="0-0"), ["4", "pass", "pass", "discard 0-0", "trump none", "2-1"])
    assert g.legal_actions() == ["5-2", "3-2"]     # 5-2 is a two as well as a five
    g.apply("3-2")
    g.apply("2-2")
    assert g.view(0)["tricks"][0]["winner"] == 2
    g.apply("4-4")
    g.apply("6-4")
    g.apply("4-3")
    assert g.view(0)["tricks"][1]["winner"] == 2
    g.apply("1-1")
    g.apply("6-1")
    g.apply("5-1")
    assert g.view(0)["tricks"][2]["winner"] == 2


def test_trump_zero_is_a_one_tile_trump_suit():
    hands = [["6-6", "6-5", "6-4", "6-3", "6-2", "6-1", "1-1"],
             ["5-5", "5-4", "5-3", "5-2", "5-1", "4-4", "4-3"],
             ["4-2", "4-1", "3-3", "3-2", "3-1", "2-2", "0-0"]]
    g = play(started(hands=hands, widow="2-1"), ["7", "pass", "pass", "discard 2-1", "trump 0", "6-6"])
    g.apply("5-5")
    assert "0-0" in g.legal_actions() and len(g.legal_actions()) == 7
    g.apply("0-0")
    assert g.view(0)["tricks"][0]["winner"] == 2
    assert g.current_seat() == 2


def test_all_seven_tricks_are_played_even_when_the_bid_is_decided():
    g = play(started(), ["4", "pass", "pass", "discard 0-0", "trump 6"])
    for _ in range(4 * 3):
        g.apply(g.legal_actions()[0])
    assert g.view(0)["tricks_won"][0] == 4 and g.phase() == "play"
    play_first_legal(g)
    assert len(g.view(0)["tricks"]) == 7


# -- scoring and the end of the game -------------------------------------------------

def test_overtricks_score_nothing():
    g = play_first_legal(play(started(), ["4", "pass", "pass", "discard 0-0", "trump 6"]))
    assert g.view(0)["tricks_won"] == [7, 0, 0]
    assert g.round_scores() == [[4, 0, 0]] and g.phase() == "round-over"


def test_a_bid_made_exactly_scores_the_bid_and_the_others_their_tricks():
    # Seat 2 bids 5 with fours trump and wins exactly 5 (checked by hand, trick by trick).
    hands = [["6-2", "6-1", "5-1", "4-2", "3-2", "2-2", "1-1"],
             ["6-6", "6-3", "5-5", "5-2", "4-3", "3-3", "0-0"],
             ["6-5", "6-4", "5-4", "5-3", "4-4", "4-1", "3-1"]]
    line = ["discard 6-5", "trump 4", "5-3", "5-1", "5-2", "5-4", "4-2", "4-3", "2-1", "2-2", "5-5", "3-2",
            "3-3", "3-1", "6-3", "6-4", "6-1", "4-1", "6-2", "6-6", "4-4", "1-1", "0-0"]
    g = play(started(hands=hands, widow="2-1"), ["pass", "pass", "5"] + line)
    assert [tr["winner"] for tr in g.view(0)["tricks"]] == [2, 2, 0, 1, 2, 2, 2]
    assert g.round_scores() == [[1, 1, 5]]


def test_bid_seven_made():
    g = play_first_legal(play(started(), ["7", "pass", "pass", "discard 0-0", "trump 6"]))
    assert g.round_scores() == [[7, 0, 0]]


def test_a_failed_bidder_loses_the_bid_and_the_others_score_their_tricks():
    g = play(started(hands=TIE_HANDS, widow=TIE_WIDOW), ["pass", "pass", "4"] + TIE_PLAY)
    assert g.view(0)["tricks_won"] == [3, 3, 1]
    assert g.round_scores() == [[3, 3, -4]] and g.totals() == [3, 3, -4]


def test_a_failed_bid_of_4_with_one_trick():
    g = play(started(hands=LEAD_HANDS, widow=LEAD_WIDOW), ["pass", "pass", "4"] + LEAD_PLAY)
    assert g.view(0)["tricks_won"] == [4, 2, 1]
    assert g.round_scores() == [[4, 2, -4]]


def test_a_failed_21():
    g = play_first_legal(play(started(hands=(C, A, B)), ["21", "discard 0-0", "trump 6"]))
    assert g.view(0)["tricks_won"][0] < 7
    assert g.round_scores()[0][0] == -21 and not g.is_over()


def test_a_made_21_wins_at_once():
    g = play_first_legal(play(started(first=2, hands=(B, C, A)), ["21", "discard 0-0", "trump 6"]))
    assert g.round_scores() == [[0, 0, 21]]
    assert g.is_over() and g.phase() == "game-over" and g.winners() == [2]
    with pytest.raises(GameError) as err:
        g.start_round(deal(0, (A, B, C), W))
    assert "the game is over" in str(err.value)
    assert_refused(g, "6-6", "the game is over")


def tie_hand(g, k):
    """Hand k of the long game: seat 2 bids 4 and wins one trick; seats 0 and 1 three each."""
    g.start_round(deal(k % 3, TIE_HANDS, TIE_WIDOW))
    return play(g, bids_for(k % 3, {2: "4"}) + TIE_PLAY)


def six_tie_hands():
    g = Moon(3)
    for k in range(6):
        tie_hand(g, k)
        assert g.phase() == "round-over"
    assert g.totals() == [18, 18, -24]
    return g


def test_a_made_21_wins_even_from_a_negative_score():
    g = six_tie_hands()
    g.start_round(deal(0, (B, C, A), W))
    play_first_legal(play(g, ["pass", "pass", "21", "discard 0-0", "trump 6"]))
    assert g.totals() == [18, 18, -3]
    assert g.is_over() and g.winners() == [2]


def test_equal_top_scores_at_21_play_on_then_a_strictly_higher_score_wins():
    g = six_tie_hands()
    tie_hand(g, 6)
    assert g.totals() == [21, 21, -28]
    assert g.phase() == "round-over" and not g.is_over() and g.winners() == []
    g.start_round(deal(7 % 3, LEAD_HANDS, LEAD_WIDOW))
    play(g, bids_for(7 % 3, {2: "4"}) + LEAD_PLAY)
    assert g.totals() == [25, 23, -32]
    assert g.is_over() and g.winners() == [0]
    rec = g.record()
    assert dumps(replay(rec).record()) == dumps(rec)
    assert len(rec["rounds"]) == 8 and [r["first"] for r in rec["rounds"]] == [0, 1, 2, 0, 1, 2, 0, 1]


def test_the_highest_score_below_21_does_not_win():
    g = Moon(3)
    tie_hand(g, 0)
    g.start_round(deal(1, LEAD_HANDS, LEAD_WIDOW))
    play(g, bids_for(1, {2: "4"}) + LEAD_PLAY)
    assert g.totals() == [7, 5, -8] and not g.is_over()


# -- turns, views, copies -------------------------------------------------------------

def test_acting_out_of_turn_is_refused():
    g = started(first=1)
    before = snapshot(g)
    with pytest.raises(IllegalAction) as err:
        g.apply("4", seat=0)
    assert "it is seat 1's turn" in str(err.value)
    assert snapshot(g) == before
    g.apply("4", seat=1)
    assert g.current_seat() == 2


def test_nothing_to_do_before_the_deal():
    g = Moon(3)
    assert g.phase() == "not-dealt" and g.current_seat() is None and g.legal_actions() == []
    assert_refused(g, "pass", "no hand has been dealt")
    v = g.view(0)
    assert v["hand"] == [] and v["round"] is None and v["legal"] == []


def test_view_shows_only_what_the_seat_may_see():
    g = play(started(first=0), ["5", "pass", "pass"])
    v = g.view(1)
    for key in ["game", "seat", "players", "names", "phase", "to_act", "round", "first", "hand", "hand_sizes",
                "bids", "bidder", "bid", "widow", "discard", "trump", "trick", "tricks", "tricks_won",
                "totals", "round_scores", "legal"]:
        assert key in v
    assert v["hand"] == B and v["legal"] == [] and v["widow"] is None
    text = dumps(v)
    for tile in A + C + [W]:
        assert '"%s"' % tile not in text
    assert g.view(0)["legal"] == g.legal_actions()


def test_views_of_states_differing_only_in_hidden_tiles_are_identical():
    # Seats 1 and 2 hold other tiles and the widow differs (0-0 is seat 1's own
    # tile in one state, the widow in the other); seat 0 cannot tell them apart.
    other_b = ["5-5", "5-4", "5-3", "2-2", "2-1", "0-0", "4-3"]
    other_c = ["4-2", "4-1", "3-3", "3-2", "3-1", "5-2", "4-4"]
    g1 = started(first=0)
    g2 = started(first=0, hands=(A, other_b, other_c), widow="5-1")
    for a in ["pass", "5", "pass", "discard 0-0", "trump 5", "5-5"]:
        assert dumps(g1.view(0)) == dumps(g2.view(0))
        g1.apply(a)
        g2.apply(a)
    assert dumps(g1.view(0)) == dumps(g2.view(0))
    assert dumps(g1.view(1)) != dumps(g2.view(1))
    assert g1.view(1)["widow"] == "0-0" and g2.view(1)["widow"] == "5-1"


def test_view_of_the_bidder_during_discard_includes_the_widow():
    g = play(started(first=0), ["pass", "6", "pass"])
    v = g.view(1)
    assert v["widow"] == "0-0" and sorted(v["hand"]) == sorted(B + ["0-0"])
    assert g.view(0)["widow"] is None and g.view(2)["widow"] is None


def test_clone_is_independent():
    g = play(started(), ["4", "pass", "pass", "discard 0-0", "trump 6", "6-6"])
    c = g.clone()
    assert snapshot(c) == snapshot(g)
    c.apply(c.legal_actions()[0])
    assert snapshot(c) != snapshot(g)
    assert len(g.record()["rounds"][0]["actions"]) == 6


def test_fast_path_matches_the_interface():
    g = play(started(), ["4", "pass", "pass", "discard 0-0", "trump 6", "6-6"])
    assert [g.move_text(m) for m in g.legal_moves()] == g.legal_actions()
    assert mask_ids((1 << 27) | (1 << 0) | (1 << 13)) == [27, 13, 0]


def test_benchmark_playout_is_random_play_through_the_interface():
    for seed in range(20):
        a = Moon(3, log=False)
        b = Moon(3)
        da, db = Draws(Rng(seed)), Draws(Rng(seed))
        for _ in range(3):      # several hands: the pool carries over between them
            if a.is_over():
                break
            a.start_round(a.new_deal(da.rng))
            b.start_round(b.new_deal(db.rng))
            playout(a, da)
            while b.current_seat() is not None:
                moves = b.legal_moves()
                b.apply(b.move_text(moves[db.below(len(moves))]))
            for s in range(3):
                assert dumps(a.view(s)) == dumps(b.view(s))
            assert (da.pool, da.span, da.rng.state) == (db.pool, db.span, db.rng.state)


def test_apply_move_never_logs_apply_does():
    g = play(started(), ["4", "pass"])
    before = dumps(g.record())
    fast = g.clone()
    fast.apply_move(0)          # the third seat passes, through the fast path
    assert dumps(fast.record()) == before
    g.apply("pass")
    assert g.record()["rounds"][-1]["actions"][-1] == "pass"
    assert dumps(fast.view(0)) == dumps(g.view(0))


def test_draws_are_uniform_enough():
    d = Draws(Rng(3))
    for n in [1, 2, 3, 7, 8]:
        counts = [0] * n
        for _ in range(7000):
            counts[d.below(n)] += 1
        assert all(abs(c - 7000 / n) < 5 * (7000 / n) ** 0.5 + 1 for c in counts), (n, counts)


def test_simulation_states_keep_no_record():
    g = Moon(3, log=False)
    g.deal_fast(Rng(1))
    playout(g, Draws(Rng(2)))
    assert g.phase() in ("round-over", "game-over") and len(g.round_scores()) == 1
    with pytest.raises(GameError):
        g.record()


def test_from_view_rebuilds_a_playable_state():
    g = play(started(first=1), ["5", "pass", "pass", "discard 0-0", "trump 5", "5-5"])
    seat = g.current_seat()
    v = g.view(seat)
    others = [[NAMES[x] for x in mask_ids(h)] for h in g.hands]
    s = Moon.from_view(v, others, "0-0")
    assert s.legal_actions() == g.legal_actions()
    assert dumps(s.view(seat)) == dumps(v)
    play_first_legal(s)
    play_first_legal(g)
    assert s.round_scores() == g.round_scores() and s.totals() == g.totals()


def test_from_view_checks_the_tiles_add_up():
    g = play(started(first=1), ["pass", "5", "pass", "discard 0-0", "trump 5"])
    v = g.view(0)
    others = [None, ["6-6"] + B[1:], C]
    with pytest.raises(GameError):
        Moon.from_view(v, others, "0-0")
