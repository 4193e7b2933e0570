"""The play screen as a game table (issue 13), through the page contract.

At 1366x768 and at a 390x844 phone (touch): every human turn of two
Chicken Foot rounds and a Moon hand (three and two at nightly size) keeps the hand and every enabled
action in the viewport (the table too, on the desktop) and the hand tiles'
size; Play now, Moon's hand while bidding, the summary's pips with
double_blank_50, Rematch, hot-seat hand-overs, the theme, isolated names.
"""

import json
import random

import pytest

from conftest import APP_READY_TIMEOUT_MS, ROOT, WORKER_READY_TIMEOUT_MS, guarded_app, wait_for_state
from engine import games, record
from helpers import PNG_CANVAS
from sizes import NIGHTLY, examples
from test_ui import WAIT_MS, mouse_step, reload_with_save, setup_game, waiting

from app import session as sess

pytestmark = [pytest.mark.browser, pytest.mark.no_pyodide]   # tests/conftest.py: ?pyodide=off

DESKTOP = {"viewport": {"width": 1366, "height": 768}}
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}

GEOMETRY = """() => {
  const inView = (e) => { const b = e.getBoundingClientRect();
    return b.width > 0 && b.left >= -0.5 && b.top >= -0.5 && b.right <= innerWidth + 0.5 && b.bottom <= innerHeight + 0.5; };
  const all = (sel) => [...document.querySelectorAll(sel)];
  const tiles = all('#game .rack .hand .tile-btn');
  const actions = all('#game .actions button:not([disabled]), #game .places button:not([disabled]),' +
                      '#game .pass-device button, #game .summary .buttons button');
  const board = document.querySelector('#game .board');
  return {
    tiles: tiles.map((e) => { const b = e.getBoundingClientRect(); return [Math.round(b.width), Math.round(b.height)]; }),
    tilesOut: tiles.filter((e) => !inView(e)).map((e) => e.dataset.arg || e.textContent),
    actionsOut: actions.filter((e) => !inView(e)).map((e) => e.textContent),
    board: board ? inView(board) : null,
    pageFits: document.documentElement.scrollHeight <= innerHeight + 1 && document.documentElement.scrollWidth <= innerWidth + 1,
  };
}"""


@pytest.fixture(params=["desktop", "phone"])
def sized(request, browser, site):
    options = DESKTOP if request.param == "desktop" else PHONE
    for page, opener in guarded_app(browser, site, **options):
        yield request.param, page, opener


def press(page, locator, phone):
    """A person's press: a tap on the phone, a click on the desktop."""
    if phone:
        locator.tap()
    else:
        locator.click()


def step(page, phone):
    """One human decision (as test_ui.mouse_step, by touch on the phone); False when the game is over."""
    state = waiting(page)
    game = page.locator("#game")
    if state == "none":
        if page.get_by_role("button", name="Next round").count():
            press(page, page.get_by_role("button", name="Next round"), phone)
            return True
        return False
    places = page.locator("#game .places button:not([disabled])")
    if places.count():
        press(page, places.first, phone)
        return True
    actions = page.locator("#game .actions button:not([disabled])")
    tiles = page.locator("#game .hand button:not([disabled])")
    if actions.count() and (not tiles.count() or actions.first.inner_text() != "Pass"):
        press(page, actions.first, phone)
    elif tiles.count():
        press(page, tiles.first, phone)
    else:
        press(page, game.get_by_role("button", name="Show my tiles"), phone)
    return True


def check_turn(page, desktop, sizes, where):
    g = page.evaluate(GEOMETRY)
    assert g["pageFits"], "the page scrolls at %s" % where
    assert g["tilesOut"] == [], "hand tiles outside the viewport at %s" % where
    assert g["actionsOut"] == [], "actions outside the viewport at %s" % where
    if desktop:
        assert g["board"], "the table is not in the viewport at %s" % where
    if g["tiles"]:
        sizes.add(tuple(g["tiles"][0]))
        assert len(set(map(tuple, g["tiles"]))) == 1, "hand tiles of different sizes at %s" % where
    assert len(sizes) <= 1, "hand tiles changed size (%s) at %s" % (sorted(sizes), where)


def play_checked(page, phone, rounds, sizes, limit=600):
    done = 0
    turns = 0
    for _ in range(limit):
        state = waiting(page)
        if state == "human":
            check_turn(page, not phone, sizes, "turn %d" % turns)
            turns += 1
        if state == "none":
            done += 1
            # The summary takes the table's place (its buttons must be in view, not the board).
            check_turn(page, False, sizes, "summary %d" % done)
            # Its revealed hands draw their tiles lengthwise at their own size (a phone's hand
            # size, 28x55, once squeezed them to 28x14 in a tall box).
            boxes = page.locator("#game .revealed-hand svg.tile").evaluate_all(
                "ts => ts.map(t => [t.getBoundingClientRect().width, t.getBoundingClientRect().height])")
            assert all(w >= 36 and abs(w - 2 * h) <= 4 for w, h in boxes), boxes
            if done >= rounds:
                return turns
        if not step(page, phone):
            return turns
    raise AssertionError("the game did not end")


def test_every_human_turn_fits_the_screen(sized):
    kind, page, open_app = sized
    phone = kind == "phone"
    setup_game(page, open_app, "Chicken Foot", ["Human", "Computer (medium)", "Computer (medium)"], players=3)
    sizes = set()
    # A round and a hand in CI, three rounds and two hands at nightly size (tests/sizes.py).
    assert play_checked(page, phone, examples(1, 3), sizes) > 10
    press(page, page.get_by_role("button", name="New game").first, phone)
    page.get_by_role("radio", name="Three-Player Moon").check()
    page.get_by_label("Computer speed").select_option(label="Instant")
    press(page, page.get_by_role("button", name="Start game"), phone)
    moon_sizes = set()
    assert play_checked(page, phone, examples(1, 2), moon_sizes) > 5


def take_the_widow(page, open_app, phone):
    """A Moon game where the person bids 21 at their first bid and so holds eight tiles to discard from."""
    setup_game(page, open_app, "Three-Player Moon", ["Human", "Computer (easy)", "Computer (easy)"])
    for _ in range(20):
        if waiting(page) == "human" and page.locator("#game .actions").get_by_role("button", name="Bid 21").count():
            break
        step(page, phone)
    press(page, page.locator("#game .actions").get_by_role("button", name="Bid 21"), phone)
    page.wait_for_function("() => document.querySelectorAll('#game .rack .hand .tile-btn').length === 8",
                           timeout=WAIT_MS)


LANDSCAPE = {"viewport": {"width": 844, "height": 390}, "has_touch": True, "is_mobile": True}
SIDE_BY_SIDE = """() => {
  const box = (sel) => { const e = document.querySelector(sel); if (!e) return null;
    const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  return {zone: box('#game .table-zone'), view: box('#cf-view'), rack: box('#game .rack'), summary: box('#game .summary')};
}"""


def test_a_phone_on_its_side_puts_the_table_beside_the_hand(browser, site):
    """844x390, a phone turned: the table on the left and the person's seat, actions and hand on
    the right, everything in view at every turn of a Chicken Foot round, the table at least
    200 px tall (one column left it a 72 px strip), the summary across the whole width."""
    for page, open_app in guarded_app(browser, site, **LANDSCAPE):
        setup_game(page, open_app, "Chicken Foot", ["Human", "Computer (medium)", "Computer (medium)"], players=3)
        sizes = set()
        turns = 0
        for _ in range(600):
            state = waiting(page)
            if state == "human":
                check_turn(page, True, sizes, "turn %d" % turns)
                m = page.evaluate(SIDE_BY_SIDE)
                assert m["view"][3] - m["view"][1] >= 200, m
                assert m["rack"][0] >= m["zone"][2] - 1 and m["rack"][1] < m["zone"][3], m
                turns += 1
            if state == "none":
                check_turn(page, False, sizes, "summary")
                m = page.evaluate(SIDE_BY_SIDE)
                assert m["summary"][2] - m["summary"][0] >= 844 * 0.9, m
                break
            step(page, True)
        assert turns > 10


def moon_until(page, open_app, selector, moves=40):
    """A Moon game against two easy computers, played by the person's first choices until it
    is their turn and ``selector`` matches."""
    setup_game(page, open_app, "Three-Player Moon", ["Human", "Computer (easy)", "Computer (easy)"])
    for _ in range(moves):
        if waiting(page) == "human" and page.locator(selector).count():
            return
        step(page, False)


def test_the_undo_note_leaves_the_status_and_the_table_their_room(browser, site):
    """1024x768 (a tablet turned, or a small laptop): once Moon's bidding is over, Undo is
    refused with a note in the bar; the status keeps a readable width and the table its
    height (the note once squeezed the status to 28 px, a word a line, and the table to 110)."""
    for page, open_app in guarded_app(browser, site, viewport={"width": 1024, "height": 768}):
        moon_until(page, open_app, "#undo-note")
        note = page.locator("#undo-note")
        assert note.is_visible()
        status = page.locator("#g-status").bounding_box()
        table = page.locator("#game .table-zone").bounding_box()
        assert status["width"] >= 190 and status["height"] <= 60, status
        assert table["height"] >= 380, table
        assert page.evaluate(GEOMETRY)["pageFits"]


BIG_SCREEN = """() => {
  const w = (sel) => [...document.querySelectorAll(sel)].map((e) => e.getBoundingClientRect().width);
  const view = document.querySelector('.moon-view');
  return {hand: w('#game .hand svg.tile'), played: w('#game .played:not(.empty) svg.tile'),
          empty: w('#game .played.empty'), scrolls: view.scrollHeight > view.clientHeight + 1};
}"""


def test_a_large_screen_draws_the_hand_and_the_trick_larger(browser, site):
    """1920x1080: the hand's and Moon's trick tiles grow with the screen as Chicken Foot's
    table does (they stayed 36 and 40 px wide beside 60 px table tiles), an empty place in
    the trick is as large as a played tile's, and the board still needs no scrolling."""
    for page, open_app in guarded_app(browser, site, viewport={"width": 1920, "height": 1080}):
        moon_until(page, open_app, "#game .played:not(.empty) svg.tile")
        m = page.evaluate(BIG_SCREEN)
        assert m["hand"] and min(m["hand"]) >= 48, m
        assert m["played"] and min(m["played"]) >= 56, m
        assert all(e >= max(m["played"]) for e in m["empty"]), m
        assert not m["scrolls"] and page.evaluate(GEOMETRY)["pageFits"], m


def test_a_large_screen_sets_the_scores_beside_the_summary(browser, site):
    """1920x1080: the score sheet and chart beside the result and the hands, not under them
    (a one-column summary left three quarters of its box bare), the hands drawn larger."""
    for page, open_app in guarded_app(browser, site, viewport={"width": 1920, "height": 1080}):
        assert open_app() == "ready"
        summary_from_a_save(page, "chicken-foot", ["human", "easy", "easy", "easy"])
        box = lambda sel: page.locator(sel).first.bounding_box()
        main, scores = box("#game .summary-main"), box("#game .summary-scores")
        assert scores["x"] >= main["x"] + main["width"] and scores["y"] < main["y"] + main["height"], (main, scores)
        assert box("#game .summary .chart")["width"] >= 400
        tiles = page.locator("#game .revealed-hand svg.tile").evaluate_all(
            "ts => ts.map(t => [t.getBoundingClientRect().width, t.getBoundingClientRect().height])")
        assert tiles and all(w >= 56 and abs(w - 2 * h) <= 4 for w, h in tiles), tiles
        assert page.evaluate(GEOMETRY)["pageFits"]


@pytest.mark.parametrize("game,seats", [("chicken-foot", ["human", "easy", "easy", "easy"]),
                                        ("moon", ["human", "easy", "easy"])])
def test_a_phones_summary_reveals_hands_large_enough_to_read(browser, site, game, seats):
    """390x844: the hands a summary reveals were drawn at their picture's 40x20 px, their pips
    2 px across. Now 52x26, each hand's tiles within the summary's width."""
    for page, open_app in guarded_app(browser, site, **PHONE):
        assert open_app() == "ready"
        summary_from_a_save(page, game, seats)
        sizes = page.evaluate("""() => { const box = document.querySelector('#game .summary').getBoundingClientRect();
          return [...document.querySelectorAll('#game .revealed-hand svg.tile')].map((t) => {
            const r = t.getBoundingClientRect(); return [r.width, r.height, r.left >= box.left && r.right <= box.right]; }); }""")
        assert sizes and all(w >= 52 and abs(w - 2 * h) <= 1 and inside for w, h, inside in sizes), sizes


def moon_bidding_turn(seed=5):
    """A Moon hand at the person's first bid (the computers before them having passed or bid)."""
    setup = sess.default_setup()
    setup.update(game="moon", seats=["human", "easy", "easy"], speed="instant", seed=seed)
    s = sess.Session(setup)
    s.deal()
    while s.to_act() != 0:
        s.apply(s.game.view(s.to_act())["legal"][0])
    assert s.game.view(0)["phase"] == "bidding"
    return s


@pytest.mark.parametrize("screen", ["phone", "landscape", "laptop"])
def test_what_bidding_21_means_is_said_on_every_screen(browser, site, screen):
    """A phone's bid buttons are numbers after one "Bid" (a row of them in words wrapped), and 21
    said nothing of shooting the moon there (a laptop's button says "Bid 21: shoot the moon").
    The table now says it under the bids while the person may bid 21, on a phone only."""
    opts = {"phone": PHONE, "landscape": dict(PHONE, viewport={"width": 844, "height": 390}),
            "laptop": DESKTOP}[screen]
    for page, open_app in guarded_app(browser, site, **opts):
        assert open_app() == "ready"
        reload_with_save(page, moon_bidding_turn().save_text())
        button = page.locator("#game .actions button[data-arg='21']")
        gloss = page.locator("#game .moon-gloss")
        if screen != "laptop":
            assert button.inner_text().strip() == "21"
            assert gloss.is_visible() and gloss.inner_text() == "21: shoot the moon"
            table = page.locator("#g-table").bounding_box()
            box = gloss.bounding_box()
            assert table["y"] <= box["y"] and box["y"] + box["height"] <= table["y"] + table["height"]
        else:
            assert button.inner_text().strip() == "Bid 21: shoot the moon"
            assert gloss.count() == 1 and not gloss.is_visible()
        button.click()       # the bidding is over: the table says no more of it
        page.wait_for_function("() => !document.querySelector('#game .moon-gloss')", timeout=WAIT_MS)


def moon_second_trick(seed=5):
    """A Moon hand at the person's turn in a trick after the first (the bidding played at random,
    seeded; a hand all passed dealt again)."""
    setup = sess.default_setup()
    setup.update(game="moon", seats=["human", "easy", "easy"], speed="instant", seed=seed)
    s = sess.Session(setup)
    s.deal()
    pick = random.Random(3)
    while True:
        v = s.game.view(0)
        if s.to_act() == 0 and v["phase"] == "play" and sum(v["tricks_won"]) >= 1 and v.get("trick"):
            return s
        if s.to_act() is None:
            s.deal()
        else:
            s.apply(pick.choice(s.game.legal_actions()))


