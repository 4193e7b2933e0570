"""Responsiveness of the game UI in Debian's chromium.

* While computers play, the main thread never runs a task over 50 ms: a
  ``PerformanceObserver`` for ``longtask`` entries (installed before the
  page's own scripts) lists every task over 50 ms, each labelled with who
  the page waited for when it started.
* The page's handling of a person's click (the Python handler, its render)
  takes at most 50 ms: a capture listener on ``window`` notes the time before
  the app's handler runs, a bubble listener on ``window`` after.
* On a 360x640 phone every enabled button is at least 44x44 px.

This machine is shared (other processes may hold both cores), so a task can
take longer on the wall clock than the main thread actually worked on it.
The test also records a Chrome trace: a long task or slow click counts as a
failure when the main thread's own CPU time for that task exceeds 50 ms.
Wall-clock and CPU figures are both printed.

The 50 ms are the reference machine's (the README's figures); a slower
machine's bounds scale by how much slower CPython plays random rounds on it
(:func:`slower`, printed), never below 50.
"""

import functools
import json
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT, WORKER_READY_TIMEOUT_MS, app_url, guarded_app, guarded_page, wait_for_state
from test_ui import mouse_step, setup_game, waiting

pytestmark = pytest.mark.browser

# Issue 13: no long task over 50 ms while computers think.  A computer's move
# runs in tasks of its own (its save; its redraw; the next request: see
# ui.computer_turns), the redraw measures nothing (the travel animation
# measures in the next frame, the table's shape comes from a media query),
# so the browser lays the page out once per frame.  bench/redraw.py prints
# where a redraw's time goes.
LONG_TASK_MS = 50
HANDLER_MS = 50

# The bounds are the machine's the README's figures were measured on, where CPython plays
# REFERENCE_ROUNDS_PER_S random four-player Chicken Foot rounds a second (its engine table:
# bench/throughput_chickenfoot.py); a slower machine's scale by how much slower it plays them
# (a ratio against that floor, never below it). Session 21's machine played 2,900-4,200 (busy to quiet)
# and measured a person's click at 56-74 ms of CPU on the same code that session 18's held under
# 33 (README, "A move's redraw"): the test failed on the machine, not on the page.
REFERENCE_ROUNDS_PER_S = 5400


@functools.lru_cache(maxsize=None)
def slower():
    """How many times slower than the reference this machine plays random rounds (at least 1):
    bench/throughput_chickenfoot.py's figure, the best of two runs of a second of CPU time each
    (a busy moment makes a run slower, never faster)."""
    best = 0
    for _ in range(2):
        out = subprocess.run([sys.executable, str(ROOT / "bench" / "throughput_chickenfoot.py"), "1"],
                             capture_output=True, text=True, check=True, timeout=60).stdout
        best = max(best, json.loads(out)["value"])
    factor = max(1.0, REFERENCE_ROUNDS_PER_S / best)
    print("this machine: %d random rounds/s, bounds x %.2f" % (best, factor))
    return factor


PROBES = """
window.__longtasks = [];
window.__handlers = [];
// Who the page waited for, from when: a task belongs to the state it started in.
const changes = [[0, 'none']];
new MutationObserver(() => {
  const value = document.documentElement.dataset.waitingFor;
  if (value !== changes[changes.length - 1][1]) changes.push([performance.now(), value]);
}).observe(document, {attributes: true, subtree: true, attributeFilter: ['data-waiting-for']});
function waitingAt(t) {
  let state = 'none';
  for (const [when, value] of changes) if (when <= t) state = value;
  return state;
}
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    window.__longtasks.push({start: e.startTime, ms: e.duration, waiting: waitingAt(e.startTime)});
  }
}).observe({type: 'longtask', buffered: true});
let started = null, act = null;
addEventListener('click', (e) => {
  const el = e.target.closest && e.target.closest('[data-act]');
  started = el ? performance.now() : null;
  act = el ? el.getAttribute('data-act') + ' ' + (el.getAttribute('data-arg') || '') : null;
}, true);
addEventListener('click', () => {
  if (started !== null) window.__handlers.push({act: act, start: started, ms: performance.now() - started});
  started = null;
});
"""


