"""Under ``?pyodide=off`` (the test-only mode: Pyodide never starts) the status line
says so, translated, and promises no "full engine" that will never load."""

import json

import pytest

from conftest import WORKER_READY_TIMEOUT_MS, app_url, wait_for_state

pytestmark = [pytest.mark.browser, pytest.mark.no_pyodide]   # tests/conftest.py: ?pyodide=off

ROOT = __import__("pathlib").Path(__file__).resolve().parent.parent


def catalog(lang):
    return json.loads((ROOT / "web" / "i18n" / ("%s.json" % lang)).read_text(encoding="utf-8"))


@pytest.mark.parametrize("lang", ["en", "lv"])
def test_the_status_line_says_the_full_engine_is_off(page, site, lang):
    requests = []
    page.context.on("request", lambda r: "/runtime/pyodide-" in r.url and requests.append(r.url))
    page.goto(app_url(site, "?lang=" + lang))
    assert wait_for_state(page, "app-state", 30000) == "ready"
    assert wait_for_state(page, "worker-state", WORKER_READY_TIMEOUT_MS) == "ready"
    said = page.locator("#computer-status").inner_text()
    assert said == catalog(lang)["worker.pyodide_off"]
    assert said != catalog(lang)["worker.hard_lighter"]
    # And it stays true: nothing of Pyodide is fetched, and the line does not change.
    page.wait_for_timeout(1500)
    assert page.locator("#computer-status").inner_text() == said and requests == []
    assert page.get_attribute("html", "data-pyodide-state") != "ready"
