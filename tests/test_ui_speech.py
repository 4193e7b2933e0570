"""What a person using a keyboard or a screen reader meets while playing: every move said, the
focus never dropped to the page while the computers play, stepping back through a review
with one button, and Escape closing the side panel on a phone."""

import pytest

from conftest import guarded_app
from engine import record
from test_ui import WAIT_MS, mouse_step, setup_game, waiting

pytestmark = [pytest.mark.browser, pytest.mark.no_pyodide]   # tests/conftest.py: ?pyodide=off

# Every line added to the live log, as it is added (the log keeps only its last lines).
HEAR = """() => { window.heard = [];
  new MutationObserver((changes) => { for (const c of changes) for (const n of c.addedNodes) window.heard.push(n.textContent); })
    .observe(document.getElementById('live'), {childList: true}); }"""


def test_every_move_of_a_moon_hand_is_said(page, open_app):
    """Each move the log shows is said, in order (a trick's last tile, said in the same moment
    as who won it, once never was: 7 of a hand's 21 plays)."""
    setup_game(page, open_app, "Three-Player Moon", ["Human", "Computer (easy)", "Computer (easy)"])
    page.evaluate(HEAR)
    while record.replay(page.evaluate("window.boneyard.record()")).phase() not in ("round-over", "game-over"):
        assert mouse_step(page)
    waiting(page)
    plain = lambda lines: [line.replace("\u2068", "").replace("\u2069", "").strip() for line in lines]   # isolated names
    log = plain(page.locator("#log-list li").all_inner_texts()[::-1])   # newest first on the page
    heard = plain(page.evaluate("window.heard"))
    plays = [line for line in log if " played " in line]
    assert len(plays) == 21, log
    start = log.index(heard[0])
    assert heard == log[start:], (heard, log)
    assert page.locator("#live > *").count() <= 12


def test_the_focus_waits_on_the_status_while_the_computers_play(page, open_app):
    """A tile played with the keyboard: while the computers move, the focus is on the status
    line ("Ben is thinking..."), never on the page (it once fell to <body>, and Tab went on
    from the page's top); the person's turn brings it back to the hand."""
    assert open_app() == "ready"
    page.get_by_role("radio", name="Chicken Foot").check()
    page.get_by_label("Computer speed").select_option(label="Fast")
    page.get_by_label("Seat 2", exact=True).select_option(label="Computer (easy)")
    page.get_by_label("Seat 3", exact=True).select_option(label="Computer (easy)")
    page.get_by_role("button", name="Start game").click()
    parked = 0
    for _ in range(4):
        assert waiting(page) == "human"
        target = page.locator("#game .places button, #game .hand button:not([disabled]), #game .actions button").first
        target.focus()
        page.keyboard.press("Enter")
        if page.locator("#game .places button").count():
            page.locator("#game .places button").first.focus()
            page.keyboard.press("Enter")
        page.wait_for_function("() => document.documentElement.dataset.waitingFor === 'computer'", timeout=WAIT_MS)
        assert page.evaluate("document.activeElement.id") == "g-status"
        parked += 1
        assert waiting(page) == "human"
        page.wait_for_function("() => document.activeElement.closest('#game .rack')", timeout=WAIT_MS)
    assert parked == 4


def test_a_review_keeps_the_focus_on_the_button_pressed(page, open_app):
    """Enter on "Previous move" twice steps back twice: the focus stays on it (it once went to
    "First move", and the second Enter jumped to the start)."""
    setup_game(page, open_app, "Chicken Foot", ["Human", "Computer (easy)"], players=2)
    for _ in range(4):
        assert mouse_step(page)
    waiting(page)
    page.get_by_role("button", name="Review moves").click()
    back = page.locator("#game .review button[data-arg='-1']")
    start = int(page.locator("#game .review-step").inner_text().split()[1])
    back.focus()
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    page.wait_for_function("(n) => document.querySelector('#game .review-step').textContent.startsWith('Move ' + n + ' ')",
                           arg=start - 2, timeout=WAIT_MS)
    assert page.evaluate("document.activeElement.dataset.arg") == "-1"


@pytest.fixture
def phone(browser, site):
    for page, opener in guarded_app(browser, site, viewport={"width": 390, "height": 844}, has_touch=True,
                                    is_mobile=True):
        yield page, opener


def test_escape_closes_the_side_panel_on_a_phone(phone):
    page, open_app = phone
    setup_game(page, open_app, "Chicken Foot", ["Human", "Computer (easy)"], players=2)
    waiting(page)
    toggle = page.locator("#g-tools [data-act=side]")
    toggle.click()
    page.wait_for_function("() => document.getElementById('game').dataset.side === 'open'")
    page.keyboard.press("Escape")
    page.wait_for_function("() => document.getElementById('game').dataset.side === 'closed'")
    assert toggle.get_attribute("aria-expanded") == "false"
    assert page.evaluate("document.activeElement.dataset.act") == "side"


def test_the_setup_keeps_the_focus_when_the_game_is_chosen_by_arrow_keys_and_after_new_game(page, open_app):
    """Arrow keys move between the games' radios (the form is drawn anew for the game chosen):
    the focus stays on the radio checked (it once fell to <body>); "New game" from a game puts
    it at the setup's heading."""
    assert open_app() == "ready"
    radio = page.get_by_role("radio", name="Chicken Foot")
    radio.check()
    radio.focus()
    page.keyboard.press("ArrowDown")
    page.wait_for_function("() => document.querySelector('#setup input[value=moon]').checked")
    page.wait_for_function("() => document.activeElement.value === 'moon'", timeout=WAIT_MS)
    page.keyboard.press("ArrowUp")
    page.wait_for_function("() => document.activeElement.value === 'chicken-foot'", timeout=WAIT_MS)
    page.get_by_label("Seat 2", exact=True).select_option(label="Computer (easy)")
    page.get_by_role("button", name="Start game").click()
    waiting(page)
    page.get_by_role("button", name="New game").click()
    page.wait_for_function("() => document.activeElement.matches('#setup h2')", timeout=WAIT_MS)
