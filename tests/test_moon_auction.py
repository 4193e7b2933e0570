"""Moon hard's bid by expected score: the auction it plays out in each world, and what a contract is worth."""

from engine.ai import Budget, choose
from engine.ai import moon_player
from engine.ai.moon_player import _Auction, _auction_bid, _contract_gain
from engine.ai.moon_sampling import Knowledge
from engine.moon import Moon
from engine.rng import Rng


def _dealt(seed):
    g = Moon(3)
    deal = g.new_deal(Rng(seed))
    g.start_round(deal)
    return g, deal


def test_the_auction_model_bids_as_medium_does():
    # In a world whose hands are the true ones, the rest of the bidding the
    # model plays out is exactly what medium then bids at the table.
    checked = overcalls = 0
    for seed in range(40):
        g, deal = _dealt(seed)
        me = g.current_seat()
        k = Knowledge(g.view(me))
        auction = _Auction(k, list(g.hands), g.widow, [(me + 1) % 3, (me + 2) % 3])
        for a in [0, 4, 5, 6]:
            t = Moon(3)
            t.start_round(deal)
            t.apply("pass" if a == 0 else str(a))
            while t.current_seat() is not None and t.view(t.current_seat())["phase"] == "bidding":
                t.apply(choose(t.view(t.current_seat()), "medium", 0, Budget()))
            want = (t.bidder, t.high) if t.bidder >= 0 else (-1, 0)
            got = auction.holder(a, me) if a else auction.holder(0, -1)
            assert got == want, (seed, a)
            checked += 1
            if a and got[0] != me:
                overcalls += 1
    assert checked == 160 and overcalls >= 3, "the worlds include medium bidding over hard"


def _k(totals, seat=0):
    g, _ = _dealt(7)
    view = g.view(g.current_seat())
    view = dict(view)
    view["totals"] = list(totals)
    k = Knowledge(view)
    k.seat = seat
    return k


def test_a_contract_is_its_score_less_the_opponents_mean_in_quarter_points(monkeypatch):
    monkeypatch.setattr(moon_player, "UTILITY", "points")
    k = _k([0, 0, 0])
    assert _contract_gain(k, 0, 5, 5) == 4 * 5 - 2 * 2            # made: +5, defenders 1 each
    assert _contract_gain(k, 0, 5, 4) == -4 * 5 - 2 * 3           # set: -5, defenders 1.5 each
    assert _contract_gain(k, 1, 5, 5) == 2 - 2 * 5                # an opponent's 5 made: I defend
    assert _contract_gain(k, 1, 5, 3) == 4 + 2 * 5                # and set


def test_the_standings_count_a_game_won_or_lost_on_the_hand(monkeypatch):
    monkeypatch.setattr(moon_player, "UTILITY", "points")
    near = _k([18, 0, 0])
    assert _contract_gain(near, 0, 4, 4) == 4 * 4 - 2 * 3 + 40      # 22: the game is mine
    assert _contract_gain(near, 0, 4, 3) == -4 * 4 - 2 * 4          # set: no one reaches 21
    theirs = _k([0, 20, 0])
    # My 4 made, but the defender at 20 takes a trick or more: that game is lost.
    assert _contract_gain(theirs, 0, 4, 5) == 4 * 4 - 2 * 2 - 40
    assert _contract_gain(theirs, 2, 4, 7) == -2 * 4                # seat 2 makes it with all 7: nobody wins
    # A 21 made wins at once; failed, it all but loses.
    zero = _k([0, 0, 0])
    assert _contract_gain(zero, 0, 21, 7) == 4 * 21 + 40
    assert _contract_gain(zero, 0, 21, 6) == -4 * 21 - 2 + -40
    assert _contract_gain(zero, 1, 21, 7) == 0 - 2 * 21 - 40


