"""Which worker plays which computer seat, and what the page says about it.

Two workers run the same engine and get only the acting seat's view:

* **MicroPython** (``web/worker_mpy.py``): the page's own runtime, already
  downloaded, so it starts within a second of the page being ready.  It
  plays every level from the first move.
* **Pyodide** (``web/worker.py``): about 4x faster on the search but a
  13.7 MB download.  It starts only once the first computer move is made (and drawn)
  (or the page has idled without one, ``IDLE_S``), so it never competes with
  that move, and from when it is ready it plays ``hard`` and gives hints.

The policy for ``hard`` before Pyodide is ready: MicroPython plays it with
a fixed search budget (the registry's ``slow_hard_budget``: what it reaches within its
time cap on a desktop), still with ``hard``'s own reasoning, so the levels
stay ordered (tournaments at that budget: see the README) and a decision
stays within the targets; the status line says that hard thinks less until
Pyodide is ready.  The offline download (``web/pwa.js``) is released only
once Pyodide has settled, so the two never share the line.

Failure: a worker that does not start within its time-out, reports an
error, or stops answering a move (``CALL_TIMEOUT_S``) is given up (and
terminated: a hung worker would keep a core busy) and the other takes its
seats; the status line says in the page's language what that means for the
player.  With neither, ``data-worker-state=error``.  Files that are missing,
unreachable or not the size the build wrote are found at once by probing
them beside the worker's own requests (PyScript reports none of those);
only a worker that loads but never answers waits for the time-out.

Pyodide's end state within 15 s: it may honestly need a minute to start on
a busy phone, so it is not given up then; instead, by ``PYODIDE_SLOW_S``
``data-pyodide-state`` is ``slow`` and the status line says that ``hard``
keeps its smaller search until it is ready (MicroPython plays every seat
meanwhile).  From ``slow`` it still becomes ``ready`` (and takes ``hard``
over, saying so) or ``error`` at its time-out.
"""

import asyncio
import json

from pyscript import PyWorker, window

from engine import games

from app import dom, runtime_files
from app.i18n import t

MPY = "micropython"
PYODIDE = "pyodide"
SOURCES = {MPY: "./web/worker_mpy.py", PYODIDE: "./web/worker.py"}
# The configs ride in the page bundle (build.py): no request, no CDN default.
CONFIGS = {MPY: "workers/micropython.json", PYODIDE: "workers/pyodide.json"}
# A worker that has not answered its first call by then is given up.  Pyodide
# is a 13.7 MB download and slow to start on a busy device (34 s measured
# here at load 20 while MicroPython played hard): its time-out grows with the
# line's speed as the page's own bundle measured it (see start_timeout_s).
# A damaged standard library or a worker that never answers reports
# nothing: only the time-out ends them.  MicroPython plays every seat
# meanwhile, and after PYODIDE_SLOW_S the status line says the full engine
# is slow to start and what that means.
START_TIMEOUT_S = {MPY: 12, PYODIDE: 60}
PYODIDE_SLOW_S = 12
PYODIDE_BYTES = 13.7e6
MAX_START_TIMEOUT_S = 300
# No decision takes this long (the caps below are at most 1.5 s; the engine's own 2 s).
CALL_TIMEOUT_S = 10
# Without a computer move, Pyodide and the offline download start this long
# after the MicroPython worker is ready (a hot-seat game, a slow setup).
IDLE_S = 5
# hard on MicroPython: worlds (Moon) or playouts (Chicken Foot) per decision
# (engine.games: slow_hard_budget), with a time cap as a safety net on a slow device (a Moon bid, discard or
# trump is one decision per hand and may take longer than a play).  The
# budgets are what MicroPython reaches within the caps on a quiet desktop
# (`bench/mpy_hard.py --rate`, quiet, session 6: Chicken Foot 325 playouts
# in 300 ms at the median decision, about 143 at the slowest of the seeded
# games, so 140; Moon 108 worlds a play, 11 a bid or trump, 4 a discard at
# the median), so there the choice is the one the README's tournaments at
# these budgets measure.  The hand cap leaves room under the 1.5 s a Moon
# bid may take in the browser (the page's overhead comes on top).
MPY_HARD_TIME_MS = 300
MPY_HAND_TIME_MS = 1000
# hard on Pyodide: the level's own budget (about 0.1 s a play on a quiet
# desktop), capped in time so that a busy device still answers a play in
# half a second (the engine's own caps, 1.2-1.5 s, are set for CPython).
PYODIDE_HARD_TIME_MS = 450
PYODIDE_HAND_TIME_MS = 1500
HINT_ITERATIONS = 40
HINT_TIME_MS = 2000
POLL_S = 0.01
# The page applies and draws the first move once ask() returns it (on a busy
# device that takes a while): Pyodide is released when the next move is
# asked for, which comes after that, or this long after the first move.
RELEASE_AFTER_S = 1


