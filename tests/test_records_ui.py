"""Records on the page: export → import, share links, the replay viewer, and refusals.

The record logic (reading text and links, cutting at a step, the viewer's
log in step) is checked on CPython first; the browser tests drive the page
by its accessible names as a person would.
"""

import json
import random
import re
import sys

import pytest

from conftest import ROOT
from helpers import actor
from engine import record, share

sys.path.insert(0, str(ROOT / "web"))

from app import names, recordio, replay  # noqa: E402
from app import session as sess  # noqa: E402


# The browser tests open the app with ?pyodide=off (tests/conftest.py): they need no Pyodide.
pytestmark = pytest.mark.no_pyodide


def played_session(game="chicken-foot", players=3, rounds=2, extra=5, seed=1):
    setup = sess.default_setup()
    setup["game"] = game
    setup["players"] = players
    s = sess.Session(setup)
    s.deal()
    pick = random.Random(seed)
    for _ in range(rounds):
        while s.to_act() is not None:
            s.apply(pick.choice(s.game.legal_actions()))
        if s.game.is_over():
            return s
        s.deal()
    for _ in range(extra):
        s.apply(pick.choice(s.game.legal_actions()))
    return s


# --- CPython: the logic under the page ----------------------------------------------------

def test_json_link_and_code_all_read_back_the_same_record():
    s = played_session()
    rec = s.game.record()
    text = record.dumps(rec)
    assert recordio.parse(text) == (rec, None)
    link = recordio.share_link("http://example.org/app/index.html#old", rec, 12)
    assert link.startswith("http://example.org/app/index.html#record=z") and link.endswith("&step=12")
    assert recordio.parse(link) == (rec, 12)
    assert recordio.parse(share.encode(rec)) == (rec, None)


def test_a_share_link_leaves_the_sharers_query_behind():
    # ?lang= would switch (and remember) the recipient's language; ?seed= and
    # ?pyodide= are the sharer's knobs, not the game.
    rec = played_session().game.record()
    link = recordio.share_link("http://example.org/app/index.html?lang=lv&seed=7&pyodide=off#old", rec, 3)
    assert link.startswith("http://example.org/app/index.html#record=z") and link.endswith("&step=3")
    assert recordio.parse(link) == (rec, 3)


def test_continuing_an_imported_record_gives_the_identical_game():
    for game, players in (("chicken-foot", 4), ("moon", 3)):
        s = played_session(game, players, rounds=1, extra=4)
        rec = json.loads(s.record_json())
        again = recordio.session_for(rec, ["human"] * players, None, 99)
        assert again.record_json() == s.record_json()
        assert again.setup["seats"][:players] == ["human"] * players


def test_default_seats_keep_the_setup_unless_the_count_differs():
    setup = sess.default_setup()
    setup["players"] = 3
    setup["seats"] = ["human", "hard", "easy"] + ["easy"] * 5
    assert recordio.default_seats(3, setup) == ["human", "hard", "easy"]
    assert recordio.default_seats(4, setup) == ["human"] * 4


def test_refusals_say_what_is_wrong():
    rec = played_session().game.record()
    bad = json.loads(record.dumps(rec))
    bad["rounds"][1]["actions"][3] = "9-9>0-0"
    with pytest.raises(record.RecordError) as info:
        recordio.check(bad)
    assert str(info.value).startswith("round 1, action 3: ")
    for text in ("", "garbage", "#record=garbage", "{", "#record=zAAAA"):
        with pytest.raises(record.RecordError):
            rec2, step = recordio.parse(text)
            recordio.check(rec2, step)
    with pytest.raises(record.RecordError):
        recordio.check(rec, 100000)
    with pytest.raises(record.RecordError):
        recordio.parse(recordio.share_link("x", rec) + "&step=2x")


# A record whose head the page read before anything checked it (its seat count), with what
# the refusal now says: the engine's words, where the page said "IndexError" or "TypeError".
BAD_HEADS = [
    (lambda r: r.update(players=9), "takes 2 to 8 players, not 9"),
    (lambda r: r.update(players="2"), "players must be a whole number"),
    (lambda r: r.update(rounds=[]), "the record has no rounds"),
    # (A paste of a record's head alone said "KeyError: rounds".)
    (lambda r: r.pop("rounds"), "the record has no rounds"),
    (lambda r: r.update(rounds="x"), "rounds must be a list"),
]


@pytest.mark.parametrize("change, said", BAD_HEADS, ids=["players 9", "players text", "no rounds", "rounds missing",
                                                         "rounds not a list"])
