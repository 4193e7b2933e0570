"""The History panel: finished games across reloads, statistics that add up, review, export, delete.

The statistics (``app/history_view.py``) on CPython, then the panel in
chromium over saves built here in ``app/store.py``'s format: some written
by this version (levels and result in the save's head), one by an earlier
one (read whole), and a game in progress (never in the history).  A game
finished on the page itself joins the history with its levels and result.
"""

import functools
import json
import sys

import pytest

from conftest import ROOT, wait_for_state
from engine.ai import Budget
from engine.record import dumps, new_game
from engine.rng import Rng
from engine.tournament import pick
from test_ui import mouse_step, setup_game, waiting

sys.path.insert(0, str(ROOT / "web"))

from app import history_view  # noqa: E402
from app import i18n  # noqa: E402


# The browser tests open the app with ?pyodide=off (tests/conftest.py): they need no Pyodide.
pytestmark = pytest.mark.no_pyodide


# hard searches a fixed budget here: time-capped, a Moon game took 25 s and
# its result depended on the machine's load.
HARD_BUDGET = Budget(iterations=1)


def played(game_name, seats, names, seed):
    game = new_game(game_name, len(names), names=names)
    rng = Rng(seed)
    while not game.is_over():
        if game.current_seat() is None:
            game.start_round(game.new_deal(rng))
            continue
        kind = seats[game.current_seat()]
        game.apply(pick(game, "easy" if kind == "human" else kind, rng.next64(), HARD_BUDGET))
    return game


def save_text(game_name, seats, names, seed, game_id, updated, legacy=False, finished=True):
    game = played(game_name, seats, names, seed)
    meta = {"game": game_name, "players": len(names), "names": names, "round": game.round_count(),
            "actions": game.action_count(), "finished": finished}
    if not legacy:
        meta["seats"] = seats
        meta["totals"] = game.totals()
        meta["winners"] = game.winners()
    setup = {"game": game_name, "players": len(names), "seats": seats + ["easy"] * (8 - len(seats)),
             "names": names + ["Eli", "Fay", "Gus", "Hana", "Ivo"][:8 - len(names)], "speed": "instant",
             "options": {}, "seed": 1}
    text = '{"v":2,"rev":1,"id":%s,"updated":%d,"meta":%s,"setup":%s,"record":%s}' % (
        json.dumps(game_id), updated, dumps(meta), json.dumps(setup), dumps(game.record()))
    return text, game


GAMES = [
    ("moon", ["human", "easy", "easy"], ["Ana", "Ben", "Cleo"], 1, "g1", 1764583200000, False),
    ("moon", ["human", "hard", "easy"], ["Ana", "Ben", "Cleo"], 2, "g2", 1764583300000, False),
    ("chicken-foot", ["human", "medium", "medium"], ["Ana", "Ben", "Cleo"], 3, "g3", 1764583400000, False),
    ("chicken-foot", ["human", "medium"], ["Ana", "Ben"], 4, "g4", 1764583500000, True),
    ("moon", ["easy", "easy", "easy"], ["Ana", "Ben", "Cleo"], 5, "g5", 1764583600000, False),
]


@functools.lru_cache(maxsize=None)
def saved_games():
    """The saves of GAMES, played once per test process (tests/test_history_import.py reads them too)."""
    return tuple(save_text(*spec) for spec in GAMES)


@pytest.fixture(scope="module")
def saves():
    return list(saved_games())


def items_of(saves):
    out = []
    for (text, game), spec in zip(saves, GAMES):
        out.append({"id": spec[4], "updated": spec[5], "game": spec[0], "players": len(spec[2]), "names": spec[2],
                    "round": game.round_count(), "finished": True, "seats": spec[1], "totals": game.totals(),
                    "winners": game.winners()})
    out.sort(key=lambda item: -item["updated"])
    return out


@pytest.fixture(autouse=True)
def english():
    i18n.install("en", json.loads((ROOT / "web" / "i18n" / "en.json").read_text(encoding="utf-8")))
    i18n.set_language("en")


