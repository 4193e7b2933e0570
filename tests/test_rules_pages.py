"""The rules pages: every diagram replays to the position its text claims,
the generator is deterministic, and both pages render every diagram in chromium."""

import html
import importlib.util
import json
import re

import pytest

from conftest import ROOT
from engine import moon_rules, record, tiles

RULES = ROOT / "web" / "site" / "rules"
PAGES = ["chicken-foot.html", "moon.html"]
WIDGET = re.compile(r"<domino-game ([^>]*)>")
ATTR = re.compile(r'([a-z]+)="([^"]*)"')
EMBED_READY_MS = 30000


def widgets(page_name):
    text = (RULES / page_name).read_text(encoding="utf-8")
    return [{k: html.unescape(v) for k, v in ATTR.findall(m)} for m in WIDGET.findall(text)]


def diagram(src):
    data = json.loads((RULES / src).read_text(encoding="utf-8"))
    return data, data["embed"]["step"]


def last_trick(game):
    v = game.view(0)
    assert v["trick"] == [], "the diagram stops right after a trick"
    trick = v["tricks"][-1]
    seats = [(trick["leader"] + i) % 3 for i in range(3)]
    return v, trick, [tiles.parse(t) for t in trick["tiles"]], seats


def check_cf_opening(game, data):
    assert game.players == 4 and game.view(0)["spokes"] == 0
    end = record.replay(data, 7)
    history = end.view(0)["history"]
    assert [a for _, a in history] == ["9-1>9-9", "draw", "pass", "9-4>9-9", "draw", "9-7>9-9", "9-5>9-9"]
    assert [s for s, _ in history] == [0, 1, 1, 2, 3, 3, 0]
    assert end.view(0)["spokes"] == 4 == end.view(0)["spokes_needed"]


def check_cf_foot(game, data):
    v = game.view(0)
    assert v["open_foot"] is None
    before = record.replay(data, game.action_count() - 1).view(0)
    assert before["open_foot"]["needed"] == 1
    double = [e for e in v["table"] if e["tile"] == before["open_foot"]["tile"]][0]
    assert double["toes"] == 3


def check_cf_stuck(game, data):
    v = game.view(0)
    foot = v["open_foot"]
    assert foot and foot["needed"] >= 1
    tail = []
    for seat, action in reversed(v["history"]):
        if ">" in action:
            break
        tail.append((seat, action))
    assert {seat for seat, action in tail if action == "pass"} == set(range(game.players))


def check_cf_blocked(game, data):
    assert game.phase() == "round-over"
    v = game.view(0)
    assert min(v["hand_sizes"]) > 0 and v["yard_size"] <= v["yard_reserve"]
    assert game.round_scores()[-1] == [sum(tiles.pips(tiles.parse(t)) for t in game.view(s)["hand"])
                                       for s in range(game.players)]


def check_moon_widow(game, data):
    assert game.phase() == "trump"
    v = game.view(0)
    assert v["bidder"] == 0 and v["widow"] == data["rounds"][0]["widow"] and v["discard"]
    assert data["embed"]["hand"] == "1"


def check_moon_follow(game, data):
    v, trick, ids, seats = last_trick(game)
    trump = moon_rules.trump_code(v["trump"])
    hi, lo = tiles.ends(ids[0])
    assert hi != lo and not moon_rules.is_trump(ids[0], trump)
    assert moon_rules.led_suit(ids[0], trump) == hi
    assert hi in tiles.ends(ids[1]) and lo not in tiles.ends(ids[1])
    assert trick["winner"] == seats[1]


def check_moon_trump(game, data):
    v, trick, ids, seats = last_trick(game)
    trump = moon_rules.trump_code(v["trump"])
    assert v["trump"] not in ("none", "doubles") and not moon_rules.is_trump(ids[0], trump)
    assert moon_rules.is_trump(ids[seats.index(trick["winner"])], trump)


def check_moon_doubles(game, data):
    v, trick, ids, seats = last_trick(game)
    assert v["trump"] == "doubles" and not tiles.is_double(ids[0])
    assert tiles.is_double(ids[seats.index(trick["winner"])])


def check_moon_made(game, data):
    v = game.view(0)
    assert v["tricks_won"][v["bidder"]] >= v["bid"] and game.round_scores()[-1][v["bidder"]] == v["bid"]


