"""The computer-player commands: move (the hint), solve, selfplay --levels, tournament."""

import json

import pytest

from engine.ai.moon_solver import solve
from engine.record import dumps, replay
from engine.tournament import without_times
from tests.helpers import ROOT, run_cli

def run(*args, stdin=None):
    return run_cli(*args, stdin=stdin, timeout=300)


def selfplay(*args):
    res = run("selfplay", *args)
    assert res.returncode == 0, res.stderr
    return json.loads(res.stdout)


def truncate(record, keep):
    """The record cut after ``keep`` actions of its first round (unfinished)."""
    rec = json.loads(json.dumps(record))
    rec["rounds"] = rec["rounds"][:1]
    rec["rounds"][0]["actions"] = rec["rounds"][0]["actions"][:keep]
    rec["rounds"][0].pop("scores", None)
    return rec


@pytest.mark.parametrize("game,args", [("moon", []), ("chicken-foot", ["--players", "3"])])
@pytest.mark.parametrize("level", ["easy", "medium"])
def test_move_is_legal_and_deterministic(game, args, level):
    rec = truncate(selfplay("--game", game, "--seed", "5", *args), 4)
    text = dumps(rec)
    legal = json.loads(run("legal", "-", stdin=text).stdout)
    first = run("move", "-", "--level", level, "--seed", "9", stdin=text)
    assert first.returncode == 0, first.stderr
    out = json.loads(first.stdout)
    assert out["seat"] == legal["seat"]
    assert out["action"] in legal["legal"]
    again = json.loads(run("move", "-", "--level", level, "--seed", "9", stdin=text).stdout)
    assert again == out


def test_move_rejects_finished_and_invalid_records(tmp_path):
    done = selfplay("--game", "chicken-foot", "--players", "2", "--seed", "1")
    res = run("move", "-", stdin=dumps(done))
    assert res.returncode == 1 and res.stdout == "" and "game is over" in res.stderr
    bad = truncate(done, 3)
    bad["rounds"][0]["actions"][1] = "9-9>0-0"
    res = run("move", "-", stdin=dumps(bad))
    assert res.returncode == 1 and res.stdout == ""
    assert "round 0, action 1:" in res.stderr


def test_solve_counts_won_tricks_plus_best_play():
    rec = selfplay("--game", "moon", "--seed", "11")
    # Find a hand that was played (not all-pass) and cut it mid-trick.
    for ri, rnd in enumerate(rec["rounds"]):
        acts = rnd["actions"]
        trump_at = [i for i, a in enumerate(acts) if a.startswith("trump")]
        if trump_at:
            break
    cut = json.loads(json.dumps(rec))
    cut["rounds"] = cut["rounds"][: ri + 1]
    cut["rounds"][ri]["actions"] = acts[: trump_at[0] + 1 + 8]   # two tricks and two tiles in
    cut["rounds"][ri].pop("scores", None)
    res = run("solve", "-", stdin=dumps(cut))
    assert res.returncode == 0, res.stderr
    out = json.loads(res.stdout)
    game = replay(cut)
    assert out["bidder"] == game.bidder
    expected = solve(list(game.hands), game.trump, game.leader, game.bidder, tuple(game.trick), game.won[game.bidder])
    assert out["tricks"] == expected
    assert game.won[game.bidder] <= out["tricks"] <= game.won[game.bidder] + 6


def test_solve_refuses_outside_play():
    rec = selfplay("--game", "moon", "--seed", "11")
    res = run("solve", "-", stdin=dumps(rec))
    assert res.returncode == 1 and res.stdout == "" and "play phase" in res.stderr
    res = run("solve", "-", stdin=dumps(selfplay("--game", "chicken-foot", "--seed", "1")))
    assert res.returncode == 1 and res.stdout == ""


def test_selfplay_levels_per_seat_replays():
    res = run("selfplay", "--game", "moon", "--seed", "4", "--levels", "easy,medium,random")
    assert res.returncode == 0, res.stderr
    game = replay(res.stdout)
    assert game.is_over()
    assert run("selfplay", "--game", "moon", "--seed", "4", "--levels", "easy,medium,random").stdout == res.stdout
    bad = run("selfplay", "--game", "moon", "--levels", "easy,medium")
    assert bad.returncode == 1 and "2 seats for 3 players" in bad.stderr
    bad = run("selfplay", "--game", "moon", "--level", "genius")
    assert bad.returncode == 1 and "unknown level" in bad.stderr


