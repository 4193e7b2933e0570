"""The app in Albanian, Latvian and Swahili: no English left on the page, a few moves of each game.

With BONEYARD_SHOTS set to a folder, screenshots of each language's screens go
there (tests/helpers.shot).
"""

import json
import re
from pathlib import Path

import pytest

from conftest import APP_READY_TIMEOUT_MS, WORKER_READY_TIMEOUT_MS, app_url, guarded_page, wait_for_state
from engine import record as records
from sizes import examples
from tests.helpers import shot
from engine.rng import Rng
from test_ui import reload_with_save

from app import session as sess

pytestmark = [pytest.mark.browser, pytest.mark.no_pyodide]   # tests/conftest.py: ?pyodide=off

ROOT = Path(__file__).resolve().parent.parent
CATALOGS = ROOT / "web" / "i18n"
LANGS = ["sq", "lv", "sw"]
# The browser tests of each language (one code path, the catalog aside; tests/test_i18n.py
# checks every catalog without a browser): Albanian and Latvian (the longest words) in CI,
# Swahili as well at nightly size (tests/sizes.py).
BROWSER_LANGS = examples(["sq", "lv"], LANGS)
NAMES = ["Ana", "Ben", "Cleo"]
PEOPLE = NAMES + ["Dev"]    # hot-seat names (a four-player table too)
# Shown as is in every language: the product, the language names, names.
KEEP = {"boneyard", "english", "shqip", "latviešu", "kiswahili", "json"} | {n.lower() for n in PEOPLE}
WORD = re.compile(r"[^\W\d_]+")


def catalog(lang):
    return json.loads((CATALOGS / (lang + ".json")).read_text(encoding="utf-8"))


def words_of(data):
    out = set()
    for value in data.values():
        for text in (value.values() if isinstance(value, dict) else [value]):
            out.update(w.lower() for w in WORD.findall(re.sub(r"\{[a-z_]+\}", " ", text)))
    return out


def english_left(page, lang):
    """English catalog words on the page that the language's own catalog does not use."""
    english = words_of(catalog("en")) - words_of(catalog(lang)) - KEEP
    text = page.inner_text("body")
    labels = page.eval_on_selector_all("[aria-label]", "els => els.map(e => e.getAttribute('aria-label'))")
    found = set()
    for chunk in [text] + labels:
        found.update(w for w in WORD.findall(chunk) if w.lower() in english)
    return sorted(found)


def save_after_round(game_name, players):
    """A save whose game has just finished its first round (first legal action each time)."""
    game = records.new_game(game_name, players, None, NAMES[:players])
    game.start_round(game.new_deal(Rng(7)))
    while game.phase() not in ("round-over", "game-over"):
        game.apply(game.legal_actions()[0])
    setup = {"game": game_name, "players": players, "seats": ["human"] * 8, "names": NAMES + ["D", "E", "F", "G", "H"],
             "speed": "instant", "options": {}, "seed": 1}
    return json.dumps({"v": 1, "setup": setup, "record": records.dumps(game.record())})


def open_in(page, site, lang):
    page.goto(app_url(site, "?lang=" + lang))
    assert wait_for_state(page, "app-state", APP_READY_TIMEOUT_MS) == "ready"
    page.wait_for_function("() => document.documentElement.dataset.i18nState === 'ready'")
    assert page.get_attribute("html", "lang") == lang


def start_hot_seat(page, lang, game, players):
    t = catalog(lang)
    page.get_by_role("radio", name=t["game." + game]).check()
    if players != 3 or game == "chicken_foot":
        page.get_by_label(t["setup.players"], exact=True).fill(str(players))
        page.get_by_label(t["setup.players"], exact=True).press("Tab")
    for i in range(players):
        page.get_by_label(t["setup.seat"].format(n=i + 1), exact=True).select_option(label=t["seat.human"])
        page.get_by_label(t["setup.name"].format(n=i + 1), exact=True).fill(PEOPLE[i])
    page.get_by_role("button", name=t["setup.start"]).click()


