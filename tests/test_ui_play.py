"""Playing aids in the browser: why a tile cannot be played, zooming and panning the table."""

import json

import pytest

from conftest import app_url, guarded_page
from test_ui import mouse_step, setup_game, waiting

pytestmark = [pytest.mark.browser, pytest.mark.no_pyodide]   # tests/conftest.py: ?pyodide=off


def human_turn_with_blocked_tile(page):
    for _ in range(60):
        if waiting(page) == "human" and page.locator("#game .hand button[disabled]").count():
            return True
        mouse_step(page)
    return False


def test_an_unplayable_tile_says_why_on_attempt(page, open_app):
    setup_game(page, open_app, "Chicken Foot", ["Human", "Computer (easy)"], players=2)
    assert human_turn_with_blocked_tile(page)
    before = page.evaluate("window.boneyard.record()")
    tile = page.locator("#game .hand button[disabled]").first
    name = tile.get_attribute("data-arg")
    box = tile.bounding_box()
    # A real click on a disabled button: the page hears the pointer, not a click.
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    why = page.locator("#why")
    why.wait_for(state="visible")
    assert why.inner_text().startswith(name + " cannot be played: ")
    assert name in page.locator("#live").inner_text()
    assert page.evaluate("window.boneyard.record()") == before   # nothing was played
    # By keyboard: the Why button explains every unplayable tile at once.
    page.get_by_role("button", name="Why can").focus()
    page.keyboard.press("Enter")
    text = page.locator("#why").inner_text()
    blocked = page.locator("#game .hand button[disabled]").evaluate_all("bs => bs.map(b => b.dataset.arg)")
    assert all(t in text for t in blocked)
    assert "cannot be played: " in text


def test_table_zooms_and_pans(page, open_app):
    setup_game(page, open_app, "Chicken Foot", ["Human", "Computer (easy)"], players=2)
    for _ in range(8):
        mouse_step(page)
    waiting(page)
    view = page.locator("#cf-view")
    table = page.locator("#g-table")
    view.focus()
    page.keyboard.press("+")
    page.keyboard.press("+")
    assert int(view.get_attribute("data-zoom")) > 150
    before = table.evaluate("t => t.style.transform")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    assert table.evaluate("t => t.style.transform") != before
    page.keyboard.press("0")
    assert view.get_attribute("data-zoom") == "100"
    # The zoom survives the page's re-renders (a move redraws the table inside it).
    page.get_by_role("button", name="Zoom in").click()
    zoomed = view.get_attribute("data-zoom")
    mouse_step(page)
    waiting(page)
    assert view.get_attribute("data-zoom") == zoomed and table.evaluate("t => t.style.transform") != ""
    page.get_by_role("button", name="Fit").click()
    # Wheel zooms around the pointer; a drag pans.
    box = view.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.wheel(0, -400)
    page.wait_for_function("() => Number(document.getElementById('cf-view').dataset.zoom) > 120")
    start = table.evaluate("t => t.style.transform")
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] / 2 - 60, box["y"] + box["height"] / 2 - 40, steps=4)
    page.mouse.up()
    assert table.evaluate("t => t.style.transform") != start


def table_tiles(page):
    return page.locator("#g-table svg.tile").count()


def newest_number(page):
    """The move log's newest numbered line's number (None: no line is a move)."""
    return page.evaluate("() => { const li = document.querySelector('#log-list li[value]');"
                         " return li ? li.value : null; }")