def test_statistics_add_up_to_the_list(saves):
    items = items_of(saves)
    groups = history_view.stats(items)
    assert sum(g["played"] for g in groups) == len(items)
    assert [(g["game"], g["level"], g["played"]) for g in groups] == [
        ("chicken-foot", "medium", 2), ("moon", "easy", 2), ("moon", "mixed", 1)]
    for g in groups:
        mine = [i for i in items if i["game"] == g["game"] and history_view.level_of(i) == g["level"]]
        seat = [history_view.you(i) for i in mine]
        scores = [i["totals"][s] for i, s in zip(mine, seat)]
        assert g["won"] == sum(1 for i, s in zip(mine, seat) if s in i["winners"])
        assert g["total"] == sum(scores)
        assert g["best"] == (min(scores) if g["game"] == "chicken-foot" else max(scores))
    # Computers alone: "you" is seat 1, the level theirs.
    alone = [i for i in items if i["id"] == "g5"][0]
    assert history_view.you(alone) == 0 and history_view.level_of(alone) == "easy"
    assert history_view.average({"total": 25, "played": 2}) == "12.5"
    assert history_view.average({"total": 9, "played": 3}) == "3"


def test_the_panel_lists_every_game_with_levels_and_result_and_charts_the_statistics(saves):
    items = items_of(saves)
    html = history_view.panel(items, lambda ms: "day %d" % ms)
    assert html.count('class="hist-game"') == len(items)
    assert "Ana (human), Ben (computer, hard), Cleo (computer, easy)" in html.replace("<bdi>", "").replace("</bdi>", "")
    assert html.count('class="hist-bar"') == len(history_view.stats(items))
    assert 'role="img"' in html and "History: 5 finished games" in html
    assert "No finished games yet" in history_view.panel([], lambda ms: "")
    # Whose score is "yours" when no person played: said only when such a game is listed.
    alone = "computers played alone, it is seat 1\u2019s"
    assert alone in html
    assert alone not in history_view.panel([i for i in items if i["id"] != "g5"], lambda ms: "")


def open_history(page):
    page.locator("#history > summary").click()
    page.wait_for_selector("#history[open] #hist-games")


def listed(page):
    return [r.get_attribute("data-game-id") for r in page.locator("#hist-games tr.hist-game").all()]


def stats_rows(page):
    out = []
    for r in page.locator("#hist-stats tbody tr").all():
        cells = [c.inner_text() for c in r.locator("td").all()]
        out.append((r.get_attribute("data-game"), r.get_attribute("data-level"), int(cells[0]), int(cells[1])))
    return out


