"""The replay of a record brought in: nobody "thinks" there, and axe finds nothing on the whole page.

A review steps through moves already made, so a computer's seat at its turn
reads "to play" as a person's does (never the spinner and "thinking…" of a
live game).  Moon's table view scrolls when the replay's panels take its room,
so it is a named region a keyboard can reach.
"""

import json
import sys

import pytest

from conftest import ROOT
from engine import share
from test_embed_analysis import finished_round
from test_ui_a11y import axe_page, severe_violations  # noqa: F401 -- the fixture, used by name

sys.path.insert(0, str(ROOT / "web"))

from app import i18n, screens  # noqa: E402
from app import session as sess  # noqa: E402


@pytest.fixture(autouse=True)
def english():
    i18n.install("en", json.loads((ROOT / "web" / "i18n" / "en.json").read_text(encoding="utf-8")))
    i18n.set_language("en")


def test_a_computer_at_its_turn_thinks_only_in_a_live_game():
    setup = sess.default_setup()
    setup["players"] = 3
    setup["seats"][:3] = ["human", "easy", "easy"]
    s = sess.Session(setup)
    s.deal()
    while s.is_human(s.game.current_seat()):
        s.apply(s.game.legal_actions()[0])
    computer = s.game.current_seat()
    live = "".join(screens.seat_cards(s, 0))
    assert live.count("seat-state thinking") == 1 and "thinking…" in live
    shown = "".join(screens.seat_cards(s, 0, review=True))
    assert "thinking" not in shown
    card = shown.split('data-seat="%d"' % computer, 1)[1].split("</li>", 1)[0]
    assert '<span class="seat-state to-play">&#9654;&nbsp;<span class="state-words">to play</span></span>' in card



def acting_card_states(page):
    return page.evaluate("""() => [...document.querySelectorAll('#game .seat-card.acting')].map(c =>
        [c.dataset.seat, (c.querySelector('.seat-state') || {}).className || '', c.textContent])""")


# A replay needs no Pyodide (tests/conftest.py: ?pyodide=off), and neither does axe.
@pytest.mark.browser
@pytest.mark.no_pyodide
def test_an_imported_chicken_foot_record_never_shows_a_computer_thinking(axe_page):  # noqa: F811
    # The default setup has computers in seats 2-4, so the replay's seats for playing on are
    # computers there (the cards say nothing of who played a record brought in).
    page, open_app = axe_page
    record = finished_round("chicken-foot", 4, 3)
    assert open_app("#record=" + share.encode(record) + "&step=1") == "ready"
    page.wait_for_selector("#game[data-review=replay]")
    kinds_seen = set()
    for _ in range(12):
        assert page.locator("#game .seat-state.thinking, #game .spinner").count() == 0
        states = acting_card_states(page)
        assert len(states) == 1 and "to-play" in states[0][1] and "to play" in states[0][2], states
        assert "(computer, " not in states[0][2], states
        kinds_seen.add(states[0][0] != "0")
        page.locator("#rp-forward").click()
    assert True in kinds_seen          # a computer seat's turn was among the steps
    assert severe_violations(page) == []


@pytest.mark.browser
@pytest.mark.no_pyodide
@pytest.mark.parametrize("game_name,players,seed", [("moon", 3, 7), ("chicken-foot", 4, 3)])
def test_the_whole_replay_page_passes_axe(axe_page, game_name, players, seed):  # noqa: F811
    page, open_app = axe_page
    record = finished_round(game_name, players, seed)
    for size in ({"width": 1366, "height": 768}, {"width": 390, "height": 844}):
        page.set_viewport_size(size)
        assert open_app("#record=" + share.encode(record) + "&step=5") == "ready"
        page.wait_for_selector("#game[data-review=replay]")
        page.select_option("#replay-hand", "all")          # every hand shown: the most the view holds
        page.wait_for_function("() => document.querySelectorAll('#game .hand.readonly').length >= 2")
        assert severe_violations(page) == [], size
        table = page.locator("#g-table")
        if game_name == "moon":
            # A named region in the tab order, whether or not it scrolls at this size.
            assert table.get_attribute("tabindex") == "0" and table.get_attribute("role") == "region"
            assert table.get_attribute("aria-label") == "Table view"
            table.focus()
            assert page.evaluate("document.activeElement.id") == "g-table"


SEAT_DID_CUT = """() => [...document.querySelectorAll('#game .seat-card .seat-did')]
  .filter((e) => e.offsetParent && e.scrollWidth > e.clientWidth + 1)
  .map((e) => [e.closest('.seat-card').dataset.seat, e.textContent, e.scrollWidth, e.clientWidth])"""


@pytest.mark.browser
@pytest.mark.no_pyodide
@pytest.mark.parametrize("game_name,players,lang", [("chicken-foot", 4, "en"), ("chicken-foot", 4, "sw"),
                                                    ("moon", 3, "en"), ("moon", 3, "lv"), ("moon", 3, "sw"),
                                                    ("moon", 3, "sq")])
def test_a_phones_review_shows_what_the_seat_to_play_did(browser, site, game_name, players, lang):
    """390x844, every step of a review back to the start: what each seat did last is never cut.
    Beside "▶ to play" it was ("▶ to play → dr…"; Swahili's "alichukua", drew, to 2 px of
    77): a narrow card's seat to play says so by its ▶ alone, the words read out."""
    from conftest import guarded_app

    record = finished_round(game_name, players, 7)
    for page, open_app in guarded_app(browser, site, viewport={"width": 390, "height": 844}, is_mobile=True,
                                      has_touch=True):
        assert open_app("?lang=%s#record=%s" % (lang, share.encode(record))) == "ready"
        steps = 0
        while not page.locator("#rp-back").is_disabled():
            assert page.evaluate(SEAT_DID_CUT) == [], steps
            page.locator("#rp-back").click()
            steps += 1
        assert steps >= 20
        # The seat to play still says so in words, to a screen reader.
        assert "to play" in page.locator("#game .seat-card.acting .seat-state").inner_text() or lang != "en"
