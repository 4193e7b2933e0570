"""The review's analysis panel (app/analysis_view.py): verdicts in words, the list, the chart."""

import json
import re
import sys

import pytest

from conftest import ROOT

sys.path.insert(0, str(ROOT / "web"))

from app import analysis_view as view  # noqa: E402
from app import i18n  # noqa: E402
from app import verdicts  # noqa: E402
from engine.ai.analysis import analyse  # noqa: E402
from engine.chickenfoot import ChickenFoot  # noqa: E402
from engine.moon import Moon  # noqa: E402
from engine.rng import Rng  # noqa: E402
from engine.tournament import pick  # noqa: E402

NAMES = ["<b>Ana</b>", "Ben", "Cleo", "Dev"]


@pytest.fixture(autouse=True)
def english():
    for lang in i18n.LANGS:
        i18n.install(lang, json.loads((ROOT / "web" / "i18n" / (lang + ".json")).read_text(encoding="utf-8")))
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def first_round(game, seed, level="easy"):
    rng = Rng(seed)
    game.start_round(game.new_deal(rng))
    while game.current_seat() is not None:
        game.apply(pick(game, level, rng.next64()))
    return game.record()


@pytest.fixture(scope="module")
def moon():
    for seed in range(1, 40):
        rec = first_round(Moon(), seed)
        if len(rec["rounds"][0]["actions"]) > 3:
            out = analyse(rec, {"round": 0, "seat": 0, "iterations": 1})
            if any(d["cost"] for d in out["decisions"]):
                return out
    raise AssertionError("no seeded hand with a costly decision")


@pytest.fixture(scope="module")
def cf():
    return analyse(first_round(ChickenFoot(4), 3), {"round": 0, "seat": 0, "iterations": 6})


def test_pips_are_tenths_rounded():
    assert [verdicts.pips(v) for v in (0, 4, 5, 420, 1234, -250)] == ["0", "0", "0.1", "4.2", "12.3", "-2.5"]


def test_actions_in_words():
    assert verdicts.action_text("9-5>9-9") == "9-5 on 9-9"
    assert verdicts.action_text("discard 3-1") == "discard 3-1"
    assert verdicts.action_text("6-4") == "6-4"
    assert [verdicts.action_text(a) for a in ("pass", "5", "trump doubles", "trump 4")] == [
        "Pass", "Bid 5", "Trump doubles", "Trump 4"]


def test_a_bid_of_21_is_named_shooting_the_moon_in_every_language():
    """Beside "first to 21", a button "Bid 21" read as a bid of the game's target. The play
    screen's button and the analysis name it as the rules do, in each language."""
    from app import screens

    try:
        for lang in ("en", "lv", "sq", "sw"):
            i18n.install(lang, json.loads((ROOT / "web" / "i18n" / ("%s.json" % lang)).read_text("utf-8")))
            i18n.set_language(lang)
            plain = i18n.t("action.bid", bid="21")
            named = screens.action_label("21")
            assert "21" in named and named != plain and named.startswith(plain), (lang, named)
            assert verdicts.action_text("21") == named and screens.action_label("5") == i18n.t("action.bid", bid="5")
    finally:
        i18n.set_language("en")


def test_moon_verdicts_say_best_or_the_cost_and_the_better_choice(moon):
    for d in moon["decisions"]:
        text = verdicts.say_verdict("moon", d)
        if d["cost"] == 0:
            assert text.startswith("best:")
        else:
            unit = "point" if d["unit"] == "points" else "trick"
            assert re.match(r"cost %d %ss?: " % (d["cost"], unit), text), text
            assert verdicts.action_text(verdicts.best_action(d)) in text and str(d["best"]) in text
            better = [a for a in d["alternatives"] if a["action"] == verdicts.best_action(d)][0]
            assert better["value"] == d["best"]


