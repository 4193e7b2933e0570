"""Embeds: the query's checks and the position's HTML on CPython, then
several <domino-game> widgets (good and malformed) on one host page in chromium."""

import html
import json
import re
import sys

import pytest

from conftest import ROOT
from engine import record, share
from engine.rng import Rng

sys.path.insert(0, str(ROOT / "web"))

from embed import options, picture  # noqa: E402

EMBED_READY_MS = 30000
EVIL = '<img src=x onerror="document.title=\'pwned\'">'


def moon_record(actions=14, names=("Ana", "Ben", "Cleo")):
    game = record.new_game("moon", 3, names=list(names))
    rng = Rng(11)
    game.start_round(game.new_deal(rng))
    for _ in range(actions):
        legal = game.legal_actions()
        bids = [a for a in legal if a in ("4", "5")]
        game.apply(bids[0] if bids else legal[rng.below(len(legal))])
    return game.record()


# --- CPython: parameters and pictures -------------------------------------------

def test_parameters_are_checked_with_reasons():
    o = options.parse({"record": "zabc", "step": "12", "hand": "2", "controls": "step,play", "caption": "Hi"})
    assert o == {"record": "zabc", "src": None, "host": False, "step": 12, "hand": 1, "controls": ["step", "play"],
                 "caption": "Hi", "analysis": False}
    # The verdict line is opt-in, a flag (embed.js passes a bare attribute as "").
    assert options.parse({"record": "z", "analysis": ""})["analysis"] is True
    assert options.parse({"src": "a.json"})["controls"] == ["step"]
    # The record from the host page (embed.js posts it); host and theme are frame.js's.
    assert options.parse({"from": "host", "host": "https://a.example", "theme": "dark"})["host"] is True
    assert options.parse({"src": "a.json", "controls": "none"})["controls"] == []
    assert options.parse({"src": "a.json", "reveal": ""})["hand"] == "reveal"
    for params, reason in [
        ({}, "no game record"),
        ({"record": "z", "src": "a"}, "either record or src"),
        ({"from": "host", "src": "a"}, "either record or src"),
        ({"from": "page"}, "from must be host"),
        ({"record": "z", "step": "-1"}, "step must be a whole number"),
        ({"record": "z", "step": "1e3"}, "step must be a whole number"),
        ({"record": "z", "hand": "0"}, "hand must be reveal, none or a seat number"),
        ({"record": "z", "hand": "all"}, "hand must be reveal"),
        ({"record": "z", "controls": "step,dance"}, "controls lists step and/or play"),
        ({"record": "z", "colour": "red"}, "unknown parameter 'colour'"),
        ({"record": "z", "analysis": "deep"}, "analysis takes no value"),
    ]:
        with pytest.raises(options.EmbedError) as caught:
            options.parse(params)
        assert reason in str(caught.value), params


def test_position_shows_the_step_and_escapes_names():
    rec = moon_record(names=("Ana", EVIL, "Cleo"))
    shown = picture.position(rec, 5, "reveal")
    assert shown["step"] == 5 and shown["total"] == 14
    assert "step 5 of 14" in shown["html"]
    assert "<img" not in shown["html"] and html.escape(EVIL, quote=True).replace("&#x27;", "&#39;") in shown["html"]
    # Seat 1's hand only: the other hands are counts.
    one = picture.position(rec, 0, 0)["details"]
    assert one.count('class="tiles"') == 1 and "7 tiles" in one
    assert picture.position(rec, 0, "none")["details"].count('class="hand-row"') == 0
    with pytest.raises(ValueError):
        picture.position(rec, 0, 3)
    with pytest.raises(record.RecordError) as caught:
        picture.position(rec, 15, "reveal")
    assert "past the record's end" in str(caught.value)