@pytest.fixture
def probed(browser, site):
    yield from guarded_app(browser, site, init_script=PROBES)


def main_thread_tasks(trace_path):
    """The renderer main thread's tasks from a Chrome trace: (start µs, wall µs, CPU µs or None), and calibrations.

    A task is any top-level event (category ``toplevel``: ``RunTask``, but also
    a mojo message or a watcher firing -- a long task can be either).  Chrome
    leaves ``tdur`` off some of them; their CPU is then the sum of the
    outermost timed events inside them (script, layout, paint...).
    """
    data = json.loads(Path(trace_path).read_text())
    events = data["traceEvents"] if isinstance(data, dict) else data
    mains = set((e["pid"], e["tid"]) for e in events
                if e.get("name") == "thread_name" and e["args"].get("name") == "CrRendererMain")
    marks = []
    page_thread = None
    for e in events:
        if e.get("name") == "TimeStamp" and str(e["args"].get("data", {}).get("message", "")).startswith("calib "):
            marks.append((e["ts"], float(e["args"]["data"]["message"][6:])))
            page_thread = (e["pid"], e["tid"])
    assert page_thread in mains
    mine = sorted((e for e in events if (e.get("pid"), e.get("tid")) == page_thread and e.get("ph") == "X"
                   and "dur" in e), key=lambda e: (e["ts"], -e["dur"]))
    tasks = []
    for e in mine:
        if "toplevel" not in e.get("cat", "").split(","):
            continue
        cpu = e.get("tdur")
        if cpu is None:
            cpu, reach = 0, e["ts"]
            for inner in mine:
                if inner is e or "tdur" not in inner or inner["ts"] < reach:
                    continue
                if inner["ts"] >= e["ts"] + e["dur"]:
                    break
                cpu += inner["tdur"]
                reach = inner["ts"] + inner["dur"]
        tasks.append((e["ts"], e["dur"], cpu))
    # A long task the trace gives no top-level event for (one was seen on a loaded CI machine)
    # still shows its work: the outermost timed events outside every task stand in as tasks.
    reach = 0
    spans = sorted(tasks)
    for e in mine:
        if "tdur" not in e or "toplevel" in e.get("cat", "").split(",") or e["ts"] < reach:
            continue
        if any(ts <= e["ts"] < ts + dur for ts, dur, _ in spans):
            continue
        tasks.append((e["ts"], e["dur"], e["tdur"]))
        reach = e["ts"] + e["dur"]
    tasks.sort()
    return tasks, marks


def cpu_ms_at(tasks, offset_us, start_ms, ms=None):
    """The CPU time (ms) of the main-thread task running at page time ``start_ms``, or None.

    With ``ms`` (the long task's wall time), a start no task contains is given the CPU
    of the traced work inside its span instead, when there is any.
    """
    t = start_ms * 1000 + offset_us
    best = None
    for ts, dur, tdur in tasks:
        if ts - 2000 <= t <= ts + dur:
            if best is None or dur > best[0]:
                best = (dur, tdur)
    if best is None and ms is not None:
        inside = [tdur for ts, dur, tdur in tasks
                  if tdur is not None and t - 2000 <= ts and ts + dur <= t + ms * 1000 + 2000]
        return sum(inside) / 1000 if inside else None
    return None if best is None or best[1] is None else best[1] / 1000


