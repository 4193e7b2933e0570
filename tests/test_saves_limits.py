"""Issue 16 on the page: records just under and over the size limit, deep nesting,
emoji escapes and long names, imported by paste or link; the game is left alone.
The longest valid game (37k actions) is imported, stepped back a hand and
played on in tests/test_import_preview.py, on one import.
"""

import json

import pytest

from conftest import TEST_SEED, app_url, wait_for_state, APP_READY_TIMEOUT_MS
from engine import record, share
from engine.record import MAX_NAME, MAX_RECORD_BYTES, dumps, new_game
from engine.rng import Rng

pytestmark = [pytest.mark.browser, pytest.mark.no_pyodide]   # tests/conftest.py: ?pyodide=off

LONGTASKS = """
window.__longtasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__longtasks.push({start: e.startTime, ms: e.duration});
}).observe({type: 'longtask', buffered: true});
"""

# What records.js does with a paste or a dropped file: hand the text to the page.
IMPORT = """(text) => {
  window.__t0 = performance.now();
  window.__lt0 = window.__longtasks.length;
  const box = document.getElementById('rec-paste-box');
  box.open = true;
  document.getElementById('rec-paste').value = text;
  document.getElementById('rec-load').click();
}"""

SETTLED = """() => {
  const shown = document.querySelector('#game .replay');
  const err = document.getElementById('rec-error');
  if ((shown && !document.getElementById('game').hidden) || (err && !err.hidden)) {
    if (window.__t1 === undefined) window.__t1 = performance.now();
    return true;
  }
  return false;
}"""


@pytest.fixture
def app(browser, site):
    from conftest import guarded_app
    yield from guarded_app(browser, site, init_script=LONGTASKS, service_workers="block")


def moon_record(names=None, hands=1):
    game = new_game("moon", 3, names=names or ["Ana", "Ben", "Cleo"])
    rng = Rng(9)
    for _ in range(hands):
        game.start_round(game.new_deal(rng))
        while game.current_seat() is not None:
            game.apply(game.legal_actions()[-1])
        if game.is_over():
            break
    return game.record()


def padded(rec, total_bytes):
    rec = dict(rec)
    rec["zz"] = ""
    rec["zz"] = "x" * (total_bytes - len(dumps(rec).encode("utf-8")))
    text = dumps(rec)
    assert len(text.encode("utf-8")) == total_bytes
    return text


def import_text(page, text):
    page.evaluate("() => { window.__t1 = undefined; }")
    page.evaluate(IMPORT, text)
    page.wait_for_function(SETTLED, timeout=90000, polling=16)
    took = page.evaluate("() => window.__t1 - window.__t0")
    tasks = page.evaluate("() => window.__longtasks.slice(window.__lt0)")
    return took, tasks


def error_text(page):
    box = page.locator("#rec-error")
    return box.inner_text() if box.is_visible() else ""


def test_records_just_under_and_over_the_size_limit(app):
    page, opener = app
    assert opener() == "ready"
    # Several hands (replayed in pieces that let the page breathe) and one large unknown field.
    under = padded(moon_record(hands=8), MAX_RECORD_BYTES)
    took, tasks = import_text(page, under)
    assert error_text(page) == ""
    assert page.locator("#game .replay").is_visible()
    total = sum(len(r["actions"]) for r in json.loads(under)["rounds"])
    assert page.locator("#game .replay").get_attribute("data-total") == str(total) and total > 100
    # That its reading never froze the page for over 200 ms is asserted by its CPU in
    # tests/test_saves_import_speed.py (a wall-clock bound here failed at load 17).

    over = padded(moon_record(), MAX_RECORD_BYTES + 1)
    took, tasks = import_text(page, over)
    assert "the record is too large: 524289 bytes of JSON, the limit is 524288 (512 KB)" in error_text(page)
    # 4 MB (what once hung the page): refused too, before any parsing.
    import_text(page, padded(moon_record(), 4 * 1024 * 1024))
    assert "the record is too large: 4194" in error_text(page)
    assert wait_for_state(page, "app-state", 1000) == "ready"


def test_deeply_nested_json_is_refused_on_the_page(app):
    page, opener = app
    assert opener() == "ready"
    for text in ["[" * 100000, '{"a":' * 100000, '{"format":"domino-record/1","x":' + "[" * 40 + "]" * 40 + "}"]:
        import_text(page, text)
        assert "nested too deeply: more than 32 levels (at character" in error_text(page), text[:20]
    # The same in a share link.
    deep = {"a": 1}
    for _ in range(40):
        deep = [deep]
    page.evaluate("code => { location.hash = '#record=' + code; }", share.encode({"x": deep}))
    page.wait_for_function("() => document.getElementById('rec-error').textContent.includes('nested too deeply')")
    assert "This link does not open a game" in error_text(page)
    assert wait_for_state(page, "app-state", 1000) == "ready"


def test_emoji_escapes_survive_import_play_export_and_save(app):
    page, opener = app
    assert opener() == "ready"
    names = ["\U0001F600 A", "B \U0001F3B2", "Cleo"]
    text = json.dumps(moon_record(names))          # \ud83d\ude00: what Python writes
    assert "\\ud83d\\ude00" in text
    import_text(page, text)
    assert error_text(page) == ""
    page.get_by_role("button", name="Play from here").click()
    page.wait_for_function("() => !document.getElementById('game').hasAttribute('data-review')")
    got = record.loads(page.evaluate("window.boneyard.record()"))
    assert got["names"] == names
    seats = page.locator("#g-seats").inner_text() + page.locator("#g-me").inner_text()
    assert "\U0001F600 A" in seats and "B \U0001F3B2" in seats and "\ufffd" not in seats
    save = page.evaluate("localStorage.getItem('boneyard.game.' + sessionStorage.getItem('boneyard.tab'))")
    assert json.loads(save)["record"]["names"] == names and "\ufffd" not in save


def test_names_over_the_limit_are_refused_and_at_the_limit_kept_whole(app):
    page, opener = app
    assert opener() == "ready"
    long_name = "N" * (MAX_NAME + 1)
    import_text(page, dumps(moon_record(["Ana", long_name, "Cleo"])))
    assert "name 2 is 65 characters long; a name has at most 64 (Unicode code points)" in error_text(page)
    at_limit = ["\u00e9" * MAX_NAME, "\U0001F600" * MAX_NAME, "C"]
    rec = moon_record(at_limit)
    import_text(page, dumps(rec))
    assert error_text(page) == ""
    page.get_by_role("button", name="Play from here").click()
    page.wait_for_function("() => !document.getElementById('game').hasAttribute('data-review')")
    assert record.loads(page.evaluate("window.boneyard.record()"))["names"] == at_limit