@pytest.mark.parametrize("size", [(844, 390), (568, 320)])
def test_a_phone_on_its_side_says_moons_last_trick(browser, site, size):
    """A phone on its side: a finished trick stays on the table under a second, and the line
    that says it after ("Last trick, won by Cleo: ...") was hidden under 501 px tall, though
    the spots had 100 px to spare. It is said, and the trick's spots still fit the table."""
    s = moon_second_trick()
    for page, open_app in guarded_app(browser, site, **dict(PHONE, viewport={"width": size[0], "height": size[1]})):
        load_save(page, open_app, s)
        line = page.locator("#game .last-trick")
        assert line.is_visible() and line.inner_text().startswith("Last trick, won by ")
        fit = page.evaluate("""() => { const v = document.querySelector('#game .moon-view'), b = v.getBoundingClientRect();
            return {over: v.scrollHeight - v.clientHeight, out: [...v.querySelectorAll('.played, .last-trick')].filter((e) => {
              const r = e.getBoundingClientRect(); return r.top < b.top - 0.5 || r.bottom > b.bottom + 0.5; }).length}; }""")
        assert fit == {"over": 0, "out": 0}, fit


# Each word of an element's text with the count of line boxes it is drawn on (a word broken
# inside itself: two or more).
WORD_LINES = """(el) => { const out = [];
  const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    for (const m of n.data.matchAll(/\\S+/g)) {
      const r = document.createRange(); r.setStart(n, m.index); r.setEnd(n, m.index + m[0].length);
      const tops = new Set([...r.getClientRects()].map((b) => Math.round(b.top)));
      out.push([m[0], tops.size]); } }
  return out; }"""


def hand_over_turn(names=None):
    """A Chicken Foot round of two people and a computer at a person's turn: the hand-over screen."""
    setup = sess.default_setup()
    setup.update(players=3, seats=["human", "easy", "human"] + ["medium"] * 5, speed="instant", seed=3)
    if names:
        setup["names"] = names + setup["names"][len(names):]
    s = sess.Session(setup)
    s.deal()
    while not s.is_human(s.to_act()):
        s.apply(s.game.view(s.to_act())["legal"][0])
    return s


@pytest.mark.parametrize("width", [360, 390])
def test_the_hand_over_heading_breaks_between_words(browser, site, width):
    """A phone in Latvian: "Nododiet ierīci spēlētājam Ana" beside a one-line "Rādīt manus
    kauliņus" was squeezed to 82 px and broke inside its words ("Nodod|iet", "spēlētā|jam"). Its
    words stay whole (the button's wrap first); a name with no space still fits the screen."""
    long_name = "Maksimiliāna-Konstantīnopolskaja"
    for names in (None, [long_name, "Ben", long_name]):
        for page, open_app in guarded_app(browser, site, viewport={"width": width, "height": 800},
                                          is_mobile=True, has_touch=True):
            page.goto(site + "?pyodide=off&lang=lv")
            assert wait_for_state(page, "app-state", APP_READY_TIMEOUT_MS) == "ready"
            reload_with_save(page, hand_over_turn(names).save_text())
            heading = page.locator("#game .pass-device h2")
            words = heading.evaluate(WORD_LINES)
            assert words and all(lines == 1 for word, lines in words if word != long_name), words
            assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
            box, button = heading.bounding_box(), page.locator("#game .pass-device button").bounding_box()
            assert box["x"] + box["width"] <= button["x"], (box, button)


def test_people_sharing_the_screen_cannot_export_a_round_in_play(browser, site):
    """A record holds every hand and the yard. On a shared screen, Export and Share link gave them
    all out in the middle of a round (at the hand-over that asked the others to look away); they
    wait for the round's end now, as Replay did. Against computers they stay."""
    s = hand_over_turn()
    over = hand_over_turn()
    while over.to_act() is not None:
        over.apply(over.game.view(over.to_act())["legal"][0])
    for session, given in ((s, False), (over, True), (in_round(2, 0), True)):
        for page, open_app in guarded_app(browser, site, **DESKTOP):
            assert open_app() == "ready"
            reload_with_save(page, session.save_text())
            page.locator("#game").wait_for()
            for name in ("Export", "Share link"):
                assert page.get_by_role("button", name=name, exact=True).is_enabled() == given, (name, given)
            if not given:      # nor once the hand is shown, nor in the review of the round
                page.get_by_role("button", name="Show my tiles").click()
                assert page.get_by_role("button", name="Export", exact=True).is_disabled()
                page.get_by_role("button", name="Review moves").click()
                page.get_by_role("button", name="First move").wait_for()
                assert page.get_by_role("button", name="Export", exact=True).is_disabled()


def test_a_moon_bidders_eight_tiles_fill_one_row(sized):
    """The bidder's hand with the widow, eight tiles to discard from: one row, in view, drawn
    large (on a phone 38x74 px tiles, from Chicken Foot's 28x55: Moon's board needs no height)."""
    kind, page, open_app = sized
    take_the_widow(page, open_app, kind == "phone")
    g = page.evaluate(GEOMETRY)
    assert g["tilesOut"] == [] and g["pageFits"], g
    boxes = page.locator("#game .rack .hand .tile-btn").evaluate_all(
        "bs => bs.map(b => { const r = b.getBoundingClientRect(); return [r.top, r.width, r.height]; })")
    assert len({round(top) for top, _, _ in boxes}) == 1, boxes
    assert min(w for _, w, _ in boxes) >= 44 and min(h for _, _, h in boxes) >= 80, boxes
    # The prompt to discard sits where the actions go at other times: no empty row above the hand.
    rows = page.locator("#game .rack .action-row").evaluate_all(
        "rs => rs.map(r => [r.getBoundingClientRect().height, r.textContent.trim()])")
    assert rows and all(text for _, text in rows), rows
    prompt = page.locator("#game .rack .discard-prompt").bounding_box()
    assert prompt["y"] + prompt["height"] <= boxes[0][0] + 1, (prompt, boxes[0])
    # The widow the prompt names is marked in the hand, as a drawn tile is in Chicken Foot.
    marked = page.locator("#game .rack .hand .tile-btn.drawn").evaluate_all("bs => bs.map(b => b.dataset.arg)")
    assert len(marked) == 1 and " %s " % marked[0] in page.locator("#game .rack .discard-prompt").inner_text(), marked


def test_a_review_keeps_the_hand_in_view_and_steps_in_one_row(sized):
    """Reviewing moves: the hand (pictures now) stays on screen, with no empty row for actions
    that will not come, and on a phone the four stepping buttons are marks in one row
    (named as before) so the table keeps its height."""
    kind, page, open_app = sized
    phone = kind == "phone"
    setup_game(page, open_app, "Chicken Foot", ["Human", "Computer (easy)", "Computer (easy)", "Computer (easy)"],
               players=4)
    for _ in range(6):
        step(page, phone)
    assert waiting(page) == "human"
    press(page, page.get_by_role("button", name="Review moves"), phone)
    press(page, page.get_by_role("button", name="Previous move"), phone)
    review = page.locator("#game .review")
    tops = {round(b["y"]) for b in [review.get_by_role("button", name=n).bounding_box()
                                    for n in ("First move", "Previous move", "Next move", "Latest move")]}
    assert len(tops) == 1 or not phone, tops
    seen = page.evaluate("""() => ({
      out: [...document.querySelectorAll('#game .hand svg.tile')].filter(e => e.getBoundingClientRect().bottom > innerHeight + 0.5).length,
      tiles: document.querySelectorAll('#game .hand svg.tile').length,
      emptyRows: [...document.querySelectorAll('#game .rack .action-row')].filter(e => !e.children.length).length,
      fits: document.documentElement.scrollHeight <= innerHeight + 1})""")
    assert seen["tiles"] > 0 and seen["out"] == 0 and seen["emptyRows"] == 0 and seen["fits"], seen
    # Each step's words break between words, never inside a tile's name ("played 5-" / "5 on 9-5"
    # on a phone, 10 steps of 23 in one round).
    broken, shown = [], 0
    for _ in range(30):
        names = page.locator("#review-step .tile-name")
        shown += names.count()
        broken += names.evaluate_all("ns => ns.filter((n) => n.getClientRects().length > 1).map((n) => n.textContent)")
        back = review.get_by_role("button", name="Previous move")
        if back.is_disabled():
            break
        press(page, back, phone)
    assert shown >= 10 and broken == [], (shown, broken)


def test_a_360_px_phone_keeps_moons_eight_tiles_in_one_row(browser, site):
    """360 px, the commonest phone width (at 640 and 740 tall): the bidder's eight tiles fill one
    row at 38x74 in buttons 44 px wide, in view (28x55 tiles in 44 px buttons 3 px apart took
    two rows, seven and one, 125 px of the board's height for 80)."""
    for height in (640, 740):
        for page, open_app in guarded_app(browser, site, viewport={"width": 360, "height": height}, has_touch=True,
                                          is_mobile=True):
            take_the_widow(page, open_app, True)
            boxes = page.locator("#game .rack .hand .tile-btn").evaluate_all(
                "bs => bs.map(b => { const r = b.getBoundingClientRect(); return [Math.round(r.top), r.width, r.height]; })")
            assert len({top for top, _, _ in boxes}) == 1, (height, boxes)
            assert min(w for _, w, _ in boxes) >= 44 and min(h for _, _, h in boxes) >= 80, (height, boxes)
            g = page.evaluate(GEOMETRY)
            assert g["tilesOut"] == [] and g["pageFits"], (height, g)
            size = page.locator("#game .rack .hand svg.tile").first.bounding_box()
            assert size["width"] >= 38 and size["height"] >= 74, (height, size)


def test_tab_never_hides_the_focused_control_under_the_start_bar(sized):
    """The setup's Start bar is fixed over the page's bottom edge: every control Tab reaches
    is scrolled clear of it (the yard reserve's box was wholly under it at 1366x768)."""
    kind, page, open_app = sized
    assert open_app() == "ready"
    # Once the status line above has its words (it grows when the computer players are ready,
    # a moment after the page: a control scrolled clear just before could be pushed under the bar).
    assert wait_for_state(page, "worker-state", WORKER_READY_TIMEOUT_MS) == "ready"
    hidden = []
    for _ in range(40):
        page.keyboard.press("Tab")
        seen = page.evaluate("""() => { const e = document.activeElement, bar = document.querySelector('#setup .start-bar');
          if (!e || !bar || bar.contains(e) || !document.querySelector('#setup').contains(e)) return null;
          const r = e.getBoundingClientRect(), b = bar.getBoundingClientRect();
          return [e.id || e.textContent.trim().slice(0, 30), r.bottom, b.top]; }""")
        if seen and seen[1] > seen[2] + 0.5:
            hidden.append(seen)
    assert hidden == []


def test_first_visit_plays_with_one_action_and_start_game_is_in_view(sized):
    kind, page, open_app = sized
    assert open_app() == "ready"
    start = page.get_by_role("button", name="Start game")
    assert page.evaluate(GEOMETRY.replace("#game .summary .buttons button", "#setup .start-bar button"))["actionsOut"] == []
    box = start.bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= page.viewport_size["height"]
    press(page, page.get_by_role("button", name="Play Chicken Foot"), kind == "phone")
    page.wait_for_function("() => document.documentElement.dataset.waitingFor !== 'none'", timeout=WAIT_MS)
    rec = json.loads(page.evaluate("window.boneyard.record()"))
    assert rec["game"] == "chicken-foot" and rec["players"] == 4
    assert rec["options"] == games.info("chicken-foot").default_options(4)   # default house rules
    kinds = page.locator("#game .seat-kind").evaluate_all(
        "ks => ks.map((k) => (k.querySelector('.kind-full') || k).textContent)")
    assert sorted(kinds) == ["(computer, medium)"] * 3 + ["(you)"]
    # Each opponent's kind reads whole: on a phone's third of the strip its level alone
    # ("(com…" said nothing), the whole words still there for a screen reader.
    shown = page.locator("#game .seats-bar .seat-kind").evaluate_all("""ks => ks.map((k) => [
        [...k.children].filter((c) => c.checkVisibility() && c.getBoundingClientRect().width > 1)
          .map((c) => c.textContent).join(''), k.scrollWidth <= k.clientWidth + 1])""")
    want = "medium" if kind == "phone" else "(computer, medium)"
    assert shown == [[want, True]] * 3


def test_seven_opponents_on_a_laptop_show_their_level_whole(browser, site):
    """Eight players at 1366x768: each opponent's card is too narrow for "(computer, medium)"
    and shows the level alone, whole, as a phone's does (it read "(kompyuta…")."""
    for page, open_app in guarded_app(browser, site, **DESKTOP):
        assert open_app() == "ready"
        page.get_by_label("Players", exact=True).fill("8")
        page.get_by_label("Players", exact=True).press("Tab")
        page.get_by_role("button", name="Start game").click()
        waiting(page)
        shown = page.locator("#game .seats-bar .seat-kind").evaluate_all("""ks => ks.map((k) => [
            [...k.children].filter((c) => c.checkVisibility() && c.getBoundingClientRect().width > 1)
              .map((c) => c.textContent).join(''), k.scrollWidth <= k.clientWidth + 1])""")
        assert shown == [["medium", True]] * 7, shown


TOOLS_AND_TABLE = """() => {
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  return {tools: [...document.querySelectorAll('#game .board-tools button')].map(box),
          names: [...document.querySelectorAll('#game .board-tools button')].map((b) => [b.getAttribute('aria-label'), b.title]),
          view: box(document.getElementById('cf-view')),
          cards: [...document.querySelectorAll('#game .seats-bar .seat-card')].map(box)};
}"""


def overlapping(a, b):
    return a[0] < b[2] - 0.5 and b[0] < a[2] - 0.5 and a[1] < b[3] - 0.5 and b[1] < a[3] - 0.5


@pytest.mark.parametrize("players, beside", [(4, True), (8, False)])
def test_a_laptops_zoom_tools_keep_off_the_table(browser, site, players, beside):
    """1366x768: the zoom tools sit beside the seat cards, off the table's view (its lines are
    kept to the box's wide shape, so its top right corner is often a tile's; over the table
    they covered one at 5 of 32 seeded late tables), never over a card, with the same names
    as tooltips; seven opponents' cards need the whole strip, and there they stay over the
    table's corner."""
    for page, open_app in guarded_app(browser, site, **DESKTOP):
        setup_game(page, open_app, "Chicken Foot", ["Human"] + ["Computer (easy)"] * (players - 1), players=players)
        waiting(page)
        m = page.evaluate(TOOLS_AND_TABLE)
        assert len(m["tools"]) == 3 and len(m["cards"]) == players - 1, m
        assert m["names"] == [["Zoom in", "Zoom in"], ["Zoom out", "Zoom out"], ["Fit", "Fit"]], m["names"]
        for tool in m["tools"]:
            assert tool[3] - tool[1] >= 44 and tool[2] - tool[0] >= 44, tool
            assert not any(overlapping(tool, card) for card in m["cards"]), (tool, m["cards"])
            assert overlapping(tool, m["view"]) != beside, (tool, m["view"])
            if beside:
                assert tool[3] <= m["view"][1] and tool[2] <= m["view"][2] + 8, (tool, m["view"])


