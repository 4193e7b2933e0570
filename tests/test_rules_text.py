"""The words of the rules pages, the record format page and the embed help.

The English text lives in the pages and in en.json alike; every language
keeps each sentence's numbers and its marked-up parts; the pages state what
RULES.md and the engine say (the end of a Moon game above all); each
language uses one word per concept; the translated pages keep their markup
in the browser.
"""

import json
import re

import pytest

from conftest import ROOT
from test_i18n_browser import BROWSER_LANGS     # the languages the browser visits (every one's text is checked here)
from engine import chickenfoot, moon, record
from page_text import elements, marked_texts, marks, parse, plain, squash, walk

LANGS = ["en", "sq", "lv", "sw"]
SITE = ROOT / "web" / "site"
RULES_PAGES = ["rules/chicken-foot.html", "rules/moon.html"]
PAGES = RULES_PAGES + ["rules/record.html", "embed-help.html"]
DIGITS = re.compile(r"\d+")
# The one code part whose words are translated: the example reason on the
# record page, which each language gives in its own engine's words.
REPORT = "rules.record.report"


def catalog(lang):
    return json.loads((ROOT / "web" / "i18n" / (lang + ".json")).read_text(encoding="utf-8"))


CATALOGS = {lang: catalog(lang) for lang in LANGS}


def page(name):
    return (SITE / name).read_text(encoding="utf-8")


def page_keys(name):
    return sorted(marked_texts(page(name)))


def rule_keys():
    return sorted(k for k in CATALOGS["en"] if k.startswith("rules."))


# --- the catalogs hold the pages' text ----------------------------------------

@pytest.mark.parametrize("name", PAGES)
def test_the_english_catalog_is_the_page_text(name):
    """en.json says what the page says, its markup written as marks (what i18n.js fills)."""
    wrong = []
    for key, texts in sorted(marked_texts(page(name)).items()):
        assert len(set(texts)) == 1, "%s is used with two texts" % key
        if CATALOGS["en"].get(key) != texts[0]:
            wrong.append((key, texts[0], CATALOGS["en"].get(key)))
    assert wrong == []


@pytest.mark.parametrize("lang", LANGS[1:])
@pytest.mark.parametrize("name", PAGES)
def test_every_language_keeps_the_marked_parts(name, lang):
    """The same marks as English (each once, nested alike), each naming a child the element has;
    code keeps its exact text."""
    problems = []
    for key, nodes in sorted(elements(page(name)).items()):
        en, other = CATALOGS["en"][key], CATALOGS[lang][key]
        if sorted(marks(other)) != sorted(marks(en)):
            problems.append((key, "marks", marks(en), marks(other)))
            continue
        children = nodes[0].children()
        if any(i >= len(children) for i, _ in marks(en)):
            problems.append((key, "more marks than the element has children"))
        if "<" in plain(other).replace("<html lang>", "").replace("<domino-game>", ""):
            problems.append((key, "a stray mark", other))
        for i, child in enumerate(children):
            if child.tag == "code" and key != REPORT:
                if code_part(other, i) != code_part(en, i):
                    problems.append((key, i, code_part(en, i), code_part(other, i)))
    assert problems == []


def code_part(value, index):
    found = re.search(r"<%d>([\s\S]*?)</%d>" % (index, index), value)
    return found.group(1) if found else None


def test_the_record_example_reason_is_each_languages_own():
    """The invalid-record example on the record page is the reason the engine gives,
    worded as the page's language words it."""
    data = json.loads(example(page("rules/record.html"), "example-moon"))
    data["rounds"][0]["actions"][3] = "discard 6-1"
    with pytest.raises(record.RecordError) as err:
        record.replay(data)
    assert str(err.value) == "round 0, action 3: you do not hold 6-1"
    assert str(err.value) in CATALOGS["en"][REPORT]
    # (The page states the engine's report, which counts from 0 as the record's arrays do; the
    # game page's own alert counts from 1, in record.at_action's words.)
    for lang in LANGS:
        c = CATALOGS[lang]
        said = code_part(c[REPORT], 2)
        assert said.endswith(": " + c["engine.not_held"].format(tile="6-1")), lang
        assert re.findall(r"\d+", said.split(": ")[0]) == ["0", "3"], lang