# The first line of the move log that covers two moves: its drawn number (the ::before a
# marker cannot carry in WebKit) and where its words and the line above's words begin.
TWO_MOVES = """() => {
  const li = document.querySelector('#log-list li[data-from]');
  if (!li) return null;
  const start = (e) => { const r = document.createRange(); r.selectNodeContents(e); return r.getClientRects()[0].left; };
  const other = [...document.querySelectorAll('#log-list li[value]:not([data-from])')]
    .find((o) => String(o.value).length === String(li.value).length);
  // An outside marker ends where its line's box begins, as wide as its words ("35. ").
  const span = document.createElement('span');
  span.style.whiteSpace = 'pre';
  span.textContent = other.value + '. ';
  other.append(span);
  const marker = other.getBoundingClientRect().left - span.getBoundingClientRect().width;
  span.remove();
  return {marker, number: li.getBoundingClientRect().left + parseFloat(getComputedStyle(li).textIndent),
          content: getComputedStyle(li, '::before').content, from: li.dataset.from, value: String(li.value),
          words: start(li), others: start(other), style: getComputedStyle(li).listStyleType};
}"""


def test_a_log_line_of_two_moves_shows_both_numbers(page, open_app):
    """A draw and the pass after it are one line of the log: it reads "34–35." (drawn by the
    line's ::before, which every engine draws; a marker's content WebKit ignores), its number
    starting where the others' do (its indent as wide as their "35. ") and its words after it."""
    setup_game(page, open_app, "Chicken Foot", ["Human", "Computer (easy)"], players=2)
    seen = None
    for _ in range(80):
        if not mouse_step(page):
            break
        waiting(page)
        seen = page.evaluate(TWO_MOVES)
        if seen:
            break
    assert seen, "no line of two moves in 80 steps"
    assert seen["content"] == '"%s\u2013%s. "' % (seen["from"], seen["value"]) and seen["style"] == "none", seen
    # Its number begins where another line's of as many digits begins (within 2 px) ...
    assert abs(seen["number"] - seen["marker"]) < 2, seen
    # ... and its words after it, further on than the other lines' words.
    assert seen["words"] > seen["others"] + 2, seen


def test_review_steps_back_read_only(page, open_app):
    setup_game(page, open_app, "Chicken Foot", ["Human", "Computer (easy)"], players=2)
    for _ in range(10):
        mouse_step(page)
    assert waiting(page) == "human"
    record = page.evaluate("window.boneyard.record()")
    tiles_now = table_tiles(page)
    page.get_by_role("button", name="Review moves").click()
    step = page.locator("#review-step")
    total = step.inner_text().split(" of ")[1].split(" ")[0]
    assert step.inner_text().startswith("Move %s of %s" % (total, total))
    assert page.locator("#game .hand button").count() == 0          # read-only: no playable tiles
    back = page.get_by_role("button", name="Previous move")
    for _ in range(4):
        back.click()
    assert step.inner_text().startswith("Move %d of %s" % (int(total) - 4, total))
    assert table_tiles(page) < tiles_now
    # The log shows the lines up to the step, each move numbered as the review numbers it
    # (its numbers once stayed the game's, then counted its lines: "51." beside "Move 57").
    assert newest_number(page) == int(total) - 4
    page.get_by_role("button", name="First move").click()
    assert step.inner_text().startswith("Move 0 of")
    assert table_tiles(page) == 1 and "centre double" in step.inner_text()
    assert newest_number(page) is None and page.locator("#log-list li").count() == 1
    page.get_by_role("button", name="Next move").click()
    assert step.inner_text().startswith("Move 1 of")
    assert newest_number(page) == 1
    assert page.get_attribute("html", "data-waiting-for") == "human"
    assert page.evaluate("window.boneyard.record()") == record     # the game is untouched
    page.get_by_role("button", name="Back to the game").click()
    assert table_tiles(page) == tiles_now
    assert newest_number(page) == int(total)
    assert page.locator("#game .hand button").count() > 0
    assert page.evaluate("window.boneyard.record()") == record


def centre(box):
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def drag(page, source, target):
    x0, y0 = centre(source.bounding_box())
    x1, y1 = centre(target.bounding_box())
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move(x0 + 12, y0 - 12, steps=2)
    page.mouse.move(x1, y1, steps=6)
    page.mouse.up()


