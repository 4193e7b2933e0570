"""Issue 16: the largest records import without freezing the page, and as they always read.

* web/records.js's ``cutRounds`` cuts a record's text where its rounds lie and
  ``engine.record.loads_cut`` parses the pieces (MicroPython's json.loads of
  512 KB is one call of a second or more): for any text, the pieces read
  exactly as the whole does, or the text is read whole and refused with the
  same words.
* An import of the longest valid game (37k actions) and of a complete
  10-round 8-player Chicken Foot match runs in tasks none of which uses more
  than 200 ms of the main thread (a ``PerformanceObserver`` for long tasks, their
  CPU from a Chrome trace, as tests/test_ui_perf.py does: this machine is
  shared, the wall clock says little), says how far it has got, and leaves
  the game being played alone until it is done.  The seconds are
  bench/saves.py's.  The longest game's import (its short tasks, its progress
  line) and its Play from here and reload are checked in
  tests/test_import_preview.py, on one import each (an import of it costs
  15-25 s of a shared core).
"""

import json

import pytest

from conftest import guarded_app
from engine import record
from engine.game import RecordError
from engine.record import MAX_DEPTH, MAX_RECORD_BYTES, dumps
from helpers import long_moon_record, played
from test_saves_limits import LONGTASKS, SETTLED, error_text, moon_record, padded
from test_ui_perf import main_thread_tasks, traced

pytestmark = [pytest.mark.browser, pytest.mark.no_pyodide]   # tests/conftest.py: ?pyodide=off

LONG_TASK_MS = 200

# The progress line's states, noted as they change (the import is over before Python could ask).
PROGRESS = LONGTASKS + """
window.__progress = [];
new MutationObserver(() => {
  const box = document.getElementById('rec-progress');
  if (!box) return;
  const said = box.hidden ? '' : box.textContent.trim();
  if (window.__progress[window.__progress.length - 1] !== said) window.__progress.push(said);
}).observe(document, {subtree: true, childList: true, characterData: true, attributes: true,
                      attributeFilter: ['hidden']});
"""


@pytest.fixture
def app(browser, site):
    yield from guarded_app(browser, site, init_script=PROGRESS, service_workers="block")


CUT = """([t, d, s, l]) => {
  const cut = window.boneyardFiles.cutRounds(t, d, s, l);
  return [Array.from(cut), cut.plain === true];
}"""


def cut_rounds(page, text, size):
    """records.js's cut of ``text`` (pieces of about ``size`` characters) and whether it vouches it plain."""
    return page.evaluate(CUT, [text, MAX_DEPTH, size, record.LONG_STRING])


def read_cut(text, cut, plain=False):
    """What engine.record.loads_cut makes of ``text`` cut as ``cut`` (records.js's answer), or its error."""
    try:
        if not cut:
            return record.loads(text)
        gen = record.loads_cut(text, cut[0], cut[1:], plain)
        while True:
            next(gen)
    except StopIteration as done:
        return done.value
    except RecordError as exc:
        return "error: %s" % exc


def read_whole(text):
    try:
        return record.loads(text)
    except RecordError as exc:
        return "error: %s" % exc


def texts():
    rec = moon_record(hands=3)
    canonical = dumps(rec)
    tricky = dict(rec)
    tricky["names"] = ['a]"}{,', "b\\", "\U0001F600"]
    tricky["rounds"] = [dict(r) for r in rec["rounds"]]
    tricky["rounds"][0]["note"] = "[{\"rounds\":[]}]" + "x" * 2000       # long, unknown: not parsed
    tricky["rounds"][1]["emoji"] = "\U0001F3B2 \\"
    deep = dict(rec)
    deep["rounds"] = [dict(r) for r in rec["rounds"]]
    nest = 1
    for _ in range(MAX_DEPTH - 3):                                        # the deepest a round may hold
        nest = [nest]
    deep["rounds"][2]["x"] = nest
    deeper = dict(deep)
    deeper["rounds"] = [dict(r) for r in deep["rounds"]]
    deeper["rounds"][2]["x"] = [nest]
    return [
        canonical,
        json.dumps(rec, indent=2),                                          # spaces and new lines
        json.dumps(tricky),                                                 # \ud83d\ude00 escapes, brackets in strings
        dumps(tricky),
        dumps(deep),
        dumps(deeper),                                                      # one level too deep: refused, located
        canonical.replace('"rounds"', '"\\u0072ounds"'),                    # a key in disguise: read whole
        canonical[:-1] + ',"rounds":[]}',                                   # two rounds lists: the last counts
        canonical.replace('"rounds":[', '"rounds":[1,'),                    # a round that is no object
        canonical.replace('"rounds":[', '"rounds":[{},'),
        canonical.replace('}]}', '},]}'),                                   # a trailing comma
        canonical.replace('"rounds":[', '"rounds":[[],'),
        canonical.replace('"scores"', '"sc\\ud83dores"', 1),               # half a surrogate pair, in a round
        canonical[:-2],                                                     # cut short
        canonical + "x",
        '{"format":"domino-record/1","rounds":[]}',
        '{"rounds":{}}',
        "[" + canonical + "]",
        '{"rounds":[' + "{" * 40 + "}" * 40 + "]}",
    ]


