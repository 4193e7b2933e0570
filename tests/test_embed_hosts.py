"""Embeds on other people's sites: Boneyard's dist/ on one localhost port, the
host pages on another (a second origin), every request outside localhost
blocked (conftest's guarded pages).

* a plain host with a strict CSP, with the classic snippet (Boneyard sending
  no CORS header) and the module snippet (Boneyard sending one): inline
  records, a record file beside the host page, one on the Boneyard site, and
  malformed ones;
* a real MkDocs Material site built here, in its light and dark palettes;
* a 20-diagram tutorial: at most 4 interpreters before the reader scrolls, at
  most 6 at any time, and no layout shift; the same CLS bound on Boneyard's
  own embed-help and rules pages.
"""

import html
import json
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

import build
import embed_hosts as hosts
from helpers import PNG_CANVAS
from conftest import guarded_page, PageWatch
from engine import share
from test_embed import moon_record

pytestmark = pytest.mark.browser

READY_MS = 40000
# How long embed.js lets a frame stay silent before it says the frame is unreachable.
SILENT_MS = int(re.search(r"const SILENT_MS = (\d+);", (build.ROOT / "web" / "site" / "embed.js").read_text("utf-8")).group(1))
MAX_CLS = 0.02


@pytest.fixture(scope="session")
def boneyard_servers(dist_dir):
    """Boneyard's dist/ twice: {True: sending ACAO for embed.js, False: sending no CORS header}."""
    servers = {cors: build.make_server(dist_dir, 0, cors=cors) for cors in (True, False)}
    urls = {cors: hosts.serve(server) for cors, server in servers.items()}
    yield urls
    for server in servers.values():
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def boneyard_in_a_folder(dist_dir):
    """Boneyard's dist/ under /boneyard/ (GitHub Pages' project sites, which embed-help.html
    recommends), sending no CORS header: its URL, ending in /boneyard/."""
    server = hosts.folder_server(dist_dir)
    yield hosts.serve(server) + "boneyard/"
    server.shutdown()
    server.server_close()


def start_host(folder, headers=None):
    server = hosts.host_server(folder, headers)
    return server, hosts.serve_host(server)


def settle(page, selector, timeout=READY_MS, scroll=True):
    """Scroll ``selector`` (a <domino-game>) near the viewport and wait for its frame; return (frame, state).

    ``scroll=False``: the reader has not scrolled (the element must be near already).
    """
    element = page.locator(selector)
    if scroll:
        element.scroll_into_view_if_needed()
    element.locator("iframe").wait_for(state="attached", timeout=timeout)
    frame = element.frame_locator("iframe")
    root = frame.locator("html[data-embed-state='ready'], html[data-embed-state='error']")
    root.wait_for(state="attached", timeout=timeout)
    return frame, root.get_attribute("data-embed-state")


ALL_SETTLED = """() => [...document.querySelectorAll('domino-game iframe')].every((f) =>
    ['ready', 'error'].includes(f.contentDocument?.documentElement?.dataset.embedState))"""


def strict_host(folder, boneyard, snippet):
    """The plain host page: strict CSP, its own script, good and malformed records."""
    hosts.copy_diagrams(folder)
    (folder / "games" / "broken.json").write_text('{"format": "domino-record/1", "game": ', encoding="utf-8")
    (folder / "games" / "big.json").write_text(" " * 1000001 + "{}", encoding="utf-8")
    (folder / "host.css").write_text(hosts.RESERVE_CSS, encoding="utf-8")
    (folder / "own.js").write_text(
        'document.addEventListener("DOMContentLoaded", () => {'
        ' document.getElementById("own").textContent = "host script ran"; });\n', encoding="utf-8")
    inline = hosts.record_json(moon_record())
    page = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Strict host</title>