@pytest.mark.parametrize("lang", LANGS[1:])
def test_every_rule_sentence_keeps_its_numbers(lang):
    """Hand sizes, 10 rounds, 21, 4-7, 50, 22 tiles, tiles like 6-4: the same numbers in every language."""
    wrong = []
    for key in rule_keys():
        want = sorted(DIGITS.findall(plain(CATALOGS["en"][key])))
        got = sorted(DIGITS.findall(plain(CATALOGS[lang][key])))
        if key == REPORT:
            continue   # the example reason is worded (and numbered) by each language's engine messages
        if got != want:
            wrong.append((key, want, got))
    assert wrong == []


# --- what the English pages state ---------------------------------------------

def test_the_deal_states_the_engines_hand_sizes_and_rounds():
    deal = CATALOGS["en"]["rules.cf.deal"]
    sizes = ", ".join("%d with %d" % (chickenfoot.HAND_SIZES[n], n) for n in range(3, chickenfoot.MAX_PLAYERS + 1))
    assert "%d tiles each with 2 players, %s." % (chickenfoot.HAND_SIZES[2], sizes) in deal
    assert "A match has %d rounds." % chickenfoot.ROUNDS in CATALOGS["en"]["rules.cf.rounds"]
    assert "%d to %d players" % (chickenfoot.MIN_PLAYERS, chickenfoot.MAX_PLAYERS) in CATALOGS["en"]["rules.cf.intro"]
    assert "a house rule can ask for more, up to %d" % chickenfoot.MAX_SPOKES in CATALOGS["en"]["rules.cf.spokes"]
    assert moon.BIDS == [4, 5, 6, 7, 21]
    assert "4, 5, 6 or 7" in CATALOGS["en"]["rules.moon.bid"] and "or 21" in CATALOGS["en"]["rules.moon.bid"]


OLD_MOON_END = {"en": "past 21", "sq": "kalon 21", "lv": "pārsniedz 21", "sw": "kupita alama 21"}
OR_MORE = {"en": "21 points or more", "sq": "21 pikë ose më shumë", "lv": "21 punkts vai vairāk",
           "sw": "alama 21 au zaidi"}


@pytest.mark.parametrize("lang", LANGS)
def test_the_end_of_a_moon_game_is_stated_as_the_engine_ends_it(lang):
    """After a hand: a made 21 wins; else 21 *or more* with a score higher than every other's
    wins; else another hand (a tie at the top plays on).  The old "past 21" fails here."""
    c = CATALOGS[lang]
    end = c["rules.moon.end"]
    assert moon.WIN_SCORE == 21
    assert OR_MORE[lang] in end
    for key in rule_keys():
        assert OLD_MOON_END[lang] not in c[key], key
    if lang == "en":
        assert "a made bid of 21 wins the game at once" in end
        assert "one player's score is higher than every other player's" in end
        assert "a tie for the highest score plays on" in end