def play_a_tile_by(page, mover):
    """At the human's next turn with a tile to place, move it with ``mover(page, tile, spot)``
    onto one of its places; check that exactly that play was recorded."""
    for _ in range(60):
        if waiting(page) == "human" and page.locator("#game .hand button[data-targets]").count():
            break
        mouse_step(page)
    tile = page.locator("#game .hand button[data-targets]").first
    tile.scroll_into_view_if_needed()
    name = tile.get_attribute("data-arg")
    target = tile.get_attribute("data-targets").split(" ")[-1]
    before = json.loads(page.evaluate("window.boneyard.record()"))
    played = sum(len(r["actions"]) for r in before["rounds"])
    mover(page, tile, page.locator('#g-table svg.tile[aria-label="%s"]' % target))
    page.wait_for_function("(n) => JSON.parse(window.boneyard.record()).rounds.flatMap(r => r.actions).length > n",
                           arg=played)
    after = json.loads(page.evaluate("window.boneyard.record()"))
    assert [a for r in after["rounds"] for a in r["actions"]][played] == "%s>%s" % (name, target)


def test_drag_a_tile_onto_its_place(page, open_app):
    setup_game(page, open_app, "Chicken Foot", ["Human", "Computer (easy)"], players=2)
    play_a_tile_by(page, drag)


def touch_drag(page, source, target):
    """A finger pressed on ``source``, moved and lifted over ``target``: real touch input
    (Chromium's CDP), so pointer events come as touches and ``touch-action`` applies."""
    cdp = page.context.new_cdp_session(page)
    x0, y0 = centre(source.bounding_box())
    x1, y1 = centre(target.bounding_box())

    def touch(kind, x, y):
        points = [] if kind == "touchEnd" else [{"x": x, "y": y, "id": 1}]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    touch("touchStart", x0, y0)
    for i in range(1, 9):
        touch("touchMove", x0 + (x1 - x0) * i / 8, y0 + (y1 - y0) * i / 8)
    touch("touchEnd", x1, y1)
    cdp.detach()


def test_drag_a_tile_onto_its_place_with_a_finger(phone, site):
    from conftest import app_opener

    setup_game(phone, app_opener(phone, site), "Chicken Foot", ["Human", "Computer (easy)"], players=2)
    scrolled = []

    def finger(page, tile, spot):
        scrolled.append(page.evaluate("scrollY"))
        touch_drag(page, tile, spot)

    play_a_tile_by(phone, finger)
    # The finger dragged the tile: the page itself did not scroll under it.
    assert phone.evaluate("scrollY") == scrolled[0]


def test_a_drag_dropped_off_the_table_plays_nothing(page, open_app):
    setup_game(page, open_app, "Three-Player Moon", ["Human", "Computer (easy)", "Computer (easy)"])
    for _ in range(60):
        if waiting(page) == "human" and page.locator('#game .hand button[data-drop="board"]').count():
            break
        mouse_step(page)
    tile = page.locator('#game .hand button[data-drop="board"]').first
    before = page.evaluate("window.boneyard.record()")
    drag(page, tile, page.locator("#g-tools"))
    page.wait_for_timeout(300)
    assert page.evaluate("window.boneyard.record()") == before
    name = tile.get_attribute("data-arg")
    drag(page, tile, page.locator("#g-table"))
    page.wait_for_function("(b) => window.boneyard.record() !== b", arg=before)
    rec = json.loads(page.evaluate("window.boneyard.record()"))
    assert name in rec["rounds"][-1]["actions"]


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_last_play_is_highlighted_and_motion_respects_the_preference(browser, site, page_watch, motion):
    # A guarded page (tests/conftest.py): outside requests, page and console errors fail the test.
    for page in guarded_page(browser, page_watch, reduced_motion=motion):
        page.goto(app_url(site))
        setup_game(page, lambda: "ready", "Chicken Foot", ["Human", "Computer (easy)"], players=2)
        for _ in range(30):
            mouse_step(page)
            if page.locator("#g-table svg.fresh").count():
                break
        waiting(page)
        assert page.locator("#g-table svg.fresh").count() == 1
        ring = page.locator("#g-table .ring-fresh")
        assert ring.count() == 1
        animation = ring.evaluate("r => getComputedStyle(r).animationName")
        assert animation == ("none" if motion == "reduce" else "ring-pulse")
        # The highlight itself stays (colour is not the only signal: a dashed outline).
        assert ring.evaluate("r => getComputedStyle(r).strokeDasharray") not in ("none", "")
        if motion != "reduce":
            # The pulse starts as a whole, soft ring, its dashes opening as it narrows: dashed
            # from the start, the 14-wide ring was a white comb around the tile.
            # (Restarted and held at its first frame: at the instant speed it lasts 0.25 s, over
            # before a loaded machine reads it.)
            start = ring.evaluate("""r => { r.style.animation = 'none'; r.getBoundingClientRect();
                r.style.animation = ''; const a = r.getAnimations()[0]; a.pause(); a.currentTime = 0;
                const s = getComputedStyle(r); return [s.strokeDasharray, parseFloat(s.strokeWidth)]; }""")
            gaps = [float(x.strip().rstrip("px")) for x in start[0].split(",")]
            assert gaps[1::2] == [0.0] * len(gaps[1::2]) and start[1] >= 10, start


