"""The app in Debian's chromium: MicroPython page, Pyodide worker, nothing from outside."""

import importlib.util
import json

import pytest

import build
from conftest import ROOT, WORKER_READY_TIMEOUT_MS, wait_for_state
from engine import render

pytestmark = pytest.mark.browser


def cpython_worker():
    """web/worker.py loaded on CPython: the answers the page's worker must give."""
    spec = importlib.util.spec_from_file_location("boneyard_worker", ROOT / "web" / "worker.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_page_runs_engine_on_micropython_and_workers_answer(page, open_app):
    assert open_app() == "ready"
    html = page.locator("html")
    assert html.get_attribute("lang") == "en"
    assert html.get_attribute("data-waiting-for") == "none"
    assert page.locator("#loading").is_hidden()
    assert page.locator("#error").is_hidden()
    runtime = page.evaluate("document.querySelector('script[type=mpy]').getAttribute('config')")
    assert runtime == "./pyscript-main.json"

    # The setup screen of the contract, drawn by the app's Python (MicroPython).
    for name in ("Chicken Foot", "Three-Player Moon"):
        assert page.get_by_role("radio", name=name).count() == 1
    assert page.get_by_role("spinbutton", name="Players", exact=True).count() == 1
    options = page.get_by_label("Seat 1", exact=True).locator("option").all_inner_texts()
    assert options == ["Human", "Computer (easy)", "Computer (medium)", "Computer (hard)"]
    assert page.get_by_label("Name 1", exact=True).count() == 1
    assert "Instant" in page.get_by_label("Computer speed").locator("option").all_inner_texts()
    assert page.get_by_role("button", name="Start game").count() == 1

    # The workers answer; a computer move equals CPython's choice.
    assert wait_for_state(page, "worker-state", WORKER_READY_TIMEOUT_MS) == "ready"
    assert page.locator("#computer-status").inner_text().startswith("Computer players ready")
    seed = 2024
    answer = json.loads(cpython_worker().deal_preview(seed))
    assert len(answer["hand"]) == 7 and all(render.tile_svg(t) for t in answer["hand"])


def test_worker_choice_matches_cpython():
    from engine import record
    from engine.rng import Rng

    game = record.new_game("moon", 3)
    game.start_round(game.new_deal(Rng(5)))
    view = game.view(game.current_seat())
    worker = cpython_worker()
    first = worker.choose_action(json.dumps(view), "medium", 3)
    assert first in view["legal"]
    assert worker.choose_action(json.dumps(view), "medium", 3) == first


def bundle_with_broken_render():
    """The page bundle with engine/render.mpy compiled from code that raises."""
    import unbundle

    broken = build.compile_mpy(b"raise RuntimeError('broken on purpose')\n", "engine/render.py")
    entries = unbundle.entries((build.DIST / build.PAGE_BUNDLE).read_bytes())
    return build.bundle_bytes([(name, broken if name == "engine/render.mpy" else bytes(data))
                               for name, data in entries])


BROKEN_STARTS = [
    # The page's bundle is missing: PyScript cannot mount it (caught on the JS side).
    ("**/web/page.bundle", 404, "not found", "could not be loaded (web/page.bundle)"),
    # A damaged bundle: refused before anything is written.
    ("**/web/page.bundle", 200, "not a bundle", "BundleError: no index line"),
    # Engine code that raises: caught by the Python app itself.
    ("**/web/page.bundle", 200, bundle_with_broken_render, "RuntimeError: broken on purpose"),
    # The MicroPython runtime cannot load at all.
    ("**/runtime/micropython-*/*", 404, "not found", "micropython.mjs"),
]


@pytest.mark.parametrize("pattern, status, body, reason", BROKEN_STARTS,
                         ids=["missing-bundle", "damaged-bundle", "raising-engine", "no-runtime"])
def test_broken_start_shows_an_error(page, page_watch, site, pattern, status, body, reason):
    page_watch.expect_errors()
    if callable(body):
        body = body()
    page.route(pattern, lambda route: route.fulfill(status=status, body=body, content_type="text/plain"))
    page.goto(site)
    assert wait_for_state(page, "app-state", 40000) == "error"
    assert page.get_attribute("html", "data-worker-state") == "error"
    message = page.locator("#error")
    assert message.is_visible()
    assert message.inner_text().startswith("Boneyard could not start: ")
    assert reason in message.inner_text()
    assert page.locator("#loading").is_hidden()
    assert page.locator("#computer-status").is_hidden()
    # The way on, beside the words (there was none: the message and nothing to press).
    again = message.get_by_role("button", name="Reload")
    assert again.is_visible() and again.bounding_box()["height"] >= 44
    page.unroute(pattern)
    with page.expect_navigation():
        again.click()
    assert wait_for_state(page, "app-state", 60000) == "ready"


@pytest.mark.parametrize("missing, lang", [("pyscript/core.js", "en"), ("pyscript/core.js", "lv"),
                                           ("pyscript-main.json", "en"), ("web/main.py", "lv")])
def test_a_missing_start_file_is_named_at_once(page, page_watch, site, missing, lang):
    """PyScript's core.js or config, or the app's main.py, a 404: the page says so, naming the
    file, as soon as the browser or PyScript gives up on it (it waited out its 30 s timeout, or
    said "the app stopped", and named nothing; PyScript's own banner ran off the page)."""
    import json
    page_watch.expect_errors()
    page.route("**/" + missing, lambda route: route.fulfill(status=404, body="not found"))
    page.goto(site + "?lang=" + lang)
    assert wait_for_state(page, "app-state", 10000) == "error"
    said = json.loads((ROOT / "web" / "i18n" / (lang + ".json")).read_text(encoding="utf-8"))["boot.missing"]
    page.wait_for_function("(w) => document.getElementById('error').textContent.includes(w)",
                           arg=said.split("(")[0].strip())
    assert missing in page.locator("#error").inner_text()
    reload = json.loads((ROOT / "web" / "i18n" / (lang + ".json")).read_text(encoding="utf-8"))["pwa.reload"]
    page.locator("#error").get_by_role("button", name=reload).wait_for()     # in the page's language
    assert page.locator("#computer-status").is_hidden()     # it never will start
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")


@pytest.mark.parametrize("pattern, status, body, key, file", [
    ("**/runtime/micropython-*/micropython.mjs", 404, "not found", "boot.missing", "micropython.mjs"),
    ("**/runtime/micropython-*/micropython.wasm", 404, "not found", "boot.missing", "micropython.wasm"),
    ("**/runtime/micropython-*/micropython.wasm", 200, "not a runtime", "boot.damaged", "micropython.wasm"),
    ("**/web/page.bundle", 404, "not found", "boot.missing", "web/page.bundle"),
], ids=["runtime-404", "wasm-404", "wasm-damaged", "bundle-404"])
def test_a_runtime_file_lost_or_damaged_is_named_in_the_pages_language(page, page_watch, site, pattern, status,
                                                                         body, key, file):
    """The runtime's own English ("[404] Unable to fetch http://...", "Aborted(both async and sync
    fetching of the wasm failed)", "Aborted(CompileError: WebAssembly.instantiate(): expected magic
    word...)") was the whole reason a Latvian page gave: it says which file, in Latvian."""
    page_watch.expect_errors()
    page.route(pattern, lambda route: route.fulfill(status=status, body=body, content_type="text/plain"))
    page.goto(site + "?lang=lv")
    assert wait_for_state(page, "app-state", 40000) == "error"
    words = json.loads((ROOT / "web" / "i18n" / "lv.json").read_text(encoding="utf-8"))
    said = words[key].split("(")[0].strip()
    page.wait_for_function("(w) => document.getElementById('error').textContent.includes(w)", arg=said)
    text = page.locator("#error").inner_text()
    assert file in text and words["error.start"].split("{")[0].strip() in text
    for english in ("fetch", "Aborted", "http", "wasm failed", "CompileError"):
        assert english not in text, text


def test_the_watchdog_stands_without_its_list_of_harmless_errors(page, page_watch, site):
    """web/harmless.js (what the watchdog lets pass) a 404 as well as PyScript's core.js: the
    watchdog, which must not hang on another file, still names the missing core.js at once;
    and with only harmless.js missing the page starts."""
    page_watch.expect_errors()
    page.route("**/web/harmless.js", lambda route: route.fulfill(status=404, body="not found"))
    page.goto(site)
    assert wait_for_state(page, "app-state", 30000) == "ready"
    page.route("**/pyscript/core.js", lambda route: route.fulfill(status=404, body="not found"))
    page.goto(site + "?lang=en")
    assert wait_for_state(page, "app-state", 10000) == "error"
    page.wait_for_function("() => document.getElementById('error').textContent.includes('pyscript/core.js')")


STATES = """(() => { const seen = window.__appStates = [];
  new MutationObserver(() => { const s = document.documentElement.dataset.appState;
    if (s && seen[seen.length - 1] !== s) seen.push(s); }).observe(document,
    {attributes: true, subtree: true, attributeFilter: ["data-app-state"]});
})();"""


@pytest.mark.parametrize("cause", ["timeout", "stray-error"])
def test_an_app_that_starts_after_the_watchdog_gave_up_takes_its_message_back(page, page_watch, site, cause):
    """The start-up watchdog said "could not start" (a slow first visit past its timeout, here
    made 1 ms; or a stray script error that stopped nothing), then the app came up: the page
    said "ready" under the error message, the computers' line hidden for good. Now the
    message goes, the computers' line and state come back, and a game plays."""
    page_watch.expect_errors()
    page.add_init_script(STATES)
    if cause == "timeout":
        # PyScript's core.js waits for the rewritten watchdog: it runs on its own (async), and
        # this route's own delay would otherwise let the app come up first.
        served = []
        held = []

        def slow(route):
            body = route.fetch().text()
            assert "const START_TIMEOUT_MS = 30000;" in body
            route.fulfill(body=body.replace("const START_TIMEOUT_MS = 30000;", "const START_TIMEOUT_MS = 1;"),
                          content_type="text/javascript")
            served.append(True)
            while held:
                held.pop().continue_()

        def core(route):
            if served:
                route.continue_()
            else:
                held.append(route)
        page.route("**/web/boot.js", slow)
        page.route("**/pyscript/core.js", core)
    else:
        # Once the watchdog is there (it defines boneyardStartFailed), and the app not yet up.
        page.add_init_script("""const stray = setInterval(() => { if (window.boneyardStartFailed) {
          clearInterval(stray); setTimeout(() => { throw new Error('stray'); }); } }, 1);""")
    page.goto(site + "?seed=3")
    page.wait_for_function("() => document.documentElement.dataset.appState === 'ready'", timeout=30000)
    assert page.evaluate("window.__appStates") == ["error", "ready"]     # it did give up first
    assert page.locator("#error").is_hidden()
    assert wait_for_state(page, "worker-state", WORKER_READY_TIMEOUT_MS) == "ready"
    assert page.locator("#computer-status").is_visible()
    page.get_by_role("button", name="Start game").click()
    page.wait_for_function("() => document.documentElement.dataset.waitingFor === 'human'", timeout=30000)


@pytest.mark.parametrize("stalled", ["web/style.css", "web/harmless.js"])
def test_a_stalled_file_is_named_and_the_page_starts_when_it_comes(page, page_watch, site, stalled):
    """A stylesheet or harmless.js that never answers: the watchdog waited behind it (scripts
    wait for the stylesheets and the scripts before them), and "Loading the game..." stayed for
    ever. The watchdog (async) now runs at once and, its time up (here 1.5 s), names the file;
    when the file comes after all, the page starts and takes the message back."""
    page_watch.expect_errors()
    held = []

    def quick(route):
        body = route.fetch().text()
        route.fulfill(body=body.replace("const START_TIMEOUT_MS = 30000;", "const START_TIMEOUT_MS = 1500;"),
                      content_type="text/javascript")
    page.route("**/web/boot.js", quick)
    page.route("**/" + stalled, lambda route: held.append(route))
    page.goto(site + "?lang=en", wait_until="commit")
    # Never "loading" for long: the app starts without the file (a stylesheet need not stop it),
    # or the watchdog says which file it waits for.
    # (Polled by time: a stylesheet on its way holds the page's frames, which Playwright polls by.)
    page.wait_for_function("() => document.documentElement.dataset.appState !== 'loading'", timeout=15000,
                           polling=100)
    if stalled == "web/harmless.js" or page.get_attribute("html", "data-app-state") == "error":
        page.wait_for_function("(f) => document.getElementById('error').textContent.includes(f)", arg=stalled,
                               polling=100)
        assert page.locator("#error").is_visible()
    assert len(held) == 1
    held[0].continue_()
    page.wait_for_function("() => document.documentElement.dataset.appState === 'ready'", timeout=30000)
    assert page.locator("#error").is_hidden()
    assert page.get_by_role("button", name="Start game").is_visible()


def test_broken_worker_runtime_leaves_the_page_usable(page, page_watch, site):
    page_watch.expect_errors()
    # A context route also covers the worker's own requests.
    page.context.route("**/runtime/pyodide-*/*", lambda route: route.fulfill(status=404, body="not found"))
    page.goto(site)
    assert wait_for_state(page, "app-state", 30000) == "ready"
    # The MicroPython worker plays; Pyodide, tried once the page idles, fails and says so.
    assert wait_for_state(page, "worker-state", WORKER_READY_TIMEOUT_MS) == "ready"
    assert wait_for_state(page, "pyodide-state", WORKER_READY_TIMEOUT_MS) == "error"
    assert "could not start" in page.locator("#computer-status").inner_text()
    assert page.get_by_role("button", name="Start game").is_visible()


def test_requests_leaving_localhost_are_blocked_and_recorded(page, page_watch, open_app):
    assert open_app() == "ready"
    failed = page.evaluate(
        "() => fetch('https://cdn.example/lib.js').then(() => false, () => true)")
    assert failed
    # The page's CSP (connect-src 'self') refuses that fetch before it is
    # sent; a navigation is outside the CSP, so it is the guard that stops it.
    with pytest.raises(Exception):
        page.goto("https://cdn.example/lib.js")
    assert page_watch.blocked == ["https://cdn.example/lib.js"]
    page_watch.blocked.clear()  # recorded as it must be: not a failure of this test
    page_watch.errors.clear()


def test_the_guard_stops_workers_and_disguised_hosts_too(page, page_watch, site):
    """The guard (conftest's NOT_LOCAL route) aborts and records a worker's request to another
    host and hosts that only look local; the page's own requests pass untouched."""
    page.goto(site + "web/manifest.webmanifest")     # a file sent without a CSP: only the guard stops a fetch
    outside = ["http://example.invalid/page.js", "https://127.0.0.1.example.invalid/x.wasm",
               "http://example.invalid/?from=http://127.0.0.1/", "http://example.invalid/worker"]
    failed = page.evaluate("""async (urls) => {
        const out = [];
        for (const url of urls.slice(0, 3)) {
            try { await fetch(url, {mode: 'no-cors'}); out.push('fetched ' + url); } catch (e) { out.push('refused'); }
        }
        const code = 'fetch(' + JSON.stringify(urls[3]) + ', {mode: "no-cors"}).then(() => postMessage("fetched"), () => postMessage("refused"))';
        const worker = new Worker(URL.createObjectURL(new Blob([code])));
        out.push(await new Promise((done) => { worker.onmessage = (e) => done(e.data); }));
        const own = await fetch(location.href);
        out.push(own.ok ? 'own ok' : 'own failed');
        return out;
    }""", outside)
    assert failed == ["refused"] * 4 + ["own ok"]
    assert sorted(page_watch.blocked) == sorted(outside)
    assert page_watch.problems()[:len(outside)] == ["request left localhost: %s" % url for url in page_watch.blocked]
    page_watch.blocked.clear()  # recorded as it must be: not a failure of this test
    page_watch.errors.clear()