def reveal(page, t):
    """At a person's turn (hot seat), show their hand if it is hidden."""
    page.wait_for_function("() => document.documentElement.dataset.waitingFor === 'human'")
    show = page.locator("#game").get_by_role("button", name=t["pass.show"])
    if show.count():
        show.click()


def act(page, lang):
    """One move by whoever is to act (hot seat): reveal, then an action or a playable tile."""
    game = page.locator("#game")
    reveal(page, catalog(lang))
    places = game.locator(".places button:not([disabled])")
    if places.count():
        places.first.click()
        return
    tiles = game.locator(".hand button:not([disabled])")
    actions = game.locator(".actions button:not([disabled])")
    if tiles.count():
        tiles.first.click()
        if game.locator(".places button").count():
            game.locator(".places button").first.click()
    else:
        # Past the first action (Moon's Pass): three passes would end the round.
        actions.nth(1 if actions.count() > 1 else 0).click()


@pytest.mark.parametrize("lang", BROWSER_LANGS)
def test_app_speaks_the_language(page, site, lang):
    t = catalog(lang)
    open_in(page, site, lang)
    assert english_left(page, lang) == []
    shot(page, "%s-setup" % lang)
    # Chicken Foot, two people on one screen: a few moves, the reasons a tile cannot be played.
    start_hot_seat(page, lang, "chicken_foot", 2)
    for _ in range(4):
        act(page, lang)
    reveal(page, t)
    why = page.locator("#game .why-btn")
    if why.count():
        why.click()
        assert page.locator("#why").inner_text().strip()
    assert page.get_by_role("button", name=t["tools.undo"]).count() == 1
    assert english_left(page, lang) == []
    shot(page, "%s-chicken-foot" % lang)
    # Moon: bids are named in the language ("Bid 5" translated).
    page.get_by_role("button", name=t["tools.new_game"]).click()
    start_hot_seat(page, lang, "moon", 3)
    page.wait_for_function("() => document.documentElement.dataset.waitingFor === 'human'")
    show = page.get_by_role("button", name=t["pass.show"])
    if show.count():
        show.click()
    assert page.get_by_role("button", name=t["action.bid"].format(bid=5)).count() == 1
    for _ in range(4):
        act(page, lang)
    assert english_left(page, lang) == []
    shot(page, "%s-moon" % lang)


@pytest.mark.parametrize("lang", BROWSER_LANGS)
def test_round_summary_speaks_the_language(page, site, lang):
    open_in(page, site, lang)
    # Both games' summaries in one page: each from its save, this tab's game
    # (the one before) forgotten so that the save is the one resumed.
    for game, players in (("chicken-foot", 2), ("moon", 3)):
        page.evaluate("text => { sessionStorage.clear(); localStorage.clear();"
                      " localStorage.setItem('boneyard.save', text); }", save_after_round(game, players))
        open_in(page, site, lang)
        page.wait_for_selector("#game .summary")
        assert records.loads(page.evaluate("window.boneyard.record()"))["game"] == game
        assert page.get_by_role("button", name=catalog(lang)["summary.next_round"]).count() == 1, game
        assert english_left(page, lang) == [], game
        shot(page, "%s-%s-summary" % (lang, game))


def test_picker_choice_is_remembered(page, site):
    open_in(page, site, "sw")
    page.goto(site)
    assert wait_for_state(page, "app-state", APP_READY_TIMEOUT_MS) == "ready"
    assert page.get_attribute("html", "lang") == "sw"
    page.select_option("#lang-select", "lv")
    page.wait_for_function("() => document.documentElement.lang === 'lv' && "
                           "document.documentElement.dataset.appState === 'ready'")
    assert page.get_by_role("button", name=catalog("lv")["setup.start"]).count() == 1


# --- the rules pages, embed-help.html and the embeds ---------------------------

STATIC_PAGES = ["rules/chicken-foot.html", "rules/moon.html", "embed-help.html"]
EMBED_READY_MS = 30000