def test_a_chicken_foot_positions_note_is_words_not_markup():
    """The note under a Chicken Foot diagram (spokes the centre still needs, a foot to cover)
    is HTML from the page's board: the diagram once escaped it again, and a rules page showed
    '<span class="spokes-note">The centre 9-9 needs 4 more spokes first.</span>'."""
    game = record.new_game("chicken-foot", 4, names=["Ana", "Ben", "Cleo", "Dan"])
    rng = Rng(11)
    game.start_round(game.new_deal(rng))
    notes = set()
    while game.current_seat() is not None and len(notes) < 40:
        rec = game.record()
        shown = picture.position(rec, len(rec["rounds"][0]["actions"]), "none")["html"]
        assert "&lt;" not in shown
        notes.update(re.findall(r'<p class="note">(.*?)</p>', shown))
        legal = game.legal_actions()
        game.apply(legal[rng.below(len(legal))])
    words = [html.unescape(re.sub(r"<[^>]+>", "", n)) for n in notes]
    assert any("needs 4 more spokes first" in w for w in words), words
    assert any(w.startswith("The foot on ") for w in words), words


def test_a_moon_positions_widow_and_discard_each_sit_beside_their_words():
    """"Widow: 4-1; discarded: 4-4" then one picture, of 4-1: read as the discard's. Each
    tile is now drawn beside the words that name it."""
    rec = moon_record(actions=14)
    shown = picture.position(rec, 14, "reveal")["html"]
    parts = re.findall(r'<div class="widow-part"><span>(.*?)</span>(<div class="tiles".*?)</div></div>', shown)
    parts = [(re.sub(r"<[^>]+>", "", words), pic) for words, pic in parts]   # a tile's name kept whole in a span
    assert [p[0].split(":")[0] for p in parts] == ["Widow", "Discarded"], shown
    for words, pic in parts:
        tile = words.split(": ")[1]
        assert re.search(r'class="tile"[^>]*aria-label="%s"' % tile, pic), (words, pic)
    assert parts[0][0] == "Widow: " + rec["rounds"][0]["widow"]


def test_last_move_is_described():
    rec = moon_record()
    assert picture.last_move(rec, 0) == ""
    first = rec["rounds"][0]["first"]
    assert picture.last_move(rec, 1).startswith(rec["names"][first] + " ")
    cut = picture.record_until(rec, 6)
    assert sum(len(r["actions"]) for r in cut["rounds"]) == 6


# --- chromium: a host page with several embeds ------------------------------------

def bad_record():
    rec = moon_record()
    rec["rounds"][0]["actions"][4] = "9-9"
    return rec


def host_page(site):
    good = share.encode(moon_record())
    widgets = [
        ('good', {"record": good, "step": "3", "controls": "step,play", "caption": "First " + EVIL}),
        ('file', {"src": "rules/diagrams/cf-foot.json", "step": "5", "hand": "none", "controls": "none"}),
        ('garbage', {"record": "not-a-record"}),
        ('illegal', {"record": share.encode(bad_record()), "step": "2"}),
        ('badstep', {"record": good, "step": "three"}),
        ('far', {"record": good, "step": "99"}),
        ('away', {"src": "rules/diagrams/cf-foot.json", "record": good}),
        ('missing', {"src": "rules/diagrams/no-such.json"}),
        ('empty', {}),
    ]
    parts = []
    for wid, attrs in widgets:
        text = " ".join('%s="%s"' % (k, html.escape(v, quote=True)) for k, v in attrs.items())
        parts.append('<domino-game id="%s" %s></domino-game>' % (wid, text))
    return """<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="%s">
<title>Host</title><script type="module" src="%sembed.js"></script></head>
<body><h1 id="host-title">A page about dominoes</h1>%s<p id="after">The host page goes on.</p></body></html>""" % (
        html.escape(__import__("build").CSP, quote=True), site, "\n".join(parts))