def check_moon_failed(game, data):
    v = game.view(0)
    assert v["tricks_won"][v["bidder"]] < v["bid"] and game.round_scores()[-1][v["bidder"]] == -v["bid"]


def check_moon_shoot(game, data):
    v = game.view(0)
    assert v["bid"] == 21 and v["tricks_won"][v["bidder"]] == 7 and game.is_over()


CHECKS = {
    "diagrams/cf-opening.json": check_cf_opening,
    "diagrams/cf-foot.json": check_cf_foot,
    "diagrams/cf-stuck-double.json": check_cf_stuck,
    "diagrams/cf-blocked.json": check_cf_blocked,
    "diagrams/moon-widow.json": check_moon_widow,
    "diagrams/moon-follow.json": check_moon_follow,
    "diagrams/moon-trump.json": check_moon_trump,
    "diagrams/moon-doubles.json": check_moon_doubles,
    "diagrams/moon-made.json": check_moon_made,
    "diagrams/moon-failed.json": check_moon_failed,
    "diagrams/moon-shoot.json": check_moon_shoot,
}


def test_every_diagram_shows_what_the_text_claims():
    used = []
    for page_name in PAGES:
        for attrs in widgets(page_name):
            data, step = diagram(attrs["src"])
            if "step" in attrs:
                step = int(attrs["step"])
            game = record.replay(data, step)
            CHECKS[attrs["src"]](game, data)
            used.append(attrs["src"])
    assert sorted(used) == sorted(CHECKS)


