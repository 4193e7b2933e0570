#!/usr/bin/env python3
"""Page load figures in headless Debian chromium, one JSON object per line.

    .venv/bin/python bench/load.py [--runs 5] [--readme]

Builds and serves dist/ on a free localhost port, then measures from the
start of navigation (the page's ``performance.now()`` origin) until
``data-app-state`` and ``data-worker-state`` become ``ready``:

* cold: a fresh browser profile each run (nothing cached);
* warm: a returning visitor -- one persistent profile, visited once until
  the offline download finished, then the page opened again in a new tab of
  the same running browser for every run (a link followed from elsewhere);
* warm after restart: the same, but the browser started anew for every run
  (the first visit after a reboot: every cache is read back from disk);

the same two warm figures for a bare PyScript page on the same MicroPython
(no service worker, no Python of ours: the floor any PyScript page pays on
this machine) and our figures as ratios to it; and the bytes transferred
before the page was ready (resource timing
``transferSize`` of the page's own requests finished by then).  Medians of
``--runs``.  No request routing: Playwright's routing turns the cache off.
With ``--readme`` the rows of README.md's Performance table whose first cell
is one of these metrics are rewritten with the new figures.
"""

import argparse
import json
import os
import re
import shutil
import statistics
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
TIMEOUT_MS = 120000

# Stamps each state change on <html> with the time since navigation began.
RECORDER = """
(() => {
  const marks = (window.__boneyardMarks = {});
  new MutationObserver(() => {
    const root = document.documentElement;
    for (const name of ["data-app-state", "data-worker-state"]) {
      const value = root.getAttribute(name);
      if (value && value !== "loading" && !(name in marks)) marks[name] = [value, performance.now()];
    }
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-app-state", "data-worker-state"] });
})();
"""

BYTES_BEFORE = """
(readyAt) => {
  const nav = performance.getEntriesByType("navigation")[0];
  let total = nav ? nav.transferSize : 0;
  for (const entry of performance.getEntriesByType("resource")) {
    if (entry.responseEnd <= readyAt) total += entry.transferSize;
  }
  return total;
}
"""

TARGETS = {"load.ready_cold": 0.8, "load.ready_warm": 0.3, "load.bytes_before_ready_cold": 1.5}


