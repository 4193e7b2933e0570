"""A complete 10-round Chicken Foot match through the UI by keyboard alone.

The nightly run (``BONEYARD_NIGHTLY=1``, tests/sizes.py) plays all ten rounds
by keyboard from the setup screen; CI resumes the match from its save after
eight rounds played on CPython and plays the last two by keyboard: a round's
summary to the next round, and the match's end, the same way.
"""

import pytest

from conftest import APP_READY_TIMEOUT_MS, wait_for_state
from sizes import NIGHTLY
from test_ui import setup_game
from tests_saves_support import random_game, resume_save, save_of
from engine import record
from tests.helpers import shot

pytestmark = [pytest.mark.browser, pytest.mark.no_pyodide]

FOCUSED = """() => {
  const el = document.activeElement;
  const root = document.documentElement.dataset;
  return {waiting: root.waitingFor, act: el && el.getAttribute('data-act'),
          disabled: !!(el && el.disabled), name: el ? (el.getAttribute('aria-label') || el.textContent) : ''};
}"""

# Wait until the page waits for a person (or the round is over) and, if so,
# until focus has settled on a control.
SETTLED = """() => {
  const w = document.documentElement.dataset.waitingFor;
  return w === 'none' || w === 'human';
}"""


def test_ten_round_chicken_foot_match_by_keyboard(page, open_app):
    if NIGHTLY:
        setup_game(page, open_app, "Chicken Foot", ["Human", "Computer (easy)"], players=2)
        by_keyboard = 10
    else:
        eight = random_game("chicken-foot", ["Ana", "Ben"], 16, lambda g: g.round_count() == 9)
        assert eight.round_count() == 9 and eight.current_seat() is not None
        assert open_app() == "ready"
        resume_save(page, save_of(eight, ["human", "easy"]))
        assert wait_for_state(page, "app-state", APP_READY_TIMEOUT_MS) == "ready"
        assert record.replay(page.evaluate("window.boneyard.record()")).round_count() == 9
        by_keyboard = 2
    presses = 0
    rounds_seen = 0
    while True:
        page.wait_for_function(SETTLED, timeout=60000)
        f = page.evaluate(FOCUSED)
        if f["waiting"] == "none" and page.locator("#game .summary").count():
            if page.get_by_role("button", name="Next round").count() == 0:
                break   # game over
            if f["act"] is None:
                # The summary opens with focus on its heading; the next Tab reaches its main button.
                assert page.evaluate("document.activeElement.id") == "summary-title", f
                rounds_seen += 1
                page.keyboard.press("Tab")
                assert page.evaluate(FOCUSED)["act"] == "next"
                presses += 1
                continue
        if f["act"] in (None, "undo", "hint", "new", "review", "why") or f["disabled"]:
            # Focus on something else: move on to the next control.
            page.keyboard.press("Tab")
        else:
            page.keyboard.press("Enter")
        presses += 1
        assert presses < 4000
    shot(page, "match-over")
    assert rounds_seen == by_keyboard - 1
    text = page.locator("#game .summary").inner_text()
    assert "Game over" in text and ("wins the game" in text or "share the win" in text)
    game = record.replay(page.evaluate("window.boneyard.record()"))
    assert game.is_over() and game.round_count() == 10
    assert len(page.locator("#game .scores tbody tr").all()) == 10
