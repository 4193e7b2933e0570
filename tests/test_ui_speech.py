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


def test_the_game_screen_has_headings_for_its_regions(page, open_app):
    """A screen reader's heading keys reach the table, the hand and the side panel (the game
    screen once had no heading but the site's name)."""
    setup_game(page, open_app, "Chicken Foot", ["Human", "Computer (easy)"], players=2)
    waiting(page)
    names = page.locator("#game").get_by_role("heading").all_inner_texts()
    assert names[:3] == ["Table", "Your hand", "Log and scores"], names
    for name in ("Table", "Your hand"):
        assert page.get_by_role("region", name=name, exact=True).count() == 1


def test_a_tile_just_drawn_says_so(page, open_app):
    """The tile a draw brought is named as new in the hand, not only outlined."""
    setup_game(page, open_app, "Chicken Foot", ["Human", "Computer (easy)"], players=2)
    for _ in range(60):
        if waiting(page) == "human" and page.locator("#game .hand .tile-btn.drawn").count():
            break
        actions = page.locator("#game .actions button:not([disabled])")
        if actions.count() and actions.first.inner_text() == "Draw":
            actions.first.click()
        else:
            assert mouse_step(page)
    drawn = page.locator("#game .hand .tile-btn.drawn")
    assert drawn.count() == 1
    tile = drawn.get_attribute("data-arg")
    assert drawn.get_attribute("aria-label").startswith(tile + ", new in your hand")
    others = page.locator("#game .hand .tile-btn:not(.drawn)").evaluate_all("ts => ts.map(t => t.getAttribute('aria-label'))")
    assert others and not [name for name in others if "new in your hand" in name]


def test_moons_discard_is_said(page, open_app):
    """The widow taken and a tile to give up: said when the bid is won (a line under the table
    said it to sighted people only)."""
    setup_game(page, open_app, "Three-Player Moon", ["Human", "Computer (easy)", "Computer (easy)"])
    page.evaluate(HEAR)
    for _ in range(10):
        assert waiting(page) == "human"
        game = record.replay(page.evaluate("window.boneyard.record()"))
        if game.phase() == "discard":
            break
        page.locator("#game .actions button", has_text="Bid 21").first.click()
    assert game.phase() == "discard"
    widow = game.view(0)["widow"]
    page.wait_for_function("(w) => window.heard.some((line) => line.includes('widow ' + w))", arg=widow, timeout=WAIT_MS)


def test_tab_goes_round_inside_the_side_drawer_on_a_phone(phone):
    page, open_app = phone
    setup_game(page, open_app, "Chicken Foot", ["Human", "Computer (easy)"], players=2)
    waiting(page)
    page.locator("#g-tools [data-act=side]").click()
    page.wait_for_function("() => document.getElementById('game').dataset.side === 'open'")
    inside = "() => !!document.activeElement.closest('#g-side')"
    for _ in range(15):
        page.keyboard.press("Tab")
        assert page.evaluate(inside)
    for _ in range(15):
        page.keyboard.press("Shift+Tab")
        assert page.evaluate(inside)


def test_the_open_drawer_is_all_a_screen_reader_reaches(phone):
    """With the side drawer open over the table, a screen reader's reading keys stay in it (Tab
    went round inside it, but the virtual cursor walked on into the table it covers); widened
    past the drawer's width the panel is a column and the table is reachable again, and
    closing the drawer gives the page back."""
    page, open_app = phone
    setup_game(page, open_app, "Chicken Foot", ["Human", "Computer (easy)"], players=2)
    waiting(page)
    # Chromium's own accessibility tree, what a screen reader is given (Playwright's aria
    # snapshot does not leave out what is inert).
    cdp = page.context.new_cdp_session(page)
    heard = lambda: "\n".join(str(n.get("name", {}).get("value", ""))
                              for n in cdp.send("Accessibility.getFullAXTree")["nodes"] if not n.get("ignored"))
    assert "Hint" in heard() and "Move log" not in heard()   # the drawer shut is out of reach too
    page.locator("#g-tools [data-act=side]").tap()
    page.wait_for_function("() => document.getElementById('game').dataset.side === 'open'")
    tree = heard()
    assert "Move log" in tree and "Export" in tree and "Theme" in tree   # (the theme's select is the drawer's)
    for outside in ("Hint", "Undo", "Your turn"):
        assert outside not in tree, (outside, tree)
    page.set_viewport_size({"width": 1366, "height": 768})
    page.wait_for_function("() => !document.querySelector('[inert]')")
    assert "Hint" in heard() and "Move log" in heard()
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_function("() => document.querySelector('#g-bar[inert]')")
    assert "Hint" not in heard()
    page.keyboard.press("Escape")
    page.wait_for_function("() => document.getElementById('game').dataset.side === 'closed'")
    assert "Hint" in heard() and not page.evaluate("document.querySelectorAll('[inert]').length")


