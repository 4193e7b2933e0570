"""The two computer-player workers, through the page contract (app/players.py).

MicroPython's worker plays from the first move; Pyodide's starts only after
it and then takes over hard.  Each worker file missing, aborted, damaged or
never answering ends, within 15 s, in the other worker playing or a message
in the page's language, never in ``data-worker-state=loading``.
"""

import json
import re
import time

import pytest

import build
from conftest import WORKER_READY_TIMEOUT_MS, wait_for_state
from sizes import NIGHTLY

pytestmark = pytest.mark.browser

GAMES = {"chicken-foot": ("Chicken Foot", 4), "moon": ("Three-Player Moon", 3)}
FAILURE_BOUND_S = 15
CATALOGS = {lang: json.loads((build.ROOT / "web" / "i18n" / ("%s.json" % lang)).read_text(encoding="utf-8"))
            for lang in ("en", "sq")}


def actions(page):
    record = json.loads(page.evaluate("window.boneyard.record()") or "{}")
    return sum(len(r.get("actions", [])) for r in record.get("rounds", []))


def start(page, game, kinds):
    label, _ = GAMES[game]
    page.get_by_role("radio", name=label).check()
    page.get_by_label("Computer speed").select_option(label="Instant")
    for seat, kind in enumerate(kinds):
        page.get_by_label("Seat %d" % (seat + 1), exact=True).select_option(label=kind)
    page.get_by_role("button", name="Start game").click()


def wait_actions(page, count, timeout_s):
    page.wait_for_function(
        "(n) => { const r = JSON.parse(window.boneyard.record() || '{}');"
        " return (r.rounds || []).reduce((s, x) => s + (x.actions || []).length, 0) >= n; }",
        arg=count, timeout=timeout_s * 1000)


def playing_until(page, condition, timeout_s):
    """Wait for ``condition()`` while the game plays on (past a round's end,
    where a person clicks on); fail after ``timeout_s``."""
    deadline = time.monotonic() + timeout_s
    while not condition():
        assert time.monotonic() < deadline, "not within %d s" % timeout_s
        following = page.get_by_role("button", name="Next round")
        if following.count() and following.is_visible():
            following.click()
        page.wait_for_timeout(100)


def goes_on(page, timeout_s=30):
    """The game makes another move: the next one, or a rematch's first if the
    game has ended (a made 21 ends Moon at once, and whether a computer bids
    it can depend on which runtime made the bid, so on timing)."""
    done = {"count": actions(page)}

    def moved():
        rematch = page.get_by_role("button", name="Rematch")
        if rematch.count() and rematch.is_visible():
            rematch.click()
            done["count"] = 0
            return False
        return actions(page) > done["count"]

    playing_until(page, moved, timeout_s)


def status(page):
    return page.locator("#computer-status").inner_text()


def players_constant(name):
    """A time-out of web/app/players.py (seconds), read from its source (it imports the page's modules)."""
    source = (build.ROOT / "web" / "app" / "players.py").read_text(encoding="utf-8")
    if name == "MPY_START_TIMEOUT_S":
        return int(re.search(r"^START_TIMEOUT_S = \{MPY: (\d+),", source, re.M).group(1))
    return int(re.search(r"^%s = (\d+)$" % name, source, re.M).group(1))


# The page's own fixed time-outs (app/players.py: a worker's start, a call, the
# "slow" notice) read the page's clock: Date.now() and asyncio's sleeps, which
# MicroPython's port runs on setTimeout.  In CI a test that waits for one
# installs Playwright's clock (page.clock: the page's Date, setTimeout and
# performance, flowing as usual) and jumps it over the time-out once the page
# is waiting for that alone; the workers' own clocks are not touched.  Nightly
# waits them out in real time.  Either way the state must follow within the
# bound, which the time-outs themselves fit in (checked here, so that a longer
# time-out cannot hide behind the jump).
JUMP_CLOCK = not NIGHTLY
MPY_START_TIMEOUT_S = players_constant("MPY_START_TIMEOUT_S")
PYODIDE_SLOW_S = players_constant("PYODIDE_SLOW_S")
CALL_TIMEOUT_S = players_constant("CALL_TIMEOUT_S")


