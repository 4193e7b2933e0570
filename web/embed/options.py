"""The embed's query parameters, read as plain text and checked.

``embed.html?record=…|src=…&step=N&hand=S|reveal|none&controls=step,play&caption=…``

* ``record``: the record encoded by :mod:`engine.share`; or ``src``: the
  URL of a record JSON file on the same site as the embed.
* ``step``: show the position after the first N actions (UI-CONTRACT:
  counting every round's actions in order; 0 is the first deal).  Default:
  the record file's ``embed.step`` if it has one, else the record's end.
* ``hand``: ``reveal`` (every hand), ``none``, or a seat number counted
  from 1 as on the game page (``hand=1`` is the record's seat 0).  Default:
  the record file's ``embed.hand``, else ``reveal``.
* ``controls``: a comma list of ``step`` (Back / Forward) and ``play``
  (a "Play from here" link); empty or ``none`` for no controls.  Default
  ``step``.
* ``caption``: text shown under the picture (never markup).
* ``analysis`` (opt-in, no value needed): under the picture, the verdict of
  the decision that led to the step shown, computed in the frame (Moon:
  exact, only for a finished hand; Chicken Foot: a small estimate).
* ``from=host``: the record comes from the host page (embed.js read it there,
  inline or from a file beside the page, and posts it to the frame), instead
  of ``record``/``src``.
* ``host``: the host page's origin (messages are taken from it only);
  ``theme``: ``light`` or ``dark`` (embed.js resolves ``auto``).  Both are
  read by frame.js; here they are only allowed.
"""

CONTROLS = ["step", "play"]
MAX_CAPTION = 300


class EmbedError(ValueError):
    """A parameter the embed cannot use; the message says which and why.

    ``key``/``params`` name the message in the catalogs (``app.i18n.error_text``);
    ``str()`` stays English.
    """

    def __init__(self, message, key=None, params=None):
        super().__init__(message)
        self.key = key
        self.params = params if params is not None else {}


def _whole(name, text):
    text = text.strip()
    if not text or not text.isdigit() or len(text) > 6:
        raise EmbedError("%s must be a whole number 0 or more, not '%s'" % (name, text[:40]),
                         "embed.err.whole", {"name": name, "value": text[:40]})
    return int(text)


def parse_hand(text):
    """``"reveal"``, ``"none"`` or a seat index from a 1-based seat number."""
    text = str(text).strip()
    if text in ("reveal", "none"):
        return text
    seat = _whole("hand", text) if text.isdigit() else None
    if seat is None or seat < 1:
        raise EmbedError("hand must be reveal, none or a seat number from 1, not '%s'" % text[:40],
                         "embed.err.hand", {"value": text[:40]})
    return seat - 1


def parse(params):
    """Checked options from ``params`` (name -> text); raises :class:`EmbedError`.

    Returns ``{"record": text or None, "src": text or None, "step": int or
    None, "hand": None | "reveal" | "none" | seat index, "controls": [...],
    "caption": text, "analysis": bool}``.
    """
    known = ["record", "src", "from", "step", "hand", "controls", "caption", "reveal", "host", "theme", "analysis"]
    for name in sorted(params):
        if name not in known:
            raise EmbedError("unknown parameter '%s' (expected one of: %s)" % (name[:40], ", ".join(known)),
                             "embed.err.unknown", {"name": name[:40], "known": ", ".join(known)})
    record = params.get("record")
    src = params.get("src")
    source = params.get("from")
    if source not in (None, "host"):
        raise EmbedError("from must be host, not '%s'" % source[:40], "embed.err.from", {"value": source[:40]})
    if record and src or source and (record or src):
        raise EmbedError("give either record or src, not both", "embed.err.both")
    if not record and not src and not source:
        raise EmbedError("no game record: give record=… (an encoded record) or src=… (a record file)", "embed.err.no_record")
    step = None
    if params.get("step") not in (None, ""):
        step = _whole("step", params["step"])
    hand = None
    if params.get("hand") not in (None, ""):
        hand = parse_hand(params["hand"])
    elif "reveal" in params:
        hand = "reveal"
    controls = []
    text = (params.get("controls") if params.get("controls") is not None else "step").strip()
    if text and text != "none":
        for part in text.split(","):
            part = part.strip()
            if part not in CONTROLS:
                raise EmbedError("controls lists step and/or play, not '%s'" % part[:40],
                                 "embed.err.controls", {"value": part[:40]})
            if part not in controls:
                controls.append(part)
    caption = params.get("caption") or ""
    if len(caption) > MAX_CAPTION:
        caption = caption[:MAX_CAPTION] + "…"
    analysis = params.get("analysis")
    if analysis not in (None, "", "on", "true", "1"):
        raise EmbedError("analysis takes no value (or on), not '%s'" % analysis[:40],
                         "embed.err.analysis", {"value": analysis[:40]})
    return {"record": record, "src": src, "host": source == "host", "step": step, "hand": hand, "controls": controls,
            "caption": caption, "analysis": analysis is not None}