# Each rule of RULES.md as the English page puts it, in the order a player meets it.
CF_RULES = [
    "2 to 8 players with a double-nine set (55 tiles)",
    "A match has 10 rounds. Round 1 is played on the double-nine",
    "down to the double-blank (<1>0-0</1>) in round 10",
    "the players take turns drawing 1 tile at a time until someone draws the round's double; that player plays first",
    "In round 1 the drawing starts with the first seat; in each later round, with the seat after the one that started it",
    "Then the double goes to the centre and the other tiles are shuffled again and dealt",
    "The tiles left over are the <0>chicken yard</0>",
    "1 per player (a house rule can ask for more, up to 8)",
    "the only play is a tile with the centre's number, laid against the centre",
    "The centre takes exactly that many trains, never more.",
    "you play 1 tile per turn, on any open end whose number it matches",
    "A tile that is not a double then offers 1 open end: its other number.",
    "needs 3 <0>toes</0>: 3 tiles with its number, before a tile may be played anywhere else",
    "the only plays are toes on that double",
    "does not play again this turn; the following players must cover it",
    "A toe is never a double, so only 1 double is open at a time.",
    "If you can play, you may not draw.",
    "you draw 1 tile from the yard: if it can be played you must play it (on any end where it fits), otherwise you pass",
    "1 tile with 3 or more players, 2 with 2 players (a house rule can change it)",
    "A player who cannot play and cannot draw passes.",
    "After every play or pass the round ends at once if the player who just played has no tiles left",
    "the yard is down to its reserve and nobody holds a tile that could be played now",
    "The player who went out scores 0 for the round; every other player scores the pips",
    "In a blocked round everyone scores their pips.",
    "count 50 in a hand",
    "after round 10 the lowest total wins, and equal lowest totals share the win",
]
MOON_RULES = [
    "exactly 3 players",
    "without the tiles that have a blank, except the double-blank: 22 tiles",
    "each player gets 7. The 22nd tile, the <0>widow</0>, lies face down in the middle",
    "The suits are the numbers 0 to 6; suit 0 holds only <0>0-0</0>.",
    "belongs to the suits of both its numbers; a double belongs to 1 suit only",
    "the double ranks highest, then the other tiles by their other number, downward: suit 6 is <1>6-6</1>, <2>6-5</2>",
    "The first bidder of the first hand is chosen at random; with each new hand the first bidder is the next seat clockwise",
    "each player once either passes or bids higher than the highest bid so far",
    "A bid of 21 ends the bidding at once.",
    "If all 3 pass, nobody plays the hand: it scores 0 for everyone and the next hand is dealt.",
    "discards any 1 of their 8 tiles face down, the widow included; the discard is out of play",
    "names trumps: a suit from 0 to 6, <0>doubles</0>, or no trumps",
    "The bidder leads the first trick; the winner of each trick leads the next.",
    "calls for the suit of its higher number (a double: its own number)",
    "must play a tile of the suit led if they have one, otherwise any tile, a trump included",
    "With no trump played, the highest tile of the suit led wins the trick.",
    "Trump tiles belong to the trump suit only and rank in it the same way",
    "A trump led calls for trumps: you must play one if you can. The highest trump played wins the trick.",
    "the 7 doubles are the trump suit, <1>6-6</1> highest down to <2>0-0</2>, and belong to no number suit",
    "All 7 tricks are always played.",
    "(a bid of 21 needs all 7), they score the bid, nothing extra for more tricks; otherwise they lose the bid",
    "Each other player scores 1 point per trick they won, whatever the bidder did. Scores can go negative.",
    "After each hand is scored: a made bid of 21 wins the game at once.",
]


@pytest.mark.parametrize("name, rules", [("rules/chicken-foot.html", CF_RULES), ("rules/moon.html", MOON_RULES)])
def test_every_rule_is_stated_once_in_playing_order(name, rules):
    texts = marked_texts(page(name))
    order = [k for k in texts if k.startswith("rules.") and ".minute" not in k]
    body = [squash(CATALOGS["en"][k]) for k in order]
    full = " | ".join(body)
    at = -1
    for rule in rules:
        assert full.count(rule) == 1, rule
        found = full.index(rule)
        assert found > at, "out of order: " + rule
        at = found


@pytest.mark.parametrize("name", RULES_PAGES)
def test_the_one_minute_box_comes_first_and_links_to_the_full_rules(name):
    root = parse(page(name))
    main = [n for n in walk(root) if n.tag == "main"][0]
    kids = main.children()
    tags = [(n.tag, n.attrs.get("class", "")) for n in kids]
    box = [i for i, (tag, cls) in enumerate(tags) if tag == "aside" and "rules-minute" in cls]
    headings = [i for i, (tag, _) in enumerate(tags) if tag == "h2"]
    assert len(box) == 1 and box[0] < headings[0]
    first_h2 = kids[headings[0]]
    assert first_h2.attrs.get("id") == "rules"
    links = [n.attrs.get("href") for n in walk(kids[box[0]]) if n.tag == "a"]
    assert links == ["#rules"]
    items = [n for n in walk(kids[box[0]]) if n.tag == "li"]
    assert 4 <= len(items) <= 6


