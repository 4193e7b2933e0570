"""engine.share: records as URL-safe text, round trips and readable errors."""

import re

import pytest
from hypothesis import given, settings, strategies as st

from engine import record, share
from engine.rng import Rng


def played(name, players, seed, actions):
    game = record.new_game(name, players)
    rng = Rng(seed)
    game.start_round(game.new_deal(rng))
    for _ in range(actions):
        if game.current_seat() is None:
            break
        legal = game.legal_actions()
        game.apply(legal[rng.below(len(legal))])
    return game.record()


@settings(derandomize=True, max_examples=40, deadline=None)
@given(st.sampled_from([("moon", 3), ("chicken-foot", 2), ("chicken-foot", 6)]),
       st.integers(0, 2 ** 32), st.integers(0, 80), st.booleans())
def test_round_trip_is_exact_and_url_safe(game, seed, actions, compress):
    rec = played(game[0], game[1], seed, actions)
    text = share.encode(rec, compress)
    assert re.fullmatch(r"[zj][A-Za-z0-9_-]+", text)
    back = share.decode(text)
    assert record.dumps(back) == record.dumps(rec)
    assert record.dumps(record.replay(back).record()) == record.dumps(rec)


def test_compressed_is_much_shorter():
    rec = played("chicken-foot", 4, 3, 60)
    assert len(share.encode(rec)) < 0.5 * len(share.encode(rec, compress=False))


@pytest.mark.parametrize("text, reason", [
    ("", "empty"),
    ("q123", "starts with 'z' or 'j'"),
    ("zab<cd", "character that cannot be in it"),
    ("zabcde", "cut short"),
    ("zAAAAAAAA", "does not decompress"),
    ("j" + "bm90IGpzb24", "not JSON"),
    ("jWzFd", "not a JSON object"),
])
def test_bad_text_says_what_is_wrong(text, reason):
    with pytest.raises(share.ShareError) as caught:
        share.decode(text)
    assert reason in str(caught.value)
    assert isinstance(caught.value, record.RecordError)


def test_truncated_link_is_reported():
    text = share.encode(played("moon", 3, 5, 30))
    with pytest.raises(share.ShareError):
        share.decode(text[: len(text) // 2])
