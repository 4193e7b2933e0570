"""Analysis in the review, in Debian's chromium: a finished hand (Moon) and round (Chicken Foot).

A person plays a seeded game to the end of its first round, opens the
replay, and asks for the analysis: it runs in the computer-player worker
with a progress bar while the page never runs a task over 50 ms of its own
CPU (``PerformanceObserver`` and a Chrome trace, as tests/test_ui_perf.py);
then every decision of the person has its verdict, the same as the
analysis on CPython says; the chart is a slider the arrow keys move through
the steps; a decision's button jumps to its step; and a second look (the
viewer reopened, the page reloaded) is there at once, from the cache.
"""

import json
import re
import time

import pytest

from conftest import WORKER_READY_TIMEOUT_MS, guarded_app, wait_for_state
from engine.ai.analysis import analyse
from engine.record import replay
from test_ui import mouse_step, setup_game, waiting
from test_ui_perf import PROBES, main_thread_tasks, slower, too_slow, traced

pytestmark = pytest.mark.browser

ANALYSIS_TIMEOUT_MS = 180000
# Issue 18's bound while the analysis runs: the page's own work never holds
# its thread over 50 ms (CPU, from the trace; the wall clock on this shared
# machine stretches tasks the page barely worked on).
LONG_TASK_MS = 50


@pytest.fixture
def probed(browser, site):
    yield from guarded_app(browser, site, init_script=PROBES)


def finish_first_round(page):
    for _ in range(600):
        if waiting(page) == "none":
            return json.loads(page.evaluate("window.boneyard.record()"))
        mouse_step(page)
    raise AssertionError("the round did not end")


def seat_decisions(record, seat):
    """``[(index, had a choice of plays)]`` of ``seat``'s actions in round 0."""
    rnd = record["rounds"][0]
    head = dict(record)
    head["rounds"] = [dict((k, v) for k, v in rnd.items() if k not in ("actions", "scores"))]
    head["rounds"][0]["actions"] = []
    g = replay(head)
    out = []
    for i, action in enumerate(rnd["actions"]):
        if g.current_seat() == seat:
            out.append((i, len([a for a in g.view(seat)["legal"] if a not in ("draw", "pass")]) > 1))
        g.apply(action)
    return out


def seat_actions(record, seat):
    return [i for i, _ in seat_decisions(record, seat)]


def review_step(page):
    return int(page.get_attribute("#game .review", "data-step"))


def analyse_measured(browser, page, tmp_path):
    """Click Analyse, wait for the result; (seconds, long tasks with CPU, progress seen)."""
    page.evaluate("window.__longtasks.length = 0")
    trace = tmp_path / "trace.json"
    browser.start_tracing(page=page, path=str(trace), categories=["devtools.timeline", "toplevel"])
    seen = []
    try:
        page.evaluate("console.timeStamp('calib ' + performance.now())")
        start = time.time()
        page.get_by_role("button", name=re.compile("^Analyse this")).click()
        while page.get_attribute("#analysis", "data-analysis-state") == "running":
            bar = page.evaluate("() => { const p = document.getElementById('an-progress');"
                                " return p ? [p.value, p.max] : null }")
            if bar:
                seen.append(tuple(bar))
            assert time.time() - start < ANALYSIS_TIMEOUT_MS / 1000, "the analysis did not finish"
            page.wait_for_timeout(50)
        took = time.time() - start
        page.evaluate("console.timeStamp('calib ' + performance.now())")
    finally:
        browser.stop_tracing()
    tasks = page.evaluate("window.__longtasks")
    trace_tasks, marks = main_thread_tasks(trace)
    tasks = traced(tasks, trace_tasks, marks)
    load = open("/proc/loadavg").read().split()[0]
    work = page.get_attribute("#analysis", "data-work-ms")
    print("analysis in the browser: %.2f s from the click, %s ms in the worker (%s; load %s); long tasks: %s"
          % (took, work, page.get_attribute("#analysis", "data-runtime"), load,
             ["%.0f ms wall, %s ms CPU" % (t["ms"], t["cpu"]) for t in tasks]))
    return took, tasks, seen


def items(page):
    """``[(step, text, verdict)]`` of the decisions list, in its order."""
    out = []
    for li in page.locator("#an-list li").all():
        button = li.locator("button")
        out.append((int(button.get_attribute("data-step")), button.inner_text(), li.get_attribute("data-verdict")))
    return out