def browser(playwright, profile):
    context = playwright.chromium.launch_persistent_context(
        profile, executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
    context.add_init_script(RECORDER)
    return context


def measure_page(page, url, offline_ready=False):
    """Open ``url`` in ``page``; return (ready s, worker s, bytes)."""
    page.goto(url)
    page.wait_for_function("() => (window.__boneyardMarks || {})['data-worker-state']", timeout=TIMEOUT_MS)
    marks = page.evaluate("window.__boneyardMarks")
    app_state, ready_ms = marks["data-app-state"]
    worker_state, worker_ms = marks["data-worker-state"]
    if (app_state, worker_state) != ("ready", "ready"):
        raise RuntimeError("the page did not start: app %s, worker %s" % (app_state, worker_state))
    if offline_ready:
        page.wait_for_function("() => document.documentElement.dataset.offlineState === 'ready'", timeout=TIMEOUT_MS)
    transferred = page.evaluate(BYTES_BEFORE, ready_ms)
    return ready_ms / 1000, worker_ms / 1000, transferred


def one_load(playwright, url, profile, offline_ready=False):
    """Open ``url`` in a browser started on ``profile``; return (ready s, worker s, bytes)."""
    context = browser(playwright, profile)
    try:
        return measure_page(context.pages[0] if context.pages else context.new_page(), url, offline_ready)
    finally:
        context.close()


def new_tabs(playwright, url, profile, runs, offline_ready=True):
    """``runs`` loads of ``url``, each in a new tab of one running browser on ``profile``.

    A first visit comes before them (until the offline download is done, with
    ``offline_ready``) and is not counted.
    """
    context = browser(playwright, profile)
    try:
        measure_page(context.pages[0] if context.pages else context.new_page(), url, offline_ready)
        samples = []
        for _ in range(runs):
            page = context.new_page()
            samples.append(measure_page(page, url))
            page.close()
        return samples
    finally:
        context.close()


def measure(url, runs):
    from playwright.sync_api import sync_playwright

    cold, restart = [], []
    with sync_playwright() as playwright:
        for _ in range(runs):
            with tempfile.TemporaryDirectory(prefix="boneyard-cold-") as profile:
                cold.append(one_load(playwright, url, profile))
        with tempfile.TemporaryDirectory(prefix="boneyard-warm-") as profile:
            warm = new_tabs(playwright, url, profile, runs)   # the first visit fills the caches
            for _ in range(runs):
                restart.append(one_load(playwright, url, profile))

    def median(samples, index):
        return statistics.median([s[index] for s in samples])

    return [
        {"metric": "load.ready_cold", "value": round(median(cold, 0), 3), "unit": "s"},
        {"metric": "load.ready_warm", "value": round(median(warm, 0), 3), "unit": "s"},
        {"metric": "load.ready_warm_restart", "value": round(median(restart, 0), 3), "unit": "s"},
        {"metric": "load.bytes_before_ready_cold", "value": round(median(cold, 2) / 1e6, 3), "unit": "MB"},
        {"metric": "load.bytes_before_ready_warm", "value": round(median(warm, 2) / 1e6, 3), "unit": "MB"},
        {"metric": "load.worker_ready_cold", "value": round(median(cold, 1), 3), "unit": "s"},
        {"metric": "load.worker_ready_warm", "value": round(median(warm, 1), 3), "unit": "s"},
        {"metric": "load.worker_ready_warm_restart", "value": round(median(restart, 1), 3), "unit": "s"},
    ]


# The floor: PyScript and MicroPython from our own files, a script that only
# says it is ready.
FLOOR_HTML = """<!doctype html>
<html data-app-state="loading" data-worker-state="loading"><head><meta charset="utf-8">
<link rel="stylesheet" href="./pyscript/core.css"><script type="module" src="./pyscript/core.js"></script></head>
<body><script type="mpy" config="./floor.json">
from pyscript import document
document.documentElement.dataset.appState = "ready"
document.documentElement.dataset.workerState = "ready"
</script></body></html>
"""


def floor_site(dist, folder):
    """A bare PyScript page in ``folder``, with PyScript and MicroPython copied from ``dist``."""
    shutil.copytree(dist / build.PYSCRIPT_DIR, folder / build.PYSCRIPT_DIR)
    shutil.copytree(dist / build.MICROPYTHON_DIR, folder / build.MICROPYTHON_DIR)
    (folder / "index.html").write_text(FLOOR_HTML)
    (folder / "floor.json").write_text(json.dumps({"interpreter": "./%s/micropython.mjs" % build.MICROPYTHON_DIR}))
    return folder


def measure_floor(url, runs):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright, tempfile.TemporaryDirectory(prefix="boneyard-floor-") as profile:
        warm = new_tabs(playwright, url, profile, runs, offline_ready=False)
        restart = [one_load(playwright, url, profile) for _ in range(runs)]
    return [
        {"metric": "load.floor_ready_warm", "value": round(statistics.median(s[0] for s in warm), 3), "unit": "s"},
        {"metric": "load.floor_ready_warm_restart", "value": round(statistics.median(s[0] for s in restart), 3),
         "unit": "s"},
    ]


def serving(folder):
    server = build.make_server(folder, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, "http://127.0.0.1:%d/" % server.server_address[1]


def update_readme(figures, readme=ROOT / "README.md"):
    """Rewrite the value column of README rows that start with `` `metric` ``."""
    text = readme.read_text()
    for figure in figures:
        pattern = re.compile(r"^(\| `%s` \|)[^|\n]*(\|.*)$" % re.escape(figure["metric"]), re.M)
        text = pattern.sub(lambda m: "%s %s %s %s" % (m.group(1), figure["value"], figure["unit"], m.group(2)), text)
    readme.write_text(text)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--readme", action="store_true", help="write the figures into README.md")
    args = parser.parse_args(argv)
    # Wall-clock figures on a 2-core machine depend on what else runs: the
    # load average before we start says how quiet it was.
    figures = [{"metric": "machine.load_average_1min", "value": round(os.getloadavg()[0], 2), "unit": ""}]
    dist = build.build(quiet=True)
    with tempfile.TemporaryDirectory(prefix="boneyard-floor-site-") as floor:
        for folder, run in ((dist, measure), (floor_site(dist, Path(floor)), measure_floor)):
            server, url = serving(folder)
            try:
                figures += run(url, args.runs)
            finally:
                server.shutdown()
                server.server_close()
    value = {f["metric"]: f["value"] for f in figures}
    for ours, floor in (("load.ready_warm", "load.floor_ready_warm"),
                        ("load.ready_warm_restart", "load.floor_ready_warm_restart")):
        figures.append({"metric": ours + "_vs_floor", "value": round(value[ours] / value[floor], 2), "unit": "x"})
    for figure in figures:
        if figure["metric"] in TARGETS:
            figure["target"] = TARGETS[figure["metric"]]
        print(json.dumps(figure), flush=True)
    if args.readme:
        update_readme(figures)
    return 0


if __name__ == "__main__":
    sys.exit(main())
