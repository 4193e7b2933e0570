#!/usr/bin/env python3
"""Saves and large imports on the page, in headless Debian chromium; one JSON object per line.

    .venv/bin/python bench/saves.py [--runs 7]

* ``saves.save_ms_cf8x10``: one save (``window.boneyard.saveNow()``: the
  record written as JSON and stored in localStorage) of a complete 10-round
  8-player Chicken Foot match; the median of ``--runs`` x 10 saves.  Target <= 5 ms.
  A move's save encodes only what changed (app/recordtext.py); that is this figure.
* ``saves.save_ms_cf8x10_cold``: the same save with the record encoded whole
  (``saveNow(true)``: what the first save after a load or an undo costs).
* ``saves.import_ms_512kb`` / ``saves.import_longest_task_ms_512kb``: a
  record of exactly 524,288 bytes (the size limit; one large unknown field)
  pasted and loaded until the replay viewer shows it, and the longest task
  meanwhile.  Targets <= 500 ms and <= 200 ms.
* ``saves.import_ms_moon_long``: a long random Moon game (about 150 KB,
  hundreds of hands), the same way.
* ``saves.import_ms_moon_limit`` / ``saves.import_longest_task_ms_moon_limit``:
  one long Moon game filling the size limit with complete hands
  (``tests.helpers.long_moon_record``: some 1,400 hands, 37k actions, the most
  an import can have to replay), the same way.  Targets <= 500 ms and <= 200 ms.
* ``saves.import_ms_cf8x10`` / ``saves.import_longest_task_ms_cf8x10``: a
  complete 10-round 8-player Chicken Foot match (the largest record a real
  game makes), the same way.  Targets <= 500 ms and <= 200 ms.
* ``saves.import_shown_cpu_ms_moon_limit``: the main thread's CPU from the
  Load click (the text pasted before it) until that longest game is shown (before its moves are checked:
  app.replay.preview), target <= 500 ms; ``saves.import_checked_ms_moon_limit``:
  the wall time until its check ends ("Play from here" waits for it).
* ``saves.import_cpu_ms_*`` / ``saves.import_longest_task_cpu_ms_*``: the main
  thread's CPU time over the whole import and in its busiest task, from a
  Chrome trace (on a shared machine a task's wall time stretches with the
  load; its CPU time much less).
* ``saves.play_from_here_ms_moon_limit``: "Play from here" three actions
  before the end of that longest game until the game is shown (its first save
  included); ``saves.resume_ms_moon_limit``: a reload of it until the page is
  ready (the save read, checked on the rules, its last hands logged).
* ``saves.record_bytes_cf8x10``: that match's record size.

Medians of ``--runs`` page loads; the machine's load average is printed too.
"""

import argparse
import functools
import json
import os
import statistics
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))   # test_ui_perf's trace reader

import build  # noqa: E402
from engine.record import MAX_RECORD_BYTES, dumps, new_game  # noqa: E402
from tests.helpers import long_moon_record, played  # noqa: E402  (a complete random game's record)

from tests.helpers import CHROMIUM_ARGS  # noqa: E402
LONGTASKS = """
window.__longtasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__longtasks.push(e.duration);
}).observe({type: 'longtask', buffered: true});
"""
# The paste (the text box laid out with 512 KB: ~0.1 s of CPU) is a task of its own, before
# the Load click the figures count from, as when a person pastes, then clicks Load.
PASTE = """(text) => {
  document.getElementById('rec-paste-box').open = true;
  document.getElementById('rec-paste').value = text;
}"""
IMPORT = """() => {
  window.__t0 = performance.now();
  window.__lt0 = window.__longtasks.length;
  window.__t1 = undefined;
  document.getElementById('rec-load').click();
}"""
SHOWN = """() => {
  const shown = document.querySelector('#game .replay');
  const err = document.getElementById('rec-error');
  if ((shown && !document.getElementById('game').hidden) || (err && !err.hidden)) {
    if (window.__t1 === undefined) window.__t1 = performance.now();
    return !err || err.hidden ? 'shown' : err.textContent;
  }
  return false;
}"""


def padded(rec, size):
    rec = dict(rec)
    rec["zz"] = ""
    rec["zz"] = "x" * (size - len(dumps(rec).encode("utf-8")))
    return dumps(rec)