def test_a_record_opened_from_the_drawer_closes_it_and_nothing_stays_inert(phone):
    """A record pasted and loaded in the phone's drawer opens its viewer with the drawer closed:
    it stayed open over the viewer, everything under it inert, and the focus fell to <body>."""
    from test_records_ui import played_session

    page, open_app = phone
    setup_game(page, open_app, "Chicken Foot", ["Human", "Computer (easy)"], players=2)
    waiting(page)
    text = played_session("chicken-foot", 3, rounds=1, extra=6, seed=4).record_json()
    page.locator("#g-tools [data-act=side]").tap()
    page.wait_for_function("() => document.getElementById('game').dataset.side === 'open'")
    page.locator("#rec-paste-box summary").tap()
    page.get_by_label("Record (JSON) or share link").fill(text)
    page.get_by_role("button", name="Load").tap()
    page.wait_for_function("() => document.getElementById('game').dataset.review === 'replay'")
    assert page.get_attribute("#game", "data-side") == "closed"
    assert page.evaluate("document.querySelectorAll('[inert]').length") == 0
    assert page.evaluate("document.activeElement !== document.body")
    # The replay keeps the phone's way to the log and the records (it had none).
    page.locator("#g-tools [data-act=side]").tap()
    page.wait_for_function("() => document.getElementById('game').dataset.side === 'open'")
    assert page.locator("#g-side #log-list li").first.is_visible()
    page.keyboard.press("Escape")
    page.wait_for_function("() => document.getElementById('game').dataset.side === 'closed'")


def test_the_language_is_chosen_by_keys_on_enter_not_on_the_first_arrow(page, open_app):
    assert open_app() == "ready"
    select = page.locator("#lang-select")
    select.focus()
    page.keyboard.press("ArrowDown")
    page.wait_for_timeout(500)
    assert page.get_attribute("html", "lang") == "en" and select.input_value() != "en"
    chosen = select.input_value()
    with page.expect_navigation():
        page.keyboard.press("Enter")
    page.wait_for_function("(l) => document.documentElement.lang === l", arg=chosen, timeout=WAIT_MS)


def test_a_phone_on_its_side_at_twice_the_zoom_shows_the_status_whole(browser, site):
    """1366x768 at 200 %: the status line takes two lines beside the tools, not "(reserve…"."""
    for page, open_app in guarded_app(browser, site, viewport={"width": 683, "height": 384}, device_scale_factor=2):
        setup_game(page, open_app, "Chicken Foot", ["Human", "Computer (easy)"], players=2)
        waiting(page)
        fit = page.locator("#g-status").evaluate("e => [e.scrollHeight, e.clientHeight, e.scrollWidth, e.clientWidth]")
        assert fit[0] <= fit[1] + 1 and fit[2] <= fit[3] + 1, fit
        assert "reserve" in page.locator("#g-status").inner_text()


def test_a_tap_beside_the_open_drawer_closes_it_and_plays_nothing(phone):
    """The page beside the drawer is dimmed, and a tap there only closes the drawer (a tap meant
    to close it once played the hand tile under the finger)."""
    page, open_app = phone
    setup_game(page, open_app, "Chicken Foot", ["Human", "Computer (easy)"], players=2)
    waiting(page)
    page.locator("#g-tools [data-act=side]").tap()
    page.wait_for_function("() => document.getElementById('game').dataset.side === 'open'")
    side = page.locator("#g-side").bounding_box()
    tile = page.locator("#game .hand button:not([disabled])").first.bounding_box()
    assert side["x"] > 10 and tile["x"] < side["x"]
    before = page.evaluate("window.boneyard.record()")
    page.touchscreen.tap(side["x"] / 2, tile["y"] + tile["height"] / 2)
    page.wait_for_function("() => document.getElementById('game').dataset.side === 'closed'")
    assert page.evaluate("window.boneyard.record()") == before
    # The person's tap targets in the drawer are a finger's size.
    page.locator("#g-tools [data-act=side]").tap()
    page.wait_for_function("() => document.getElementById('game').dataset.side === 'open'")
    assert page.locator("#g-side .log summary").bounding_box()["height"] >= 44


def why_answered(page, open_app):
    """A two-player Chicken Foot game on ``page`` at the person's turn with a tile they cannot
    play, "Why can't I play" tapped and its answer shown; returns the page."""
    setup_game(page, open_app, "Chicken Foot", ["Human", "Computer (easy)"], players=2)
    for _ in range(60):
        if waiting(page) == "human" and page.locator("#game .why-btn").count():
            break
        assert mouse_step(page)
    page.locator("#game .why-btn").tap()
    page.locator("#why").wait_for()
    return page