def test_play_now_says_your_last_setup_only_once_there_is_one(page, open_app):
    """A first visit's Play now cards tell the players and computers, not "your last setup"
    (there was none); a game set up and started makes them say it."""
    assert open_app() == "ready"
    notes = page.locator("#setup .play-card .play-note").all_inner_texts()
    assert notes == ["4 players, 3 of them computers", "3 players, 2 of them computers"]
    setup_game(page, lambda: "ready", "Chicken Foot", ["Human", "Computer (easy)", "Computer (easy)"], players=3)
    waiting(page)
    page.get_by_role("button", name="New game").click()
    # (The game left, first, is not one to set up: see test_saves.py.)
    page.locator("#setup .play-card:not(.continue) .play-note").first.wait_for(state="visible")
    notes = page.locator("#setup .play-card:not(.continue) .play-note").all_inner_texts()
    assert notes[0] == "3 players, 2 of them computers; your last setup", notes
    # The form changed, not started: the cards still say (and start) the setup last played
    # ("8 players, 7 of them computers; your last setup" once started a game of 3).
    page.get_by_role("radio", name="Chicken Foot").check()
    page.locator("#players").fill("8")
    page.locator("#players").press("Tab")
    page.wait_for_function("() => document.querySelectorAll('#setup .seat-row').length == 8")
    assert page.locator("#setup .play-card:not(.continue) .play-note").all_inner_texts() == notes
    page.get_by_role("button", name="Play Chicken Foot").click()
    waiting(page)
    assert json.loads(page.evaluate("window.boneyard.record()"))["players"] == 3


def test_seat_two_defaults_to_the_others_level(page, open_app):
    assert open_app() == "ready"
    levels = [page.get_by_label("Seat %d" % n, exact=True).input_value() for n in (2, 3, 4)]
    assert levels == ["medium", "medium", "medium"]


def test_moon_hand_in_full_colour_while_bidding(page, open_app):
    assert open_app() == "ready"
    page.get_by_role("button", name="Play Three-Player Moon").click()
    page.wait_for_function("() => document.documentElement.dataset.waitingFor !== 'none'", timeout=WAIT_MS)
    for _ in range(20):
        if waiting(page) == "human":
            rec = record.replay(page.evaluate("window.boneyard.record()"))
            if rec.phase() == "bidding":
                break
        mouse_step(page)
    assert rec.phase() == "bidding"
    hand = page.locator("#game .rack .hand .tile-btn")
    assert hand.count() == 7
    assert page.locator("#game .rack .hand button").count() == 0    # nothing marked unavailable
    looks = hand.evaluate_all("ts => ts.map(t => [getComputedStyle(t).opacity, getComputedStyle(t).filter])")
    assert all(opacity == "1" and flt == "none" for opacity, flt in looks)
    assert page.get_by_role("button", name="Why can").count() == 0
    assert page.locator("#game .actions button", has_text="Bid").first.is_visible()


def test_hover_lights_only_what_a_hovering_pointer_can_press(sized):
    """A tile only to look at (Moon's hand while bidding) never lights up under the pointer; a
    button does on the desktop, and on a phone never (a tap once left the hover on the hand tile
    that came under the finger after Start)."""
    kind, page, open_app = sized
    phone = kind == "phone"
    assert open_app() == "ready"
    assert page.evaluate("matchMedia('(hover: hover)').matches") is not phone
    press(page, page.get_by_role("button", name="Play Three-Player Moon"), phone)
    for _ in range(20):
        if waiting(page) == "human" and record.replay(page.evaluate("window.boneyard.record()")).phase() == "bidding":
            break
        mouse_step(page)
    background = "(e) => getComputedStyle(e).backgroundColor"

    def hovered(locator, other):
        box = locator.bounding_box()
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        return locator.evaluate(background), other.evaluate(background)

    tiles = page.locator("#game .rack .hand .tile-btn.look")
    assert tiles.count() == 7
    lit, plain = hovered(tiles.nth(0), tiles.nth(1))
    assert lit == plain, (lit, plain)
    bids = page.locator("#game .actions button:not([disabled])")
    lit, plain = hovered(bids.nth(0), bids.nth(1))
    assert (lit == plain) is phone, (lit, plain)


def round_over_save(setup, want):
    """A save text of ``setup`` whose first round is over and satisfies ``want(session)``."""
    for seed in range(1, 400):
        setup = dict(setup, seed=seed)
        s = sess.Session(setup)
        s.deal()
        while s.to_act() is not None:
            s.apply(s.game.view(s.to_act())["legal"][0])
        if want(s):
            return s
    raise AssertionError("no seed gave such a round")


def load_save(page, open_app, s):
    assert open_app() == "ready"
    page.evaluate("(t) => localStorage.setItem('boneyard.save', t)", s.save_text())
    page.reload()
    assert wait_for_state(page, "app-state", APP_READY_TIMEOUT_MS) == "ready"


def test_summary_pips_count_double_blank_as_fifty(page, open_app):
    setup = sess.default_setup()
    setup.update(players=3, seats=["human", "easy", "easy"], speed="instant", options={"double_blank_50": True})

    def holds_blank(s):
        return any("0-0" in s.game.view(i)["hand"] for i in range(3))

    s = round_over_save(setup, holds_blank)
    seat = [i for i in range(3) if "0-0" in s.game.view(i)["hand"]][0]
    hand = s.game.view(seat)["hand"]
    load_save(page, open_app, s)
    assert waiting(page) == "none"
    pips = page.locator('#game .revealed-hand[data-seat="%d"] .pips' % seat)
    shown = int(pips.get_attribute("data-pips"))
    plain = sum(int(a) + int(b) for a, b in (x.split("-") for x in hand if x != "0-0"))
    assert shown == plain + 50 == s.game.hand_score(hand)
    assert "%d pips" % shown in pips.inner_text()
    # The summary opens at its heading, which has focus; a blocked round says who won it.
    assert page.evaluate("document.activeElement.id") == "summary-title"
    result = page.locator("#game .summary .result").inner_text()
    v = s.game.view(0)
    if v.get("went_out") is None:
        # (The fewest pips are among each seat's in the brackets: "(74) (Ana 102, Ben 74)" said them twice.)
        assert result.startswith("Blocked; ") and "fewest pips (" in result and ") (" not in result
    else:
        assert result.startswith(v["names"][v["went_out"]] + " went out (")
    # The heading names the round, the line under it says no more of it (it said "Round 1
    # over: ..." again); the log's line still does, where no heading names it.
    assert page.locator("#summary-title").inner_text() == "Round 1 over"
    assert "Round" not in result and "over" not in result
    assert page.locator("#log-list li").first.inner_text().strip() == "Round 1 over. " + result


def test_rematch_keeps_seats_and_options_and_deals_anew(page, open_app):
    setup = sess.default_setup()
    setup.update(game="moon", players=3, seats=["human", "easy", "medium"], speed="instant",
                 names=["Ana", "Ben", "Cleo"] + sess.DEFAULT_NAMES[3:])
    s = sess.Session(setup)
    s.deal()
    # Play the game to its end, then cut it at the last human decision: the page plays on from there.
    cut = None
    pick = random.Random(5)
    for _ in range(5000):
        if s.game.is_over():
            break
        if s.to_act() is None:
            s.deal()
            continue
        if s.to_act() == 0:
            cut = s.game.record()
        # Random legal moves (always taking the first would pass every bid: no hand would ever score).
        s.apply(pick.choice(s.game.view(s.to_act())["legal"]))
    assert s.game.is_over()
    resumed = sess.Session.from_record(setup, cut)
    load_save(page, open_app, resumed)
    for _ in range(60):
        if not mouse_step(page):
            break
    assert waiting(page) == "none" and page.locator("#game .summary.final").count() == 1
    assert page.locator("#game .ranking li").count() == 3
    game = record.replay(page.evaluate("window.boneyard.record()"))
    first = page.locator("#game .ranking li").first.get_attribute("data-seat")
    assert int(first) in game.winners()      # the winner heads the ranking, celebrated
    assert "wins the game" in page.locator("#game p.winner").inner_text() or "share" in page.locator("#game p.winner").inner_text()
    # At the end the line names the last round ("Game over" does not) and leaves the winner to its own line.
    result = page.locator("#game .summary .result").inner_text()
    assert result.startswith("Round %d over. " % len(game.round_scores())), result
    assert "wins the game" not in result and "share the win" not in result
    before = json.loads(page.evaluate("window.boneyard.record()"))
    page.get_by_role("button", name="Rematch").click()
    page.wait_for_function("() => document.documentElement.dataset.waitingFor !== 'none'", timeout=WAIT_MS)
    after = json.loads(page.evaluate("window.boneyard.record()"))
    assert after["names"] == before["names"] and after["players"] == 3
    assert after.get("options") == before.get("options")
    assert len(after["rounds"]) == 1 and after["rounds"][0]["hands"] != before["rounds"][0]["hands"]
    # The whole words (a narrow card shows the level alone beside them, for the eye only).
    kinds = page.locator("#game .seat-kind").evaluate_all(
        "ks => ks.map((k) => (k.querySelector('.kind-full') || k).textContent)")
    assert sorted(kinds) == sorted(["(you)", "(computer, easy)", "(computer, medium)"])


def hidden_hand(page):
    """No hand is on screen: the hand-over screen instead (over an unseen room of empty places
    the size of the hand's: no tile in it, nor anything that names one)."""
    assert page.locator("#game .pass-device").count() == 1
    assert page.locator("#game .rack .hand:not(.pass-room .hand)").count() == 0
    assert page.locator("#game .rack svg.tile:not(.tile-back):not(.hand-slot svg)").count() == 0   # backs only
    room = page.locator("#game .pass-room")
    assert room.get_attribute("aria-hidden") == "true" and room.inner_html().count("data-") == 0
    assert page.locator("#game .pass-room svg *").count() == 0


def test_hot_seat_never_shows_a_hand_without_its_hand_over(page, open_app):
    setup_game(page, open_app, "Chicken Foot", ["Human", "Human"], names=["Ana", "Ben"], players=2)
    assert waiting(page) == "human"
    hidden_hand(page)
    assert page.get_by_role("button", name="Hint").is_disabled()
    assert page.get_by_role("button", name="Review moves").is_disabled()
    page.get_by_role("button", name="Show my tiles").click()
    page.wait_for_selector("#game .rack .hand button")
    # Reload on a revealed hand: it comes back behind the hand-over screen.
    page.reload()
    assert wait_for_state(page, "app-state", APP_READY_TIMEOUT_MS) == "ready"
    assert waiting(page) == "human"
    hidden_hand(page)
    # Play on until the next player's hand-over screen follows a tile played (undo never crosses a
    # draw): the move was the other person's, and people sharing the screen take back only their
    # own (one once undid another's and was then offered that person's hand).
    note = page.locator("#undo-note")
    for _ in range(80):
        waiting(page)
        if page.locator("#game .pass-device").count() and note.count() and "their own" in note.inner_text():
            break
        mouse_step(page)
    hidden_hand(page)
    assert page.get_by_role("button", name="Undo").is_disabled()
    record = json.loads(page.evaluate("window.boneyard.record()"))
    last = record["rounds"][-1]["actions"][-1]
    assert last not in ("draw", "pass") and "the last move was" in note.inner_text(), (last, note.inner_text())


def refused_undo_turn():
    """Chicken Foot, the person against two easy computers, at the person's turn with Undo refused
    (a tile drawn since their last move), every action the first legal one."""
    setup = sess.default_setup()
    setup.update(game="chicken-foot", players=3, seats=["human", "easy", "easy"], speed="instant", seed=4)
    s = sess.Session(setup)
    s.deal()
    while not (s.to_act() == 0 and s.undo_point() is None and s.undo_refusal()):
        s.apply(s.game.view(s.to_act())["legal"][0])
    return s


@pytest.mark.parametrize("screen", ["phone", "laptop"])
def test_a_refused_undo_says_why_when_pressed(browser, site, screen):
    """A phone hides the note saying why Undo is refused (the bar has no room): Undo was greyed
    out and a tap on it did nothing. Pressed, it says why over the table's top edge until the
    next move; a laptop's bar shows the note itself, and a press adds nothing over the table."""
    s = refused_undo_turn()
    for page, open_app in guarded_app(browser, site, **(PHONE if screen == "phone" else DESKTOP)):
        load_save(page, open_app, s)
        undo = page.get_by_role("button", name="Undo")
        assert undo.get_attribute("aria-disabled") == "true" and undo.is_disabled()   # to a screen reader too
        note = page.locator("#undo-note")
        assert note.is_visible() == (screen == "laptop")
        said = page.locator("#g-tools .undo-said")
        undo.click(force=True)       # (Playwright waits for an enabled button; a finger does not)
        if screen == "laptop":
            page.wait_for_timeout(300)
            assert not said.is_visible()
            return
        said.wait_for()
        assert said.inner_text() == note.inner_text() and "a tile was drawn since" in said.inner_text()
        box, table = said.bounding_box(), page.locator("#g-table").bounding_box()
        assert 0 <= box["x"] and box["x"] + box["width"] <= 390 and table["y"] <= box["y"] < table["y"] + 100, (box, table)
        # The next move takes it away.
        page.locator("#game .hand button.tile-btn:not([disabled]), #game .actions button:not([disabled])").first.click()
        page.wait_for_function("() => !document.querySelector('#g-tools .undo-said')", timeout=WAIT_MS)


BOARD_BOX = """() => { const b = document.querySelector('#game .board').getBoundingClientRect();
  const r = document.querySelector('#game .rack').getBoundingClientRect();
  return [Math.round(b.top), Math.round(b.height), Math.round(r.top), Math.round(r.height)]; }"""


@pytest.mark.parametrize("game", ["Chicken Foot", "Three-Player Moon"])
def test_a_hand_over_keeps_the_table_still(sized, game):
    """Hot seat, 1366x768 and a 390x844 phone, both games: the hand-over screen takes the room
    its turn's rack takes, so the table is the same size and place as the hand is shown (the
    board was 392 px tall on the hand-over and 287 px on the turn, its tiles moving 50 px at
    every hand-over)."""
    kind, page, open_app = sized
    phone = kind == "phone"
    humans = 3 if game == "Three-Player Moon" else 2
    setup_game(page, open_app, game, ["Human"] * humans, players=None if humans == 3 else 2)
    seen = 0
    for _ in range(120):
        shown = page.get_by_role("button", name="Show my tiles")
        if shown.count():
            before = page.evaluate(BOARD_BOX)
            press(page, shown, phone)
            page.wait_for_selector("#game .rack .hand .tile-btn")
            after = page.evaluate(BOARD_BOX)
            assert all(abs(a - b) <= 1 for a, b in zip(before, after)), (seen, before, after)
            seen += 1
            if seen == 4:
                break
        if not step(page, phone):   # (past a hand everybody passed, or a round's end)
            break
    assert seen == 4


def hot_seat_turn(hand, must_draw):
    """A four-player Chicken Foot round, two people sharing the screen, at a person's turn with
    ``hand`` tiles that must draw (``must_draw``) or can play."""
    def found(s):
        v = s.game.view(s.to_act())
        return s.to_act() < 2 and len(v["hand"]) == hand and (v["legal"] == ["draw"]) == must_draw
    return seeded_turn(4, ["human", "human", "medium", "medium"], found)