def install_clock(page):
    """Before the app opens: the page's clock, for jump_clock."""
    if JUMP_CLOCK:
        page.clock.install()


def jump_clock(page, seconds):
    """Advance the page's clock by ``seconds`` at once, firing the timers due (CI only)."""
    if JUMP_CLOCK:
        page.clock.fast_forward(int(seconds * 1000))


# Where a hung call is awaited, CI runs the page's clock six times as fast
# (half a second more at each 100 ms poll) instead of one jump: the call goes
# out a moment after the click that asks for it.
HURRY_S = 0.5
STALL_S = 2


def hurried_until(page, condition, timeout_s):
    """Wait for ``condition()``, the page's clock hurried meanwhile (CI); fail after ``timeout_s``."""
    deadline = time.monotonic() + timeout_s
    while not condition():
        assert time.monotonic() < deadline, "not within %d s" % timeout_s
        jump_clock(page, HURRY_S)
        page.wait_for_timeout(100)


# Pyodide's start costs a browser some 6.5 s of CPU.  Where several tests
# would each wait for it to take over after the same path, CI waits in some
# and the nightly size (BONEYARD_NIGHTLY=1) in all: hard's takeover after
# MicroPython's first move in Moon (Chicken Foot's: nightly here, and in CI
# test_a_slow_pyodide_is_said_and_then_takes_hard_over).
TAKEOVER_GAMES = sorted(GAMES) if NIGHTLY else ["moon"]


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_first_move_comes_from_micropython_before_pyodide_loads(page, open_app, game, level):
    pyodide_requests = []
    page.context.on("request", lambda r: "/runtime/pyodide-" in r.url and pyodide_requests.append(r.url))
    assert open_app() == "ready"
    start(page, game, ["Computer (%s)" % level] * GAMES[game][1])
    started = time.monotonic()
    wait_actions(page, 1, 10)
    # Loose bound here (the machine is shared); bench/load.py measures it.
    assert time.monotonic() - started < 5
    assert page.get_attribute("html", "data-worker-state") == "ready"
    # Pyodide starts only after that move: it cannot have been ready for it.
    assert page.get_attribute("html", "data-pyodide-state") in ("idle", "loading")
    assert page.get_attribute("html", "data-offline-state") in ("none", "unsupported")
    if level == "hard":
        assert status(page) == CATALOGS["en"]["worker.hard_lighter"]
        if game not in TAKEOVER_GAMES:
            return
        # Then Pyodide takes over and says so; the game goes on.
        assert wait_for_state(page, "pyodide-state", WORKER_READY_TIMEOUT_MS) == "ready"
        assert pyodide_requests
        assert status(page) == CATALOGS["en"]["worker.ready"]
        goes_on(page)


# A worker that loads but never answers: it never finishes starting.
NEVER_STARTS = "while True:\n    pass\n"
# One that starts and answers its first call, then never returns a move.
HANGS_ON_A_MOVE = "\n\ndef choose_action(*args):\n    while True:\n        pass\n"
CALL_BOUND_S = 15


def test_the_time_outs_the_tests_jump_over_fit_in_their_bounds():
    assert 0 < MPY_START_TIMEOUT_S <= FAILURE_BOUND_S and 0 < PYODIDE_SLOW_S <= FAILURE_BOUND_S
    assert 0 < CALL_TIMEOUT_S <= CALL_BOUND_S


def worker_source():
    return (build.DIST / "web" / "worker.py").read_text(encoding="utf-8")