CHECKED = "() => !document.getElementById('rp-checking')"


def import_once(page, text, browser=None, cpu=None, checked=None):
    """Paste ``text`` and load it: (ms until shown, the longest task's ms); with ``browser``,
    traced, and the main thread's CPU (total ms, the busiest task's ms) appended to ``cpu``.

    With ``checked`` (a list), a record shown before its check ends (app.replay.preview)
    is followed until checked: (ms until checked, CPU ms until shown, CPU ms until
    checked) is appended to it, and ``cpu`` counts the whole import."""
    page.evaluate(PASTE, text)
    page.wait_for_timeout(300)
    if browser is not None:
        trace = Path(tempfile.mkdtemp(prefix="boneyard-saves-")) / "trace.json"
        browser.start_tracing(page=page, path=str(trace), categories=["devtools.timeline", "toplevel"])
        page.evaluate("console.timeStamp('calib ' + performance.now())")
    page.evaluate(IMPORT)
    handle = page.wait_for_function(SHOWN, timeout=900000, polling=50)
    result = handle.json_value()
    if result != "shown":
        raise SystemExit("bench/saves.py: the import failed: %s" % result)
    took = page.evaluate("() => window.__t1 - window.__t0")
    done = took
    if checked is not None:
        page.wait_for_function(CHECKED, timeout=900000, polling=50)
        done = page.evaluate("() => performance.now() - window.__t0")
    if browser is not None:
        page.wait_for_timeout(300)    # the viewer's paint
        browser.stop_tracing()
        from test_ui_perf import main_thread_tasks
        tasks, marks = main_thread_tasks(trace)
        start = marks[0][0]

        def cpu_until(ms):
            return [c / 1000 for ts, d, c in tasks if start - 1000 <= ts <= start + ms * 1000 and c is not None]
        mine = cpu_until(done + 400)
        cpu.append((sum(mine), max(mine + [0])))
        if checked is not None:
            checked.append((done, sum(cpu_until(took)), sum(mine)))
    elif checked is not None:
        checked.append((done, None, None))
    longest = page.evaluate("() => Math.max(0, ...window.__longtasks.slice(window.__lt0))")
    return took, longest


def fresh(page, url):
    page.goto(url)     # a fresh page for each import
    page.wait_for_function("document.documentElement.dataset.appState === 'ready'", timeout=60000)