@pytest.mark.parametrize("must_draw", [True, False])
def test_a_hand_over_says_nothing_of_the_hidden_hand(browser, site, must_draw):
    """The hand-over's unseen room is the same whatever the hand can do: one place more than
    the hand (one place more only for a turn that must draw told everyone at the screen that
    the hidden hand could not play). On a phone, where that place starts a row (8 tiles, 9
    places), the table stays where it is as the hand is shown, a turn that must draw or not
    (a draw's place, not kept on the hand-over, moved the table a row)."""
    s = hot_seat_turn(8, must_draw)
    for page, open_app in guarded_app(browser, site, **PHONE):
        load_save(page, open_app, s)
        assert waiting(page) == "human"
        hidden_hand(page)
        assert page.locator("#game .pass-room .hand-slot").count() == 9
        before = page.evaluate(BOARD_BOX)
        press(page, page.get_by_role("button", name="Show my tiles"), True)
        page.wait_for_selector("#game .rack .hand .tile-btn")
        assert page.evaluate(BOARD_BOX) == before
        assert page.locator("#game .rack .hand .tile-btn, #game .rack .hand .hand-slot").count() == 9
        if must_draw:   # the draw fills the place kept for it: nothing moves
            press(page, page.locator("#game .actions button").first, True)
            page.wait_for_function("() => document.querySelectorAll('#game .rack .hand .tile-btn').length == 9",
                                   timeout=WAIT_MS)
            assert page.evaluate(BOARD_BOX) == before


@pytest.mark.parametrize("lang", ["en", "sw"])
@pytest.mark.parametrize("width", [390, 360])
def test_moons_bids_take_one_row_on_a_phone(browser, site, lang, width):
    """A phone's bidding row: Pass, then "Bid" once and the bids as numbers, in one row, each
    button a finger wide and named by its words ("Bid 21: shoot the moon" took a second row at
    390 px in English, and Swahili's "Zabuni 4" ... at every phone width: the table gave the row up)."""
    options = {"viewport": {"width": width, "height": 844}, "has_touch": True, "is_mobile": True}
    for page, open_app in guarded_app(browser, site, **options):
        assert open_app("?lang=" + lang) == "ready"
        page.locator("#setup input[name=game]").nth(1).check()
        for seat, kind in enumerate(["human", "easy", "easy"]):
            page.locator("#seat-%d" % seat).select_option(kind)
        page.locator("#speed").select_option("instant")
        page.locator("#setup .start-bar button").click()
        page.wait_for_function("() => document.querySelectorAll('#game .actions button.bid').length === 5",
                               timeout=WAIT_MS)
        row = page.evaluate("""() => [...document.querySelectorAll('#game .actions > *')].map((e) => {
          const b = e.getBoundingClientRect(); return [(b.top + b.bottom) / 2, Math.round(b.width), Math.round(b.right)]; })""")
        middles = [m for m, _, _ in row]
        assert max(middles) - min(middles) <= 2 and max(r for _, _, r in row) <= width, row
        assert all(w >= 44 for _, w, _ in row[:1] + row[2:]), row
        names = page.locator("#game .actions button.bid").evaluate_all("bs => bs.map((b) => b.getAttribute('aria-label'))")
        bid = CATALOG[lang]["action.bid"]
        assert names[:4] == [bid.format(bid=n) for n in "4567"] and names[4] == CATALOG[lang]["action.bid_moon"]


def test_hot_seat_next_round_hands_over(page, open_app):
    setup = sess.default_setup()
    setup.update(players=2, seats=["human", "human"], speed="instant")
    s = round_over_save(setup, lambda s: True)
    load_save(page, open_app, s)
    assert waiting(page) == "none"
    page.get_by_role("button", name="Next round").click()
    assert waiting(page) == "human"
    hidden_hand(page)


def test_theme_toggle_is_remembered(page, open_app):
    assert open_app() == "ready"
    assert page.get_attribute("html", "data-theme") == "auto"
    light = page.evaluate("getComputedStyle(document.body).backgroundColor")
    page.get_by_label("Theme").select_option("dark")
    assert page.get_attribute("html", "data-theme") == "dark"
    dark = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert dark != light
    assert page.evaluate("localStorage.getItem('boneyard.theme')") == "dark"
    page.reload()
    assert wait_for_state(page, "app-state", APP_READY_TIMEOUT_MS) == "ready"
    assert page.get_attribute("html", "data-theme") == "dark" and page.get_by_label("Theme").input_value() == "dark"
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") == dark
    # A stored value that is not a theme is ignored.
    page.evaluate("localStorage.setItem('boneyard.theme', 'purple')")
    page.reload()
    assert wait_for_state(page, "app-state", APP_READY_TIMEOUT_MS) == "ready"
    assert page.get_attribute("html", "data-theme") == "auto"


def test_names_are_isolated_and_long_ones_cut_short(page, open_app):
    flipped = "\u202eAna"
    long_name = "Bartholomew-Maximilian Montgomery-Smythe of Lower Wallop"
    setup_game(page, open_app, "Chicken Foot", ["Human", "Computer (easy)"], names=[flipped, long_name], players=2)
    for _ in range(6):
        mouse_step(page)
    waiting(page)
    played = page.locator("#log-list li", has_text="played").first
    assert played.locator("bdi").count() >= 1
    assert played.locator("bdi").first.text_content() in (flipped, long_name)
    # The played tile and its place stay in reading order after the name.
    text = played.inner_text()
    assert " played " in text and " on " in text.split(" played ")[1]
    card = page.locator('#game .seat-card[data-seat="1"]')
    name = card.locator(".seat-name")
    assert name.evaluate("e => e.scrollWidth > e.clientWidth")           # cut short with an ellipsis
    assert card.evaluate("e => e.getBoundingClientRect().width") <= 26 * 16 + 1   # two cards on a strip: 26rem
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")


@pytest.fixture(params=["light", "dark"])
def themed_axe(request, browser, site):
    from test_ui_a11y import AXE  # noqa: F401 -- the pinned axe-core the a11y tests inject
    for page, opener in guarded_app(browser, site, bypass_csp=True, color_scheme=request.param):
        yield request.param, page, opener


def summary_from_a_save(page, game, seats):
    """The summary of a round just over, as a reload shows it from its save
    (this tab's own game forgotten, so that the save is the one resumed)."""
    setup = sess.default_setup()
    setup.update(game=game, players=len(seats), seats=seats, speed="instant")
    s = round_over_save(setup, lambda s: True)
    reload_with_save(page, s.save_text())
    assert waiting(page) == "none" and page.locator("#game .summary").count() == 1


AXE_GAMES = [("Chicken Foot", ["Human", "Computer (easy)"], "chicken-foot", ["human", "easy"]),
             ("Three-Player Moon", ["Human", "Computer (easy)", "Computer (easy)"], "moon",
              ["human", "easy", "easy"])]


CHART_COLOURS = """() => {
  const rgb = (c) => c.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const lum = (c) => { const [r, g, b] = rgb(c).map((v) => { v /= 255;
    return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  const chart = document.querySelector('#game .summary svg.chart');
  const back = lum(getComputedStyle(chart).backgroundColor);
  const ratio = (a, b) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  return {background: back,
          labels: [...chart.querySelectorAll('.end-label')].map((t) => ratio(lum(getComputedStyle(t).fill), back))};
}"""


def test_axe_in_both_themes_both_games(themed_axe):
    from test_ui_a11y import severe_violations
    theme, page, open_app = themed_axe
    assert open_app() == "ready"
    # The system's scheme decides under "auto"; the toggle's own choice is checked too.
    page.get_by_label("Theme").select_option(theme)
    assert severe_violations(page) == [], "setup"
    for game, seats, game_id, kinds in AXE_GAMES:
        setup_game(page, lambda: "ready", game, seats, players=2 if game == "Chicken Foot" else None)
        checked = set()
        for _ in range(300):
            state = waiting(page)
            if state == "human" and "turn" not in checked:
                assert severe_violations(page) == [], "%s, %s: a turn" % (theme, game)
                checked.add("turn")
                if not NIGHTLY:
                    break
            if state == "none":
                assert severe_violations(page) == [], "%s, %s: the summary" % (theme, game)
                checked.add("summary")
                break
            mouse_step(page)
        assert "turn" in checked
        if "summary" not in checked:
            # CI: the round's summary from a save at its end, not played to
            # (some 15 s a theme); the nightly size plays to it.
            summary_from_a_save(page, game_id, kinds)
            assert page.get_attribute("html", "data-theme") == theme
            assert severe_violations(page) == [], "%s, %s: the summary" % (theme, game)
        # The scores chart (SVG, which axe does not weigh) follows the theme: its card is the
        # page's, each seat's label at least 4.5:1 on it (a white panel once glared in dark).
        chart = page.evaluate(CHART_COLOURS)
        assert chart["labels"] and min(chart["labels"]) >= 4.5, chart
        assert (chart["background"] < 0.2) == (theme == "dark"), chart
        page.get_by_role("button", name="New game").first.click()


def test_a_hand_over_leaves_the_last_persons_hand_out_of_the_live_log(browser, site):
    """The screen reader's log (#live) kept Ana's answer to "why" ("8-8, 8-6, ... cannot be
    played": her hand) and her hint on Ben's hand-over screen, read out to whoever came next."""
    def found(s):
        v = s.game.view(s.to_act())
        playable = set(sess.tile_of(a) for a in v["legal"]) - {None}
        return s.to_act() == 0 and playable and len(playable) < len(v["hand"])

    s = seeded_turn(2, ["human", "human"], found)
    hand = s.game.view(0)["hand"]
    for page, open_app in guarded_app(browser, site, **DESKTOP):
        load_save(page, open_app, s)
        page.get_by_role("button", name="Show my tiles").click()
        page.locator("#game .why-btn").click()
        page.locator("#why").wait_for()
        page.get_by_role("button", name="Hint").click()
        page.wait_for_function("() => [...document.querySelectorAll('#live p')].some((p) => p.textContent.startsWith('Hint'))",
                               timeout=WAIT_MS)
        said = page.locator("#live p").all_text_contents()
        private = [line for line in said if line.startswith("Hint") or "cannot be played" in line]
        assert len(private) == 2, said
        tile = page.locator("#game .hand .tile-btn:not([disabled])").first
        played = tile.get_attribute("data-arg")
        tile.click()
        if page.locator("#game .places button").count():
            page.locator("#game .places button").first.click()
        page.get_by_role("button", name="Show my tiles").wait_for()
        hidden_hand(page)
        said = page.locator("#live p").all_text_contents()
        assert not [line for line in said if line in private], said
        assert [line for line in said if played in line], said      # the move itself is said
        kept = " ".join(said)
        assert [t for t in hand if t != played and t in kept] == [], said


def test_a_hinted_bid_takes_the_focus(browser, site):
    """Hint in Moon's bidding ringed "Bid 5" but left the focus on Pass, where Enter passed."""
    for page, open_app in guarded_app(browser, site, **DESKTOP):
        load_save(page, open_app, moon_bidding_turn())
        page.locator("#game .actions button.bid").first.wait_for()
        hint = page.get_by_role("button", name="Hint")
        page.wait_for_function("() => document.documentElement.dataset.workerState === 'ready'", timeout=WAIT_MS)
        assert hint.is_enabled()
        hint.focus()
        page.keyboard.press("Enter")
        page.locator("#game .actions button.hint").wait_for(timeout=WAIT_MS)
        page.wait_for_function("() => document.activeElement.matches('#game .actions button.hint')", timeout=WAIT_MS)


def test_escape_steps_back_out_of_a_tiles_places_and_out_of_a_review(browser, site):
    """Escape left a tile's places offered (only Cancel took them away) and a review open."""
    def found(s):
        v = s.game.view(s.to_act())
        tiles = [sess.tile_of(a) for a in v["legal"]]
        return s.to_act() == 0 and any(tiles.count(x) > 1 for x in tiles if x) and s.turns
    s = seeded_turn(3, ["human", "easy", "easy"], found)
    for page, open_app in guarded_app(browser, site, **DESKTOP):
        load_save(page, open_app, s)
        v = s.game.view(0)
        tiles = [sess.tile_of(a) for a in v["legal"]]
        tile = [x for x in tiles if x and tiles.count(x) > 1][0]
        page.locator('#game .hand [data-arg="%s"]' % tile).click()
        page.locator("#game .places button").first.wait_for()
        # The chosen tile's edge is not a second focus ring beside the focused place.
        page.locator("#game .places button").first.focus()
        edge, ring = page.evaluate("""() => [getComputedStyle(document.querySelector('#game .tile-btn.selected')).borderTopColor,
            getComputedStyle(document.activeElement).outlineColor]""")
        assert edge != ring, edge
        page.keyboard.press("Escape")
        page.wait_for_function("() => !document.querySelector('#game .places')", timeout=WAIT_MS)
        assert page.evaluate("document.activeElement.getAttribute('data-arg')") == tile
        review = page.get_by_role("button", name="Review moves")
        review.click()
        page.wait_for_function("() => document.getElementById('game').getAttribute('data-review') === 'review'")
        page.keyboard.press("Escape")
        page.wait_for_function("() => !document.getElementById('game').hasAttribute('data-review')", timeout=WAIT_MS)
        assert page.evaluate("document.activeElement.textContent.trim()") == "Review moves"
        assert waiting(page) == "human"


def test_hot_seat_hides_the_hand_while_a_computer_plays_between_two_people(page, open_app):
    """Ana, a computer, Ben: while the computer thinks the device may be changing hands, so
    Ana's tiles are no longer shown (they once stayed face up until Ben's hand-over)."""
    assert open_app() == "ready"
    page.get_by_role("radio", name="Chicken Foot").check()
    page.get_by_label("Players", exact=True).fill("3")
    page.get_by_label("Players", exact=True).press("Tab")
    page.get_by_label("Computer speed").select_option(label="Slow")
    for i, (kind, name) in enumerate((("Human", "Ana"), ("Computer (easy)", "Cid"), ("Human", "Ben"))):
        page.get_by_label("Seat %d" % (i + 1), exact=True).select_option(label=kind)
        page.get_by_label("Name %d" % (i + 1), exact=True).fill(name)
    page.get_by_role("button", name="Start game").click()
    seen = 0
    for _ in range(12):
        state = waiting(page)
        if page.locator("#game .pass-device").count():
            page.get_by_role("button", name="Show my tiles").click()
            continue
        acting = record.replay(page.evaluate("window.boneyard.record()")).current_seat()
        mouse_step(page)
        if acting == 0:
            page.wait_for_function("() => document.documentElement.dataset.waitingFor === 'computer'", timeout=WAIT_MS)
            assert page.locator("#game .rack svg.tile:not(.tile-back):not(.hand-slot svg)").count() == 0
            # The rack keeps the room of Ben's hand-over meanwhile: the table grew 141 px for the
            # computer's turn and shrank back at the hand-over.
            thinking = page.evaluate(BOARD_BOX)
            page.locator("#game .pass-device").wait_for(timeout=WAIT_MS)
            assert page.evaluate(BOARD_BOX) == thinking
            seen += 1
            if seen == 2:
                break
    assert seen == 2


def test_taking_back_your_own_decision_keeps_the_device(page, open_app):
    """Moon, three people: the bidder names trumps, then takes it back: the hand stays on the
    screen (it once asked the bidder to pass the device to themselves)."""
    setup_game(page, open_app, "Three-Player Moon", ["Human", "Human", "Human"], names=["Ana", "Ben", "Cleo"])
    for _ in range(20):
        assert waiting(page) == "human"
        if page.locator("#game .pass-device").count():
            page.get_by_role("button", name="Show my tiles").click()
            continue
        phase = record.replay(page.evaluate("window.boneyard.record()")).phase()
        if phase == "play":
            break
        if phase == "bidding":
            bid = page.locator("#game .actions button", has_text="Bid 4")
            (bid if bid.count() else page.locator("#game .actions button", has_text="Pass")).first.click()
        else:
            mouse_step(page)
    assert phase == "play" and page.get_by_role("button", name="Undo").is_enabled()
    page.get_by_role("button", name="Undo").click()
    page.wait_for_function("() => document.querySelector('#log-list').textContent.includes('Undo')")
    assert waiting(page) == "human"
    assert page.locator("#game .pass-device").count() == 0
    assert page.locator("#game .rack .hand .tile-btn").count() > 0