def prose_english_left(page, lang):
    """As english_left, apart from code samples (attribute names and markup stay as written)."""
    english = words_of(catalog("en")) - words_of(catalog(lang)) - KEEP
    text = page.evaluate("""() => {
        const body = document.body.cloneNode(true);
        for (const el of body.querySelectorAll("pre, code, select")) el.remove();
        return body.textContent;
    }""")
    labels = page.eval_on_selector_all("[aria-label]", "els => els.map(e => e.getAttribute('aria-label'))")
    return sorted({w for chunk in [text, page.title()] + labels for w in WORD.findall(chunk) if w.lower() in english})


def first_frame_ready(page):
    page.locator("domino-game iframe").first.scroll_into_view_if_needed()
    page.wait_for_function(
        "() => { const f = document.querySelector('domino-game iframe');"
        " const s = f?.contentDocument?.documentElement?.dataset.embedState;"
        " return s === 'ready' || s === 'error'; }", timeout=EMBED_READY_MS)
    return page.frame_locator("domino-game >> nth=0 >> iframe")


@pytest.mark.parametrize("lang", BROWSER_LANGS)
def test_rules_and_embed_help_speak_the_language(page, site, lang):
    t = catalog(lang)
    for name in STATIC_PAGES:
        page.goto(site + name + "?lang=" + lang)
        page.wait_for_function("() => document.documentElement.dataset.i18nState === 'ready'")
        assert page.get_attribute("html", "lang") == lang
        assert prose_english_left(page, lang) == [], name
        frame = first_frame_ready(page)
        assert frame.locator("html").get_attribute("data-embed-state") == "ready", name
        assert frame.locator("html").get_attribute("lang") == lang
        assert frame.get_by_role("button", name=t["replay.forward"]).count() == 1
        caption = page.locator("domino-game").first.get_attribute("caption")
        assert frame.locator("#caption").inner_text() == caption and caption in t.values()
        frame_text = frame.locator("body").inner_text()
        english = words_of(catalog("en")) - words_of(catalog(lang)) - KEEP - {"dev"}
        assert sorted({w for w in WORD.findall(frame_text) if w.lower() in english}) == [], name


@pytest.mark.parametrize("lang", BROWSER_LANGS)
def test_embed_error_speaks_the_language(page, site, lang):
    from engine import share

    game = records.new_game("chicken-foot", 2, None, NAMES[:2])
    game.start_round(game.new_deal(Rng(3)))
    rec = game.record()
    rec["rounds"][0]["actions"] = ["pass"]   # illegal: the player can play
    page.goto(site + "embed.html?lang=%s&record=%s" % (lang, share.encode(rec)))
    page.wait_for_function("() => document.documentElement.dataset.embedState === 'error'", timeout=EMBED_READY_MS)
    assert page.get_attribute("html", "lang") == lang
    text = page.locator("#embed-error").inner_text()
    t = catalog(lang)
    assert text.startswith(t["embed.error"].split("{")[0])
    assert t["record.at_action"].split("{")[0] in text
    english = words_of(catalog("en")) - words_of(catalog(lang)) - KEEP
    assert sorted({w for w in WORD.findall(text) if w.lower() in english}) == []


def test_picker_on_the_rules_pages_and_embed_help(page, site):
    for name in STATIC_PAGES:
        page.goto(site + name + "?lang=sq")
        page.wait_for_function("() => document.documentElement.dataset.i18nState === 'ready'")
        page.select_option("#lang-select", "lv")
        page.wait_for_function("() => document.documentElement.lang === 'lv' && "
                               "document.documentElement.dataset.i18nState === 'ready'")
        h1 = page.locator("h1").get_attribute("data-i18n")
        assert page.locator("h1").inner_text() == catalog("lv")[h1]
    page.goto(site + "rules/moon.html")
    page.wait_for_function("() => document.documentElement.dataset.i18nState === 'ready'")
    assert page.get_attribute("html", "lang") == "lv"   # remembered


