"""The History's export read back by the records panel's Import (``app/historyio.py``).

On CPython: a line is a record with the game's id, date and setup first (any
reader of records still takes it); reading a file replays every line before
anything is returned, leaves out games already saved, and names the first
bad line.  In chromium: export, clear the storage, import the file: the same
games, levels, results and statistics; a file with one bad line is refused
with its number and nothing changes.
"""

import json
import sys

import pytest

from conftest import ROOT, wait_for_state
from engine.record import replay
from helpers import actor
from test_history import GAMES, items_of, listed, open_history, saved_games, stats_rows

sys.path.insert(0, str(ROOT / "web"))

from app import historyio, i18n  # noqa: E402
from app.recordio import parse  # noqa: E402


@pytest.fixture(autouse=True)
def english():
    i18n.install("en", json.loads((ROOT / "web" / "i18n" / "en.json").read_text(encoding="utf-8")))
    i18n.set_language("en")


def export_line(text):
    """The export's line for save ``text``, cut as ``store.history_records`` cuts it."""
    head = json.loads(text[:text.find(',"meta":')] + "}")
    begin, cut = text.find(',"setup":'), text.find(',"record":')
    return historyio.line_text(text[cut + len(',"record":'):-1], head["id"], head["updated"],
                               text[begin + len(',"setup":'):cut])


@pytest.fixture(scope="module")
def saves():
    return list(saved_games())


def drained(generator):
    try:
        while True:
            next(generator)
    except StopIteration as stop:
        return stop.value


def test_a_line_is_the_record_with_its_id_date_and_setup(saves):
    text, game = saves[1]
    line = export_line(text)
    data = json.loads(line)
    assert list(data)[0] == "boneyard"
    assert data["boneyard"]["id"] == "g2" and data["boneyard"]["updated"] == GAMES[1][5]
    assert data["boneyard"]["setup"]["seats"][:3] == ["human", "hard", "easy"]
    # Still a record: the member is ignored by every reader of records.
    assert replay(data).totals() == game.totals()
    del data["boneyard"]
    assert data == game.record()


def test_a_history_is_told_from_a_single_record(saves):
    lines = [export_line(text) for text, _ in saves]
    record = json.dumps(saves[0][1].record())
    assert historyio.is_history("\n".join(lines) + "\n")
    assert historyio.is_history(lines[0])                       # one game's history: the member says so
    assert historyio.is_history(record + "\n" + record + "\n")  # plain records, one a line
    assert not historyio.is_history(record)
    assert not historyio.is_history(record + "\n")
    assert not historyio.is_history(json.dumps(saves[0][1].record(), indent=1))
    assert not historyio.is_history("#record=zAAAA")
    # A single record still opens as before.
    assert parse(json.dumps(saves[0][1].record(), indent=1))[0]["game"] == "moon"


def test_reading_gives_every_finished_game_with_its_levels_and_leaves_out_known_ones(saves):
    text = "\n".join(export_line(t) for t, _ in saves) + "\n"
    games, skipped = drained(historyio.reading(text, {"g3"}, 99))
    assert skipped == 1
    assert [g[0] for g in games] == ["g1", "g2", "g4", "g5"]
    by_id = dict((spec[4], (spec, game)) for (_, game), spec in zip(saves, GAMES))
    for game_id, updated, session in games:
        spec, game = by_id[game_id]
        assert updated == spec[5]
        assert [session.kind(s) for s in range(game.players)] == spec[1]
        assert session.game.totals() == game.totals() and session.names == spec[2]
    # The same id twice in a file: the second is left out.
    games, skipped = drained(historyio.reading(export_line(saves[0][0]) + "\n" + export_line(saves[0][0]), set(), 0))
    assert len(games) == 1 and skipped == 1


def test_plain_records_join_as_games_of_people_dated_now(saves):
    text = "\n".join(json.dumps(game.record()) for _, game in saves[:2])
    games, skipped = drained(historyio.reading(text, set(), 1234))
    assert skipped == 0 and [(g[0], g[1]) for g in games] == [(None, 1234), (None, 1234)]
    assert [games[0][2].kind(s) for s in range(3)] == ["human"] * 3