CONTRAST = """(pair) => {
  const rgb = (c) => c.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const lum = ([r, g, b]) => [r, g, b].map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
    .reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
  const [a, b] = pair.map((c) => lum(rgb(c))).sort((x, y) => y - x);
  return (a + 0.05) / (b + 0.05);
}"""


def test_a_chosen_hand_tile_stands_out_in_the_dark_theme(browser, site):
    """The block behind a chosen tile is the dark theme's own: it was the light theme's pale
    blue (#dbe7ff) on the dark page, the tile's ivory face nearly lost on it."""
    for page, open_app in guarded_app(browser, site, color_scheme="dark"):
        setup_game(page, open_app, "Chicken Foot", ["Human", "Computer (easy)", "Computer (easy)"], players=3)
        several = page.locator("#game .hand button[data-targets*=' ']")
        for _ in range(40):
            waiting(page)
            if several.count():
                break
            assert mouse_step(page)
        several.first.click()
        page.mouse.move(0, 0)      # the block as it stays, not lit by the pointer over it
        chosen = page.locator("#game .hand .tile-btn.selected")
        colours = chosen.evaluate("""(b) => [getComputedStyle(b).backgroundColor,
            getComputedStyle(b.querySelector('.tile-face')).fill, getComputedStyle(document.body).backgroundColor]""")
        block, face, paper = colours
        assert page.evaluate(CONTRAST, [block, face]) >= 3, colours     # the tile's face on its block
        assert page.evaluate(CONTRAST, [block, paper]) >= 1.3, colours  # and the block seen on the page


def test_the_setup_page_ends_clear_of_the_start_bar_without_a_gap_inside(browser, site):
    """A phone at the setup page's end: the footer's last line is above the fixed Start bar, and
    the records toolbar follows the history with no band of blank between (the bar's room was
    on the setup section, mid-page: 104 px)."""
    for page, open_app in guarded_app(browser, site, **PHONE):
        assert open_app() == "ready"
        page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
        page.wait_for_timeout(100)
        where = page.evaluate("""() => {
          const box = (s) => document.querySelector(s).getBoundingClientRect();
          const setup = [...document.querySelectorAll('#setup > *')].filter((e) => e.getClientRects().length && !e.matches('.start-bar'));
          return {bar: box('#setup .start-bar').top, footer: box('.site-footer').bottom,
                  setupEnd: Math.max(...setup.map((e) => e.getBoundingClientRect().bottom)), records: box('#records').top};
        }""")
        assert where["footer"] <= where["bar"], where
        assert where["records"] - where["setupEnd"] <= 32, where


@pytest.mark.parametrize("width, players, least, plot", [(360, 8, 0, 200), (390, 8, 0, 200), (360, 2, 100, 120)])
def test_a_phones_score_chart_draws_its_words_readable_and_whole(browser, site, width, players, least, plot):
    """A round's summary on a phone: the chart's numbers and words are drawn at 10 px or more,
    its end labels (long names, cut to nine letters, and the total) at 11 px or more, all
    inside the picture (the desktop's chart, 474 units in 324-354 px, drew them at 7.5-9.7 px).
    Its plot is ``plot`` px high or more: eight players' lines ran into each other in 135."""
    phone = dict(PHONE, viewport={"width": width, "height": 844})
    for page, open_app in guarded_app(browser, site, **phone):
        assert open_app() == "ready"
        setup = sess.default_setup()
        setup.update(game="chicken-foot", players=players, seats=["human"] + ["easy"] * 7, speed="instant",
                     names=["Bartholomew", "Wilhelmina", "Maximiliano", "Anastasia", "Konstantin",
                            "Alexandrina", "Christopher", "Evangelina"])
        # Eight labels beside each other, or a total of three digits (a big hand left: two players).
        s = round_over_save(setup, lambda s: max(s.game.totals()) >= least)
        reload_with_save(page, s.save_text())
        chart = page.locator("#game .summary svg.chart")
        chart.scroll_into_view_if_needed()
        drawn = chart.evaluate("""(svg) => { const box = svg.getBoundingClientRect();
          return [...svg.querySelectorAll('text')].map((t) => { const r = t.getBoundingClientRect();
            return {text: t.textContent, px: parseFloat(getComputedStyle(t).fontSize) * box.width / svg.viewBox.baseVal.width,
                    end: t.classList.contains('end-label'),
                    inside: r.left >= box.left - 0.5 && r.right <= box.right + 0.5 && r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5}; }); }""")
        small = [d for d in drawn if d["px"] < (11 if d["end"] else 10)]
        out = [d for d in drawn if not d["inside"]]
        assert drawn and small == [] and out == [], (small, out)
        high = chart.locator(".axis line").first.evaluate("(l) => l.getBoundingClientRect().height")
        assert high >= plot, high


def test_in_a_game_the_theme_is_the_side_panels_and_a_phone_gives_the_header_to_the_table(sized):
    """The theme's select stood in the page's header in a game too: on a phone a row of its own
    (44 px, a finger's size) above the table. In a game it is the side panel's last part (the
    drawer's, on a phone), where the setup has it in the header, and a phone's header, the site's
    name alone then, gives the table its height (the name stays for a screen reader) unless it
    has news: a new version's offer."""
    kind, page, open_app = sized
    setup_game(page, open_app, "Chicken Foot", ["Human", "Computer (easy)"], players=2)
    waiting(page)
    assert page.locator("#side-theme #theme").count() == 1
    header = page.locator(".site-header").bounding_box()
    bar = page.locator("#g-bar").bounding_box()
    if kind == "phone":
        assert header["height"] <= 1 and bar["y"] < 10, (header, bar)
        assert page.get_by_role("heading", name="Boneyard", level=1).count() == 1
        page.locator("#g-tools [data-act=side]").tap()
        page.wait_for_function("() => document.getElementById('game').dataset.side === 'open'")
        page.get_by_label("Theme").scroll_into_view_if_needed()
        box = page.get_by_label("Theme").bounding_box()
        assert box["height"] >= 44 and box["y"] + box["height"] <= page.viewport_size["height"], box
        page.get_by_label("Theme").select_option("dark")
        assert page.get_attribute("html", "data-theme") == "dark"
        page.keyboard.press("Escape")
        # News in the header shows it again.
        page.evaluate("() => { const p = document.createElement('p'); p.id = 'update-offer';"
                      " p.className = 'update-offer'; p.textContent = 'A new version is ready.';"
                      " document.querySelector('.site-header').prepend(p); }")
        assert page.locator(".site-header").bounding_box()["height"] > 20
        assert page.locator("#update-offer").is_visible()
    else:
        assert page.get_by_label("Theme").is_visible() and bar["y"] >= header["y"] + header["height"] - 1
        page.get_by_label("Theme").select_option("light")
        assert page.get_attribute("html", "data-theme") == "light"
    # Back on the setup, the header has it again.
    page.get_by_role("button", name="New game").first.click()
    page.wait_for_selector("#setup:not([hidden])")
    assert page.locator(".site-header #theme").count() == 1 and page.get_by_label("Theme").is_visible()


def test_a_table_zoomed_by_hand_is_as_it_was_after_the_setup(page, open_app):
    """A table zoomed and panned by hand, then the setup shown (New game) and the game taken up
    again (Continue): the view is as the person left it. Hidden, the view measured 0 x 0 and
    was clamped to the table's top left corner."""
    setup_game(page, open_app, "Chicken Foot", ["Human", "Computer (easy)"], players=2)
    waiting(page)
    for _ in range(2):
        page.locator("#game [data-zoom=in]").click()
    page.locator("#cf-view").focus()
    page.keyboard.press("ArrowRight")
    before = page.evaluate("document.getElementById('g-table').style.transform")
    assert "scale" in before and "translate(0px, 0px)" not in before
    page.get_by_role("button", name="New game").first.click()
    page.wait_for_selector("#setup:not([hidden])")
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    page.locator(".saved-going [data-act=continue]").first.click()
    waiting(page)
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    assert page.evaluate("document.getElementById('g-table').style.transform") == before
    # Another game, in its first round as this one is, starts unzoomed (a zoom was kept per
    # round, and a new game's first round took the last one's).
    page.get_by_role("button", name="New game").first.click()
    page.wait_for_selector("#setup:not([hidden])")
    page.get_by_role("button", name="Start game").click()
    waiting(page)
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    assert "scale" not in page.evaluate("document.getElementById('g-table').style.transform")


TRANSFORM = "document.getElementById('g-table').style.transform"
CATALOG = {lang: json.loads((ROOT / "web" / "i18n" / ("%s.json" % lang)).read_text(encoding="utf-8"))
           for lang in ("en", "sw")}


def zoomed_in(page, times):
    """Press the table's + ``times``; the table's transform then."""
    for _ in range(times):
        page.locator("#game [data-zoom=in]").click()
    return page.evaluate(TRANSFORM)


def settled(page):
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")


def test_a_review_and_a_new_round_each_have_their_own_zoom(page, open_app):
    """A zoom is kept for what the table shows: one made in a review ends with it (it stayed on
    in the game, cutting off where the person could play at every turn after it), a zoom of the
    game's is as the person left it after a review, and a new round starts unzoomed."""
    def last_tile(s):
        v = s.game.view(0)
        return s.to_act() == 0 and len(v["hand"]) == 1 and any(a != "draw" and a != "pass" for a in v["legal"])

    s = seeded_turn(3, ["human", "easy", "easy"], last_tile)
    load_save(page, open_app, s)
    assert waiting(page) == "human"
    page.get_by_role("button", name="Review moves").click()
    page.get_by_role("button", name="First move").click()
    in_review = zoomed_in(page, 3)
    assert "scale(1.95" in in_review
    page.get_by_role("button", name="Back to the game").click()
    waiting(page)
    # (Waited for, not read at once: the view follows play a frame or two after the redraw.)
    page.wait_for_function("() => !document.getElementById('g-table').style.transform.includes('scale(1.95')",
                           timeout=WAIT_MS)
    settled(page)
    assert page.evaluate(JOINABLE_IN_VIEW)["out"] == []

    zoomed = zoomed_in(page, 2)
    assert "scale" in zoomed
    page.get_by_role("button", name="Review moves").click()
    settled(page)
    assert page.evaluate(TRANSFORM) != zoomed
    page.get_by_role("button", name="Back to the game").click()
    waiting(page)
    page.wait_for_function("(t) => document.getElementById('g-table').style.transform === t", arg=zoomed,
                           timeout=WAIT_MS)

    page.locator("#game .hand button:not([disabled])").first.click()
    places = page.locator("#game .places button:not([disabled])")
    if places.count():
        places.first.click()
    page.get_by_role("button", name="Next round").click()
    waiting(page)
    page.wait_for_function("(t) => document.getElementById('g-table').style.transform !== t", arg=zoomed,
                           timeout=WAIT_MS)
    settled(page)
    assert "scale" not in page.evaluate(TRANSFORM)


def in_round_two(players=3):
    """A Chicken Foot session (the person and computers) in round 2, at the person's turn after
    a few moves, round 1 played out (every action the first legal one)."""
    setup = sess.default_setup()
    setup.update(game="chicken-foot", players=players, seats=["human"] + ["easy"] * (players - 1),
                 speed="instant", seed=4)
    s = sess.Session(setup)
    s.deal()
    while s.to_act() is not None:   # round 1, played out
        s.apply(s.game.view(s.to_act())["legal"][0])
    s.deal()
    while s.to_act() != 0 or len(s.game.record()["rounds"][-1]["actions"]) < 4:
        s.apply(s.game.view(s.to_act())["legal"][0])
    return s


VIEW_HEIGHT = "Math.round(document.getElementById('cf-view').getBoundingClientRect().height)"


@pytest.mark.parametrize("lang", ["en", "lv"])
def test_a_laptops_review_leaves_the_table_its_room(browser, site, lang):
    """A review on a 1366x768 laptop, at a step of a round played out (its hand and the analysis
    shown): its rack (where it is, the stepping buttons, the hand, the analysis) left the table
    206 px (349 in play), which followed the last move at a legible size with tiles cut off.
    Where it is and the stepping buttons now go beside the person's card (with the words alone
    there, 261 px), and the analysis not asked for is one row."""
    for page, open_app in guarded_app(browser, site, **DESKTOP):
        load_save(page, lambda: open_app("?lang=" + lang), in_round_two(4))
        assert waiting(page) == "human"
        settled(page)
        play = page.evaluate(VIEW_HEIGHT)
        page.locator('#g-tools [data-act="review"][data-arg="start"]').click()
        page.locator('.review-actions [data-arg="-100000"]').click()
        page.locator("#analysis #an-start").wait_for()
        settled(page)
        assert page.locator("#game .rack .hand").count() == 1
        seen = page.evaluate(VIEW_HEIGHT)
        print("table view: play %d px, review %d px" % (play, seen))
        assert seen >= play - 40, (play, seen)
        card = page.locator("#g-me").bounding_box()
        for beside in ("#review-step", ".review-actions"):
            box = page.locator(beside).bounding_box()
            assert box["y"] < card["y"] + card["height"] and box["x"] >= card["x"] + card["width"], beside
        # A smaller laptop: the stepping buttons on one row (with their words they took two).
        page.set_viewport_size({"width": 1024, "height": 700})
        settled(page)
        rows = page.evaluate("[...document.querySelectorAll('.review-actions button')]"
                             ".map((b) => Math.round(b.getBoundingClientRect().top))")
        assert len(rows) == 4 and len(set(rows)) == 1, rows


def test_a_review_stepping_into_another_round_starts_it_unzoomed(page, open_app):
    """In a review a zoom made on one round's table stayed on when the review stepped into
    another round (play starts each round unzoomed); each round now has its own, kept while
    the review lasts."""
    load_save(page, open_app, in_round_two())
    assert waiting(page) == "human"
    page.get_by_role("button", name="Review moves").click()
    page.get_by_role("button", name="First move").click()
    settled(page)
    assert "(round 1)" in page.locator("#review-step").inner_text()
    zoomed = zoomed_in(page, 2)
    assert "scale" in zoomed
    page.get_by_role("button", name="Latest move").click()
    page.wait_for_function("() => document.getElementById('review-step').textContent.includes('(round 2)')",
                           timeout=WAIT_MS)
    settled(page)
    assert "scale" not in page.evaluate(TRANSFORM)
    page.get_by_role("button", name="First move").click()
    page.wait_for_function("(t) => document.getElementById('g-table').style.transform === t", arg=zoomed,
                           timeout=WAIT_MS)