def check_list(listed, expected, name):
    """Every judged decision listed once with its verdict, costliest first."""
    by_step = dict((step, (text, verdict)) for step, text, verdict in listed)
    judged = [d for d in expected["decisions"] if d["verdict"] != "forced"]
    assert judged and sorted(by_step) == sorted(d["index"] + 1 for d in judged) and len(listed) == len(judged)
    cost = dict((d["index"] + 1, d["cost"]) for d in judged)
    order = [cost[step] for step, _, _ in listed]
    assert order == sorted(order, reverse=True)
    for d in judged:
        text, verdict = by_step[d["index"] + 1]
        assert verdict == d["verdict"] and text.startswith("Step %d, %s: " % (d["index"] + 1, name)), text
    return by_step


def check_chart_keys(page):
    chart = page.locator("#an-chart")
    steps = [int(s) for s in chart.get_attribute("data-steps").split()]
    assert len(steps) >= 5
    chart.focus()
    page.keyboard.press("Home")
    page.wait_for_function("s => +document.querySelector('#game .review').dataset.step === s", arg=steps[0])
    for expected in steps[1:4]:
        page.keyboard.press("ArrowRight")
        page.wait_for_function("s => +document.querySelector('#game .review').dataset.step === s", arg=expected)
        # Focus stays on the chart, and it says where it is.
        assert page.evaluate("document.activeElement.id") == "an-chart"
        assert page.get_attribute("#an-chart", "aria-valuenow") == str(steps.index(expected) + 1)
        assert ("Step %d:" % expected) in page.get_attribute("#an-chart", "aria-valuetext")
    page.keyboard.press("ArrowLeft")
    page.wait_for_function("s => +document.querySelector('#game .review').dataset.step === s", arg=steps[2])
    page.keyboard.press("End")
    page.wait_for_function("s => +document.querySelector('#game .review').dataset.step === s", arg=steps[-1])
    # A click on a point jumps too.
    page.locator("#an-chart circle[data-step='%d']" % steps[1]).click()
    page.wait_for_function("s => +document.querySelector('#game .review').dataset.step === s", arg=steps[1])
    # ...and so does one anywhere in its column: the top edge of the chart above a point.
    dot = page.locator("#an-chart circle[data-step='%d']" % steps[3]).bounding_box()
    top = chart.bounding_box()["y"] + 2
    page.mouse.click(dot["x"] + dot["width"] / 2, top)
    page.wait_for_function("s => +document.querySelector('#game .review').dataset.step === s", arg=steps[3])


def check_second_look(page):
    """Closed and reopened, then after a reload (the game resumes at its round's end): shown at once."""
    page.get_by_role("button", name="Close", exact=True).click()
    page.locator("#rec-replay").click()
    assert page.get_attribute("#analysis", "data-analysis-state") == "done"
    page.reload()
    assert wait_for_state(page, "app-state", 60000) == "ready"
    waiting(page)
    page.locator("#rec-replay").click()
    page.wait_for_selector("#analysis")
    assert page.get_attribute("#analysis", "data-analysis-state") == "done"


