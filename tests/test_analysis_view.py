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


def test_a_pip_is_one_and_a_tenth_is_plural():
    """"about 1 pips more than 1-1 on 2-1": a whole pip takes its number's form, a fraction "other"."""
    d = {"verdict": "close", "cost": 100, "best": 0, "alternatives": [{"action": "1-1>2-1", "value": 0}]}
    assert verdicts.say_verdict("chicken-foot", d) == "close to best: about 1 pip more than 1-1 on 2-1 (estimate)"
    d["cost"] = 120
    assert "about 1.2 pips more" in verdicts.say_verdict("chicken-foot", d)
    assert verdicts.say_verdict("chicken-foot", {"verdict": "best", "value": 100}) == "best: about 1 pip expected (estimate)"
    assert view.chart_value({"game": "chicken-foot"}, 300) == "about 3 pips"


def test_a_fraction_is_written_as_the_language_writes_it():
    """Latvian and Albanian write 4,2; the analysis and the history's averages wrote 4.2."""
    from app import history_view

    d = {"verdict": "close", "cost": 420, "best": 0, "alternatives": [{"action": "1-1>2-1", "value": 0}]}
    try:
        for lang, said in (("en", "4.2"), ("sw", "4.2"), ("lv", "4,2"), ("sq", "4,2")):
            i18n.set_language(lang)
            assert verdicts.pips(420) == said and verdicts.pips(-250) == "-2" + said[1] + "5"
            assert (" %s " % said) in verdicts.say_verdict("chicken-foot", d)
            assert history_view.average({"total": 25, "played": 2}) == "12" + said[1] + "5"
            assert history_view.average({"total": 24, "played": 2}) == "12"
            # Moon's totals may be below nothing: -5 in two games is -2.5 (it read -3.5).
            assert history_view.average({"total": -5, "played": 2}) == "-2" + said[1] + "5"
            assert history_view.average({"total": -1, "played": 3}) == "-0" + said[1] + "3"
    finally:
        i18n.set_language("en")


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


# The axis labels' boxes as a browser lays them out (.an-tick: 10px in the chart's units):
# DejaVu Sans, Debian's system-ui, has the widest digits of the usual UI fonts (0.64 em);
# the box runs from the ascent (0.93 em) above the baseline to the descent (0.24 em) below.
TICK_ADVANCE = {".": 3.2, ",": 3.2, "-": 3.7}
DIGIT_ADVANCE = 6.4


def tick_boxes(svg):
    out = []
    for attrs, text in re.findall(r'<text class="an-tick"([^>]*)>([^<]*)</text>', svg):
        x = float(re.search(r' x="([-\d.]+)"', attrs).group(1))
        y = float(re.search(r' y="([-\d.]+)"', attrs).group(1))
        width = sum(TICK_ADVANCE.get(c, DIGIT_ADVANCE) for c in text)
        anchor = re.search(r' text-anchor="(\w+)"', attrs)
        x0 = {"end": x - width, "middle": x - width / 2}.get(anchor.group(1) if anchor else "start", x)
        out.append((text, (x0, y - 9.3, x0 + width, y + 2.4)))
    return out


def dot_boxes(svg):
    """Each point's drawn disc with its stroke (the shown one: 3 wide, the others 1.5)."""
    out = []
    for cls, cx, cy, r in re.findall(r'<circle class="([^"]*)" cx="([-\d.]+)" cy="([-\d.]+)" r="(\d+)"', svg):
        reach = float(r) + (1.5 if "an-now" in cls else 0.75)
        out.append((float(cx) - reach, float(cy) - reach, float(cx) + reach, float(cy) + reach))
    return out


def seeded_result(seed):
    """A round's analysis as the chart reads it: a Moon hand's tricks (0-7) or a Chicken Foot
    round's expected score in hundredths of a pip, 1 to 80 points, small and large values."""
    rng = Rng(seed)
    n = 1 + rng.below(80)
    index = sorted(rng.below(4 * n + 4) for _ in range(n))
    if seed % 3 == 0:
        line = [{"index": i, "tricks": rng.below(8)} for i in index]
        game = "moon"
    else:
        base, spread = rng.below(30000), 1 + rng.below(6000)
        line = [{"index": i, "value": base + rng.below(spread)} for i in index]
        game = "chicken-foot"
    decisions = [{"index": p["index"], "verdict": ("best", "cost", "costly")[rng.below(3)], "cost": 0}
                 for p in line]
    return {"game": game, "seat": 0, "line": line, "decisions": decisions}


def test_no_point_of_the_chart_covers_an_axis_label(moon, cf):
    """The lowest label ("13.1") was drawn at x=2, under the first point (a phone: label
    21-46 px, point 29-40 px, on one height): the round's lowest value could not be read.
    Over many seeded charts of both games, each point shown in turn at either end: no point's
    disc touches a label's box, and each label lies within the chart."""
    cases = [(moon, 0), (cf, 0)] + [(seeded_result(seed), seed) for seed in range(300)]
    checked = 0
    for result, seed in cases:
        line = result["line"]
        for shown in (line[0], line[-1], line[seed % len(line)]):
            svg = view.chart(result, 0, shown["index"] + 1, NAMES)
            w, h = [float(v) for v in re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg).groups()]
            ticks, dots = tick_boxes(svg), dot_boxes(svg)
            assert len(ticks) == 2 and len(dots) == len(line)
            for text, (x0, y0, x1, y1) in ticks:
                assert 0 <= x0 and x1 <= w and 0 <= y0 and y1 <= h, (seed, text, (x0, y0, x1, y1))
                for d in dots:
                    assert d[2] <= x0 or x1 <= d[0] or d[3] <= y0 or y1 <= d[1], (seed, text, (x0, y0, x1, y1), d)
            checked += 1
    assert checked == 3 * len(cases)


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
