"""The History's file: Export writes it, the records panel's Import reads it back.

No DOM here (CPython tests run it): :mod:`app.history` writes what it reads.
The file is JSON Lines: each line a ``domino-record/1`` with one member more,
first, ``"boneyard": {"id", "updated", "setup"}`` -- the game's id, when it
was last played and its setup (the seats' levels, which a record does not
hold) -- so that an imported history lists the same games with the same
statistics.  Readers of records ignore an unknown member, so every line is
still a record any of them takes; a line without it (a record from
elsewhere) joins as a game of people only, dated now.

Reading is all or nothing: every line is replayed before anything is
written, and the first bad one stops the import, named by its line number.
"""

import json

from engine import record as records
from engine.game import GameError

from app import recordio
from app import session as sess
from app.i18n import error_text, t

MEMBER = "boneyard"
# A whole history is longer than one record may be (each line is held to the
# record limits on its own); a file over this is refused before it is read.
MAX_HISTORY_CHARS = 4 * records.MAX_RECORD_BYTES
MAX_ID = 40
ID_CHARS = "0123456789abcdefghijklmnopqrstuvwxyz"


class HistoryError(GameError):
    """A history file that cannot be imported; the message is in the page's language already."""


def line_text(record_text, game_id, updated, setup_text):
    """A history line: the record's JSON (as saved, not re-encoded) with the member put first."""
    return '{"%s":{"id":%s,"updated":%d,"setup":%s},%s' % (MEMBER, json.dumps(game_id), updated, setup_text,
                                                            record_text.lstrip()[1:])


def is_history(text):
    """Whether ``text`` is a history (several records, one a line, or a line with the member)
    rather than one record: a record's own JSON never opens with the member, and a
    record over several lines (indented) has no whole object on its first line."""
    if not isinstance(text, str):
        return False
    s = text.lstrip()
    if not s.startswith("{"):
        return False
    if s.startswith('{"%s":' % MEMBER):
        return True
    cut = s.find("\n")
    if cut < 0:
        return False
    return s[:cut].rstrip().endswith("}") and s[cut:].lstrip().startswith("{")


def good_id(value):
    """``value`` if it can name a save (a short run of digits and lower-case letters), else None."""
    if not isinstance(value, str) or not 0 < len(value) <= MAX_ID:
        return None
    for ch in value:
        if ch not in ID_CHARS:
            return None
    return value


def _member(rec):
    extra = rec.get(MEMBER)
    return extra if isinstance(extra, dict) else {}


def setup_of(rec):
    """The setup the line's game was played with: its own seats' levels when the member has them."""
    extra = _member(rec)
    base = sess.clean_setup(extra.get("setup")) if isinstance(extra.get("setup"), dict) else None
    seats = ["human"] * rec["players"]
    if base is not None and base["game"] == rec["game"] and sess.players_of(base) == rec["players"]:
        seats = list(base["seats"][:rec["players"]])
    return recordio.setup_for(rec, seats, base, base["seed"] if base is not None else 1)


def updated_of(rec, now):
    value = _member(rec).get("updated")
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 2 ** 53:
        return value
    return now


def reading(text, known, now):
    """The history in ``text`` as a generator (each yield a place to pause; see
    ``app.records.pump``) that returns ``([(id or None, updated, session)], left out)``: the
    finished games to add, in the file's order.  ``known`` is the set of saved
    games' ids: a line with one of them (the same history imported twice) is
    left out, as is a second line with the same id.  ``HistoryError`` names the
    first line that is not a finished game's record; nothing is returned then.
    """
    if len(text) > MAX_HISTORY_CHARS:
        raise HistoryError(t("history.import_error", line=1, reason=error_text(records.too_large(len(text)))))
    out = []
    skipped = 0
    seen = set(known)
    lines = text.split("\n")
    for number in range(1, len(lines) + 1):
        line = lines[number - 1].strip()
        if not line:
            continue
        try:
            rec = records.loads(line)
            players = rec.get("players")
            if rec.get("game") not in sess.GAMES or not isinstance(players, int) or not 2 <= players <= 8:
                # The seats are read before the replay: the record's own check says what is wrong.
                records.replay(rec)
                raise GameError(t("records.not_record"))
            session = None
            for session in sess.Session.replaying(setup_of(rec), rec, 16):
                yield
            if not session.game.is_over():
                raise GameError(t("history.import_unfinished"))
        except Exception as exc:
            reason = error_text(exc) if isinstance(exc, GameError) else str(exc)
            raise HistoryError(t("history.import_error", line=number, reason=reason))
        game_id = good_id(_member(rec).get("id"))
        if game_id is not None:
            if game_id in seen:
                skipped += 1
                continue
            seen.add(game_id)
        out.append((game_id, updated_of(rec, now), session))
    return out, skipped