def test_the_list_is_costliest_first_and_each_button_jumps_to_its_step(moon):
    html = view.results(moon, 10, 10, NAMES)
    button = r"<button type=\"button\" id=\"an-jump-\d+\" data-analysis=\"jump\" data-step=\"(\d+)\""
    steps = [int(s) for s in re.findall(button, html)]
    listed = view.decisions(moon)
    assert steps == [10 + d["index"] + 1 for d in listed] and len(steps) == len(moon["decisions"])
    costs = [d["cost"] for d in listed]
    assert costs == sorted(costs, reverse=True) and costs[0] > 0
    # Names are escaped and isolated; nothing of the markup passes through.
    assert "<b>Ana</b>" not in html and "&lt;b&gt;Ana&lt;/b&gt;" in html


def test_the_chart_has_a_point_per_move_and_is_a_labelled_slider(moon, cf):
    for result in (moon, cf):
        line = result["line"]
        html = view.chart(result, 0, line[2]["index"] + 1, NAMES)
        assert html.count("<circle") == len(line)
        assert 'role="slider"' in html and 'tabindex="0"' in html and 'aria-valuemax="%d"' % len(line) in html
        assert 'aria-valuenow="3"' in html and html.count("an-now") == 1
        steps = re.search(r'data-steps="([\d ]+)"', html).group(1).split()
        assert steps == [str(p["index"] + 1) for p in line]
    assert "The bidder" in view.chart(moon, 0, 1, NAMES)
    assert "expected round score" in view.chart(cf, 0, 1, NAMES)


def test_chicken_foot_says_estimate_and_the_step_shown(cf):
    judged = [d for d in cf["decisions"] if d["verdict"] != "forced"]
    for d in judged:
        assert "(estimate)" in verdicts.say_verdict("chicken-foot", d)
    d = judged[0]
    html = view.results(cf, 0, d["index"] + 1, NAMES)
    html = re.sub(r'<span class="tile-name">([^<]*)</span>', r"\1", html)   # each tile's name kept whole on screen
    assert re.search(r'id="an-here"[^>]*>This step: %s, ' % re.escape(verdicts.action_text(d["action"])), html)
    assert "This step: no decision judged here." in view.results(cf, 0, 0, NAMES)


def test_the_panel_idle_running_done_and_failed(cf):
    idle = view.panel("chicken-foot", 0, NAMES, 48, None, None, 0, 5)
    assert 'data-analysis-state="idle"' in idle and 'data-analysis="start"' in idle and "Analyse this round" in idle
    assert "48 deals" in idle and 'id="an-seat"' in idle
    running = view.panel("chicken-foot", 0, NAMES, 48, {"done": 30, "total": 120}, None, 0, 5)
    assert '<progress id="an-progress" max="120" value="30"' in running and "25%" in running
    assert 'data-analysis="cancel"' in running and "disabled" in running.split('id="an-seat"')[1][:20]
    failed = view.panel("moon", 0, NAMES, 48, {"error": "no worker"}, None, 0, 5)
    assert 'role="alert"' in failed and "no worker" in failed and "Analyse this hand" in failed
    done = view.panel("chicken-foot", 0, NAMES, 48, None, cf, 0, 5)
    assert 'data-analysis-state="done"' in done and 'id="an-chart"' in done


def test_every_language_words_the_panel(moon, cf):
    for lang in i18n.LANGS[1:]:
        i18n.set_language(lang)
        for result, game in ((moon, "moon"), (cf, "chicken-foot")):
            html = view.panel(game, 0, NAMES, 48, None, result, 0, 5)
            assert "analyse." not in html, (lang, re.findall(r"analyse\.[a-z_]+", html))


def test_the_game_s_own_review_judges_only_the_people_s_seats():
    # The replay may reveal every hand, so any seat; the game's own review (no peeking): only people's.
    everyone = view.panel("chicken-foot", 0, NAMES, 48, None, None, 0, 5)
    assert everyone.count("<option") == 4
    two = view.panel("chicken-foot", 2, NAMES, 48, None, None, 0, 5, allowed=[0, 2])
    assert re.findall(r'<option value="(\d)"', two) == ["0", "2"] and '<option value="2" selected>' in two
    assert 'id="an-seat"' not in view.panel("chicken-foot", 0, NAMES, 48, None, None, 0, 5, allowed=[0])
