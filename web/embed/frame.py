"""The embed frame's entry point (MicroPython): read the query, load the
record, draw the position, step with Back / Forward.

State on ``<html>``: ``data-embed-state`` is ``loading`` → ``ready`` or
``error``; ``data-step`` is the step shown.  Any failure is shown as text
in ``#embed-error`` (``role="alert"``) and nothing else happens.
"""

import json

from pyscript import document, fetch, window
from pyscript.ffi import create_proxy

from app import i18n
from app.i18n import error_text, t
from engine import record as records
from engine import share
from embed import options as opts
from embed import picture

state = {"rec": None, "step": 0, "total": 0, "opts": None, "shape": "frame"}
_proxies = []

# A frame narrower than this draws the table in the "frame-narrow" shape (a
# phone's frame: 318 px wide at 390 px), a wider one in the "frame" shape (a
# desktop's rules page: 688 px): each keeps its lines to a region of its own
# box's shape, sized to draw a tile about 42 px long there
# (engine.layout.DIAGRAM_BOXES_PX).  The picture is fitted to the frame's
# width and at most 26rem tall, so the phone's shape draws larger tiles below
# about 700 px and the desktop's above.
NARROW = "(max-width: 699px)"


def set_state(name, value):
    document.documentElement.setAttribute("data-" + name, str(value))


def fail(message):
    box = document.getElementById("embed-error")
    box.textContent = t("embed.error", reason=message)
    box.hidden = False
    document.getElementById("embed-body").hidden = True
    set_state("embed-state", "error")
    window.boneyardReport("state", "error")


def use_language(lang):
    """Speak ``lang`` (the host's, passed by embed.js) if we have it: static text too."""
    lang = i18n.set_language(i18n.pick(None, [lang] if lang else []))
    document.documentElement.lang = lang
    if lang == i18n.DEFAULT:
        return
    for el in document.querySelectorAll("[data-i18n]"):
        el.textContent = t(el.getAttribute("data-i18n"))
    for el in document.querySelectorAll("[data-i18n-attr]"):
        for pair in el.getAttribute("data-i18n-attr").split(";"):
            attr, _, key = pair.partition(":")
            if attr and key:
                el.setAttribute(attr, t(key))


def query():
    params = window.URLSearchParams.new(window.location.search)
    return json.loads(window.JSON.stringify(window.Object.fromEntries(params)))


async def host_record():
    """The record the host page read for us (embed.js posts it; frame.js keeps it)."""
    answer = await window.boneyardHostRecord()
    answer = json.loads(window.JSON.stringify(answer))
    if "error" in answer:
        error = answer["error"] if isinstance(answer["error"], dict) else {}
        key = str(error.get("key", ""))
        params = error.get("params") if isinstance(error.get("params"), dict) else {}
        if key not in HOST_ERRORS:
            key = "embed.err.src_read"
        values = {"src": str(params.get("src", ""))[:80], "status": str(params.get("status", ""))[:6],
                  "limit": str(params.get("limit", ""))[:12]}
        raise opts.EmbedError(HOST_ERRORS[key].format(**values), key, values)
    return parse_record_text(answer.get("text", ""), str(answer.get("name", "")))


# What embed.js may report about a record it could not read, in English.
HOST_ERRORS = {
    "embed.err.src_http": "the record file {src} could not be loaded (HTTP {status})",
    "embed.err.src_read": "the record file {src} could not be read (is it there, and does the page's "
                          "Content-Security-Policy allow connect-src to it?)",
    "embed.err.too_big": "the record is too large (over {limit} characters)",
}


async def load_record(o):
    if o["record"]:
        return share.decode(o["record"])
    if o["host"]:
        return await host_record()
    url = window.URL.new(o["src"], window.location.href)
    if url.origin != window.location.origin or url.protocol not in ("http:", "https:"):
        raise opts.EmbedError("src must be a record file on this site", "embed.err.src_site")
    response = await fetch(url.href)
    if not response.ok:
        raise opts.EmbedError("the record file %s could not be loaded (HTTP %d)" % (o["src"][:80], response.status),
                              "embed.err.src_http", {"src": o["src"][:80], "status": response.status})
    # A file the server says is over the limit is refused unread: a 4 MB copy
    # into MicroPython alone can exhaust its memory.
    try:
        length = response.headers.get("content-length")
    except Exception:
        length = None
    if isinstance(length, str) and length.isdigit() and int(length) > records.MAX_RECORD_BYTES:
        raise records.too_large(int(length))
    return parse_record_text(await response.text(), o["src"])