def test_a_records_head_is_checked_before_the_page_reads_it(change, said):
    rec = json.loads(played_session("chicken-foot", 2, rounds=1).record_json())
    change(rec)
    for text in (json.dumps(rec), recordio.share_link("https://x/", rec)):
        with pytest.raises(record.RecordError) as info:
            recordio.parse(text)
        assert said in str(info.value), text[:80]


def test_a_control_character_in_a_name_is_drawn_as_its_picture():
    """A record may name a player "A<NUL>B" (RULES.md limits a name's length only): every HTML
    and SVG the page draws shows it as "A␀B" (a NUL cut the page's HTML short there, and a
    shared record's replay lost its buttons; XML allows no such character)."""
    from engine import render
    assert render.escape("A\x00B\x1b<") == "A\u2400B\u241b&lt;" and render.escape("Ana\tB") == "Ana\tB"
    rec = json.loads(played_session("chicken-foot", 2, rounds=1).record_json())
    rec["names"][0] = "A\x00B"
    rec, step = recordio.parse(json.dumps(rec))
    s = recordio.session_for(rec, ["human", "human"], None, 1)
    from app import screens
    html = screens.seat_card(s, 0, s.game.view(0), 1, [])
    assert "A\u2400B" in html and "\x00" not in html


def test_viewer_log_is_in_step_with_the_position():
    s = played_session()
    viewer = replay.Viewer(s, mode="replay", imported=True)
    assert viewer.total == s.game.action_count()
    previous = 0
    for step in range(viewer.total + 1):
        viewer.session(step)
        lines = viewer.log()
        # The log at a step is what a game stopped there would have logged.
        cut = sess.Session.from_record(s.setup, record.replay(s.game.record(), step).record())
        assert lines == cut.log, step
        assert len(lines) >= previous
        previous = len(lines)
    assert viewer.log() == s.log
    assert viewer.record_at() == s.game.record()
    viewer.session(7)
    assert viewer.record_at() == record.replay(s.game.record(), 7).record()


def test_the_replay_steps_with_the_words_of_the_games_own_review():
    """The game's review said First move / Previous move / Next move / Latest move, a record
    loaded said Start / Back / Forward / End: two sets of words for the same four steps. In
    every language the replay's are the review's, but for its end: a record's last move
    (the review's end is the latest move of a game going on)."""
    from app import i18n, screens

    viewer = replay.Viewer(played_session(), mode="replay", imported=True)
    viewer.session(5)
    try:
        for lang in i18n.LANGS:
            words = json.loads((ROOT / "web" / "i18n" / (lang + ".json")).read_text(encoding="utf-8"))
            i18n.install(lang, words)
            i18n.set_language(lang)
            word = re.compile(r'<span class="step-word">([^<]*)</span>')
            shown = word.findall(replay.panel(viewer, None, ["human"] * 3))
            review = word.findall(screens.review_panel("", 5, viewer.total))
            assert shown[:3] == review[:3] == [words["review.first"], words["review.previous"],
                                                words["review.next"]], lang
            assert shown[3] == words["replay.last"] and review[3] == words["review.latest"], lang
            assert len(shown) == len(review) == 4 and len(set(shown)) == 4
        assert shown == ["Hatua ya kwanza", "Hatua iliyotangulia", "Hatua inayofuata", "Hatua ya mwisho"]
        i18n.set_language("en")
        assert word.findall(replay.panel(viewer, None, ["human"] * 3)) == [
            "First move", "Previous move", "Next move", "Last move"]
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("game,players,rounds,step", [("chicken-foot", 4, 2, None), ("chicken-foot", 3, 3, 0),
                                                       ("moon", 3, 4, 30), ("moon", 3, 2, None)])
