"""A played tile's flight (web/travel.js) and the marks of what others played, in Debian's chromium.

A stand-in leaves the player's seat card and travels to the tile's place
on the table; under ``prefers-reduced-motion: reduce`` nothing flies.
Each tile played since the person's last turn carries its player's colour
(``data-by``) either way.
"""

import math

import pytest

from conftest import guarded_app
from test_ui import mouse_step, waiting

pytestmark = [pytest.mark.browser, pytest.mark.no_pyodide]   # tests/conftest.py: ?pyodide=off

def start_chicken_foot(page, players, speed):
    """From the setup: Chicken Foot, the person and ``players`` - 1 easy computers at ``speed``."""
    page.get_by_role("radio", name="Chicken Foot").check()
    page.get_by_label("Players", exact=True).fill(str(players))
    page.get_by_label("Players", exact=True).press("Tab")
    page.get_by_label("Computer speed").select_option(label=speed)
    for i in range(1, players):
        page.get_by_label("Seat %d" % (i + 1), exact=True).select_option(label="Computer (easy)")
    page.get_by_role("button", name="Start game").click()


# Every stand-in's path, sampled each frame: where it was, where the seat cards and its tile were;
# what it showed; and, each frame and the frame it is gone, where the tile it flies to is drawn
# and how opaque it is.
FLIGHTS = """
window.__flights = [];
const centre = (r) => [r.left + r.width / 2, r.top + r.height / 2];
const box = (r) => [r.left + r.width / 2, r.top + r.height / 2, r.width, r.height];
new MutationObserver((records) => {
  for (const r of records) for (const el of r.addedNodes) {
    if (!(el instanceof HTMLElement) || !el.classList.contains('travel-ghost')) continue;
    const face = el.querySelector('svg.tile');
    const flight = {colour: el.dataset.colour, path: [], seats: {}, frames: [], after: null,
                    face: face ? face.innerHTML : null};
    for (const card of document.querySelectorAll('#game .seat-card')) {
      flight.seats[card.dataset.colour] = centre(card.getBoundingClientRect());
    }
    window.__flights.push(flight);
    // The tile it flies to: the table's tile with its picture, whichever tiles are marked fresh.
    const tile = () => [...document.querySelectorAll('#g-table svg.tile')].find((t) => t.innerHTML === flight.face) || null;
    const seen = (t) => t ? {box: box(t.getBoundingClientRect()), opacity: +getComputedStyle(t).opacity,
                             picture: t.innerHTML} : null;
    const sample = () => {
      if (!el.isConnected) { flight.after = seen(tile()); return; }
      flight.path.push(centre(el.getBoundingClientRect()));
      flight.frames.push({ghost: box(el.getBoundingClientRect()), tile: seen(tile())});
      requestAnimationFrame(sample);
    };
    sample();
  }
}).observe(document, {childList: true, subtree: true});
"""