# What a phone's play screen cuts, in the page's own measure: text wider than its box.
CUT = """() => [...document.querySelectorAll('#game .status-line, #game .seat-info, #game .seat-info .fact, #g-tools button')]
  .filter(e => e.offsetParent && e.scrollWidth > e.clientWidth + 1)
  .map(e => e.className + ': ' + e.textContent.trim() + ' (' + e.scrollWidth + ' > ' + e.clientWidth + ' px)')"""


@pytest.mark.parametrize("game,players", [("chicken_foot", 4), ("moon", 3)])
@pytest.mark.parametrize("lang", BROWSER_LANGS)
def test_a_phone_cuts_no_status_and_no_seat_facts(phone, site, lang, game, players):
    """On a 390 px phone the status line (the game's title left out) and each seat card's
    tiles and score show whole in the longer languages: a card too narrow wraps between
    its facts (web/style.css), where Latvian once read "7 kauliņi, pu…"."""
    page = phone
    open_in(page, site, lang)
    start_hot_seat(page, lang, game, players)
    for _ in range(4):
        act(page, lang)
    reveal(page, catalog(lang))
    assert page.locator("#game .seats-bar .seat-card").count() == players - 1
    assert page.evaluate(CUT) == []
    # A phone this tall keeps the cards' details (a short one keeps one line: below).
    assert page.locator("#game .seats-bar .seat-kind:visible").count() == players - 1
    if game == "chicken_foot":
        # While a tile's places are offered the cards keep one line: what does not fit ends in
        # an ellipsis, never cut off mid-word.
        several = page.locator("#game .hand button[data-targets*=' ']")
        for _ in range(40):
            reveal(page, catalog(lang))
            if several.count():
                break
            act(page, lang)
        several.first.click()
        page.wait_for_selector("#game .rack .places")
        cut = page.evaluate("""() => [...document.querySelectorAll('#game .seat-info')]
          .filter(e => e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).textOverflow !== 'ellipsis')
          .map(e => e.textContent)""")
        assert cut == []
    # The tools' row keeps every button a whole touch target (a label wraps between words, never past its edge).
    sizes = page.locator("#g-tools button:visible").evaluate_all(
        "bs => bs.map(b => [b.textContent.trim(), b.getBoundingClientRect().width, b.getBoundingClientRect().height])")
    assert sizes and all(w >= 44 and h >= 44 for _, w, h in sizes), sizes
    # The title is left out, the round is there.
    assert catalog(lang)["game." + game] not in page.locator("#g-status").inner_text()


@pytest.fixture
def short_phone(browser, page_watch):
    """A 360x640 phone: about what a browser's bars leave of a taller phone's screen."""
    yield from guarded_page(browser, page_watch, viewport={"width": 360, "height": 640},
                            device_scale_factor=2, is_mobile=True, has_touch=True)


SHORT_PHONE = """() => {
  const cards = [...document.querySelectorAll('#game .seat-card')];
  const why = document.querySelector('#game .action-row .why-btn');
  const act = document.querySelector('#game .action-row .actions button');
  return {view: document.getElementById('cf-view').getBoundingClientRect().height,
          lines: cards.map((c) => c.getBoundingClientRect().height / c.querySelector('.seat-name').getBoundingClientRect().height),
          kinds: cards.filter((c) => c.querySelector('.seat-kind').offsetParent).length,
          cut: cards.filter((c) => { const i = c.querySelector('.seat-info'); return i.scrollWidth > i.clientWidth + 1; })
            .map((c) => c.textContent),
          counts: [...document.querySelectorAll('#game .seats-bar .fact.count')].map((f) => getComputedStyle(f, '::before').content),
          row: why && act ? [why.getBoundingClientRect().top, act.getBoundingClientRect().top] : null};
}"""