def played_and_analysed(page, open_app, browser, tmp_path, game, seats, players, note, cancel_first=False):
    """A person plays the first round to its end, opens the replay and analyses it:
    ``(record, progress seen)``; no long task of the page's own meanwhile.
    ``cancel_first``: a first analysis is cancelled once under way."""
    slower()   # the machine's speed, measured before the page (its workers would slow the measure)
    setup_game(page, open_app, game, seats, players=players)
    assert wait_for_state(page, "worker-state", WORKER_READY_TIMEOUT_MS) == "ready"
    record = finish_first_round(page)
    # The figures of issue 18 are Pyodide's (an analysis asked before it is ready runs on
    # MicroPython: test_an_analysis_asked_before_pyodide_is_ready_runs_at_once_on_micropython).
    assert wait_for_state(page, "pyodide-state", 120000) == "ready"
    page.locator("#rec-replay").click()
    page.wait_for_selector("#analysis[data-analysis-state=idle]")
    assert note in page.locator("#analysis .an-note").inner_text()
    if cancel_first:
        page.get_by_role("button", name=re.compile("^Analyse this")).click()
        # Cancel is clicked in the same task that sees the bar move: on a quiet machine
        # Pyodide may finish the whole round before a separate click lands (the panel is
        # then re-rendered and Cancel gone), as a fresh clone's run once did.
        moved = page.wait_for_function("""() => { const bar = document.getElementById('an-progress');
            if (!bar || !(bar.value > 0)) return false;
            document.getElementById('an-cancel').click(); return [bar.value, bar.max]; }""", timeout=120000)
        first = tuple(moved.json_value())
        page.wait_for_selector("#analysis[data-analysis-state=idle]")
        assert page.locator("#live > :last-child").inner_text() == "Analysis cancelled."
        assert page.locator("#an-progress").count() == 0
    _, tasks, seen = analyse_measured(browser, page, tmp_path)
    if cancel_first:
        # The bar as the cancelled analysis showed it counts too: on a quiet machine the
        # second one may finish before the first 50 ms poll sees its bar (0.07 s from the
        # click in 2 of 8 runs at session 12's commit, failing this test there).
        seen.insert(0, first)
    assert page.get_attribute("#analysis", "data-analysis-state") == "done", page.locator("#analysis").inner_text()
    assert page.get_attribute("#analysis", "data-runtime") == "pyodide"
    assert too_slow(tasks, LONG_TASK_MS) == []
    return record, seen


@pytest.mark.timed
def test_a_moon_hand_is_analysed_in_the_worker_with_a_verdict_on_every_decision(probed, browser, tmp_path):
    page, open_app = probed
    record, _ = played_and_analysed(page, open_app, browser, tmp_path, "Three-Player Moon",
                                    ["Human", "Computer (easy)", "Computer (easy)"], None, "every hand known")
    # Every decision of the person (bids, plays, the discard and trumps when bidding) has its verdict,
    # the same as on CPython.
    expected = analyse(record, {"round": 0, "seat": 0})
    listed = check_list(items(page), expected, "Ana")
    # Moon judges every one of the person's decisions (exact values, never "forced").
    assert sorted(listed) == [i + 1 for i in seat_actions(record, 0)]
    for d in expected["decisions"]:
        text = listed[d["index"] + 1][0]
        assert ("best:" in text) == (d["cost"] == 0)
        if d["cost"]:
            assert re.search(r"cost %d (trick|point)" % d["cost"], text), text
    # A decision's button jumps to its step, and the step's verdict is shown.
    first = page.locator("#an-list button").first
    target = int(first.get_attribute("data-step"))
    first.click()
    page.wait_for_function("s => +document.querySelector('#game .review').dataset.step === s", arg=target)
    assert page.locator("#an-here").inner_text().startswith("This step: ")
    assert listed[target][0].split(": ", 1)[1] in page.locator("#an-here").inner_text()
    check_chart_keys(page)
    check_second_look(page)


@pytest.mark.timed
def test_a_chicken_foot_round_is_analysed_with_a_progress_bar(probed, browser, tmp_path):
    page, open_app = probed
    record, seen = played_and_analysed(page, open_app, browser, tmp_path, "Chicken Foot",
                                       ["Human", "Computer (easy)", "Computer (easy)", "Computer (easy)"], 4,
                                       "estimate", cancel_first=True)
    # The bar moved on the way (the worker reports between slices).
    assert any(0 < value < top for value, top in seen), seen
    expected = analyse(record, {"round": 0, "seat": 0})
    listed = check_list(items(page), expected, "Ana")
    # Every play of the person that had an alternative is judged (a forced draw or play is not).
    assert sorted(listed) == [i + 1 for i, choice in seat_decisions(record, 0) if choice]
    assert all("(estimate)" in text for text, _ in listed.values())
    check_chart_keys(page)
    check_second_look(page)