class NoAnswer(Exception):
    """A worker did not answer in time."""


class Worker:
    def __init__(self, runtime):
        self.runtime = runtime
        self.state = "idle"       # idle -> loading -> ready | failed
        self.proxy = None
        self.handle = None        # keeps the error callback alive
        self.xworker = None       # the worker itself (terminated once given up)
        self.slow = False         # still loading after PYODIDE_SLOW_S (said; data-pyodide-state=slow)


class Players:
    def __init__(self):
        self.workers = {MPY: Worker(MPY), PYODIDE: Worker(PYODIDE)}
        self.moved = False        # a computer move has been made
        self.busy = 0             # calls in flight
        self.released = False     # Pyodide's start and the offline download
        self.on_ready = None      # the controller's callback when a worker is ready
        self.stopped = False      # the page failed to start (see stop)

    def worker(self, runtime):
        return self.workers[runtime]

    def ready(self, runtime):
        return self.workers[runtime].state == "ready"

    def settled(self, runtime):
        return self.workers[runtime].state in ("ready", "failed")


players = Players()


# --- status ------------------------------------------------------------------

def status_key():
    """The status line's catalog key for the workers' states now."""
    mpy = players.worker(MPY).state
    pyo = players.worker(PYODIDE).state
    if mpy == "failed" and pyo == "failed":
        return "worker.none"
    if pyo == "ready":
        return "worker.ready"
    if mpy == "failed":
        return "worker.quick_failed"
    if mpy != "ready":
        return "worker.starting"
    if pyodide_off():
        return "worker.pyodide_off"   # Pyodide never starts here: nothing to wait for
    if pyo == "failed":
        return "worker.strong_failed"
    return "worker.strong_slow" if players.worker(PYODIDE).slow else "worker.hard_lighter"


def stop():
    """The page could not start: its error stands, and no worker state overrides it."""
    players.stopped = True


def room_keys():
    """What the status line may say while the engines start, its longest texts: the unseen
    lines under it (index.html's status-sizer) are these, so its room is fixed before the
    setup shows (a failure's words may still need more)."""
    if pyodide_off():
        return ["worker.pyodide_off"]
    return ["worker.hard_lighter", "worker.strong_slow"]


def size_room():
    """The unseen lines in the page's language now (the first status comes before the
    language is chosen; a language chosen later reloads the page)."""
    keys = room_keys()
    for i, sizer in enumerate(window.document.querySelectorAll(".status-sizer")):
        text = t(keys[i]) if i < len(keys) else ""
        if sizer.textContent != text:
            sizer.textContent = text


def show_status():
    if players.stopped:
        return
    size_room()
    key = status_key()
    box = dom.by_id("computer-status")
    if box is not None:
        hold_height(box)
        box.setAttribute("data-i18n", key)     # re-translated with the page
        box.textContent = t(key)
    mpy = players.worker(MPY).state
    pyo = players.worker(PYODIDE).state
    if "ready" in (mpy, pyo):
        dom.set_state("worker-state", "ready")
    elif mpy == "failed" and pyo != "idle":
        # The quick worker failed: say so now, whatever Pyodide does later.
        dom.set_state("worker-state", "error")
    dom.set_state("pyodide-state", pyodide_state())


