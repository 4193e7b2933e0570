"""``python -m engine analyse``, the worker's ``analyse`` and the registry's analysis hook."""

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine import games
from engine.ai.analysis import analyse
from engine.chickenfoot import ChickenFoot
from engine.moon import Moon
from engine.record import dumps
from engine.rng import Rng
from engine.tournament import pick

ROOT = Path(__file__).resolve().parent.parent


def run(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "engine"] + list(args), cwd=str(ROOT),
                          input=stdin, capture_output=True, text=True, timeout=300)


def moon_record(hands=1, seed=6):
    g = Moon()
    rng = Rng(seed)
    while g.round_count() < hands or g.current_seat() is not None:
        if g.current_seat() is None:
            g.start_round(g.new_deal(rng))
            continue
        g.apply(pick(g, "medium", rng.next64()))
    return g.record()


def cf_record(players=3, seed=2):
    g = ChickenFoot(players)
    rng = Rng(seed)
    for _ in range(2):
        g.start_round(g.new_deal(rng))
        while g.current_seat() is not None:
            g.apply(pick(g, "easy", rng.next64()))
    return g.record()


@pytest.fixture(scope="module")
def moon_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("rec") / "moon.json"
    path.write_text(dumps(moon_record()), encoding="utf-8")
    return path


def test_moon_analysis_on_the_command_line_is_exact_and_deterministic(moon_file):
    out = run("analyse", str(moon_file), "--iterations", "1")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["game"] == "moon" and data["round"] == 0 and data["sees"] == "every hand"
    assert data["decisions"] and all("verdict" in d and d["alternatives"] for d in data["decisions"])
    assert out.stdout == run("analyse", str(moon_file), "--iterations", "1").stdout
    assert json.loads(out.stdout) == analyse(json.loads(moon_file.read_text()), {"iterations": 1})
    seat = run("analyse", str(moon_file), "--iterations", "1", "--seat", "1", "--round", "0")
    assert {d["seat"] for d in json.loads(seat.stdout)["decisions"]} <= {1}


def test_chicken_foot_analysis_on_the_command_line_from_standard_input():
    text = dumps(cf_record())
    out = run("analyse", "-", "--round", "1", "--seat", "2", "--iterations", "3", "--seed", "4", stdin=text)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["game"] == "chicken-foot" and data["round"] == 1 and data["seat"] == 2
    assert data["worlds"] == 3 and data["estimate"] is True
    assert data["decisions"] and {d["seat"] for d in data["decisions"]} == {2}
    again = run("analyse", "-", "--round", "1", "--seat", "2", "--iterations", "3", "--seed", "4", stdin=text)
    assert again.stdout == out.stdout
    other = run("analyse", "-", "--round", "1", "--seat", "2", "--iterations", "3", "--seed", "5", stdin=text)
    assert other.returncode == 0 and other.stdout != out.stdout     # the seed matters


def test_an_unfinished_moon_hand_and_bad_arguments_exit_1_with_a_reason(tmp_path):
    g = Moon()
    rng = Rng(1)
    g.start_round(g.new_deal(rng))
    for _ in range(6):
        g.apply(pick(g, "medium", rng.next64()))
    path = tmp_path / "unfinished.json"
    path.write_text(dumps(g.record()), encoding="utf-8")
    out = run("analyse", str(path))
    assert out.returncode == 1 and "offered only for a finished hand" in out.stderr and out.stdout == ""
    text = dumps(cf_record())
    for args, words in [(["--round", "5"], "round 5 does not exist"), (["--seat", "3"], "seat must be 0 to 2"),
                        (["--iterations", "0"], "iterations must be"), (["--threshold", "-1"], "threshold must be")]:
        out = run("analyse", "-", *args, stdin=text)
        assert out.returncode == 1 and words in out.stderr, (args, out.stderr)
    out = run("analyse", str(tmp_path / "missing.json"))
    assert out.returncode == 1 and "cannot read" in out.stderr
    out = run("analyse", "-", stdin='{"format": "domino-record/1", "game": "moon", "players": 3}')
    assert out.returncode == 1 and "no round to analyse" in out.stderr