@pytest.mark.parametrize("game_name,players,seed", [("chicken-foot", 4, 3), ("moon", 3, 7)])
def test_an_analysis_asked_before_pyodide_is_ready_runs_at_once_on_micropython(probed, game_name, players, seed):
    # Pyodide's files never answer: it stays loading (for its minute's time-out), as on a slow line.
    page, open_app = probed
    held = []
    page.context.route("**/runtime/pyodide-*/*", lambda route: held.append(route))
    from engine import share
    from test_embed_analysis import finished_round
    record = finished_round(game_name, players, seed)
    assert open_app("#record=" + share.encode(record)) == "ready"
    assert wait_for_state(page, "worker-state", WORKER_READY_TIMEOUT_MS) == "ready"
    # Pyodide starts once the page is idle, and its download then hangs.
    page.wait_for_function("() => document.documentElement.dataset.pyodideState === 'loading'", timeout=60000)
    begun = time.time()
    page.get_by_role("button", name=re.compile("^Analyse this")).click()
    page.wait_for_function("() => (document.getElementById('an-progress') || {}).value > 0"
                           " || document.getElementById('analysis').dataset.analysisState === 'done'", timeout=20000)
    moving = time.time() - begun
    page.wait_for_selector("#analysis[data-analysis-state=done]", timeout=ANALYSIS_TIMEOUT_MS)
    took = time.time() - begun
    assert page.get_attribute("html", "data-pyodide-state") == "loading" and held
    assert page.get_attribute("#analysis", "data-runtime") == "micropython"
    print("analysis before Pyodide (%s): progress after %.2f s, done after %.2f s, %s ms in the worker (load %s)"
          % (game_name, moving, took, page.get_attribute("#analysis", "data-work-ms"),
             open("/proc/loadavg").read().split()[0]))
    # Under way within a few seconds of the click (it used to wait up to 30 s for Pyodide).
    assert moving < 8, moving
    options = {"round": 0, "seat": 0}
    if game_name == "chicken-foot":
        # Fewer worlds on MicroPython, and the panel says so; the verdicts are those of that budget.
        assert page.get_attribute("#analysis", "data-worlds") == "24"
        assert "(24 deals of the unseen tiles" in page.locator("#analysis .an-note").inner_text()
        assert "quick estimate" in page.locator("#an-quick").inner_text()
        options["iterations"] = 24
    else:
        assert page.locator("#an-quick").count() == 0       # exact: the same on either runtime
    check_list(items(page), analyse(record, options), "Ana")
    if game_name == "chicken-foot":
        # Asked again with the full count: it waits for Pyodide; Cancel brings the quick estimate back.
        page.get_by_role("button", name="Analyse again with 48 deals").click()
        page.wait_for_selector("#analysis[data-analysis-state=running]")
        assert page.locator("#an-status").inner_text() == "Starting the analysis worker…"
        page.get_by_role("button", name="Cancel").click()
        page.wait_for_selector("#analysis[data-analysis-state=done]")
        assert page.get_attribute("#analysis", "data-worlds") == "24"


def test_a_long_analysis_on_micropython_gives_way_to_pyodide_once_it_is_ready(probed):
    # Pyodide's files are held until the analysis is under way on MicroPython, then let go:
    # if Pyodide is ready before half is done (a long 2-player round), it takes the work over.
    page, open_app = probed
    held = []
    pattern = "**/runtime/pyodide-*/*"
    page.context.route(pattern, lambda route: held.append(route))
    from engine import share
    from test_embed_analysis import finished_round
    record = finished_round("chicken-foot", 2, 1)
    assert open_app("#record=" + share.encode(record)) == "ready"
    assert wait_for_state(page, "worker-state", WORKER_READY_TIMEOUT_MS) == "ready"
    page.wait_for_function("() => document.documentElement.dataset.pyodideState === 'loading'", timeout=60000)
    # Where the bar stood when Pyodide became ready.
    page.evaluate("""() => { window.__pyodideAt = null; new MutationObserver(() => {
        if (document.documentElement.dataset.pyodideState === 'ready' && window.__pyodideAt === null) {
            const bar = document.getElementById('an-progress');
            window.__pyodideAt = bar ? [bar.value, bar.max] : []; } })
        .observe(document.documentElement, {attributes: true, attributeFilter: ['data-pyodide-state']}); }""")
    begun = time.time()
    page.get_by_role("button", name=re.compile("^Analyse this")).click()
    page.wait_for_selector("#analysis[data-runtime=micropython]", timeout=20000)
    page.wait_for_function("() => (document.getElementById('an-progress') || {}).value > 0", timeout=20000)
    page.context.unroute(pattern)
    for route in held:
        route.fallback()
    page.wait_for_selector("#analysis[data-analysis-state=done]", timeout=ANALYSIS_TIMEOUT_MS)
    at = page.evaluate("window.__pyodideAt")
    runtime = page.get_attribute("#analysis", "data-runtime")
    print("MicroPython, then Pyodide: done after %.2f s, %s ms on %s; Pyodide ready at %s (load %s)"
          % (time.time() - begun, page.get_attribute("#analysis", "data-work-ms"), runtime, at,
             open("/proc/loadavg").read().split()[0]))
    if not at or 2 * at[0] > 0.9 * at[1]:
        # The machine's load kept Pyodide from starting in time: MicroPython rightly kept it.
        assert runtime == "micropython"
        pytest.skip("Pyodide was ready only at %s of the work (load %s)" % (at, open("/proc/loadavg").read().split()[0]))
    assert runtime == "pyodide"
    # Pyodide's own budget: the full count, no quick estimate.
    assert page.get_attribute("#analysis", "data-worlds") == "48" and page.locator("#an-quick").count() == 0
    check_list(items(page), analyse(record, {"round": 0, "seat": 0}), "Ana")