def _last_to_bid(rows, totals=None):
    # The third seat after two passes: nobody bids after it, so its own
    # contract's tricks (``rows``: one per widow choice, a count per world)
    # decide alone; every world is the true deal (only the count matters).
    g, _ = _dealt(7)
    g.apply("pass")
    g.apply("pass")
    view = dict(g.view(g.current_seat()))
    if totals is not None:
        view["totals"] = list(totals)
    k = Knowledge(view)
    worlds = [list(g.hands)] * len(rows[0])
    return _auction_bid(k, [4, 5, 6, 7, 21], None, [(g.widow, worlds, rows)])


def test_the_risk_of_being_set_lowers_a_bid_made_in_most_worlds_but_not_all(monkeypatch):
    monkeypatch.setattr(moon_player, "UTILITY", "points")
    five = [[5] * 11 + [4]]                  # 5 made in 11 of 12 worlds, 4 in all
    moon = [[7] * 9 + [6] * 3]               # 21 made in 9 of 12, 6 in all
    monkeypatch.setattr(moon_player, "SET_RISK", 0)
    assert _last_to_bid(five) == 5
    assert _last_to_bid(moon) == 21
    monkeypatch.setattr(moon_player, "SET_RISK", 40)
    assert _last_to_bid(five) == 4           # a set now costs 10 more points a bid point
    assert _last_to_bid(moon) == 6
    assert _last_to_bid([[5] * 12]) == 5     # a bid made in every world keeps no risk
    monkeypatch.setattr(moon_player, "SET_RISK", 1)
    assert _last_to_bid(five) == 5           # 5 is worth 2 points over 4 in 11 worlds: a small risk keeps it


# -- UTILITY "wins": a hand's outcome worth the change in the chance to win the game

def test_the_chance_to_win_follows_the_standings():
    share = moon_player._win_share
    assert share(0, [42, 40, 0]) == 1000000              # 21 and alone at the top: over
    assert share(1, [42, 40, 0]) == 0
    assert 0 < share(0, [44, 44, 0]) < 1000000           # tied at the top: the game goes on
    level = share(0, [0, 0, 0])
    assert 500000 < level < 600000                       # hard's edge (e) among three level seats
    assert share(0, [0, 10, 20]) == share(0, [0, 20, 10])
    for me in range(-40, 42, 2):                         # more points never lower the chance
        assert share(0, [me + 1, 10, 10]) >= share(0, [me, 10, 10])
        assert share(0, [10, me + 1, 10]) <= share(0, [10, me, 10])
    assert share(0, [-200, 0, 0]) == share(0, [-130, 0, 0]) > 0   # past the table's end: its last weight


def test_a_contract_is_worth_the_change_in_the_chance_to_win(monkeypatch):
    monkeypatch.setattr(moon_player, "UTILITY", "wins")
    k = _k([0, 0, 0])
    now = moon_player._win_share(0, [0, 0, 0])
    assert _contract_gain(k, 0, 21, 7) == 1000000 - now  # a 21 made wins the game
    assert _contract_gain(k, 1, 21, 7) == -now
    assert _contract_gain(k, 0, 5, 5) == moon_player._win_share(0, [10, 2, 2]) - now > 0
    assert _contract_gain(k, 0, 5, 4) == moon_player._win_share(0, [-10, 3, 3]) - now < 0
    assert _contract_gain(k, 1, 5, 3) > 0 > _contract_gain(k, 1, 5, 5)
    near = _k([18, 0, 0])
    assert _contract_gain(near, 0, 4, 4) == 1000000 - moon_player._win_share(0, [36, 0, 0])


def test_by_the_chance_to_win_a_seat_ahead_risks_less_and_one_behind_more(monkeypatch):
    # The third seat to speak (seat 1 here): 21 made in 8 worlds of 12, 6 in all.
    monkeypatch.setattr(moon_player, "UTILITY", "wins")
    moon = [[7] * 8 + [6] * 4]
    assert _last_to_bid(moon, [0, 0, 0]) == 21
    assert _last_to_bid(moon, [0, 10, 0]) == 6           # ahead by 10: the sure 6
    assert _last_to_bid(moon, [10, 0, 0]) == 21          # behind by 10: the gamble
    assert _last_to_bid(moon, [5, 12, 5]) == 6
    monkeypatch.setattr(moon_player, "UTILITY", "points")
    assert _last_to_bid(moon, [0, 10, 0]) == 21          # by points alone the standings do not count


