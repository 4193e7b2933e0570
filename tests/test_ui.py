"""The game UI in Debian's chromium: whole games by mouse and keyboard, saves, hot-seat, undo, hint."""

import json

import pytest

from conftest import APP_READY_TIMEOUT_MS, WORKER_READY_TIMEOUT_MS, app_url, guarded_page, wait_for_state
from engine import record
from tests.helpers import shot

pytestmark = [pytest.mark.browser, pytest.mark.no_pyodide]   # tests/conftest.py: ?pyodide=off

WAIT_MS = 60000


def waiting(page):
    page.wait_for_function(
        "() => ['human', 'none'].includes(document.documentElement.dataset.waitingFor)", timeout=WAIT_MS)
    return page.get_attribute("html", "data-waiting-for")


def reload_with_save(page, text):
    """Reload ``page`` (the app open) with ``text`` as the save it resumes: this tab's own game
    forgotten, so that the save is the one resumed."""
    page.evaluate("(t) => { sessionStorage.clear(); localStorage.setItem('boneyard.save', t); }", text)
    page.reload()
    assert wait_for_state(page, "app-state", APP_READY_TIMEOUT_MS) == "ready"


def setup_game(page, open_app, game, seats, names=None, players=None):
    assert open_app() == "ready"
    assert page.get_attribute("html", "data-waiting-for") == "none"
    page.get_by_role("radio", name=game).check()
    if players is not None:
        page.get_by_label("Players", exact=True).fill(str(players))
        page.get_by_label("Players", exact=True).press("Tab")
    page.get_by_label("Computer speed").select_option(label="Instant")
    for i, kind in enumerate(seats):
        page.get_by_label("Seat %d" % (i + 1), exact=True).select_option(label=kind)
        if names:
            page.get_by_label("Name %d" % (i + 1), exact=True).fill(names[i])
    page.get_by_role("button", name="Start game").click()


def enabled_buttons(page, selector):
    return page.locator(selector + " button:not([disabled])")


def mouse_step(page):
    """One human decision by mouse with a simple policy; False when the game is over."""
    state = waiting(page)
    if state == "none":
        if page.get_by_role("button", name="Next round").count():
            page.get_by_role("button", name="Next round").click()
            return True
        return False
    game = page.locator("#game")
    if game.get_by_role("button", name="Show my tiles").count():
        game.get_by_role("button", name="Show my tiles").click()
        return True
    places = enabled_buttons(page, "#game .places")
    if places.count():
        places.first.click()
        return True
    actions = enabled_buttons(page, "#game .actions")
    tiles = enabled_buttons(page, "#game .hand")
    if actions.count() and (not tiles.count() or actions.first.inner_text() != "Pass"):
        actions.first.click()
    else:
        tiles.first.click()
    return True


def test_complete_moon_game_by_mouse(page, open_app):
    setup_game(page, open_app, "Three-Player Moon", ["Human", "Computer (easy)", "Computer (medium)"])
    shot(page, "moon-start")
    steps = 0
    while mouse_step(page):
        steps += 1
        if steps == 12:
            shot(page, "moon-play")
        assert steps < 400
    shot(page, "moon-over")
    assert "wins the game" in page.locator("p.winner").inner_text() or "share the win" in page.locator("p.winner").inner_text()
    game = record.replay(page.evaluate("window.boneyard.record()"))
    assert game.is_over()
    assert max(game.totals()) >= 21


def test_chicken_foot_rounds_by_keyboard_alone(page, open_app):
    setup_game(page, open_app, "Chicken Foot", ["Human", "Computer (easy)"], players=2)
    rounds = 0
    presses = 0
    summary = None
    while rounds < 2:
        state = waiting(page)
        # A round's summary opens with focus on its heading: Tab leads on to Next round.
        if state == "none" and page.locator("#summary-title").inner_text() != summary:
            summary = page.locator("#summary-title").inner_text()
            rounds += 1
            shot(page, "cf-round-%d" % rounds)
            if rounds == 2:
                break
        # The page put focus on the first sensible control: Enter or Space acts on it.
        focused = page.evaluate("document.activeElement && document.activeElement.getAttribute('data-act')")
        if focused is None:
            page.keyboard.press("Tab")
            presses += 1
            continue
        name = page.evaluate("document.activeElement.textContent + '|' + (document.activeElement.getAttribute('aria-label') || '')")
        if focused in ("undo", "hint", "new", "zoom", "review"):
            # Move on to an action: the hand, place and action buttons come before the tools.
            page.keyboard.press("Shift+Tab")
        elif focused == "tile" and "cannot" in name:
            page.keyboard.press("Tab")
        else:
            page.keyboard.press("Enter" if presses % 2 else "Space")
        presses += 1
        assert presses < 3000
    game = record.replay(page.evaluate("window.boneyard.record()"))
    assert game.round_count() == 2 and game.phase() in ("round-over", "game-over")