def bundle_with_worker(source):
    """The worker bundle with its entry module compiled from ``source``."""
    import unbundle

    entry = build.compile_mpy(source.encode("utf-8"), "boneyard_worker.py")
    entries = unbundle.entries((build.DIST / build.WORKER_BUNDLE).read_bytes())
    return build.bundle_bytes([(n, entry if n == "boneyard_worker.mpy" else bytes(d)) for n, d in entries])


def bundle_raising():
    return bundle_with_worker("raise RuntimeError('broken on purpose')\n")


def fulfil(status_code, body):
    def handler(route):
        route.fulfill(status=status_code, body=body() if callable(body) else body)
    return handler


def abort(route):
    route.abort()


def never(route):
    pass        # neither answered nor failed: the request just hangs


MPY_FAILURES = [
    ("**/web/worker_mpy.py", fulfil(404, "not found")),
    ("**/web/worker_mpy.py", abort),
    ("**/web/worker.bundle", fulfil(404, "not found")),
    ("**/web/worker.bundle", abort),
    ("**/web/worker.bundle", fulfil(200, "not a bundle")),
    ("**/web/worker.bundle", fulfil(200, bundle_raising)),
    ("**/web/worker.bundle", never),
    ("**/web/worker_mpy.py", fulfil(200, NEVER_STARTS)),
]


MPY_FAILURE_IDS = ["entry-404", "entry-aborted", "bundle-404", "bundle-aborted", "bundle-damaged", "bundle-raising",
                   "bundle-never", "entry-never-answers"]
# Each failure is found and said, and Pyodide started, in CI; Pyodide's
# takeover (its first move) is waited for after a failure the page finds at
# once, and after every one nightly.  After a failure only a time-out finds,
# CI sees Pyodide take over in
# test_a_micropython_worker_that_hangs_on_a_move_is_given_up_and_pyodide_plays_on
# (a call's time-out rather than the start's: waiting for Pyodide here too
# cost CI some 13 s for the same takeover).
MPY_TAKEOVERS = MPY_FAILURE_IDS if NIGHTLY else ["entry-404"]
# Those only the start time-out finds (CI jumps the page's clock over it).
MPY_TIMED_OUT = ["bundle-never", "entry-never-answers"]


@pytest.mark.parametrize("pattern, handler", MPY_FAILURES, ids=MPY_FAILURE_IDS)
def test_a_broken_micropython_worker_says_so_and_pyodide_takes_over(page, page_watch, open_app, pattern, handler,
                                                                     request):
    page_watch.expect_errors()
    page.context.route(pattern, handler)
    timed_out = request.node.callspec.id in MPY_TIMED_OUT
    if timed_out:
        install_clock(page)
    assert open_app() == "ready"
    start(page, "moon", ["Computer (medium)"] * 3)
    started = time.monotonic()
    if timed_out:
        # The quick worker never starts: only its start time-out ends the wait (no call is in flight).
        jump_clock(page, MPY_START_TIMEOUT_S)
    page.wait_for_function("() => document.documentElement.dataset.workerState !== 'loading' || "
                           "JSON.parse(window.boneyard.record() || '{}').rounds?.some(r => r.actions.length)",
                           timeout=FAILURE_BOUND_S * 1000)
    assert time.monotonic() - started <= FAILURE_BOUND_S
    if actions(page) == 0:
        # Either the quick worker was given up (and says so), or Pyodide --
        # started after 5 s without a computer move -- was ready first and
        # took the seats over: both end the wait within the bound.
        state = page.get_attribute("html", "data-worker-state")
        assert state in ("error", "ready")
        if state == "error":
            assert status(page) == CATALOGS["en"]["worker.quick_failed"]
    # Pyodide was started the moment the quick worker failed (or 5 s without a move).
    assert page.get_attribute("html", "data-pyodide-state") in ("loading", "slow", "ready")
    if request.node.callspec.id not in MPY_TAKEOVERS:
        return
    # Play goes on on Pyodide, at the same level.
    wait_actions(page, 1, WORKER_READY_TIMEOUT_MS / 1000)
    assert page.get_attribute("html", "data-worker-state") == "ready"
    assert "JsException" not in status(page)