# -- OWN_AT_TABLE / THEIRS_AT_TABLE: a world's outcome weighed by what the table does

def test_a_world_counts_as_the_tables_chance_to_make_what_the_solve_made_or_set(monkeypatch):
    monkeypatch.setattr(moon_player, "UTILITY", "points")
    k = _k([0, 0, 0])
    at = moon_player._at_table
    made, set_ = _contract_gain(k, 0, 5, 5), _contract_gain(k, 0, 5, 4)
    odds = {5: (900, 250)}
    assert at(k, 0, 5, 6, None) == _contract_gain(k, 0, 5, 6)           # off: the solve's
    assert at(k, 0, 6, 6, odds) == _contract_gain(k, 0, 6, 6)           # a bid left out: the solve's
    assert at(k, 0, 5, 5, {5: (1000, 0)}) == made and at(k, 0, 5, 4, {5: (1000, 0)}) == set_
    assert at(k, 0, 5, 5, odds) == (900 * made + 100 * set_) // 1000
    assert at(k, 0, 5, 3, odds) == (250 * made + 750 * _contract_gain(k, 0, 5, 3)) // 1000
    assert at(k, 1, 5, 5, odds) == (900 * _contract_gain(k, 1, 5, 5) + 100 * _contract_gain(k, 1, 5, 4)) // 1000


def test_a_bid_made_in_most_of_its_worlds_is_taken_once_the_table_makes_more(monkeypatch):
    # The last to bid, level standings: 5 made in 7 worlds of 12 (3 tricks in
    # the rest).  Counting the worlds as they come (a 58 % chance) it passes;
    # if the table makes a quarter of the bids the solve sets (69 %), it bids 5.
    monkeypatch.setattr(moon_player, "UTILITY", "wins")
    half = [[5] * 7 + [3] * 5]
    monkeypatch.setattr(moon_player, "OWN_AT_TABLE", None)
    assert _last_to_bid(half) == 0
    monkeypatch.setattr(moon_player, "OWN_AT_TABLE", {5: (986, 247), 21: (1000, 100)})
    assert _last_to_bid(half) == 5
    assert _last_to_bid([[5] * 6 + [3] * 6]) == 0         # made in half the worlds (62 %): still a pass
    assert _last_to_bid([[7] * 12]) == 21                # every world: the 21


# -- MAKE_WEIGHT: the share of contracts made as a Lagrange term

def test_a_weight_on_the_contracts_made_trades_a_long_shot_for_a_surer_bid_or_a_pass(monkeypatch):
    # The last to bid, level standings, the default odds: 5 made in 6 worlds
    # of 12 (3 tricks in the rest) is worth bidding by the chance to win, and
    # 21 made in 7 worlds of 12 (6 in the rest) is worth more than the sure 6.
    monkeypatch.setattr(moon_player, "UTILITY", "wins")
    half_five = [[5] * 6 + [3] * 6]
    long_moon = [[7] * 7 + [6] * 5]
    monkeypatch.setattr(moon_player, "MAKE_WEIGHT", 0)
    assert _last_to_bid(half_five) == 5
    assert _last_to_bid(long_moon) == 21
    # Each world held is worth 0.3 of a game per unit of the table's chance
    # above 85 % (as much less below): a 5 the table makes 68 % of the time is
    # not worth its sets, nor a 21 it makes 63 %; the sure 6 (98 %) is.
    monkeypatch.setattr(moon_player, "MAKE_WEIGHT", 300000)
    assert _last_to_bid(half_five) == 0
    assert _last_to_bid(long_moon) == 6
    assert _last_to_bid([[5] * 8 + [3] * 4]) == 5        # made in 8 of 12 (77 %): still bid
    assert _last_to_bid([[7] * 9 + [6] * 3]) == 21       # made in 9 of 12 (78 %): still the 21
    monkeypatch.setattr(moon_player, "MAKE_TARGET", 700)
    assert _last_to_bid(half_five) == 5                  # a lower aim: the 5 again
