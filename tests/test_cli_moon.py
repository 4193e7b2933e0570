"""The command line (``python3 -m engine``) with Moon records, through a real subprocess."""

import json

import pytest

from engine.moon import Moon
from engine.record import dumps, replay
from tests.helpers import run_cli

A = ["6-6", "6-5", "6-4", "6-3", "6-2", "6-1", "1-1"]
B = ["5-5", "5-4", "5-3", "5-2", "5-1", "4-4", "4-3"]
C = ["4-2", "4-1", "3-3", "3-2", "3-1", "2-2", "2-1"]

run = run_cli


def game_record(hands):
    """A record: hand 0 all pass; hand 1 seat 1 bids 21 with the six sixes and makes it."""
    g = Moon(3, names=["Ana", "Ben", "Cy"])
    g.start_round({"first": 0, "hands": [A, B, C], "widow": "0-0"})
    for a in ["pass", "pass", "pass"]:
        g.apply(a)
    if hands == 1:
        return g.record()
    g.start_round({"first": 1, "hands": [B, A, C], "widow": "0-0"})
    for a in ["21", "discard 0-0", "trump 6"]:
        g.apply(a)
    while g.current_seat() is not None:
        g.apply(g.legal_actions()[0])
    return g.record()


def write(tmp_path, rec, name="game.json"):
    path = tmp_path / name
    path.write_text(rec if isinstance(rec, str) else json.dumps(rec))
    return str(path)


def test_replay_of_a_finished_game(tmp_path):
    res = run("replay", write(tmp_path, game_record(2)))
    assert res.returncode == 0, res.stderr
    assert res.stderr == ""
    assert json.loads(res.stdout) == {"game": "moon", "rounds": [[0, 0, 0], [0, 21, 0]], "totals": [0, 21, 0],
                                      "finished": True, "winners": [1]}


def test_replay_from_standard_input():
    res = run("replay", "-", stdin=json.dumps(game_record(2)))
    assert res.returncode == 0 and json.loads(res.stdout)["winners"] == [1]


def test_replay_and_legal_of_an_unfinished_game(tmp_path):
    rec = game_record(2)
    rec["rounds"][1]["actions"] = rec["rounds"][1]["actions"][:5]
    del rec["rounds"][1]["scores"]
    path = write(tmp_path, rec)
    res = run("replay", path)
    assert res.returncode == 0, res.stderr
    assert json.loads(res.stdout) == {"game": "moon", "rounds": [[0, 0, 0]], "totals": [0, 0, 0],
                                      "finished": False, "winners": []}
    res = run("legal", path)
    assert res.returncode == 0, res.stderr
    expected = replay(rec)
    assert json.loads(res.stdout) == {"seat": expected.current_seat(), "legal": expected.legal_actions()}
    assert json.loads(res.stdout)["seat"] == 0       # seat 1 led 6-6, then 6-5; seat 0 follows


@pytest.mark.parametrize("phase_actions,seat,legal", [
    ([], 1, ["pass", "4", "5", "6", "7", "21"]),
    (["5"], 2, ["pass", "6", "7", "21"]),
    (["21"], 1, ["discard " + x for x in A + ["0-0"]]),
    (["21", "discard 0-0"], 1, ["trump %s" % x for x in ["0", "1", "2", "3", "4", "5", "6", "doubles", "none"]]),
])
def test_legal_in_every_phase(tmp_path, phase_actions, seat, legal):
    rec = game_record(2)
    rec["rounds"][1]["actions"] = phase_actions
    del rec["rounds"][1]["scores"]
    res = run("legal", write(tmp_path, rec))
    assert res.returncode == 0, res.stderr
    assert json.loads(res.stdout) == {"seat": seat, "legal": legal}


def test_legal_when_nobody_is_to_act(tmp_path):
    res = run("legal", write(tmp_path, game_record(2)))
    assert res.returncode == 1 and res.stdout == ""
    assert "game is over" in res.stderr
    res = run("legal", write(tmp_path, game_record(1)))
    assert res.returncode == 1 and res.stdout == "" and "round is over" in res.stderr


def spoil_action(index, action):
    def spoil(rec):
        rec["rounds"][1]["actions"][index] = action
    return spoil