@pytest.fixture
def host(page, site, page_watch):
    requests = []
    page.on("request", lambda r: requests.append(r.url))
    page.route(site + "test-host.html", lambda route: route.fulfill(
        status=200, content_type="text/html; charset=utf-8", body=host_page(site)))
    page.goto(site + "test-host.html")
    yield page, requests
    # The "missing" widget's record file is a 404 on purpose: the browser
    # logs it.  Any other error still fails the test.
    page_watch.errors[:] = [e for e in page_watch.errors if "404 (File not found)" not in e]


def frame_html(page, wid):
    return page.frame_locator("#%s iframe" % wid).locator("html")


def settle(page, wid):
    """Bring widget ``wid`` near the viewport (frames start lazily) and wait for its frame to settle."""
    page.locator("#" + wid).scroll_into_view_if_needed()
    page.wait_for_function(
        "(id) => { const f = document.querySelector('#' + id + ' iframe');"
        " const s = f?.contentDocument?.documentElement?.dataset.embedState;"
        " return s === 'ready' || s === 'error'; }", arg=wid, timeout=EMBED_READY_MS)
    return frame_html(page, wid).get_attribute("data-embed-state")


def fits(page, wid):
    """The iframe's height follows its content."""
    outer, inner = page.evaluate("(id) => { const f = document.querySelector('#' + id + ' iframe');"
                                 " return [f.getBoundingClientRect().height,"
                                 " f.contentDocument.documentElement.getBoundingClientRect().height]; }", wid)
    return abs(outer - inner) <= 2


REASONS = {
    "garbage": "an encoded record starts with 'z' or 'j'",
    "illegal": "round 1, move 5 of the round (",     # and whose move it is (test_i18n)
    "badstep": "step must be a whole number 0 or more, not 'three'",
    "far": "step 99 is past the record's end (14 actions)",
    "away": "give either record or src, not both",
    "missing": "could not be loaded (HTTP 404)",
    "empty": "no game record",
}


@pytest.mark.browser
def test_several_embeds_and_malformed_ones_on_one_page(host, site):
    page, requests = host
    assert settle(page, "good") == "ready"
    good = page.frame_locator("#good iframe")
    assert "step 3 of 14" in good.locator(".status").inner_text()
    # The caption is text: the markup in it shows as characters.
    assert good.locator("figcaption#caption").inner_text() == "First " + EVIL
    assert good.locator("img").count() == 0
    # The frame redraws in its own time: each step waited for, not read at once.
    good.get_by_role("button", name="Forward").click()
    good.locator(".status", has_text="step 4 of 14").wait_for()
    good.get_by_role("button", name="Back").click()
    good.locator(".status", has_text="step 3 of 14").wait_for()
    good.get_by_role("button", name="Back").click()
    good.locator(".status", has_text="step 2 of 14").wait_for()
    href = good.get_by_role("link", name="Play from here").get_attribute("href")
    assert href.startswith("./index.html#record=")
    cut = share.decode(href.split("#record=", 1)[1])
    assert sum(len(r["actions"]) for r in cut["rounds"]) == 2
    assert record.dumps(record.replay(cut).record()) == record.dumps(record.replay(moon_record(), 2).record())
    assert fits(page, "good")

    assert settle(page, "file") == "ready"
    file_frame = page.frame_locator("#file iframe")
    assert "step 5 of 19" in file_frame.locator(".status").inner_text()
    assert file_frame.locator(".hand-row").count() == 0
    assert file_frame.locator("#steps").is_hidden()
    assert file_frame.locator("#play").is_hidden()     # (a link styled inline-flex once showed anyway)
    assert fits(page, "file")

    # Each bad one says why in its own box (frames far behind may be released meanwhile).
    for wid, reason in REASONS.items():
        assert settle(page, wid) == "error", wid
        alert = page.frame_locator("#%s iframe" % wid).get_by_role("alert")
        assert reason in alert.inner_text(), wid
        assert fits(page, wid), wid

    # The host page is intact.
    assert page.title() == "Host"
    assert page.locator("#after").inner_text() == "The host page goes on."
    assert page.locator("body > img").count() == 0
    # Only MicroPython ran: no embed asked for Pyodide.
    assert [u for u in requests if "micropython" in u]
    assert not [u for u in requests if "pyodide" in u]