@pytest.mark.browser
def test_history_survives_reload_reviews_exports_and_deletes(page, open_app, saves, tmp_path):
    assert open_app() == "ready"
    for (text, _), spec in zip(saves, GAMES):
        page.evaluate("([k, v]) => localStorage.setItem(k, v)", ["boneyard.game." + spec[4], text])
    going, _ = save_text("moon", ["human", "easy", "easy"], ["Ana", "Ben", "Cleo"], 9, "g9", 1764583700000,
                         finished=False)
    page.evaluate("v => localStorage.setItem('boneyard.game.g9', v)", going)
    page.reload()
    assert wait_for_state(page, "app-state", 60000) == "ready"
    if page.locator("#setup").is_hidden():      # the game in progress resumed: back to the setup
        page.get_by_role("button", name="New game").first.click()
    open_history(page)
    items = items_of(saves)
    assert listed(page) == [i["id"] for i in items]        # newest first; the game in progress is not there
    rows = stats_rows(page)
    assert sum(r[2] for r in rows) == len(listed(page))
    assert sum(r[3] for r in rows) == sum(1 for i in items if history_view.you(i) in i["winners"])
    bars = page.locator("#hist-chart .hist-bar")
    assert bars.count() == len(rows)
    assert [int(b.get_attribute("data-played")) for b in bars.all()] == [r[2] for r in rows]
    # The legacy save (no levels in its head) was read whole: its levels and result show.
    legacy = page.locator('#hist-games tr[data-game-id="g4"]').inner_text()
    assert "Ben (computer, medium)" in legacy and " won (" in legacy
    # Survives a reload.
    page.reload()
    assert wait_for_state(page, "app-state", 60000) == "ready"
    if page.locator("#setup").is_hidden():
        page.get_by_role("button", name="New game").first.click()
    open_history(page)
    assert listed(page) == [i["id"] for i in items]
    # Export: one file, a record a line, every finished game, each with its id, date and setup
    # first (tests/test_history_import.py reads it back).
    with page.expect_download() as info:
        page.get_by_role("button", name="Export history").click()
    lines = [json.loads(line) for line in open(info.value.path(), encoding="utf-8").read().splitlines()]
    by_id = dict((spec[4], text) for (text, _), spec in zip(saves, GAMES))
    assert [line.pop("boneyard") for line in lines] == [
        {"id": i["id"], "updated": i["updated"], "setup": json.loads(by_id[i["id"]])["setup"]} for i in items]
    assert lines == [json.loads(by_id[i["id"]])["record"] for i in items]
    assert info.value.suggested_filename.startswith("boneyard-history-")
    # Delete one, once asked: gone from the list and from the statistics; the panel stays open.
    row = page.locator('#hist-games tr[data-game-id="g3"]')
    row.get_by_role("button", name="Delete").click()
    assert row.get_by_role("alert").inner_text() == "Delete this game for good?"
    row.get_by_role("button", name="Delete", exact=True).click()
    page.wait_for_function("() => !document.querySelector('#hist-games tr[data-game-id=\"g3\"]')")
    assert page.locator("#history").get_attribute("open") is not None
    # The focus goes to the list the row was in (it fell to <body>).
    assert page.evaluate("document.activeElement === document.querySelector('#history > summary')")
    rows = stats_rows(page)
    assert sum(r[2] for r in rows) == len(listed(page)) == len(items) - 1
    # Review one: the replay viewer, with the analysis offered for its last hand.
    page.locator('#hist-games tr[data-game-id="g1"]').get_by_role("button", name="Review").click()
    page.wait_for_selector("#analysis[data-analysis-state=idle]")
    assert page.get_by_role("button", name="Analyse this hand").is_visible()
    # The focus is the replay's; closed, it is back on the Review it was opened with, in view
    # (it fell to <body> and the page to its top, away from the list).
    assert page.evaluate("!!document.activeElement.closest('#game .review')")
    page.get_by_role("button", name="Close").click()
    review = page.locator('#hist-games tr[data-game-id="g1"]').get_by_role("button", name="Review")
    review.wait_for()
    assert review.evaluate("(e) => e === document.activeElement")
    box = review.bounding_box()
    assert 0 <= box["y"] and box["y"] + box["height"] <= page.viewport_size["height"], box


@pytest.mark.browser
def test_a_game_finished_on_the_page_joins_the_history(page, open_app):
    from conftest import APP_READY_TIMEOUT_MS
    from sizes import NIGHTLY
    from tests_saves_support import random_game, resume_save, save_of

    if NIGHTLY:     # a whole game from the setup screen
        setup_game(page, open_app, "Three-Player Moon", ["Human", "Computer (hard)", "Computer (easy)"])
    else:           # CI: its last hands, resumed from a save of the hands before (played on CPython)
        near = random_game("moon", ["Ana", "Ben", "Cleo"], 8,
                           lambda g: g.current_seat() is None and max(g.totals()) >= 16)
        assert not near.is_over() and max(near.totals()) >= 16
        assert open_app() == "ready"
        resume_save(page, save_of(near, ["human", "hard", "easy"]))
        assert wait_for_state(page, "app-state", APP_READY_TIMEOUT_MS) == "ready"
    for _ in range(3000):
        if not mouse_step(page):        # no Next round: the game is over
            break
    record = json.loads(page.evaluate("window.boneyard.record()"))
    page.get_by_role("button", name="New game").first.click()
    open_history(page)
    row = page.locator("#hist-games tr.hist-game").first
    text = row.inner_text()
    assert "Ana (human), Ben (computer, hard), Cleo (computer, easy)" in text
    from engine.record import replay
    game = replay(record)
    assert game.is_over() and ", ".join("%s %d" % (n, v) for n, v in zip(["Ana", "Ben", "Cleo"], game.totals())) in text
    assert stats_rows(page) == [("moon", "mixed", 1, 1 if 0 in game.winners() else 0)]