def test_the_generator_rewrites_the_same_files(tmp_path, monkeypatch):
    spec = importlib.util.spec_from_file_location("make_diagrams", RULES / "make_diagrams.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    monkeypatch.setattr(module, "OUT", tmp_path)
    module.main()
    made = sorted(p.name for p in tmp_path.glob("*.json"))
    assert made == sorted(p.name for p in (RULES / "diagrams").glob("*.json"))
    for name in made:
        assert (tmp_path / name).read_bytes() == (RULES / "diagrams" / name).read_bytes(), name


def test_the_game_page_links_the_rules():
    index = (ROOT / "index.html").read_text(encoding="utf-8")
    assert 'href="./rules/chicken-foot.html"' in index and 'href="./rules/moon.html"' in index


@pytest.mark.browser
@pytest.mark.parametrize("page_name", PAGES)
def test_rules_page_renders_every_diagram(page, site, page_name):
    page.goto(site + "rules/" + page_name)
    expected = len(widgets(page_name))
    assert expected >= 4
    assert page.locator("domino-game").count() == expected
    # Frames start as their diagram comes near the viewport (and far ones may
    # be released): check each as the reader reaches it.
    for i, attrs in enumerate(widgets(page_name)):
        element = page.locator("domino-game").nth(i)
        element.scroll_into_view_if_needed()
        element.locator("iframe").wait_for(state="attached", timeout=EMBED_READY_MS)
        frame = element.frame_locator("iframe")
        frame.locator("html[data-embed-state='ready'], html[data-embed-state='error']").wait_for(
            state="attached", timeout=EMBED_READY_MS)
        assert frame.locator("html").get_attribute("data-embed-state") == "ready", attrs["src"]
        data, step = diagram(attrs["src"])
        total = sum(len(r["actions"]) for r in data["rounds"])
        assert "step %d of %d" % (step, total) in frame.locator(".status").inner_text()
        assert frame.locator("#caption").inner_text() == attrs["caption"]
        assert frame.get_by_role("button", name="Forward").count() == 1


# The smallest tile a diagram may draw (CSS px on its short side): the game
# page's floor for its desktop table (README, "Chicken Foot table layout").
DIAGRAM_TILE_PX = 14


def ready_diagram(page, i):
    """``(element, frame locator)`` of the page's diagram ``i``, scrolled to and shown."""
    element = page.locator("domino-game").nth(i)
    element.scroll_into_view_if_needed()
    element.locator("iframe").wait_for(state="attached", timeout=EMBED_READY_MS)
    frame = element.frame_locator("iframe")
    frame.locator("html[data-embed-state='ready']").wait_for(state="attached", timeout=EMBED_READY_MS)
    return element, frame


@pytest.fixture
def sized_page(browser, page_watch, request):
    from conftest import guarded_page

    width, height, mobile = request.param
    yield from guarded_page(browser, page_watch, viewport={"width": width, "height": height},
                            is_mobile=mobile, has_touch=mobile)


@pytest.mark.browser
@pytest.mark.parametrize("sized_page", [(390, 844, True), (1366, 768, False)], indirect=True,
                         ids=["phone", "desktop"])
def test_chicken_foot_diagrams_draw_tiles_big_enough_to_read(sized_page, site):
    """A narrow frame lays the table out in the phone's narrow shape (web/embed/frame.py's
    NARROW): fitted to the wide shape a 390 px phone drew tiles 7-10 px on their short side."""
    page = sized_page
    page.goto(site + "rules/chicken-foot.html")
    for i in range(len(widgets("chicken-foot.html"))):
        _element, frame = ready_diagram(page, i)
        # Each tile's box as drawn (a turned tile's box is larger than the tile, never smaller).
        shorts = frame.locator("svg.table-svg svg.tile").evaluate_all(
            "els => els.map(e => { const r = e.getBoundingClientRect(); return Math.min(r.width, r.height); })")
        assert shorts, "diagram %d draws no table tiles" % i
        assert min(shorts) >= DIAGRAM_TILE_PX, "diagram %d: a tile %.1f px on its short side" % (i, min(shorts))
        # ...and the picture stays within the frame's width (nothing cut at the side).
        sizes = frame.locator("svg.table-svg").evaluate(
            "s => [s.getBoundingClientRect().right, document.documentElement.clientWidth]")
        assert sizes[0] <= sizes[1] + 0.5, "diagram %d is wider than its frame" % i


@pytest.mark.browser
@pytest.mark.parametrize("sized_page", [(390, 844, True)], indirect=True, ids=["phone"])
def test_a_phones_opening_diagram_draws_its_tiles_as_the_game_does(sized_page, site):
    """The opening diagram on a phone: its lone centre double was drawn 16 px across (the game's
    narrow picture, which the game's table zooms into and a diagram does not). Each step of a
    narrow diagram's round now has the scale its last step needs: tiles 26 px or more here, the
    same at every step, so the table does not jump as it grows."""
    page = sized_page
    page.goto(site + "rules/chicken-foot.html")
    _element, frame = ready_diagram(page, 0)
    per_step = []
    forward = frame.get_by_role("button", name="Forward")
    while True:
        per_step.append(frame.locator("svg.table-svg g[data-tile]:not([data-on]) svg.tile").evaluate(
            "e => Math.min(e.getBoundingClientRect().width, e.getBoundingClientRect().height)"))
        if not forward.is_enabled():
            break
        before = frame.locator(".status").inner_text()
        forward.click()
        frame.locator(".status").filter(has_not_text=before).wait_for(timeout=EMBED_READY_MS)
    assert len(per_step) >= 5
    assert min(per_step) >= 26 and max(per_step) - min(per_step) < 0.5, per_step


# Where a diagram's status, picture and steps lie in the page's viewport (px): the frame's
# box plus what is inside it.
SEEN_TOGETHER = """(frame) => {
  const box = frame.getBoundingClientRect();
  const doc = frame.contentDocument;
  const picture = doc.querySelector('svg.table-svg, .moon').getBoundingClientRect();
  const status = doc.querySelector('.status').getBoundingClientRect();
  const forward = doc.getElementById('forward').getBoundingClientRect();
  return {status: box.top + status.top, picture: [box.top + picture.top, box.top + picture.bottom],
          forward: box.top + forward.bottom, step: doc.documentElement.dataset.step};
}"""


@pytest.mark.browser
@pytest.mark.parametrize("page_name", PAGES)
@pytest.mark.parametrize("lang", ["en", "lv"])
@pytest.mark.parametrize("sized_page", [(844, 390, True)], indirect=True, ids=["phone-on-its-side"])
def test_a_diagram_and_its_steps_fit_a_phone_on_its_side(sized_page, site, page_name, lang):
    """On a phone on its side (390 px high) each diagram, its top at the screen's top, shows its
    status, its whole picture and Forward on the screen at once, step after step: Forward lay
    60-110 px below it, so that every step meant scrolling down to it and back up to the
    picture.  The frame puts its steps beside the status and fits the picture to the host's
    viewport (embed.js posts its height); Chicken Foot's tiles stay 14 px or more."""
    page = sized_page
    page.goto(site + "rules/" + page_name + "?lang=" + lang)
    for i in range(len(widgets(page_name))):
        element, frame = ready_diagram(page, i)
        element.evaluate("e => e.scrollIntoView({block: 'start'})")
        iframe = element.locator("iframe")
        for _ in range(4):
            seen = iframe.evaluate(SEEN_TOGETHER)
            assert seen["status"] >= 0 and seen["picture"][0] >= 0, (i, seen)
            assert seen["picture"][1] <= 390 and seen["forward"] <= 390, (i, seen)
            shorts = frame.locator("svg.table-svg svg.tile").evaluate_all(
                "els => els.map(e => { const r = e.getBoundingClientRect(); return Math.min(r.width, r.height); })")
            assert not shorts or min(shorts) >= DIAGRAM_TILE_PX, (i, seen["step"], min(shorts))
            forward = frame.locator("#forward")
            if not forward.is_enabled():
                break
            forward.click()
            frame.locator("html[data-step='%d']" % (int(seen["step"]) + 1)).wait_for(
                state="attached", timeout=EMBED_READY_MS)
            element.evaluate("e => e.scrollIntoView({block: 'start'})")


CUT_TEXT = """() => [...document.querySelectorAll('.status, .widow span, .move')]
  .filter((e) => e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1)
  .map((e) => [e.className, e.textContent, e.scrollWidth, e.clientWidth, e.scrollHeight, e.clientHeight])"""


@pytest.mark.browser
@pytest.mark.parametrize("page_name", PAGES)
@pytest.mark.parametrize("sized_page", [(360, 640, True)], indirect=True, ids=["small-phone"])
def test_a_narrow_diagram_cuts_no_status(sized_page, site, page_name):
    """At 360 px in Swahili (long words) every diagram's status (its step: "hatua 12 kati ya
    14", once cut to "hatua…"), widow line and move show whole, wrapping if need be."""
    page = sized_page
    page.goto(site + "rules/" + page_name + "?lang=sw")
    for i in range(len(widgets(page_name))):
        _element, frame = ready_diagram(page, i)
        assert frame.locator("html").get_attribute("lang") == "sw"
        assert frame.locator("html").evaluate(CUT_TEXT) == [], "diagram %d" % i
        # ...and its steps are a finger's size on a touch screen.
        heights = frame.locator(".embed-controls button").evaluate_all(
            "bs => bs.map(b => b.getBoundingClientRect().height)")
        assert heights and min(heights) >= 44, "diagram %d: %s" % (i, heights)


@pytest.mark.browser
@pytest.mark.parametrize("path", ["rules/chicken-foot.html", "rules/record.html", "embed-help.html"])
@pytest.mark.parametrize("sized_page", [(390, 844, True)], indirect=True, ids=["phone"])
def test_code_in_the_text_is_drawn_near_the_texts_size(sized_page, site, path):
    """A tile's name ("9-9") or a field's in the prose is drawn at least 85 % of its paragraph's
    size: "monospace" alone as the family made it 11.7 px in 16 px text."""
    page = sized_page
    page.goto(site + path)
    sizes = page.evaluate("""() => [...document.querySelectorAll('main p code, main td code')].map((c) =>
      [c.textContent, parseFloat(getComputedStyle(c).fontSize) / parseFloat(getComputedStyle(c.parentElement).fontSize)])""")
    assert sizes, path
    small = [(text, round(ratio, 2)) for text, ratio in sizes if ratio < 0.85]
    assert small == [], small


SITE_PAGES = ["rules/chicken-foot.html", "rules/moon.html", "rules/record.html", "embed-help.html"]


@pytest.mark.browser
@pytest.mark.parametrize("path", SITE_PAGES)
@pytest.mark.parametrize("sized_page", [(390, 844, True)], indirect=True, ids=["phone"])
def test_a_site_pages_links_reach_every_other_page_and_fit_a_finger(sized_page, site, path):
    """Each site page's links lead to the game and to every other site page (embed-help had no
    link to the records' page), and on a phone each is 44 px tall (they were 31)."""
    page = sized_page
    page.goto(site + path)
    links = page.evaluate("""() => [...document.querySelectorAll('main nav a')].map((a) => {
      const r = a.getBoundingClientRect(); return [new URL(a.href).pathname, r.width, r.height]; })""")
    reached = {target.lstrip("/") for target, _, _ in links}
    assert reached == {""} | set(SITE_PAGES) - {path}, links
    small = [(target, round(w), round(h)) for target, w, h in links if w < 44 or h < 44]
    assert small == [], small


# Each tile name ("6-2", "12-0") in the site pages' code blocks, with the number of lines its
# text is drawn on (the distinct tops of its Range's boxes), and whether the page scrolls sideways.
PRE_TILE_LINES = r"""() => {
  const found = [];
  for (const pre of document.querySelectorAll('main pre')) {
    const walker = document.createTreeWalker(pre, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const m of node.data.matchAll(/(?<![\w-])\d{1,2}-\d{1,2}(?![\w-])/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        found.push([m[0], new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size]);
      }
    }
  }
  return {found, wide: document.documentElement.scrollWidth};
}"""


@pytest.mark.browser
@pytest.mark.parametrize("sized_page", [(390, 844, True), (360, 640, True)], indirect=True,
                         ids=["phone", "small-phone"])
def test_a_tile_name_in_a_code_block_is_never_split(sized_page, site):
    """The record page's JSON examples wrap on a phone: Chromium breaks a line after a hyphen
    even between digits, so "6-2" was drawn as `"6-` over `2"` (10 tile names in the Moon example
    at 390 px, 3 at 360). Every tile name in every code block is on one line, and the page still
    does not scroll sideways."""
    page = sized_page
    width = page.viewport_size["width"]
    seen = 0
    for path in SITE_PAGES:
        page.goto(site + path)
        got = page.evaluate(PRE_TILE_LINES)
        split = [name for name, lines in got["found"] if lines != 1]
        assert split == [], (path, split)
        assert got["wide"] <= width, (path, got["wide"])
        seen += len(got["found"])
    assert seen >= 50, seen      # the two JSON examples hold 52


# Each diagram's bottom (its element, or what it shows when that is taller) and the top of what
# follows it on the page (the next element after the diagram or after the figure holding it).
DIAGRAM_GAPS = """() => [...document.querySelectorAll('main domino-game')].map((d) => {
  const outer = d.parentElement.tagName === 'FIGURE' ? d.parentElement : d;
  const bottom = Math.max(d.getBoundingClientRect().bottom,
                          ...[...d.children].map((c) => c.getBoundingClientRect().bottom));
  return [d.getAttribute('src') || d.getAttribute('record').slice(0, 12),
          outer.nextElementSibling.getBoundingClientRect().top - bottom];
})"""


def settled_gaps(page, url):
    """DIAGRAM_GAPS of the page at ``url`` once each diagram has been reached and shown (or has
    said why not: embed-help shows one failing on purpose)."""
    page.goto(url)
    count = page.locator("main domino-game").count()
    for i in range(count):
        element = page.locator("main domino-game").nth(i)
        element.scroll_into_view_if_needed()
        element.locator("iframe").wait_for(state="attached", timeout=EMBED_READY_MS)
        element.frame_locator("iframe").locator(
            "html[data-embed-state='ready'], html[data-embed-state='error']").wait_for(
            state="attached", timeout=EMBED_READY_MS)
    return page.evaluate(DIAGRAM_GAPS)


@pytest.mark.browser
@pytest.mark.parametrize("sized_page", [(390, 844, True), (1366, 768, False)], indirect=True,
                         ids=["phone", "desktop"])
def test_the_help_pages_diagrams_keep_the_rules_pages_room_below_them(sized_page, site):
    """On embed-help.html the heading under each diagram touched it (0 px, 3 places, the
    failing example's box included): its diagrams were not in a <figure> as the rules pages'
    are. Each now has the room the rules pages give theirs (19 px), 12 px at the least."""
    page = sized_page
    rules = [gap for _, gap in settled_gaps(page, site + "rules/moon.html")]
    help_gaps = settled_gaps(page, site + "embed-help.html")
    assert len(help_gaps) == 3
    assert min(rules) >= 12, rules
    close = [(name, round(gap, 1)) for name, gap in help_gaps if gap < min(rules) - 0.5]
    assert close == [], (close, min(rules))


@pytest.mark.browser
@pytest.mark.no_pyodide
@pytest.mark.parametrize("sized_page", [(1366, 768, False), (390, 844, True)], indirect=True,
                         ids=["desktop", "phone"])
def test_the_game_pages_footer_links_are_as_tall_as_the_site_pages(sized_page, site):
    """The game page's footer links (the rules pages, embed help) were 16 px tall on a desktop
    (44 px only on a touch screen), where the site pages' links are 44 px everywhere: a small
    target for a mouse or a stylus on a touch laptop. They are 44 px at 1366 and 390 alike, and
    still one row on the desktop."""
    from conftest import app_url, wait_for_state, APP_READY_TIMEOUT_MS

    page = sized_page
    page.goto(app_url(site))
    assert wait_for_state(page, "app-state", APP_READY_TIMEOUT_MS) == "ready"
    links = page.evaluate("""() => [...document.querySelectorAll('footer.site-footer nav a')].map((a) => {
      const r = a.getBoundingClientRect(); return [a.getAttribute('href'), r.top, r.height]; })""")
    assert [href for href, _, _ in links] == ["./rules/chicken-foot.html", "./rules/moon.html", "./embed-help.html"]
    small = [(href, round(h)) for href, _, h in links if h < 44]
    assert small == [], small
    if page.viewport_size["width"] >= 1000:
        assert len({round(top) for _, top, _ in links}) == 1, links


# Each table tile of a diagram as drawn (px): its long and short side, from its rectangle
# (getBBox of its <g data-tile>, UI-CONTRACT.md) and the scale its getScreenCTM puts on screen
# (a turned tile's getBoundingClientRect is larger than the tile); and what the open foot's
# dashed ring draws round it: its stroke and how many dashes go round.
DRAWN_TILES = """(doc) => {
  const scale = (e) => { const m = e.getScreenCTM(); return Math.hypot(m.a, m.b); };
  const tiles = [...doc.querySelectorAll('svg.table-svg g[data-tile]')].map((g) => {
    const b = g.getBBox(), s = scale(g);
    return [g.dataset.tile, Math.max(b.width, b.height) * s, Math.min(b.width, b.height) * s];
  });
  const rings = [...doc.querySelectorAll('svg.table-svg .ring-foot')].map((r) => {
    const style = getComputedStyle(r);
    const fixed = style.vectorEffect === 'non-scaling-stroke' || r.getAttribute('vector-effect') === 'non-scaling-stroke';
    const s = scale(r), k = fixed ? 1 : s;
    const dashes = style.strokeDasharray.split(/[ ,]+/).map(parseFloat).reduce((a, b) => a + b, 0) * k;
    const round = 2 * (r.width.baseVal.value + r.height.baseVal.value) * s;
    return {stroke: parseFloat(style.strokeWidth) * k, dashes: round / dashes};
  });
  const svg = doc.querySelector('svg.table-svg').getBoundingClientRect();
  return {tiles, rings, right: svg.right, width: doc.documentElement.clientWidth};
}"""

# A tile's long side on a rules diagram (px), at the least: the 41-tile line of the stuck
# double drew 30 px long at 1366x768 (the desktop game's region, sized for a 984 px box, in a
# 688 px frame) and 32 px on a phone (the game phone's region, sized for a view it zooms).
DIAGRAM_TILE_LONG_PX = 40


@pytest.mark.browser
@pytest.mark.parametrize("sized_page", [(1366, 768, False), (390, 844, True)], indirect=True,
                         ids=["desktop", "phone"])
def test_a_rules_diagram_draws_its_tiles_at_least_40_px_long(sized_page, site):
    """Every Chicken Foot diagram, at the step it opens at, draws each tile 40 px long or more
    (the stuck double's long line: 29.5 px at 1366x768 and 31.9 at 390x844 before; 43.9 and
    42.0 now), within its frame and with no sideways scrolling of the page; and the open foot's
    dashed ring reads as a ring: its stroke at most a sixth of its tile's short side and a dozen
    dashes or more round it (on a desktop it kept a 5 px stroke and 12 px dashes round a 15x30 px
    tile: about five gold blobs)."""
    page = sized_page
    page.goto(site + "rules/chicken-foot.html")
    rings = 0
    for i in range(len(widgets("chicken-foot.html"))):
        element, frame = ready_diagram(page, i)
        got = element.locator("iframe").evaluate("(f) => (%s)(f.contentDocument)" % DRAWN_TILES)
        assert got["tiles"], "diagram %d draws no table tiles" % i
        name, long_px, _ = min(got["tiles"], key=lambda t: t[1])
        assert long_px >= DIAGRAM_TILE_LONG_PX, "diagram %d: %s drawn %.1f px long" % (i, name, long_px)
        assert got["right"] <= got["width"] + 0.5, "diagram %d is wider than its frame" % i
        short_px = min(t[2] for t in got["tiles"])
        for ring in got["rings"]:
            rings += 1
            assert ring["stroke"] <= short_px / 6, (i, ring, short_px)
            assert ring["dashes"] >= 12, (i, ring)
    assert rings >= 2      # the stuck double's and the blocked round's open feet
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


# Where each of ``pattern``'s matches in a code block's text is drawn: the match and the number
# of lines it takes (the distinct tops of its Range's boxes; a match may cross the nowrap spans).
PRE_MATCH_LINES = r"""([pattern, only]) => {
  const found = [];
  for (const pre of document.querySelectorAll('main pre')) {
    const text = pre.textContent;
    if (only && !text.startsWith(only)) continue;
    const nodes = [];
    const walker = document.createTreeWalker(pre, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(), at = 0; n; at += n.data.length, n = walker.nextNode()) nodes.push([n, at]);
    const point = (offset, end) => {
      for (const [n, at] of nodes) {
        if (offset < at + n.data.length || (end && offset === at + n.data.length)) return [n, offset - at];
      }
    };
    for (const m of text.matchAll(new RegExp(pattern, 'g'))) {
      const range = document.createRange();
      range.setStart(...point(m.index, false));
      range.setEnd(...point(m.index + m[0].length, true));
      found.push([m[0], new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size]);
    }
  }
  return found;
}"""

CSP_EXAMPLE = ("Content-Security-Policy: default-src 'self'; script-src 'self' https://YOUR-BONEYARD-SITE/; "
               "frame-src https://YOUR-BONEYARD-SITE/")


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["en", "lv"])
@pytest.mark.parametrize("sized_page", [(390, 844, True), (360, 640, True)], indirect=True,
                         ids=["phone", "small-phone"])