def test_a_press_on_the_tools_row_survives_the_computers_becoming_ready(page, open_app):
    """The computers becoming ready redraws the tools row (Hint may be pressed now).  It wrote
    the row anew: a press on "Review moves" begun before and ended after it was lost, the button
    pressed gone from under the pointer (a CI run waited 30 s for the review).  The row's
    buttons now stay, their attributes brought up to date (web/morph.js)."""
    held = []
    page.context.route("**/web/worker.bundle", lambda route: held.append(route))
    load_save(page, open_app, in_round_two())
    hint = page.get_by_role("button", name="Hint")
    assert hint.is_disabled()
    box = page.get_by_role("button", name="Review moves").bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    for _ in range(100):     # the worker asks for it a moment after the page is ready
        if held:
            break
        page.wait_for_timeout(100)
    page.context.unroute("**/web/worker.bundle")
    for route in held:
        try:
            route.fallback()
        except Exception:   # the request of the page before the reload, gone with it
            pass
    assert wait_for_state(page, "worker-state", WORKER_READY_TIMEOUT_MS) == "ready"
    page.wait_for_function("() => !document.querySelector('#g-tools button[data-act=hint]').disabled",
                           timeout=WAIT_MS)
    page.mouse.up()
    page.get_by_role("button", name="First move").wait_for(timeout=WAIT_MS)
    assert "(round 2)" in page.locator("#review-step").inner_text()


CARD_OVER_TILE = """() => [1, 2].map((seat) => {
  const middle = (sel) => { const r = document.querySelector(sel).getBoundingClientRect(); return r.left + r.width / 2; };
  return Math.round(middle('#game .seats-bar .seat-card[data-seat="' + seat + '"]') - middle('#game .spot-' + seat));
})"""


@pytest.mark.parametrize("width,height", [(1366, 768), (1920, 1080)])
def test_a_laptops_moon_opponents_play_under_their_cards(browser, site, width, height):
    """A wide screen: Moon's two opponent cards sat at the strip's left while their places in the
    trick were centred, Ben's card 99 px left of his tile at 1366x768 (Cleo's 101), 471 px at
    1920x1080. The strip is centred and the trick as wide as it: each tile under its card."""
    from test_i18n_browser import moon_bidders_first_play

    s = moon_bidders_first_play()
    for page, open_app in guarded_app(browser, site, viewport={"width": width, "height": height}):
        assert open_app() == "ready"
        reload_with_save(page, s.save_text())
        assert page.locator("#game .spot-1 svg.tile").count() == 1     # Ben's tile is on the table
        off = page.evaluate(CARD_OVER_TILE)
        assert all(abs(d) <= 8 for d in off), off


def seeded_turn(players, seats, found, pick=lambda s, legal: legal[0], seeds=200):
    """The first Chicken Foot session, over rounds dealt from seeds 1, 2, ..., at which
    ``found(s)`` holds (asked before each action), each action meanwhile ``pick(s, legal)``."""
    setup = sess.default_setup()
    setup.update(game="chicken-foot", players=players, seats=seats, speed="instant")
    for seed in range(1, seeds):
        s = sess.Session(dict(setup, seed=seed))
        s.deal()
        while s.to_act() is not None:
            if found(s):
                return s
            s.apply(pick(s, s.game.view(s.to_act())["legal"]))
    raise AssertionError("no such turn in %d seeded rounds" % (seeds - 1))


def draw_to_wrap_save():
    """A Chicken Foot round (four players) at the person's turn with eight tiles and nothing to
    do but draw: a draw that makes nine wraps the hand onto a second row at 390 px (eight to a row)."""
    def found(s):
        v = s.game.view(s.to_act())
        return s.to_act() == 0 and len(v["hand"]) == 8 and v["legal"] == ["draw"]
    return seeded_turn(4, ["human", "medium", "medium", "medium"], found)


STEADY = """() => {
  const top = (sel) => { const e = document.querySelector(sel); return e ? Math.round(e.getBoundingClientRect().top) : null; };
  const zone = document.querySelector('#game .table-zone').getBoundingClientRect();
  return {tiles: document.querySelectorAll('#game .rack .hand .tile-btn').length, actions: top('#game .rack .action-row'),
          hand: top('#game .rack .hand'), zone: [Math.round(zone.top), Math.round(zone.height)]};
}"""


def test_a_draw_that_wraps_the_hand_moves_nothing(browser, site):
    """390x844: while the person may draw, the rack keeps room for one tile more than the hand
    (engine.layout.rack_room), so the draw that makes eight tiles nine moves neither the actions
    nor the hand under the person's finger, nor the table (all rose 64 px: a quick second tap
    meant for Pass landed on a tile)."""
    s = draw_to_wrap_save()
    for page, open_app in guarded_app(browser, site, **PHONE):
        assert open_app() == "ready"
        reload_with_save(page, s.save_text())
        assert waiting(page) == "human"
        before = page.evaluate(STEADY)
        assert before["tiles"] == 8, before
        press(page, page.locator("#game .actions").get_by_role("button", name="Draw"), True)
        page.wait_for_function("() => document.querySelectorAll('#game .rack .hand .tile-btn').length === 9",
                               timeout=WAIT_MS)
        after = page.evaluate(STEADY)
        assert {k: v for k, v in after.items() if k != "tiles"} == {k: v for k, v in before.items() if k != "tiles"}, (
            before, after)
        rows = page.locator("#game .rack .hand .tile-btn").evaluate_all(
            "bs => new Set(bs.map(b => Math.round(b.getBoundingClientRect().top))).size")
        assert rows == 2, rows
        assert page.evaluate(GEOMETRY)["tilesOut"] == []


WIDTHS = """
window.__widths = [];
const frame = () => { if (document.documentElement) window.__widths.push(innerWidth); requestAnimationFrame(frame); };
requestAnimationFrame(frame);
"""


def reopened(page, open_app, text, wait_ms, times=2):
    """Open the app, make ``text`` its save and reload it ``times`` times, yielding after each
    reload once the app is ready and ``wait_ms`` have passed."""
    assert open_app() == "ready"
    page.evaluate("(t) => { sessionStorage.clear(); localStorage.setItem('boneyard.save', t); }", text)
    for i in range(times):
        page.reload()
        assert wait_for_state(page, "app-state", APP_READY_TIMEOUT_MS) == "ready"
        page.wait_for_timeout(wait_ms)
        yield i


def test_a_phone_opens_a_game_with_a_scrolling_strip_unzoomed(browser, site):
    """390x844, eight players (a strip of seven cards that scrolls): from the first frame the
    page is the phone's width. The cards past the strip's edge once counted in the page's
    width at its first layout, and the phone showed the game zoomed out to 814 px for its
    first frames, on every open, reload and new tab."""
    setup = sess.default_setup()
    setup.update(game="chicken-foot", players=8, seats=["human"] + ["medium"] * 7, speed="instant", seed=3)
    s = sess.Session(setup)
    s.deal()
    for _ in range(12):
        s.apply(s.game.view(s.to_act())["legal"][-1])
    for page, open_app in guarded_app(browser, site, init_script=WIDTHS, **PHONE):
        for _ in reopened(page, open_app, s.save_text(), 300):
            widths = page.evaluate("window.__widths")
            strip = page.locator("#game .seats-bar").evaluate("b => [b.scrollWidth, b.clientWidth]")
            assert strip[0] > strip[1] + 100, strip          # it does scroll
            assert widths and max(widths) == 390, sorted(set(widths))


def foot_turns():
    """Two turns of one seeded four-player round at the person's turn: one with an open foot
    (the note under the table says it) and one, earlier, with none."""
    setup = sess.default_setup()
    setup.update(game="chicken-foot", players=4, seats=["human", "medium", "medium", "medium"], speed="instant")
    for seed in range(1, 100):
        s = sess.Session(dict(setup, seed=seed))
        s.deal()
        plain = None
        while s.to_act() is not None:
            v = s.game.view(s.to_act())
            if s.to_act() == 0 and len(v["table"]) > 3:
                if v["open_foot"] and plain is not None:
                    return plain, s.save_text()
                if not v["open_foot"] and v["spokes"] >= v["spokes_needed"]:
                    plain = s.save_text()
            s.apply(v["legal"][0])
    raise AssertionError("no such turns in 99 seeded rounds")


@pytest.mark.parametrize("width,lang", [(360, "en"), (390, "sw")])
def test_a_foot_opening_on_a_phone_leaves_the_table_its_height(browser, site, width, lang):
    """The note under the table ("The foot on 6-6 must be covered first: 1 more toe.") took two
    lines in English at 360 px and in Swahili at 390, so the table lost 17 px as a foot opened
    and got them back as it closed: it keeps one line, and the table one height."""
    plain, foot = foot_turns()
    for page, open_app in guarded_app(browser, site, viewport={"width": width, "height": 740}, is_mobile=True,
                                      has_touch=True):
        heights = []
        for text in (plain, foot):
            page.goto(site + "?pyodide=off&lang=" + lang)
            assert wait_for_state(page, "app-state", APP_READY_TIMEOUT_MS) == "ready"
            reload_with_save(page, text)
            note = page.locator("#g-note")
            heights.append((page.locator("#cf-view").bounding_box()["height"], note.bounding_box()["height"],
                            note.text_content()))
        (view0, note0, text0), (view1, note1, text1) = heights
        assert not text0 and text1 and note1 <= note0 + 1, heights
        assert abs(view1 - view0) <= 1, heights


RING = """() => { const b = document.activeElement; if (!b || !b.matches('.hand .tile-btn')) return null;
  const st = getComputedStyle(b); const out = parseFloat(st.outlineWidth) + parseFloat(st.outlineOffset);
  const r = b.getBoundingClientRect(); let clip = null;
  for (let e = b.parentElement; e; e = e.parentElement) { const o = getComputedStyle(e);
    if (o.overflowX !== 'visible' || o.overflowY !== 'visible') { const c = e.getBoundingClientRect(); clip = [c.left, c.top, c.right, c.bottom]; break; } }
  return {visible: b.matches(':focus-visible'), ring: [r.left - out, r.top - out, r.right + out, r.bottom + out], clip,
          screen: [0, 0, innerWidth, innerHeight]}; }"""


@pytest.mark.parametrize("options", [LANDSCAPE, PHONE], ids=["landscape", "phone"])
def test_the_focus_ring_on_the_first_hand_tile_is_whole(browser, site, options):
    """The hand's first tile, focused from the keyboard: its focus ring was drawn outside the
    button, where the rack's edge cut off its left side on a phone on its side (the rack
    scrolls there). It is drawn inside the button's edge now, whole, upright too."""
    for page, open_app in guarded_app(browser, site, **options):
        setup_game(page, open_app, "Chicken Foot", ["Human", "Computer (easy)"], players=2)
        assert waiting(page) == "human"
        page.locator("#game .rack .hand .tile-btn").first.focus()
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowLeft")
        page.locator("#game .rack .hand .tile-btn").first.focus()
        m = page.evaluate(RING)
        assert m and m["visible"], m
        for box in [m["clip"], m["screen"]]:
            if box:
                assert m["ring"][0] >= box[0] - 0.5 and m["ring"][1] >= box[1] - 0.5, m
                assert m["ring"][2] <= box[2] + 0.5 and m["ring"][3] <= box[3] + 0.5, m


def test_the_centres_note_on_a_small_phone_says_its_count(browser, site):
    """320x640 in Latvian, a round's first turn: the note that the centre needs its spokes first
    ("Centra dubultniekam 9-9 vispirms vajag vēl 2 vilcienus.") keeps its count, on two lines if
    need be (cut to one line, it read "...vispirms vajag …"): the table has no label for it."""
    for page, open_app in guarded_app(browser, site, viewport={"width": 320, "height": 640}, is_mobile=True,
                                      has_touch=True):
        page.goto(site + "?pyodide=off&lang=lv")
        assert wait_for_state(page, "app-state", APP_READY_TIMEOUT_MS) == "ready"
        setup = sess.default_setup()
        setup.update(game="chicken-foot", players=2, seats=["human", "easy"], speed="instant", seed=2)
        s = sess.Session(setup)
        s.deal()
        reload_with_save(page, s.save_text())
        note = page.locator("#g-note").evaluate(
            "n => ({text: n.textContent, whole: n.scrollWidth <= n.clientWidth + 1 && n.scrollHeight <= n.clientHeight + 1})")
        assert "2" in note["text"] and note["whole"], note


@pytest.mark.parametrize("lang", ["lv", "sw"])
def test_a_320_px_phone_holds_the_tools_row_in_every_language(browser, site, lang):
    """320x640: the row of tools (Undo, Hint, Review moves, New game, the drawer) ended at 337 px
    in Latvian and 325 in Swahili, the page was wider than the screen and the phone zoomed the
    game out; in smaller type with less padding it fits, each button still a finger's size."""
    setup = sess.default_setup()
    setup.update(game="chicken-foot", players=4, seats=["human", "medium", "medium", "medium"], speed="instant", seed=3)
    s = sess.Session(setup)
    s.deal()
    for page, open_app in guarded_app(browser, site, viewport={"width": 320, "height": 640}, is_mobile=True,
                                      has_touch=True):
        page.goto(site + "?pyodide=off&lang=" + lang)
        assert wait_for_state(page, "app-state", APP_READY_TIMEOUT_MS) == "ready"
        reload_with_save(page, s.save_text())
        m = page.evaluate("""() => ({width: innerWidth, page: document.documentElement.scrollWidth,
          tools: [...document.querySelectorAll('#g-tools button')].map((b) => { const r = b.getBoundingClientRect();
            return [r.right, r.width, r.height]; })})""")
        assert m["width"] == 320 and m["page"] <= 320, m
        assert len(m["tools"]) == 5 and all(r <= 320 and w >= 44 and h >= 44 for r, w, h in m["tools"]), m


def many_places_save(n):
    """A three-player Chicken Foot round at the person's turn, with a hand tile that has ``n``
    legal places (four or more: one choice in thirty; five or more, one in a hundred and fifty):
    the session and that tile."""
    def tiles(s):
        counts = {}
        for a in s.game.view(0)["legal"]:
            if ">" in a:
                counts[sess.tile_of(a)] = counts.get(sess.tile_of(a), 0) + 1
        return [x for x in counts if counts[x] == n]
    s = seeded_turn(3, ["human", "easy", "easy"], lambda s: s.to_act() == 0 and tiles(s),
                    pick=lambda s, legal: legal[(s.setup["seed"] + len(legal)) % len(legal)], seeds=400)
    return s, tiles(s)[0]


PLACES = """() => { const r = (e) => e.getBoundingClientRect();
  const places = [...document.querySelectorAll('#game .places button')];
  return {hand: Math.round(r(document.querySelector('#game .rack .hand')).top),
          rows: new Set(places.map((b) => Math.round(r(b).top))).size,
          smallest: Math.min(...places.map((b) => Math.min(r(b).width, r(b).height))),
          shown: places.filter((b) => b.classList.contains('place')).map((b) => b.innerText.trim()),
          out: places.filter((b) => r(b).right > innerWidth + 0.5 || r(b).bottom > innerHeight + 0.5).length}; }"""


@pytest.mark.parametrize("n", [4, 5, 6])
@pytest.mark.parametrize("options,lang", [(LANDSCAPE, "en"), (LANDSCAPE, "lv"), (PHONE, "sw")],
                         ids=["landscape-en", "landscape-lv", "phone-sw"])