def test_reload_mid_game_resumes_identically(page, open_app):
    setup_game(page, open_app, "Chicken Foot", ["Human", "Computer (easy)", "Computer (medium)"], players=3)
    for _ in range(6):
        mouse_step(page)
    waiting(page)
    before = page.evaluate("window.boneyard.record()")
    log_before = page.locator("#log-list").inner_text()
    page.reload()
    wait_for_state(page, "app-state", 30000)
    waiting(page)
    assert page.evaluate("window.boneyard.record()") == before
    assert page.locator("#log-list").inner_text() == log_before


def test_damaged_save_is_set_aside(page, open_app):
    assert open_app() == "ready"
    page.evaluate("localStorage.setItem('boneyard.save', '{\"v\": 1, \"setup\": {}, \"record\": \"not json')")
    page.reload()
    assert wait_for_state(page, "app-state", 30000) == "ready"
    assert "could not be read" in page.locator("#notice").inner_text()
    assert page.evaluate("localStorage.getItem('boneyard.save')") is None
    assert page.evaluate("localStorage.getItem('boneyard.save.damaged')").startswith('{"v": 1')
    assert page.get_by_role("button", name="Start game").is_visible()


def test_hot_seat_hides_hands(page, open_app):
    setup_game(page, open_app, "Chicken Foot", ["Human", "Human"], names=["Ana", "Ben"], players=2)
    assert waiting(page) == "human"
    game = page.locator("#game")
    assert "Pass the device to" in game.locator(".pass-device").inner_text()
    assert game.locator(".hand button").count() == 0
    game.get_by_role("button", name="Show my tiles").click()
    first = record.replay(page.evaluate("window.boneyard.record()")).current_seat()
    hand = game.locator(".hand button").evaluate_all("bs => bs.map(b => b.getAttribute('aria-label').split(' ')[0])")
    assert len(hand) == 21
    mouse_step(page)
    while game.get_by_role("button", name="Show my tiles").count() == 0:
        mouse_step(page)  # a drawn tile that can be played is played by the same player
    names = ["Ana", "Ben"]
    assert "Pass the device to %s" % names[1 - first] in game.locator(".pass-device").inner_text()
    assert game.locator(".hand button").count() == 0
    assert game.locator(".hand svg.tile:not(.hand-slot svg)").count() == 0   # (empty places only: the hand's room)
    assert game.locator(".pass-room svg *").count() == 0


def test_undo_and_hint(page, open_app):
    setup_game(page, open_app, "Three-Player Moon", ["Human", "Computer (easy)", "Computer (easy)"])
    assert wait_for_state(page, "worker-state", WORKER_READY_TIMEOUT_MS) == "ready"
    assert waiting(page) == "human"
    game = page.locator("#game")
    # While the hint is thought of, the button says so (busy, its size kept); nothing showed.
    page.evaluate("""() => {
      const hint = () => document.querySelector('#game button[data-act=hint]');
      window.__busy = []; window.__width = hint().getBoundingClientRect().width;
      new MutationObserver(() => { const b = hint();
        if (b && b.getAttribute('aria-busy') === 'true') window.__busy.push(
          [b.getBoundingClientRect().width, document.querySelector('#game .hint') !== null]); })
        .observe(document.getElementById('game'), {subtree: true, childList: true, attributes: true}); }""")
    game.get_by_role("button", name="Hint").click()
    page.wait_for_function("() => document.querySelector('#game .hint') !== null", timeout=WAIT_MS)
    assert "Hint:" in game.locator("#prompt").inner_text()
    busy, width = page.evaluate("[window.__busy, window.__width]")
    assert busy and all(abs(w - width) < 0.5 and not shown for w, shown in busy), (busy, width)
    assert game.get_by_role("button", name="Hint").get_attribute("aria-busy") is None
    # Bid and play until a decision after the bidding; then undo returns to it.
    while True:
        assert waiting(page) == "human"
        rec = json.loads(page.evaluate("window.boneyard.record()"))
        state = record.replay(rec)
        if state.phase() == "play" and len(state.view(0)["hand"]) < 7:
            break
        mouse_step(page)
    before = page.evaluate("window.boneyard.record()")
    mouse_step(page)
    waiting(page)
    assert page.evaluate("window.boneyard.record()") != before
    game.get_by_role("button", name="Undo").click()
    waiting(page)
    assert page.evaluate("window.boneyard.record()") == before
    assert "Undo" in page.locator("#log-list").inner_text()