def test_a_code_block_never_splits_a_hyphenated_name(sized_page, site, lang):
    """embed-help's CSP example broke "frame-" over "src" at 390 px (and "YOUR-" over
    "BONEYARD-SITE/;" at 360), its CSS "min-" over "height:": Chromium breaks a line after a
    hyphen. Each word of the CSP example is drawn on one line, and so is every hyphenated name
    in every site page's code blocks, the text copied staying exactly what it was (the real
    hyphen, no other character standing in), and the page does not scroll sideways."""
    page = sized_page
    for path in SITE_PAGES:
        page.goto(site + path + "?lang=" + lang)
        split = [name for name, lines in page.evaluate(PRE_MATCH_LINES, [r"(?<![\w-])[A-Za-z]+(?:-[A-Za-z]+)+", None])
                 if lines != 1]
        assert split == [], (path, split)
        assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"], path
    page.goto(site + "embed-help.html?lang=" + lang)
    words = page.evaluate(PRE_MATCH_LINES, [r"\S+", "Content-Security-Policy:"])
    assert " ".join(word for word, _ in words) == CSP_EXAMPLE
    assert [word for word, lines in words if lines != 1] == []
    copied = page.locator("main pre", has_text="Content-Security-Policy:").evaluate("(pre) => pre.textContent")
    assert copied == CSP_EXAMPLE


