"""Installable offline app: the service worker precaches everything, a full
Moon hand plays offline (computer players included), a new tab opens offline
at the start URL, and a new build is offered and applied without mixing.

Service workers and Playwright's request routing do not mix (routed requests
bypass the worker), so these pages run in contexts whose proxy is a closed
local port: any request leaving localhost fails, and every request URL is
checked at teardown as with the shared ``page`` fixture.
"""

import contextlib
import functools
import json
import re
import threading
from urllib.parse import urlsplit

import pytest

import build
from conftest import APP_READY_TIMEOUT_MS, LOCAL_HOSTS, LOCAL_SCHEMES, WORKER_READY_TIMEOUT_MS, app_url, wait_for_state
from engine import record

pytestmark = pytest.mark.browser

WAIT_MS = 60000
OFFLINE_READY_MS = 90000


class GuardedContext:
    """A browser context with service workers allowed and the outside world unreachable."""

    def __init__(self, browser):
        # Loopback bypasses the proxy; everything else goes to a port
        # nothing listens on.
        self.context = browser.new_context(proxy={"server": "http://127.0.0.1:9", "bypass": "127.0.0.1,localhost"})
        self.requests = []
        self.errors = []
        self.context.on("request", lambda request: self.requests.append(request.url))

    def new_page(self):
        page = self.context.new_page()
        page.on("console", lambda m: self.errors.append("console error: " + m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: self.errors.append("page error: %s" % e))
        return page

    def problems(self):
        found = []
        for url in self.requests:
            parts = urlsplit(url)
            if parts.scheme not in LOCAL_SCHEMES and parts.hostname not in LOCAL_HOSTS:
                found.append("request left localhost: " + url)
        return found + self.errors


@pytest.fixture
def guarded(browser):
    guard = GuardedContext(browser)
    yield guard
    guard.context.close()
    problems = guard.problems()
    if problems:
        pytest.fail("the page misbehaved:\n" + "\n".join(problems), pytrace=False)


def wait_offline_ready(page):
    """Until the service worker controls the page and has precached everything."""
    page.wait_for_function(
        "() => navigator.serviceWorker.controller && document.documentElement.dataset.offlineState === 'ready'",
        timeout=OFFLINE_READY_MS)


# The update test needs no Pyodide: with ``?pyodide=off`` the offline
# download starts at once instead of after Pyodide's start (seconds of CPU);
# the service worker still precaches the whole build.  The offline Moon hand
# keeps Pyodide, started from the cache offline, and the Vary test loads the
# page without a query (so that the worker's static route serves it).
NO_PYODIDE = "?pyodide=off"


def open_offline_ready(guarded, url):
    """A new page at ``url``, once it is ready and the service worker has precached everything."""
    page = guarded.new_page()
    page.goto(url)
    assert wait_for_state(page, "app-state", APP_READY_TIMEOUT_MS) == "ready"
    wait_offline_ready(page)
    return page


def load_sources(page, origin):
    """``[(url, source)]`` of the page and every file it loaded from ``origin``: where each came from."""
    return page.evaluate("""(origin) => [performance.getEntriesByType('navigation')[0],
                                        ...performance.getEntriesByType('resource')]
        .filter((e) => e.name.startsWith(origin)).map((e) => [e.name, e.workerFinalSourceType])""", origin)


@contextlib.contextmanager
def serving(dist, handler=build.StaticHandler):
    """The base URL of ``dist`` served on a free localhost port by ``handler``."""
    server = build.QuietServer(("127.0.0.1", 0), functools.partial(handler, directory=str(dist)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield "http://127.0.0.1:%d/" % server.server_address[1]
    finally:
        server.shutdown()
        server.server_close()


def cache_names(page):
    return page.evaluate("caches.keys()")


def sw_cache_name(dist, scope="/"):
    """The cache a build's service worker fills when served at ``scope`` (its path)."""
    return re.search(r'const CACHE = "([^"]+)"', (dist / build.SERVICE_WORKER).read_text()).group(1) + "@" + scope


def play_one_hand(page):
    """Play the human seat with a simple policy until the first hand is scored."""
    for _ in range(300):
        page.wait_for_function(
            "() => ['human', 'none'].includes(document.documentElement.dataset.waitingFor)", timeout=WAIT_MS)
        game = record.replay(page.evaluate("window.boneyard.record()"))
        if game.round_scores():
            return game
        game_box = page.locator("#game")
        places = game_box.locator(".places button:not([disabled])")
        actions = game_box.locator(".actions button:not([disabled])")
        tiles = game_box.locator(".hand button:not([disabled])")
        if places.count():
            places.first.click()
        elif actions.count() and (not tiles.count() or actions.first.inner_text() != "Pass"):
            actions.first.click()
        else:
            tiles.first.click()
    raise AssertionError("the hand did not end")


# Notes every text #offline-status shows, from the page's first script on.
STATUS_LOG = """
window.__offline = [];
new MutationObserver(() => {
  const box = document.getElementById('offline-status');
  const text = box && box.textContent;
  if (text && window.__offline[window.__offline.length - 1] !== text) window.__offline.push(text);
}).observe(document, {subtree: true, childList: true, characterData: true, attributes: true});
"""


def test_precached_app_plays_a_moon_hand_offline(guarded, dist_dir, site):
    guarded.context.add_init_script(STATUS_LOG)
    page = open_offline_ready(guarded, site)
    assert "Ready for offline play" in page.locator("#offline-status").inner_text()
    # The download's progress was shown on the way, as the worker reported it.
    shown = page.evaluate("window.__offline")
    assert any(re.search(r"Downloading for offline play: \d+% \(\d+ of \d+ files\)", t) for t in shown), shown
    assert shown[-1] == "Ready for offline play."
    assert cache_names(page) == [sw_cache_name(dist_dir)]
    # Every file of the build is in the cache, and "/" as well as index.html.
    cached = page.evaluate("""async (name) => {
        const cache = await caches.open(name);
        return (await cache.keys()).map((r) => new URL(r.url).pathname);
    }""", sw_cache_name(dist_dir))
    expected = {"/"} | {"/" + p.relative_to(dist_dir).as_posix() for p in dist_dir.rglob("*")
                         if p.is_file() and p.name != build.SERVICE_WORKER}
    assert set(cached) == expected

    guarded.context.set_offline(True)
    page.reload()
    assert wait_for_state(page, "app-state", APP_READY_TIMEOUT_MS) == "ready"
    # The page and every file it loaded (none has a query) came by the
    # worker's static route straight from the build's cache, the worker
    # itself never asked.
    sources = load_sources(page, site)
    assert len(sources) > 10 and {source for _, source in sources} == {"cache"}, sources
    # A seeded deal (the worker's fetch handler serves the page whatever its query).
    page.goto(app_url(site))
    assert wait_for_state(page, "app-state", APP_READY_TIMEOUT_MS) == "ready"
    page.get_by_role("radio", name="Three-Player Moon").check()
    page.get_by_label("Computer speed").select_option(label="Instant")
    page.get_by_label("Seat 1", exact=True).select_option(label="Human")
    page.get_by_label("Seat 2", exact=True).select_option(label="Computer (easy)")
    page.get_by_label("Seat 3", exact=True).select_option(label="Computer (medium)")
    page.get_by_role("button", name="Start game").click()
    assert wait_for_state(page, "worker-state", WORKER_READY_TIMEOUT_MS) == "ready"
    game = play_one_hand(page)
    assert game.round_count() == 1 and len(game.round_scores()) == 1
    actions = game.record()["rounds"][0]["actions"]
    # A hand is three passes (nobody bid) or bids, a discard, trumps and 21 tiles.
    assert actions == ["pass"] * 3 or len(actions) >= 24, actions

    # A new tab, still offline, at the manifest's start URL.
    manifest = json.loads((dist_dir / "web" / "manifest.webmanifest").read_text())
    start = site + "web/" + manifest["start_url"]
    other = guarded.new_page()
    other.goto(start)
    assert urlsplit(other.url).path == "/"
    assert wait_for_state(other, "app-state", APP_READY_TIMEOUT_MS) == "ready"
    assert other.evaluate("!!navigator.serviceWorker.controller")
    # The rules pages and their embeds (with a query in the URL) work offline too.
    other.goto(site + "rules/moon.html")
    other.wait_for_function(
        "() => document.querySelector('domino-game iframe')?.contentDocument?.documentElement?.dataset.embedState === 'ready'",
        timeout=WAIT_MS)


def test_manifest_names_the_app_and_its_icons(dist_dir):
    manifest = json.loads((dist_dir / "web" / "manifest.webmanifest").read_text())
    for key in ["name", "short_name", "id", "start_url", "scope", "background_color", "theme_color"]:
        assert manifest[key], key
    assert manifest["display"] == "standalone"
    sizes = {}
    for icon in manifest["icons"]:
        data = (dist_dir / "web" / icon["src"]).resolve().read_bytes()
        assert data.startswith(b"\x89PNG\r\n\x1a\n")
        width = int.from_bytes(data[16:20], "big")
        assert icon["sizes"] == "%dx%d" % (width, int.from_bytes(data[20:24], "big"))
        sizes.setdefault(icon["purpose"], []).append(width)
    assert sorted(sizes["any"]) == [192, 512]
    assert sizes["maskable"] == [512]


def test_a_new_build_is_offered_and_replaces_the_old_one(guarded, tmp_path):
    dist = build.build(tmp_path / "dist", quiet=True)
    old_cache = sw_cache_name(dist)
    with serving(dist) as url:
        page = open_offline_ready(guarded, url + NO_PYODIDE)
        assert page.evaluate("getComputedStyle(document.documentElement).getPropertyValue('--build').trim()") == ""
        # A game is on (the offer once went to the footer, which a game hides).
        page.get_by_role("button", name="Play Chicken Foot").click()
        page.wait_for_function("() => document.documentElement.classList.contains('playing')")

        # Deploy a new build: one stylesheet changes.
        css = (build.ROOT / "web" / "pages.css").read_bytes() + b':root { --build: "two"; }\n'
        build.build(dist, quiet=True, overrides={"web/pages.css": css})
        new_cache = sw_cache_name(dist)
        assert new_cache != old_cache
        page.evaluate("window.boneyardPwa.checkForUpdate()")
        button = page.get_by_role("button", name="Update available — reload")
        button.wait_for(timeout=OFFLINE_READY_MS)     # visible, over the game
        box = button.bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= page.viewport_size["height"]
        # Until the person accepts, the old build keeps serving.
        assert page.evaluate("fetch('./web/pages.css').then((r) => r.text())").find("--build") == -1
        with page.expect_navigation():
            button.click()
        assert wait_for_state(page, "app-state", APP_READY_TIMEOUT_MS) == "ready"
        page.wait_for_function("() => navigator.serviceWorker.controller", timeout=WAIT_MS)
        assert page.evaluate("getComputedStyle(document.documentElement).getPropertyValue('--build').trim()") == '"two"'
        assert cache_names(page) == [new_cache]
        assert page.get_attribute("html", "data-offline-state") == "ready"


def test_an_update_taken_in_another_tab_is_said_and_a_reload_ends_the_mix(guarded, tmp_path):
    """Two tabs offered a new build; one takes it. The other ran the old build while its files
    came from the new one, and its Update button only disabled itself. Now it says the other
    tab updated Boneyard, and its button reloads it into the new build."""
    dist = build.build(tmp_path / "dist", quiet=True)
    with serving(dist) as url:
        first = open_offline_ready(guarded, url + NO_PYODIDE)
        second = guarded.new_page()
        second.goto(url + NO_PYODIDE)
        assert wait_for_state(second, "app-state", APP_READY_TIMEOUT_MS) == "ready"
        css = (build.ROOT / "web" / "pages.css").read_bytes() + b':root { --build: "two"; }\n'
        build.build(dist, quiet=True, overrides={"web/pages.css": css})
        for page in (first, second):
            page.evaluate("window.boneyardPwa.checkForUpdate()")
            page.get_by_role("button", name="Update available — reload").wait_for(timeout=OFFLINE_READY_MS)
        with second.expect_navigation():
            second.get_by_role("button", name="Update available — reload").click()
        reload = first.get_by_role("button", name="Reload", exact=True)
        reload.wait_for(timeout=OFFLINE_READY_MS)
        assert "updated in another tab" in first.locator("#update-offer").inner_text()
        with first.expect_navigation():
            reload.click()
        assert wait_for_state(first, "app-state", APP_READY_TIMEOUT_MS) == "ready"
        assert first.evaluate("getComputedStyle(document.documentElement).getPropertyValue('--build').trim()") == '"two"'


def test_two_sites_on_one_host_keep_their_own_offline_copies(guarded, tmp_path):
    """/a/ and /b/ on one host (a site and its preview) share the host's caches: each build's
    worker deleted every other Boneyard cache, so /b/ made ready for offline play took /a/'s
    away, and /a/ offline was the browser's error page, though it had said it was ready."""
    root = tmp_path / "host"
    root.mkdir()
    build.build(root / "a", quiet=True)
    css = (build.ROOT / "web" / "pages.css").read_bytes() + b':root { --build: "b"; }\n'
    build.build(root / "b", quiet=True, overrides={"web/pages.css": css})
    with serving(root) as url:
        a = open_offline_ready(guarded, url + "a/" + NO_PYODIDE)
        open_offline_ready(guarded, url + "b/" + NO_PYODIDE)
        assert sorted(cache_names(a)) == sorted([sw_cache_name(root / "a", "/a/"), sw_cache_name(root / "b", "/b/")])
        guarded.context.set_offline(True)
        a.reload()
        assert wait_for_state(a, "app-state", APP_READY_TIMEOUT_MS) == "ready"
        assert a.evaluate("getComputedStyle(document.documentElement).getPropertyValue('--build').trim()") == ""


class VaryingHandler(build.StaticHandler):
    """As ``build.py serve``, plus the ``Vary`` header some hosts send with everything."""

    def end_headers(self):
        self.send_header("Vary", "Accept, Origin")
        super().end_headers()


def test_a_host_sending_vary_headers_still_loads_from_the_cache_offline(guarded, dist_dir):
    with serving(dist_dir, VaryingHandler) as site:
        page = open_offline_ready(guarded, site)
        guarded.context.set_offline(True)
        page.reload()
        assert wait_for_state(page, "app-state", APP_READY_TIMEOUT_MS) == "ready"
        sources = load_sources(page, site)
        assert len(sources) > 10 and {source for _, source in sources} == {"cache"}, sources