# --- one word per concept -----------------------------------------------------

# Words a language had for a concept it names otherwise (the seeds' words win).
RETIRED = {
    "sq": [r"ngjyr", r"marrjet", r"\bofrues", r"Luaj nga këtu", r"këmbë pule\b", r"\bdor[aëe]n? (?:e tanishme|ka mbaruar)"],
    "lv": [r"partij", r"par vairāk nekā papildus", r"jāliek trumpji\."],
    "sw": [r"(?<![\w-])[Mm]bili ya katikati", r"\baina\b", r"mbili ndiyo kubwa", r"mbili saba", r"ana mbili tano",
           r"mkono halisi", r"Kufunika mbili\"?$"],
}


@pytest.mark.parametrize("lang", LANGS[1:])
def test_one_word_per_concept(lang):
    found = []
    for key, value in sorted(CATALOGS[lang].items()):
        for text in (value.values() if isinstance(value, dict) else [value]):
            for word in RETIRED[lang]:
                if re.search(word, text):
                    found.append((key, word))
    assert found == []


SEED_TERMS = {
    "sq": {"rules.cf.minute_foot": "këmbën e pulës", "rules.cf.deal": "oborri i pulës", "rules.moon.suits": "kostum",
           "rules.moon.widow": "atu", "rules.moon.bid": "ofertuesi", "rules.moon.play": "truk"},
    "lv": {"rules.cf.minute_foot": "vistas kāju", "rules.cf.deal": "vistu pagalms", "rules.moon.suits": "mast",
           "rules.moon.trumps": "trump", "rules.moon.bid": "solītāj"},
    "sw": {"rules.cf.minute_foot": "mguu wa kuku", "rules.cf.deal": "yadi ya kuku", "rules.moon.suits": "rangi",
           "rules.moon.trumps": "turufu", "rules.moon.bid": "zabuni"},
}


@pytest.mark.parametrize("lang", LANGS[1:])
def test_the_seeds_terms_are_used(lang):
    c = CATALOGS[lang]
    assert [k for k, term in sorted(SEED_TERMS[lang].items()) if term not in c[k]] == []
    # "Play from here" is named as the button names it.
    assert '"%s"' % c["replay.play_here"] in c["help.attr_controls"]
    # The double that is laid does not "never play again": it is this turn.
    assert {"sq": "në këtë radhë", "lv": "šajā gājienā", "sw": "katika zamu hii"}[lang] in c["rules.cf.foot"]


def test_swahili_doubles_are_never_a_bare_two():
    """sw "mbili" alone reads as "two": a double is written mbili-mbili (or mbili-tisa ...)."""
    ok = {"zote mbili", "mara mbili", "namba mbili"}
    bad = []
    for key in rule_keys():
        text = plain(CATALOGS["sw"][key])
        for m in re.finditer(r"(?<![\w-])(\w+ )?[Mm]bili(?![\w-])", text):
            if m.group(0).lower() not in ok:
                bad.append((key, m.group(0)))
    assert bad == []


# --- the record page ----------------------------------------------------------

def example(text, ident):
    import html
    found = re.search(r'<code id="%s">([\s\S]*?)</code>' % ident, text)
    # The text a reader copies: without the spans that keep tile names whole.
    return html.unescape(re.sub(r"</?span[^>]*>", "", found.group(1)))


def test_the_record_pages_moon_example_replays_to_its_scores():
    data = json.loads(example(page("rules/record.html"), "example-moon"))
    game = record.replay(data)
    assert game.round_scores() == [data["rounds"][0]["scores"]] == [[5, 0, 1]]
    diagram = json.loads((SITE / "rules" / "diagrams" / "moon-made.json").read_text(encoding="utf-8"))
    assert data["rounds"] == diagram["rounds"]