def test_a_short_phone_gives_the_table_its_height(short_phone, site):
    """At 360x640 in Latvian, four players: every seat card keeps one line with its tile count
    whole, in the strip as a number and a tile ("11 kauliņu" did not fit; the score, in the
    side panel, left out), and "why can't I play" shares its row
    with Draw or Pass: the table keeps at least 230 px of height at every turn, where the
    cards' three lines and a row of its own for the question once left it 115 px."""
    page = short_phone
    open_in(page, site, "lv")
    start_hot_seat(page, "lv", "chicken_foot", 4)
    shared = 0
    for _ in range(14):
        reveal(page, catalog("lv"))
        m = page.evaluate(SHORT_PHONE)
        assert m["view"] >= 230, m
        assert max(m["lines"]) < 1.9 and m["kinds"] == 0, m
        assert m["cut"] == [] and m["counts"] and all(re.fullmatch(r'"\d+" / ""', c) for c in m["counts"]), m
        if m["row"]:
            assert abs(m["row"][0] - m["row"][1]) < 2, m
            shared += 1
        act(page, "lv")
    assert shared, "no turn offered both Draw or Pass and the question"


# The status line's parts on a phone's one line: shown (on that line) or left out (the line
# under it, never shown), each whole.
STATUS_PARTS = """() => {
  const line = document.getElementById('g-status'), box = line.getBoundingClientRect();
  return {cut: line.scrollWidth > line.clientWidth + 1, text: line.textContent,
    parts: [...line.querySelectorAll('.status-part')].map((p) => { const r = p.getBoundingClientRect();
      return [p.textContent, r.top < box.bottom - 1, p.scrollWidth <= p.clientWidth + 1 && r.right <= box.right + 1]; })};
}"""


@pytest.mark.parametrize("width", [360, 300])
def test_a_phones_status_line_leaves_out_whole_parts(short_phone, site, width):
    """Latvian at 360 px read "1. kārta no 10 · pagalmā: 6 kauliņi (rezerve…": the status
    line's parts (round, yard, reserve) now each show whole or not at all, the round always,
    the last left out first (the reserve); the line keeps its one line."""
    page = short_phone
    page.set_viewport_size({"width": width, "height": 640})
    open_in(page, site, "lv")
    start_hot_seat(page, "lv", "chicken_foot", 4)
    reveal(page, catalog("lv"))
    m = page.evaluate(STATUS_PARTS)
    shown = [whole for _, on, whole in m["parts"] if on]
    assert not m["cut"] and len(m["parts"]) == 3 and m["parts"][0][1] and all(shown), m
    assert [on for _, on, _ in m["parts"]] == sorted([on for _, on, _ in m["parts"]], reverse=True), m
    assert page.locator("#g-status").evaluate("(e) => e.getBoundingClientRect().height") < 20
    if width == 300:
        assert not m["parts"][-1][1], m
    assert "rezerve 1" in m["text"]     # a screen reader still has every part


def test_a_laptops_status_line_breaks_between_its_parts(page, site):
    """Beside the tools on a laptop the status takes two lines where it must: it breaks at a
    dot, never inside a part (English at 1366 px read "yard: 7" / "tiles")."""
    open_in(page, site, "en")
    start_hot_seat(page, "en", "chicken_foot", 4)
    reveal(page, catalog("en"))
    split = {}
    wrapped = 0
    for width in range(1200, 1420, 12):
        page.set_viewport_size({"width": width, "height": 768})
        wrapped += page.locator("#g-status").evaluate("(e) => e.getBoundingClientRect().height") > 30
        lines = page.locator("#g-status .status-part").evaluate_all(
            """ps => ps.map((p) => { const words = document.createRange(); words.setStartAfter(p.firstChild);
                 words.setEndAfter(p.lastChild);    // the part's words, after its dot
                 return new Set([...words.getClientRects()].map((r) => Math.round(r.top))).size; })""")
        if max(lines) > 1:
            split[width] = lines
    assert split == {} and wrapped, wrapped      # it did take two lines at some widths