OWN_SPOT = """() => { const v = document.querySelector('#game .moon-view'), r = v.getBoundingClientRect();
  const me = document.querySelector('#game .trick-spots .spot-0').getBoundingClientRect();
  return {cut: Math.round(me.bottom - r.bottom), scrolls: v.scrollHeight - v.clientHeight, height: v.clientHeight}; }"""


@pytest.mark.no_pyodide
def test_a_short_moon_table_sets_the_trick_in_one_row(browser, site):
    """1366x768, a finished Moon hand reviewed with its analysis open: the review's steps and the
    analysis take the rack's room, and the trick's two rows cut the person's own tile (71 px of
    it, the board scrolling with nothing to say so). The trick then sits in one row, whole."""
    from engine import share
    from test_embed_analysis import finished_round

    record = finished_round("moon", 3, 7)
    for page, open_app in guarded_app(browser, site, viewport={"width": 1366, "height": 768}):
        assert open_app("#record=" + share.encode(record)) == "ready"
        seen = [page.evaluate(OWN_SPOT)]
        page.get_by_role("button", name=re.compile("^Analyse this")).click()
        page.wait_for_selector("#analysis[data-analysis-state=done]", timeout=ANALYSIS_TIMEOUT_MS)
        for _ in range(3):
            seen.append(page.evaluate(OWN_SPOT))
            page.locator("#game button[data-act=review][data-arg='-1']").click()
        assert all(s["cut"] <= 0 and s["scrolls"] <= 1 for s in seen), seen