def test_pinch_zooms_the_table(browser, site, page_watch):
    # A guarded page (tests/conftest.py): outside requests, page and console errors fail the test.
    for page in guarded_page(browser, page_watch, viewport={"width": 360, "height": 640}, has_touch=True,
                             is_mobile=True):
        page.goto(app_url(site))
        setup_game(page, lambda: "ready", "Chicken Foot", ["Human", "Computer (easy)"], players=2)
        waiting(page)
        view = page.locator("#cf-view")
        view.scroll_into_view_if_needed()
        x, y = centre(view.bounding_box())
        cdp = page.context.new_cdp_session(page)

        def touch(kind, spread):
            points = [] if kind == "touchEnd" else [{"x": x - spread, "y": y, "id": 1}, {"x": x + spread, "y": y, "id": 2}]
            cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

        touch("touchStart", 20)
        for spread in (30, 45, 60, 80):
            touch("touchMove", spread)
        touch("touchEnd", 0)
        assert int(view.get_attribute("data-zoom")) >= 250


def big_table_link(site, step=58):
    """A link to a six-player Chicken Foot record at a step with a large table."""
    from conftest import app_url
    from engine import share
    from engine.tournament import play_game

    game = play_game("chicken-foot", 6, ["medium"] * 6, 11, 12)
    return app_url(site, "#record=%s&step=%d" % (share.encode(game.record()), step))


def view_report(page):
    """The table view's zoom, its box, the first tile's box and the last-played tile's box."""
    return page.evaluate("""() => {
        const view = document.getElementById("cf-view");
        const box = (el) => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
        const fresh = view.querySelector("svg.fresh");
        return {zoom: Number(view.dataset.zoom || 100), view: box(view),
                tile: box(view.querySelector("svg.tile")), fresh: fresh && box(fresh)};
    }""")


def test_a_phone_follows_play_at_a_legible_size_until_zoomed_by_hand(phone, site):
    from conftest import APP_READY_TIMEOUT_MS, wait_for_state

    phone.goto(big_table_link(site, step=52))   # six steps on, still in play (the round ends at 61)
    assert wait_for_state(phone, "app-state", APP_READY_TIMEOUT_MS) == "ready"
    phone.wait_for_function("() => Number(document.getElementById('cf-view')?.dataset.zoom) > 100")

    def check_following():
        """Legible tiles; the last play (if the step was a play) in view. Whether it was."""
        seen = view_report(phone)
        assert seen["zoom"] > 100
        left, top, right, bottom = seen["tile"]
        assert max(right - left, bottom - top) >= 40        # fitted, it would be some 26 px
        if seen["fresh"] is None:                           # a draw or a pass
            return False
        fx = (seen["fresh"][0] + seen["fresh"][2]) / 2
        fy = (seen["fresh"][1] + seen["fresh"][3]) / 2
        vl, vt, vr, vb = seen["view"]
        assert vl < fx < vr and vt < fy < vb
        return True

    assert check_following()
    # Stepping on keeps following; "Fit" hands the view to the person for good.
    plays = 0
    for _ in range(6):
        phone.get_by_role("button", name="Next move").click()
        phone.wait_for_timeout(150)
        plays += check_following()
    assert plays >= 2
    phone.get_by_role("button", name="Fit").click()
    assert view_report(phone)["zoom"] == 100
    for _ in range(3):
        phone.get_by_role("button", name="Next move").click()
    phone.wait_for_timeout(200)
    assert view_report(phone)["zoom"] == 100