def play_measured(browser, page, open_app, game, seats, tmp_path, players=None, decisions=12):
    """Play ``decisions`` human decisions against computers.

    Returns the long tasks and click-handler times seen, each with ``cpu``:
    the main thread's CPU time for that task per the trace (None if unknown).
    """
    slower()   # the machine's speed, measured before the page (its workers would slow the measure)
    assert open_app() == "ready"
    assert wait_for_state(page, "worker-state", WORKER_READY_TIMEOUT_MS) == "ready"
    page.evaluate("window.__longtasks.length = 0")
    trace = tmp_path / "trace.json"
    browser.start_tracing(page=page, path=str(trace), categories=["devtools.timeline", "toplevel"])
    try:
        page.evaluate("console.timeStamp('calib ' + performance.now())")
        setup_game(page, lambda: "ready", game, seats, players=players)
        for _ in range(decisions):
            if not mouse_step(page):
                break
        waiting(page)
        page.evaluate("console.timeStamp('calib ' + performance.now())")
    finally:
        browser.stop_tracing()
    tasks = page.evaluate("window.__longtasks")
    handlers = page.evaluate("window.__handlers")
    trace_tasks, marks = main_thread_tasks(trace)
    assert marks, "the trace has no calibration mark"
    tasks, handlers = traced(tasks, trace_tasks, marks), traced(handlers, trace_tasks, marks)
    return tasks, handlers


def traced(items, trace_tasks, marks):
    """``items`` (page-time ``start``) that began once the trace ran, each given its ``cpu``.

    The observer delivers a long task's entry after the task: one that ran
    before tracing began can arrive after the list was cleared, and the trace
    cannot know its CPU.
    """
    offset = marks[0][0] - marks[0][1] * 1000
    kept = [i for i in items if i["start"] >= marks[0][1]]
    for item in kept:
        item["cpu"] = cpu_ms_at(trace_tasks, offset, item["start"], item.get("ms"))
    return kept


def too_slow(items, limit_ms, scale=None):
    """Items over ``limit_ms`` (times ``scale``, by default :func:`slower`) whose task used over
    that much main-thread CPU (or unknown CPU)."""
    limit_ms *= slower() if scale is None else scale
    return [i for i in items if i["ms"] > limit_ms and (i["cpu"] is None or i["cpu"] > limit_ms)]


def report(name, tasks, handlers):
    handlers = [h for h in handlers if h["act"] != "start "]   # the start builds the whole game
    worst = max(handlers, key=lambda h: h["ms"]) if handlers else {"ms": 0, "cpu": 0}
    cpu = [h["cpu"] for h in handlers if h["cpu"] is not None]
    print("%s: %d clicks, slowest %.1f ms wall (%s ms CPU), most CPU %.1f ms; long tasks: %s"
          % (name, len(handlers), worst["ms"], worst["cpu"], max(cpu or [0]),
             ["%.0f ms wall, %s ms CPU (%s)" % (t["ms"], t["cpu"], t["waiting"]) for t in tasks]))
    print("%s clicks (ms wall/CPU): %s" % (name, ", ".join(["%s %.0f/%s" % (h["act"].strip(), h["ms"], h["cpu"])
                                                           for h in handlers])))


@pytest.mark.timed
def test_chicken_foot_stays_responsive(probed, browser, tmp_path):
    page, open_app = probed
    tasks, handlers = play_measured(browser, page, open_app, "Chicken Foot",
                                    ["Human", "Computer (easy)", "Computer (medium)", "Computer (easy)"],
                                    tmp_path, players=4, decisions=14)
    report("chicken foot", tasks, handlers)
    record = page.evaluate("JSON.parse(window.boneyard.record())")
    assert len(record["rounds"][0]["actions"]) >= 20   # computers did move
    assert too_slow([t for t in tasks if t["waiting"] == "computer"], LONG_TASK_MS) == []
    assert len(handlers) >= 10
    assert too_slow([h for h in handlers if h["act"] != "start "], HANDLER_MS) == []


@pytest.mark.timed
def test_moon_stays_responsive(probed, browser, tmp_path):
    page, open_app = probed
    tasks, handlers = play_measured(browser, page, open_app, "Three-Player Moon",
                                    ["Human", "Computer (easy)", "Computer (medium)"], tmp_path, decisions=14)
    report("moon", tasks, handlers)
    assert too_slow([t for t in tasks if t["waiting"] == "computer"], LONG_TASK_MS) == []
    assert len(handlers) >= 10
    assert too_slow([h for h in handlers if h["act"] != "start "], HANDLER_MS) == []


