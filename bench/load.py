#!/usr/bin/env python3
"""Page load and first-move figures in headless Debian chromium, one JSON object per line.

    .venv/bin/python bench/load.py [--runs 5] [--profile desktop|phone] [--readme]

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

Both profiles also measure, on cold visits, **Start -> first computer move**
for each game with every seat a computer of one level (``Instant`` speed,
Start clicked as soon as the page is ready): ``first_move.<profile>.<game>.
<level>``, with the bare PyScript page's cold start of the same run beside
them, and whether the Pyodide worker's first request and the offline
download (``sw.js``) both came after that first move.  ``--profile phone``
serves through a throttling server -- 150 ms before each response, every
body through one shared 9 Mbit/s link, so the workers and the service
worker feel it too (CDP network emulation on the page does not slow them)
-- and slows the page's CPU 4x with CDP; it measures cold visits only.
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
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402

from tests.helpers import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
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

TARGETS = {"load.ready_cold": 0.8, "load.ready_warm": 0.3, "load.bytes_before_ready_cold": 1.5,
           "load.phone.ready_cold": 2.5}
# Start -> first computer move (s): every level, both games; a hard Moon bid may think longer.
FIRST_MOVE_TARGETS = {"desktop": (0.5, 1.5), "phone": (1.5, 3.0)}
GAMES = {"chicken-foot": ("Chicken Foot", 4), "moon": ("Three-Player Moon", 3)}
LEVELS = ["easy", "medium", "hard"]

# The phone profile (see the docstring).
PHONE_LATENCY_S = 0.150
PHONE_LINK_BITS_PER_S = 9e6
PHONE_CPU_SLOWDOWN = 4
CHUNK = 16384


class Link:
    """One shared line: a chunk of ``n`` bytes holds it for ``8 n / rate`` seconds."""

    def __init__(self, bits_per_s):
        self.rate = bits_per_s
        self.lock = threading.Lock()
        self.free_at = 0.0

    def send(self, n):
        with self.lock:
            start = max(time.monotonic(), self.free_at)
            self.free_at = start + 8 * n / self.rate
            done = self.free_at
        delay = done - time.monotonic()
        if delay > 0:
            time.sleep(delay)


def throttled_handler(link):
    """build.StaticHandler, slowed like a phone's connection."""

    class Throttled(build.StaticHandler):
        def send_head(self):
            time.sleep(PHONE_LATENCY_S)         # the round trip, before every response
            return super().send_head()

        def copyfile(self, source, outputfile):
            while True:
                chunk = source.read(CHUNK)
                if not chunk:
                    return
                link.send(len(chunk))
                outputfile.write(chunk)

    return Throttled

# Stamps Start's click and the first action in the game's record (time since
# navigation), and the first request of the Pyodide runtime / the service worker.
FIRST_MOVE_RECORDER = """
(() => {
  const marks = (window.__boneyardFirst = {});
  document.addEventListener("click", (event) => {
    const button = event.target.closest && event.target.closest("button");
    if (button && button.textContent.trim() === "Start game" && !("start" in marks)) {
      marks.start = performance.now();
      const look = () => {
        let moved = false;
        try {
          const record = JSON.parse(window.boneyard.record() || "{}");
          moved = (record.rounds || []).some((r) => (r.actions || []).length > 0);
        } catch (_) { /* not yet */ }
        if (moved && !("first" in marks)) marks.first = performance.now();
        if (moved) {
          // Every later action too (bench: hard decision times in the browser).
          const record = JSON.parse(window.boneyard.record() || "{}");
          const count = (record.rounds || []).reduce((s, r) => s + (r.actions || []).length, 0);
          marks.actions = marks.actions || [];
          while (marks.actions.length < count) marks.actions.push(performance.now());
          if (document.documentElement.dataset.pyodideState === "ready" && !("pyodide" in marks)) {
            marks.pyodide = performance.now();
          }
        }
        requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    }
  }, true);
})();
"""