def test_the_hints_spinner_shows_in_the_dark(browser, site, page_watch):
    """Dark colours: the busy Hint button's moving arc was the felt's green on the dark button
    (1.3:1), a grey ring with a gap. Its arc now stands 3:1 or more against the button."""
    for page in guarded_page(browser, page_watch, viewport={"width": 390, "height": 844}, has_touch=True,
                             is_mobile=True, color_scheme="dark"):
        page.goto(app_url(site))
        assert wait_for_state(page, "app-state", APP_READY_TIMEOUT_MS) == "ready"
        page.get_by_role("radio", name="Three-Player Moon").check()
        page.get_by_role("button", name="Start game").click()
        assert wait_for_state(page, "worker-state", WORKER_READY_TIMEOUT_MS) == "ready"
        assert waiting(page) == "human"
        page.evaluate("""() => { window.__arc = null;
          new MutationObserver(() => { const b = document.querySelector('#game button.busy[data-act=hint]');
            if (b && !window.__arc) window.__arc = [getComputedStyle(b, '::after').borderTopColor,
                                                      getComputedStyle(b).backgroundColor]; })
            .observe(document.getElementById('game'), {subtree: true, childList: true, attributes: true}); }""")
        # (attributes: the tools row's buttons are brought up to date in place, web/morph.js.)
        page.locator("#game button[data-act=hint]").click()
        page.wait_for_function("() => document.querySelector('#game .hint') !== null", timeout=WAIT_MS)
        arc, ground = page.evaluate("window.__arc")

        def luminance(css):
            r, g, b = [int(x) / 255 for x in css[css.index("(") + 1:css.index(")")].split(",")[:3]]
            lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]
            return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

        hi, lo = sorted([luminance(arc), luminance(ground)], reverse=True)
        assert (hi + 0.05) / (lo + 0.05) >= 3, (arc, ground)


def test_phone_viewport_has_no_horizontal_scroll(browser, site, page_watch):
    # A guarded page (tests/conftest.py): outside requests, page and console errors fail the test.
    for page in guarded_page(browser, page_watch, viewport={"width": 360, "height": 640}, has_touch=True,
                             is_mobile=True):
        page.goto(app_url(site))
        assert wait_for_state(page, "app-state", 30000) == "ready"
        wide = "() => document.documentElement.scrollWidth <= window.innerWidth"
        assert page.evaluate(wide)
        page.get_by_role("radio", name="Chicken Foot").check()
        page.get_by_label("Computer speed").select_option(label="Instant")
        page.get_by_label("Seat 2", exact=True).select_option(label="Computer (easy)")
        page.get_by_role("button", name="Start game").click()
        for _ in range(8):
            mouse_step(page)
            assert page.evaluate(wide)
        shot(page, "phone")


def test_the_rules_are_a_tap_away_from_the_start_and_from_a_game(browser, site, page_watch):
    """A newcomer's first question: the rules pages' links sit under the buttons that start the
    games, on a phone's first screen (they lay in the footer, below the whole setup), a finger's
    size; in a game, its own rules open from the side panel in a tab of their own (the game
    stays)."""
    for page in guarded_page(browser, page_watch, viewport={"width": 390, "height": 844}, has_touch=True,
                             is_mobile=True):
        page.goto(app_url(site))
        assert wait_for_state(page, "app-state", 30000) == "ready"
        links = page.locator("#setup .play-rules a")
        assert links.count() == 2
        for i, (path, title) in enumerate((("rules/chicken-foot.html", "Chicken Foot rules"),
                                           ("rules/moon.html", "Moon rules"))):
            link = links.nth(i)
            assert link.inner_text() == title
            box = link.bounding_box()
            assert box["y"] >= 0 and box["y"] + box["height"] <= 844 - 80 and box["height"] >= 44, box
            href = link.evaluate("a => a.href")
            assert href == site + path and page.request.get(href).ok
        # ...above the setup form.
        form = page.get_by_role("radio", name="Chicken Foot").bounding_box()
        assert links.nth(1).bounding_box()["y"] < form["y"]
        # In a longer language the second link wraps under the first, never under "How to play:"
        # (Albanian's "Moon rules" began at the screen's edge below "Si luhet:").
        page.goto(app_url(site, "?lang=sq"))
        assert wait_for_state(page, "app-state", 30000) == "ready"
        label = page.locator("#setup .play-rules > span").first.bounding_box()
        lefts = [links.nth(i).bounding_box()["x"] for i in range(2)]
        assert min(lefts) >= label["x"] + label["width"] and label["height"] < 30, (label, lefts)   # its one line
        page.goto(app_url(site, "?lang=en"))
        assert wait_for_state(page, "app-state", 30000) == "ready"
        page.get_by_role("button", name="Play Three-Player Moon").click()
        page.locator("html[data-waiting-for='human'], html[data-waiting-for='none']").wait_for(state="attached")
        page.locator(".side-toggle").click()
        rules = page.locator("#g-side .side-rules a")
        assert rules.count() == 1 and rules.inner_text() == "Moon rules"
        assert rules.evaluate("a => [a.href, a.target, a.rel]") == [site + "rules/moon.html", "_blank", "noopener"]
        rules.scroll_into_view_if_needed()
        assert rules.bounding_box()["height"] >= 44


