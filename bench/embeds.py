#!/usr/bin/env python3
"""Embeds on a long page: what 20 diagrams cost a reader.

Serves dist/ (built first) on one localhost port and a 20-diagram tutorial
(tests/embed_hosts.long_page, the classic snippet) on another, opens it in
headless chromium, waits, then scrolls through it diagram by diagram, and
prints:

* interpreters (embed frames) started before scrolling, and in all;
* the most frames alive at once while scrolling;
* WebAssembly memory at the end (every live frame's, summed);
* for each diagram, the time from its reaching the viewport until its
  picture shows (0 when it was ready before the reader got there);
* the host page's CLS (layout shifts without input, load and scroll).

    .venv/bin/python bench/embeds.py [--width 1366 --height 768] [--pause 0.4]
"""

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import build  # noqa: E402
import embed_hosts as hosts  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]
COUNT = 20
READY_S = 60


def wasm_megabytes(page):
    total = 0
    for frame in page.frames:
        try:
            total += frame.evaluate("window.__wasmBytes ? window.__wasmBytes() : 0")
        except Exception:   # a frame being released as we ask
            pass
    return total / 2 ** 20


def picture_time(page, i):
    """Seconds from now until diagram ``i``'s frame has its picture (ready or error)."""
    start = time.perf_counter()
    element = page.locator("#d%d" % i)
    element.locator("iframe").wait_for(state="attached", timeout=READY_S * 1000)
    frame = element.locator("iframe").element_handle().content_frame()
    frame.wait_for_function("document.documentElement.dataset.embedState !== 'loading'"
                            " && !!document.documentElement.dataset.embedState", timeout=READY_S * 1000)
    return time.perf_counter() - start


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--width", type=int, default=1366)
    parser.add_argument("--height", type=int, default=768)
    parser.add_argument("--pause", type=float, default=0.4, help="seconds a reader stays at each diagram")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    dist = build.build(quiet=True)
    boneyard_server = build.make_server(dist, 0, cors=False)
    boneyard = hosts.serve(boneyard_server)
    with tempfile.TemporaryDirectory() as folder:
        name = hosts.long_page(Path(folder), boneyard, COUNT)
        host_server = hosts.host_server(folder)
        host = hosts.serve_host(host_server)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
            context = browser.new_context(viewport={"width": args.width, "height": args.height})
            context.add_init_script(hosts.CLS_SCRIPT)
            context.add_init_script(hosts.WASM_SCRIPT)
            page = context.new_page()
            requests = []
            page.on("request", lambda r: requests.append(r.url))
            opened = time.perf_counter()
            page.goto(host + name)
            first = picture_time(page, 0)
            first_from_open = time.perf_counter() - opened
            time.sleep(2)
            before = hosts.frames_started(requests)
            load_cls = hosts.cls(page)
            times = [first]
            most = page.evaluate("document.querySelectorAll('domino-game iframe').length")
            for i in range(1, COUNT):
                page.locator("#d%d" % i).scroll_into_view_if_needed()
                times.append(picture_time(page, i))
                most = max(most, page.evaluate("document.querySelectorAll('domino-game iframe').length"))
                time.sleep(args.pause)
            time.sleep(1)
            memory = wasm_megabytes(page)
            live = page.evaluate("document.querySelectorAll('domino-game iframe').length")
            total = hosts.frames_started(requests)
            scroll_cls = hosts.cls(page)
            browser.close()
        host_server.shutdown()
    boneyard_server.shutdown()

    print("embeds on a %d-diagram page, %dx%d, chromium headless" % (COUNT, args.width, args.height))
    print("  first picture after opening the page   %.2f s" % first_from_open)
    print("  interpreters started before scrolling  %d" % before)
    print("  interpreters started in all            %d (frames restarted when scrolled back count again)" % total)
    print("  most frames alive at once              %d" % most)
    print("  frames alive at the end                %d" % live)
    print("  WebAssembly memory at the end          %.1f MB" % memory)
    print("  picture after reaching a diagram       median %.2f s, max %.2f s" % (
        statistics.median(times), max(times)))
    print("    per diagram (s): " + " ".join("%.2f" % t for t in times))
    print("  CLS after load %.4f, after scrolling through %.4f" % (load_cls, scroll_cls))
    return 0


if __name__ == "__main__":
    sys.exit(main())
