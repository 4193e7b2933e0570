"""Small DOM helpers and the page's test hooks on ``<html>``.

``data-app-state`` and ``data-worker-state`` are a public contract (see
UI-CONTRACT.md): browser tests wait on them.
"""

from pyscript import document, window
from pyscript.ffi import create_proxy


def by_id(element_id):
    return document.getElementById(element_id)


LIVE_LINES = 12


def control_of(el):
    """What finds the control ``el`` again once it is drawn anew: its id, else what it does
    (``data-act`` and ``data-arg``) within its nearest ancestor with an id (a saved game's Replay
    is in the saved games and the history alike); None for anything else (``<body>``)."""
    if el is None or not el.getAttribute:
        return None
    if el.id:
        return ("id", str(el.id))
    act = el.getAttribute("data-act")
    if act:
        scope = el.parentElement.closest("[id]") if el.parentElement is not None else None
        return ("act", str(act), str(el.getAttribute("data-arg") or ""), str(scope.id) if scope is not None else "")
    return None


def find_control(key):
    """The enabled control :func:`control_of` named by ``key``, or None."""
    if not key:
        return None
    if key[0] == "id":
        el = by_id(key[1])
    elif all([c.isalpha() or c.isdigit() or c in "-_" for c in key[1] + key[2]]):   # a valid selector
        scope = (by_id(key[3]) if key[3] else None) or document
        el = scope.querySelector('[data-act="%s"][data-arg="%s"]' % (key[1], key[2]))
    else:
        return None
    if el is None or getattr(el, "disabled", False):    # (an SVG control has no ``disabled``)
        return None
    return el


def say(text, private=False):
    """Tell a screen reader ``text``: a line added to the live log ``#live`` (role=log), the
    oldest dropped past ``LIVE_LINES``.  Replacing its text instead lost every message but the
    last of those that came within one utterance (Moon's third tile of a trick, at once followed
    by who won it, was never said).  ``private``: it tells of one person's hand (why their tiles
    cannot be played, a hint, the widow taken), and :func:`forget_private` takes it out."""
    box = by_id("live")
    if box is None:
        return
    line = document.createElement("p")
    line.textContent = text
    if private:
        line.setAttribute("data-private", "")
    box.appendChild(line)
    while box.childElementCount > LIVE_LINES:
        box.removeChild(box.firstElementChild)


def forget_private():
    """Take the lines :func:`say` was told are private out of the live log: people sharing the
    screen pass it on, and the log, still read out line by line, gave the next person the last
    one's hand ("8-8, 8-6, ... cannot be played", "Hint: play 2-2")."""
    box = by_id("live")
    if box is None:
        return
    for line in list(box.querySelectorAll("[data-private]")):
        line.remove()


def set_state(name, value):
    """Set ``data-<name>`` on ``<html>`` (``app-state``, ``worker-state``, ``waiting-for``)."""
    document.documentElement.setAttribute("data-" + name, value)


def state(name):
    return document.documentElement.getAttribute("data-" + name)


def show(element_id, html=None):
    """Unhide an element, replacing its content with ``html`` when given."""
    element = by_id(element_id)
    if html is not None:
        element.innerHTML = html
    element.hidden = False
    return element


def _after_timeout(resolve, _reject):
    window.setTimeout(resolve, 0)


# One executor for every next_task() promise (a proxy made once, never per call).
_EXECUTOR = create_proxy(_after_timeout)


async def next_task():
    """Let the browser run (draw, handle input) before going on: resume in a task of its own.

    ``asyncio.sleep(0)`` does not do this on MicroPython in the browser: its
    loop runs every ready task within the same browser task.
    """
    await window.Promise.new(_EXECUTOR)


def describe(exc):
    """A one-line, readable account of an exception."""
    from app import i18n

    if getattr(exc, "key", None):
        return i18n.error_text(exc)
    text = str(exc)
    name = type(exc).__name__
    return "%s: %s" % (name, text) if text else name


def clear_start_error():
    """The app is up after the start-up watchdog (web/boot.js) gave up on it: a first visit on
    a slow link past its timeout, or a stray script error that stopped nothing.  The game
    works, so "could not start" goes, and the computers' line and state start over.
    True if there was such an error."""
    if state("app-state") != "error":
        return False
    box = by_id("error")
    box.hidden = True
    box.textContent = ""
    starting = by_id("computer-status")
    if starting is not None:
        starting.hidden = False
    if state("worker-state") == "error":
        set_state("worker-state", "loading")
    return True


def fail(exc):
    """Show why the app cannot start and flag ``data-app-state=error``."""
    box = by_id("error")
    from app.i18n import t

    box.textContent = t("error.start", reason=describe(exc))
    box.hidden = False
    starting = by_id("computer-status")     # "Computer players starting...": they never will
    if starting is not None:
        starting.hidden = True
    set_state("app-state", "error")