@pytest.mark.parametrize("lang", BROWSER_LANGS)
def test_a_record_that_is_not_json_is_refused_in_the_language(page, site, lang):
    """The reason is the language's own words: no parser's English detail inside it
    (MicroPython's "syntax error in JSON" once was)."""
    t = catalog(lang)
    open_in(page, site, lang)
    page.get_by_text(t["records.paste_summary"]).click()
    page.get_by_label(t["records.paste_label"]).fill('{"format": "domino-record/1", "game": "moon", "oops": ')
    page.get_by_role("button", name=t["records.load"]).click()
    alert = page.locator("#rec-error[role=alert]")
    alert.wait_for()
    own = words_of(t) | KEEP
    text = alert.inner_text()
    assert t["record.not_json"].split("{")[0].strip() in text
    assert sorted({w for w in WORD.findall(text) if w.lower() not in own}) == [], text


@pytest.mark.parametrize("lang", LANGS)
def test_a_checkbox_keeps_its_label_beside_it(short_phone, site, lang):
    """Setup's house rule at 360 px: the label wraps beside its box (in Swahili it once
    went to the line under a lone box)."""
    page = short_phone
    open_in(page, site, lang)
    # Measured together, once the status line above has its words (it once grew between two
    # measures and put the label a line under its box).
    assert wait_for_state(page, "worker-state", WORKER_READY_TIMEOUT_MS) == "ready"
    box, label = page.evaluate("""() => ['#blank50', 'label[for=blank50]'].map((s) => {
      const r = document.querySelector(s).getBoundingClientRect();
      return {x: r.x, y: r.y, width: r.width, height: r.height}; })""")
    assert label["x"] >= box["x"] + box["width"] and label["y"] < box["y"] + box["height"], (box, label)
    assert label["x"] + label["width"] <= 360


def test_the_page_modules_speak_english_without_any_catalog(page, site, page_watch):
    """Every catalog a 404 (a broken deploy): the JS modules' messages are English words put
    in by the build, never a bare key (the footer once read "pwa.progress")."""
    page.route("**/web/i18n/*.json", lambda route: route.fulfill(status=404, body=""))
    page.goto(app_url(site, "?lang=lv"))
    assert wait_for_state(page, "app-state", APP_READY_TIMEOUT_MS) == "ready"
    en = catalog("en")
    said = page.evaluate("""async () => { const m = await import('./web/i18n.js'); await m.ready;
      return [m.t('pwa.ready'), m.t('pwa.progress', {percent: 5, done: 1, total: 20}), m.t('boot.stopped')]; }""")
    assert said[0] == en["pwa.ready"] and said[2] == en["boot.stopped"], said
    assert "pwa.progress" not in said[1] and "5" in said[1], said
    # The 404s were the point (the browser logs each).
    page_watch.errors[:] = [e for e in page_watch.errors if "404" not in e]


def test_moons_last_trick_winner_keeps_the_spots_size_on_a_short_phone(short_phone, site):
    """360x640 in Swahili: the spot of the last trick's winner ("ameshinda") is drawn in the
    other spots' type and stays on the table (the game-over line's large title type once
    reached it, and its words were cut by the table's edge); the seat cards' facts are whole."""
    page = short_phone
    open_in(page, site, "sw")
    start_hot_seat(page, "sw", "moon", 3)
    for _ in range(40):
        act(page, "sw")
        reveal(page, catalog("sw"))
        if page.locator("#game .played.winner").count():
            break
    assert page.locator("#game .played.winner").count() == 1
    sizes = page.locator("#game .played").evaluate_all(
        "ps => ps.map((p) => [p.classList.contains('winner'), getComputedStyle(p).fontSize, p.getBoundingClientRect().height])")
    assert len({size for _, size, _ in sizes}) == 1, sizes
    view = page.locator("#game .moon-view").evaluate("(v) => [v.scrollHeight, v.clientHeight]")
    assert view[0] <= view[1] + 1, (view, sizes)
    # Every seat card's facts whole, the score too (the strip's "mizunguko 0, a..." lost it).
    cut = page.locator("#game .seat-card .seat-info").evaluate_all(
        "is => is.filter((i) => i.scrollWidth > i.clientWidth + 1).map((i) => i.textContent)")
    assert cut == [] and page.locator("#game .seat-card").count() == 3, cut


