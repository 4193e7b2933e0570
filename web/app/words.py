"""Texts drawn into pictures, in the current language: shared by the game page and the embeds."""

from app.i18n import t


def table_words(v):
    """The table picture's texts in the current language (see ``render.table_svg``)."""
    table = v.get("table") or []
    if not table:
        return {"summary": t("table.empty")}
    text = t("table.summary", centre=v.get("double"), spokes=v.get("spokes", 0),
             needed=v.get("spokes_needed", 0), played=len(table))
    foot = v.get("open_foot")
    words = {}
    if foot:
        text += "; " + t("table.foot", tile=foot["tile"], count=foot["needed"])
        words["cover"] = t("table.cover", count=foot["needed"])
    ends = v.get("open_ends") or []
    if ends:
        text += "; " + t("table.ends", ends=", ".join([t("table.end", n=e[1], tile=e[0]) for e in ends]))
    words["summary"] = text + "."
    return words


def shown_trick(v, names):
    """The Moon trick a picture shows: ``(plays, winner, caption)``.

    The trick in progress (``plays`` as ``[seat, tile]``, ``winner`` None),
    else the last one finished, with its winner; ``caption`` is plain text.
    """
    if v["trick"] or not v["tricks"]:
        return v["trick"], None, t("trick.current")
    last = v["tricks"][-1]
    seat = last["leader"]
    plays = []
    for tile in last["tiles"]:
        plays.append([seat, tile])
        seat = (seat + 1) % 3
    return plays, last["winner"], t("trick.last", name=names[last["winner"]])