@pytest.mark.browser
def test_attributes_changing_redraw_the_widget(host):
    page, _ = host
    assert settle(page, "good") == "ready"
    page.evaluate("document.getElementById('good').setAttribute('step', '7')")
    page.wait_for_function("() => { const f = document.querySelector('#good iframe');"
                           " return f?.contentDocument?.documentElement?.dataset.step === '7'; }",
                           timeout=EMBED_READY_MS)
    assert "step 7 of 14" in page.frame_locator("#good iframe").locator(".status").inner_text()


@pytest.mark.browser
def test_a_damaged_frame_bundle_shows_a_readable_error(page, site, page_watch):
    page_watch.expect_errors()
    page.route("**/web/embed/frame.bundle", lambda route: route.fulfill(status=200, body="not a bundle"))
    page.goto(site + "embed.html?src=rules/diagrams/" + sorted(
        p.name for p in (ROOT / "web" / "site" / "rules" / "diagrams").glob("*.json"))[0])
    page.wait_for_function("document.documentElement.dataset.embedState !== 'loading'", timeout=EMBED_READY_MS)
    assert page.get_attribute("html", "data-embed-state") == "error"
    alert = page.get_by_role("alert")
    assert alert.inner_text() == "This diagram cannot be shown: BundleError: no index line"


@pytest.mark.browser
def test_a_frame_that_has_said_it_failed_never_says_ready(page, site, page_watch):
    """A script error while the frame starts (here one thrown on purpose as the page is parsed)
    is fatal: the frame says it cannot show the diagram. The diagram's own start, finishing
    after it, once set data-embed-state=ready under that alert (the contract: one or the other)."""
    page_watch.expect_errors()
    page.add_init_script("addEventListener('DOMContentLoaded', () => setTimeout(() => { throw new Error('boom'); }, 0));")
    page.goto(site + "embed.html?src=rules/diagrams/cf-foot.json&step=3")
    page.wait_for_function("document.documentElement.dataset.embedState !== 'loading'", timeout=EMBED_READY_MS)
    # Until the diagram has drawn behind the alert (its start ran to its end).
    page.wait_for_function("() => !document.querySelector('#position .loading')", timeout=EMBED_READY_MS)
    page.wait_for_timeout(200)
    assert page.get_attribute("html", "data-embed-state") == "error"
    assert "boom" in page.get_by_role("alert").inner_text()
    assert page.locator("#embed-body").is_hidden()


@pytest.mark.browser
@pytest.mark.parametrize("game", ["moon", "chicken-foot"])
def test_long_names_never_widen_the_picture(page, site, game):
    long_name = ("Bartholomew" * 6)[:record.MAX_NAME]   # the longest name a record may hold
    if game == "moon":
        rec = moon_record(actions=20, names=(long_name, "Ben", long_name[:40]))
    else:
        g = record.new_game("chicken-foot", 2, names=[long_name, "Ana"])
        g.start_round(g.new_deal(Rng(5)))
        rec = g.record()
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(site + "embed.html?controls=step,play&record=" + share.encode(rec))
    page.wait_for_function("document.documentElement.dataset.embedState === 'ready'", timeout=EMBED_READY_MS)
    widths = page.evaluate("[document.documentElement.scrollWidth, innerWidth,"
                           " Math.max(...[...document.querySelectorAll('#position *, #details *')].map((e) => e.getBoundingClientRect().right))]")
    assert widths[0] <= widths[1] and widths[2] <= widths[1] + 1, widths
    # Shortened, not dropped: the name is there, cut with an ellipsis.
    who = page.locator(".hand-row .who").first
    assert who.inner_text() == long_name
    assert who.evaluate("(e) => e.scrollWidth > e.clientWidth && getComputedStyle(e).textOverflow === 'ellipsis'")
    height = page.evaluate("document.documentElement.getBoundingClientRect().height")
    assert height < 1600, height