def test_the_record_page_names_every_field_as_rules_md_does():
    text = page("rules/record.html")
    codes = {squash(n.parts[0]) for n in walk(parse(text)) if n.tag == "code" and n.parts and isinstance(n.parts[0], str)}
    spec = (ROOT.parent.parent / "shared" / "RULES.md")
    fields = ["format", "game", "players", "names", "options", "rounds", "double", "first", "hands", "yard",
              "actions", "scores", "widow", "spokes", "yard_reserve", "double_blank_50", "embed"]
    assert [f for f in fields if f not in codes] == []
    if spec.is_file():   # the authority, when this checkout sits beside it
        for f in fields[:-1]:
            assert "`%s`" % f in spec.read_text(encoding="utf-8") or '"%s"' % f in spec.read_text(encoding="utf-8"), f
    cf = json.loads(example(text, "example-cf"))
    assert sorted(cf) == ["format", "game", "names", "options", "players", "rounds"]
    assert sorted(cf["rounds"][0]) == ["actions", "double", "first", "hands", "scores", "yard"]
    assert sorted(cf["options"]) == sorted(chickenfoot.ChickenFoot.default_options(4))


def test_the_record_page_is_linked_shipped_and_precached():
    import build

    assert "web/site/rules/record.html" in (ROOT / "README.md").read_text(encoding="utf-8")
    for name in RULES_PAGES:
        assert 'href="./record.html"' in page(name)
    assert 'href="./rules/record.html"' in page("embed-help.html")
    files = build.plan()
    assert "rules/record.html" in files
    sw = build.service_worker(files).decode("utf-8")
    assert '"./rules/record.html"' in sw


# --- in the browser -----------------------------------------------------------

MARKUP = """() => Array.from(document.querySelectorAll('main [data-i18n]')).map(el => ({
    key: el.dataset.i18n,
    tags: Array.from(el.querySelectorAll('*')).map(c => c.tagName + (c.getAttribute('href') ? ' ' + c.getAttribute('href') : '')),
    code: Array.from(el.querySelectorAll('code')).map(c => c.textContent),
    text: el.textContent}))"""


def markup_of(page_, site, name, lang):
    page_.goto(site + name + "?lang=" + lang)
    page_.wait_for_function("() => document.documentElement.dataset.i18nState === 'ready'")
    assert page_.get_attribute("html", "lang") == lang
    return {e["key"]: e for e in page_.evaluate(MARKUP)}


# The English pages' markup, read once per process for every language's test (each page load starts its diagrams).
ENGLISH_MARKUP = {}


@pytest.mark.browser
@pytest.mark.parametrize("lang", BROWSER_LANGS)
def test_markup_survives_translation_in_the_browser(page, site, lang):
    """<em>, <strong>, <code> and links stay on the translated pages, the links with their
    href, the code with its text, and no mark shows as text."""
    for name in PAGES:
        if (site, name) not in ENGLISH_MARKUP:
            ENGLISH_MARKUP[(site, name)] = markup_of(page, site, name, "en")
        english = ENGLISH_MARKUP[(site, name)]
        other = markup_of(page, site, name, lang)
        assert sorted(other) == sorted(english)
        for key, en in sorted(english.items()):
            got = other[key]
            assert sorted(got["tags"]) == sorted(en["tags"]), (name, key)
            if key != REPORT:
                assert sorted(got["code"]) == sorted(en["code"]), (name, key)
            assert not re.search(r"</?\d+/?>", got["text"]), (name, key)
            assert squash(got["text"]) == squash(plain(CATALOGS[lang][key])), (name, key)
        if name in RULES_PAGES:
            assert sum(len(e["tags"]) for e in other.values()) >= 8, name