def hold_height(box):
    """On the setup page the line above the buttons never gets shorter: the full engine
    arrives seconds in (a minute on a phone), when a person may be reaching for "Play now",
    and the line's two lines less would pull the page up under their finger.  What it
    gives up stays as room until a game starts (``release_height``)."""
    if not window.document.documentElement.classList.contains("playing"):
        box.style.minHeight = "%dpx" % box.offsetHeight


def release_height():
    """A game's table lays the line out itself; the setup after it starts from the text."""
    box = dom.by_id("computer-status")
    if box is not None:
        box.style.minHeight = ""


def pyodide_state():
    """``data-pyodide-state``: ``idle|loading|slow|ready|error``."""
    w = players.worker(PYODIDE)
    if w.state == "failed":
        return "error"
    if w.state == "loading" and w.slow:
        return "slow"
    return w.state


def detail(exc):
    """Readable text of a Python exception or of a JS error object."""
    message = getattr(exc, "message", None)
    if isinstance(message, str):
        return message
    return dom.describe(exc) if isinstance(exc, Exception) else str(window.String(exc))


def log(runtime, what, exc=None):
    # The person reads the status line; the console keeps the detail.
    window.console.warn("Boneyard %s worker: %s%s" % (runtime, what, "" if exc is None else ": " + detail(exc)))


# --- starting ----------------------------------------------------------------

async def within(promise, seconds, given_up=None):
    """Await ``promise``; raise ``NoAnswer`` after ``seconds`` or once ``given_up()``."""
    box = []

    async def run():
        try:
            box.append((True, await promise))
        except Exception as exc:   # the worker's own error, whatever its type
            box.append((False, exc))

    asyncio.create_task(run())
    start = window.Date.now()
    while not box:
        if window.Date.now() - start > seconds * 1000:
            raise NoAnswer("no answer within %d s" % seconds)
        if given_up is not None and given_up():
            raise NoAnswer("given up")
        await asyncio.sleep(POLL_S)
    ok, value = box[0]
    if not ok:
        raise value
    return value


def read_config(runtime):
    """``(config, interpreter URL)``: the worker's PyScript config as a JS
    object, checked to name a local interpreter, and that interpreter's URL
    (a worker loads the runtime its ``version`` names; without one, a CDN's)."""
    with open(CONFIGS[runtime]) as f:
        text = f.read()
    config = json.loads(text)
    interpreter = config.get("interpreter") if isinstance(config, dict) else None
    if not isinstance(interpreter, str) or not interpreter.startswith("./"):
        raise ValueError("the %s config names no local interpreter" % runtime)
    return window.JSON.parse(text), str(window.URL.new(interpreter, window.location.href).href)


def fail(runtime, what, exc=None):
    w = players.worker(runtime)
    if w.state == "failed":
        return
    w.state = "failed"
    w.proxy = None
    if w.xworker is not None:
        try:
            w.xworker.terminate()   # a hung worker would keep its core busy
        except Exception:
            pass                    # already gone
        w.xworker = None
    log(runtime, what, exc)
    show_status()
    if runtime == MPY:
        release()       # the fallback is needed now


def start_timeout_s(runtime):
    """The start time-out: Pyodide's allows three times its download at the
    speed the page bundle came at (a fresh download only; cached: the base)."""
    seconds = START_TIMEOUT_S[runtime]
    if runtime != PYODIDE:
        return seconds
    try:
        entries = window.performance.getEntriesByType("resource")
        for i in range(int(entries.length)):
            e = entries[i]
            took = (e.responseEnd - e.responseStart) / 1000
            if str(e.name).endswith("/web/page.bundle") and e.transferSize > 50000 and took > 0:
                seconds = max(seconds, 3 * PYODIDE_BYTES / (e.transferSize / took) + 10)
    except Exception:
        pass        # no timing: the base time-out
    return min(seconds, MAX_START_TIMEOUT_S)


def offline_copy():
    """Whether a service worker serves this page (the offline copy, installed
    whole or not at all: its files need no probing, and a HEAD would bypass
    it and fail offline)."""
    try:
        return bool(window.navigator.serviceWorker.controller)
    except Exception:
        return False