def help_snippet_record():
    """The record of embed-help.html's inline snippet (a Moon hand, "Following suit")."""
    text = (ROOT / "web/site/embed-help.html").read_text()
    return re.search(r'<domino-game data-i18n-attr="caption:help.cap_inline" record="([^"]+)"', text).group(1)


@pytest.mark.browser
def test_back_and_forward_never_move_up_under_the_finger(page, site):
    """The help page's Moon snippet in a phone's 390 px column, stepped back from 12 to 0 and on
    to 14 by pressing where Forward is: the picture's height followed each step (the widow's
    line in and out, the move on one line or two), and Forward moved 67 px up and down under
    the finger. The picture's room now only grows while the width stays: Forward moves down
    at most when a taller step first shows, and never up."""
    page.set_viewport_size({"width": 390, "height": 900})
    page.goto(site + "embed.html?controls=step,play&hand=1&step=12&record=" + help_snippet_record())
    page.wait_for_function("document.documentElement.dataset.embedState === 'ready'", timeout=EMBED_READY_MS)
    tops = []
    for button, count in (("#back", 12), ("#forward", 14)):
        for _ in range(count):
            step = int(page.get_attribute("html", "data-step"))
            page.locator(button).click()
            page.wait_for_function("(n) => document.documentElement.dataset.step !== String(n)", arg=step)
            tops.append(round(page.locator("#forward").bounding_box()["y"]))
    assert all(b >= a for a, b in zip(tops, tops[1:])), tops
    assert len(set(tops[12:])) == 1, tops      # the second pass: every step already seen
    # A wider frame measures again: the room held at 390 px (taller: lines wrapped) is let go.
    held = page.evaluate("document.getElementById('position').getBoundingClientRect().height")
    page.set_viewport_size({"width": 800, "height": 900})
    page.locator("#back").click()
    page.wait_for_function("() => document.documentElement.dataset.step === '13'")
    assert page.evaluate("document.getElementById('position').getBoundingClientRect().height") < held


@pytest.mark.browser
def test_the_keyboard_keeps_its_place_at_either_end_of_the_record(page, site):
    """Enter on Forward at the step before the last: Forward is disabled there, and the focus fell
    to the frame's <body> (no ring, and Enter did nothing more). It goes to Back, which still
    steps; at step 0 the same for Back, to Forward."""
    rec = json.loads((ROOT / "web/site/rules/diagrams/cf-foot.json").read_text())
    total = sum(len(r["actions"]) for r in rec["rounds"])
    page.goto(site + "embed.html?src=rules/diagrams/cf-foot.json&step=%d" % (total - 1))
    page.wait_for_function("document.documentElement.dataset.embedState === 'ready'", timeout=EMBED_READY_MS)
    page.locator("#forward").focus()
    page.keyboard.press("Enter")
    page.wait_for_function("(n) => document.documentElement.dataset.step === String(n)", arg=total)
    assert page.evaluate("document.activeElement.id") == "back"
    page.keyboard.press("Enter")
    page.wait_for_function("(n) => document.documentElement.dataset.step === String(n)", arg=total - 1)
    page.goto(site + "embed.html?src=rules/diagrams/cf-foot.json&step=1")
    page.wait_for_function("document.documentElement.dataset.embedState === 'ready'", timeout=EMBED_READY_MS)
    page.locator("#back").focus()
    page.keyboard.press("Space")
    page.wait_for_function("() => document.documentElement.dataset.step === '0'")
    assert page.evaluate("document.activeElement.id") == "forward"