def test_cpu_lookup_finds_the_task():
    tasks = [(1000, 500, 400), (10000, 80000, 60000)]
    assert cpu_ms_at(tasks, 0, 20) == 60
    assert cpu_ms_at(tasks, 0, 1.2) == 0.4
    assert cpu_ms_at(tasks, 0, 500) is None
    slow = {"ms": 80, "cpu": 60}
    preempted = {"ms": 80, "cpu": 12}
    assert too_slow([slow, preempted, {"ms": 20, "cpu": None}], 50, scale=1) == [slow]
    assert too_slow([slow, preempted], 50, scale=1.25) == []     # a machine 1.25 times slower: 62.5 ms


def test_the_bounds_scale_only_for_a_slower_machine():
    """slower() is this machine's rate against the reference, never under 1 (a faster machine
    keeps the bounds), and the same all run long (measured once)."""
    assert slower() >= 1.0 and slower() is slower()


def test_tasks_without_thread_time_take_their_inner_events(tmp_path):
    """A mojo task counts as a task; one with no ``tdur`` gets its outermost inner events' CPU."""
    page = {"pid": 1, "tid": 7}
    events = [dict(page, name="thread_name", ph="M", args={"name": "CrRendererMain"}),
              dict(page, name="TimeStamp", ph="I", ts=500, args={"data": {"message": "calib 0.5"}}),
              dict(page, name="Receive mojo message", cat="toplevel,mojom", ph="X", ts=1000, dur=900, tdur=800),
              dict(page, name="ThreadControllerImpl::RunTask", cat="toplevel", ph="X", ts=5000, dur=90000),
              dict(page, name="FunctionCall", cat="devtools.timeline", ph="X", ts=6000, dur=50000, tdur=40000),
              dict(page, name="EventDispatch", cat="devtools.timeline", ph="X", ts=7000, dur=1000, tdur=900),
              dict(page, name="Layout", cat="devtools.timeline", ph="X", ts=60000, dur=9000, tdur=7000),
              dict(page, name="Layout", cat="devtools.timeline", ph="X", ts=99000, dur=9000, tdur=7000)]
    path = tmp_path / "trace.json"
    path.write_text(json.dumps({"traceEvents": events}))
    tasks, marks = main_thread_tasks(path)
    # The last layout ran outside every task: it stands as one.
    assert tasks == [(1000, 900, 800), (5000, 90000, 47000), (99000, 9000, 7000)]
    assert marks == [(500, 0.5)]
    assert cpu_ms_at(tasks, 0, 5) == 47
    before, during = {"start": 0.2, "ms": 70}, {"start": 5.0, "ms": 90}
    assert traced([before, during], tasks, marks) == [during] and during["cpu"] == 47
    # A long task with no task of its own in the trace takes the CPU of the work in its span,
    # and stays unknown (too slow) when there is none.
    orphan, empty = {"start": 96.0, "ms": 14}, {"start": 200.0, "ms": 70}
    assert traced([orphan, empty], tasks, marks) == [orphan, empty]
    assert orphan["cpu"] == 7 and empty["cpu"] is None


# Every control a finger presses: buttons, selects (the theme and language), a <details>'s
# summary, text and number fields (a checkbox or a radio is pressed by its whole label).
SMALL_BUTTONS = """() => Array.from(document.querySelectorAll(
    'button:not([disabled]), select:not([disabled]), summary, input:not([type=checkbox]):not([type=radio]):not([type=hidden]):not([disabled])'))
  .filter(b => b.offsetParent !== null)
  .map(b => [b, b.getAttribute('aria-label') || b.textContent.trim(), b.getBoundingClientRect()])
  .filter(([b, , r]) => r.width < 44 || r.height < 44 || !reaches(b, r))
  .map(([, name, r]) => name + ' ' + Math.round(r.width) + 'x' + Math.round(r.height))"""