async def probe_one(runtime, url, head, sizes=None):
    try:
        if head:
            response = await window.fetch(url, window.JSON.parse('{"method": "HEAD", "cache": "no-store"}'))
        else:
            response = await window.fetch(url)
    except Exception as exc:
        fail(runtime, "%s could not be fetched" % url, exc)
        return
    if not response.ok:
        fail(runtime, "%s is missing (HTTP %s)" % (url, response.status))
        return
    why = runtime_files.wrong_size(url, response.headers, sizes) if head and sizes else None
    if why is not None:
        fail(runtime, why)


def probe(runtime, interpreter):
    """Fetch the worker's script, and HEAD its runtime's files, alongside
    PyScript's own requests: PyScript never reports their fetch failing (the
    worker would wait for its time-out), this does, within a round trip; a
    file whose announced length is not the built one fails too.  A HEAD
    moves no body, so the 13.7 MB runtime is not downloaded twice."""
    asyncio.create_task(probe_one(runtime, SOURCES[runtime], False))
    if not offline_copy() and runtime_files.NAMES[runtime]:
        asyncio.create_task(probe_runtime(runtime, interpreter))


async def probe_runtime(runtime, interpreter):
    # The sizes first (one small request): without them only presence is checked.
    sizes = {}
    try:
        response = await window.fetch(runtime_files.SIZES)
        if response.ok:
            sizes = runtime_files.built_sizes(runtime, str(await response.text()))
    except Exception as exc:
        log(runtime, "the runtime's sizes could not be read", exc)
    for url in runtime_files.urls(runtime, interpreter):
        asyncio.create_task(probe_one(runtime, url, True, sizes))


def launch(runtime):
    """Create ``runtime``'s worker now (its requests go out at once); return
    the coroutine that waits for it to answer, or ``None`` if it cannot even
    be created (already said)."""
    w = players.worker(runtime)
    if w.state != "idle":
        return None
    w.state = "loading"
    show_status()
    try:
        from pyscript.ffi import create_proxy

        config, version = read_config(runtime)
        handle = PyWorker(SOURCES[runtime], type=runtime, config=config, version=version)
        w.xworker = handle
        # PyScript's default prints to the console; a failure is ours to report.
        w.handle = create_proxy(lambda event: fail(runtime, "error", getattr(event, "error", event)))
        handle.onerror = w.handle
        handle.addEventListener("error", w.handle)      # uncaught inside the worker
    except Exception as exc:
        fail(runtime, "could not be created", exc)
        return None
    probe(runtime, version)
    return _answering(runtime, handle)


async def _slow(runtime):
    """Say so when Pyodide is still loading after PYODIDE_SLOW_S: the stated
    fallback (``data-pyodide-state=slow``, hard on MicroPython, said)."""
    await asyncio.sleep(PYODIDE_SLOW_S)
    w = players.worker(runtime)
    if w.state == "loading":
        w.slow = True
        show_status()


async def _answering(runtime, handle):
    w = players.worker(runtime)
    if runtime == PYODIDE:
        asyncio.create_task(_slow(runtime))
    given_up = lambda: w.state == "failed"   # noqa: E731 -- a failure seen elsewhere ends the wait
    seconds = start_timeout_s(runtime)
    try:
        await within(handle.ready, seconds, given_up)
        proxy = handle.sync
        await within(proxy.deal_preview(1), seconds, given_up)   # the engine imports
    except Exception as exc:
        fail(runtime, "could not start", exc)
        return
    if w.state == "loading":
        w.proxy = proxy
        w.state = "ready"
        show_status()
        if players.on_ready is not None:
            players.on_ready()


async def start_worker(runtime):
    waiting = launch(runtime)
    if waiting is not None:
        await waiting


def pyodide_off():
    """``?pyodide=off`` in the address: Pyodide is never started and MicroPython
    plays every seat (at hard's smaller budget), as before Pyodide is ready.
    For tests that do not need it (its start costs a browser seconds of CPU)
    and for trying the page as a slow device plays it."""
    try:
        return str(window.URLSearchParams.new(window.location.search).get("pyodide")) == "off"
    except Exception:
        return False