@pytest.mark.browser
@pytest.mark.parametrize("width", [390, 360])
@pytest.mark.parametrize("lang", ["en", "lv"])
def test_the_statistics_fit_a_phone(page, open_app, saves, lang, width):
    # Five columns in 390 px: nothing may need a sideways scroll (Latvian's headers are long).
    # At 360, four equal quarters left Latvian's "Nospēlētas" 5 px too little.
    page.set_viewport_size({"width": width, "height": 844})
    assert open_app() == "ready"
    for (text, _), spec in zip(saves, GAMES):
        page.evaluate("([k, v]) => localStorage.setItem(k, v)", ["boneyard.game." + spec[4], text])
    page.evaluate("l => localStorage.setItem('boneyard.lang', l)", lang)
    page.reload()
    assert wait_for_state(page, "app-state", 60000) == "ready"
    open_history(page)
    box = page.evaluate("""() => { const t = document.getElementById('hist-stats');
        const r = t.getBoundingClientRect(), p = t.parentElement.getBoundingClientRect();
        return [t.scrollWidth, t.parentElement.clientWidth, r.left, r.right, p.left, p.right, innerWidth]; }""")
    scroll_w, room, left, right, p_left, p_right, width = box
    assert scroll_w <= room and p_left <= left and right <= p_right + 0.5 and right <= width, box
    # Every header and group name keeps its words whole (five columns once broke "Nospēlētas"
    # and "spēlētājiem," inside the word): with no breaking inside words, none overflows its cell.
    broken = page.evaluate("""() => [...document.querySelectorAll('#hist-stats th, #hist-stats td')]
        .filter((c) => c.getBoundingClientRect().width > 1).filter((c) => {
          c.style.overflowWrap = 'normal'; c.style.wordBreak = 'normal';
          return c.scrollWidth > c.clientWidth + 0.5; }).map((c) => c.textContent)""")
    assert broken == [], broken
    # Laid out as a name over four figures, and still a table to a screen reader.
    table = page.locator("#hist-stats")
    assert table.get_by_role("columnheader").count() == 5
    assert table.get_by_role("rowheader").count() == len(stats_rows(page)) == 3
    assert table.get_by_role("cell").count() == 4 * 3


@pytest.mark.browser
def test_a_language_the_browser_cannot_date_in_gets_year_month_day(page, open_app, saves):
    """This Chromium has no Albanian dates: an Albanian page listed "12/8/2026, 1:25:15 AM"."""
    import re

    assert open_app() == "ready"
    langs = page.evaluate("Intl.DateTimeFormat.supportedLocalesOf(['sq', 'lv', 'en'])")
    for (text, _), spec in zip(saves, GAMES):
        page.evaluate("([k, v]) => localStorage.setItem(k, v)", ["boneyard.game." + spec[4], text])
    for lang in ("sq", "lv"):
        page.evaluate("l => localStorage.setItem('boneyard.lang', l)", lang)
        page.reload()
        assert wait_for_state(page, "app-state", 60000) == "ready"
        open_history(page)
        dates = page.locator("#hist-games tr.hist-game td:first-child").all_inner_texts()
        assert dates, page.locator("#history").inner_html()[:500]
        for date in dates:
            assert "AM" not in date and "PM" not in date, (lang, date)
            if lang not in langs:
                assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d", date.strip()), (lang, date)