def worker():
    spec = importlib.util.spec_from_file_location("boneyard_worker_analysis", ROOT / "web" / "worker.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_worker_exports_analyse_json_in_json_out():
    w = worker()
    assert "analyse" in w.__export__
    rec = cf_record()
    seen = []
    text = w.analyse(dumps(rec), json.dumps({"round": 0, "seat": 1, "iterations": 2}),
                     lambda done, total: seen.append((done, total)))
    assert json.loads(text) == analyse(rec, {"round": 0, "seat": 1, "iterations": 2})
    assert seen and seen[-1][0] == seen[-1][1]
    bad = json.loads(w.analyse(dumps(rec), json.dumps({"seat": 7})))
    assert bad["key"] == "analysis.bad_seat" and "seat must be" in bad["error"]
    stopped = json.loads(w.analyse(dumps(rec), json.dumps({"round": 0, "seat": 1, "iterations": 2}),
                                   lambda done, total: False))
    assert stopped["key"] == "analysis.cancelled"
    assert json.loads(w.analyse("not json"))["key"] == "record.not_json"


def test_the_worker_runs_an_analysis_in_slices_to_the_same_result_and_cancels():
    w = worker()
    rec = cf_record()
    options = json.dumps({"round": 0, "seat": 1, "iterations": 2})
    assert w.analyse_start(dumps(rec), options) == "{}"
    seen = []
    while True:
        out = json.loads(w.analyse_more(0))     # one unit a call
        assert "error" not in out
        seen.append((out["done"], out["total"]))
        if "result" in out:
            break
    assert out["result"] == analyse(rec, {"round": 0, "seat": 1, "iterations": 2})
    assert len(seen) > 2 and [d for d, _ in seen] == sorted(d for d, _ in seen) and seen[-1][0] == seen[-1][1]
    # Finished: nothing more to run.  Cancelled: the same.
    assert json.loads(w.analyse_more(0))["error"] == "no analysis was started"
    w.analyse_start(dumps(rec), options)
    w.analyse_more(0)
    assert w.analyse_cancel() == "{}" and "error" in json.loads(w.analyse_more(0))
    # A bad option shows at the first slice, with its catalog key.
    w.analyse_start(dumps(rec), json.dumps({"seat": 7}))
    assert json.loads(w.analyse_more(50))["key"] == "analysis.bad_seat"
    for name in ["analyse_start", "analyse_more", "analyse_cancel"]:
        assert name in w.__export__


def test_every_game_names_its_analysis_in_the_registry():
    for info in games.all_games():
        module = info.analysis_module()
        assert callable(module.analyse_round), info.name


def test_the_analysis_errors_people_may_meet_are_translated():
    from web.app import i18n
    from engine.game import GameError

    catalogs = {}
    for lang in ["en", "sq", "lv", "sw"]:
        catalogs[lang] = json.loads((ROOT / "web" / "i18n" / (lang + ".json")).read_text(encoding="utf-8"))
        i18n.install(lang, catalogs[lang])
    unfinished = Moon()
    unfinished.start_round(unfinished.new_deal(Rng(1)))
    errors = []
    for record, options, progress in [(unfinished.record(), None, None), (cf_record(), {"round": 9}, None),
                                      (cf_record(), {"seat": 5}, None), (cf_record(), {"iterations": 0}, None),
                                      (cf_record(), {"x": 1}, None), (cf_record(), [], None),
                                      ({"format": "domino-record/1", "game": "moon", "players": 3}, None, None),
                                      (cf_record(), {"iterations": 1}, lambda d, t: False)]:
        with pytest.raises(GameError) as err:
            analyse(record, options, progress)
        errors.append(err.value)
    assert sorted(e.key for e in errors) == sorted(k for k in catalogs["en"] if k.startswith("analysis."))
    try:
        for exc in errors:
            i18n.set_language("en")
            assert i18n.error_text(exc) == str(exc)
            for lang in ["sq", "lv", "sw"]:
                i18n.set_language(lang)
                assert i18n.error_text(exc) != str(exc), (lang, str(exc))
    finally:
        i18n.set_language("en")


def test_one_decision_alone_is_the_same_as_in_the_whole_analysis():
    from engine.ai.analysis import decision_steps, drain, locate

    moon = Moon()
    rng = Rng(7)
    moon.start_round(moon.new_deal(rng))
    while moon.current_seat() is not None:
        moon.apply(pick(moon, "easy", rng.next64()))
    for rec, options in [(moon.record(), {"iterations": 1}), (cf_record(), {"iterations": 2, "seat": 1})]:
        rounds = rec["rounds"]
        whole = analyse(rec, dict(options, round=0))
        start = 0
        for d in whole["decisions"]:
            alone = drain(decision_steps(rec, start + d["index"] + 1, {"iterations": options["iterations"]}))
            for key in ("action", "verdict", "value", "cost", "seat", "index"):
                assert alone.get(key) == d.get(key), (rec["game"], d["index"], key)
            if rec["game"] == "moon" and d["phase"] == "bidding":
                assert alone["hard"] is None
        assert drain(decision_steps(rec, 0)) is None
        assert locate(rounds, 1) == (0, 0) and locate(rounds, 0) is None
        assert locate(rounds, sum(len(r["actions"]) for r in rounds) + 1) is None