# Each with the state it must reach within the bound: "error" where the page's
# probes (a request failing, a HEAD announcing another size than the build's)
# or the runtime's own report find it at once; "slow" for a worker that loads
# and never answers (only its time-out ends it: see the nightly test below);
# either where the failure shows only once the runtime has loaded (an engine
# module), which on a loaded machine can take longer than the bound.
PYODIDE_FAILURES = [
    ("**/web/worker.py", fulfil(404, "not found"), ("error",)),
    ("**/web/worker.py", abort, ("error",)),
    ("**/engine/ai/moon_player.py", fulfil(404, "not found"), ("slow", "error")),
    ("**/runtime/pyodide-*/pyodide.mjs", fulfil(404, "not found"), ("error",)),
    ("**/runtime/pyodide-*/pyodide.asm.mjs", abort, ("error",)),
    ("**/runtime/pyodide-*/pyodide.asm.wasm", fulfil(404, "not found"), ("error",)),
    ("**/runtime/pyodide-*/python_stdlib.zip", fulfil(200, "damaged"), ("error",)),
    ("**/runtime/pyodide-*/pyodide-lock.json", abort, ("error",)),
    ("**/web/worker.py", fulfil(200, NEVER_STARTS), ("slow",)),
]
SAID = {"slow": "worker.strong_slow", "error": "worker.strong_failed"}


def start_hard_against_a_person(page):
    """Chicken Foot, three hard seats and a person; returns once the first computer move is made."""
    start(page, "chicken-foot", ["Computer (hard)", "Human", "Computer (hard)", "Computer (hard)"])
    wait_actions(page, 1, 10)
    # Pyodide starts after the first computer move.
    assert wait_for_state(page, "pyodide-state", 10000, settled=("loading", "slow", "error")) != "idle"


HUMANS_TURN = "() => document.documentElement.dataset.waitingFor === 'human'"


def stated_within_the_bound(page, states):
    """Within FAILURE_BOUND_S ``data-pyodide-state`` is one of ``states``, the
    status line says what it means, and MicroPython still plays every seat;
    returns the state.  Where it may be ``slow``, the "slow" notice's time-out
    is jumped over (CI; see JUMP_CLOCK) once the person is to play: no call is
    then in flight that the jump could time out."""
    loading = time.monotonic()
    if "slow" in states and JUMP_CLOCK:
        page.wait_for_function(HUMANS_TURN, timeout=30000)
        loading = time.monotonic()      # the page's time-out then runs from the jump
        jump_clock(page, PYODIDE_SLOW_S)
    state = wait_for_state(page, "pyodide-state", FAILURE_BOUND_S * 1000 + 2000, settled=states)
    assert time.monotonic() - loading <= FAILURE_BOUND_S
    # The words follow the state in the same task (app.players.show_status).
    assert status(page) == CATALOGS["en"][SAID[state]]
    assert page.get_attribute("html", "data-worker-state") == "ready"
    assert actions(page) >= 1
    return state


@pytest.mark.parametrize("pattern, handler, states", PYODIDE_FAILURES, ids=[
    "worker-404", "worker-aborted", "engine-module-404", "runtime-404", "asm-aborted", "wasm-404",
    "stdlib-damaged", "lock-aborted", "worker-never-answers"])
def test_a_broken_pyodide_worker_leaves_hard_on_micropython_and_says_so(page, page_watch, open_app, pattern,
                                                                         handler, states):
    page_watch.expect_errors()
    page.context.route(pattern, handler)
    if "slow" in states:
        install_clock(page)
    assert open_app() == "ready"
    start_hard_against_a_person(page)
    # Within the bound the page is in a stated fallback state: Pyodide failed
    # (error) or is slow to start (slow); either way the page says so and
    # hard plays on, on MicroPython.
    stated_within_the_bound(page, states)
    # The hard seats keep playing (on MicroPython) up to the person's turn.
    page.wait_for_function("() => document.documentElement.dataset.waitingFor === 'human'", timeout=30000)
    assert page.get_attribute("html", "data-pyodide-state") in states + ("error",)
    assert page.get_by_role("button", name="Hint").is_visible()