def parse_record_text(text, name):
    """The record object in ``text`` (a record file's JSON), named ``name`` in
    errors; ``name`` "" is a record written in the host page itself."""
    name = name[:80]
    # The limits of every record reader (size, nesting: engine.record), with their place.
    text = records.check_text(text)
    try:
        rec = json.loads(text)
    except ValueError:
        if not name:
            raise opts.EmbedError("the record in the page is not JSON", "embed.err.inline_json")
        raise opts.EmbedError("the record file %s is not JSON" % name, "embed.err.src_json", {"src": name})
    if not isinstance(rec, dict):
        if not name:
            raise opts.EmbedError("the record in the page is not a record object", "embed.err.inline_object")
        raise opts.EmbedError("the record file %s does not hold a record object" % name,
                              "embed.err.src_object", {"src": name})
    return rec


def draw():
    o = state["opts"]
    shown = picture.position(state["rec"], state["step"], o["hand"], state["shape"])
    state["total"] = shown["total"]
    box = document.getElementById("position")
    box.innerHTML = shown["html"]
    hold_room(box)
    document.getElementById("details").innerHTML = shown["details"]
    set_state("step", state["step"])
    window.boneyardReport("step", state["step"])
    back = document.getElementById("back")
    forward = document.getElementById("forward")
    active = document.activeElement
    held = active.id if active is not None else ""
    back.disabled = state["step"] <= 0
    forward.disabled = state["step"] >= state["total"]
    # A step button that this step disables gives the focus to the other: it fell to <body>
    # at the record's end, and Enter there did nothing more.
    for gone, other in ((back, forward), (forward, back)):
        if held == gone.id and gone.disabled and not other.disabled:
            other.focus()
    play = document.getElementById("play")
    if "play" in o["controls"]:
        cut = picture.record_until(state["rec"], state["step"])
        play.href = "./index.html#record=" + share.encode(cut)
    if o.get("analysis"):
        import asyncio

        from embed import verdict

        names = state["rec"].get("names") if isinstance(state["rec"].get("names"), list) else []
        asyncio.create_task(verdict.show(state["rec"], state["step"], [str(n) for n in names]))


def hold_room(box):
    """The picture's room only grows while the frame keeps its width: each step's own height
    (the widow's line in and out, a move on one line or two) moved Back and Forward up and
    down under the finger pressing them, 67 px over a Moon hand at 390 px, and the host's
    page with the frame. A new width starts from the picture again (frame.js lets go of the
    room on a resize)."""
    box.style.minHeight = "%dpx" % int(box.getBoundingClientRect().height + 0.99)


def go(delta):
    def handler(_event):
        target = state["step"] + delta
        if 0 <= target <= state["total"]:
            state["step"] = target
            try:
                draw()
            except Exception as exc:
                fail(error_text(exc))
    return handler


def watch_shape():
    """Keep ``state["shape"]`` to the frame's width (see ``NARROW``); redraw when it changes."""
    query = window.matchMedia(NARROW)
    state["shape"] = "frame-narrow" if query.matches else "frame"

    def changed(event):
        state["shape"] = "frame-narrow" if event.matches else "frame"
        if state["rec"] is not None:
            try:
                draw()
            except Exception as exc:
                fail(error_text(exc))

    proxy = create_proxy(changed)
    _proxies.append(proxy)
    query.addEventListener("change", proxy)


def listen(element_id, handler):
    proxy = create_proxy(handler)
    _proxies.append(proxy)
    document.getElementById(element_id).addEventListener("click", proxy)


async def start():
    params = query()
    use_language(params.pop("lang", None))
    watch_shape()
    window.boneyardReport("title", t("embed.frame_title"))
    try:
        o = opts.parse(params)
        state["opts"] = o
        rec = await load_record(o)
        # Validate the whole record once: a bad one fails here, located.
        full = records.replay(rec)
        state["rec"] = rec
        total = full.action_count()
        # A record file may carry the view its author meant (rules diagrams).
        preset = rec.get("embed") if isinstance(rec.get("embed"), dict) else {}
        if o["step"] is None and isinstance(preset.get("step"), int):
            o["step"] = preset["step"]
        if o["hand"] is None:
            o["hand"] = opts.parse_hand(preset.get("hand", "reveal"))
        state["step"] = total if o["step"] is None else o["step"]
        if state["step"] > total:
            raise opts.EmbedError("step %d is past the record's end (%d actions)" % (state["step"], total),
                                  "records.step_past_end", {"step": state["step"], "total": total})
        caption = document.getElementById("caption")
        caption.textContent = o["caption"]
        caption.hidden = not o["caption"]
        document.getElementById("steps").hidden = "step" not in o["controls"]
        document.getElementById("play").hidden = "play" not in o["controls"]
        draw()
    except Exception as exc:
        fail(error_text(exc) or type(exc).__name__)
        return
    listen("back", go(-1))
    listen("forward", go(1))
    if document.documentElement.getAttribute("data-embed-state") == "error":
        return   # frame.js has said the diagram cannot be shown: never "ready" under its alert
    set_state("embed-state", "ready")
    window.boneyardReport("state", "ready")
