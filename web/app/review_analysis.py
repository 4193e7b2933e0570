"""Analysis in the review: "Analyse this hand/round" runs in the computer-player worker.

Never on the page's thread: the worker (``web/worker.py``) runs the analysis
in slices of about ``SLICE_MS`` (``analyse_start`` / ``analyse_more``): it
cannot call the page back without SharedArrayBuffer, so between two slices
the page shows the progress, and Cancel simply stops asking for more.  The
progress bar is updated in place (a full render per slice would cost the
page a long task); the panel is rendered once the result is in.

Pyodide does the work when it is ready (about 4x faster on the search);
until then the MicroPython worker, ready with the page, does it at once
rather than keep the person waiting for Pyodide's download, and gives way
to Pyodide if it becomes ready before half is done (:func:`switch_now`).
Moon's exact analysis is the same on either; Chicken Foot's estimate on
MicroPython uses fewer worlds (``MPY_CF_WORLDS``, said so on screen) and can
be done again with the full count once Pyodide is ready ("refine").  A result is cached in
memory and beside its game's save (``store.analysis_put``) so a second look
is instant, also after a reload.  Moon's analysis sees every hand, so it is
offered only for a finished hand; Chicken Foot's reads the chosen seat's
view only (an estimate); both only for a round that is over.
"""

import asyncio
import json

from pyscript import window
from pyscript.ffi import create_proxy

from engine import games
from engine import record as records

from app import analysis_view, dom, players, store
from app.i18n import error_text, t
from app.state import state

SLICE_MS = 100
CF_WORLDS = 48          # the analysis' own default (engine.ai.cf_analysis.WORLDS)
# Chicken Foot's worlds per decision on MicroPython (4-7x slower than Pyodide):
# half the full count keeps a round within a few seconds (a 4-player round: 12 worlds 1.0 s,
# 48 worlds 6.6 s in the browser at load 9-10; at 24 the estimate's noise is 0.7 times 12's).
MPY_CF_WORLDS = 24
# A call to the analysis' worker may take longer than a move's (players.CALL_TIMEOUT_S, 10 s:
# a Moon hand's analysis failed on it at load 34): the first call on a Pyodide just started
# imports the analysis, and one unit of work on MicroPython (a hard bid: eight whole-hand
# solves) is several seconds on a loaded machine.
CALL_TIMEOUT_S = 45

_proxies = []
_memory = {}            # cache key -> analysis (dict) for this page
_timing = {}            # cache key -> (runtime, ms from the first slice to the result): the figures
_PAGE = {}              # the controller's render (see install)


class Job:
    """One analysis running for a review (the page runs at most one)."""

    def __init__(self, review, key, full=False):
        self.review = review
        self.key = key
        self.full = full        # Pyodide's full budget wanted (refining a quick estimate): wait for it
        self.runtime = None     # the worker it runs on
        self.done = 0
        self.total = 0
        self.waiting = True
        self.error = None
        self.cancelled = False


_current = {"job": None}


# --- what the review shows ------------------------------------------------------------

def default_seat(review):
    """The seat whose decisions are judged first: the first human, else seat 0."""
    players_n = review.source.game.players
    seats = review.setup.get("seats") or []
    for i in range(min(players_n, len(seats))):
        if seats[i] == "human":
            return i
    return 0


def allowed_seats(review):
    """Whose decisions may be judged: any seat in a replay (it may reveal every hand);
    in the game's own review (no peeking), only the people's (None: every seat)."""
    if review.mode == "replay":
        return None
    humans = review.source.humans()
    return humans if humans else None


def seat_of(review):
    seat = getattr(review, "an_seat", None)
    allowed = allowed_seats(review)
    if not isinstance(seat, int) or not 0 <= seat < review.source.game.players or \
            (allowed is not None and seat not in allowed):
        seat = default_seat(review)
        review.an_seat = seat
    return seat


def fingerprint(actions):
    """A short checksum of a round's actions: a cached analysis of a changed round misses."""
    h = 5381
    for ch in "|".join(actions):
        h = (h * 33 + ord(ch)) & 0x7FFFFFFF
    return "%d.%x" % (len(actions), h)


def cache_key(review, r, seat):
    return "%d:%d:%s" % (r, seat, fingerprint(review.rounds[r]["actions"]))


def game_id(review):
    """The saved game the review shows (its analyses are cached beside it), or None."""
    gid = getattr(review, "game_id", None)
    if gid:
        return gid
    if review.source is state.session:
        return store.tab.id
    return None


def cached(review, key):
    got = _memory.get((game_id(review), key))
    if got is None:
        text = store.analysis_get(game_id(review), key)
        if text is not None:
            try:
                got = json.loads(text)
            except Exception:
                got = None
            if isinstance(got, dict) and "decisions" in got:
                _memory[(game_id(review), key)] = got
            else:
                got = None
    return got