def test_tournament_rotates_seats_on_the_same_deals(tmp_path):
    res = run("tournament", "--game", "chicken-foot", "--seats", "easy,random", "--games", "4",
              "--seed", "3", "--records", str(tmp_path))
    assert res.returncode == 0, res.stderr
    out = json.loads(res.stdout)
    assert out["games"] == 4 and [e["level"] for e in out["seats"]] == ["easy", "random"]
    for e in out["seats"]:
        lo, hi = e["win_rate_ci95"]
        assert 0 <= lo <= e["win_rate"] <= hi <= 1
        assert e["decisions"] > 0 and e["decision_ms_p95"] >= e["decision_ms_median"] >= 0
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 4
    recs = [json.loads(f.read_text()) for f in files]
    # Duplicate style: games 0 and 1 share their deals with the levels swapped.
    assert recs[0]["names"] == ["easy", "random"] and recs[1]["names"] == ["random", "easy"]
    assert recs[0]["rounds"][0]["hands"] == recs[1]["rounds"][0]["hands"]
    for rec in recs:
        assert replay(rec).is_over()
    # Every game is won by someone; shared wins count for each winner.
    assert sum(e["won"] for e in out["seats"]) >= 4


# --- --iterations: a fixed budget, one answer everywhere ------------------------

def fixed_budget_lines():
    """tests/portable/fixed_budget.py's output on CPython (the other interpreters
    print the same bytes: tests/test_portability.py)."""
    from tests.interpreters import run_script

    return run_script("cpython", ROOT / "tests" / "portable" / "fixed_budget.py").splitlines()


def test_iterations_gives_the_portable_scripts_answers_run_after_run(tmp_path):
    lines = fixed_budget_lines()
    checked = 0
    k = 0
    while k < len(lines):
        command, args = lines[k].split(" ", 1)
        args = json.loads(args)
        if command in ("selfplay", "tournament"):
            expected = lines[k + 1]
            k += 2
        else:
            path = tmp_path / ("position-%d.json" % k)
            path.write_text(lines[k + 1])
            args = [str(path)] + args
            expected = lines[k + 2]
            k += 3
        for _ in range(2):     # and again: nothing depends on the machine's load
            res = run(command, *args)
            assert res.returncode == 0, res.stderr
            printed = res.stdout.strip()
            if command == "tournament":     # less its decision times, as the script prints it
                printed = dumps(without_times(json.loads(printed)))
            assert printed == expected
        checked += 1
    # Every command the script runs (fewer cases in CI than at nightly size: tests/portable/_nightly.py).
    commands = [line.split(" ", 1)[0] for line in lines if line.split(" ", 1)[0] in ("selfplay", "move", "tournament")]
    assert checked == len(commands) >= 4 and set(commands) == {"selfplay", "move", "tournament"}


def test_tournament_takes_iterations_and_repeats_exactly():
    args = ["tournament", "--game", "moon", "--seats", "hard,easy,easy", "--games", "3", "--seed", "2",
            "--iterations", "1"]
    first, second = run(*args), run(*args)
    assert first.returncode == 0, first.stderr
    strip = lambda text: [{k: v for k, v in e.items() if not k.startswith("decision_ms")}
                          for e in json.loads(text)["seats"]]
    assert strip(first.stdout) == strip(second.stdout)
    assert [e["games"] for e in json.loads(first.stdout)["seats"]] == [3, 3, 3]


@pytest.mark.parametrize("command", [["move", "-"], ["selfplay", "--game", "moon"],
                                     ["tournament", "--game", "moon", "--seats", "hard,easy,easy"]])
@pytest.mark.parametrize("value", ["0", "-3"])
def test_iterations_below_one_is_refused_plainly(command, value):
    res = run(*(command + ["--iterations", value]), stdin="")
    assert res.returncode == 1
    assert res.stdout == ""
    assert res.stderr.strip() == "error: --iterations must be at least 1, not %s" % value
