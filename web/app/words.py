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


# What the empty spots wait for before the first trick, by the hand's phase.
BEFORE_TRICKS = {"discard": "trick.before_discard", "trump": "trick.before_trump", "play": "trick.before_play"}


def shown_trick(v, names):
    """The Moon trick a picture shows: ``(plays, winner, caption)``.

    The trick in progress (``plays`` as ``[seat, tile]``, ``winner`` None),
    else the last one finished, with its winner; ``caption`` is plain text.
    Before the first trick the empty spots are captioned with what the table
    waits for: the bidder's discard or trumps, or the first lead.
    """
    if v["trick"]:
        # Who led and what it calls: the table showed only "The trick", and the last tile
        # played (outlined) passed for the lead; the suit to follow was in the log alone.
        led = v.get("led")
        if led == "trumps":
            return v["trick"], None, t("trick.led_trumps", name=names[v["leader"]])
        return v["trick"], None, t("trick.led", name=names[v["leader"]], suit=led)
    if not v["tricks"]:
        caption = t("trick.current")
        if v.get("to_act") is not None and v["phase"] in BEFORE_TRICKS:
            caption = t(BEFORE_TRICKS[v["phase"]], name=names[v["to_act"]])
        return v["trick"], None, caption
    last = v["tricks"][-1]
    return trick_plays(last), last["winner"], t("trick.last", name=names[last["winner"]])


def trick_plays(trick):
    """A finished Moon trick of a view's ``tricks`` as ``[seat, tile]`` in the order played."""
    return [[(trick["leader"] + i) % 3, tile] for i, tile in enumerate(trick["tiles"])]