def cf_save(players, seed=7, tiles=20):
    """A Chicken Foot game of ``players`` (the person and medium computers) once ``tiles`` are on the table."""
    setup = sess.default_setup()
    setup.update(game="chicken-foot", players=players, seats=["human"] + ["medium"] * (players - 1),
                 speed="instant", seed=seed)
    s = sess.Session(setup)
    s.deal()
    while not (s.to_act() == 0 and len(s.game.view(0)["table"]) >= tiles):
        s.apply(s.game.view(s.to_act())["legal"][-1])
    return s


# What a card's last move says to a screen reader (not aria-hidden, not display: none) and to the
# eye (not clipped to a pixel either).
DID = """() => [...document.querySelectorAll('#game .seats-bar .seat-did')].map((d) => {
  const nodes = [...d.childNodes].filter((n) => n.nodeType === 3 || n.checkVisibility());
  return {heard: nodes.filter((n) => n.nodeType === 3 || !n.hasAttribute('aria-hidden')).map((n) => n.textContent).join(''),
          seen: nodes.filter((n) => n.nodeType === 3 || n.getBoundingClientRect().width > 1).map((n) => n.textContent).join(''),
          whole: d.scrollWidth <= d.clientWidth + 1}; })"""


@pytest.mark.parametrize("players,width", [(5, 360), (4, 360), (8, 390)])
def test_a_narrow_card_shows_a_play_as_its_tile(browser, page_watch, site, players, width):
    """A third of a phone (73 to 89 px inside a card) in Latvian: "izspēlēja 5-3" (96 px) was cut
    to "izspēlēja…", the tile lost; a play shows as its tile alone ("→ 5-3"), whole, and is
    still read out in words."""
    s = cf_save(players)
    t = catalog("lv")
    for page in guarded_page(browser, page_watch, viewport={"width": width, "height": 800}, is_mobile=True,
                             has_touch=True):
        open_in(page, site, "lv")
        reload_with_save(page, s.save_text())
        # Once web/seats.js has measured the strip (a strip that scrolls gets margins: its cards narrow).
        page.wait_for_function("() => document.getElementById('g-seats').dataset.scrolls !== undefined")
        did = page.evaluate(DID)
        plays = [d for d in did if re.fullmatch(r"\d-\d", d["seen"].strip())]
        assert plays and all(d["whole"] for d in did), did
        for d in plays:
            assert d["heard"] == t["play.did_played"].replace("{tile}", d["seen"].strip()), d


def moon_bidders_first_play(seed=3):
    """A Moon hand a computer won the bid of, at the person's first turn after the bidder's first
    tile (its card then says it took the widow, named trumps and played that tile)."""
    setup = sess.default_setup()
    setup.update(game="moon", seats=["human", "easy", "easy"], speed="instant", seed=seed)
    s = sess.Session(setup)
    s.deal()
    while True:
        v = s.game.view(s.to_act())
        if v["phase"] == "bidding":
            s.apply("pass" if s.to_act() == 0 or "7" not in v["legal"] else "7")
        elif s.to_act() == 0 and v["phase"] == "play" and any(seat == v["bidder"] for seat, _ in v["trick"]):
            return s
        else:
            s.apply(v["legal"][0])


@pytest.mark.parametrize("lang", ["en", "lv"])
def test_a_moon_bidders_card_says_all_it_did_on_a_laptop(browser, page_watch, site, lang):
    """1366x768: the bidder's card read "→ took the widow, trumps: 3, pla…" (284 px of words in a
    248 px line; Latvian 319), with two cards on a 1040 px table: its tile was cut off."""
    s = moon_bidders_first_play()
    for page in guarded_page(browser, page_watch, viewport={"width": 1366, "height": 768}):
        open_in(page, site, lang)
        reload_with_save(page, s.save_text())
        did = page.evaluate(DID)
        bidder = [d for d in did if d["seen"].count(",") >= 2]
        assert len(bidder) == 1 and all(d["whole"] for d in did), did