def play_from_here_and_reload(page):
    """After an import: three actions back, Play from here (ms until shown), then a reload (ms until ready)."""
    page.wait_for_function(CHECKED, timeout=900000, polling=50)
    for _ in range(3):
        page.get_by_role("button", name="Back", exact=True).click()
    began = page.evaluate("performance.now()")
    page.get_by_role("button", name="Play from here").click()
    page.wait_for_function("() => !document.getElementById('game').hasAttribute('data-review')", timeout=600000)
    played = page.evaluate("performance.now()") - began
    page.reload()
    page.wait_for_function("document.documentElement.dataset.appState === 'ready'", timeout=600000)
    resumed = page.evaluate("performance.now()")   # from the reload's start (navigation)
    if len(page.evaluate("window.boneyard.record()")) < 500000:
        raise SystemExit("bench/saves.py: the long game did not resume")
    return played, resumed


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    dist = build.build(quiet=True)
    server = build.QuietServer(("127.0.0.1", 0), functools.partial(build.StaticHandler, directory=str(dist)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = "http://127.0.0.1:%d/?seed=1" % server.server_address[1]
    cf8 = dumps(played("chicken-foot", 8, 1))
    big = padded(played("moon", 3, 2), MAX_RECORD_BYTES)
    moon_long = dumps(played("moon", 3, 1))
    moon_limit = long_moon_record()
    figures = {"save": [], "cold": [], "import": [], "longest": [], "moon": [], "limit": [], "limit_longest": [],
               "cf8": [], "cf8_longest": [], "cf8_cpu": [], "limit_cpu": [], "play": [], "resume": [],
               "limit_checked": []}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        for _ in range(args.runs):
            context = browser.new_context(service_workers="block")
            context.add_init_script(LONGTASKS)
            page = context.new_page()
            page.goto(url)
            page.wait_for_function("document.documentElement.dataset.appState === 'ready'", timeout=60000)
            took, longest = import_once(page, big)
            figures["import"].append(took)
            figures["longest"].append(longest)
            page.goto(url)     # a fresh page for each import
            page.wait_for_function("document.documentElement.dataset.appState === 'ready'", timeout=60000)
            figures["moon"].append(import_once(page, moon_long)[0])
            fresh(page, url)
            took, longest = import_once(page, moon_limit, browser, figures["limit_cpu"], figures["limit_checked"])
            figures["limit"].append(took)
            figures["limit_longest"].append(longest)
            moved, resumed = play_from_here_and_reload(page)
            figures["play"].append(moved)
            figures["resume"].append(resumed)
            page.evaluate("localStorage.clear()")
            fresh(page, url)
            took, longest = import_once(page, cf8, browser, figures["cf8_cpu"])
            figures["cf8"].append(took)
            figures["cf8_longest"].append(longest)
            page.get_by_role("button", name="Play from here").click()
            page.wait_for_function("() => !document.getElementById('game').hasAttribute('data-review')")
            times = [page.evaluate("() => window.boneyard.saveNow()") for _ in range(10)]
            figures["save"].append(statistics.median(times))
            cold = [page.evaluate("() => window.boneyard.saveNow(true)") for _ in range(10)]
            figures["cold"].append(statistics.median(cold))
            context.close()
        browser.close()
    server.shutdown()
    load = os.getloadavg()[0]
    rows = [("saves.save_ms_cf8x10", statistics.median(figures["save"]), "ms", "<= 5"),
            ("saves.save_ms_cf8x10_cold", statistics.median(figures["cold"]), "ms", None),
            ("saves.import_ms_512kb", statistics.median(figures["import"]), "ms", "<= 500"),
            ("saves.import_longest_task_ms_512kb", statistics.median(figures["longest"]), "ms", "<= 200"),
            ("saves.import_ms_moon_long", statistics.median(figures["moon"]), "ms", None),
            ("saves.import_ms_moon_limit", statistics.median(figures["limit"]), "ms", "<= 500"),
            ("saves.import_longest_task_ms_moon_limit", statistics.median(figures["limit_longest"]), "ms", "<= 200"),
            ("saves.import_shown_cpu_ms_moon_limit", statistics.median([c[1] for c in figures["limit_checked"]]),
             "ms", "<= 500"),
            ("saves.import_checked_ms_moon_limit", statistics.median([c[0] for c in figures["limit_checked"]]),
             "ms", None),
            ("saves.import_cpu_ms_moon_limit", statistics.median([c[0] for c in figures["limit_cpu"]]), "ms", None),
            ("saves.import_longest_task_cpu_ms_moon_limit", statistics.median([c[1] for c in figures["limit_cpu"]]),
             "ms", "<= 200"),
            ("saves.play_from_here_ms_moon_limit", statistics.median(figures["play"]), "ms", None),
            ("saves.resume_ms_moon_limit", statistics.median(figures["resume"]), "ms", None),
            ("saves.import_ms_cf8x10", statistics.median(figures["cf8"]), "ms", "<= 500"),
            ("saves.import_longest_task_ms_cf8x10", statistics.median(figures["cf8_longest"]), "ms", "<= 200"),
            ("saves.import_cpu_ms_cf8x10", statistics.median([c[0] for c in figures["cf8_cpu"]]), "ms", None),
            ("saves.import_longest_task_cpu_ms_cf8x10", statistics.median([c[1] for c in figures["cf8_cpu"]]),
             "ms", "<= 200"),
            ("saves.record_bytes_cf8x10", len(cf8.encode("utf-8")), "bytes", None),
            ("saves.record_bytes_moon_long", len(moon_long.encode("utf-8")), "bytes", None),
            ("saves.record_bytes_moon_limit", len(moon_limit.encode("utf-8")), "bytes", "<= %d" % MAX_RECORD_BYTES),
            ("saves.record_actions_moon_limit", sum(len(r["actions"]) for r in json.loads(moon_limit)["rounds"]),
             "actions", None)]
    for metric, value, unit, target in rows:
        print(json.dumps({"metric": metric, "value": round(value, 2), "unit": unit, "target": target,
                          "runs": args.runs, "load_average": round(load, 2)}))


if __name__ == "__main__":
    main()
