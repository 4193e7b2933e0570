"""engine.moon_rules against RULES.md, exhaustively: every trump choice, every tile.

The expectations are restated here independently, straight from the rules
text (explicit rank lists), so a slip in the tables cannot hide behind itself.
"""

import pytest

from engine import moon_rules as R
from engine.tiles import NAMES, parse, tile_id

ALL_TRUMPS = list(range(9))
TILES = [parse(x) for x in
         ["0-0", "1-1", "2-1", "2-2", "3-1", "3-2", "3-3", "4-1", "4-2", "4-3", "4-4",
          "5-1", "5-2", "5-3", "5-4", "5-5", "6-1", "6-2", "6-3", "6-4", "6-5", "6-6"]]


def t(text):
    return parse(text)


def ends(x):
    hi, lo = NAMES[x].split("-")
    return int(hi), int(lo)


def ref_is_trump(x, trump):
    hi, lo = ends(x)
    if trump == 8:
        return False
    if trump == 7:
        return hi == lo
    return trump in (hi, lo)


def ref_number_suit_order(n, trump):
    """Suit n's tiles, best first: the double, then n-6 .. n-0 by the other number; trumps removed."""
    order = ["%d-%d" % (n, n)]
    for other in range(6, -1, -1):
        if other != n:
            order.append("%d-%d" % (max(n, other), min(n, other)))
    tiles = [parse(x) for x in order if parse(x) in TILES]
    return [x for x in tiles if not ref_is_trump(x, trump)]


def ref_trump_order(trump):
    if trump == 8:
        return []
    if trump == 7:
        return [tile_id(n, n) for n in range(6, -1, -1)]
    order = ["%d-%d" % (trump, trump)]
    for other in range(6, -1, -1):
        if other != trump:
            order.append("%d-%d" % (max(trump, other), min(trump, other)))
    return [parse(x) for x in order if parse(x) in TILES]


def ref_winner(tiles, trump):
    trumps = [x for x in tiles if ref_is_trump(x, trump)]
    if trumps:
        order = ref_trump_order(trump)
        return tiles.index(min(trumps, key=order.index))
    led = ends(tiles[0])[0]
    order = ref_number_suit_order(led, trump)
    followers = [x for x in tiles if x in order]
    return tiles.index(min(followers, key=order.index))


def test_the_set_is_double_six_without_blanks_but_double_blank():
    assert sorted(R.MOON_TILES) == sorted(TILES)
    assert len(R.MOON_TILES) == 22
    assert "6-0" not in [NAMES[x] for x in R.MOON_TILES]
    mask = 0
    for x in TILES:
        mask |= 1 << x
    assert R.MOON_MASK == mask


@pytest.mark.parametrize("text,code", [("0", 0), ("3", 3), ("6", 6), ("doubles", 7), ("none", 8)])
def test_trump_codes_round_trip(text, code):
    assert R.trump_code(text) == code
    assert R.trump_text(code) == text


@pytest.mark.parametrize("bad", ["7", "-1", "", "Doubles", "no", "06", "double", " 5"])
def test_trump_code_rejects_junk(bad):
    with pytest.raises(ValueError):
        R.trump_code(bad)


@pytest.mark.parametrize("trump", ALL_TRUMPS)
def test_every_tile_suit_membership(trump):
    for x in TILES:
        hi, lo = ends(x)
        if ref_is_trump(x, trump):
            expected = [R.TRUMPS]          # a tile bearing the trump number is only a trump
        elif hi == lo:
            expected = [hi]                # a double belongs to one suit
        else:
            expected = sorted([hi, lo])    # a non-trump in both its numbers' suits
        assert R.is_trump(x, trump) == ref_is_trump(x, trump), NAMES[x]
        assert R.suits_of(x, trump) == expected, (NAMES[x], trump)
        for suit in R.SUITS:
            assert bool(R.SUIT_MASK[trump][suit] >> x & 1) == (suit in expected)


@pytest.mark.parametrize("trump", ALL_TRUMPS)
def test_ranks_within_every_suit(trump):
    for suit in range(7):
        order = ref_number_suit_order(suit, trump)
        ranks = [R.rank(x, suit, trump) for x in order]
        assert all(r >= 0 for r in ranks)
        assert ranks == sorted(ranks, reverse=True) and len(set(ranks)) == len(ranks), (suit, trump)
        for x in TILES:
            if x not in order:
                assert R.rank(x, suit, trump) == -1
    order = ref_trump_order(trump)
    ranks = [R.rank(x, R.TRUMPS, trump) for x in order]
    assert ranks == sorted(ranks, reverse=True) and len(set(ranks)) == len(ranks)
    assert all(r >= 0 for r in ranks)
    for x in TILES:
        if x not in order:
            assert R.rank(x, R.TRUMPS, trump) == -1


def test_suit_six_order_from_the_rules():
    assert [NAMES[x] for x in ref_number_suit_order(6, 8)] == ["6-6", "6-5", "6-4", "6-3", "6-2", "6-1"]
    ranks = [R.rank(t(x), 6, 8) for x in ["6-6", "6-5", "6-4", "6-3", "6-2", "6-1"]]
    assert ranks == sorted(ranks, reverse=True)