def round_shown(review):
    """``(round, first step)`` of the round shown when it is over (analysable), else None."""
    r, _ = review.locate(review.step)
    rnd = review.rounds[r] if r < len(review.rounds) else None
    if rnd is None or "scores" not in rnd or not rnd["actions"]:
        return None
    return r, review.starts[r]


def panel_html(review):
    """The analysis section for the review's step ("" when its round is not over)."""
    where = round_shown(review)
    if where is None:
        return ""
    r, start = where
    seat = seat_of(review)
    key = cache_key(review, r, seat)
    job = _current["job"]
    job_view = None
    if job is not None and job.review is review and job.key == key:
        job_view = {"done": job.done, "total": job.total, "waiting": job.waiting, "error": job.error}
    result = cached(review, key)
    if job_view is not None and job.full and job.error is None:
        result = None           # refining: the new analysis' progress (Cancel brings the quick one back)
    names = list(review.source.names)
    # Whether a quick estimate may be done again with the full count (Pyodide is there, or still coming).
    refine = players.players.worker(players.PYODIDE).state != "failed"
    html = analysis_view.panel(review.setup["game"], seat, names, CF_WORLDS, job_view, result, start, review.step,
                               allowed_seats(review), refine)
    timing = _timing.get((game_id(review), key))
    if timing is not None and result is not None:
        # How long the worker took (tests and bench print it; nobody reads it on screen).
        html = html.replace('<section class="analysis"', '<section class="analysis" data-runtime="%s" data-work-ms="%d"'
                            % timing, 1)
    return html


# --- running it in the worker ----------------------------------------------------------------