def test_one_reading_gives_the_viewer_what_separate_replays_gave(game, players, rounds, step):
    """An import replays the record once (app.replay.Reading): the same session, log and views."""
    s = played_session(game, players, rounds, extra=3)
    rec = s.game.record()
    reading = replay.Reading(s.setup, rec, step)
    pieces = sum(1 for _ in reading.steps(every=4))
    assert pieces > rec["rounds"][0]["actions"].__len__() // 4
    assert reading.session.game.record() == sess.Session.from_record(s.setup, rec).game.record() == rec
    viewer = reading.viewer()
    plain = replay.Viewer(sess.Session.from_record(s.setup, rec), mode="replay", imported=True)
    # A snapshot of every round's start, as the viewer of the session keeps them.
    assert sorted(viewer.bases) == list(range(len(rec["rounds"])))
    assert [viewer.bases[r].record() for r in sorted(viewer.bases)] == [
        plain.base(r).record() for r in range(len(rec["rounds"]))]
    first = viewer.total if step is None else step
    assert viewer.session(first).game.record() == plain.session(first).game.record()
    assert viewer.describe() == plain.describe() and viewer.log() == plain.log()
    for at in (0, viewer.total // 2, viewer.total):   # stepping elsewhere rebuilds as before
        assert viewer.session(at).game.record() == plain.session(at).game.record()
        assert viewer.log() == plain.log()


@pytest.mark.parametrize("read", [False, True])
def test_a_step_back_across_a_round_boundary_replays_one_round_at_most(monkeypatch, read):
    """Every round's start is kept (app.session.Review.base): stepping back from the end
    to the start applies at most one round's actions a step, and never replays the record."""
    s = played_session("chicken-foot", 3, rounds=4, extra=3)
    rec = s.game.record()
    if read:
        reading = replay.Reading(s.setup, rec)
        for _ in reading.steps():
            pass
        viewer = reading.viewer()
    else:
        viewer = replay.Viewer(s, mode="replay")
    plain = replay.Viewer(sess.Session.from_record(s.setup, rec), mode="replay")
    expected = {}
    for step in range(viewer.total + 1):
        plain.session(step)
        expected[step] = plain.log()
    viewer.session(viewer.total)
    viewer.session(0)       # every round start is kept from here on
    applied = [0]
    apply = sess.Session.apply
    replay_steps = record.replay_steps

    def counted(self, action):
        applied[0] += 1
        return apply(self, action)

    def no_replay(*args, **kwargs):
        raise AssertionError("the record was replayed again")

    monkeypatch.setattr(sess.Session, "apply", counted)
    monkeypatch.setattr(sess.records, "replay_steps", no_replay)
    longest = max(len(r["actions"]) for r in rec["rounds"])
    crossed = 0
    for step in range(viewer.total, -1, -1):
        before = applied[0]
        twin = viewer.session(step)
        assert applied[0] - before <= longest, step
        if step in viewer.starts[1:]:
            crossed += 1
        assert viewer.log() == expected[step], step
        assert twin.game.action_count() == step
    assert crossed == len(rec["rounds"]) - 1 >= 3
    # The page asks for the last lines only: only the rounds they come from are logged.
    monkeypatch.setattr(sess.records, "replay_steps", replay_steps)
    fresh = replay.Viewer(sess.Session.from_record(s.setup, rec), mode="replay")
    fresh.session(fresh.total)
    lines = fresh.log(5)
    assert lines == expected[fresh.total][-5:]
    assert sorted(fresh._logs) == ([] if len(fresh.session().log) >= 5 else [len(rec["rounds"]) - 2])


def test_a_bad_record_fails_its_reading_located():
    s = played_session()
    rec = s.game.record()
    rec["rounds"][1]["actions"][2] = "9-9>nowhere"
    with pytest.raises(record.RecordError) as err:
        for _ in replay.Reading(s.setup, rec).steps():
            pass
    with pytest.raises(record.RecordError) as plain:
        record.replay(rec)
    assert str(err.value) == str(plain.value) and "action" in str(err.value)


def test_viewer_hand_choice_only_in_replay_mode():
    s = played_session()
    review = replay.Viewer(s)
    review.hand = replay.ALL
    assert review.shown(0) == 0            # a review never reveals other hands
    rep = replay.Viewer(s, mode="replay")
    rep.hand = replay.ALL
    assert rep.shown(0) == replay.ALL
    rep.hand = 2
    assert rep.shown(0) == 2
    rep.hand = replay.NONE
    assert rep.shown(0) is None


def test_download_name():
    rec = played_session("moon", 3, rounds=1, extra=0).game.record()
    assert recordio.file_name(rec, "2026-11-30") == "boneyard-moon-2026-11-30.json"


# --- the browser ------------------------------------------------------------------------

from test_ui import mouse_step, setup_game, waiting  # noqa: E402


def shared_link(page, previous=None):
    """The link the Share link button put in its field (the page's Python fills it a moment after the click)."""
    field = page.get_by_label("Link to this game")
    page.wait_for_function("([el, old]) => el.value && el.value !== old",
                           arg=[field.element_handle(), previous], timeout=15000)
    return field.input_value()


def viewer_step(page):
    box = page.locator("#game .replay")
    box.wait_for()
    return int(box.get_attribute("data-step")), int(box.get_attribute("data-total"))


def save_of(page):
    """The save of the game the page's tab plays (app/store.py: one key per game)."""
    return page.evaluate("localStorage.getItem('boneyard.game.' + sessionStorage.getItem('boneyard.tab'))")


@pytest.mark.browser
def test_export_then_import_gives_the_identical_game(page, open_app, tmp_path):
    setup_game(page, open_app, "Chicken Foot", ["Human", "Computer (easy)"], players=2)
    for _ in range(8):
        mouse_step(page)
    assert waiting(page) == "human"
    before = page.evaluate("window.boneyard.record()")
    with page.expect_download() as info:
        page.get_by_role("button", name="Export").click()
    download = info.value
    assert download.suggested_filename.startswith("boneyard-chicken-foot-")
    assert download.suggested_filename.endswith(".json")
    path = tmp_path / download.suggested_filename
    download.save_as(str(path))
    assert path.read_text(encoding="utf-8") == before
    # A different game is being played when the file comes back.
    page.get_by_role("button", name="New game").first.click()
    setup_game(page, lambda: "ready", "Three-Player Moon", ["Human", "Computer (easy)", "Computer (easy)"])
    waiting(page)
    with page.expect_file_chooser() as chooser:
        page.get_by_role("button", name="Import").click()
    chooser.value.set_files(str(path))
    step, total = viewer_step(page)
    assert step == total == record.replay(before).action_count()
    # The seats keep the setup's kinds only when the player count matches: 2 ≠ 3, all human.
    assert page.get_by_label(names.iso("Ana") + " (seat 1)").input_value() == "human"
    page.get_by_label(names.iso("Ben") + " (seat 2)").select_option("easy")
    page.get_by_role("button", name="Play from here").click()
    assert waiting(page) == "human"
    assert page.evaluate("window.boneyard.record()") == before
    assert record.dumps(json.loads(save_of(page))["record"]) == before
    mouse_step(page)   # and it plays on
    waiting(page)
    assert len(page.evaluate("window.boneyard.record()")) > len(before)


@pytest.mark.browser
def test_share_link_round_trip_at_a_step(page, open_app, site):
    setup_game(page, open_app, "Three-Player Moon", ["Human", "Computer (easy)", "Computer (easy)"])
    for _ in range(6):
        mouse_step(page)
    waiting(page)
    rec = page.evaluate("window.boneyard.record()")
    page.get_by_role("button", name="Share link").click()
    link = shared_link(page)
    assert link.startswith(site) and "#record=z" in link
    assert page.evaluate("window.boneyard.shareLink()") == link
    assert record.loads(rec) == share.decode(link.split("#record=")[1])

    other = page.context.new_page()
    other.goto(link)
    step, total = viewer_step(other)
    assert step == total == record.replay(rec).action_count()
    for _ in range(3):
        other.get_by_role("button", name="Previous move").click()
    assert viewer_step(other) == (total - 3, total)
    other.get_by_role("button", name="Share link").click()
    link2 = shared_link(other, previous=link)
    assert link2.endswith("&step=%d" % (total - 3))

    third = page.context.new_page()
    third.goto(link2)
    assert viewer_step(third) == (total - 3, total)
    third.get_by_role("button", name="Play from here").click()
    third.wait_for_function("() => !location.hash")
    expected = record.replay(rec, total - 3).record()
    assert record.loads(third.evaluate("window.boneyard.record()")) == expected
    # Continue playing from there: the seats kept the setup's kinds (same count).
    for _ in range(3):
        mouse_step(third)
    assert record.replay(third.evaluate("window.boneyard.record()")).action_count() > total - 3


@pytest.mark.browser
def test_replay_viewer_controls_hand_choice_and_log(page, open_app):
    s = played_session("chicken-foot", 3, rounds=1, extra=6, seed=4)
    text = s.record_json()
    assert open_app() == "ready"
    page.locator("#rec-paste-box summary").click()
    page.get_by_label("Record (JSON) or share link").fill(text)
    page.get_by_role("button", name="Load").click()
    step, total = viewer_step(page)
    assert step == total == s.game.action_count()
    log = page.locator("#log-list li")
    assert log.count() == len(s.log)
    assert page.get_attribute("html", "data-waiting-for") == "none"
    page.get_by_role("button", name="First move").click()
    assert viewer_step(page) == (0, total)
    assert log.count() == 1
    assert page.get_by_role("button", name="Previous move").is_disabled()
    page.get_by_role("button", name="Next move").click()
    assert viewer_step(page)[0] == 1
    # The page shows each name isolated in a <bdi>: what a person reads is the line without the marks.
    assert log.count() == 2 and log.first.inner_text() == names.plain(s.log[1])
    page.get_by_role("button", name="Last move").click()
    assert viewer_step(page)[0] == total and page.get_by_role("button", name="Next move").is_disabled()
    page.get_by_role("button", name="Previous move").click()
    viewer = replay.Viewer(s, mode="replay")
    viewer.session(total - 1)
    assert page.locator("#log-list li").all_inner_texts() == [names.plain(x) for x in reversed(viewer.log())][:60]
    # Whose hand: one seat, then all of them, then none.
    hand = page.get_by_label("Show hand")
    # (Each name isolated in the option and the hand's label: a name cannot reorder the words round it.)
    hand.select_option(label=names.iso(s.names[1]))
    tiles = page.locator("#game .rack .hand.readonly")
    assert tiles.count() == 1 and tiles.get_attribute("aria-label").startswith(names.iso(s.names[1]))
    expected = viewer.session(total - 1).game.view(1)["hand"]
    assert tiles.locator("svg").count() == len(expected)
    hand.select_option(label="Reveal all")
    assert page.locator("#game .rack .hand.readonly").count() == 3
    hand.select_option(label="No hand")
    assert page.locator("#game .rack .hand.readonly").count() == 0
    # Autoplay runs forward by itself until stopped.
    page.get_by_role("button", name="First move").click()
    page.get_by_role("button", name="Autoplay").click()
    page.wait_for_function("() => +document.querySelector('#game .replay').dataset.step >= 2", timeout=30000)
    page.get_by_role("button", name="Stop").click()
    stopped = viewer_step(page)[0]
    page.wait_for_timeout(900)
    assert viewer_step(page)[0] == stopped
    assert page.get_by_role("button", name="Autoplay").is_enabled()
    # Close: back to the setup, nothing saved.
    page.get_by_role("button", name="Close").click()
    assert page.get_by_role("button", name="Start game").is_visible()
    assert save_of(page) is None


@pytest.mark.browser
def test_a_press_on_stop_outlives_an_autoplay_step(page, open_app):
    """Autoplay redraws the replay's panel at each step.  Drawn anew, the Stop button pressed
    before a step and released after it was another button, and the browser sent no click:
    autoplay ran on.  The panel's buttons now stay (web/morph.js)."""
    s = played_session("chicken-foot", 3, rounds=1, extra=6, seed=4)
    assert open_app() == "ready"
    page.locator("#rec-paste-box summary").click()
    page.get_by_label("Record (JSON) or share link").fill(s.record_json())
    page.get_by_role("button", name="Load").click()
    page.get_by_role("button", name="First move").click()
    page.get_by_role("button", name="Autoplay").click()
    box = page.get_by_role("button", name="Stop").bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    pressed = viewer_step(page)[0]
    page.wait_for_function("(n) => +document.querySelector('#game .replay').dataset.step > n", arg=pressed,
                           timeout=30000)
    page.mouse.up()
    page.get_by_role("button", name="Autoplay").wait_for(timeout=5000)
    stopped = viewer_step(page)[0]
    page.wait_for_timeout(1500)
    assert viewer_step(page)[0] == stopped < viewer_step(page)[1]


@pytest.mark.browser
def test_a_replays_last_step_shows_the_hand_chosen(page, open_app):
    """At a replay's last step, a round blocked with a foot still open: "Show hand: Ana" drew no
    tile (the hand her score was counted from). The open foot stays marked: it is what blocked
    the round (the rules page's blocked round shows it so)."""
    setup = sess.default_setup()
    setup.update(players=2, seats=["human", "easy"], speed="instant", seed=4)
    s = sess.Session(setup)
    s.deal()
    while s.to_act() is not None:
        s.apply(s.game.view(s.to_act())["legal"][0])
    v = s.game.view(0)
    assert v["phase"] == "round-over" and v["open_foot"] and v["hand"]
    assert open_app() == "ready"
    page.locator("#rec-paste-box summary").click()
    page.get_by_label("Record (JSON) or share link").fill(s.record_json())
    page.get_by_role("button", name="Load").click()
    step, total = viewer_step(page)
    assert step == total
    page.get_by_label("Show hand").select_option(label=names.iso(s.names[0]))
    hand = page.locator("#game .rack .hand.readonly")
    hand.wait_for()
    assert hand.locator("svg").count() == len(v["hand"])
    # A step back, the hand is the one before the last move.
    page.get_by_role("button", name="Previous move").click()
    page.wait_for_function("() => document.getElementById('review-step').textContent.includes('%d of')" % (total - 1),
                           timeout=5000)
    assert hand.locator("svg").count() >= len(v["hand"])


def replay_loaded(browser, site, viewport, text):
    """A page of ``viewport`` (width, height: a phone's, touch and all, under 500 px either way)
    with the record ``text`` pasted and loaded: its replay opening."""
    from conftest import guarded_app

    phone = min(viewport) < 500
    for page, open_app in guarded_app(browser, site, viewport={"width": viewport[0], "height": viewport[1]},
                                      is_mobile=phone, has_touch=phone):
        assert open_app() == "ready"
        page.locator("#rec-paste-box summary").click()
        page.get_by_label("Record (JSON) or share link").fill(text)
        page.get_by_role("button", name="Load").click()
        yield page


@pytest.mark.browser
def test_a_record_brought_in_names_its_players_and_claims_nothing_of_who_played_them(browser, site):
    """A record holds the players' names, not who played each seat: its replay's cards said
    "(computer, medium)" and "(you)", the seats this page had chosen for playing on."""
    s = played_session("chicken-foot", 4, rounds=1, extra=6, seed=4)
    for page in replay_loaded(browser, site, (1366, 768), s.record_json()):
        page.get_by_role("button", name="Play from here").wait_for()
        cards = page.locator("#game .seat-card")
        assert cards.count() == 4
        text = " ".join(cards.all_inner_texts())
        assert "computer" not in text and "(you)" not in text and "(human)" not in text, text
        assert page.locator("#game .seat-card .seat-kind").count() == 0
        assert [n for n in s.names[:4] if n not in text] == []
        # The seats for playing on are still offered, each with its choice.
        assert page.locator(".replay-seats select").count() == 4
        # Escape closes the replay, as Close does.
        page.locator("#rp-back").focus()
        page.keyboard.press("Escape")
        page.wait_for_function("() => !document.getElementById('game').hasAttribute('data-review')")
        assert page.evaluate("document.activeElement !== document.body")


@pytest.mark.browser
def test_a_finished_games_end_offers_nothing_to_play_on_from(browser, site):
    """"Play from here" at the end of a finished game (from the history's Review, or an import)
    made it a game of its own, already over: the history listed the same game twice."""
    s = played_session("chicken-foot", 2, rounds=10, extra=0, seed=2)
    assert s.game.is_over()
    for page in replay_loaded(browser, site, (1366, 768), s.record_json()):
        play = page.get_by_role("button", name="Play from here")
        play.wait_for()
        assert play.is_disabled()
        assert page.locator("#rp-over").inner_text() == "The game ends here: step back to play on from an earlier move."
        before = page.evaluate("Object.keys(localStorage).length")
        page.get_by_role("button", name="Previous move").click()
        page.wait_for_function("() => !document.getElementById('rp-play').disabled")
        assert page.locator("#rp-over").count() == 0
        assert page.evaluate("Object.keys(localStorage).length") == before


@pytest.mark.browser
@pytest.mark.parametrize("game", ["chicken-foot", "moon"])
@pytest.mark.parametrize("viewport", [(390, 844), (844, 390), (1366, 768)], ids=["phone", "turned", "laptop"])
def test_the_hand_a_replay_shows_is_in_view_beside_its_stepping_buttons(browser, site, viewport, game):
    """Stepping through a record with "Show hand" chosen, the hand is on screen with the buttons
    that step it: it was drawn under the seats for "Play from here" and that button, below the
    screen everywhere (y 1006 of 844 on a phone, 791 of 768 on a laptop)."""
    s = played_session(game, 3, rounds=1, extra=6, seed=4)
    for page in replay_loaded(browser, site, viewport, s.record_json()):
        page.get_by_role("button", name="First move").click()
        page.get_by_role("button", name="Next move").click()
        page.get_by_label("Show hand").select_option(index=1)
        hand = page.locator("#game .rack .hand.readonly")
        hand.wait_for()
        tiles = hand.locator("svg").count()
        assert tiles >= 5
        box = page.evaluate("""() => {
            const r = e => e.getBoundingClientRect(), rack = r(document.getElementById('g-rack'));
            const seen = e => { const b = r(e); return b.top >= Math.max(0, rack.top) - 0.5 && b.bottom <= Math.min(innerHeight, rack.bottom) + 0.5
                                                  && b.left >= -0.5 && b.right <= innerWidth + 0.5; };
            const tiles = [...document.querySelectorAll('#game .rack .hand.readonly svg')];
            return {unseen: tiles.filter(e => !seen(e)).map(e => Math.round(r(e).top)),
                    row: tiles.filter(e => r(e).top === r(tiles[0]).top).length,
                    next: seen(document.getElementById('rp-forward')), rack: [rack.top, rack.bottom]};
        }""")
        assert box["next"], box
        if viewport[1] >= 500:
            assert box["unseen"] == [], box
        else:   # 390 px high, a hand of 13 takes three rows: two are in view, the third a scroll away
            assert tiles - len(box["unseen"]) >= min(tiles, 2 * box["row"]), box
        # Stepping on keeps it there; the seats and "Play from here" are still below, a scroll away.
        page.get_by_role("button", name="Next move").click()
        page.wait_for_function("() => document.getElementById('review-step').textContent.includes('2 of')", timeout=5000)
        page.get_by_role("button", name="Play from here").scroll_into_view_if_needed()
        assert page.get_by_role("button", name="Play from here").is_visible()


@pytest.mark.browser
@pytest.mark.parametrize("viewport", [(390, 844), (1366, 768)], ids=["phone", "laptop"])
def test_a_record_loaded_hands_the_focus_to_its_replay_and_back(browser, site, viewport):
    """Paste and Load: the replay opens with the focus on its first control (on a phone it fell
    to <body> as the drawer closed; on a laptop it stayed on Load beside the replay); Close takes
    it back to Load (it fell to <body>)."""
    s = played_session("chicken-foot", 3, rounds=1, extra=6, seed=4)
    phone = viewport[0] < 500
    for page in replay_loaded(browser, site, viewport, s.record_json()):
        page.get_by_role("button", name="First move").wait_for()
        page.wait_for_function("() => !!document.activeElement.closest('#game .review')", timeout=5000)
        assert page.evaluate("document.activeElement.checkVisibility()")
        if not phone:   # later steps leave the focus where the person put it (the log, beside)
            page.get_by_role("button", name="First move").click()
            page.get_by_role("button", name="Autoplay").click()
            page.locator("#log-list").focus()
            page.wait_for_function("() => +document.querySelector('#game .replay').dataset.step >= 2", timeout=30000)
            assert page.evaluate("document.activeElement.id") == "log-list"
            page.get_by_role("button", name="Stop").click()
        page.get_by_role("button", name="Close").click()
        page.wait_for_function("() => document.activeElement.id === 'rec-load'", timeout=5000)


@pytest.mark.browser
def test_bad_files_links_and_records_leave_the_game_alone(page, open_app, site, tmp_path, page_watch):
    setup_game(page, open_app, "Chicken Foot", ["Human", "Computer (easy)"], players=2)
    for _ in range(4):
        mouse_step(page)
    waiting(page)
    before = page.evaluate("window.boneyard.record()")
    saved = save_of(page)
    alert = page.locator("#rec-error[role=alert]")

    corrupt = tmp_path / "broken.json"
    corrupt.write_bytes(b'{"format": "domino-record/1", "game": ')
    page.set_input_files("#rec-file", str(corrupt))
    alert.wait_for()
    assert "broken.json" in alert.inner_text() and "not valid JSON" in alert.inner_text()

    bad = json.loads(played_session("chicken-foot", 3, rounds=1, extra=4).record_json())
    bad["rounds"][1]["actions"][2] = "6-6>0-0"
    page.locator("#rec-paste-box summary").click()
    page.get_by_label("Record (JSON) or share link").fill(json.dumps(bad))
    page.get_by_role("button", name="Load").click()
    said = "round 2, move 3 of the round (%s): " % names.iso(actor(bad, 1, 2))
    page.wait_for_function("(s) => document.getElementById('rec-error').textContent.includes(s)", arg=said)
    assert page.locator("#game[data-review]").count() == 0
    assert page.evaluate("window.boneyard.record()") == before and save_of(page) == saved

    page.evaluate("location.hash = '#record=garbage'")
    page.wait_for_function("() => document.getElementById('rec-error').textContent.includes('link')")
    assert "'z' or 'j'" in alert.inner_text()
    assert page.evaluate("window.boneyard.record()") == before and save_of(page) == saved

    # A head the page once read before it was checked: the engine's words, the game untouched.
    bad = json.loads(before)
    bad["players"] = 9
    page.get_by_label("Record (JSON) or share link").fill(json.dumps(bad))
    page.get_by_role("button", name="Load").click()
    page.wait_for_function("() => document.getElementById('rec-error').textContent.includes('not 9')")
    assert "Error" not in alert.inner_text()
    assert page.evaluate("window.boneyard.record()") == before and save_of(page) == saved

    # Opening a bad link in a new page: the saved game is resumed, untouched.
    other = page.context.new_page()
    other.goto(site + "#record=zAAAA&step=3")
    other.locator("#rec-error").wait_for()
    assert "damaged" in other.locator("#rec-error").inner_text()
    waiting(other)
    assert other.evaluate("window.boneyard.record()") == before
    assert save_of(other) == saved


DROP = """([text, name]) => {
  const data = new DataTransfer();
  data.items.add(new File([text], name, {type: "application/json"}));
  const target = document.querySelector("header");
  for (const type of ["dragenter", "dragover", "drop"]) {
    target.dispatchEvent(new DragEvent(type, {bubbles: true, cancelable: true, dataTransfer: data}));
  }
}"""

PASTE = """(text) => {
  const data = new DataTransfer();
  data.setData("text/plain", text);
  document.body.dispatchEvent(new ClipboardEvent("paste", {bubbles: true, cancelable: true, clipboardData: data}));
}"""


@pytest.mark.browser
def test_drop_and_paste_anywhere_import(page, open_app):
    assert open_app() == "ready"
    s = played_session("moon", 3, rounds=1, extra=5, seed=3)
    page.evaluate(DROP, [s.record_json(), "moon.json"])
    assert viewer_step(page) == (s.game.action_count(), s.game.action_count())
    page.get_by_role("button", name="Close").click()
    other = played_session("chicken-foot", 4, rounds=1, extra=3, seed=5)
    link = recordio.share_link("http://x/", other.game.record(), 4)
    page.evaluate(PASTE, link)
    page.wait_for_function("() => document.querySelector('#game .replay') && "
                           "document.querySelector('#game .replay').dataset.total == '%d'" % other.game.action_count())
    assert viewer_step(page)[0] == 4
    page.get_by_role("button", name="Play from here").click()
    waiting(page)
    assert record.loads(page.evaluate("window.boneyard.record()")) == record.replay(other.game.record(), 4).record()


@pytest.mark.browser
def test_a_shared_record_with_a_nul_in_a_name_opens_whole(page, open_app, site):
    """A link whose record names a player "A<NUL>B": its replay showed the log up to "A" and
    no Close or Play from here (the page's HTML was cut at the NUL), a trap at every reload.
    Now the name reads "A␀B" and the replay has its buttons."""
    assert open_app() == "ready"
    rec = json.loads(played_session("chicken-foot", 2, rounds=1).record_json())
    rec["names"][0] = "A\x00B"
    page.goto(site + "?seed=1#record=" + share.encode(rec))
    page.wait_for_selector("#game[data-review]")
    assert page.get_by_role("button", name="Play from here").first.is_visible()
    assert page.locator("#game .seat-card .seat-name").filter(has_text="A\u2400B").count() >= 1


ALERT_IN_VIEW = """() => { const b = document.getElementById('rec-error').getBoundingClientRect();
  return b.height > 0 && b.top >= 0 && b.bottom <= innerHeight && b.left >= 0 && b.right <= innerWidth; }"""


@pytest.mark.browser
@pytest.mark.parametrize("where", ["laptop", "phone"])
def test_what_is_wrong_with_a_record_is_said_in_view(browser, site, where):
    """A record that cannot be loaded, pasted into the side panel of a game: its reason is on
    the screen, not only read out. On a 1366x768 laptop the alert was at 688-811 px, and
    845-968 once Share link had opened its box: below the screen in a panel nobody scrolled."""
    from conftest import guarded_app
    options = ({"viewport": {"width": 1366, "height": 768}} if where == "laptop" else
               {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True})
    for page, open_app in guarded_app(browser, site, **options):
        setup_game(page, open_app, "Chicken Foot", ["Human", "Computer (easy)", "Computer (easy)"], players=3)
        for _ in range(5):
            mouse_step(page)
        waiting(page)
        if where == "phone":
            page.locator("#g-tools [data-act=side]").click()
        page.get_by_role("button", name="Share link").click()
        shared_link(page)
        page.locator("#rec-paste-box summary").click()
        page.get_by_label("Record (JSON) or share link").fill("not a record")
        page.get_by_role("button", name="Load").click()
        page.locator("#rec-error[role=alert]").wait_for()
        page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
        assert page.evaluate(ALERT_IN_VIEW), page.locator("#rec-error").bounding_box()


@pytest.mark.browser
def test_a_bad_record_dropped_on_a_phone_opens_the_drawer_to_say_why(browser, site):
    """On a phone the records toolbar is in the side drawer: a bad file dropped on the table
    (or a bad #record= link opened) while the drawer was closed said what was wrong inside the
    hidden drawer, neither seen nor read out. The drawer now opens and the alert is in view;
    the game is left as it was."""
    from conftest import guarded_app
    for page, open_app in guarded_app(browser, site, viewport={"width": 390, "height": 844},
                                      has_touch=True, is_mobile=True):
        setup_game(page, open_app, "Chicken Foot", ["Human", "Computer (easy)", "Computer (easy)"], players=3)
        for _ in range(3):
            mouse_step(page)
        waiting(page)
        before = page.evaluate("window.boneyard.record()")
        assert page.locator("#game").get_attribute("data-side") != "open"
        page.evaluate(DROP, ["{not a record", "bad.json"])
        page.locator("#rec-error[role=alert]").wait_for()
        page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
        assert page.locator("#game").get_attribute("data-side") == "open"
        assert page.locator('#g-tools [data-act="side"]').get_attribute("aria-expanded") == "true"
        assert page.evaluate(ALERT_IN_VIEW), page.locator("#rec-error").bounding_box()
        assert page.evaluate("window.boneyard.record()") == before
