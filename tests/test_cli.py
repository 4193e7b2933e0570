"""The command line, ``python3 -m engine replay|legal|selfplay``, on Chicken Foot."""

import copy
import json

import pytest

from engine.record import dumps, replay
from engine.rng import Rng
from engine.chickenfoot import ChickenFoot
from tests.helpers import run_cli

run = run_cli


@pytest.fixture(scope="module")
def selfplayed():
    out = run("selfplay", "--game", "chicken-foot", "--players", "4", "--seed", "17")
    assert out.returncode == 0, out.stderr
    return out.stdout


def unfinished_record():
    rng = Rng(5)
    g = ChickenFoot(5)
    for _ in range(2):
        g.start_round(g.new_deal(rng))
        while g.current_seat() is not None:
            g.apply(rng.choice(g.legal_actions()))
    g.start_round(g.new_deal(rng))
    for _ in range(9):
        g.apply(rng.choice(g.legal_actions()))
    return g


def test_selfplay_is_deterministic_and_replays(selfplayed):
    again = run("selfplay", "--game", "chicken-foot", "--players", "4", "--seed", "17")
    assert again.stdout == selfplayed
    other = run("selfplay", "--game", "chicken-foot", "--players", "4", "--seed", "18")
    assert other.stdout != selfplayed
    rec = json.loads(selfplayed)
    assert rec["game"] == "chicken-foot" and rec["players"] == 4 and len(rec["rounds"]) == 10
    assert selfplayed.strip() == dumps(rec)          # canonical form, one line
    g = replay(rec)
    assert g.is_over() and dumps(g.record()) == dumps(rec)


def test_selfplay_options_and_default_players():
    out = run("selfplay", "--game", "chicken-foot", "--seed", "2",
              "--options", '{"spokes": 6, "double_blank_50": true}')
    assert out.returncode == 0, out.stderr
    rec = json.loads(out.stdout)
    assert rec["players"] == 4
    assert rec["options"] == {"spokes": 6, "yard_reserve": 1, "double_blank_50": True}
    assert replay(rec).is_over()


@pytest.mark.parametrize("options, words", [
    ('{"spokes": 2}', "option 'spokes'"),
    ('{"colour": 1}', "unknown option 'colour'"),
    ("{nope", "--options is not valid JSON"),
])
def test_selfplay_bad_options(options, words):
    out = run("selfplay", "--game", "chicken-foot", "--players", "3", "--options", options)
    assert out.returncode == 1 and out.stdout == ""
    assert words in out.stderr


def test_replay_of_a_complete_record(tmp_path, selfplayed):
    path = tmp_path / "game.json"
    path.write_text(selfplayed, encoding="utf-8")
    out = run("replay", str(path))
    assert out.returncode == 0, out.stderr
    summary = json.loads(out.stdout)
    g = replay(selfplayed)
    assert summary == {"game": "chicken-foot", "rounds": g.round_scores(), "totals": g.totals(),
                       "finished": True, "winners": g.winners()}
    assert len(summary["rounds"]) == 10 and summary["winners"]
    assert summary["totals"] == [sum(r[s] for r in summary["rounds"]) for s in range(4)]


def test_replay_from_standard_input(selfplayed):
    out = run("replay", "-", stdin=selfplayed)
    assert out.returncode == 0
    assert json.loads(out.stdout)["finished"] is True


def test_replay_of_an_unfinished_record(tmp_path):
    g = unfinished_record()
    path = tmp_path / "part.json"
    path.write_text(dumps(g.record()), encoding="utf-8")
    out = run("replay", str(path))
    assert out.returncode == 0, out.stderr
    summary = json.loads(out.stdout)
    assert summary["finished"] is False and summary["winners"] == []
    assert summary["rounds"] == g.round_scores() and len(summary["rounds"]) == 2
    assert summary["totals"] == g.totals()


def test_legal_at_the_end_of_an_unfinished_record(tmp_path):
    g = unfinished_record()
    path = tmp_path / "part.json"
    path.write_text(dumps(g.record()), encoding="utf-8")
    out = run("legal", str(path))
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == {"seat": g.current_seat(), "legal": g.legal_actions()}
    out = run("legal", "-", stdin=dumps(g.record()))
    assert json.loads(out.stdout)["legal"] == g.legal_actions()


def test_legal_when_nobody_is_to_act(tmp_path, selfplayed):
    out = run("legal", "-", stdin=selfplayed)
    assert out.returncode == 1 and out.stdout == ""
    assert "game is over" in out.stderr


@pytest.mark.parametrize("command", ["replay", "legal"])
def test_invalid_record_exit_1_with_located_reason(tmp_path, selfplayed, command):
    rec = json.loads(selfplayed)
    bad = copy.deepcopy(rec)
    bad["rounds"][3]["actions"][2] = "9-9>0-0"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad), encoding="utf-8")
    out = run(command, str(path))
    assert out.returncode == 1
    assert out.stdout == ""
    assert out.stderr.startswith("error: round 3, action 2: ")


def test_invalid_deal_and_text(tmp_path, selfplayed):
    rec = json.loads(selfplayed)
    rec["rounds"][1]["first"] = 7
    out = run("replay", "-", stdin=json.dumps(rec))
    assert out.returncode == 1 and out.stdout == ""
    assert out.stderr.startswith("error: round 1: first must be a seat")
    out = run("replay", "-", stdin="not json")
    assert out.returncode == 1 and out.stdout == "" and "not valid JSON" in out.stderr
    out = run("replay", str(tmp_path / "missing.json"))
    assert out.returncode == 1 and out.stdout == "" and "cannot read" in out.stderr


def test_selfplay_stop_after_writes_the_unfinished_records_the_readme_uses(tmp_path):
    # The README's recipe for unfinished.json and moon-hand.json.
    out = run("selfplay", "--game", "chicken-foot", "--players", "4", "--seed", "7",
              "--levels", "hard,medium,easy,easy", "--stop-after", "25")
    assert out.returncode == 0, out.stderr
    g = replay(out.stdout)
    assert g.action_count() == 25 and g.current_seat() is not None
    path = tmp_path / "unfinished.json"
    path.write_text(out.stdout)
    legal = json.loads(run("legal", str(path)).stdout)
    assert legal["seat"] == g.current_seat() and len(legal["legal"]) > 1
    moon = run("selfplay", "--game", "moon", "--seed", "3", "--stop-after", "30")
    assert replay(moon.stdout).phase() == "play"
    path = tmp_path / "moon-hand.json"
    path.write_text(moon.stdout)
    solved = run("solve", str(path))
    assert solved.returncode == 0 and set(json.loads(solved.stdout)) == {"bidder", "tricks"}
    bad = run("selfplay", "--game", "moon", "--stop-after", "-1")
    assert bad.returncode == 1 and "--stop-after must be 0 or more" in bad.stderr and bad.stdout == ""
