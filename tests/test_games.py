"""The registry of games (engine/games.py) and the one rule for a hand's score."""

import json
import re

import pytest

from conftest import ROOT

from engine import games, record
from engine.chickenfoot import ChickenFoot, hand_score, tile_score
from engine.game import Game, GameError
from engine.moon import Moon
from engine.rng import Rng
from engine.tournament import play_out
from tests import helpers


def test_every_game_is_listed_once_with_its_class():
    names = [g.name for g in games.all_games()]
    assert names == ["chicken-foot", "moon"] == games.NAMES
    assert games.info("chicken-foot").game_class() is ChickenFoot
    assert games.info("moon").game_class() is Moon
    assert record.game_class("moon") is Moon


def test_every_game_names_its_rules_page_and_its_links_words():
    catalog = json.loads((ROOT / "web" / "i18n" / "en.json").read_text(encoding="utf-8"))
    pages = []
    for g in games.all_games():
        assert (ROOT / "web" / "site" / g.rules_page).is_file(), g.rules_page
        assert g.rules_key in catalog and catalog[g.rules_key].endswith("rules"), g.rules_key
        pages.append(g.rules_page)
    assert len(set(pages)) == len(pages)
    # The page's footer (static HTML, there before the app starts) links the same pages, in
    # the registry's order, with the same words.
    footer = (ROOT / "index.html").read_text(encoding="utf-8").split('<footer', 1)[1]
    links = [(href, key) for href, key in re.findall(r'<a href="\./([^"]+)" data-i18n="([^"]+)"', footer)
             if href.startswith("rules/")]
    assert links == [(g.rules_page, g.rules_key) for g in games.all_games()]


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


def _played(name, seed, players=None):
    info = games.info(name)
    g = info.game_class()(players or info.default_players)
    rng = Rng(seed)
    play_out(g, rng, stop_after=40)
    return g


@pytest.mark.parametrize("name", games.NAMES)
def test_deal_fields_are_what_a_record_round_holds_besides_its_play(name):
    info = games.info(name)
    assert info.game_class().DEAL_FIELDS == info.deal_fields == games.deal_fields(name)
    rnd = _played(name, 3).record()["rounds"][0]
    assert [k for k in rnd if k not in ("actions", "scores")] == info.deal_fields
    # record.py asks the registry: a round missing one of them is refused, naming it.
    rec = _played(name, 3).record()
    del rec["rounds"][0][info.deal_fields[-1]]
    with pytest.raises(GameError) as err:
        record.replay(rec)
    assert err.value.key == "record.missing_field" and err.value.params == {"field": info.deal_fields[-1]}


def test_only_moon_has_a_solver_and_it_solves_the_position_a_state_gives():
    cf, moon = games.info("chicken-foot"), games.info("moon")
    assert moon.has_solver() and not cf.has_solver()
    with pytest.raises(GameError):
        cf.solver_module()
    for seed in range(40):
        g = helpers.random_position("moon", seed, steps=12)
        if g is not None and g.phase() == "play":
            break
    else:
        raise AssertionError("no seed reached Moon's play phase in 12 actions")
    position = g.solver_position()
    tricks = moon.solver_module().solve(**position)
    assert position["bidder"] == g.bidder and position["tricks_won"] == g.won[g.bidder]
    assert g.won[g.bidder] <= tricks <= 7
    assert g.solver_position() == position   # asking changes nothing
    bidding = Moon()
    bidding.start_round(bidding.new_deal(Rng(1)))
    with pytest.raises(GameError) as err:
        bidding.solver_position()
    assert err.value.key == "engine.not_in_play"


def test_every_presenter_hook_names_a_presenter_module_of_the_page():
    names = [g.presenter for g in games.all_games()]
    assert len(set(names)) == len(names)
    for name in names:
        assert (helpers.ROOT / "web" / "app" / "present" / (name + ".py")).is_file(), name


# The public names engine/chickenfoot.py and engine/moon.py had before they
# became packages: importers (the computer players, tests, benchmarks, other
# branches) keep working.
OLD_NAMES = {
    "engine.chickenfoot": ["ALL_TILES", "BIT_INDEX", "ChickenFoot", "DOUBLE_BLANK", "DOUBLE_BLANK_BONUS", "DRAW",
                           "HAND_SIZES", "MAX_PLAYERS", "MAX_SPOKES", "MIN_PLAYERS", "NUMS_TO_TILES", "NUM_MASK",
                           "N_TILES", "PASS", "PIPS", "ROUNDS", "TOES", "hand_score", "hand_size", "move_name",
                           "tile_score", "uniform_choice", "_shuffle"],
    "engine.moon": ["BIDDING", "BIDS", "DISCARD", "GAME_OVER", "HAND_SIZE", "LED", "MOON_BID", "MOON_MASK",
                    "MOON_TILES", "Moon", "NOT_DEALT", "PASS", "PHASE_BIDDING", "PHASE_DISCARD", "PHASE_NAMES",
                    "PHASE_TRUMP", "PLAY", "ROUND_OVER", "TRICKS", "TRUMP", "TRUMPS", "TRUMP_MOVES", "WIN_SCORE",
                    "follow_mask", "mask_ids", "parse_moon_tile", "shuffled_tiles", "tile_names_desc",
                    "trick_winner", "tricks_needed", "trump_code", "trump_text"],
}


@pytest.mark.parametrize("module", sorted(OLD_NAMES))
def test_the_split_packages_keep_every_name_importers_used(module):
    mod = __import__(module, fromlist=["_"])
    missing = [n for n in OLD_NAMES[module] if not hasattr(mod, n)]
    assert missing == []
    # One object per name, wherever in the package it lives now.
    assert mod.__name__ == module and mod.__file__.endswith("/__init__.py")


def test_each_class_is_assembled_from_its_parts_before_the_base():
    for g in games.all_games():
        cls = g.game_class()
        mro = cls.__mro__
        assert mro[-2] is Game and mro[-1] is object
        # Every part is a module of the game's package, and no part overrides the interface twice.
        package = cls.__module__.rsplit(".", 1)[0]
        parts = mro[1:-2]
        assert package in ("engine.chickenfoot", "engine.moon")
        assert parts and all(p.__module__.startswith(package + ".") for p in parts)
        for name in ["legal_moves", "apply_move", "legal_actions", "apply", "view", "clone", "from_view",
                     "start_round", "new_deal", "deal_fast"]:
            owners = [p.__name__ for p in mro[:-2] if name in p.__dict__]
            assert len(owners) == 1, (cls.__name__, name, owners)


@pytest.mark.parametrize("name", games.NAMES)
def test_the_setup_specs_offer_only_what_the_engine_accepts(name):
    # The setup screen offers option_specs' ranges; the engine's checks
    # (Game.resolve_options) are the rule: every offered value must pass
    # them, and the value just below the offered minimum must not.
    info = games.info(name)
    cls = info.game_class()
    for players in range(info.min_players, info.max_players + 1):
        for spec in info.option_specs:
            if spec["kind"] == "bool":
                for value in (True, False):
                    assert cls.resolve_options(players, {spec["name"]: value})[spec["name"]] is value
                with pytest.raises(GameError):
                    cls.resolve_options(players, {spec["name"]: 1})
                continue
            low = players if spec["min"] == "players" else spec["min"]
            for value in range(low, spec["max"] + 1):
                assert cls.resolve_options(players, {spec["name"]: value})[spec["name"]] == value
            with pytest.raises(GameError):
                cls.resolve_options(players, {spec["name"]: low - 1})