def release():
    """Start Pyodide, then let the offline download go once Pyodide has settled."""
    if players.released:
        return
    players.released = True
    if pyodide_off():
        dom.set_state("downloads", "now")     # nothing to wait for
        return
    asyncio.create_task(_background())


async def _background():
    await start_worker(PYODIDE)
    dom.set_state("downloads", "now")     # web/pwa.js waits for it


async def _release_after():
    await asyncio.sleep(RELEASE_AFTER_S)
    release()


async def _release_when_idle():
    # Idle counts only once the quick worker is ready (on a slow phone it
    # starts in 4-5 s: counting from the page's start let Pyodide and the
    # offline download race the first move) and while no move is awaited.
    # A failed quick worker releases at once (fail).
    waited = 0
    while not players.released:
        await asyncio.sleep(0.25)
        if players.busy or not players.ready(MPY):
            waited = 0
            continue
        waited += 0.25
        if waited >= IDLE_S:
            release()


def start(on_ready=None):
    """Start the MicroPython worker now, as the page starts (not in a task:
    that would run only once the page's start-up yields, after it is ready);
    ``on_ready()`` runs as each worker becomes ready."""
    players.on_ready = on_ready
    dom.set_state("pyodide-state", "idle")
    asyncio.create_task(_release_when_idle())
    waiting = launch(MPY)
    if waiting is not None:
        asyncio.create_task(waiting)


# --- asking ------------------------------------------------------------------

def runtime_for(level):
    """The runtime that plays ``level`` now (``None``: none yet; wait)."""
    if level == "hard" and players.ready(PYODIDE):
        return PYODIDE
    if players.ready(MPY):
        return MPY
    if players.ready(PYODIDE):
        return PYODIDE
    return None


def budget(runtime, view, level, hint=False):
    """``(iterations, time_ms)`` for the call (``0``: the level's own; a
    ``None`` would reach Pyodide as a JS null)."""
    hand = view.get("phase") in ("bidding", "discard", "trump")
    if runtime == PYODIDE:
        if hint:
            return (HINT_ITERATIONS, HINT_TIME_MS)
        if level == "hard":
            return (0, PYODIDE_HAND_TIME_MS if hand else PYODIDE_HARD_TIME_MS)
        return (0, 0)
    if level != "hard" and not hint:
        return (0, 0)
    iterations = games.phase_iterations(games.info(view["game"]).slow_hard_budget, view)
    return (iterations or 0, MPY_HAND_TIME_MS if hand else MPY_HARD_TIME_MS)


def gone():
    return players.worker(MPY).state == "failed" and players.worker(PYODIDE).state == "failed"


async def ask(view, level, seed, hint=False):
    """The action ``level`` takes in ``view`` (the acting seat's), or ``None`` with no worker left."""
    if players.moved and not hint:
        release()           # the first move is on the page by now
    players.busy += 1       # a move awaited, a worker ready or not: not idle
    try:
        return await _ask(view, level, seed, hint)
    finally:
        players.busy -= 1


async def _ask(view, level, seed, hint):
    while True:
        runtime = runtime_for(level)
        if runtime is None:
            if gone():
                return None
            await asyncio.sleep(0.05)
            continue
        w = players.worker(runtime)
        iterations, time_ms = budget(runtime, view, level, hint)
        try:
            action = await within(w.proxy.choose_action(json.dumps(view), level, seed, iterations, time_ms),
                                  CALL_TIMEOUT_S)
        except Exception as exc:
            fail(runtime, "stopped answering", exc)
            continue
        action = str(action)
        if action not in view["legal"]:
            fail(runtime, "answered an illegal action %r" % action)
            continue
        if not hint and not players.moved:
            players.moved = True
            asyncio.create_task(_release_after())
        return action


async def choose(view, level, seed):
    return await ask(view, level, seed)


async def hint(view):
    return await ask(view, "hard", 12345, hint=True)


def available():
    """Whether a worker can answer now (a hint button is worth showing)."""
    return players.ready(MPY) or players.ready(PYODIDE)
