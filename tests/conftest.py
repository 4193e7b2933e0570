"""Shared fixtures: the built site, a local server, and guarded browser pages.

Browser tests use Debian's chromium through Playwright.  Every page they
open runs in a context that aborts and records each request leaving
localhost, and collects page errors and console errors; a test that caused
any of these fails at teardown (a test that breaks the page on purpose
calls ``page_watch.expect_errors()``; blocked requests always fail).
"""

import re
import sys
import threading
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
# web/ holds what the page mounts at its root (``app``, ``embed``, ``unbundle``).
if str(ROOT / "web") not in sys.path:
    sys.path.insert(1, str(ROOT / "web"))

import build  # noqa: E402

from tests.helpers import CHROMIUM, CHROMIUM_ARGS  # noqa: E402,F401  (the fixtures and tests import them from here)
LOCAL_HOSTS = ("127.0.0.1", "localhost", "::1")
# Browser-internal schemes never reach the network.
LOCAL_SCHEMES = ("blob", "data", "about")
# Every URL but those: only these requests are routed through the test (Playwright matches
# a regular expression in the browser).  Routing every request cost each page a round trip
# through Playwright and Python per file.
NOT_LOCAL = re.compile(r"^(?!(?:%s):)(?![a-z]+://(?:%s)(?::\d+)?(?:[/?#]|$))" % (
    "|".join(LOCAL_SCHEMES), "|".join(re.escape(h if ":" not in h else "[%s]" % h) for h in LOCAL_HOSTS)))

APP_READY_TIMEOUT_MS = 30000
WORKER_READY_TIMEOUT_MS = 90000


def pytest_collection_modifyitems(session, config, items):
    """Run the slowest test files first (tests/durations.py: so that two workers
    end together), each file's tests in their own order."""
    from tests import durations

    files = []
    for item in items:
        name = item.nodeid.split("::")[0]
        if name not in files:
            files.append(name)
    rank = dict((name, k) for k, name in enumerate(durations.order(files, durations.load())))
    items.sort(key=lambda item: rank[item.nodeid.split("::")[0]])     # stable: a file's own order stays


# What each open page showed when a browser test failed: a failure that happens once in a
# few CI runs (a click that timed out) is explained by the run that saw it, not guessed at.
PAGE_STATE = """() => {
  const data = (e) => e ? Object.entries(e.dataset).map(([k, v]) => k + '=' + v).join(' ') : '-';
  const a = document.activeElement;
  const shown = [...document.querySelectorAll('[role=alert], [role=dialog], dialog[open], #update-offer')]
    .filter((e) => e.getClientRects().length).map((e) => e.textContent.trim().slice(0, 200));
  return ['url ' + location.href, 'html ' + data(document.documentElement),
          '#game ' + data(document.getElementById('game')),
          'focus ' + (a ? a.tagName + '#' + a.id + ' ' + (a.textContent || '').replace(/\\s+/g, ' ').trim().slice(0, 60) : '-'),
          'size ' + innerWidth + 'x' + innerHeight + ', scrolled ' + scrollY,
          ...shown.map((t) => 'shown: ' + t)].join('\\n');
}"""


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    report = (yield).get_result()
    browser = item.funcargs.get("browser") if hasattr(item, "funcargs") else None
    if call.when != "call" or not report.failed or browser is None:
        return
    lines = []
    for context in browser.contexts:
        for open_page in context.pages:
            try:
                lines.append(open_page.evaluate(PAGE_STATE))
            except Exception as error:   # a page closed or hung: say so, the failure stays the test's
                lines.append("(page state not read: %s)" % str(error).splitlines()[0])
    if lines:
        report.sections.append(("page state at the failure", "\n\n".join(lines)))