def test_a_tiles_places_keep_one_row_on_a_phone(browser, site, n, options, lang):
    """A tile with four to six places, chosen on a phone: its place buttons and Cancel share one
    row, each at least 44 px. On a phone on its side, four places or more put Cancel (and more)
    on a second row, which moved the hand 47 px down under the finger (a person choosing
    another tile pressed the wrong one); standing, five or more took a row from the table.
    Where the row has no room for each place's tile too, a place shows its number alone (the
    table's badge), and with six Cancel is a cross; their names stay the words."""
    s, tile = many_places_save(n)
    for page, open_app in guarded_app(browser, site, **options):
        page.goto(site + "?pyodide=off&lang=" + lang)
        assert wait_for_state(page, "app-state", APP_READY_TIMEOUT_MS) == "ready"
        reload_with_save(page, s.save_text())
        assert waiting(page) == "human"
        before = page.evaluate(PLACES)
        page.locator("#game .rack .hand .tile-btn[data-arg='%s']" % tile).tap()
        page.wait_for_function("(n) => document.querySelectorAll('#game .places button.place').length === n", arg=n)
        after = page.evaluate(PLACES)
        assert after["rows"] == 1 and after["out"] == 0 and after["smallest"] >= 44, after
        assert after["hand"] == before["hand"], (before, after)
        targets = [a.split(">")[1] for a in s.game.view(0)["legal"] if sess.tile_of(a) == tile]
        assert all(shown in (str(i + 1), "%d \u00b7 %s" % (i + 1, targets[i])) for i, shown in enumerate(after["shown"])), (
            after, targets)
        names = page.locator("#game .places button.place").evaluate_all("bs => bs.map((b) => b.getAttribute('aria-label'))")
        assert len(names) == n and all(name.startswith("%d. " % (i + 1)) for i, name in enumerate(names)), names


def undo_refused_save():
    """A four-player Chicken Foot round at the person's turn with a draw since their last move:
    Undo is refused, and the bar shows why (the undo note)."""
    return seeded_turn(4, ["human", "medium", "medium", "medium"],
                       lambda s: s.to_act() == 0 and s.game.action_count() > 4 and s.undo_refusal(),
                       pick=lambda s, legal: legal[0] if s.to_act() else legal[-1], seeds=100).save_text()


TOOLS_ROW = """() => { const bar = document.querySelector('#game .bar').getBoundingClientRect();
  const note = document.getElementById('undo-note');
  return {note: note ? getComputedStyle(note).display : null,
          wide: document.documentElement.scrollWidth > innerWidth,
          out: [...document.querySelectorAll('#g-tools button')].filter((b) => b.offsetParent).filter((b) => {
            const r = b.getBoundingClientRect();
            return r.right > bar.right + 0.5 || !b.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
          }).map((b) => b.textContent)}; }"""


@pytest.mark.parametrize("width,height,lang,shown", [(1024, 768, "lv", True), (900, 700, "lv", False),
                                                     (1366, 768, "en", True), (1024, 768, "sw", True)])
def test_the_undo_note_never_pushes_a_tool_under_the_side_panel(browser, site, width, height, lang, shown):
    """A desktop as narrow as a tablet (1024 px) with Undo refused: the note saying why took its
    16rem beside the buttons whatever the bar's width, and in Latvian New game ended 47 px past
    the bar, under the side panel (a tap on it landed on the move log). The note narrows to fit,
    and on a bar with no room for it (900 px) it is left out, as on a phone: every tool is
    inside the bar and is what a tap on its centre reaches."""
    for page, open_app in guarded_app(browser, site, viewport={"width": width, "height": height}):
        page.goto(site + "?pyodide=off&lang=" + lang)
        assert wait_for_state(page, "app-state", APP_READY_TIMEOUT_MS) == "ready"
        reload_with_save(page, undo_refused_save())
        assert waiting(page) == "human"
        row = page.evaluate(TOOLS_ROW)
        assert row == {"note": "block" if shown else "none", "wide": False, "out": []}, row


def round_ends_on_the_persons_move():
    """A four-player Chicken Foot round (not the last) at the person's turn, whose one legal
    action ends the round: the person goes out."""
    def found(s):
        legal = s.game.legal_actions()
        if s.to_act() != 0 or len(legal) != 1:
            return False
        ahead = s.game.clone()
        ahead.apply(legal[0])
        return ahead.current_seat() is None and not ahead.is_over()
    return seeded_turn(4, ["human", "easy", "easy", "easy"], found).save_text()


SUMMARY_TOP = """() => { const r = (e) => e.getBoundingClientRect();
  const rack = r(document.getElementById('g-rack')), me = r(document.querySelector('#g-me .seat-card'));
  const head = r(document.getElementById('summary-title'));
  return {focus: document.activeElement.id, cut: Math.max(0, Math.round(rack.top - me.top)),
          head: head.top >= rack.top - 0.5 && head.bottom <= Math.min(rack.bottom, innerHeight) + 0.5}; }"""


@pytest.mark.parametrize("options", [DESKTOP, PHONE, LANDSCAPE], ids=["desktop", "phone", "landscape"])
def test_a_round_summary_opens_under_the_persons_whole_card(browser, site, options):
    """The person goes out: the round's summary opens at its heading, focused and in sight, with
    the person's own card above it whole. The heading was scrolled to the top of the rack that
    holds both, which cut the card in half on a desktop (31 of its 62 px)."""
    text = round_ends_on_the_persons_move()
    for page, open_app in guarded_app(browser, site, **options):
        assert open_app() == "ready"
        reload_with_save(page, text)
        assert waiting(page) == "human"
        mouse_step(page)
        page.wait_for_selector("#summary-title")
        assert page.evaluate(SUMMARY_TOP) == {"focus": "summary-title", "cut": 0, "head": True}


DIMMED = """() => {
  const rgb = (c) => c.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const lum = ([r, g, b]) => [r, g, b].map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
    .reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
  const grey = ([r, g, b]) => { const y = 0.2126 * r + 0.7152 * g + 0.0722 * b; return [y, y, y]; };   // grayscale(1)
  const tile = document.querySelector('#game .hand .tile-btn[disabled]');
  let back = null;
  for (let e = tile.parentElement; e && !back; e = e.parentElement) {
    const c = getComputedStyle(e).backgroundColor; if (c && !c.startsWith('rgba(0, 0, 0, 0)') && c !== 'transparent') back = rgb(c);
  }
  const a = parseFloat(getComputedStyle(tile).opacity);
  const seen = (c) => grey(rgb(c)).map((v, i) => a * v + (1 - a) * back[i]);
  const face = seen(getComputedStyle(tile.querySelector('.tile-face')).fill);
  const pip = seen(getComputedStyle(tile.querySelector('.pip')).fill);
  const [hi, lo] = [lum(face), lum(pip)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_tile_that_cannot_be_played_now_can_still_be_read(browser, site, scheme):
    """A hand tile that cannot be played now is dimmed, not hidden: the person plans with it. Its
    pips against its face, as drawn (its opacity over the rack, in grey), keep 3:1; at 0.4 the
    light theme's were 2.5:1."""
    for page, open_app in guarded_app(browser, site, color_scheme=scheme, **PHONE):
        setup_game(page, open_app, "Chicken Foot", ["Human", "Computer (easy)", "Computer (easy)", "Computer (easy)"],
                   players=4)
        assert waiting(page) == "human"
        page.wait_for_selector("#game .hand .tile-btn[disabled] .pip")
        assert page.evaluate(DIMMED) >= 3


UNDER_TOOLS = """() => { const box = (e) => e.getBoundingClientRect();
  const t = box(document.querySelector('#game .board-tools'));
  const meets = (b) => b.left < t.right && b.right > t.left && b.top < t.bottom && b.bottom > t.top;
  return {tiles: [...document.querySelectorAll('#g-table g[data-tile] svg.tile')].filter((e) => meets(box(e)))
            .map((e) => e.closest('g[data-tile]').dataset.tile),
          cards: [...document.querySelectorAll('#game .seats-bar .seat-card')].filter((e) => meets(box(e))).length,
          inView: t.top >= 0 && t.right <= innerWidth}; }"""


@pytest.mark.parametrize("seed", [7, 11])
def test_a_phone_on_its_side_keeps_the_zoom_tools_off_the_table(browser, site, seed):
    """844x390: the zoom tools sit beside the seat cards, as on a desktop: over the table (whose
    wide shape keeps no corner free for them) they hid tiles as the view followed play and
    at Fit. At every turn of the person's, and after Fit, no tile and no seat card is under them."""
    for page, open_app in guarded_app(browser, site, **LANDSCAPE):
        assert open_app(seed=seed) == "ready"
        setup_game(page, lambda: "ready", "Chicken Foot", ["Human", "Computer (easy)", "Computer (medium)",
                                                           "Computer (easy)"], players=4)
        seen = 0
        for turn in range(14):
            if waiting(page) != "human":
                break
            if turn == 6:
                page.locator("#game [data-zoom=fit]").tap()
            page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
            found = page.evaluate(UNDER_TOOLS)
            assert found == {"tiles": [], "cards": 0, "inView": True}, (turn, found)
            seen += 1
            mouse_step(page)
        assert seen >= 8


BACKS = """() => {
  const rgb = (c) => c.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const lum = ([r, g, b]) => [r, g, b].map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
    .reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
  const face = document.querySelector('#game .seats-bar .seat-backs .tile-face');
  const card = rgb(getComputedStyle(face.closest('.seat-card')).backgroundColor);
  const [hi, lo] = [lum(rgb(getComputedStyle(face).fill)), lum(card)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_tile_backs_on_a_seat_card_stand_out_from_it(browser, site, scheme):
    """A seat card's hidden tiles, drawn as backs: their faces keep 3:1 against the card (in the
    dark theme the felt's green on the dark card was 2.1:1)."""
    for page, open_app in guarded_app(browser, site, color_scheme=scheme, **DESKTOP):
        setup_game(page, open_app, "Chicken Foot", ["Human", "Computer (easy)"], players=2)
        assert waiting(page) == "human"
        assert page.evaluate(BACKS) >= 3


JOINABLE_IN_VIEW = """() => {
  const view = document.querySelector('#cf-view').getBoundingClientRect();
  const tools = document.querySelector('#game .board-tools').getBoundingClientRect();
  const names = new Set();
  for (const b of document.querySelectorAll('#game .hand button[data-targets]:not([disabled])')) {
    for (const name of b.dataset.targets.split(' ')) names.add(name);
  }
  const fresh = document.querySelector('#g-table svg.tile.fresh');
  if (fresh) names.add(fresh.closest('g[data-tile]').dataset.tile);
  const out = [];
  for (const name of names) {
    const b = document.querySelector(`#g-table g[data-tile="${name}"] svg.tile`).getBoundingClientRect();
    const inside = b.left >= view.left - 0.5 && b.right <= view.right + 0.5 && b.top >= view.top - 0.5 && b.bottom <= view.bottom + 0.5;
    const under = b.left < tools.right && b.right > tools.left && b.top < tools.bottom && b.bottom > tools.top;
    if (!inside || under) out.push(name);
  }
  return {joinable: names.size, out};
}"""


@pytest.mark.parametrize("where", ["landscape", "phone"])
def test_at_the_persons_turn_every_end_their_hand_can_join_is_in_view(browser, site, where):
    """844x390 and 390x844: at each of the person's turns, before a tile is chosen, the view
    shows every table tile a hand tile could join, and the tile just played, whole and clear of
    the zoom tools. Followed to the last tile alone, it cut one or more of them out of the view
    in a quarter of a four-player game's turns; the person had to pan to find where to play."""
    options = LANDSCAPE if where == "landscape" else PHONE
    seen = 0
    for seed in (7, 23):
        for page, open_app in guarded_app(browser, site, **options):
            assert open_app(seed=seed) == "ready"
            setup_game(page, lambda: "ready", "Chicken Foot", ["Human"] + ["Computer (easy)"] * 3, players=4)
            for turn in range(16):
                if waiting(page) != "human":
                    break
                if not page.locator("#game .hand .tile-btn.selected").count():
                    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
                    found = page.evaluate(JOINABLE_IN_VIEW)
                    assert found["out"] == [], (seed, turn, found)
                    seen += found["joinable"] > 1
                mouse_step(page)
    assert seen >= 12


LONG_NAMES = ["Kristiāna-Elizabete", "Maximilian Alexander", "Bartholomew", "Wilhelmina", "Konstantinos",
              "Oluwaseun Adebayo", "Guðmundsdóttir", "Anastasia"]


def test_eight_long_names_keep_the_score_sheet_within_a_laptops_summary(browser, site):
    """1366x768, eight players with long names, a round over: the summary's score sheet fits its
    box, every column in view (it was 1,073 px in 1,014, the last player's column cut off and a
    scroll away, with nothing to say so). Each name is cut shorter; its whole is its title."""
    setup = sess.default_setup()
    setup.update(game="chicken-foot", players=8, seats=["human"] + ["easy"] * 7, names=LONG_NAMES,
                 speed="instant")
    s = round_over_save(setup, lambda s: True)
    for page, open_app in guarded_app(browser, site, **DESKTOP):
        load_save(page, open_app, s)
        assert waiting(page) == "none"
        sheet = page.evaluate("""() => { const w = document.querySelector('#game .summary .scores-wrap');
          const heads = [...w.querySelectorAll('thead th bdi')];
          return {over: w.scrollWidth - w.clientWidth, names: heads.length,
                  smallest: Math.min(...heads.map((b) => b.getBoundingClientRect().width))}; }""")
        assert sheet["names"] == 8 and sheet["over"] <= 0, sheet
        assert sheet["smallest"] >= 40, sheet       # still a name's start, not a dot


EDGES = """async ([png, box]) => {
  %s
  const mean = (x) => { const d = g.getImageData(x, box.top, 3, box.height).data; let sum = 0;
    for (let i = 0; i < d.length; i += 4) sum += d[i] + d[i + 1] + d[i + 2]; return sum / (d.length / 4) / 3; };
  return {left: mean(box.left + 1), right: mean(box.right - 4)};
}""" % PNG_CANVAS


def sheet_edges(page, scroll):
    """The mean brightness of the summary's score sheet box along its left and right edges, with
    the sheet scrolled to ``scroll`` ("start" or "end"), read from a screenshot."""
    import base64

    box = page.evaluate("""(scroll) => { const w = document.querySelector('#game .summary .scores-wrap');
      w.scrollLeft = scroll === 'end' ? w.scrollWidth : 0; w.scrollIntoView({block: 'center'});
      const r = w.getBoundingClientRect(), k = devicePixelRatio;
      return {left: Math.round(r.left * k), right: Math.round(r.right * k), top: Math.round((r.top + 4) * k),
              height: Math.round((r.height - 8) * k), over: w.scrollWidth - w.clientWidth}; }""", scroll)
    png = base64.b64encode(page.screenshot()).decode()
    blank = page.context.new_page()     # decoded off the app's page (its CSP allows no data: image)
    try:
        return box["over"], blank.evaluate(EDGES, [png, box])
    finally:
        blank.close()


def rounds_over(players, rounds, seed=4):
    """A Chicken Foot session of the person and easy computers with ``rounds`` rounds played out
    (every action the first legal one), at the last one's summary."""
    setup = sess.default_setup()
    setup.update(game="chicken-foot", players=players, seats=["human"] + ["easy"] * (players - 1),
                 speed="instant", seed=seed)
    s = sess.Session(setup)
    for _ in range(rounds):
        s.deal()
        while s.to_act() is not None:
            s.apply(s.game.view(s.to_act())["legal"][0])
    return s


SHEET_ROWS_SEEN = """() => { const w = document.querySelector('#game .summary .scores-wrap').getBoundingClientRect();
  return [...document.querySelectorAll('#game .summary .scores tbody tr')].map((r) => {
    const name = r.querySelector('th').getBoundingClientRect(), total = r.querySelector('.total').getBoundingClientRect();
    return [r.querySelector('th').textContent, total.right <= w.right + 0.5 && name.left >= w.left - 0.5]; }); }"""