# The heading under the page's last diagram: where it stands in the viewport, and the diagram's
# top and height.
UNDER_LAST = """() => { const all = document.querySelectorAll('domino-game'), d = all[all.length - 1];
  let h = (d.closest('figure') || d).nextElementSibling; while (h && !/^H[23]$/.test(h.tagName)) h = h.nextElementSibling;
  return [Math.round(h.getBoundingClientRect().top), Math.round(d.getBoundingClientRect().top),
          Math.round(d.getBoundingClientRect().height)]; }"""


@pytest.mark.browser
@pytest.mark.parametrize("sized_page", [(390, 844, True)], indirect=True, ids=["phone"])
def test_a_diagram_drawn_above_the_reader_moves_nothing_they_read(sized_page, site):
    """rules/chicken-foot.html on a phone, opened and taken to its end (as a link to its scoring
    would): the last diagram, its top above the screen, grew from the room kept for it (544 px)
    to its height (973) as it drew, and the heading under it, which the reader was reading,
    went down 429 px with no input: the browser's scroll anchoring kept the first thing on
    screen, the growing diagram's figure, where it was. embed.js now scrolls by the growth."""
    page = sized_page
    page.goto(site + "rules/chicken-foot.html")
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    before = page.evaluate(UNDER_LAST)
    assert before[1] < 0 < before[0] < 844, before      # the premise: the diagram's top above the screen
    last = page.locator("domino-game").last
    last.locator("iframe").wait_for(state="attached", timeout=EMBED_READY_MS)
    last.frame_locator("iframe").locator("html[data-embed-state='ready']").wait_for(state="attached",
                                                                                   timeout=EMBED_READY_MS)
    page.wait_for_timeout(500)
    after = page.evaluate(UNDER_LAST)
    assert after[2] != before[2], (before, after)      # ...and its height changed
    assert abs(after[0] - before[0]) <= 2, (before, after)