<link rel="stylesheet" href="host.css"><script src="own.js"></script>%s</head>
<body><h1>Dominoes explained</h1><p id="own">waiting</p>
<domino-game id="inline" step="3"><script type="application/json">%s</script></domino-game>
<domino-game id="attr" record="%s" step="2" theme="dark"></domino-game>
<domino-game id="jsonattr" record="%s" step="5" hand="2"></domino-game>
<domino-game id="beside" src="games/cf-foot.json" step="5" controls="step,play"></domino-game>
<domino-game id="site" src="%srules/diagrams/moon-trump.json" theme="light"></domino-game>
<domino-game id="broken" src="games/broken.json"></domino-game>
<domino-game id="badjson"><script type="application/json">{"format": </script></domino-game>
<domino-game id="big" src="games/big.json"></domino-game>
<p id="after">The host page goes on.</p></body></html>
""" % (snippet, inline, share.encode(moon_record()), html.escape(inline, quote=True), boneyard)
    (folder / "strict.html").write_text(page, encoding="utf-8")
    return "strict.html"


@pytest.mark.parametrize("form", ["classic", "module"])
def test_strict_csp_host_with_the_documented_snippets(form, page, page_watch, boneyard_servers, tmp_path):
    cors = form == "module"        # a module from another origin needs ACAO; the classic script none
    boneyard = boneyard_servers[cors]
    snippet = hosts.classic(boneyard) if form == "classic" else hosts.module(boneyard)
    origin = boneyard.rstrip("/")
    csp = "default-src 'self'; script-src 'self' %s; frame-src %s" % (origin, origin)
    server, host = start_host(tmp_path, {"Content-Security-Policy": csp})
    try:
        name = strict_host(tmp_path, boneyard, snippet)
        responses = []
        page.on("response", lambda r: responses.append(r) if r.url.endswith("/embed.js") else None)
        page.goto(host + name)
        assert len(responses) == 1
        assert ("access-control-allow-origin" in responses[0].headers) is cors

        frame, state = settle(page, "#inline")
        assert state == "ready"
        # No caption: the frame's accessible name is the catalog's.
        assert page.locator("#inline iframe").get_attribute("title") == "Domino game diagram"
        assert "step 3 of 14" in frame.locator(".status").inner_text()
        assert frame.locator("html").get_attribute("data-theme") in ("light", "dark")

        frame, state = settle(page, "#attr")
        assert state == "ready"
        assert "step 2 of 14" in frame.locator(".status").inner_text()
        assert frame.locator("html").get_attribute("data-theme") == "dark"

        frame, state = settle(page, "#jsonattr")     # the record attribute holding JSON
        assert state == "ready"
        assert "step 5 of 14" in frame.locator(".status").inner_text()
        assert frame.locator(".hand-row .tiles").count() == 1      # hand="2": one seat's tiles

        frame, state = settle(page, "#beside")
        assert state == "ready"
        assert "step 5 of 19" in frame.locator(".status").inner_text()
        # Stepping works; the frame tells the host its step (kept for a restart).
        frame.get_by_role("button", name="Forward").click()
        # The frame redraws in its own time (a third-party frame's MicroPython): until it says so.
        frame.locator(".status", has_text="step 6 of 19").wait_for(timeout=READY_MS)

        frame, state = settle(page, "#site")
        assert state == "ready" and frame.locator("html").get_attribute("data-theme") == "light"

        for wid, reason in [("broken", "the record file games/broken.json is not JSON"),
                            ("badjson", "the record in the page is not JSON"),
                            ("big", "the record is too large (over 1000000 characters)")]:
            frame, state = settle(page, "#" + wid)
            assert state == "error", wid
            assert reason in frame.get_by_role("alert").inner_text(), wid
            # A short alert keeps no diagram-sized room.
            assert page.locator("#" + wid).bounding_box()["height"] < 150, wid

        # theme="auto" follows the host's prefers-color-scheme as it changes; a set theme stays.
        settle(page, "#inline")
        settle(page, "#attr")
        for scheme in ["dark", "light"]:
            page.emulate_media(color_scheme=scheme)
            page.frame_locator("#inline iframe").locator("html[data-theme='%s']" % scheme).wait_for(
                state="attached", timeout=20000)
        assert page.frame_locator("#attr iframe").locator("html").get_attribute("data-theme") == "dark"

        # The host page is untouched and its own script ran (page_watch: no error, no CSP refusal).
        assert page.locator("#own").inner_text() == "host script ran"
        assert page.locator("#after").inner_text() == "The host page goes on."
        assert page.title() == "Strict host"
        assert page.evaluate("document.querySelectorAll('domino-game iframe').length") <= 6
    finally:
        server.shutdown()
        server.server_close()


# --- a real MkDocs Material site ----------------------------------------------------

MKDOCS_YML = """site_name: Domino notes
theme:
  name: material
  font: false
  palette:
    - media: "(prefers-color-scheme: light)"
      scheme: default
      toggle:
        icon: material/brightness-7
        name: Switch to dark mode
    - media: "(prefers-color-scheme: dark)"
      scheme: slate
      toggle:
        icon: material/brightness-4
        name: Switch to light mode
markdown_extensions:
  - md_in_html
"""

MKDOCS_PAGE = """# Covering a double

A Chicken Foot position from a record file beside this page:

<domino-game src="../games/cf-foot.json" step="16" caption="Covering a double"></domino-game>

And a Moon hand from the Boneyard site:

<domino-game src="%srules/diagrams/moon-follow.json"></domino-game>

%s
"""


@pytest.fixture(scope="module")
def mkdocs_site(tmp_path_factory, boneyard_servers):
    """A MkDocs Material site built with the classic snippet, served on its own origin."""
    boneyard = boneyard_servers[False]
    project = tmp_path_factory.mktemp("mkdocs")
    docs = project / "docs"
    docs.mkdir()
    (project / "mkdocs.yml").write_text(MKDOCS_YML, encoding="utf-8")
    (docs / "index.md").write_text("# Domino notes\n\nSee [covering a double](double.md).\n", encoding="utf-8")
    (docs / "double.md").write_text(MKDOCS_PAGE % (boneyard, hosts.classic(boneyard)), encoding="utf-8")
    hosts.copy_diagrams(docs)
    mkdocs = Path(sys.executable).parent / "mkdocs"
    built = subprocess.run([str(mkdocs), "build", "--quiet", "--strict", "-d", str(project / "site")], cwd=project,
                           capture_output=True, text=True)
    assert built.returncode == 0, built.stderr
    server, host = start_host(project / "site")
    yield host
    server.shutdown()
    server.server_close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_mkdocs_material_site_shows_its_diagrams_in_its_palette(scheme, browser, mkdocs_site):
    watch = PageWatch()
    for page in guarded_page(browser, watch, color_scheme=scheme):
        page.goto(mkdocs_site + "double/")
        # Material's own palette follows the media query: slate is its dark one.
        md_scheme = page.evaluate("document.body.getAttribute('data-md-color-scheme')")
        assert md_scheme == ("slate" if scheme == "dark" else "default")
        for i in range(2):
            frame, state = settle(page, "domino-game >> nth=%d" % i)
            assert state == "ready", i
            assert frame.locator("html").get_attribute("data-theme") == scheme
        cf = page.frame_locator("domino-game >> nth=0 >> iframe")
        assert "step 16 of 19" in cf.locator(".status").inner_text()
        assert cf.locator("#caption").inner_text() == "Covering a double"
        # The frame's colours are its theme's: dark text on light, or light on dark.
        background = cf.locator("html").evaluate("(el) => getComputedStyle(el).backgroundColor")
        assert background == ("rgb(21, 25, 26)" if scheme == "dark" else "rgb(255, 253, 246)")
        # Material's palette toggle: the embeds follow the page's new scheme.
        page.locator("label.md-header__button[for^='__palette']:visible").first.click()
        other = "light" if scheme == "dark" else "dark"
        page.wait_for_function("() => document.body.getAttribute('data-md-color-scheme') === %s" % json.dumps(
            "slate" if other == "dark" else "default"))
        cf.locator("html[data-theme='%s']" % other).wait_for(state="attached", timeout=20000)


# --- long pages: lazy frames, bounded memory, no layout shift ------------------------

def test_twenty_diagrams_start_at_most_four_before_scrolling(browser, boneyard_servers, tmp_path):
    boneyard = boneyard_servers[False]
    name = hosts.long_page(tmp_path, boneyard)
    server, host = start_host(tmp_path)
    watch = PageWatch()
    try:
        for page in guarded_page(browser, watch, init_script=hosts.CLS_SCRIPT, viewport={"width": 1366, "height": 768}):
            requests = []
            page.on("request", lambda r: requests.append(r.url))
            page.goto(host + name)
            frame, state = settle(page, "#d0", scroll=False)
            assert state == "ready"
            shown = int(frame.locator("html").get_attribute("data-step"))
            # By the keys (the step to come back to is what matters here): a click once missed
            # the button while the frames around it were still being laid out.
            frame.get_by_role("button", name="Back").press("Enter")
            frame.locator("html[data-step='%d']" % (shown - 1)).wait_for(state="attached")
            time.sleep(1.5)      # whatever else would start, starts
            before = hosts.frames_started(requests)
            assert 1 <= before <= 4, before
            assert hosts.cls(page) <= MAX_CLS, page.evaluate("window.__shifts")
            # Scrolled through to the end: never more than 6 frames at once.
            most = 0
            for i in range(20):
                page.locator("#d%d" % i).scroll_into_view_if_needed()
                time.sleep(0.15)
                most = max(most, page.evaluate("document.querySelectorAll('domino-game iframe').length"))
            _, state = settle(page, "#d19")
            assert state == "ready"
            assert most <= 6, most
            # A released diagram keeps its room, and comes back when scrolled to.
            assert page.evaluate("document.querySelector('#d0 iframe')") is None
            assert page.evaluate("document.querySelector('#d0').getBoundingClientRect().height") >= 300
            frame, state = settle(page, "#d0")
            assert state == "ready"
            # It comes back where the reader left it.
            assert frame.locator("html").get_attribute("data-step") == str(shown - 1)
    finally:
        server.shutdown()
        server.server_close()


@pytest.mark.parametrize("path", ["embed-help.html", "rules/moon.html", "rules/chicken-foot.html"])
@pytest.mark.parametrize("size", [(1366, 768), (390, 844)])
def test_boneyard_pages_do_not_shift(browser, site, path, size):
    watch = PageWatch()
    for page in guarded_page(browser, watch, init_script=hosts.CLS_SCRIPT, service_workers="block",
                             viewport={"width": size[0], "height": size[1]}):
        page.goto(site + path)
        time.sleep(1)
        # Every frame started without scrolling (those near the viewport) has its picture.
        page.wait_for_function(ALL_SETTLED, timeout=READY_MS)
        time.sleep(1)
        assert hosts.cls(page) <= MAX_CLS, page.evaluate("window.__shifts")


@pytest.mark.parametrize("honest", [False, True])
def test_a_frame_takes_its_record_only_from_the_host_it_was_told(page, boneyard_servers, tmp_path, honest):
    """Origin checks both ways: a page that is not the host named in ?host= gets no
    request for the record, and the record it posts anyway is ignored; the host
    named gets both right."""
    boneyard = boneyard_servers[False]
    # The script makes the frame itself, its load listener first: a frame written in the page
    # could load before a busy machine ran the script, which then never posted.
    (tmp_path / "spoof.js").write_text("""
const slot = document.getElementById("slot");
const frame = document.createElement("iframe");
frame.title = "x";
window.asked = 0;
addEventListener("message", (event) => { if (event.data && event.data.boneyardEmbed === "want-record") window.asked += 1; });
frame.addEventListener("load", () => {
  frame.contentWindow.postMessage({ boneyardEmbed: "record", text: %s, name: "x.json" }, "*");
  window.posted = true;
});
frame.src = slot.dataset.src;
slot.replaceWith(frame);
""" % json.dumps(json.dumps(moon_record())), encoding="utf-8")
    (tmp_path / "spoof.html").write_text(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Spoof</title></head><body>'
        '<div id="slot" data-src="%sembed.html?from=host&amp;host=http://127.0.0.1:9"></div>'
        '<script src="spoof.js"></script></body></html>' % boneyard, encoding="utf-8")
    server, host = start_host(tmp_path)
    if honest:
        spoof = tmp_path / "spoof.html"
        spoof.write_text(spoof.read_text().replace("http://127.0.0.1:9", host.rstrip("/")), encoding="utf-8")
    try:
        page.goto(host + "spoof.html")
        page.wait_for_function("window.posted === true", timeout=READY_MS)
        frame = page.frame_locator("iframe")
        frame.locator("html").wait_for(state="attached")
        if honest:
            frame.locator("html[data-embed-state='ready']").wait_for(state="attached", timeout=READY_MS)
            assert "step 14 of 14" in frame.locator(".status").inner_text()
            assert page.evaluate("window.asked") == 1
            return
        time.sleep(3)           # MicroPython is up; a record accepted would be drawn by now
        assert frame.locator("html").get_attribute("data-embed-state") == "loading"
        assert page.evaluate("window.asked") == 0
    finally:
        server.shutdown()
        server.server_close()


def test_a_host_csp_that_refuses_the_frame_is_explained_in_the_element(page, page_watch, boneyard_servers, tmp_path):
    """A host whose CSP leaves the Boneyard site out of frame-src: the element says what to check."""
    page_watch.expect_errors()     # the browser reports the refused frame on the console
    boneyard = boneyard_servers[False]
    origin = boneyard.rstrip("/")
    csp = "default-src 'self'; script-src 'self' %s; frame-src 'self'" % origin
    server, host = start_host(tmp_path, {"Content-Security-Policy": csp})
    try:
        name = strict_host(tmp_path, boneyard, hosts.classic(boneyard))
        (tmp_path / "sq.html").write_text((tmp_path / name).read_text().replace('lang="en"', 'lang="sq"'))
        # The notice comes once the frame has been silent for embed.js's SILENT_MS
        # after it started.  The host page's clock (Playwright's: its Date and timers,
        # flowing as usual) is jumped over that silence once the frame is there, instead
        # of waiting it out; nothing else the page waits for is due within it.
        page.clock.install()
        page.goto(host + "sq.html")
        page.locator("#inline iframe").wait_for(state="attached", timeout=READY_MS)
        page.clock.fast_forward(SILENT_MS)
        alert = page.locator("#inline [role='alert']")
        alert.wait_for(timeout=READY_MS)
        assert alert.inner_text().startswith("Kjo skemë nuk u ngarkua dot nga %s" % origin)
        assert page.locator("#inline iframe").is_hidden()
        assert page.locator("#own").inner_text() == "host script ran"
    finally:
        server.shutdown()
        server.server_close()


def test_a_theme_change_while_the_frame_loads_reaches_it(page, boneyard_servers, tmp_path):
    """The host turns dark just as the frame is created (MkDocs Material's palette script can):
    the change, posted before the frame listens, must not be lost."""
    boneyard = boneyard_servers[False]
    inline = hosts.record_json(moon_record())
    (tmp_path / "late.html").write_text("""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Late palette</title>%s</head>
<body><domino-game id="g" step="3"><script type="application/json">%s</script></domino-game>
<script>
new MutationObserver((changes, observer) => {
  if (!document.querySelector("#g iframe")) return;
  observer.disconnect();
  document.documentElement.style.colorScheme = "dark";   // the frame was told "light" in its URL
}).observe(document.getElementById("g"), {childList: true});
</script></body></html>
""" % (hosts.classic(boneyard), inline), encoding="utf-8")
    server, host = start_host(tmp_path)
    try:
        page.emulate_media(color_scheme="light")
        page.goto(host + "late.html")
        frame, state = settle(page, "#g")
        assert state == "ready"
        assert "theme=light" in page.locator("#g iframe").get_attribute("src")
        frame.locator("html[data-theme='dark']").wait_for(state="attached", timeout=READY_MS)
    finally:
        server.shutdown()
        server.server_close()


# Inside the frame (another origin: its document is out of the host's reach): whether it is laid
# out for a low screen, and the bottoms of its picture and of Forward in its own coordinates.
FITS = """() => ({short: document.documentElement.hasAttribute('data-short'),
  picture: document.querySelector('svg.table-svg').getBoundingClientRect().bottom,
  forward: document.getElementById('forward').getBoundingClientRect().bottom})"""


def fits(page, frame):
    """FITS in the page's viewport: the frame's own top added."""
    seen = frame.locator("html").evaluate(FITS)
    top = page.locator("#g iframe").evaluate("f => f.getBoundingClientRect().top")
    return dict(seen, picture=top + seen["picture"], forward=top + seen["forward"])


def test_a_diagram_on_another_site_fits_a_phone_turned_on_its_side(browser, boneyard_servers, tmp_path):
    """An author's diagram (the documented snippet, a strict CSP, another origin) read on a phone
    on its side: its picture and Forward are on the 390 px screen at once (the frame puts its
    steps beside its status when embed.js says the reader's screen is low), also once started
    again; turned upright, the steps go back under the picture."""
    boneyard = boneyard_servers[False]
    origin = boneyard.rstrip("/")
    hosts.copy_diagrams(tmp_path)
    (tmp_path / "turn.html").write_text("""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Turned</title>
<meta name="viewport" content="width=device-width, initial-scale=1">%s</head>
<body><h1>The foot</h1><domino-game id="g" src="games/cf-foot.json"></domino-game></body></html>
""" % hosts.classic(boneyard), encoding="utf-8")
    csp = "default-src 'self'; script-src 'self' %s; frame-src %s" % (origin, origin)
    server, host = start_host(tmp_path, {"Content-Security-Policy": csp})
    try:
        for page in guarded_page(browser, PageWatch(), viewport={"width": 844, "height": 390},
                                 is_mobile=True, has_touch=True):
            page.goto(host + "turn.html")
            frame, state = settle(page, "#g")
            assert state == "ready"
            frame.locator("html[data-short]").wait_for(state="attached", timeout=READY_MS)
            page.locator("#g").evaluate("e => e.scrollIntoView({block: 'start'})")
            seen = fits(page, frame)
            assert seen["picture"] <= 390 and seen["forward"] <= 390, seen
            # A frame started again (its attributes changed; or released far off, then back) is
            # told the height anew: it once kept the tall layout.
            page.locator("#g").evaluate("e => e.setAttribute('step', '5')")
            frame.locator("html[data-step='5'][data-embed-state='ready']").wait_for(state="attached", timeout=READY_MS)
            frame.locator("html[data-short]").wait_for(state="attached", timeout=READY_MS)
            page.set_viewport_size({"width": 390, "height": 844})
            frame.locator("html:not([data-short])").wait_for(state="attached", timeout=READY_MS)
            page.locator("#g").evaluate("e => e.scrollIntoView({block: 'start'})")
            seen = fits(page, frame)
            assert seen["forward"] > seen["picture"], seen      # under the picture again
    finally:
        server.shutdown()
        server.server_close()


def test_the_game_in_a_frame_on_another_site_starts_and_plays(page, boneyard_servers, tmp_path):
    """The whole game in an <iframe> on another site, where Chromium refuses a third-party frame
    IndexedDB and localStorage (as a browser with site data blocked refuses the site itself):
    PyScript's own unused store failing to open once stopped the page ("could not start: ...
    The event is already being dispatched", web/harmless.js). It starts, says that nothing is
    kept, and plays."""
    boneyard = boneyard_servers[False]
    (tmp_path / "framed.html").write_text(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A framed game</title></head><body>'
        '<iframe id="game" src="%s?pyodide=off&amp;seed=5" title="Boneyard" width="1000" height="700"></iframe>'
        '</body></html>' % boneyard, encoding="utf-8")
    server, host = start_host(tmp_path)
    try:
        page.goto(host + "framed.html")
        frame = page.frame_locator("#game")
        frame.locator("html[data-app-state='ready'], html[data-app-state='error']").wait_for(
            state="attached", timeout=READY_MS)
        assert frame.locator("html").get_attribute("data-app-state") == "ready"
        assert frame.locator("#error").is_hidden()
        # The frame is refused site data, as the test means it to be.
        assert not frame.locator("html").evaluate("() => { try { return localStorage.length >= 0; } catch (e) { return false; } }")
        frame.get_by_role("button", name="Play Chicken Foot").click()
        frame.locator("html[data-waiting-for='human']").wait_for(state="attached", timeout=READY_MS)
        frame.locator(".save-status", has_text="not being saved").wait_for(timeout=READY_MS)
    finally:
        server.shutdown()
        server.server_close()


def documented_snippets(boneyard):
    """Every code block of embed-help.html as a reader copies it (its text: the spans that keep
    a hyphenated name on one line left out, unescaped), the placeholder made ``boneyard``'s
    address: {"script": the classic snippet, "css": [rules], "csp": the header's value,
    "elements": [each <domino-game> or <iframe> line, but the ones the page elides with "…"]}."""
    text = (build.ROOT / "web" / "site" / "embed-help.html").read_text("utf-8")
    blocks = [html.unescape(re.sub(r"<[^>]*>", "", b)).replace("https://YOUR-BONEYARD-SITE", boneyard.rstrip("/"))
              for b in re.findall(r"<pre><code>(.*?)</code></pre>", text, re.S)]
    lines = [line.strip() for block in blocks for line in block.splitlines() if line.strip()]
    return {
        "script": next(line for line in lines if line.startswith("<script async")),
        "css": [line for line in lines if line.endswith("}") and "{" in line and not line.startswith("<")],
        "csp": next(line for line in lines if line.startswith("Content-Security-Policy:")).split(":", 1)[1].strip(),
        "elements": [line for line in lines if line.startswith(("<domino-game", "<iframe")) and "…" not in line],
    }


def author_site(folder, snippets, lang="en", elements=None):
    """An author's page, ``folder``/author.html, made of the help page's ``snippets`` (see
    :func:`documented_snippets`) as they read: its script, its stylesheet rules, its elements
    (or ``elements``) each in a ``<section id="sN">``, served on another site under the
    Content-Security-Policy the help page gives. Returns (server, its base URL)."""
    (folder / "games").mkdir(exist_ok=True)
    (folder / "games" / "opening.json").write_text(          # the author's own file, as the example has it
        (build.ROOT / "web" / "site" / "rules" / "diagrams" / "cf-foot.json").read_text("utf-8"), encoding="utf-8")
    (folder / "host.css").write_text("\n".join(snippets["css"]) + "\n", encoding="utf-8")
    body = "\n".join('<section id="s%d">%s</section>' % (i, e)
                     for i, e in enumerate(snippets["elements"] if elements is None else elements))
    (folder / "author.html").write_text(
        '<!doctype html><html lang="%s"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1"><title>An author</title>'
        '<link rel="stylesheet" href="host.css">%s</head><body>%s</body></html>' % (lang, snippets["script"], body),
        encoding="utf-8")
    return start_host(folder, {"Content-Security-Policy": snippets["csp"]})


@pytest.mark.parametrize("where", ["root", "folder"])
def test_every_snippet_of_the_help_page_works_pasted_as_it_is(page, boneyard_servers, boneyard_in_a_folder,
                                                              tmp_path, where):
    """An author's page made of embed-help.html's snippets exactly as they read (the Boneyard
    site's address put in), under the Content-Security-Policy the page gives, on another
    site: every diagram shows (but the one the page shows failing), the iframe form whole,
    without a scroll bar of its own. The page once gave a file example that only worked on
    the Boneyard site itself, and an iframe whose inline style such a policy refuses (it
    shrank to 300x150) and whose height cut its diagram.  The same with Boneyard served from
    a folder (http://127.0.0.1:P/boneyard/, as GitHub Pages serves a project): the iframe's
    record was named from the site's root (src=/rules/...), a 404 there."""
    boneyard = boneyard_servers[False] if where == "root" else boneyard_in_a_folder
    snippets = documented_snippets(boneyard)
    assert len(snippets["elements"]) >= 4 and any(e.startswith("<iframe") for e in snippets["elements"])
    server, host = author_site(tmp_path, snippets)
    try:
        page.set_viewport_size({"width": 390, "height": 844})
        page.goto(host + "author.html")
        for i, element in enumerate(snippets["elements"]):
            if element.startswith("<iframe"):
                frame = page.frame_locator("#s%d iframe" % i)
                frame.locator("html[data-embed-state='ready'], html[data-embed-state='error']").wait_for(
                    state="attached", timeout=READY_MS)
                assert frame.locator("html").get_attribute("data-embed-state") == "ready", (
                    element, frame.locator("#embed-error").inner_text())
                step = re.search(r"step=(\d+)", element).group(1)
                assert frame.locator("html").get_attribute("data-step") == step, element
                box = page.locator("#s%d iframe" % i).bounding_box()
                inner = frame.locator("html").evaluate("(e) => [e.scrollHeight, innerHeight]")
                assert box["width"] >= 370 and inner[0] <= inner[1], (element, box, inner)
                continue
            frame, state = settle(page, "#s%d domino-game" % i)
            assert state == ("error" if "not-a-record" in element else "ready"), element
    finally:
        server.shutdown()
        server.server_close()


# --- the documented snippets on an author's page: focus, heights, attributes' fallbacks --------

def documented_diagram(snippets, caption):
    """The help page's <domino-game> snippet with ``caption``."""
    return next(e for e in snippets["elements"] if e.startswith("<domino-game") and 'caption="%s"' % caption in e)


def rgb(css):
    """(r, g, b, alpha) of a computed CSS colour, 'rgb(…)' or 'rgba(…)'."""
    parts = [float(p) for p in re.findall(r"[\d.]+", css)]
    return tuple(parts[:3]) + ((parts[3],) if len(parts) > 3 else (1.0,))


def contrast(a, b):
    """WCAG contrast ratio of two (r, g, b) colours."""
    def luminance(c):
        ch = [v / 255 for v in c[:3]]
        ch = [v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4 for v in ch]
        return 0.2126 * ch[0] + 0.7152 * ch[1] + 0.0722 * ch[2]
    hi, lo = sorted([luminance(a), luminance(b)], reverse=True)
    return (hi + 0.05) / (lo + 0.05)


# Inside a frame: the control keyboard focus is on, its outline, and the colour painted around it
# (its first ancestor with a background of its own: the outline lies outside the control).
FOCUSED = r"""() => {
  const e = document.activeElement;
  if (!document.hasFocus() || !e || e === document.body) return null;
  const s = getComputedStyle(e);
  let around = null;
  for (let a = e.parentElement; a && !around; a = a.parentElement) {
    const c = getComputedStyle(a).backgroundColor;
    if (c !== 'transparent' && !/^rgba\(.*,\s*0\)$/.test(c)) around = c;
  }
  const r = e.getBoundingClientRect();
  return {name: e.innerText.replace(/[\u25c0\u25b6]/g, '').trim(), visible: e.matches(':focus-visible'),
          style: s.outlineStyle, width: parseFloat(s.outlineWidth), offset: parseFloat(s.outlineOffset),
          color: s.outlineColor, around, left: r.left, top: r.top, height: r.height};
}"""

# One pixel of a PNG screenshot (base64), decoded by a canvas.
PIXEL = """async ([png, x, y]) => {
  %s
  return [...g.getImageData(x, y, 1, 1).data];
}""" % PNG_CANVAS


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_keyboard_focus_in_a_diagram_is_plain_to_see(scheme, browser, boneyard_servers, tmp_path):
    """The help page's "Following suit" diagram (Back, Forward and Play from here) on an author's
    page, reached with Tab: each control's focus ring is at least 2 px and contrasts 3:1 or more
    with the colour around it, computed and as painted. The frame set none, and Chromium's own
    1 px ring lay on the light theme's 2 px #3b3b3b button edge (about 1.7:1 focused against not)."""
    import base64

    boneyard = boneyard_servers[False]
    snippets = documented_snippets(boneyard)
    server, host = author_site(tmp_path, snippets, elements=[documented_diagram(snippets, "Following suit")])
    try:
        for page in guarded_page(browser, PageWatch(), color_scheme=scheme, viewport={"width": 1366, "height": 768}):
            page.goto(host + "author.html")
            frame, state = settle(page, "#s0 domino-game")
            assert state == "ready"
            assert frame.locator("html").get_attribute("data-theme") == scheme
            at = page.locator("#s0 iframe").bounding_box()
            seen = []
            for _ in range(8):
                page.keyboard.press("Tab")
                ring = frame.locator("html").evaluate(FOCUSED)
                if ring is None:
                    if seen:
                        break       # Tab has left the diagram
                    continue
                seen.append(ring["name"])
                assert ring["visible"] and ring["style"] != "none" and ring["width"] >= 2, ring
                assert contrast(rgb(ring["color"]), rgb(ring["around"])) >= 3, ring
                # As painted: the middle of the ring's left side, against the colour around it.
                x = at["x"] + ring["left"] - ring["offset"] - ring["width"] / 2
                y = at["y"] + ring["top"] + ring["height"] / 2
                # (Read again for a moment: a loaded machine painted the frame's focus a while after
                # the Tab, and a screenshot at once saw the button's edge alone.)
                for _ in range(15):
                    page.bring_to_front()       # (the page read from below took the focus's tab away)
                    png = base64.b64encode(page.screenshot()).decode()
                    blank = page.context.new_page()      # (the author's CSP allows no data: image)
                    try:
                        painted = blank.evaluate(PIXEL, [png, int(x), int(y)])
                    finally:
                        blank.close()
                    if contrast(painted, rgb(ring["around"])) >= 3:
                        break
                    page.wait_for_timeout(200)
                assert contrast(painted, rgb(ring["around"])) >= 3, (ring, painted)
            assert seen == ["Back", "Forward", "Play from here"], seen
    finally:
        server.shutdown()
        server.server_close()


HEIGHT = "(e) => e.getBoundingClientRect().height"


@pytest.mark.parametrize("size", [(1366, 768), (390, 844)])
def test_each_diagram_box_takes_its_own_pictures_height(size, browser, boneyard_servers, tmp_path):
    """The help page's snippets in order on an author's page, read one after the other: each
    <domino-game>'s box and its frame are its own picture's height (within 2 px) while the reader
    looks at it. The Moon diagram ("Following suit", the third) kept the room learned from the
    Chicken Foot ones above it: 750 px for a 576 px picture at 1366 (642 for 584 at 390), an
    empty band under it until it was scrolled away; the first kept the stylesheet's 544 px at 390
    for its 520 px picture."""
    boneyard = boneyard_servers[False]
    snippets = documented_snippets(boneyard)
    server, host = author_site(tmp_path, snippets)
    games = [i for i, e in enumerate(snippets["elements"]) if e.startswith("<domino-game")]
    moon = snippets["elements"].index(documented_diagram(snippets, "Following suit"))
    try:
        for page in guarded_page(browser, PageWatch(), viewport={"width": size[0], "height": size[1]}):
            page.goto(host + "author.html")
            pictures = {}
            for i in games:
                game = page.locator("#s%d domino-game" % i)
                game.evaluate("(e) => e.scrollIntoView({block: 'start'})")     # the reader is at it
                frame, state = settle(page, "#s%d domino-game" % i, scroll=False)
                assert state == ("error" if "not-a-record" in snippets["elements"][i] else "ready"), i
                deadline = time.monotonic() + 10
                while True:
                    picture = frame.locator("html").evaluate(HEIGHT)
                    box, inner = game.evaluate(HEIGHT), game.locator("iframe").evaluate(HEIGHT)
                    if max(abs(box - picture), abs(inner - picture)) <= 2 or time.monotonic() > deadline:
                        break
                    time.sleep(0.2)
                top = game.evaluate("(e) => e.getBoundingClientRect().top")
                assert -2 <= top < size[1] - 50, (i, top)        # still on the reader's screen
                assert abs(box - picture) <= 2 and abs(inner - picture) <= 2, (i, box, inner, picture)
                pictures[i] = picture
            # What made it hard: a taller Chicken Foot diagram above the Moon one.
            assert max(pictures[i] for i in games if i < moon) > pictures[moon] + 20, pictures
    finally:
        server.shutdown()
        server.server_close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_an_unknown_theme_or_language_falls_back_as_the_help_page_says(scheme, browser, boneyard_servers, tmp_path):
    """theme="purple" and lang="xx" on a Latvian author's page: the diagram is shown, as the
    help page says, in the page's language and its theme (auto). lang="xx" once gave English
    on a Latvian page, and neither fallback was written down (the page said a wrong attribute
    is explained in the diagram's box)."""
    boneyard = boneyard_servers[False]
    snippets = documented_snippets(boneyard)
    odd = documented_diagram(snippets, "Following suit").replace("<domino-game ", '<domino-game theme="purple" lang="xx" ')
    server, host = author_site(tmp_path, snippets, lang="lv", elements=[odd])
    try:
        for page in guarded_page(browser, PageWatch(), color_scheme=scheme):
            page.goto(host + "author.html")
            frame, state = settle(page, "#s0 domino-game")
            assert state == "ready"
            assert frame.locator("html").get_attribute("lang") == "lv"
            assert frame.locator("html").get_attribute("data-theme") == scheme
            assert frame.get_by_role("button", name="Atpakaļ").is_visible()
            assert frame.get_by_role("alert").count() == 0
    finally:
        server.shutdown()
        server.server_close()
    # The help page says so, in its rows for theme and lang.
    text = (build.ROOT / "web" / "site" / "embed-help.html").read_text("utf-8")
    rows = dict(re.findall(r"<tr><td><code>(\w+)</code></td><td[^>]*>(.*?)</td></tr>", text, re.S))
    assert "Any other value is taken as auto" in rows["theme"], rows["theme"]
    assert "Any other language" in rows["lang"], rows["lang"]
