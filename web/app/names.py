"""Player names inside sentences: each name isolated from the text around it.

A name may be written right to left, or hold a direction override (U+202E):
left alone it would reorder the words beside it ("played 9-4 on 4-0").  Text
sentences carry the name between FIRST STRONG ISOLATE and POP DIRECTIONAL
ISOLATE (so plain text, a live announcement, stays in order); HTML shows the
same sentence with each isolated name in a ``<bdi>`` element.
"""

from engine.render import escape

FSI = "\u2068"
PDI = "\u2069"


def iso(name):
    """``name`` isolated for a plain-text sentence."""
    return FSI + str(name) + PDI


def html(text):
    """``text`` escaped for HTML, each isolated name as a ``<bdi>``, each tile's name kept whole."""
    return keep_tiles(escape(text).replace(FSI, "<bdi>").replace(PDI, "</bdi>"))


def keep_tiles(text):
    """Each tile's name in ``text`` ("9-5": a digit, a hyphen, a digit) in a ``tile-name`` span,
    which never breaks: a narrow line broke at its hyphen ("played 5-" then "5 on 9-5")."""
    at = text.find("-")
    if at < 0:
        return text
    out = []
    start = 0
    while at >= 0:
        if at - 1 >= start and at + 1 < len(text) and "0" <= text[at - 1] <= "9" and "0" <= text[at + 1] <= "9":
            out.append(text[start:at - 1])
            out.append('<span class="tile-name">%s</span>' % text[at - 1:at + 2])
            start = at + 2
        at = text.find("-", at + 1)
    out.append(text[start:])
    return "".join(out)


def plain(text):
    """``text`` without the isolation marks (what a person reads)."""
    return str(text).replace(FSI, "").replace(PDI, "")


def name_html(name, cls="name"):
    """One name on screen: isolated, and cut short with an ellipsis by CSS (never widening)."""
    return '<bdi class="%s" title="%s">%s</bdi>' % (cls, escape(name), escape(name))


def _joined(ch):
    """Whether ``ch`` belongs to the character before it (a joiner, a variation selector, a
    combining mark, a skin tone, a tag): a name is never cut between the two."""
    c = ord(ch)
    return (c in (0x200D, 0xFE0E, 0xFE0F) or 0x300 <= c <= 0x36F or 0x1F3FB <= c <= 0x1F3FF
            or 0xE0020 <= c <= 0xE007F)


def short(name, n):
    """``name`` cut to about ``n`` characters with an ellipsis, never inside an emoji sequence or
    a letter with its marks (a family emoji once lost a child), nor after a space."""
    if len(name) <= n + 1:
        return name
    k = n
    while k > 1 and (_joined(name[k]) or name[k - 1] == "\u200d"):
        k -= 1
    return name[:k].rstrip() + "\u2026"