def browser(playwright, profile, cpu_slowdown=1):
    context = playwright.chromium.launch_persistent_context(
        profile, executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
    context.add_init_script(RECORDER)
    context.add_init_script(FIRST_MOVE_RECORDER)
    if cpu_slowdown > 1:
        page = context.pages[0] if context.pages else context.new_page()
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": cpu_slowdown})
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


def one_load(playwright, url, profile, offline_ready=False, cpu_slowdown=1):
    """Open ``url`` in a browser started on ``profile``; return (ready s, worker s, bytes)."""
    context = browser(playwright, profile, cpu_slowdown)
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


def first_move(playwright, url, game, level, cpu_slowdown=1):
    """A cold visit: Start as soon as the page is ready, every seat ``level``.

    Returns (ready s, Start -> first move s, Pyodide's first request after
    the first move, sw.js after the first move).
    """
    label, seats = GAMES[game]
    with tempfile.TemporaryDirectory(prefix="boneyard-first-") as profile:
        context = browser(playwright, profile, cpu_slowdown)
        try:
            requests = []
            context.on("request", lambda r: requests.append((time.time() * 1000, r.url)))
            page = context.pages[0] if context.pages else context.new_page()
            page.goto(url + "?seed=7")
            page.wait_for_function("() => (window.__boneyardMarks || {})['data-app-state']", timeout=TIMEOUT_MS)
            ready = page.evaluate("window.__boneyardMarks['data-app-state'][1]")
            page.get_by_role("radio", name=label).check()
            page.get_by_label("Computer speed").select_option(label="Instant")
            for seat in range(seats):
                page.get_by_label("Seat %d" % (seat + 1), exact=True).select_option(label="Computer (%s)" % level)
            page.get_by_role("button", name="Start game").click()
            page.wait_for_function("() => 'first' in (window.__boneyardFirst || {})", timeout=TIMEOUT_MS)
            marks = page.evaluate("window.__boneyardFirst")
            # On the wall clock (epoch ms): the page's origin plus its mark.
            moved_at = page.evaluate("performance.timeOrigin") + marks["first"]
            pyodide = [t for t, u in requests if "/runtime/pyodide-" in u]
            sw = [t for t, u in requests if u.endswith("/sw.js")]
            return (ready / 1000, (marks["first"] - marks["start"]) / 1000,
                    all(t >= moved_at for t in pyodide), all(t >= moved_at for t in sw))
        finally:
            context.close()


def measure_first_moves(url, runs, cpu_slowdown=1, profile="desktop"):
    from playwright.sync_api import sync_playwright

    figures = []
    ready = []
    after = []
    with sync_playwright() as playwright:
        for game in GAMES:
            for level in LEVELS:
                samples = [first_move(playwright, url, game, level, cpu_slowdown) for _ in range(runs)]
                ready.extend(s[0] for s in samples)
                after.extend(s[2] and s[3] for s in samples)
                target = FIRST_MOVE_TARGETS[profile][1 if (game, level) == ("moon", "hard") else 0]
                times = [s[1] for s in samples]
                figures.append({"metric": "first_move.%s.%s.%s" % (profile, game, level),
                                "value": round(statistics.median(times), 3), "unit": "s",
                                "max": round(max(times), 3), "target": target})
    figures.append({"metric": "first_move.%s.ready_cold" % profile, "value": round(statistics.median(ready), 3),
                    "unit": "s"})
    figures.append({"metric": "first_move.%s.downloads_after_first_move" % profile,
                    "value": "%d/%d" % (sum(after), len(after)), "unit": "runs"})
    return figures


def hard_decisions(playwright, url, game, seconds=40):
    """One cold visit with every seat hard: the time of each computer decision
    (one action after another at Instant speed) for ``seconds``, split by
    whether Pyodide was ready; round ends, where the bench clicks on, left out."""
    label, seats = GAMES[game]
    with tempfile.TemporaryDirectory(prefix="boneyard-hard-") as profile:
        context = browser(playwright, profile)
        try:
            page = context.pages[0] if context.pages else context.new_page()
            page.goto(url + "?seed=11")
            page.wait_for_function("() => (window.__boneyardMarks || {})['data-app-state']", timeout=TIMEOUT_MS)
            page.get_by_role("radio", name=label).check()
            page.get_by_label("Computer speed").select_option(label="Instant")
            for seat in range(seats):
                page.get_by_label("Seat %d" % (seat + 1), exact=True).select_option(label="Computer (hard)")
            page.get_by_role("button", name="Start game").click()
            clicks = []
            end = time.monotonic() + seconds
            while time.monotonic() < end:
                following = page.get_by_role("button", name="Next round")
                if following.count() and following.is_visible():
                    clicks.append(page.evaluate("performance.now()"))
                    following.click()
                page.wait_for_timeout(200)
            marks = page.evaluate("window.__boneyardFirst")
        finally:
            context.close()
    times = [marks["start"]] + marks.get("actions", [])
    pyodide_at = marks.get("pyodide")
    split = {"micropython": [], "pyodide": []}
    for a, b in zip(times, times[1:]):
        if any(a <= c <= b for c in clicks):
            continue
        split["pyodide" if pyodide_at is not None and a >= pyodide_at else "micropython"].append((b - a) / 1000)
    return split


def measure_hard_decisions(url):
    from playwright.sync_api import sync_playwright

    figures = []
    with sync_playwright() as playwright:
        for game in GAMES:
            for runtime, times in sorted(hard_decisions(playwright, url, game).items()):
                if times:
                    figures.append({"metric": "hard_decision.desktop.%s.%s" % (game, runtime),
                                    "value": round(statistics.median(times), 3), "unit": "s",
                                    "max": round(max(times), 3), "decisions": len(times),
                                    "target": 0.5, "target_max": 2.0})
    return figures


def measure_phone_load(url, runs, floor_url):
    """Cold page-ready of the app and of the bare page through the phone profile."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        ours, floor = [], []
        for _ in range(runs):
            with tempfile.TemporaryDirectory(prefix="boneyard-phone-") as profile:
                ours.append(one_load(playwright, url, profile, cpu_slowdown=PHONE_CPU_SLOWDOWN))
            with tempfile.TemporaryDirectory(prefix="boneyard-phone-floor-") as profile:
                floor.append(one_load(playwright, floor_url, profile, cpu_slowdown=PHONE_CPU_SLOWDOWN))
    return [
        {"metric": "load.phone.ready_cold", "value": round(statistics.median(s[0] for s in ours), 3), "unit": "s"},
        {"metric": "load.phone.worker_ready_cold", "value": round(statistics.median(s[1] for s in ours), 3),
         "unit": "s"},
        {"metric": "load.phone.floor_ready_cold", "value": round(statistics.median(s[0] for s in floor), 3),
         "unit": "s"},
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


def serving(folder, link=None):
    if link is None:
        server = build.make_server(folder, 0)
    else:
        import functools

        server = build.QuietServer(("127.0.0.1", 0), functools.partial(throttled_handler(link), directory=str(folder)))
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
    parser.add_argument("--profile", choices=["desktop", "phone"], default="desktop",
                        help="desktop: localhost as it is; phone: 9 Mbit/s, 150 ms per request, CPU x4")
    parser.add_argument("--readme", action="store_true", help="write the figures into README.md")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    # Wall-clock figures on a 2-core machine depend on what else runs: the
    # load average before we start says how quiet it was.
    figures = [{"metric": "machine.load_average_1min", "value": round(os.getloadavg()[0], 2), "unit": ""}]
    dist = build.build(quiet=True)
    with tempfile.TemporaryDirectory(prefix="boneyard-floor-site-") as floor:
        floor = floor_site(dist, Path(floor))
        if args.profile == "phone":
            link = Link(PHONE_LINK_BITS_PER_S)
            (server, url), (floor_server, floor_url) = serving(dist, link), serving(floor, link)
            try:
                figures += measure_phone_load(url, args.runs, floor_url)
                figures += measure_first_moves(url, args.runs, PHONE_CPU_SLOWDOWN, "phone")
            finally:
                for each in (server, floor_server):
                    each.shutdown()
                    each.server_close()
        else:
            runs = ((dist, measure), (floor, measure_floor), (dist, measure_first_moves),
                    (dist, lambda url, _runs: measure_hard_decisions(url)))
            for folder, run in runs:
                server, url = serving(folder)
                try:
                    figures += run(url, args.runs)
                finally:
                    server.shutdown()
                    server.server_close()
    value = {f["metric"]: f["value"] for f in figures}
    for ours, floor in (("load.ready_warm", "load.floor_ready_warm"),
                        ("load.ready_warm_restart", "load.floor_ready_warm_restart"),
                        ("load.phone.ready_cold", "load.phone.floor_ready_cold")):
        if ours in value:
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