def test_the_cut_record_reads_as_the_whole_one(app):
    page, opener = app
    assert opener() == "ready"
    for text in texts():
        whole = read_whole(text)
        for size in (1, 300, 16384):
            cut, plain = cut_rounds(page, text, size)
            # Vouched plain or not, the pieces read as the whole text does.
            assert read_cut(text, cut, plain) == whole, (text[:80], size, plain)
            assert read_cut(text, cut) == whole, (text[:80], size)
            if plain:
                assert "\\" not in text and cut
            if cut and size == 1 and isinstance(whole, dict):
                # One round a piece, each an exact slice of the text.
                assert len(cut) - 1 == len(whole["rounds"])
                assert all(piece[1:-1] in text for piece in cut[1:])
    # Canonical records are cut (not read whole), however large.
    long_text = long_moon_record()
    cut, plain = cut_rounds(page, long_text, 16384)
    assert plain and len(cut) > 30 and max(len(piece) for piece in cut[1:]) < 17000
    assert read_cut(long_text, cut, plain) == json.loads(long_text)
    # A string over the long-field limit, or one backslash, and nothing is vouched for.
    for changed in (long_text.replace('"Ana"', '"' + "A" * (record.LONG_STRING + 1) + '"'),
                    long_text.replace('"Ana"', '"A\\u006ea"')):
        cut, plain = cut_rounds(page, changed, 16384)
        assert cut and not plain


def import_traced(browser, page, text, path):
    """Paste ``text`` and load it, tracing to ``path``; the long tasks meanwhile, each with its main-thread CPU."""
    browser.start_tracing(page=page, path=str(path), categories=["devtools.timeline", "toplevel"])
    try:
        page.evaluate("console.timeStamp('calib ' + performance.now())")
        page.evaluate("""(text) => {
          window.__t1 = undefined;
          window.__longtasks.length = 0;
          window.__progress.length = 0;
          document.getElementById('rec-paste-box').open = true;
          document.getElementById('rec-paste').value = text;
          document.getElementById('rec-load').click();
        }""", text)
        page.wait_for_function(SETTLED, timeout=300000, polling=50)
        page.wait_for_timeout(300)   # the viewer's paint, and the observer's last entries
    finally:
        browser.stop_tracing()
    tasks, marks = main_thread_tasks(path)
    assert marks, "the trace has no calibration mark"
    return traced(page.evaluate("window.__longtasks"), tasks, marks)


def too_slow(tasks):
    return [t for t in tasks if t["ms"] > LONG_TASK_MS and (t["cpu"] is None or t["cpu"] > LONG_TASK_MS)]


@pytest.mark.timed
def test_a_record_just_under_the_size_limit_imports_in_short_tasks(app, browser, tmp_path):
    """Several hands and one large unknown field, 512 KB in all: read in tasks of at most 200 ms of CPU."""
    page, opener = app
    assert opener() == "ready"
    text = padded(moon_record(hands=8), MAX_RECORD_BYTES)
    tasks = import_traced(browser, page, text, tmp_path / "trace.json")
    assert error_text(page) == ""
    total = sum(len(r["actions"]) for r in json.loads(text)["rounds"])
    assert page.locator("#game .replay").get_attribute("data-total") == str(total)
    assert too_slow(tasks) == [], tasks


@pytest.mark.timed
def test_a_full_eight_player_chicken_foot_match_imports_in_short_tasks(app, browser, tmp_path):
    page, opener = app
    assert opener() == "ready"
    # The game being played, left alone until the record is read.
    page.get_by_role("button", name="Start game").click()
    page.wait_for_function("() => !document.getElementById('game').hidden")
    # Once the computers before the person have moved (a fresh clone's run read the record
    # between a start and a computer's first draw, under load), nothing but the import could change it.
    page.wait_for_function("() => document.documentElement.dataset.waitingFor === 'human'", timeout=30000)
    before = page.evaluate("window.boneyard.record()")
    rec = played("chicken-foot", 8, 1)
    assert len(rec["rounds"]) == 10 and "scores" in rec["rounds"][-1]
    tasks = import_traced(browser, page, dumps(rec), tmp_path / "trace.json")
    assert error_text(page) == ""
    assert page.locator("#game .replay").get_attribute("data-total") == str(sum(len(r["actions"]) for r in rec["rounds"]))
    assert too_slow(tasks) == [], tasks
    page.get_by_role("button", name="Close", exact=True).click()
    page.wait_for_function("() => !document.getElementById('game').hasAttribute('data-review')")
    assert page.evaluate("window.boneyard.record()") == before