DEVICES = {"desktop": {"viewport": {"width": 1366, "height": 768}},
           "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}}


def analysed(page, open_app, record):
    """``record`` opened in the app and its first round analysed."""
    from engine import share

    assert open_app("#record=" + share.encode(record)) == "ready"
    page.get_by_role("button", name=re.compile("^Analyse this")).click()
    page.wait_for_selector("#analysis[data-analysis-state=done]", timeout=ANALYSIS_TIMEOUT_MS)


@pytest.mark.no_pyodide
@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_the_charts_help_speaks_of_what_the_device_has(browser, site, device):
    """The analysis chart's help said "Click a point, or use the arrow keys" on a phone too,
    which has neither: a touch screen says "Tap a point" and a tap on a point goes there."""
    from test_embed_analysis import finished_round

    for page, open_app in guarded_app(browser, site, **DEVICES[device]):
        analysed(page, open_app, finished_round("moon", 3, 7))
        caption = page.locator(".an-chart-box figcaption")
        help_text = caption.inner_text()
        if device == "desktop":
            assert "Click a point, or use the arrow keys" in help_text and "Tap" not in help_text
            # The keyboard's focus ring round the chart clears the caption (it covered its first line).
            chart = page.locator("#an-chart")
            chart.focus()
            page.keyboard.press("End")
            ring = page.evaluate("""() => { const c = document.getElementById('an-chart'); const s = getComputedStyle(c);
              return [c.matches(':focus-visible'), c.getBoundingClientRect().bottom + parseFloat(s.outlineOffset)
                      + parseFloat(s.outlineWidth), document.querySelector('.an-chart-box figcaption').getBoundingClientRect().top]; }""")
            assert ring[0] and ring[1] <= ring[2], ring
        else:
            assert "Tap a point, or slide along the chart, to go to that move." in help_text
            assert "Click" not in help_text and "arrow" not in help_text
            # And a tap on a point goes there.
            steps = page.locator("#an-chart").get_attribute("data-steps").split()
            column = page.locator("#an-chart rect.an-hit[data-step='%s']" % steps[1])
            column.scroll_into_view_if_needed()
            column.tap()
            page.wait_for_function("(n) => document.getElementById('an-chart').getAttribute('aria-valuenow') === n",
                                   arg="2", timeout=10000)
        check_slide(page, device)


SEEN_STEPS = """() => { window.seenSteps = [];
  new MutationObserver(() => { const n = document.getElementById('an-chart');
    const v = n && n.getAttribute('aria-valuenow');
    if (v && window.seenSteps[window.seenSteps.length - 1] !== v) window.seenSteps.push(v); })
  .observe(document.getElementById('game'), {subtree: true, childList: true, attributes: true}); }"""


def check_slide(page, device):
    """A finger (a pressed mouse on the desktop) drawn along the chart goes through each move it
    passes, in order, and stays on the last; a tap alone took one point, 14 px apart on a phone."""
    steps = page.locator("#an-chart").get_attribute("data-steps").split()
    page.locator("#an-chart").scroll_into_view_if_needed()
    first = page.locator("#an-chart rect.an-hit[data-step='%s']" % steps[0]).bounding_box()
    last = page.locator("#an-chart rect.an-hit[data-step='%s']" % steps[5]).bounding_box()
    y = first["y"] + first["height"] / 2
    x0, x1 = first["x"] + first["width"] / 2, last["x"] + last["width"] / 2
    page.evaluate(SEEN_STEPS)
    moves = [x0 + (x1 - x0) * i / 20 for i in range(21)]
    if device == "desktop":
        page.mouse.move(x0, y)
        page.mouse.down()
        for x in moves:
            page.mouse.move(x, y)
        page.mouse.up()
    else:
        cdp = page.context.new_cdp_session(page)
        touch = lambda kind, x: cdp.send("Input.dispatchTouchEvent", {
            "type": kind, "touchPoints": [] if kind == "touchEnd" else [{"x": x, "y": y}]})
        touch("touchStart", x0)
        for x in moves:
            touch("touchMove", x)
        touch("touchEnd", x1)
    page.wait_for_function("() => document.getElementById('an-chart').getAttribute('aria-valuenow') === '6'",
                           timeout=10000)
    seen = page.evaluate("window.seenSteps")
    assert seen == sorted(seen, key=int) and {"2", "3", "4", "5", "6"} <= set(seen), seen


CHART_BOXES = """() => {
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  return {ticks: [...document.querySelectorAll('#an-chart .an-tick')].map((e) => [e.textContent, box(e)]),
          dots: [...document.querySelectorAll('#an-chart circle')].map(box),
          chart: box(document.getElementById('an-chart'))}; }"""


@pytest.mark.no_pyodide
@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_no_point_of_the_chart_covers_an_axis_label_on_screen(browser, site, device):
    """A Chicken Foot round's chart drew its lowest label ("13.1") under the first point
    (1366x768: label 25-58 px, point 35-50 px across, at one height): its lowest value could not
    be read. The labels' and points' boxes as laid out, the first point shown and the last."""
    from test_embed_analysis import finished_round

    for page, open_app in guarded_app(browser, site, **DEVICES[device]):
        analysed(page, open_app, finished_round("chicken-foot", 4, 4))
        # (Seed 4: the round's first point is its lowest, 13.4, on the label's height.)
        chart = page.locator("#an-chart")
        chart.scroll_into_view_if_needed()
        for key in ("Home", "End"):
            chart.focus()
            page.keyboard.press(key)
            page.wait_for_selector("#an-chart circle.an-now")
            seen = page.evaluate(CHART_BOXES)
            assert len(seen["ticks"]) == 2 and len(seen["dots"]) >= 5
            for text, (x0, y0, x1, y1) in seen["ticks"]:
                c = seen["chart"]
                assert c[0] <= x0 and x1 <= c[2] and c[1] <= y0 and y1 <= c[3], (text, seen)
                for d in seen["dots"]:
                    assert d[2] <= x0 or x1 <= d[0] or d[3] <= y0 or y1 <= d[1], (key, text, (x0, y0, x1, y1), d)