@pytest.fixture(scope="session")
def dist_dir():
    """``dist/``, built once per session with build.py's own function.

    Under pytest-xdist each worker has its own session: a lock file makes
    the workers build one after another (the second finds nothing to write),
    so that no worker serves a file another is rewriting.
    """
    import fcntl

    with open(ROOT / ".dist.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        return build.build(quiet=True)


@pytest.fixture(scope="session")
def site(dist_dir):
    """The base URL (ending in ``/``) of ``dist/`` served on a free localhost port."""
    server = build.make_server(dist_dir, 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield "http://127.0.0.1:%d/" % server.server_address[1]
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def browser():
    """Headless Debian chromium driven by Playwright."""
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        pytest.fail("%s is missing: run `python3 build.py test`, which installs Debian's chromium" % CHROMIUM)
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


class PageWatch:
    """What a page did that a healthy, offline app never does."""

    def __init__(self):
        self.blocked = []
        self.errors = []
        self.errors_expected = False

    def expect_errors(self):
        """The test breaks the page on purpose: errors are not failures."""
        self.errors_expected = True

    def route(self, route):
        """Routed only for requests that leave localhost (NOT_LOCAL): abort and record."""
        self.blocked.append(route.request.url)
        route.abort()

    def on_console(self, message):
        if message.type == "error":
            self.errors.append("console error: %s" % message.text)

    def on_page_error(self, error):
        self.errors.append("page error: %s" % error)

    def problems(self):
        found = ["request left localhost: %s" % url for url in self.blocked]
        if not self.errors_expected:
            found.extend(self.errors)
        return found


@pytest.fixture
def page_watch():
    return PageWatch()


@pytest.fixture
def page(browser, page_watch):
    """A fresh page whose requests outside localhost are aborted and recorded."""
    yield from guarded_page(browser, page_watch)


@pytest.fixture
def phone(browser, page_watch):
    """As ``page``, on a 390x844 phone with a touch screen."""
    yield from guarded_page(browser, page_watch, viewport={"width": 390, "height": 844},
                            device_scale_factor=2, is_mobile=True, has_touch=True)


def guarded_page(browser, watch, init_script=None, **context_options):
    """Yield a page in a new context watched by ``watch``; fail the test if it misbehaved.

    For fixtures: ``yield from guarded_page(...)``.  Service workers are
    blocked unless ``service_workers="allow"`` is given: routed requests
    bypass them anyway, and once a page is idle (an app, an embed, a rules
    page) its service worker would precache the whole site, Pyodide's 30 MB
    included, in every test (tests/test_pwa.py has its own guarded contexts
    with them on).
    """
    context_options.setdefault("service_workers", "block")
    context = browser.new_context(**context_options)
    if init_script:
        context.add_init_script(init_script)
    context.route(NOT_LOCAL, watch.route)
    new_page = context.new_page()
    new_page.on("console", watch.on_console)
    new_page.on("pageerror", watch.on_page_error)
    yield new_page
    context.close()
    problems = watch.problems()
    if problems:
        pytest.fail("the page misbehaved:\n" + "\n".join(problems), pytrace=False)


def wait_for_state(page, name, timeout_ms, settled=("ready", "error")):
    """Wait until ``data-<name>`` on ``<html>`` is one of ``settled``; return it."""
    attribute = "data-" + name
    page.wait_for_function(
        "([attr, settled]) => settled.includes(document.documentElement.getAttribute(attr))",
        arg=[attribute, list(settled)],
        timeout=timeout_ms,
    )
    return page.get_attribute("html", attribute)


TEST_SEED = 20261130

# Set for a test marked ``no_pyodide`` (see _no_pyodide): app_url adds ``pyodide=off``.
_URL = {"pyodide_off": False}


@pytest.fixture(autouse=True)
def _no_pyodide(request):
    """A test marked ``no_pyodide`` opens the app with ``?pyodide=off``: the page
    never starts Pyodide and MicroPython plays every seat (hard at its smaller
    budget).  Pyodide's start (13.7 MB of WebAssembly compiled, its standard
    library loaded) costs each page seconds of CPU on the shared cores; a test
    of the UI, the saves or the records does not need it.  The workers'
    tests (tests/test_workers.py) and the analysis run with it."""
    _URL["pyodide_off"] = request.node.get_closest_marker("no_pyodide") is not None
    yield
    _URL["pyodide_off"] = False


def app_url(site, path="", seed=TEST_SEED):
    """The app's URL with a fixed ``?seed=``: every deal a test sees is reproducible
    (and ``pyodide=off`` in a test marked ``no_pyodide``)."""
    base, hash_mark, fragment = path.partition("#")
    params = []
    if seed is not None and "seed=" not in path:
        params.append("seed=%d" % seed)
    if _URL["pyodide_off"] and "pyodide=" not in base:
        params.append("pyodide=off")
    if params:
        base += ("&" if "?" in base else "?") + "&".join(params)
    return site + base + hash_mark + fragment


def app_opener(page, site):
    """``opener(path="", seed=TEST_SEED)``: open the app in ``page``, wait for
    ``data-app-state`` to settle and return that state."""

    def opener(path="", seed=TEST_SEED):
        page.goto(app_url(site, path, seed))
        return wait_for_state(page, "app-state", APP_READY_TIMEOUT_MS)

    return opener


def guarded_app(browser, site, init_script=None, **context_options):
    """For fixtures: ``yield from`` it to give ``(page, opener)``, a guarded page
    (see :func:`guarded_page`) and its :func:`app_opener`."""
    for page in guarded_page(browser, PageWatch(), init_script, **context_options):
        yield page, app_opener(page, site)


@pytest.fixture
def open_app(page, site):
    """Open the app and wait for ``data-app-state`` to settle; returns that state."""
    return app_opener(page, site)