@pytest.mark.parametrize("trump", ALL_TRUMPS)
def test_led_suit_of_every_tile(trump):
    for x in TILES:
        expected = R.TRUMPS if ref_is_trump(x, trump) else ends(x)[0]
        assert R.led_suit(x, trump) == expected
        assert R.LED[trump][x] == expected


@pytest.mark.parametrize("trump", ALL_TRUMPS)
def test_every_trick_winner(trump):
    """All 22*21*20 ordered tricks, against the rules restated independently."""
    for a in TILES:
        for b in TILES:
            if b == a:
                continue
            for c in TILES:
                if c == a or c == b:
                    continue
                trick = [a, b, c]
                expected = ref_winner(trick, trump)
                assert R.trick_winner(trick, trump) == expected, ([NAMES[x] for x in trick], trump)
                power = R.POWER[trump][R.LED[trump][a]]
                p = [power[x] for x in trick]
                assert p.index(max(p)) == expected


@pytest.mark.parametrize("trump", ALL_TRUMPS)
def test_follow_mask(trump):
    hands = [[t("6-5"), t("5-3"), t("4-4")], [t("2-1"), t("1-1")], [t("0-0"), t("6-6"), t("3-3")]]
    for hand in hands:
        m = 0
        for x in hand:
            m |= 1 << x
        for lead in TILES:
            led = R.LED[trump][lead]
            members = [x for x in hand if led in R.suits_of(x, trump)]
            allowed = members if members else hand
            got = R.follow_mask(m, led, trump)
            assert sorted(x for x in TILES if got >> x & 1) == sorted(allowed)


def test_a_tile_with_the_trump_number_is_only_a_trump():
    # 5-3 with trumps 3: not a five, cannot follow a five lead, wins as a trump.
    assert R.suits_of(t("5-3"), 3) == [R.TRUMPS]
    assert not R.SUIT_MASK[3][5] >> t("5-3") & 1
    assert R.trick_winner([t("5-5"), t("6-5"), t("5-3")], 3) == 2
    # A lead of 5-3 calls trumps, not fives.
    assert R.led_suit(t("5-3"), 3) == R.TRUMPS


def test_a_led_five_three_calls_fives_and_six_five_follows():
    for trump in [2, 4, 8]:
        assert R.led_suit(t("5-3"), trump) == 5
        hand = (1 << t("6-5")) | (1 << t("1-1"))
        assert R.follow_mask(hand, 5, trump) == 1 << t("6-5")
        # 6-5 follows fives and ranks by its other number: it beats 5-3.
        assert R.trick_winner([t("5-3"), t("6-5"), t("1-1")], trump) == 1


def test_doubles_trump():
    assert R.led_suit(t("4-4"), 7) == R.TRUMPS
    hand = (1 << t("4-2")) | (1 << t("1-1"))
    assert R.follow_mask(hand, R.TRUMPS, 7) == 1 << t("1-1")
    assert not R.SUIT_MASK[7][R.TRUMPS] >> t("4-2") & 1
    hand = (1 << t("4-2")) | (1 << t("3-1"))
    assert R.follow_mask(hand, R.TRUMPS, 7) == hand     # 4-2 does not follow 4-4: free choice
    # Doubles belong to no number suit: 6-6 cannot follow a six lead.
    assert R.suits_of(t("6-6"), 7) == [R.TRUMPS]
    assert not R.SUIT_MASK[7][6] >> t("6-6") & 1
    # Trumps rank 6-6 high down to 0-0; the lowest trump beats any plain tile.
    assert R.trick_winner([t("6-5"), t("6-4"), t("0-0")], 7) == 2
    assert R.trick_winner([t("1-1"), t("2-2"), t("0-0")], 7) == 1
    # A suit without its double is led by its highest plain tile.
    assert R.trick_winner([t("6-1"), t("6-5"), t("5-4")], 7) == 1


def test_no_trump():
    assert R.SUIT_MASK[8][R.TRUMPS] == 0
    assert R.trick_winner([t("2-1"), t("6-6"), t("2-2")], 8) == 2   # off-suit 6-6 cannot win
    assert R.led_suit(t("6-6"), 8) == 6
    assert R.suits_of(t("6-6"), 8) == [6]


def test_trump_zero_is_a_one_tile_suit():
    assert R.SUIT_MASK[0][R.TRUMPS] == 1 << t("0-0")
    assert R.SUIT_MASK[0][0] == 0
    assert R.trick_winner([t("6-6"), t("6-5"), t("0-0")], 0) == 2
    assert R.led_suit(t("0-0"), 0) == R.TRUMPS
    # Led 0-0 calls trumps; nobody else can follow, so it wins.
    assert R.trick_winner([t("0-0"), t("6-6"), t("5-5")], 0) == 0
    # Without trump 0, 0-0 is suit 0's only tile.
    assert R.suits_of(t("0-0"), 8) == [0]
    assert R.trick_winner([t("0-0"), t("6-6"), t("5-5")], 8) == 0


def test_tile_names_in_id_order():
    assert R.tile_names((1 << t("6-6")) | (1 << t("0-0")) | (1 << t("3-2"))) == ["0-0", "3-2", "6-6"]
    assert R.tile_names(0) == []
