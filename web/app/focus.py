"""Where the keyboard's focus goes when the page redraws, and the side drawer's keys.

A redraw replaces the controls a person was on; these put the focus somewhere
that keeps their place (never <body>, where Tab starts over from the page's
top), and keep it inside the side panel while that is a drawer over the table.
"""

from pyscript import window
from pyscript.ffi import create_proxy

from app import dom


PARKED = "g-status"


def focus_first():
    """The first thing a person would press now: a place for the chosen tile, the summary's
    next step, the hand-over, the hinted tile, a playable tile, an action."""
    box = dom.by_id("game")
    # (A hinted bid or trump too: the focus stayed on Pass, where Enter passed.)
    for selector in (".places button", ".summary .primary", ".pass-device button", ".hand .tile-btn.hint",
                     ".actions button.hint", ".hand button:not([disabled])", ".actions button"):
        el = box.querySelector(selector)
        if el is not None:
            el.focus()
            return
    # Nothing to press (the computers' turns): the status line ("Cleo is thinking...") holds
    # the focus, not <body> (where Tab started over from the page's top and the person's
    # turn found focus in the side panel); their turn brings it to the hand (render).
    status = dom.by_id(PARKED)
    if status is not None:
        status.setAttribute("tabindex", "-1")
        status.focus()


def parked():
    active = window.document.activeElement
    return active is not None and active.id == PARKED


def setup_heading_focus():
    """The setup shown from a game ("New game"): the focus at its first heading, not <body>."""
    heading = window.document.querySelector("#setup h2")
    if heading is not None:
        heading.setAttribute("tabindex", "-1")
        heading.focus()


def side(arg):
    """Open or close the side panel (log, scores, records) where it is a drawer (narrow screens)."""
    box = dom.by_id("game")
    opening = arg == "open" or (arg != "close" and box.getAttribute("data-side") != "open")
    mark_side(opening)
    target = window.document.querySelector("#g-side summary" if opening else '#g-tools [data-act="side"]')
    if target is not None:
        target.focus()


def mark_side(opening):
    dom.by_id("game").setAttribute("data-side", "open" if opening else "closed")
    for el in window.document.querySelectorAll('[data-act="side"][aria-expanded]'):
        el.setAttribute("aria-expanded", "true" if opening else "false")
    sync_inert()


def close_drawer():
    """The drawer closed for a screen being drawn anew: a focus left in it is let go, so that
    the redraw gives it to the new screen's first control (hidden with the drawer, it fell
    to <body>)."""
    if dom.by_id("game").getAttribute("data-side") != "open":
        return
    mark_side(False)
    active = window.document.activeElement
    side_panel = dom.by_id("g-side")
    if active is not None and side_panel is not None and side_panel.contains(active):
        active.blur()


# Where the side panel is a drawer over the table (web/style.css's rules for it).
DRAWER = "(max-width: 899px), (max-height: 500px)"
_drawer = {"query": None, "proxy": None}


def drawer_screen():
    """Whether this screen shows the side panel as a drawer, kept by a media query listener
    (a phone turned on its side, a window widened past the drawer's width)."""
    if _drawer["query"] is None:
        query = window.matchMedia(DRAWER)
        _drawer["query"] = query
        _drawer["proxy"] = create_proxy(lambda event: sync_inert())
        query.addEventListener("change", _drawer["proxy"])
    return bool(_drawer["query"].matches)


def sync_inert():
    """While the drawer is open over the page everything else is inert (the dimmed page a tap
    closes it on): Tab went round inside it, but a screen reader's reading keys walked on out
    of it into the table it covers.  Each part is written only when it is not as it should be
    (a frame drawn anew starts with none inert)."""
    box = dom.by_id("game")
    if box is None:
        return
    want = window.document.documentElement.classList.contains("playing") and drawer_open()
    outside = [el for el in box.children if el.id != "g-side"]
    outside.extend(window.document.querySelectorAll(".site-header"))
    for el in outside:
        if bool(el.hasAttribute("inert")) == want:
            continue
        if want:
            el.setAttribute("inert", "")
        else:
            el.removeAttribute("inert")


def drawer_open():
    """Whether the side panel is open as a drawer over the table (not a column beside it)."""
    return dom.by_id("game").getAttribute("data-side") == "open" and drawer_screen()


def backdrop(event):
    """A tap beside the open drawer (on the dimmed page, ``#game``'s own box) closes it and
    does nothing else; True when it did."""
    target = event.target
    if target is None or target.id != "game" or not drawer_open():
        return False
    side("close")
    return True


FOCUSABLE = ('button:not([disabled]), a[href], summary, select:not([disabled]), textarea, '
             'input:not([disabled]), [tabindex="0"]')


def shown(el):
    """Whether ``el`` is drawn (inside a closed <details> it has a box but is not)."""
    try:
        return bool(el.checkVisibility())
    except Exception:
        return el.offsetParent is not None


def on_key(event):
    """Where the side panel is a drawer over the table (narrow screens): Escape closes it, and
    Tab goes round inside it (it once went on to the controls the drawer covers)."""
    if event.key not in ("Escape", "Tab") or not drawer_open():
        return
    if event.key == "Escape":
        side("close")
        return
    items = [el for el in dom.by_id("g-side").querySelectorAll(FOCUSABLE) if shown(el)]
    if not items:
        return
    active = window.document.activeElement
    first, last = items[0], items[-1]
    if event.shiftKey and active is not None and first.isSameNode(active):
        event.preventDefault()
        last.focus()
    elif not event.shiftKey and active is not None and last.isSameNode(active):
        event.preventDefault()
        first.focus()