# A finger 2 px inside each edge of a control reaches it (nothing covers a part of it), where
# that edge is on the screen: a select 44 px tall under the next row's buttons measured 44 px
# and took a press on 37 of them.
REACHES = """function reaches(b, r) {
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  const spots = [[x, r.top + 2], [x, r.bottom - 2], [r.left + 2, y], [r.right - 2, y]]
    .filter(([px, py]) => px >= 0 && py >= 0 && px < innerWidth && py < innerHeight);
  // No element at a spot: it is off the screen after all (the visual viewport is smaller). A bar
  // fixed to the screen (the setup's Start game) covers what scrolls under it: scrolled, it is not.
  // (A control inside that bar, or inside the phone's drawer, fixed too, is covered all the same.)
  const pin = (e) => { for (; e; e = e.parentElement) { if (['fixed', 'sticky'].includes(getComputedStyle(e).position)) return e; } return null; };
  return spots.every(([px, py]) => { const e = document.elementFromPoint(px, py); const p = e && pin(e);
    return !e || e === b || b.contains(e) || (p && !p.contains(b)); });
}"""
SMALL_BUTTONS = SMALL_BUTTONS.replace("() => ", "() => { " + REACHES + " return ", 1) + " }"
# A checkbox or a radio is pressed by its whole label (with the box itself): that must be 44 px.
SMALL_CHECKS = """() => Array.from(document.querySelectorAll('input[type=checkbox], input[type=radio]'))
  .filter(i => i.offsetParent !== null)
  .map(i => [i.labels[0] ? i.labels[0].textContent.trim() : i.id,
             [i, ...i.labels].map(e => e.getBoundingClientRect())])
  .map(([name, rs]) => [name, Math.max(...rs.map(r => r.width)), Math.max(...rs.map(r => r.height))])
  .filter(([, w, h]) => w < 44 || h < 44).map(([name, w, h]) => name + ' ' + Math.round(w) + 'x' + Math.round(h))"""


# Button sizes need no Pyodide (tests/conftest.py: ?pyodide=off); the two
# responsiveness tests above keep it, its start on the page included.
@pytest.mark.no_pyodide
def test_touch_targets_on_a_phone(browser, site, page_watch):
    # A guarded page (tests/conftest.py): outside requests, page and console errors fail the test.
    for page in guarded_page(browser, page_watch, viewport={"width": 360, "height": 640}, has_touch=True,
                             is_mobile=True):
        page.goto(app_url(site))
        assert wait_for_state(page, "app-state", 30000) == "ready"
        assert page.evaluate(SMALL_BUTTONS) == []
        page.get_by_role("radio", name="Chicken Foot").check()
        assert page.evaluate(SMALL_CHECKS) == []
        setup_game(page, lambda: "ready", "Chicken Foot", ["Human", "Computer (easy)"], players=2)
        seen = 0
        for _ in range(40):
            if waiting(page) == "none":
                break
            assert page.evaluate(SMALL_BUTTONS) == []
            seen += page.locator("#game button:not([disabled])").count()
            mouse_step(page)
        assert seen > 20
        # The drawer's controls too (the log, the records, the theme): open, then shut again.
        page.locator("#g-tools [data-act=side]").tap()
        page.wait_for_function("() => document.getElementById('game').dataset.side === 'open'")
        page.locator("#theme").scroll_into_view_if_needed()
        drawer = page.evaluate(SMALL_BUTTONS.replace("document.querySelectorAll(", "document.getElementById('g-side').querySelectorAll(", 1))
        assert drawer == [] and page.locator("#g-side #theme").is_visible()
        page.keyboard.press("Escape")
        page.get_by_role("button", name="New game").first.click()
        setup_game(page, lambda: "ready", "Three-Player Moon", ["Human", "Computer (easy)", "Computer (easy)"])
        for _ in range(12):
            waiting(page)
            assert page.evaluate(SMALL_BUTTONS) == []
            if not mouse_step(page):
                break