def test_a_wide_screen_shows_the_whole_table_unless_it_would_be_illegible(page, site):
    from conftest import APP_READY_TIMEOUT_MS, wait_for_state
    from test_table_geometry import MEASURE, shortest_at

    page.goto(big_table_link(site))
    assert wait_for_state(page, "app-state", APP_READY_TIMEOUT_MS) == "ready"
    page.wait_for_selector("#cf-view svg.tile")
    page.wait_for_timeout(300)
    zoom = view_report(page)["zoom"]
    seen = page.evaluate(MEASURE)
    # Whole (zoom 100) when its tiles fit at 15 px or more; else zoomed just
    # far enough that the smallest is 15 px (web/panzoom.js), never further.
    assert shortest_at(seen, 1.0) >= 14
    if zoom != 100:
        assert shortest_at(seen, 100.0 / zoom) < 15.5 and shortest_at(seen, 1.0) < 17, zoom


def test_a_tile_dropped_off_the_table_never_joins_a_tile_hidden_there(browser, site, page_watch):
    """A phone, the table zoomed in and panned up until the centre double lies under the hand,
    out of view: a tile dragged over the table and let go on the hand, next to that hidden
    double, plays nothing (it once joined it: a drop within reach of a tile nobody could see)."""
    for page in guarded_page(browser, page_watch, viewport={"width": 390, "height": 844}, has_touch=True,
                             is_mobile=True):
        page.goto(app_url(site))
        setup_game(page, lambda: "ready", "Chicken Foot", ["Human", "Computer (easy)"], players=2)
        for _ in range(60):
            if waiting(page) == "human" and page.locator("#game .hand button[data-targets]").count():
                break
            mouse_step(page)
        tile = page.locator("#game .hand button[data-targets]").first
        target = page.locator('#g-table svg.tile[aria-label="%s"]' % tile.get_attribute("data-targets").split(" ")[0])
        for _ in range(4):
            page.get_by_role("button", name="Zoom in").tap()
        cdp = page.context.new_cdp_session(page)

        def finger(kind, x=0, y=0):
            points = [] if kind == "touchEnd" else [{"x": x, "y": y, "id": 1}]
            cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

        v = page.locator("#cf-view").bounding_box()
        bottom = v["y"] + v["height"]
        for _ in range(8):          # pan the table down, a finger on the felt, until the target is below the view
            r = target.bounding_box()
            if r["y"] > bottom + 2:
                break
            x, y = v["x"] + 20, v["y"] + 60
            finger("touchStart", x, y)
            for k in range(1, 11):
                finger("touchMove", x, y + min(20 * k, bottom + 2 - r["y"] + 10))
            finger("touchEnd")
        r = target.bounding_box()
        assert r["y"] > bottom + 2, (v, r)
        drop = (r["x"] + r["width"] / 2, max(bottom + 3, r["y"] - 30))
        assert r["y"] - drop[1] < 70
        before = page.evaluate("window.boneyard.record()")
        x0, y0 = centre(tile.bounding_box())
        finger("touchStart", x0, y0)
        for x, y in ((x0, y0 - 20), (v["x"] + v["width"] / 2, v["y"] + 60), drop):
            finger("touchMove", x, y)
        finger("touchEnd")
        page.wait_for_timeout(300)
        assert page.evaluate("window.boneyard.record()") == before
        assert waiting(page) == "human"
