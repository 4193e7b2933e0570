"""The app in Debian's chromium: MicroPython page, Pyodide worker, nothing from outside."""

import importlib.util
import json

import pytest

from conftest import ROOT, WORKER_READY_TIMEOUT_MS, wait_for_state
from engine import render

pytestmark = pytest.mark.browser


def cpython_worker():
    """web/worker.py loaded on CPython: the answers the page's worker must give."""
    spec = importlib.util.spec_from_file_location("boneyard_worker", ROOT / "web" / "worker.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_page_runs_engine_on_micropython_and_worker_on_pyodide(page, open_app):
    assert open_app() == "ready"
    html = page.locator("html")
    assert html.get_attribute("lang") == "en"
    assert html.get_attribute("data-waiting-for") == "none"
    assert page.locator("#loading").is_hidden()
    assert page.locator("#error").is_hidden()

    # The table shows tiles drawn by engine.render running in MicroPython.
    tile = page.locator('#table svg.tile[aria-label="9-5"]')
    assert tile.count() == 1
    expected = render.tile_svg("9-5")
    assert tile.locator("circle.pip").count() == expected.count("<circle") == 14
    assert tile.evaluate("svg => svg.getAttribute('viewBox')") == "0 0 204 104"
    assert page.locator("#table svg.tile-back").count() == 1
    runtime = page.evaluate("document.querySelector('script[type=mpy]').getAttribute('config')")
    assert runtime == "./pyscript-main.json"

    # The worker (Pyodide) answers with the same deal CPython computes.
    assert wait_for_state(page, "worker-state", WORKER_READY_TIMEOUT_MS) == "ready"
    hand = page.locator("#computer-hand")
    seed = int(hand.get_attribute("data-seed"))
    answer = json.loads(cpython_worker().deal_preview(seed))
    assert hand.get_attribute("data-hand").split() == answer["hand"]
    labels = hand.locator("svg.tile").evaluate_all("svgs => svgs.map(s => s.getAttribute('aria-label'))")
    assert labels == answer["hand"]
    assert page.locator("#computer-status").inner_text().startswith("Ready.")


BROKEN_STARTS = [
    # A missing engine file: PyScript cannot mount it (caught on the JS side).
    ("**/engine/tiles.py", 404, "not found", "Unable to fetch"),
    # Engine code that raises: caught by the Python app itself.
    ("**/engine/render.py", 200, "raise RuntimeError('broken on purpose')", "RuntimeError: broken on purpose"),
    # The MicroPython runtime cannot load at all.
    ("**/runtime/micropython-*/*", 404, "not found", "micropython.mjs"),
]


@pytest.mark.parametrize("pattern, status, body, reason", BROKEN_STARTS)
def test_broken_start_shows_an_error(page, page_watch, site, pattern, status, body, reason):
    page_watch.expect_errors()
    page.route(pattern, lambda route: route.fulfill(status=status, body=body, content_type="text/plain"))
    page.goto(site)
    assert wait_for_state(page, "app-state", 40000) == "error"
    assert page.get_attribute("html", "data-worker-state") == "error"
    message = page.locator("#error")
    assert message.is_visible()
    assert message.inner_text().startswith("Boneyard could not start: ")
    assert reason in message.inner_text()
    assert page.locator("#loading").is_hidden()


def test_broken_worker_runtime_leaves_the_page_usable(page, page_watch, site):
    page_watch.expect_errors()
    # A context route also covers the worker's own requests.
    page.context.route("**/runtime/pyodide-*/*", lambda route: route.fulfill(status=404, body="not found"))
    page.goto(site)
    assert wait_for_state(page, "app-state", 30000) == "ready"
    assert wait_for_state(page, "worker-state", WORKER_READY_TIMEOUT_MS) == "error"
    assert "could not start" in page.locator("#computer-status").inner_text()


def test_requests_leaving_localhost_are_blocked_and_recorded(page, page_watch, open_app):
    assert open_app() == "ready"
    failed = page.evaluate(
        "() => fetch('https://cdn.example/lib.js').then(() => false, () => true)")
    assert failed
    assert page_watch.blocked == ["https://cdn.example/lib.js"]
    page_watch.blocked.clear()  # recorded as it must be: not a failure of this test
    page_watch.errors.clear()