def test_a_bad_line_is_named_and_nothing_is_returned(saves):
    lines = [export_line(t) for t, _ in saves]
    bad = json.loads(lines[2])
    bad["rounds"][0]["actions"][1] = "0-0>9-9"
    for broken, number, words in [
            (lines[:2] + [json.dumps(bad)] + lines[3:], 3,
             "round 1, move 2 of the round (\u2068%s\u2069): " % actor(bad, 0, 1)),
            (lines[:1] + ["", '{"format": "domino-record/1", "game": '] + lines[1:], 3, "not valid JSON"),
            (lines[:3] + [json.dumps({"format": "domino-record/1", "game": "moon", "players": 99, "rounds": []})],
             4, "players"),
            (lines + [json.dumps(replay(json.loads(lines[0]), 30).record())], 6, "the game is not finished")]:
        with pytest.raises(historyio.HistoryError) as info:
            drained(historyio.reading("\n".join(broken), set(), 0))
        message = str(info.value)
        assert message.startswith("The history was not imported: line %d: " % number), message
        assert words in message and message.endswith("Nothing has changed.")


def test_ids_that_cannot_name_a_save_are_replaced():
    assert historyio.good_id("g1abc") == "g1abc"
    for bad in ["", "G1", "g/1", "x" * 41, 7, None, "g 1"]:
        assert historyio.good_id(bad) is None


@pytest.mark.browser
@pytest.mark.no_pyodide      # the history needs no Pyodide (tests/conftest.py: ?pyodide=off)
def test_an_exported_history_imports_back_with_the_same_list_and_statistics(page, open_app, saves, tmp_path):
    assert open_app() == "ready"
    for (text, _), spec in zip(saves, GAMES):
        page.evaluate("([k, v]) => localStorage.setItem(k, v)", ["boneyard.game." + spec[4], text])
    page.reload()
    assert wait_for_state(page, "app-state", 60000) == "ready"
    open_history(page)
    before = (listed(page), stats_rows(page), page.locator("#hist-games").inner_text(),
              page.locator("#hist-stats").inner_text())
    assert before[0] == [i["id"] for i in items_of(saves)]
    with page.expect_download() as info:
        page.get_by_role("button", name="Export history").click()
    exported = tmp_path / info.value.suggested_filename
    info.value.save_as(str(exported))
    assert exported.name.endswith(".jsonl")
    lines = exported.read_text(encoding="utf-8").splitlines()
    assert len(lines) == len(GAMES)

    # A file with a bad line: refused, named by its line, nothing written.
    page.evaluate("localStorage.clear()")
    page.reload()
    assert wait_for_state(page, "app-state", 60000) == "ready"
    bad = json.loads(lines[3])
    bad["rounds"][0]["actions"][0] = "9-9>0-0"     # illegal in either game
    broken = tmp_path / "broken-history.jsonl"
    broken.write_text("\n".join(lines[:3] + [json.dumps(bad)] + lines[4:]) + "\n", encoding="utf-8")
    page.set_input_files("#rec-file", str(broken))
    alert = page.locator("#rec-error[role=alert]")
    alert.wait_for()
    said = "line 4: round 1, move 1 of the round (\u2068%s\u2069): " % actor(bad, 0, 0)
    assert said in alert.inner_text() and "Nothing has changed." in alert.inner_text()
    assert page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('boneyard.game.')).length") == 0
    assert page.locator("#history > summary").inner_text() == "History: 0 finished games"

    # The export itself: the same history and statistics.
    page.set_input_files("#rec-file", str(exported))
    page.wait_for_selector("#history[open] #hist-games")
    assert page.locator("#hist-status").inner_text() == "5 games joined the history (already there: 0)."
    assert page.locator("#rec-error").is_hidden()
    after = (listed(page), stats_rows(page), page.locator("#hist-games").inner_text(),
             page.locator("#hist-stats").inner_text())
    assert after == before
    # Across a reload, and a second import adds nothing.
    page.reload()
    assert wait_for_state(page, "app-state", 60000) == "ready"
    page.set_input_files("#rec-file", str(exported))
    page.wait_for_selector("#history[open] #hist-status")
    assert page.locator("#hist-status").inner_text() == "0 games joined the history (already there: 5)."
    assert (listed(page), stats_rows(page)) == before[:2]
    # An imported game reviews with its analysis, as any in the history.
    page.locator('#hist-games tr[data-game-id="g1"]').get_by_role("button", name="Review").click()
    page.wait_for_selector("#analysis[data-analysis-state=idle]")
