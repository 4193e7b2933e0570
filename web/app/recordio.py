"""Records a person brings in or takes away: files, pasted text, share links.

No DOM here (CPython tests run it): :mod:`app.records` wires it to the page.
Every reader raises :class:`~engine.game.RecordError` saying what is wrong
(for an invalid game, the replay's ``round R, action A: reason``); nothing
here touches the game being played or its save.
"""

from engine import games
from engine import record as records
from engine import share
from engine.game import RecordError

from app import session as sess
from app.i18n import t

# A paste or file is JSON (checked by records.loads against the record
# limits) or a link: its code at most share.MAX_CODE_CHARS, with room for an address.
MAX_LINK_CHARS = share.MAX_CODE_CHARS + 4096
too_large = records.too_large


def fragment_params(fragment):
    """``{"record": code, "step": text}`` from ``#record=…&step=N`` (or a whole URL)."""
    if "#" in fragment:
        fragment = fragment.split("#", 1)[1]
    params = {}
    for part in fragment.split("&"):
        if "=" in part:
            key, value = part.split("=", 1)
            params[key] = value
    return params


def parse_step(text):
    """The whole number ``text`` holds (RecordError if none)."""
    if text is None or text == "":
        return None
    if not text.isdigit():
        raise RecordError(t("records.bad_step", step=text[:20]))
    return int(text)


def parse(text):
    """``(record dict, step or None)`` from JSON text, a share link or a bare share code, its
    head checked (:func:`checked`)."""
    rec, step = _parse(text)
    return checked(rec), step


def checked(rec):
    """``rec`` once its head is sound (game, players, options, names: the page sizes its seats
    by them before the replay checks the rest; "IndexError" was all it said) and it has a
    round to show; else RecordError, in the engine's words."""
    records.head_game(rec)
    rounds = rec.get("rounds", [])     # (none at all is none dealt, as engine.record reads it)
    if not isinstance(rounds, list):
        raise RecordError("rounds must be a list", key="record.rounds_not_list")
    if not rounds:
        raise RecordError("the record has no rounds: there is nothing to show", key="record.no_rounds")
    return rec


def _parse(text):
    if not isinstance(text, str):
        raise RecordError(t("records.empty"))
    text = text.strip()
    if not text:
        raise RecordError(t("records.empty"))
    if text[0] in ("{", "["):   # JSON (an array is refused by loads, saying why)
        return records.loads(text), None
    if len(text) > MAX_LINK_CHARS:
        raise records.too_large(len(text))
    if "record=" in text:
        params = fragment_params(text)
        return share.decode(params.get("record", "")), parse_step(params.get("step"))
    if " " not in text and text[0] in ("z", "j"):
        return share.decode(text), None
    raise RecordError(t("records.not_record"))


def parsing(text, cut):
    """:func:`parse` in pieces: a generator yielding None between them, whose value is
    ``(record dict, step or None)``.

    ``cut(text)`` is ``(head, rounds, count, plain)`` for JSON text whose rounds it
    finds (web/records.js's cutRounds), else None: then, and for links and
    codes, the text is read in one go.  The same checks and messages as
    :func:`parse` either way (``engine.record.loads_cut``).
    """
    if isinstance(text, str):
        body = text.strip()
        if body[:1] == "{":
            records.check_size(body)   # nothing over the limit goes to the cutter either
            pieces = cut(body)
            if pieces is not None:
                rec = yield from records.loads_cut(body, pieces[0], pieces[1], pieces[3])
                return checked(rec), None
    return parse(text)


def check(rec, step=None):
    """The game ``rec`` describes, replayed and validated in full (RecordError if invalid).

    ``step`` (when given) must lie within the record.
    """
    game = records.replay(rec)
    check_step(game, step)
    return game


def check_step(game, step):
    """``step`` (when given) must lie within ``game``'s actions (RecordError if not)."""
    if step is not None and step > game.action_count():
        raise RecordError(t("records.step_past_end", step=step, total=game.action_count()))


def cut(rec, step):
    """The record of the game after its first ``step`` actions (the whole record at its end)."""
    game = records.replay(rec)
    if step is None or step >= game.action_count():
        return game.record()
    return records.replay(rec, step).record()


def default_seats(players, current_setup):
    """Seat kinds for continuing a game: the current setup's, or all human if its count differs."""
    if current_setup is not None and sess.players_of(current_setup) == players:
        return list(current_setup["seats"][:players])
    return ["human"] * players


def setup_for(rec, seats, current_setup, seed):
    """The setup that continues ``rec`` with ``seats`` (speed from ``current_setup``)."""
    base = sess.clean_setup(current_setup) if current_setup is not None else sess.default_setup()
    setup = sess.default_setup()
    setup["game"] = rec["game"]
    setup["players"] = rec["players"]
    setup["speed"] = base["speed"]
    setup["seed"] = seed
    for i in range(len(seats)):
        setup["seats"][i] = seats[i] if seats[i] in sess.SEAT_KINDS else "human"
    names = rec.get("names") or []
    for i in range(min(8, len(names))):
        if isinstance(names[i], str):
            setup["names"][i] = names[i]
    if games.info(rec["game"]).option_specs and isinstance(rec.get("options"), dict):
        setup["options"] = dict(rec["options"])
    return setup


def session_for(rec, seats, current_setup, seed):
    """A Session continuing ``rec`` (validated by replaying it)."""
    return sess.Session.from_record(setup_for(rec, seats, current_setup, seed), rec)


def file_name(rec, date):
    """``boneyard-<game>-<YYYY-MM-DD>.json`` for a download."""
    game = rec.get("game") if rec.get("game") in sess.GAMES else "game"
    return "boneyard-%s-%s.json" % (game, date)


def share_link(base, rec, step=None):
    """``base#record=<code>`` (``&step=N`` when given): everything stays in the fragment.

    ``base`` loses its query and fragment: the sharer's ``?lang=`` would switch
    (and remember) the recipient's language, ``?seed=`` and ``?pyodide=`` are
    the sharer's testing knobs."""
    base = base.split("#", 1)[0].split("?", 1)[0]
    link = base + "#record=" + share.encode(rec)
    if step is not None:
        link += "&step=%d" % step
    return link