@pytest.mark.skipif(not NIGHTLY, reason="waits for Pyodide's 60 s start time-out: nightly (BONEYARD_NIGHTLY=1)")
def test_a_pyodide_worker_that_never_answers_is_given_up_at_its_time_out(page, page_watch, open_app):
    page_watch.expect_errors()
    page.context.route("**/web/worker.py", fulfil(200, NEVER_STARTS))
    assert open_app() == "ready"
    start_hard_against_a_person(page)
    assert stated_within_the_bound(page, ("slow",)) == "slow"
    # Then its time-out gives it up (and terminates it); the words change with the state.
    assert wait_for_state(page, "pyodide-state", WORKER_READY_TIMEOUT_MS) == "error"
    assert page.get_attribute("html", "data-worker-state") == "ready"
    assert status(page) == CATALOGS["en"]["worker.strong_failed"]
    page.wait_for_function("() => document.documentElement.dataset.waitingFor === 'human'", timeout=30000)
    assert page.get_by_role("button", name="Hint").is_visible()


def test_a_slow_pyodide_is_said_and_then_takes_hard_over(page, open_app):
    # Pyodide's wasm is held back (its HEAD probe answered) until the page
    # has said that the strongest engine is slow; then it arrives.
    held = []

    def hold(route):
        if route.request.method == "HEAD":
            route.fallback()
        else:
            held.append(route)

    page.context.route("**/runtime/pyodide-*/pyodide.asm.wasm", hold)
    install_clock(page)
    assert open_app() == "ready"
    start_hard_against_a_person(page)
    assert stated_within_the_bound(page, ("slow", "error")) == "slow"
    assert held, "Pyodide's wasm was never asked for"
    for route in held:
        route.fallback()
    assert wait_for_state(page, "pyodide-state", WORKER_READY_TIMEOUT_MS) == "ready"
    assert status(page) == CATALOGS["en"]["worker.ready"]
    assert page.get_attribute("html", "data-worker-state") == "ready"
    page.wait_for_function("() => document.documentElement.dataset.waitingFor === 'human'", timeout=30000)


def test_a_pyodide_worker_that_hangs_on_a_move_is_given_up_and_micropython_plays_on(page, page_watch, open_app):
    page_watch.expect_errors()
    page.context.route("**/web/worker.py", fulfil(200, lambda: worker_source() + HANGS_ON_A_MOVE))
    install_clock(page)
    assert open_app() == "ready"
    start(page, "moon", ["Computer (hard)"] * 3)
    wait_actions(page, 1, 10)
    # Pyodide starts (its first call answers), takes hard over, never returns its move.
    assert wait_for_state(page, "pyodide-state", WORKER_READY_TIMEOUT_MS) == "ready"
    # Its first hard decision (the next round's, if MicroPython finished this
    # one) never returns: within the bound of the last move it is given up.
    # Once no move has come for STALL_S (hard on MicroPython answers within
    # 300 ms; only Pyodide's hung call is in flight), CI hurries the page's clock.
    last = {"count": actions(page), "at": time.monotonic()}

    def given_up():
        count = actions(page)
        if count != last["count"]:
            last.update(count=count, at=time.monotonic())
        if page.get_attribute("html", "data-pyodide-state") == "error":
            return True
        if time.monotonic() - last["at"] >= STALL_S:
            jump_clock(page, HURRY_S)
        return False

    playing_until(page, given_up, CALL_BOUND_S + 30)
    assert time.monotonic() - last["at"] <= CALL_BOUND_S
    assert page.get_attribute("html", "data-worker-state") == "ready"
    assert page.get_attribute("html", "data-worker-state") == "ready"
    assert status(page) == CATALOGS["en"]["worker.strong_failed"]
    goes_on(page)