def test_name_with_html_is_shown_literally(page, open_app):
    evil = "<img src=x onerror=alert(1)>"
    dialogs = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    setup_game(page, open_app, "Three-Player Moon", ["Human", "Computer (easy)", "Computer (easy)"],
               names=[evil, "Ben", "Cleo"])
    waiting(page)
    assert evil in " ".join(page.locator("#game .seat-card").all_inner_texts())
    assert page.locator("#game img").count() == 0
    assert dialogs == []


def test_house_rule_defaults_follow_the_player_count_and_choices_stay(page, open_app):
    assert open_app() == "ready"
    page.get_by_role("radio", name="Chicken Foot").check()
    players = page.get_by_label("Players", exact=True)
    spokes = page.get_by_label("Spokes on the centre double")
    reserve = page.get_by_label("Yard reserve")
    for count, expected_reserve in ((2, "2"), (5, "1"), (4, "1")):
        players.fill(str(count))
        players.press("Tab")
        page.wait_for_function("(n) => document.getElementById('spokes').min === String(n)", arg=count)
        assert spokes.input_value() == str(count) and reserve.input_value() == expected_reserve
    # A choice of one's own survives a change of the player count.
    spokes.fill("7")
    reserve.fill("3")
    players.fill("6")
    players.press("Tab")
    page.wait_for_function("() => document.getElementById('spokes').min === '6'")
    assert spokes.input_value() == "7" and reserve.input_value() == "3"
    page.get_by_label("Computer speed").select_option(label="Instant")
    page.get_by_role("button", name="Start game").click()
    page.wait_for_function("() => document.getElementById('game') && !document.getElementById('game').hidden")
    options = json.loads(page.evaluate("window.boneyard.record()"))["options"]
    assert options["spokes"] == 7 and options["yard_reserve"] == 3 and json.loads(
        page.evaluate("window.boneyard.record()"))["players"] == 6


def test_a_changed_player_count_starts_with_its_own_defaults(page, open_app):
    assert open_app() == "ready"
    page.get_by_role("radio", name="Chicken Foot").check()
    page.get_by_label("Players", exact=True).fill("5")
    page.get_by_label("Players", exact=True).press("Tab")
    page.get_by_label("Computer speed").select_option(label="Instant")
    page.get_by_role("button", name="Start game").click()
    page.wait_for_function("() => document.getElementById('game') && !document.getElementById('game').hidden")
    rec = json.loads(page.evaluate("window.boneyard.record()"))
    assert rec["players"] == 5 and rec["options"]["spokes"] == 5


def test_a_player_count_the_game_cannot_take_is_named_beside_the_field(page, open_app):
    """The Players field said nothing as 12 became 8, 1 became 2, and 3.5 went back: it shows
    the range beside it (its description), and names a count it could not take."""
    assert open_app() == "ready"
    page.get_by_role("radio", name="Chicken Foot").check()
    field = page.get_by_label("Players", exact=True)
    note = page.locator("#players-note")
    assert note.inner_text() == "2 to 8 players"
    assert field.get_attribute("aria-describedby") == "players-note"
    for typed, becomes in (("12", "8"), ("1", "2"), ("3.5", "2"), ("5", "5")):
        field.fill(typed)
        field.press("Tab")
        page.wait_for_function("(v) => document.getElementById('players').value === v", arg=becomes)
        said = note.inner_text()
        if typed == becomes:
            assert said == "2 to 8 players" and note.get_attribute("role") is None
        else:
            assert said == "%s is not possible: 2 to 8 players." % typed and note.get_attribute("role") == "alert"
        assert page.locator("#setup .seat-row").count() == int(becomes)
    # Said once: a redraw for something else (another game and back) shows the range again.
    page.get_by_role("radio", name="Three-Player Moon").check()
    page.get_by_role("radio", name="Chicken Foot").check()
    assert note.inner_text() == "2 to 8 players"