# Each link of a row of links: [x, y, w, h] of the strips a dot would take before it and after it, and
# whether it begins its line; read by INK from a screenshot.
LINK_STRIPS = """(nav) => { const k = devicePixelRatio, links = [...nav.querySelectorAll('a')];
  const em = parseFloat(getComputedStyle(nav).fontSize);
  return links.map((a, i) => { const r = a.getBoundingClientRect();
    const first = i === 0 || links[i - 1].getBoundingClientRect().top < r.top - 4;
    const last = i === links.length - 1 || links[i + 1].getBoundingClientRect().top > r.top + 4;
    const strip = (x) => [Math.round(x * k), Math.round((r.top + r.height * 0.25) * k), Math.round(0.8 * em * k),
                          Math.round(r.height * 0.5 * k)];
    return {first, last, before: strip(r.left - 0.85 * em), after: strip(r.right + 0.05 * em)}; }); }"""

# How many pixels of a strip of a PNG screenshot differ from the strip's first one (a dot: several).
INK = """async ([png, strips]) => {
  %s
  return strips.map(([x, y, w, h]) => { const d = g.getImageData(x, y, w, h).data; let n = 0;
    for (let i = 0; i < d.length; i += 4) {
      if (Math.abs(d[i] - d[0]) + Math.abs(d[i + 1] - d[1]) + Math.abs(d[i + 2] - d[2]) > 60) n++; }
    return n; });
}"""


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["en", "lv", "sq"])
@pytest.mark.parametrize("path", ["", "rules/moon.html", "embed-help.html"])
def test_a_row_of_links_never_ends_a_line_with_a_dot(browser, page_watch, site, path, lang):
    """390x844: the site's rows of links ("Chicken Foot rules · Moon rules · ...") wrap, and a line
    ended in a dot ("Moon rules ·"), the next link alone below it. A dot is drawn between two links
    on one line only: never at a line's end or start."""
    import base64

    from conftest import guarded_page
    from helpers import PNG_CANVAS

    for page in guarded_page(browser, page_watch, viewport={"width": 390, "height": 844}, is_mobile=True,
                             has_touch=True, service_workers="block"):
        page.goto(site + path + "?pyodide=off&lang=" + lang)
        page.wait_for_function("() => document.documentElement.dataset.i18nState === 'ready'", timeout=30000)
        nav = page.locator("nav[aria-label]").first
        nav.scroll_into_view_if_needed()
        links = nav.evaluate(LINK_STRIPS)
        assert any(link["first"] for link in links[1:]), "the row did not wrap: %s" % links
        png = base64.b64encode(page.screenshot()).decode()
        blank = page.context.new_page()     # (the site's CSP allows no data: image to decode it)
        ink = blank.evaluate(INK % PNG_CANVAS, [png, [x for link in links for x in (link["before"], link["after"])]])
        blank.close()
        for k, link in enumerate(links):
            before, after = ink[2 * k], ink[2 * k + 1]
            assert (before > 0) == (not link["first"]), (k, link, before)     # a dot between two links
            if link["last"]:
                assert after == 0, (k, link, after)                          # none after a line's last