def test_a_micropython_worker_that_hangs_on_a_move_is_given_up_and_pyodide_plays_on(page, page_watch, open_app):
    page_watch.expect_errors()
    page.context.route("**/web/worker.bundle", fulfil(200, lambda: bundle_with_worker(worker_source() + HANGS_ON_A_MOVE)))
    install_clock(page)
    assert open_app("?lang=sq") == "ready"
    assert wait_for_state(page, "worker-state", FAILURE_BOUND_S * 1000) == "ready"
    sq = CATALOGS["sq"]
    page.get_by_role("radio", name=sq["game.moon"]).check()
    for seat in (1, 2, 3):
        page.get_by_label(sq["setup.seat"].replace("{n}", str(seat)), exact=True).select_option(
            label=sq["seat.medium"])
    page.get_by_role("button", name=sq["setup.start"]).click()
    started = time.monotonic()
    # The first move never comes back: within the bound the quick worker is
    # given up and the page says, in its language, what that means (CI hurries
    # the page's clock: no other call is in flight).
    hurried_until(page, lambda: page.evaluate(
        "() => document.documentElement.dataset.workerState === 'error' || "
        "document.documentElement.dataset.pyodideState === 'ready'"), CALL_BOUND_S + 2)
    assert time.monotonic() - started <= CALL_BOUND_S
    # (Slow too, in CI, should Pyodide have started before the game did, on a
    # setup screen idle for 5 s: the hurried clock counts towards its notice.)
    assert page.get_attribute("html", "data-pyodide-state") in (("loading", "ready", "slow") if JUMP_CLOCK
                                                               else ("loading", "ready"))
    if page.get_attribute("html", "data-worker-state") == "error":
        assert status(page) == sq["worker.quick_failed"]
    # Pyodide, started at once, plays the seats at their level.
    wait_actions(page, 1, WORKER_READY_TIMEOUT_MS / 1000)
    assert page.get_attribute("html", "data-worker-state") == "ready"
    assert status(page) == sq["worker.ready"]


def test_with_no_worker_the_message_is_translated_and_hot_seat_still_plays(page, page_watch, open_app):
    page_watch.expect_errors()
    page.context.route(re.compile(r".*/web/worker(_mpy)?\.py$"), fulfil(404, "not found"))
    assert open_app("?lang=sq") == "ready"
    assert wait_for_state(page, "worker-state", FAILURE_BOUND_S * 1000) == "error"
    page.wait_for_function("() => document.documentElement.dataset.pyodideState === 'error'",
                           timeout=WORKER_READY_TIMEOUT_MS)
    assert status(page) == CATALOGS["sq"]["worker.none"]
    # A game between two people goes on: Chicken Foot, two human seats.
    sq = CATALOGS["sq"]
    page.get_by_role("radio", name=sq["game.chicken_foot"]).check()
    page.get_by_label(sq["setup.players"], exact=True).fill("2")
    page.get_by_label(sq["setup.players"], exact=True).press("Tab")
    for seat in (1, 2):
        page.get_by_label(sq["setup.seat"].replace("{n}", str(seat)), exact=True).select_option(
            label=sq["seat.human"])
    page.get_by_role("button", name=sq["setup.start"]).click()
    page.wait_for_function("() => document.documentElement.dataset.waitingFor === 'human'", timeout=30000)
    assert page.get_attribute("html", "data-worker-state") == "error"