def test_the_answer_to_why_stays_open_past_the_drawer_and_a_turn_of_the_phone(phone):
    page = why_answered(*phone)
    page.locator("#g-tools [data-act=side]").tap()
    page.locator("#g-side .side-close").tap()
    page.set_viewport_size({"width": 844, "height": 390})
    page.wait_for_timeout(300)
    assert page.locator("#why").is_visible()
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(300)
    assert page.locator("#why").is_visible()


def test_the_answer_to_why_closes_on_a_second_press_or_a_tap_on_it(phone):
    """On a phone the answer lies over the foot of the table (a whole 4-2 under it at 360x640):
    it stayed there until the next move; the button says whether it is open."""
    page = why_answered(*phone)
    why = page.locator("#game .why-btn")
    answer = page.locator("#why")
    covered = page.evaluate("""() => { const a = document.getElementById('why').getBoundingClientRect(),
        t = document.querySelector('#game .board').getBoundingClientRect(); return a.top < t.bottom; }""")
    assert covered      # (what makes closing it matter)
    assert why.get_attribute("aria-expanded") == "true"
    why.tap()
    answer.wait_for(state="hidden")
    assert why.get_attribute("aria-expanded") == "false"
    assert page.evaluate("document.activeElement.classList.contains('why-btn')")
    why.tap()
    answer.wait_for()
    assert why.get_attribute("aria-expanded") == "true"
    answer.tap()
    answer.wait_for(state="hidden")
    assert why.get_attribute("aria-expanded") == "false"
    # The answer for one tile tried gives way to every tile's at a press of the button.
    blocked = page.locator("#game .hand button[disabled]").first
    blocked.dispatch_event("pointerup")
    answer.wait_for()
    one = answer.inner_text()
    why.tap()
    page.wait_for_function("(t) => document.getElementById('why').innerText !== t", arg=one)
    answer.wait_for()
    assert waiting(page) == "human"      # nothing played


def test_the_answer_to_why_never_breaks_a_tiles_name(phone):
    """390x844, a hand of 21 that cannot match the centre: the answer listed the tiles over
    four lines and broke "5-4" and "9-9" at their hyphens ("5-" at a line's end, "4" under it)."""
    page = why_answered(*phone)
    split = page.evaluate("""(sel) => { const el = document.querySelector(sel), out = [], names = /\\d-\\d/g;
        const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        const text = [], nodes = [];
        for (let n = walk.nextNode(); n; n = walk.nextNode()) { nodes.push([n, text.join('').length]); text.push(n.data); }
        const all = text.join('');
        const at = (i) => { let k = nodes.length - 1; while (nodes[k][1] > i) k--; return [nodes[k][0], i - nodes[k][1]]; };
        for (let m; (m = names.exec(all));) {
          const r = document.createRange(); r.setStart(...at(m.index)); r.setEnd(...at(m.index + 3));
          const lines = new Set([...r.getClientRects()].filter((b) => b.width > 0).map((b) => Math.round(b.top)));
          if (lines.size !== 1) out.push(m[0] + '@' + m.index);
        }
        return [out, all.match(names) ? all.match(names).length : 0]; }""", "#why")
    assert split[1] >= 1 and split[0] == [], split


def test_a_phone_shows_a_place_as_its_badge_number_and_names_it_in_words(phone):
    """Choosing where a tile goes on a phone: each place reads "2 · 8-6", the number on the
    table's badge and the tile it joins, and is named in words; five places in words once took
    three rows from the table."""
    page, open_app = phone
    setup_game(page, open_app, "Chicken Foot", ["Human", "Computer (easy)"], players=2)
    several = page.locator("#game .hand button.tile-btn[data-targets*=' ']")
    for _ in range(80):
        if waiting(page) == "human" and several.count():
            break
        assert mouse_step(page)
    tile = several.first
    name = tile.get_attribute("data-arg")
    targets = tile.get_attribute("data-targets").split()
    tile.tap()
    places = page.locator("#game .places button.place")
    places.first.wait_for()
    assert places.all_inner_texts() == ["%d · %s" % (i + 1, t) for i, t in enumerate(targets)]
    for i, t in enumerate(targets):
        assert page.get_by_role("button", name="%d. Play %s on %s" % (i + 1, name, t), exact=True).count() == 1
    tops = {round(b["y"]) for b in (places.nth(i).bounding_box() for i in range(places.count()))}
    assert len(tops) == 1, tops