def show_progress(job):
    """The bar and its words, in place (no render: see the module docstring)."""
    bar = dom.by_id("an-progress")
    words = dom.by_id("an-status")
    if bar is None or words is None or _current["job"] is not job:
        return
    bar.max = max(1, job.total)
    bar.value = job.done
    if job.runtime is not None:
        dom.by_id("analysis").setAttribute("data-runtime", job.runtime)     # for tests, as the result's
    percent = (100 * job.done // job.total) if job.total else 0
    words.textContent = t("analyse.waiting") if job.waiting else t("analyse.running", percent=percent)


async def pick_worker(job):
    """The runtime to analyse with, or None when no worker is left: Pyodide when it is
    ready, else MicroPython at once (see the module docstring); a job that wants the
    full budget (``job.full``) waits for Pyodide unless Pyodide has failed."""
    while not job.cancelled:
        if players.players.ready(players.PYODIDE):
            return players.PYODIDE
        pyodide_out = players.players.worker(players.PYODIDE).state == "failed"
        if (pyodide_out or not job.full) and players.players.ready(players.MPY):
            return players.MPY
        if players.gone():
            return None
        players.release()       # start Pyodide now if it has not started
        await asyncio.sleep(0.1)
    return None


def options_for(review, r, seat, runtime):
    """The analysis options for ``runtime``: Chicken Foot's worlds fewer on MicroPython."""
    options = {"round": r, "seat": seat}
    if runtime == players.MPY and not games.info(review.setup["game"]).exact_analysis:
        options["iterations"] = MPY_CF_WORLDS
    return options


async def run(job, record_json, r, seat):
    try:
        await _run(job, record_json, r, seat)
    except Exception as exc:        # whatever went wrong is said, never left spinning
        finish(job, error=t("analyse.failed", reason=dom.describe(exc)))


async def _run(job, record_json, r, seat):
    runtime = await pick_worker(job)
    if job.cancelled:
        return
    if runtime is None:
        finish(job, error=t("analyse.no_worker"))
        return
    while runtime is not None and not job.cancelled:
        runtime = await _run_on(job, record_json, r, seat, runtime)


def switch_now(job, runtime):
    """Whether MicroPython's run should give way to Pyodide, ready since it began: while
    less than half is done (about 4x faster, Pyodide catches up and passes it)."""
    return runtime == players.MPY and players.players.ready(players.PYODIDE) and job.done * 2 < job.total


async def _run_on(job, record_json, r, seat, runtime):
    """Run the job on ``runtime``; the runtime to go on with (Pyodide: switched to it) or None (done)."""
    options_json = json.dumps(options_for(job.review, r, seat, runtime))
    proxy = players.players.worker(runtime).proxy
    began = window.performance.now()
    job.waiting = False
    job.runtime = runtime
    show_progress(job)
    if runtime == players.MPY:
        players.release()       # Pyodide's download begins now (busy, the page would not start it)
    players.players.busy += 1
    try:
        await players.within(proxy.analyse_start(record_json, options_json), CALL_TIMEOUT_S)
        while True:
            if job.cancelled or switch_now(job, runtime):
                # Free the worker's copy, unless a newer analysis began there since
                # (the worker answers in order: this would cancel that one).
                if _current["job"] is None or _current["job"] is job:
                    await players.within(proxy.analyse_cancel(), CALL_TIMEOUT_S)
                if job.cancelled:
                    return None
                job.done = 0
                return players.PYODIDE
            text = str(await players.within(proxy.analyse_more(SLICE_MS), CALL_TIMEOUT_S))
            out = json.loads(text)
            if "error" in out:
                finish(job, error=error_text(_Keyed(out)))
                return None
            job.done, job.total = out["done"], out["total"]
            if "result" in out:
                result = out["result"]
                gid = game_id(job.review)
                _memory[(gid, job.key)] = result
                _timing[(gid, job.key)] = (runtime, int(window.performance.now() - began))
                store.analysis_put(gid, job.key, json.dumps(result))
                finish(job)
                return None
            show_progress(job)
    finally:
        players.players.busy -= 1


class _Keyed(Exception):
    """The worker's error JSON as an exception ``error_text`` translates by its key."""

    def __init__(self, out):
        Exception.__init__(self, out.get("error") or "")
        self.key = out.get("key")
        self.params = out.get("params") or {}


def finish(job, error=None):
    if _current["job"] is not job:
        return
    if error is not None:
        job.error = error
    else:
        _current["job"] = None
    if state.review is job.review:
        _PAGE["render"]()
    # After the render: it announces the step, and this is the news.
    dom.say(error if error is not None else t("analyse.done"))


def start(review, full=False):
    """Analyse the round shown (``full``: again, with Pyodide's full budget, over a quick estimate)."""
    where = round_shown(review)
    if where is None:
        return
    r, _ = where
    seat = seat_of(review)
    key = cache_key(review, r, seat)
    if not full and cached(review, key) is not None:
        _PAGE["render"]()
        return
    old = _current["job"]
    if old is not None:
        old.cancelled = True
    job = Job(review, key, full)
    _current["job"] = job
    record_json = records.dumps(review.record)
    _PAGE["render"]()
    dom.say(t("analyse.started"))
    asyncio.create_task(run(job, record_json, r, seat))


def cancel():
    job = _current["job"]
    if job is None:
        return
    job.cancelled = True
    _current["job"] = None
    _PAGE["render"]()
    dom.say(t("analyse.cancelled"))


# --- the review's controls --------------------------------------------------------------------

def jump(step):
    review = state.review
    if review is None:
        return
    review.autoplay = False
    review.session(step)
    _PAGE["render"]()


def chart_steps():
    chart = dom.by_id("an-chart")
    if chart is None:
        return []
    return [int(x) for x in str(chart.getAttribute("data-steps")).split()]


def on_click(event):
    el = event.target.closest("[data-analysis]")
    if el is None or state.review is None or getattr(el, "disabled", False):
        return
    act = str(el.getAttribute("data-analysis"))
    if act == "start":
        start(state.review)
    elif act == "refine":
        start(state.review, full=True)
    elif act == "cancel":
        cancel()
    elif act == "jump":
        jump(int(el.getAttribute("data-step")))


def on_key(event):
    """The chart as a slider: arrows step from point to point, Home and End to the ends."""
    if str(event.target.id) != "an-chart" or state.review is None:
        return
    steps = chart_steps()
    if not steps:
        return
    key = str(event.key)
    step = state.review.step
    target = None
    if key in ("ArrowRight", "ArrowUp"):
        later = [s for s in steps if s > step]
        target = later[0] if later else steps[-1]
    elif key in ("ArrowLeft", "ArrowDown"):
        earlier = [s for s in steps if s < step]
        target = earlier[-1] if earlier else steps[0]
    elif key == "Home":
        target = steps[0]
    elif key == "End":
        target = steps[-1]
    if target is None:
        return
    event.preventDefault()
    jump(target)


def on_change(event):
    if str(event.target.id) != "an-seat" or state.review is None:
        return
    value = str(event.target.value)
    if value.isdigit():
        state.review.an_seat = int(value)
        _PAGE["render"]()


def install(page):
    """Listen on the game's box; ``page["render"]`` redraws the review."""
    _PAGE["render"] = page["render"]
    box = dom.by_id("game")
    handlers = [create_proxy(on_click), create_proxy(on_key), create_proxy(on_change)]
    _proxies.extend(handlers)
    box.addEventListener("click", handlers[0])
    box.addEventListener("keydown", handlers[1])
    box.addEventListener("change", handlers[2])