SCREENS = {"laptop": {"viewport": {"width": 1366, "height": 768}},
           # A phone's view follows play: the place may move under the flight.
           "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}}


@pytest.fixture(params=[("no-preference", "laptop"), ("reduce", "laptop"), ("no-preference", "phone")],
                ids=lambda p: "-".join(p))
def moving(request, browser, site):
    motion, screen = request.param
    for page, opener in guarded_app(browser, site, init_script=FLIGHTS, reduced_motion=motion, **SCREENS[screen]):
        yield motion, page, opener


def distance(a, b):
    return math.hypot(a[0] - b[0], a[1] - b[1])


def test_a_played_tile_flies_from_its_seat_unless_motion_is_reduced(moving):
    """What flies is the tile's picture, and it lands on the tile: turned as it lies, its size,
    its place; the tile is hidden while it flies and whole once it lands. The stand-in was a
    blank upright box that ended its flight a fifth opaque, over a tile already half shown:
    a translucent outline across a lying tile, every move."""
    motion, page, open_app = moving
    assert open_app() == "ready"
    # Normal speed: the flight lasts 420 ms, long enough to sample it frame by frame.
    page.get_by_role("radio", name="Chicken Foot").check()
    page.get_by_label("Players", exact=True).fill("2")
    page.get_by_label("Players", exact=True).press("Tab")
    page.get_by_label("Computer speed").select_option(label="Normal")
    page.get_by_label("Seat 2", exact=True).select_option(label="Computer (easy)")
    page.get_by_role("button", name="Start game").click()
    for _ in range(12):
        mouse_step(page)
        waiting(page)
        if page.locator('#g-table [data-by="1"]').count():
            break
    # What the computer played since the person's turn is marked in its colour, motion or not.
    marked = page.locator('#g-table g[data-tile][data-by="1"]')
    assert marked.count() >= 1
    page.wait_for_timeout(800)   # every flight landed
    flights = page.evaluate("window.__flights")
    if motion == "reduce":
        assert flights == []
        assert page.locator(".travel-ghost").count() == 0
        return
    flown = [f for f in flights if len(f["path"]) >= 4]
    assert flown, flights
    for f in flown:
        start, end = f["path"][0], f["path"][-1]
        seat = f["seats"][f["colour"]]
        # It leaves from its player's seat card (the person's: the hand beside it) ...
        assert distance(start, seat) < distance(start, end), f
        assert distance(start, end) > 60, f
        # ... and only ever comes nearer its place.
        gaps = [distance(p, end) for p in f["path"]]
        assert all(b <= a + 1 for a, b in zip(gaps, gaps[1:])), gaps
    for f in flown:
        # It is the tile's own picture ...
        last = f["frames"][-1]
        assert last["tile"] is not None and f["face"] == last["tile"]["picture"], f["face"]
        # ... the tile unseen under it, every frame ...
        shown = ["frame %d of %d: %s" % (i, len(f["frames"]), fr["tile"] and fr["tile"]["opacity"])
                 for i, fr in enumerate(f["frames"]) if not (fr["tile"] and fr["tile"]["opacity"] == 0)]
        assert not shown, shown
        # ... and in its last frame it lies on the tile: the same box (a turned tile's too) ...
        ghost, tile = last["ghost"], last["tile"]["box"]
        assert distance(ghost[:2], tile[:2]) < 3, (ghost, tile)
        assert abs(ghost[2] - tile[2]) < 0.1 * tile[2] and abs(ghost[3] - tile[3]) < 0.1 * tile[3], (ghost, tile)
        # ... and when it is gone the tile is shown whole.
        assert f["after"] and f["after"]["opacity"] == 1, f["after"]
    assert page.locator(".travel-ghost").count() == 0   # the stand-ins are gone once landed


def test_a_dragged_tile_flies_from_where_it_was_let_go(browser, site):
    """A tile dragged onto its place settles there from where the finger let it go: its flight
    started at the person's card (under the hand), so a dropped tile jumped back and flew again."""
    from test_ui_play import centre, drag, play_a_tile_by

    for page, open_app in guarded_app(browser, site, init_script=FLIGHTS, viewport={"width": 1366, "height": 768}):
        assert open_app() == "ready"
        start_chicken_foot(page, 2, "Normal")
        dropped = []

        def let_go(page, tile, spot):
            page.evaluate("window.__flights = []")
            dropped.append(centre(spot.bounding_box()))
            drag(page, tile, spot)

        play_a_tile_by(page, let_go)
        page.wait_for_timeout(800)   # landed
        mine = page.locator('#game .seat-card[data-seat="0"]').get_attribute("data-colour")
        flights = [f for f in page.evaluate("window.__flights") if f["colour"] == mine]
        assert len(flights) == 1 and len(flights[0]["path"]) >= 4, flights
        path, seat = flights[0]["path"], flights[0]["seats"][mine]
        assert distance(path[0], dropped[0]) < 3, (path[0], dropped)
        assert distance(path[0], seat) > 100, (path[0], seat)
        # It lands on the tile, whole.
        assert distance(flights[0]["frames"][-1]["ghost"][:2], flights[0]["frames"][-1]["tile"]["box"][:2]) < 3
        assert flights[0]["after"]["opacity"] == 1


def test_a_tapped_tile_flies_from_its_place_in_the_hand(browser, site):
    """A tile played by a tap (and its place's button, if it has several) leaves from where it
    lay in the hand, not from the person's card beside it."""
    for page, open_app in guarded_app(browser, site, init_script=FLIGHTS,
                                      viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True):
        assert open_app() == "ready"
        start_chicken_foot(page, 2, "Normal")
        mine = page.locator('#game .seat-card[data-seat="0"]').get_attribute("data-colour")
        for _ in range(30):
            if waiting(page) == "human" and page.locator("#game .hand button[data-targets]").count():
                break
            mouse_step(page)
        tile = page.locator("#game .hand button[data-targets]").first
        was = tile.locator("svg").bounding_box()
        page.evaluate("window.__flights = []")
        tile.click()
        places = page.locator("#game .places button.place")
        if places.count():
            places.first.click()
        page.wait_for_function("(c) => window.__flights.some((f) => f.colour === c && f.after)", arg=mine)
        flight = [f for f in page.evaluate("window.__flights") if f["colour"] == mine][0]
        start = flight["path"][0]
        assert distance(start, (was["x"] + was["width"] / 2, was["y"] + was["height"] / 2)) < 3, (start, was)
        assert distance(start, flight["seats"][mine]) > 60, (start, flight["seats"])
        assert flight["after"]["opacity"] == 1


def test_a_flight_ends_when_the_game_is_put_away(browser, site):
    """New game in the middle of a flight hides the table: the stand-in flew on to the page's
    top left corner (where a hidden tile measures) and lay over the setup screen there, whole,
    for the rest of its flight."""
    for page, open_app in guarded_app(browser, site, viewport={"width": 1366, "height": 768}):
        assert open_app() == "ready"
        # (Slow: a 650 ms flight. At Normal's 420 ms a loaded CI machine once found it landed.)
        start_chicken_foot(page, 4, "Slow")
        for _ in range(3):
            mouse_step(page)
        waiting(page)
        assert page.locator(".travel-ghost").count() == 1, "no flight under way"
        page.locator("#game button[data-act=new]").click()
        # Each frame from the click: the stand-in's box, if any.
        seen = page.evaluate("""() => new Promise((done) => { const out = [];
          const frame = () => { const g = document.querySelector('.travel-ghost');
            out.push(g ? [g.getBoundingClientRect().left, g.getBoundingClientRect().top] : null);
            if (out.length < 12) requestAnimationFrame(frame); else done(out); };
          frame(); })""")
        assert page.locator("#setup").is_visible()
        assert seen[2:] == [None] * 10, seen


def test_a_computers_flight_passes_under_the_open_drawer(browser, site):
    """A phone with the side drawer (the move log) open: the computers' tiles flew across it
    (the stand-in stood at z-index 40 over the drawer's 30), their pictures over the log."""
    for page, open_app in guarded_app(browser, site, viewport={"width": 390, "height": 844}, is_mobile=True,
                                      has_touch=True):
        assert open_app() == "ready"
        start_chicken_foot(page, 4, "Slow")
        mouse_step(page)
        page.locator("#game button.side-toggle").click()
        page.wait_for_selector("#game[data-side=open]")
        page.wait_for_selector(".travel-ghost", timeout=30000)
        ghost, drawer, shade = page.evaluate("""() => [
          +getComputedStyle(document.querySelector('.travel-ghost')).zIndex,
          +getComputedStyle(document.getElementById('g-side')).zIndex,
          +getComputedStyle(document.getElementById('game'), '::after').zIndex]""")
        assert ghost < shade < drawer or ghost < drawer <= shade, (ghost, drawer, shade)


# Each frame: is the card of the seat to act, in the opponents' strip, inside the strip's box?
SEAT_WATCH = """
window.__acting = {episodes: 0, far: 0, unseen: [], cut: []};
let current = null, frames = 0;
const watch = () => {
  const bar = document.querySelector('#game .seats-bar');
  const card = bar && bar.querySelector('.seat-card.acting');
  if (card && bar.scrollWidth > bar.clientWidth) {
    if (card !== current) { current = card; frames = 0; window.__acting.episodes++; }
    frames++;
    const b = bar.getBoundingClientRect(), c = card.getBoundingClientRect();
    const inside = c.left >= b.left - 1 && c.right <= b.right + 1;
    if (c.left - b.left + bar.scrollLeft > b.width && frames === 1) window.__acting.far++;
    // A frame for the page to draw the strip and one for web/seats.js to scroll it.
    if (frames === 3 && !inside) window.__acting.unseen.push(card.dataset.seat);
    // ...scrolled to a card's start: no card cut at the strip's left edge.
    const first = [...bar.querySelectorAll('.seat-card')].find((x) => x.getBoundingClientRect().right > b.left + 1);
    if (frames === 3 && first && first.getBoundingClientRect().left < b.left - 1) window.__acting.cut.push(first.dataset.seat);
  } else { current = null; }
  requestAnimationFrame(watch);
};
requestAnimationFrame(watch);
"""


def test_the_seat_to_act_is_brought_into_the_opponents_strip_on_a_phone(browser, site):
    """Eight players on a 390 px phone: seven opponents' cards do not fit, the strip scrolls
    sideways, and the card of the computer thinking is scrolled into view (web/seats.js), to a
    card's start: the strip never begins with a cut card (it once showed "(ko…", "1,")."""
    for page, open_app in guarded_app(browser, site, init_script=SEAT_WATCH,
                                      viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True):
        assert open_app() == "ready"
        start_chicken_foot(page, 8, "Fast")
        for _ in range(3):
            mouse_step(page)
            waiting(page)
        seen = page.evaluate("window.__acting")
        # Computers far along the strip took turns (the test saw what it is about)...
        assert seen["episodes"] >= 10 and seen["far"] >= 3, seen
        # ...and every one of them was in view by the page's second frame.
        assert seen["unseen"] == [], seen
        assert seen["cut"] == [], seen


def test_the_opponents_strip_says_how_many_are_out_of_sight_and_a_tap_brings_them(browser, site):
    """Eight players on a 390 px phone: three cards show, and the margins beside the strip say how
    many more there are each way ("< 4"); a tap on a margin scrolls three cards that way. Nothing
    said there were more (four opponents who had played were out of sight)."""
    for page, open_app in guarded_app(browser, site, viewport={"width": 390, "height": 844}, is_mobile=True,
                                      has_touch=True):
        assert open_app() == "ready"
        page.get_by_role("radio", name="Chicken Foot").check()
        page.get_by_label("Players", exact=True).fill("8")
        page.get_by_label("Players", exact=True).press("Tab")
        page.get_by_role("button", name="Start game").click()
        waiting(page)
        top = page.locator("#g-seats")
        seen = """(top) => { const bar = top.querySelector('.seats-bar'), b = bar.getBoundingClientRect();
          const cards = [...bar.querySelectorAll('.seat-card')].map((c) => c.getBoundingClientRect());
          const style = (p) => getComputedStyle(top, p);
          return {before: cards.filter((c) => c.left < b.left - 1).length, after: cards.filter((c) => c.right > b.right + 1).length,
                  shown: cards.filter((c) => c.left >= b.left - 1 && c.right <= b.right + 1).length,
                  said: [top.dataset.before, top.dataset.after],
                  marks: [style('::before'), style('::after')].map((s) => s.visibility === 'visible' && s.content !== 'none'),
                  box: [b.left, b.right]}; }"""
        # Counted in an animation frame after the strip is drawn or scrolled: until they agree.
        agree = "(s) => { const r = (%s)(document.getElementById('g-seats')); " \
                "return r.said[0] === String(r.before) && r.said[1] === String(r.after) && r.shown === 3; }" % seen
        page.wait_for_function(agree)
        now = top.evaluate(seen)
        assert now["shown"] == 3 and now["before"] + now["after"] == 4, now
        assert now["said"] == [str(now["before"]), str(now["after"])], now
        assert now["marks"] == [now["before"] > 0, now["after"] > 0], now
        # A tap on the margin with cards beyond it scrolls them in.
        side = "before" if now["before"] else "after"
        box = top.bounding_box()
        x = box["x"] + 8 if side == "before" else box["x"] + box["width"] - 8
        page.touchscreen.tap(x, box["y"] + box["height"] / 2)
        page.wait_for_function("(n) => document.getElementById('g-seats').dataset.%s !== n" % side, arg=str(now[side]))
        page.wait_for_function(agree)
        after = top.evaluate(seen)
        assert after[side] == max(0, now[side] - 3) and after["shown"] == 3, (now, after)
        assert after["said"] == [str(after["before"]), str(after["after"])], after
        # A scroll the page's next move overtakes: the strip is replaced before the frame in
        # which it is counted (a TypeError on 8-player phones while the computers played).
        errors = page.evaluate("""() => new Promise((done) => {
          const errors = []; addEventListener('error', (e) => errors.push(e.message));
          const bar = document.querySelector('#g-seats .seats-bar');
          bar.scrollLeft += 80; bar.dispatchEvent(new Event('scroll'));
          bar.replaceWith(bar.cloneNode(true));
          requestAnimationFrame(() => requestAnimationFrame(() => done(errors))); })""")
        assert errors == []


# While the computers play, each frame: the heights of the opponents' strip and the table's view;
# then and at the person's turn, the bar's height and where each tool button stands (the page is
# rewritten at every move).
STEADY = """
window.__steady = {strip: new Set(), view: new Set(), bar: new Set(), tools: new Set(), frames: 0, turns: 0};
let last = null;
const watch = () => {
  const html = document.documentElement, game = document.getElementById('game');
  const h = (s) => { const e = document.querySelector(s); return e ? Math.round(e.getBoundingClientRect().height) : null; };
  const s = window.__steady, who = html.dataset.waitingFor;
  if (game && ['computer', 'human'].includes(who) && !game.querySelector('.rack .places')) {
    // The person's turn too (the undo note comes with it), for the bar and the tools.
    s.bar.add(h('#game .bar'));
    s.tools.add([...document.querySelectorAll('#g-tools button')].filter((b) => b.offsetParent)
      .map((b) => Math.round(b.getBoundingClientRect().left)).join(' '));
  }
  if (who === 'computer' && game && !game.querySelector('.rack .places')) {
    s.frames += 1;
    s.strip.add(h('#game .seats-bar')); s.view.add(h('#cf-view'));
    const acting = document.querySelector('#game .seat-card.acting');
    const who = acting ? acting.dataset.seat : null;
    if (who !== last) s.turns += 1;
    last = who;
  }
  requestAnimationFrame(watch);
};
requestAnimationFrame(watch);
"""


@pytest.mark.parametrize("kind", ["phone", "laptop"])
def test_the_table_stands_still_while_the_computers_play(browser, site, kind):
    """Four players, the person and three computers at Fast speed: from the person's move to
    their next turn, the opponents' strip, the table's view and the bar keep their heights and
    the tools their places, frame by frame. A card's "thinking" and "played 7-5" lines came and
    went, a count of ten tiles took a second line, Chicken Foot's note under the table came and
    went with every foot, and the undo note pushed the tools 262 px aside: the table moved up
    to 43 px under the person's eyes at every move (found by a helper's walk-through)."""
    view = ({"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True} if kind == "phone"
            else {"viewport": {"width": 1366, "height": 768}})
    for page, open_app in guarded_app(browser, site, init_script=STEADY, **view):
        assert open_app() == "ready"
        start_chicken_foot(page, 4, "Fast")
        seen = []
        for _ in range(6):
            waiting(page)
            page.evaluate("() => { const s = window.__steady; for (const k of ['strip', 'view', 'bar', 'tools']) s[k].clear(); }")
            mouse_step(page)
            waiting(page)
            s = page.evaluate("() => { const s = window.__steady; return {strip: [...s.strip], view: [...s.view],"
                              " bar: [...s.bar], tools: [...s.tools], frames: s.frames, turns: s.turns}; }")
            seen.append(s)
            assert len(s["strip"]) <= 1 and len(s["view"]) <= 1 and len(s["bar"]) <= 1, seen
            assert len(s["tools"]) <= 1, seen
        # It watched the computers at it: frames at more than a few of their turns.
        assert seen[-1]["frames"] > 30 and seen[-1]["turns"] >= 6, seen


def test_a_narrow_card_shows_the_last_move_whole(browser, site):
    """Eight players on a laptop: a card is too narrow for "drew, played 9-0" (it read "drew,
    play..."): it shows the last move alone, whole; the earlier ones are in the log."""
    for page, open_app in guarded_app(browser, site, viewport={"width": 1366, "height": 768}):
        assert open_app() == "ready"
        start_chicken_foot(page, 8, "Instant")
        several = 0
        for _ in range(8):
            waiting(page)
            # The words read out (a play's tile alone, for narrower cards, is aria-hidden), and those shown.
            did = page.locator("#game .seats-bar .seat-did").evaluate_all("""ds => ds.map((d) => [
              [...d.childNodes].filter((n) => n.nodeType === 3 || !n.hasAttribute('aria-hidden')).map((n) => n.textContent).join(''),
              [...d.childNodes].filter((n) => n.nodeType === 3 || n.checkVisibility()).map((n) => n.textContent).join(''),
              d.scrollWidth <= d.clientWidth + 1])""")
            assert all(whole for _, _, whole in did), did
            for text, shown, _ in did:
                if ", " in text:
                    several += 1
                    assert shown == text.split(", ")[-1], did
            mouse_step(page)
        assert several, "no seat did two things in a row"


def test_moons_trick_places_keep_their_size_on_a_phone(browser, site):
    """A phone, Moon: an empty place in the trick was 77 px tall and a played one 104, so the
    places grew and moved at every tile and every new trick. Every place, empty or played, is
    now one size."""
    for page, open_app in guarded_app(browser, site, viewport={"width": 390, "height": 844}, is_mobile=True,
                                      has_touch=True):
        assert open_app() == "ready"
        page.get_by_role("radio", name="Three-Player Moon").check()
        page.get_by_label("Computer speed").select_option(label="Instant")
        for i in (1, 2):
            page.get_by_label("Seat %d" % (i + 1), exact=True).select_option(label="Computer (easy)")
        page.get_by_role("button", name="Start game").click()
        sizes = set()
        played = 0
        for _ in range(14):
            if not mouse_step(page):
                break
            waiting(page)
            spots = page.locator("#game .played").evaluate_all(
                "ps => ps.map((p) => [p.classList.contains('empty'), Math.round(p.getBoundingClientRect().height)])")
            played += sum(1 for empty, _ in spots if not empty)
            sizes.update(h for _, h in spots if h)     # (none drawn at a hand's end)
        assert played and len(sizes) == 1, sizes
