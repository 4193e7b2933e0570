"""Generic ``domino-record/1`` tests (read, validate, locate errors, step, canonical form),
on Chicken Foot records."""

import copy
import json

import pytest

from engine.chickenfoot import ChickenFoot
from engine.game import RecordError
from engine.record import dumps, loads, replay
from engine.rng import Rng


def play(players=3, seed=1, options=None, rounds=10, extra_actions=0, names=None):
    """A seeded random game: ``rounds`` complete rounds, then ``extra_actions`` into the next."""
    rng = Rng(seed)
    g = ChickenFoot(players, options, names)
    while not g.is_over():
        if g.current_seat() is None:
            if len(g.round_scores()) == rounds:
                break
            g.start_round(g.new_deal(rng))
            continue
        g.apply(rng.choice(g.legal_actions()))
    if extra_actions and not g.is_over():
        g.start_round(g.new_deal(rng))
        for _ in range(extra_actions):
            g.apply(rng.choice(g.legal_actions()))
    return g


@pytest.fixture(scope="module")
def full():
    return play().record()


@pytest.fixture(scope="module")
def partial():
    return play(rounds=2, extra_actions=7).record()


def error_of(data, step=None):
    with pytest.raises(RecordError) as info:
        replay(data, step=step)
    return info.value


# -- the top level ------------------------------------------------------------

def test_a_complete_record_replays_to_the_end(full):
    g = replay(full)
    assert g.is_over() and len(g.round_scores()) == 10
    assert g.totals() == [sum(r[s] for r in g.round_scores()) for s in range(3)]
    assert g.winners() == [s for s in range(3) if g.totals()[s] == min(g.totals())]
    assert dumps(g.record()) == dumps(full)


def test_format_is_required(full):
    for bad in ["domino-record/2", None, 1]:
        rec = dict(full, format=bad)
        assert "format must be 'domino-record/1'" in str(error_of(rec))
    rec = dict(full)
    del rec["format"]
    assert "format must be" in str(error_of(rec))


def test_game_must_be_known(full):
    assert "unknown game 'go'" in str(error_of(dict(full, game="go")))
    rec = dict(full)
    del rec["game"]
    assert "unknown game" in str(error_of(rec))


def test_players_must_be_a_valid_count(full):
    assert "players must be a whole number" in str(error_of(dict(full, players="3")))
    assert "2 to 8 players" in str(error_of(dict(full, players=9, rounds=[])))


def test_options_missing_means_defaults(partial):
    rec = dict(partial)
    del rec["options"]
    g = replay(rec)
    assert g.options == ChickenFoot.default_options(3)
    assert dumps(g.record()) == dumps(partial)   # the defaults are written out


def test_options_may_omit_any_option():
    rec = play(players=2, rounds=1, options={"yard_reserve": 0}).record()
    rec["options"] = {"yard_reserve": 0}
    g = replay(rec)
    assert g.options == {"spokes": 2, "yard_reserve": 0, "double_blank_50": False}


def test_unknown_or_bad_option_makes_the_record_invalid(partial):
    rec = copy.deepcopy(partial)
    rec["options"]["wild"] = 1
    assert "unknown option 'wild'" in str(error_of(rec))
    rec = copy.deepcopy(partial)
    rec["options"]["yard_reserve"] = -2
    assert "option 'yard_reserve'" in str(error_of(rec))
    rec = copy.deepcopy(partial)
    rec["options"] = ["spokes"]
    assert "options must be an object" in str(error_of(rec))


def test_options_change_the_game():
    # The same deal and actions, read with another option, replay differently or not at all.
    rec = play(players=4, seed=3, rounds=1).record()
    rec["options"] = {"spokes": 5}
    err = error_of(rec)
    assert err.round_index == 0 and err.action_index is not None


def test_unknown_top_level_fields_are_ignored(full):
    rec = dict(full, comment="a friendly game", saved_at=12345, ui={"theme": "dark"})
    assert dumps(replay(rec).record()) == dumps(full)


def test_names_are_optional_and_checked(full):
    rec = play(rounds=1, names=["Ana", "Ben", "Çem"]).record()
    assert replay(rec).names == ["Ana", "Ben", "Çem"]
    assert "names must be a list of 3 strings" in str(error_of(dict(full, names=["A", "B"])))


def test_empty_rounds_is_a_game_not_yet_dealt(full):
    g = replay(dict(full, rounds=[]))
    assert g.phase() == "not-dealt" and g.action_count() == 0
    rec = dict(full)
    del rec["rounds"]
    assert replay(rec).phase() == "not-dealt"


def test_records_are_json_text_or_dicts(full):
    assert dumps(replay(dumps(full)).record()) == dumps(full)
    assert "not valid JSON" in str(error_of("{nope"))
    assert "a record is a JSON object" in str(error_of("[1, 2]"))


# -- located errors -------------------------------------------------------------

def test_illegal_action_is_located(full):
    rec = copy.deepcopy(full)
    rec["rounds"][1]["actions"][4] = "0-0>9-9"
    err = error_of(rec)
    assert err.round_index == 1 and err.action_index == 4
    assert str(err).startswith("round 1, action 4: ")
    assert err.name is None          # a record without names names nobody
    # Whose move it was (the engine's reason says "you"): the seat to act after the four before it.
    rec["names"] = ["Ana", "Ben", "Cleo", "Dan", "Eve", "Fay", "Gus", "Hal"][:rec["players"]]
    before = copy.deepcopy(rec)
    before["rounds"] = before["rounds"][:2]
    before["rounds"][1]["actions"] = before["rounds"][1]["actions"][:4]
    del before["rounds"][1]["scores"]
    seat = replay(before).current_seat()
    assert error_of(rec).name == rec["names"][seat]