def test_with_no_worker_a_computers_turn_says_so_where_the_person_looks(browser, page_watch, site):
    """A phone, both engines gone, a game against computers started anyway: the prompt said "Ben
    is thinking..." with a spinner for ever and his card "thinking", while the line saying the
    computers could not start is hidden on a phone (0x0 px). The prompt says it, with Reload."""
    from conftest import app_url, guarded_page

    pages = guarded_page(browser, page_watch, viewport={"width": 390, "height": 844}, service_workers="block",
                         is_mobile=True, has_touch=True)
    page = next(pages)
    try:
        page_watch.expect_errors()
        page.context.route(re.compile(r".*/web/worker(_mpy)?\.py$"), fulfil(404, "not found"))
        page.goto(app_url(site))
        assert wait_for_state(page, "app-state", 30000) == "ready"
        page.wait_for_function("() => document.documentElement.dataset.pyodideState === 'error'",
                               timeout=WORKER_READY_TIMEOUT_MS)
        start(page, "chicken-foot", ["Computer (easy)", "Human"])
        alert = page.locator("#game #prompt[role=alert]")
        alert.wait_for(timeout=10000)
        assert CATALOGS["en"]["worker.none"] in alert.inner_text()
        assert not page.locator("#computer-status").is_visible()    # (hidden on a phone: the prompt says it)
        assert page.locator("#game .spinner:visible").count() == 0
        reload = alert.get_by_role("button", name="Reload")
        box = reload.bounding_box()
        assert box and box["y"] + box["height"] <= 844 and box["height"] >= 44, box
        with page.expect_navigation():
            reload.click()
    finally:
        next(pages, None)


FIRST_MOVE_STAMP = """
(() => {
  const look = setInterval(() => {
    let record = null;
    try { record = JSON.parse((window.boneyard && window.boneyard.record()) || "{}"); } catch (_) { return; }
    if ((record.rounds || []).some((r) => (r.actions || []).length)) {
      window.__firstMoveAt = Date.now();
      clearInterval(look);
    }
  }, 5);
})();
"""


def test_the_offline_download_waits_for_the_first_computer_move_and_covers_hard(browser, site):
    from test_pwa import GuardedContext, wait_offline_ready

    guard = GuardedContext(browser)     # service workers on, the outside world unreachable
    try:
        requests = []
        guard.context.on("request", lambda r: requests.append(r))
        # The page's own clock stamps the first move (a poll from here would be late).
        guard.context.add_init_script(FIRST_MOVE_STAMP)
        page = guard.new_page()
        page.goto(site + "?seed=3")
        assert wait_for_state(page, "app-state", 30000) == "ready"
        start(page, "moon", ["Computer (hard)"] * 3)
        wait_actions(page, 1, 10)
        assert page.get_attribute("html", "data-offline-state") == "none"
        wait_offline_ready(page)
        first_move = page.evaluate("window.__firstMoveAt") / 1000
        # When each request went out, on the same (epoch) clock.
        stamps = [(r.timing["startTime"] / 1000, r.url) for r in requests]
        # Neither the service worker nor Pyodide was fetched before that move.
        late = [u for t, u in stamps if t >= first_move]
        assert not [u for t, u in stamps if t < first_move and (u.endswith("/sw.js") or "/runtime/pyodide-" in u)]
        assert any(u.endswith("/sw.js") for u in late)
        # What hard needs offline is in the cache: Pyodide's runtime and the worker bundle.
        cached = page.evaluate("""async () => {
            const names = await caches.keys();
            const cache = await caches.open(names[0]);
            return (await cache.keys()).map((r) => r.url); }""")
        for needed in ("/web/worker.py", "/web/worker_mpy.py", "/web/worker.bundle", "/pyodide.asm.wasm",
                       "/python_stdlib.zip"):
            assert any(u.endswith(needed) for u in cached), needed
    finally:
        guard.context.close()
    assert guard.problems() == []