@pytest.mark.browser
@pytest.mark.parametrize("width,lang", [(320, "en"), (390, "lv")])
def test_a_moon_tricks_caption_keeps_its_players_name(page, site, width, lang):
    """A phone's column: "Ana takes the widow and discards a tile" needed a pixel more than its
    line and lost the name (its <bdi> squeezed to 0 px): it read "takes the widow...". The
    words wrap; the name stays whole."""
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(site + "embed.html?src=rules/diagrams/moon-failed.json&step=3&lang=" + lang)
    page.wait_for_function("document.documentElement.dataset.embedState === 'ready'", timeout=EMBED_READY_MS)
    caption = page.locator(".trick figcaption")
    name = caption.locator("bdi").first
    assert name.inner_text() == "Ana"
    assert name.evaluate("(e) => e.getBoundingClientRect().width >= e.scrollWidth - 1 && e.scrollWidth > 10")
    assert caption.evaluate("(e) => e.scrollWidth <= e.clientWidth + 0.5")


@pytest.mark.browser
@pytest.mark.parametrize("width", [704, 334])
def test_back_and_forward_stay_under_the_picture_at_every_step(page, site, width):
    """The rules page's tallest diagram (a blocked round, 53 steps) in its frame's width on a
    laptop and on a phone: Back and Forward sit right under the picture and keep their place
    from step to step, the round's scores coming in at its end included (they once came
    after the hands and the scores: off a 768 px screen, and moved down at the last step)."""
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(site + "embed.html?src=rules/diagrams/cf-blocked.json&step=50")
    page.wait_for_function("document.documentElement.dataset.embedState === 'ready'", timeout=EMBED_READY_MS)
    where = []
    for step in (50, 51, 52, 53):
        page.wait_for_function("(n) => document.documentElement.dataset.step === String(n)", arg=step)
        where.append(page.evaluate("""() => { const f = document.getElementById('forward').getBoundingClientRect();
          const pic = document.querySelector('#position svg').getBoundingClientRect();
          return [Math.round(f.top), Math.round(f.top - pic.bottom), Math.round(f.bottom)]; }"""))
        if step < 53:
            page.get_by_role("button", name="Forward").click()
    assert page.locator("#details .scores caption").inner_text() == "Round 1 scored"
    assert len({top for top, _, _ in where}) == 1, where
    gap, bottom = where[0][1], where[0][2]
    assert 0 <= gap <= 90 and bottom <= 768, where     # the note under the picture between


@pytest.mark.browser
@pytest.mark.parametrize("case", ["over", "deep", "no-length"])
def test_a_src_over_the_limits_is_refused_with_the_place(page, site, case):
    """A record file is read with the limits of every reader (engine.record): size, then nesting."""
    rec = moon_record()
    if case == "deep":
        rec["zz"] = json.loads("[" * 40 + "]" * 40)
        body = record.dumps(rec)
        words = "the record is nested too deeply: more than 32 levels (at character %d)" % (
            body.index('"zz":') + 5 + 31)
    else:
        rec["zz"] = "x" * (4 * 1024 * 1024)
        body = record.dumps(rec)
        words = "the record is too large: %d bytes of JSON, the limit is 524288 (512 KB)" % len(body)
    with pytest.raises(record.RecordError) as err:
        record.check_text(body)
    assert words in str(err.value)      # what CPython says, the frame says
    headers = {"Content-Type": "application/json"}
    if case == "no-length":
        # Without a length the text is read, then refused by the same check.
        headers["Transfer-Encoding"] = "chunked"
    page.route(site + "big.json", lambda route: route.fulfill(status=200, headers=headers, body=body))
    page.goto(site + "embed.html?src=big.json")
    page.wait_for_function("document.documentElement.dataset.embedState !== 'loading'", timeout=EMBED_READY_MS)
    assert page.get_attribute("html", "data-embed-state") == "error"
    assert words in page.get_by_role("alert").inner_text()
