"""The registry of games (engine/games.py) and the one rule for a hand's score."""

import pytest

from engine import games, record
from engine.chickenfoot import ChickenFoot, hand_score, tile_score
from engine.game import GameError
from engine.moon import Moon


def test_every_game_is_listed_once_with_its_class():
    names = [g.name for g in games.all_games()]
    assert names == ["chicken-foot", "moon"] == games.NAMES
    assert games.info("chicken-foot").game_class() is ChickenFoot
    assert games.info("moon").game_class() is Moon
    assert record.game_class("moon") is Moon


def test_player_ranges_and_defaults():
    cf = games.info("chicken-foot")
    assert (cf.min_players, cf.max_players, cf.default_players) == (2, 8, 4)
    assert cf.clamp_players(8) == 8 and cf.clamp_players(9) == 4 and cf.clamp_players(True) == 4
    moon = games.info("moon")
    assert moon.fixed_players() and not cf.fixed_players()
    assert moon.clamp_players(4) == 3
    assert cf.default_options(5) == {"spokes": 5, "yard_reserve": 1, "double_blank_50": False}
    assert cf.default_options(2)["yard_reserve"] == 2


def test_option_specs_name_the_game_options():
    for g in games.all_games():
        assert [spec["name"] for spec in g.option_specs] == [name for name, _ in g.game_class().OPTIONS]


def test_player_modules_play():
    for g in games.all_games():
        assert callable(g.player_module().choose)


def test_unknown_game_is_a_keyed_error():
    with pytest.raises(GameError) as err:
        games.info("chess")
    assert err.value.key == "record.unknown_game"
    assert "chess" in str(err.value)


def test_hand_score_counts_double_blank_as_fifty_only_with_the_option():
    assert tile_score(0, False) == 0 and tile_score(0, True) == 50
    assert hand_score(["9-5", "0-0"]) == 14
    assert hand_score(["9-5", "0-0"], True) == 64
    g = ChickenFoot(4, {"double_blank_50": True})
    assert g.hand_score(["0-0", "1-0"]) == 51
    assert ChickenFoot(4).hand_score(["0-0", "1-0"]) == 1