INVALID = [
    (spoil_action(0, "3"), "round 1, action 0: in the bidding the actions are pass, 4, 5, 6, 7 or 21, not '3'"),
    (spoil_action(1, "discard 5-5"), "round 1, action 1: you do not hold 5-5"),
    (spoil_action(2, "trump 9"), "round 1, action 2: trumps are a number 0-6, 'doubles' or 'none', not '9'"),
    (spoil_action(3, "1-1"), "round 1, action 4: you must follow suit 1: you hold 4-1, 3-1, 2-1"),
    (spoil_action(3, "6-6 "), None),   # accepted spelling: not an error (checked separately)
    (lambda rec: rec["rounds"][1]["actions"].append("6-6"), "round 1, action 24: the round is already over"),
    (lambda rec: rec["rounds"][0].__setitem__("actions", ["4", "4", "pass"]),
     "round 0, action 1: bid must be higher than 4"),
    (lambda rec: rec["rounds"][1].__setitem__("first", 0), "round 1: first must be seat 1 in hand 1"),
    (lambda rec: rec["rounds"][1]["hands"][2].__setitem__(0, "6-6"), "round 1: tile 6-6 is dealt twice"),
    (lambda rec: rec["rounds"][1].__setitem__("widow", "6-0"), "round 1: the widow: 6-0 is not in the Moon set"),
    (lambda rec: rec["rounds"][1]["hands"][0].pop(), "round 1: hand 0 must be a list of 7 tiles"),
    (lambda rec: rec["rounds"][1].__setitem__("scores", [0, 7, 0]),
     "round 1: scores [0,7,0] do not match the rules' [0,21,0]"),
    (lambda rec: rec["rounds"][0].__setitem__("scores", [0, 0, 1]), "round 0: scores"),
    (lambda rec: rec["rounds"].append({"first": 2, "hands": [A, B, C], "widow": "0-0", "actions": []}),
     "round 2: the game is already over"),
    (lambda rec: rec.__setitem__("players", 4), "exactly 3 players"),
    (lambda rec: rec.__setitem__("options", {"spokes": 3}), "unknown option 'spokes'"),
    (lambda rec: rec["rounds"][1].pop("widow"), "round 1: missing 'widow'"),
]


@pytest.mark.parametrize("spoil,message", [x for x in INVALID if x[1]])
def test_invalid_records_are_reported_with_round_and_action(tmp_path, spoil, message):
    rec = game_record(2)
    spoil(rec)
    res = run("replay", write(tmp_path, rec))
    assert res.returncode == 1
    assert res.stdout == ""
    assert res.stderr.startswith("error: ")
    assert message in res.stderr, res.stderr


def test_a_replayed_record_written_back_is_canonical(tmp_path):
    rec = game_record(2)
    rec["rounds"][1]["actions"][3] = "6-6 "
    rec["rounds"][1]["hands"][1] = [x[::-1] for x in A]
    res = run("replay", write(tmp_path, rec))
    assert res.returncode == 0, res.stderr
    assert dumps(replay(rec).record()) == dumps(game_record(2))


def test_not_json(tmp_path):
    res = run("replay", write(tmp_path, "{not json"))
    assert res.returncode == 1 and res.stdout == "" and "not valid JSON" in res.stderr


def test_selfplay_is_deterministic_and_replayable(tmp_path):
    first = run("selfplay", "--game", "moon", "--seed", "7")
    assert first.returncode == 0, first.stderr
    second = run("selfplay", "--game", "moon", "--seed", "7")
    assert first.stdout == second.stdout
    other = run("selfplay", "--game", "moon", "--seed", "8")
    assert other.stdout != first.stdout
    rec = json.loads(first.stdout)
    assert rec["game"] == "moon" and rec["players"] == 3 and rec["options"] == {}
    assert first.stdout.strip() == dumps(rec)
    res = run("replay", write(tmp_path, first.stdout))
    assert res.returncode == 0, res.stderr
    summary = json.loads(res.stdout)
    assert summary["finished"] is True and len(summary["winners"]) == 1
    assert summary["rounds"] == [r["scores"] for r in rec["rounds"]]


def test_selfplay_rejects_other_player_counts():
    res = run("selfplay", "--game", "moon", "--players", "4", "--seed", "1")
    assert res.returncode == 1 and res.stdout == "" and "exactly 3 players" in res.stderr