def test_a_phones_score_sheet_shows_every_player_and_total(browser, site):
    """390x844, eight players, three rounds over: a player a row, each name and total in view
    (a column a player took 496 px of the summary's 350; Fay's, Gus's and Hana's were a scroll
    away, the winner's among them at the game's end), the rounds after the total, the latest first."""
    s = rounds_over(8, 3)
    for page, open_app in guarded_app(browser, site, **PHONE):
        load_save(page, open_app, s)
        assert waiting(page) == "none"
        seen = page.evaluate(SHEET_ROWS_SEEN)
        assert [name for name, _ in seen] == s.names[:8] and all(whole for _, whole in seen), seen
        first = page.locator("#game .summary .scores tbody tr").first.locator("td")
        assert first.all_inner_texts() == [str(s.game.totals()[0])] + [str(r[0]) for r in s.game.round_scores()[::-1]]


def test_a_score_sheet_wider_than_a_phones_summary_shows_it_scrolls(browser, site):
    """390x844, eight players, ten rounds over: the score sheet is wider than the summary and
    scrolls sideways. A shadow on the side with more to show says so (the next column was a
    sliver at the edge): the right edge darker at the start, the left at the end."""
    s = rounds_over(8, 10)
    for page, open_app in guarded_app(browser, site, color_scheme="light", **PHONE):
        load_save(page, open_app, s)
        assert waiting(page) == "none"
        over, start = sheet_edges(page, "start")
        _, end = sheet_edges(page, "end")
        assert over > 40, over
        assert start["right"] < start["left"] - 8 and end["left"] < end["right"] - 8, (start, end)


NAMES_CUT = """() => [...document.querySelectorAll('#game .seat-card .seat-name')]
  .filter((e) => e.offsetParent && e.scrollWidth > e.clientWidth + 1)
  .map((e) => [e.textContent, e.scrollWidth, e.clientWidth])"""


def test_eight_default_names_are_whole_on_a_phone_on_its_side(browser, site):
    """844x390, eight players with the default names: each card is one line (name and tile
    count), and the name had a fixed 55% of it: "Hana" was cut to "Ha…" (35 px of 37) beside
    "8" and a tile with room to spare. The name now takes what the count leaves it."""
    setup = sess.default_setup()
    setup.update(game="chicken-foot", players=8, seats=["human"] + ["easy"] * 7, speed="instant",
                 names=list(sess.DEFAULT_NAMES))
    s = sess.Session(dict(setup, seed=1))
    s.deal()
    while s.to_act() not in (None, 0):
        s.apply(s.game.view(s.to_act())["legal"][0])
    landscape = {"viewport": {"width": 844, "height": 390}, "has_touch": True, "is_mobile": True}
    for page, open_app in guarded_app(browser, site, **landscape):
        load_save(page, open_app, s)
        page.wait_for_function("() => document.documentElement.dataset.waitingFor !== 'none'", timeout=WAIT_MS)
        assert page.locator("#game .seats-bar .seat-card").count() == 7
        assert page.evaluate(NAMES_CUT) == []
        # The strip scrolled to its end as a finger would (the count of cards before it then
        # takes a little of its width).
        page.locator("#game .seats-bar .seat-card").last.scroll_into_view_if_needed()
        page.wait_for_timeout(300)
        assert page.evaluate(NAMES_CUT) == []
        # ...and with a tile's places offered (the cards keep one line then too).
        several = page.locator("#game .hand button[data-targets*=' ']:not([disabled])")
        if several.count():
            several.first.tap()
            page.wait_for_selector("#game .places button")
            assert page.evaluate(NAMES_CUT) == []


VIEW_EDGE = """() => {
  // A colour as seen over the felt (a transparent mat is the felt).
  const view = document.getElementById('cf-view'), zone = document.querySelector('#game .table-zone');
  const rgb = (css) => { const c = document.createElement('canvas').getContext('2d');
    c.fillStyle = getComputedStyle(zone).backgroundColor; c.fillRect(0, 0, 1, 1); c.fillStyle = css; c.fillRect(0, 0, 1, 1);
    return [...c.getImageData(0, 0, 1, 1).data.slice(0, 3)]; };
  const v = view.getBoundingClientRect(), z = zone.getBoundingClientRect();
  const cut = [...view.querySelectorAll('[data-tile]')].filter((t) => { const b = t.getBoundingClientRect();
    return b.width && (b.top < v.top || b.bottom > v.bottom || b.left < v.left || b.right > v.right) &&
      b.bottom > v.top && b.top < v.bottom && b.right > v.left && b.left < v.right; }).length;
  return {inside: [v.left - z.left, v.top - z.top, z.right - v.right, z.bottom - v.bottom], cut,
          felt: rgb(getComputedStyle(zone).backgroundColor), mat: rgb(getComputedStyle(view).backgroundColor),
          edge: getComputedStyle(view).boxShadow};
}"""


@pytest.mark.parametrize("options", [DESKTOP, PHONE, LANDSCAPE], ids=["desktop", "phone", "side"])
def test_the_views_edge_is_drawn_where_it_cuts_tiles(browser, site, options):
    """Zoomed in, the table's view port cuts the tiles at its edge, and that edge lies inside the
    felt (under the seat cards, above the note's line). On plain felt it was invisible: a tile
    sliced by a straight line in the middle of the felt (a phone on its side: 28 px of bare felt
    above the cut). The view port is a mat of its own shade with a drawn edge, in both themes."""
    for page, open_app in guarded_app(browser, site, **options):
        setup_game(page, open_app, "Chicken Foot", ["Human", "Computer (easy)", "Computer (easy)"], players=3)
        for _ in range(12):
            if waiting(page) == "human" and page.locator("#game [data-tile]").count() >= 5:
                break
            step(page, options is not DESKTOP)
        for _ in range(6):   # in until the edge cuts a tile (a desktop's table is larger)
            page.locator("#game [data-zoom=in]").click()
            page.wait_for_timeout(200)
            if page.evaluate(VIEW_EDGE)["cut"]:
                break
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            m = page.evaluate(VIEW_EDGE)
            assert m["cut"] >= 1, m   # the premise: zoomed in, the edge cuts tiles
            assert max(m["inside"]) > 8, m   # ...and lies inside the felt
            assert sum(abs(a - b) for a, b in zip(m["mat"], m["felt"])) >= 12, (scheme, m)
            assert "inset" in m["edge"], (scheme, m)


# Each opponent's name on its card: the width its text needs and the width it is given.
NAME_ROOM = """() => [...document.querySelectorAll('#game .seats-bar .seat-card .seat-name')].map((n) => {
  const r = document.createRange();
  r.selectNodeContents(n);
  return [n.textContent, r.getBoundingClientRect().width, n.getBoundingClientRect().width];
})"""


def test_a_name_that_fits_its_card_is_not_cut_for_the_level_beside_it(browser, site):
    """On a phone's narrow cards the level word gives way to the name: "Benedikta" fits its
    card, yet showed "Benedik… m…", the level (flex-shrink 1000) leaving the name a 64th of a
    pixel to give, enough for its ellipsis. The name now keeps all it needs."""
    for page, open_app in guarded_app(browser, site, **PHONE):
        setup = dict(sess.default_setup(), game="chicken-foot", players=4, speed="instant",
                     seats=["human", "medium", "hard", "easy"] + ["easy"] * 4,
                     names=["Ana", "Benedikta", "Cleopatra", "Dev", "Eli", "Fay", "Gus", "Hana"])
        assert open_app() == "ready"
        page.evaluate("(t) => localStorage.setItem('boneyard.setup', t)", json.dumps(setup))
        assert open_app() == "ready"
        page.locator("button[data-act=start]").click()
        waiting(page)
        rooms = page.evaluate(NAME_ROOM)
        assert [name for name, _need, _given in rooms] == ["Benedikta", "Cleopatra", "Dev"]
        assert all(given >= need for _name, need, given in rooms), rooms


# Each opponent's card: its name, its height, whether its score is on it (and not cut), whether
# its facts (the count, the score) take one line.
STRIP_CARDS = """() => [...document.querySelectorAll('#game .seats-bar .seat-card')].map((c) => {
  const b = c.getBoundingClientRect(), s = c.querySelector('.fact.score').getBoundingClientRect();
  const line = c.querySelector('.seat-name').getBoundingClientRect().height;
  return [c.querySelector('.seat-name').textContent, Math.round(b.height),
          s.width >= 6 && s.left >= b.left && s.right <= b.right - 2,
          c.querySelector('.seat-info').getBoundingClientRect().height < 1.5 * line]; })"""


def test_a_phones_moon_cards_say_score_in_words(browser, site):
    """390x844, Moon in play: an opponent's card in the strip reads "6 tiles, tricks 0 of 7, score
    0", its score in words. Only Chicken Foot's, after the count, is its number alone: Moon's
    read "tricks 0 of 7, 0"."""
    from test_i18n_browser import moon_bidders_first_play

    for page, open_app in guarded_app(browser, site, **PHONE):
        load_save(page, open_app, moon_bidders_first_play())
        sizes = page.locator("#game .seats-bar .fact.score").evaluate_all(
            "fs => fs.map((f) => [f.textContent, parseFloat(getComputedStyle(f).fontSize)])")
        assert len(sizes) == 2 and all(text.startswith("score") and px >= 10 for text, px in sizes), sizes


def in_round(players, rounds_before):
    """A session of ``players`` (the person and easy computers) with ``rounds_before`` rounds played
    out, at the person's turn in the next round once each seat has acted."""
    s = rounds_over(players, rounds_before)
    s.deal()
    while s.to_act() != 0 or len(s.game.record()["rounds"][-1]["actions"]) < players + 1:
        s.apply(s.game.view(s.to_act())["legal"][0])
    return s


@pytest.mark.browser
@pytest.mark.parametrize("players", [5, 8])
def test_a_laptops_score_sheet_shows_every_players_total_without_a_sideways_scroll(browser, site, players):
    """1366x768, round 7: the side panel's score sheet had a column per player, and from five
    players on it was wider than its 295 px (462 px for eight): the last players' names and
    totals were a sideways scroll away. With more players than fit across it has a row per
    player, name and total first, the rounds after them, the latest first."""
    s = in_round(players, 6)
    for page, open_app in guarded_app(browser, site, **DESKTOP):
        load_save(page, open_app, s)
        page.locator("#g-sheet table").wait_for()
        shown = page.evaluate("""() => {
            const wrap = document.querySelector('#g-sheet .scores-wrap').getBoundingClientRect();
            return {wrap: [wrap.left, wrap.right]};
        }""")
        totals = s.game.totals()
        for seat in range(players):
            row = page.locator("#g-sheet tbody tr").filter(has=page.get_by_role("rowheader", name=s.names[seat], exact=True))
            assert row.count() == 1, s.names[seat]
            for cell in (row.get_by_role("rowheader"), row.locator("td.total")):
                box = cell.bounding_box()
                assert box and box["x"] >= shown["wrap"][0] - 0.5 and box["x"] + box["width"] <= shown["wrap"][1] + 0.5, (
                    s.names[seat], box, shown)
            assert row.locator("td.total").inner_text() == str(totals[seat])


@pytest.mark.parametrize("players,lang", [(8, "en"), (4, "lv")])
def test_a_phones_opponent_cards_keep_their_height_as_scores_grow(browser, site, players, lang):
    """390x844: an opponent's card in the strip is as tall in round 8, its scores three digits, as in
    round 1. "4 tiles, score 115" ("11 kauliņu, punkti 294") took a second line: each card grew from
    53 to 68 px and the table under them lost 15 px for the game's last rounds (Latvian's in
    every round). Each score is in view on its card, on one line with the count."""
    heights = []
    for s in (in_round(players, 0), in_round(players, 7)):
        # (A page of its own each: a tab leaving a game saves it over the save given.)
        for page, open_app in guarded_app(browser, site, **PHONE):
            page.goto(site + "?pyodide=off&lang=" + lang)
            assert wait_for_state(page, "app-state", APP_READY_TIMEOUT_MS) == "ready"
            reload_with_save(page, s.save_text())
            # (Once the cards show this game's scores, and the strip knows whether it scrolls:
            # web/seats.js then keeps room for the count of the cards past its edge.)
            page.wait_for_selector("#game .seats-top[data-scrolls]", state="attached", timeout=WAIT_MS)
            page.wait_for_function("(want) => JSON.stringify([...document.querySelectorAll("
                                   "'#game .seats-bar .fact.score')].map((f) => +f.dataset.score)) === want",
                                   arg=json.dumps(s.game.totals()[1:], separators=(",", ":")), timeout=WAIT_MS)
            settled(page)
            cards = page.evaluate(STRIP_CARDS)
            assert len(cards) == players - 1 and all(shown and one for _name, _h, shown, one in cards), cards
            heights.append({h for _name, h, _shown, _one in cards})
    assert max(s.game.totals()[1:]) >= 100     # the premise: three-digit scores
    early, late = heights
    assert len(early) == 1 and late == early, heights


# The first opponent card's width and the table's transform as each frame paints them, from
# the page's first: a resize observer reports after the frame callbacks (where web/seats.js and
# web/panzoom.js measure and set them) and the layout, before the paint, and once for each new
# card (the page draws the strip anew at each redraw).
FIRST_FRAMES = """
window.__frames = [];
const sizes = new ResizeObserver(() => {
  const card = document.querySelector('#game .seats-bar .seat-card');
  const table = document.getElementById('g-table');
  if (card && table && table.firstElementChild) {
    window.__frames.push([Math.round(performance.now()), Math.round(card.getBoundingClientRect().width * 10) / 10,
                          table.style.transform]);
  }
});
new MutationObserver(() => {
  const card = document.querySelector('#game .seats-bar .seat-card');
  const table = document.getElementById('g-table');
  if (card) sizes.observe(card);
  if (table) sizes.observe(table);
}).observe(document, {childList: true, subtree: true});
"""


def test_a_phones_game_opens_in_its_final_layout(browser, site):
    """390x844, eight players, a game resumed: from the first frame the game is drawn, the strip's
    cards have their width and the table its followed view. Both changed about 150 ms later:
    the helpers that measure them (web/seats.js, web/panzoom.js) were loaded only once the game
    had been drawn, so the cards narrowed from 118 to 102 px (the margins a scrolling strip
    keeps for its counts) and the table zoomed in, on every open and reload."""
    s = in_round(8, 2)
    for page, open_app in guarded_app(browser, site, init_script=FIRST_FRAMES, **PHONE):
        for _ in reopened(page, open_app, s.save_text(), 800):
            frames = page.evaluate("window.__frames")
            assert frames
            assert {(w, tf) for _t, w, tf in frames} == {tuple(frames[-1][1:])}, frames[:12]
            assert "scale" in frames[-1][2], frames[-1]    # the premise: a followed, zoomed view


def test_the_final_ranking_sets_its_scores_in_a_column(browser, site):
    """390x844, eight players, the game over: each player's score begins where the others' do
    ("score 119" began 77 to 101 px from the screen's edge, after names of three and four
    letters), the ranking easier to read down."""
    s = rounds_over(8, 10)
    assert s.game.is_over()
    for page, open_app in guarded_app(browser, site, **PHONE):
        load_save(page, open_app, s)
        lefts = page.locator("#game .ranking .rank-score").evaluate_all(
            "els => els.map((e) => Math.round(e.getBoundingClientRect().left))")
        assert len(lefts) == 8 and max(lefts) - min(lefts) <= 1, lefts