def test_on_a_phone_the_fallback_is_said_above_the_table(browser, page_watch, site):
    # The phone's game view hides the status line, but not a hard seat playing below its level.
    from conftest import app_url, guarded_page

    pages = guarded_page(browser, page_watch, viewport={"width": 390, "height": 844}, service_workers="block")
    page = next(pages)
    try:
        page_watch.expect_errors()
        page.context.route("**/runtime/pyodide-*/python_stdlib.zip", fulfil(200, "damaged"))
        page.goto(app_url(site))
        assert wait_for_state(page, "app-state", 30000) == "ready"
        start_hard_against_a_person(page)
        assert stated_within_the_bound(page, ("error",)) == "error"
        page.wait_for_function("() => document.documentElement.dataset.waitingFor === 'human'", timeout=30000)
        box = page.locator("#computer-status").bounding_box()
        assert box is not None and box["height"] >= 15, box
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390 and box["y"] >= 0
        table = page.locator("#game").bounding_box()
        assert box["y"] + box["height"] <= table["y"] + 0.5, (box, table)
        assert page.get_by_role("button", name="Hint").is_visible()
        # A game with no hard seat: that is no news, and the table keeps the header's room (the
        # line once opened there mid-game, 83 px, over a game of medium computers).
        page.get_by_role("button", name="New game").first.click()
        start(page, "chicken-foot", ["Computer (medium)", "Human", "Computer (medium)", "Computer (medium)"])
        page.wait_for_function(HUMANS_TURN, timeout=30000)
        assert page.get_attribute("html", "data-pyodide-state") == "error"
        assert not page.locator("#computer-status").is_visible()
        assert page.locator("#game").bounding_box()["y"] <= 8, page.locator("#game").bounding_box()
    finally:
        next(pages, None)


@pytest.mark.parametrize("lang", ["en", "sq"])     # Albanian's caveat is the longest
def test_on_the_setup_page_the_engines_arriving_move_nothing(browser, page_watch, site, lang):
    """A phone, the setup page idle: the quick engine arrives (held back until the page is
    measured) and the status line says hard's caveat; then Pyodide arrives (after IDLE_S, clock
    jumped in CI) and the caveat goes.  "Play now" stays where the person first saw it: the
    line once grew by two lines and pushed the page down, then shrank and pulled it up, each
    time under the finger of a person reaching for it."""
    from conftest import app_url, guarded_page

    pages = guarded_page(browser, page_watch, viewport={"width": 390, "height": 844}, service_workers="block",
                         is_mobile=True, has_touch=True)
    page = next(pages)
    held = []
    try:
        page.context.route("**/web/worker.bundle", lambda route: held.append(route))
        install_clock(page)
        page.goto(app_url(site, "?lang=" + lang))
        assert wait_for_state(page, "app-state", 30000) == "ready"
        words = CATALOGS[lang]
        assert status(page) == words["worker.starting"]
        where = "() => document.querySelector('.play-card').getBoundingClientRect().top + scrollY"
        before = page.evaluate(where)
        for _ in range(100):     # the worker asks for it a moment after the page is ready
            if held:
                break
            page.wait_for_timeout(100)
        assert held, "the quick engine's bundle was never asked for"
        assert page.evaluate(where) == before
        page.context.unroute("**/web/worker.bundle")
        for route in held:
            route.fallback()
        assert wait_for_state(page, "worker-state", WORKER_READY_TIMEOUT_MS) == "ready"
        assert status(page) == words["worker.hard_lighter"]
        assert page.evaluate(where) == before
        jump_clock(page, players_constant("IDLE_S") + 1)
        assert wait_for_state(page, "pyodide-state", WORKER_READY_TIMEOUT_MS) == "ready"
        assert status(page) == words["worker.ready"]
        assert page.evaluate(where) == before
        if lang != "en":
            return
        # The table lays the line out itself, and the setup after a game starts from its text.
        start(page, "chicken-foot", ["Human", "Computer (easy)"])
        assert page.locator("#computer-status").evaluate("e => e.style.minHeight") == ""
    finally:
        next(pages, None)