def test_bad_action_text_is_located(full):
    rec = copy.deepcopy(full)
    rec["rounds"][2]["actions"][0] = "hop"
    assert str(error_of(rec)).startswith("round 2, action 0: 'hop' is not an action")
    rec["rounds"][2]["actions"][0] = 7
    assert str(error_of(rec)).startswith("round 2, action 0: an action is a string")


def test_actions_after_the_round_ends(full):
    rec = copy.deepcopy(full)
    n = len(rec["rounds"][3]["actions"])
    rec["rounds"][3]["actions"].append("pass")
    assert str(error_of(rec)) == "round 3, action %d: the round is already over" % n


def test_rounds_after_the_game_ends(full):
    rec = copy.deepcopy(full)
    rec["rounds"].append(copy.deepcopy(rec["rounds"][9]))
    assert str(error_of(rec)) == "round 10: the game is already over"


def test_a_round_after_an_unfinished_one(full):
    rec = copy.deepcopy(full)
    rec["rounds"][4]["actions"] = rec["rounds"][4]["actions"][:3]
    del rec["rounds"][4]["scores"]
    assert str(error_of(rec)) == "round 5: the round before it is unfinished"


def test_deal_errors_are_located(full):
    rec = copy.deepcopy(full)
    rec["rounds"][2]["hands"][1][0] = rec["rounds"][2]["hands"][0][0]
    assert str(error_of(rec)).startswith("round 2: hand 1: ")
    rec = copy.deepcopy(full)
    rec["rounds"][6]["double"] = 9
    assert str(error_of(rec)).startswith("round 6: round 6 is played on the double-3")
    rec = copy.deepcopy(full)
    del rec["rounds"][0]["yard"]
    assert str(error_of(rec)) == "round 0: missing 'yard'"
    rec = copy.deepcopy(full)
    rec["rounds"][0]["yard"] = rec["rounds"][0]["yard"][:-1]
    assert "round 0: the yard must hold" in str(error_of(rec))
    rec = copy.deepcopy(full)
    rec["rounds"][1] = "round"
    assert str(error_of(rec)) == "round 1: a round is an object"


def test_scores_are_optional_but_must_match(full):
    rec = copy.deepcopy(full)
    for r in rec["rounds"]:
        del r["scores"]
    assert dumps(replay(rec).record()) == dumps(full)    # written back
    rec = copy.deepcopy(full)
    rec["rounds"][5]["scores"][0] += 1
    assert str(error_of(rec)).startswith("round 5: scores ")
    assert "do not match the rules'" in str(error_of(rec))


def test_an_unfinished_round_has_no_scores(partial):
    rec = copy.deepcopy(partial)
    rec["rounds"][-1]["scores"] = [0, 0, 0]
    assert str(error_of(rec)) == "round 2: an unfinished round has no scores"


def test_an_invalid_record_changes_nothing(full):
    rec = copy.deepcopy(full)
    rec["rounds"][9]["actions"][-1] = "draw"
    text = dumps(rec)
    error_of(rec)
    assert dumps(rec) == text


# -- step -------------------------------------------------------------------------

def test_step_replays_to_any_point(partial):
    total = sum(len(r["actions"]) for r in partial["rounds"])
    first = len(partial["rounds"][0]["actions"])
    g0 = replay(partial, step=0)
    assert g0.action_count() == 0 and g0.phase() == "play"
    g = replay(partial, step=5)
    assert g.action_count() == 5 and g.record()["rounds"][0]["actions"] == partial["rounds"][0]["actions"][:5]
    end1 = replay(partial, step=first)
    assert end1.phase() == "round-over" and end1.round_count() == 1
    last = replay(partial, step=total)
    assert dumps(last.record()) == dumps(partial)
    # The state at a step plays on like the original did.
    g.apply(partial["rounds"][0]["actions"][5])


def test_step_out_of_range(partial):
    total = sum(len(r["actions"]) for r in partial["rounds"])
    assert "step %d is past the record's end (%d actions)" % (total + 1, total) in str(error_of(partial, total + 1))
    assert "step must be a whole number" in str(error_of(partial, -1))


def test_step_still_validates_the_whole_record(partial):
    rec = copy.deepcopy(partial)
    rec["rounds"][-1]["actions"][-1] = "9-9>9-9"
    assert str(error_of(rec, 3)).startswith("round 2, action 6: ")


# -- the canonical form ------------------------------------------------------------

def test_dumps_is_canonical(full):
    text = dumps(full)
    assert text.startswith('{"format":"domino-record/1","game":"chicken-foot","players":3,"options":')
    assert " " not in text
    assert json.loads(text) == full
    # Key order does not depend on the dict's.
    shuffled = dict(reversed(list(full.items())))
    shuffled["rounds"] = [dict(reversed(list(r.items()))) for r in full["rounds"]]
    assert dumps(shuffled) == text
    r0 = text[text.index('"rounds":[{') + 11:]
    assert r0.startswith('"double":9,"first":')
    assert r0.index('"hands"') < r0.index('"yard"') < r0.index('"actions"') < r0.index('"scores"')


def test_dumps_escapes_strings():
    assert dumps({"names": ['a"b', "c\\d", "é\n"]}) == '{"names":["a\\"b","c\\\\d","é\\n"]}'
    assert json.loads(dumps(["\x01"])) == ["\x01"]


def test_actions_are_logged_in_canonical_notation():
    g = ChickenFoot(2)
    g.start_round(g.new_deal(Rng(9)))
    action = g.legal_actions()[0]
    tile, target = action.split(">")
    flipped = tile[::-1] + ">" + target[::-1]
    g.apply(" " + flipped + " ")
    assert g.record()["rounds"][0]["actions"] == [action]
    assert loads(dumps(g.record())) == g.record()
