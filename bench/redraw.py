#!/usr/bin/env python3
"""Where a move's redraw spends its time on the page, in headless Debian chromium; one JSON object per line.

    nice -n 10 .venv/bin/python bench/redraw.py [--decisions 60] [--players 6]

Plays Chicken Foot (a person against computers at Instant speed) and
Three-Player Moon through the page, the person always taking the first
enabled control, then reads ``window.boneyard.redraws()`` (app.clock): the
laps of every redraw after a move (apply, save, each part built, the DOM
written, the tile marked).  Prints, per game and per mover (computer,
human; ``choose``: a person choosing a tile that has several places), the median, 90th percentile and maximum of each lap and of the
whole redraw, in ms of the page's clock; the main thread's CPU time of
each kind of run, read from a performance trace between the marks
app.clock puts there (on a loaded machine the wall clock stretches, CPU
time much less); and the longest tasks the page ran while computers
played (``longtask`` entries).  The target: every
redraw after a computer's move under 50 ms (tests/test_ui_perf.py
holds the long-task bound).  The machine's load average is printed too:
a shared machine stretches wall time.
"""

import argparse
import functools
import json
import os
import shutil
import statistics
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402

from tests.helpers import CHROMIUM_ARGS  # noqa: E402
LONGTASKS = """
window.__longtasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    window.__longtasks.push([e.duration, document.documentElement.dataset.waitingFor]);
  }
}).observe({type: 'longtask', buffered: true});
"""
SETTLED = "() => ['human', 'none'].includes(document.documentElement.dataset.waitingFor)"
STEP = """() => {
  const game = document.getElementById('game');
  const first = (sel) => Array.from(game.querySelectorAll(sel + ' button:not([disabled])'))[0];
  const pick = first('.places') || first('.pass-device') || first('.actions') || first('.hand');
  const next = Array.from(game.querySelectorAll('.summary button.primary'))[0];
  const el = pick || next;
  if (!el) return false;
  el.click();
  return true;
}"""


def cpu_of_runs(trace_path):
    """``{label: [CPU ms, ...]}`` of every run marked by app.clock in a Chrome trace."""
    data = json.loads(Path(trace_path).read_text())
    events = data["traceEvents"] if isinstance(data, dict) else data
    marks = sorted([e for e in events if e.get("name") == "TimeStamp" and "tts" in e
                    and str(e["args"].get("data", {}).get("message", "")).startswith("redraw")],
                   key=lambda e: e["ts"])
    out = {}
    label, start = None, None
    for e in marks:
        message = e["args"]["data"]["message"]
        if message == "redraw-end":
            if label is not None:
                out.setdefault(label, []).append((e["tts"] - start) / 1000)
            label = None
        else:
            label, start = message[len("redraw "):], e["tts"]
    return out


def play(page, url, game, seats, players, decisions):
    page.goto(url)
    page.wait_for_function("document.documentElement.dataset.appState === 'ready'", timeout=60000)
    page.wait_for_function("document.documentElement.dataset.workerState === 'ready'", timeout=120000)
    page.get_by_role("radio", name=game).check()
    if players:
        page.get_by_label("Players", exact=True).fill(str(players))
        page.get_by_label("Players", exact=True).press("Tab")
    page.get_by_label("Computer speed").select_option(label="Instant")
    for i, kind in enumerate(seats):
        page.get_by_label("Seat %d" % (i + 1), exact=True).select_option(label=kind)
    page.get_by_role("button", name="Start game").click()
    for _ in range(decisions):
        page.wait_for_function(SETTLED, timeout=120000)
        if not page.evaluate(STEP):
            break
    page.wait_for_function(SETTLED, timeout=120000)
    return json.loads(page.evaluate("window.boneyard.redraws()")), page.evaluate("window.__longtasks")


def quantile(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def spread(values):
    """min, median, 90th percentile, max (on a loaded machine the min is nearest the work itself)."""
    return [round(min(values), 1), round(statistics.median(values), 1), round(quantile(values, 0.9), 1),
            round(max(values), 1)]


def summarise(name, runs, longtasks, load, cpu):
    for mover in ("computer", "computer-redraw", "human", "choose", "request"):
        mine = [laps for label, laps in runs if label == mover]
        if not mine:
            continue
        names = []
        for laps in mine:
            for lap, _ in laps:
                if lap not in names:
                    names.append(lap)
        figures = {}
        for lap in names:
            values = [sum(ms for n, ms in laps if n == lap) for laps in mine]
            figures[lap] = spread(values)
        figures["total"] = spread([sum(ms for _, ms in laps) for laps in mine])
        print(json.dumps({"metric": "redraw.%s.%s" % (name, mover), "redraws": len(mine),
                          "ms_min_median_p90_max": figures, "load_average": round(load, 2)}))
    for label in sorted(cpu):
        print(json.dumps({"metric": "redraw.%s.%s.cpu" % (name, label), "runs": len(cpu[label]),
                          "cpu_ms_min_median_p90_max": spread(cpu[label]), "load_average": round(load, 2)}))
    waits = sorted([round(ms) for ms, waiting in longtasks if waiting == "computer"], reverse=True)
    print(json.dumps({"metric": "redraw.%s.longtasks_while_computers_play" % name, "count": len(waits),
                      "longest_ms": waits[:8], "load_average": round(load, 2)}))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--decisions", type=int, default=60)
    parser.add_argument("--players", type=int, default=6)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    dist = build.build(quiet=True)
    server = build.QuietServer(("127.0.0.1", 0), functools.partial(build.StaticHandler, directory=str(dist)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = "http://127.0.0.1:%d/?seed=7" % server.server_address[1]
    games = [("chicken-foot", "Chicken Foot", ["Human"] + ["Computer (easy)"] * (args.players - 1), args.players),
             ("moon", "Three-Player Moon", ["Human", "Computer (easy)", "Computer (easy)"], None)]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        for name, label, seats, players in games:
            context = browser.new_context(service_workers="block", viewport={"width": 1366, "height": 768})
            context.add_init_script(LONGTASKS)
            page = context.new_page()
            trace = Path(tempfile.mkdtemp()) / "trace.json"
            browser.start_tracing(page=page, path=str(trace), categories=["devtools.timeline", "toplevel"])
            try:
                runs, longtasks = play(page, url, label, seats, players, args.decisions)
            finally:
                browser.stop_tracing()
            summarise(name, runs, longtasks, os.getloadavg()[0], cpu_of_runs(trace))
            shutil.rmtree(trace.parent)
            context.close()
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
