"""The page's session logic on CPython: reasons for unplayable tiles."""

import random
import sys

from conftest import ROOT

sys.path.insert(0, str(ROOT / "web"))

from app import screens  # noqa: E402
from app import session as sess  # noqa: E402


def play_until(setup, predicate, seed, limit=200):
    s = sess.Session(setup)
    s.deal()
    pick = random.Random(seed)
    for _ in range(limit):
        if s.to_act() is None or predicate(s):
            return s
        s.apply(pick.choice(s.game.legal_actions()))
    return s


def blocked(s):
    v = s.game.view(s.to_act())
    playable = [sess.tile_of(a) for a in v["legal"]]
    return [t for t in v["hand"] if t not in playable]


def test_every_unplayable_tile_has_the_engines_reason_and_nothing_changes():
    for game in ("chicken-foot", "moon"):
        setup = sess.default_setup()
        setup["game"] = game
        setup["seats"] = ["human"] * 8
        s = sess.Session(setup)
        s.deal()
        pick = random.Random(7)
        reasons = 0
        while s.to_act() is not None:
            before = s.record_json()
            for tile in blocked(s):
                reason = s.why_not(tile)
                assert reason and isinstance(reason, str)
                reasons += 1
            assert s.record_json() == before
            for tile in [sess.tile_of(a) for a in s.game.legal_actions() if sess.tile_of(a)]:
                assert s.why_not(tile) is None
            s.apply(pick.choice(s.game.legal_actions()))
        assert reasons > 20


def test_open_foot_reason_names_the_foot():
    setup = sess.default_setup()
    setup["players"] = 4
    s = play_until(setup, lambda s: s.game.view(0)["open_foot"] is not None and blocked(s), 3)
    foot = s.game.view(0)["open_foot"]
    assert foot is not None
    tile = blocked(s)[0]
    assert foot["tile"] in s.why_not(tile)
    text = screens.reasons_text(s, blocked(s))
    assert text.startswith(tile) and "cannot be played: " in text


def test_moon_bidding_reason():
    setup = sess.default_setup()
    setup["game"] = "moon"
    s = sess.Session(setup)
    s.deal()
    tile = s.game.view(s.to_act())["hand"][0]
    assert s.why_not(tile) == "tiles are played after the bidding: bid or pass first"