@pytest.mark.browser
@pytest.mark.parametrize("width, height", [(1366, 768), (390, 844)])
def test_the_one_minute_box_is_on_the_first_screen(page, site, width, height):
    page.set_viewport_size({"width": width, "height": height})
    for name in RULES_PAGES:
        for lang in ("en", "sw"):
            page.goto(site + name + "?lang=" + lang)
            page.wait_for_function("() => document.documentElement.dataset.i18nState === 'ready'")
            box = page.locator(".rules-minute").bounding_box()
            assert box["y"] < height * 0.6, (name, lang, box)
            assert box["x"] >= 0 and box["x"] + box["width"] <= width, (name, lang, box)
            assert page.evaluate("document.documentElement.scrollWidth") <= width, (name, lang)
            page.locator(".rules-minute a[href='#rules']").click()
            page.wait_for_function("() => location.hash === '#rules'")
            top = page.locator("h2#rules").bounding_box()["y"]
            assert -1 <= top < height / 2, (name, lang, top)   # scrolled to the heading (sub-pixel)


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["en", "sw"])
def test_the_pages_fit_a_phone(page, site, lang):
    """At 390 px nothing on the rules, record or embed-help pages sticks out sideways
    (long field names like double_blank_50 in a table included)."""
    page.set_viewport_size({"width": 390, "height": 844})
    for name in PAGES:
        page.goto(site + name + "?lang=" + lang)
        page.wait_for_function("() => document.documentElement.dataset.i18nState === 'ready'")
        right = page.evaluate("Math.max(...Array.from(document.querySelectorAll('main *'))"
                              ".map(e => e.getBoundingClientRect().right))")
        assert right <= 390 and page.evaluate("document.documentElement.scrollWidth") <= 390, (name, right)


@pytest.mark.browser
@pytest.mark.parametrize("lang", LANGS[1:])
def test_the_record_page_speaks_the_language(page, site, lang):
    """No English prose left on the translated record page (its code stays as written)."""
    from test_i18n_browser import prose_english_left

    page.goto(site + "rules/record.html?lang=" + lang)
    page.wait_for_function("() => document.documentElement.dataset.i18nState === 'ready'")
    assert page.get_attribute("html", "lang") == lang
    assert prose_english_left(page, lang) == []
    assert page.title() == CATALOGS[lang]["rules.record.title"]


TRANSLATE = """async (cat) => {
    const i18n = await import('/web/i18n.js');
    const box = document.createElement('div');
    box.innerHTML = '<p data-i18n="k">a <em>b</em> <a href="/ok" class="c">c <code>d</code></a></p>'
        + '<p data-i18n="plain">old <strong>x</strong></p><p data-i18n="none">t</p>';
    document.body.append(box);
    i18n.translate(cat, box);
    const p = box.querySelector('[data-i18n=k]');
    const result = {
        html: p.innerHTML, text: p.textContent, imgs: box.querySelectorAll('img').length,
        plain: box.querySelector('[data-i18n=plain]').innerHTML,
        none: box.querySelector('[data-i18n=none]').innerHTML};
    box.remove();
    return result;
}"""


@pytest.mark.browser
def test_translate_builds_the_marked_parts_from_the_page_never_from_the_catalog(page, site):
    """Marks take the page's own elements (a link keeps its href, nested marks work), <N/>
    keeps an element as it is, a mark naming no element leaves its words, and markup
    written in a catalog stays text."""
    page.goto(site + "rules/moon.html")
    page.wait_for_function("() => document.documentElement.dataset.i18nState === 'ready'")
    got = page.evaluate(TRANSLATE, {
        "k": 'X <1>Y <0>Z</0></1> <img src=x onerror="alert(1)"> <0/> <7>W</7>.',
        "plain": "<b>new</b> & more",
        "none": "<0>q</0>"})
    assert got["html"] == ('X <a href="/ok" class="c">Y <code>Z</code></a> &lt;img src=x onerror="alert(1)"&gt; '
                           '<em>b</em> W.')
    assert got["imgs"] == 0
    assert got["plain"] == "&lt;b&gt;new&lt;/b&gt; &amp; more"
    assert got["none"] == "&lt;0&gt;q&lt;/0&gt;"
