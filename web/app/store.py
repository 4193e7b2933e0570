"""All of the page's storage: saved games, the setup, the language and theme choices.

Every game has its own save, ``boneyard.game.<id>``; a tab keeps the id of
the game it plays in ``sessionStorage`` (``boneyard.tab``), so a reload
resumes that game and two tabs never write each other's key by accident.
A save is one JSON object, written in this fixed order so that its head can
be read without parsing the whole record::

    {"v":2,"rev":N,"id":"…","updated":ms,"meta":{…},"setup":{…},"record":{…}}

``rev`` counts the writes of that game in every tab: a tab writes only over
the revision it last saw (a newer one means the game moved on in another
tab: it follows it, or says so and offers to reload it), so a move is never
overwritten by an older copy.  The save is written in the same task as the
move (``ui.after_change``) and again on ``pagehide``.  When storage is full,
finished games are pruned (oldest first, as few as make room, and the person
is told); if the save still fails, they are all put back, and a visible
message says the game is not being saved and offers Export.

Everything read back is checked by type; a bad value falls back to its
default and is reported by :func:`pending_notes` (never an error screen).
"""

import json

from pyscript import window

from engine.games import info as game_info
from engine import record as records

from app import historyio, i18n
from app import session as sess
from app.i18n import t

PREFIX = "boneyard.game."
DAMAGED_PREFIX = "boneyard.damaged."
LEGACY_KEY = "boneyard.save"        # the single save of earlier versions, adopted once
SETUP_KEY = "boneyard.setup"
THEME_KEY = "boneyard.theme"
THEMES = ["light", "dark", "auto"]
DEFAULT_THEME = "auto"
TAB_KEY = "boneyard.tab"            # in sessionStorage: this tab's game id
ANALYSIS_PREFIX = "boneyard.analysis."   # + game id: that game's analyses (see analysis_get)
VERSION = 2
# A save's JSON may be larger than a record (see session_of): as a history file may.
MAX_SAVE_BYTES = 4 * records.MAX_RECORD_BYTES


class _Tab:
    def __init__(self):
        self.id = None        # the game this tab plays
        self.rev = 0          # the revision of it this tab last wrote or read
        self.unsaved = False  # the last save failed: False, "full" or "refused" (no storage at all)
        self.moved = False    # another tab wrote a newer revision this tab did not take
        self.large = False    # the game's record is over the records' size limit (saved; not importable)
        self.large_seen = None  # the game whose "over the limit" notice the person closed
        self.pruned = 0       # finished games removed to make room for this tab's save (not yet told)
        self.notes = []       # catalog keys (and params) of values that fell back to defaults
        self.mark = None      # (session, rounds, actions) last stored: what flush() compares
        self.text = None      # the save of this tab's game as it last wrote or read it
        self.raced = False    # another tab wrote the same revision at the same moment, and stayed
        self.proxies = []
        self.kept = set()     # damaged saves left in place (no room for their copy), said once
        self.newer_said = False   # a save of a later version was met and said so


tab = _Tab()


# --- raw access: never raises ----------------------------------------------------
#
# Through web/records.js's window.boneyardStorage, which holds every access inside
# a JS try: a storage the browser will not open (site data blocked) throws even
# when read, and a JS exception does not reach MicroPython's ``except`` (the app
# once stopped at its start).  Without that script (not loaded), the storage directly.

def _helper():
    try:
        return window.boneyardStorage
    except Exception:
        return None


def _box(area):
    if area == "local":
        return window.localStorage
    return window.sessionStorage


def get(key, area="local"):
    try:
        helper = _helper()
        value = helper.get(area, key) if helper is not None else _box(area).getItem(key)
    except Exception:
        return None
    return value if isinstance(value, str) else None


def put(key, value, area="local"):
    """Store ``value``; False when the browser refused it (full storage, private mode)."""
    return _write(key, value, area) is True


def _write(key, value, area="local"):
    """Store ``value``: True, or why the browser refused it, "full" (no room) or "refused"."""
    try:
        helper = _helper()
        if helper is not None:
            answer = helper.put(area, key, value)
            return answer if answer in (True, "full") else "refused"
        _box(area).setItem(key, value)
        return True
    except Exception:
        return "refused"


HEAD_CHARS = 120    # a save's revision, id and time of writing (save_text)


def head(key, n=40, area="local"):
    """The first ``n`` characters stored at ``key`` (None when there is none); never raises."""
    helper = _helper()
    if helper is None:
        return get(key, area)
    try:
        value = helper.head(area, key, n)
    except Exception:
        return None
    return value if isinstance(value, str) else None


def remove(key, area="local"):
    try:
        helper = _helper()
        if helper is not None:
            helper.remove(area, key)
        else:
            _box(area).removeItem(key)
    except Exception:
        pass


def keys():
    """Every localStorage key, sorted (the order the browser gives is not ours)."""
    out = []
    try:
        helper = _helper()
        if helper is not None:
            found = json.loads(helper.keys())
        else:
            box = window.localStorage
            found = [box.key(i) for i in range(int(box.length))]
    except Exception:
        return []
    for key in found:
        if isinstance(key, str):
            out.append(key)
    out.sort()
    return out


def note(key, **params):
    tab.notes.append((key, params))


def pending_notes():
    """The notices of values that fell back to defaults, in words (then forgotten)."""
    texts = [t(key, **params) for key, params in tab.notes]
    tab.notes = []
    return texts


# --- simple values ---------------------------------------------------------------

def language():
    """The remembered language, or None; a value that is no language is dropped with a notice."""
    value = get(i18n.STORAGE_KEY)
    if value is None or value in i18n.LANGS:
        return value
    remove(i18n.STORAGE_KEY)
    note("saves.bad_language")
    return None


def remember_language(lang):
    put(i18n.STORAGE_KEY, lang)


def theme():
    """``light``, ``dark`` or ``auto`` (the default); another stored value is dropped with a notice."""
    value = get(THEME_KEY)
    if value is None:
        return DEFAULT_THEME
    if value in THEMES:
        return value
    remove(THEME_KEY)
    note("saves.bad_theme")
    return DEFAULT_THEME


def saved_setup():
    """The remembered setup, checked by type: a bad part takes its default (with a notice once)."""
    text = get(SETUP_KEY)
    if not text:
        return sess.default_setup()
    try:
        data = json.loads(text)
    except Exception:
        data = None
    setup = sess.clean_setup(data)
    if data != setup:
        # Written back clean: the notice is given once, not on every load.
        put(SETUP_KEY, json.dumps(setup))
        note("saves.bad_setup")
    return setup


def save_setup(setup):
    put(SETUP_KEY, json.dumps(setup))


# --- saved games -------------------------------------------------------------------

def now_ms():
    """Milliseconds since 1970 (UTC), exact.

    Not ``int(Date.now())``: MicroPython's FFI keeps only the low 32 bits
    of a whole number that large.  Built from the date's parts instead.
    """
    d = window.Date.new()
    y, m = int(d.getUTCFullYear()), int(d.getUTCMonth()) + 1
    # Days from the civil date (Howard Hinnant's algorithm), 1970-01-01 = 0.
    y -= 1 if m <= 2 else 0
    era = y // 400
    yoe = y - era * 400
    doy = (153 * (m + (-3 if m > 2 else 9)) + 2) // 5 + int(d.getUTCDate()) - 1
    doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
    days = era * 146097 + doe - 719468
    return (((days * 24 + int(d.getUTCHours())) * 60 + int(d.getUTCMinutes())) * 60
            + int(d.getUTCSeconds())) * 1000 + int(d.getUTCMilliseconds())


def new_id():
    """A fresh game id: the time and a random part (two tabs starting at once differ)."""
    now = now_ms()
    salt = int(window.Math.random() * 1679616)
    return "g%s%s" % (_base36(now), _base36(salt))


def _base36(n):
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while True:
        out = digits[n % 36] + out
        n //= 36
        if n == 0:
            return out


def rev_of(text):
    """The revision at the head of save ``text`` (0 when there is none)."""
    head = '{"v":2,"rev":'
    if not isinstance(text, str) or not text.startswith(head):
        return 0
    end = text.find(",", len(head))
    digits = text[len(head):end]
    return int(digits) if end > 0 and digits.isdigit() else 0


def meta_of(session):
    game = session.game
    meta = {"game": session.setup["game"], "players": game.players, "names": list(session.names),
            "round": game.round_count(), "actions": game.action_count(), "finished": game.is_over()}
    # The history (app.history_view) reads these from the head alone: who played at which level, the result.
    meta["seats"] = [session.kind(seat) for seat in range(game.players)]
    if meta["finished"]:
        meta["totals"] = game.totals()
        meta["winners"] = game.winners()
    return meta


def save_text(session, game_id, rev, now):
    # Built by hand in a fixed order (see the module docstring); the record is
    # embedded as JSON, not as a string, so nothing is escaped twice.
    return '{"v":2,"rev":%d,"id":%s,"updated":%d,"meta":%s,"setup":%s,"record":%s}' % (
        rev, json.dumps(game_id), now, records.dumps(meta_of(session)), json.dumps(session.setup),
        session.record_json())


def read_head(text):
    """The save's ``{"v", "rev", "id", "updated", "meta"}`` without parsing its record, or None."""
    if not isinstance(text, str) or not text.startswith('{"v":2,'):
        return None
    # A quote inside a name is escaped, so this text cannot occur before the real one.
    cut = text.find(',"setup":')
    if cut < 0:
        return None
    try:
        head = json.loads(text[:cut] + "}")
    except Exception:
        return None
    meta = head.get("meta")
    if not isinstance(meta, dict) or not isinstance(head.get("updated"), int) or meta.get("game") not in sess.GAMES:
        return None
    if not _whole(meta.get("round")) or meta["round"] < 0:
        return None
    players = meta.get("players")
    if not _whole(players) or game_info(meta["game"]).clamp_players(players) != players:
        return None
    names = meta.get("names")
    if not isinstance(names, list) or len(names) != players or not all(isinstance(n, str) for n in names):
        return None
    return head


def _whole(value):
    return isinstance(value, int) and not isinstance(value, bool)


# What the history reads of a finished save's head, each checked against the seat count: a
# head that says otherwise is not believed (the save is read whole instead, see history()).
# One inconsistent head once stopped the app from starting, at every reload.
def _seats_ok(value, n):
    return isinstance(value, list) and len(value) == n and all(v in sess.SEAT_KINDS for v in value)


def _totals_ok(value, n):
    return isinstance(value, list) and len(value) == n and all(_whole(v) for v in value)


def _winners_ok(value, n):
    return (isinstance(value, list) and 0 < len(value) <= n
            and all(_whole(v) and 0 <= v < n for v in value))


def _actions_ok(value, n):
    return _whole(value) and value >= 0


EXTRAS = {"seats": _seats_ok, "totals": _totals_ok, "winners": _winners_ok, "actions": _actions_ok}


def session_of(text):
    """The Session a save holds (validated by replaying its record); raises if damaged."""
    if not isinstance(text, str):
        raise ValueError("no save")
    if text.startswith('{"v":2,'):
        # A save holds the record and its setup: a game brought in at the
        # record limit (512 KB) saves a little over it, and a game played on
        # grows; either is still the player's game (the nesting limit holds).
        data = json.loads(records.check_text(text, largest=MAX_SAVE_BYTES))
        if not isinstance(data, dict) or not isinstance(data.get("record"), dict):
            raise ValueError("unknown save format")
        setup = sess.clean_setup(data.get("setup"))
        rec = data["record"]
        if rec.get("game") != setup["game"]:
            raise ValueError("the save's setup and record disagree")
        return sess.Session.from_record(setup, rec)
    return sess.Session.from_save(text)     # version 1 (the legacy key)


def set_aside(key, text, exc):
    """Move a damaged save out of the way (kept for a bug report) and say so.  Only once its
    copy is written: with the storage full the save stays where it is (said once a tab), where
    it was once removed with no copy kept, the notice saying it was set aside."""
    from app import dom

    if put(DAMAGED_PREFIX + key[len(PREFIX):] if key.startswith(PREFIX) else LEGACY_KEY + ".damaged", text):
        remove(key)
        note("error.save_damaged", reason=dom.describe(exc))
    elif key not in tab.kept:
        tab.kept.add(key)
        note("error.save_damaged_kept", reason=dom.describe(exc))


def damaged():
    """The saves set aside as damaged (:func:`set_aside`): ``[{"id", "key", "bytes"}]``, by id.
    They are the player's still: the setup lists them to download or delete."""
    out = []
    for key in keys():
        if key.startswith(DAMAGED_PREFIX) or key == LEGACY_KEY + ".damaged":
            text = get(key)
            if isinstance(text, str):
                name = key[len(DAMAGED_PREFIX):] if key.startswith(DAMAGED_PREFIX) else "save"
                out.append({"id": name, "key": key, "bytes": len(text.encode())})
    out.sort(key=lambda item: item["id"])
    return out


def damaged_key(name):
    """The storage key of the damaged save listed as ``name`` (:func:`damaged`), or None."""
    for item in damaged():
        if item["id"] == name:
            return item["key"]
    return None


def newer(text):
    """True for a save written by a later version of Boneyard (its ``v`` above 2): not ours to
    read or set aside (an older tab, or a build rolled back, once moved such a game out of
    the newer build's list too); it is left as it is, unlisted, and said once a tab."""
    if not isinstance(text, str) or not text.startswith('{"v":'):
        return False
    digits = text[5:text.find(",", 5)]
    if not (digits.isdigit() and int(digits) > 2):
        return False
    if not tab.newer_said:
        tab.newer_said = True
        note("error.save_newer")
    return True


def load(game_id, adopt_it=True):
    """The session saved as ``game_id`` (this tab then plays it), or None (damaged: set aside)."""
    key = PREFIX + game_id
    text = get(key)
    if text is None or newer(text):
        return None
    try:
        session = session_of(text)
    except Exception as exc:
        set_aside(key, text, exc)
        return None
    if adopt_it:
        adopt(game_id, rev_of(text), text)
        tab.mark = _mark(session)
        show_status()   # a game moved on elsewhere, reloaded: the banner goes
    return session


def adopt(game_id, rev, text=None):
    """This tab now plays ``game_id``, whose stored revision is ``rev`` (its save ``text``)."""
    tab.id = game_id
    tab.rev = rev
    tab.text = text
    tab.mark = None
    tab.moved = False
    put(TAB_KEY, game_id, "session")


def migrate_legacy():
    """The one save of earlier versions becomes a game of its own (once)."""
    text = get(LEGACY_KEY)
    if text is None:
        return
    try:
        session = sess.Session.from_save(text)
    except Exception as exc:
        set_aside(LEGACY_KEY, text, exc)
        return
    game_id = new_id()
    if put(PREFIX + game_id, save_text(session, game_id, 1, now_ms())):
        remove(LEGACY_KEY)
        if get(TAB_KEY, "session") is None:
            put(TAB_KEY, game_id, "session")


def resume():
    """The game this tab was playing, finished or not (a reload at a game's end showed the setup,
    the winner and the score sheet gone); in a new tab, the last one played that is not
    finished; or None."""
    migrate_legacy()
    mine = get(TAB_KEY, "session")
    if mine is not None:
        session = load(mine)
        if session is not None:
            return session
    for item in games():
        if not item["finished"]:
            return load(item["id"])
    return None


def games():
    """Every saved game, most recently played first: dicts of the save's head (damaged ones set aside)."""
    items = []
    for key in keys():
        if not key.startswith(PREFIX):
            continue
        text = get(key)
        head = read_head(text)
        if head is None:
            if not newer(text):
                set_aside(key, text, ValueError("unknown save format"))
            continue
        meta = head["meta"]
        item = {"id": key[len(PREFIX):], "updated": head["updated"], "game": meta["game"],
                "players": meta["players"], "names": meta["names"], "round": meta["round"],
                "finished": bool(meta.get("finished")), "mine": key[len(PREFIX):] == tab.id}
        for extra, ok in EXTRAS.items():
            if ok(meta.get(extra), meta["players"]):
                item[extra] = meta[extra]
        items.append(item)
    items.sort(key=lambda item: (-item["updated"], item["id"]))
    return items


def history():
    """The finished games, most recent first, each with ``seats`` (kinds), ``totals`` and ``winners``.

    Saves written before these were in the head are read whole (once per
    listing; a damaged one is set aside).
    """
    out = []
    for item in games():
        if not item["finished"]:
            continue
        if "seats" not in item or "totals" not in item or "winners" not in item:
            key = PREFIX + item["id"]
            text = get(key)
            try:
                session = session_of(text)
            except Exception as exc:
                set_aside(key, text, exc)
                continue
            meta = meta_of(session)
            for extra in ("seats", "totals", "winners"):
                item[extra] = meta.get(extra)
        out.append(item)
    return out


def history_records():
    """The lines of the history's export, most recent first: every finished game's record
    with its id, date and setup (``app.historyio``: what its import needs to list it again)."""
    out = []
    for item in history():
        text = get(PREFIX + item["id"])
        cut = text.find(',"record":') if text else -1
        begin = text.find(',"setup":') if text else -1
        if cut < 0 or not 0 < begin < cut:
            continue
        # The record is the save's last member and the setup the one before it (save_text):
        # their JSON as written, not re-encoded.
        out.append(historyio.line_text(text[cut + len(',"record":'):-1], item["id"], item["updated"],
                                       text[begin + len(',"setup":'):cut]))
    return out


def delete(game_id):
    remove(PREFIX + game_id)
    remove(ANALYSIS_PREFIX + game_id)
    if tab.id == game_id:
        let_go()


def let_go():
    """This tab plays no game now (its game was deleted, or it left a finished one for the
    setup): a reload shows the setup."""
    tab.id = None
    tab.rev = 0
    remove(TAB_KEY, "session")


def start(session=None):
    """A new game for this tab: a fresh id, written at once when ``session`` is given."""
    adopt(new_id(), 0)
    if session is not None:
        save(session)


def save(session):
    """Write ``session`` as this tab's game; True when it is safely stored.

    Never over a newer revision written by another tab (that tab's moves
    win; this one is told, see :func:`on_storage`).  A full storage prunes
    finished games first, then shows that the game is not being saved.
    """
    if session is None:
        return True
    if tab.id is not None and tab.mark == _mark(session):
        return True     # stored already (a resumed game, a render with no move)
    if tab.id is None:
        adopt(new_id(), 0)
    key = PREFIX + tab.id
    # The head holds the write's time: the same revision with another head is another tab's
    # write at the same moment as this tab's last (see newer_elsewhere), whose word may not
    # have come yet: written over, its move was lost unseen.
    now_head = head(key, HEAD_CHARS)
    stored = rev_of(now_head)
    if stored > tab.rev or (stored == tab.rev and stored and isinstance(tab.text, str)
                            and isinstance(now_head, str) and not tab.text.startswith(now_head)):
        tab.moved = True
        show_status()
        return False
    rev = stored + 1
    text = save_text(session, tab.id, rev, now_ms())
    answer = _write(key, text)
    ok = answer is True or (answer == "full" and _save_with_room(key, text))
    if ok:
        tab.rev = rev
        tab.mark = _mark(session)
        tab.text = text
    tab.unsaved = False if ok else ("full" if answer == "full" else "refused")
    tab.large = len(text) > records.MAX_RECORD_BYTES and too_large(session)
    show_status()
    return ok


def large_seen():
    """The person closed the notice that this game's record is over the limit: not shown again for it."""
    tab.large_seen = tab.id
    show_status()


def too_large(session):
    """Whether ``session``'s record is over the records' size limit: the game still saves
    (a save may hold 4 × a record), but an exported copy would be refused on import."""
    try:
        records.check_size(session.record_json())
    except records.RecordError:
        return True
    return False


def _mark(session):
    return (session, session.game.round_count(), session.game.action_count())


def flush(session):
    """Save ``session`` unless what is stored is already it (``pagehide``: belt and braces), or
    this tab plays no game now (:func:`let_go`: the page's last game, deleted or left finished,
    was written back under a new name as the page was left)."""
    if tab.id is not None:
        save(session)


def _save_with_room(key, text):
    """Write ``text`` as ``key`` after removing the oldest finished games (never this tab's), as
    few as it takes; True when it is stored (the person is then told how many went).  When
    even all of them do not make room, every one is put back: a finished game is never lost
    for a save that fails anyway."""
    finished = [item for item in games() if item["finished"] and item["id"] != tab.id]
    taken = []
    for n, item in enumerate(reversed(finished), 1):
        kept = [(k, get(k)) for k in (PREFIX + item["id"], ANALYSIS_PREFIX + item["id"])]
        for k, _ in kept:
            remove(k)
        taken.extend(kept)
        if put(key, text):
            tab.pruned += n
            return True
    for k, value in taken:
        if value is not None:
            put(k, value)
    return False


def pruned_seen():
    """The person read that finished games were removed to make room: the notice goes."""
    tab.pruned = 0
    show_status()


# --- analyses: cached beside their game's save ------------------------------------------

def _analyses(game_id):
    try:
        data = json.loads(get(ANALYSIS_PREFIX + game_id) or "{}")
    except Exception:
        return {}
    return data if isinstance(data, dict) else {}


def analysis_get(game_id, key):
    """The cached analysis ``key`` of game ``game_id`` (JSON text), or None.

    ``key`` names the round, the seat and the round's actions (see
    ``app.review_analysis.cache_key``): a round that changed misses.
    """
    if not game_id:
        return None
    text = _analyses(game_id).get(key)
    return text if isinstance(text, str) else None


def analysis_put(game_id, key, text):
    """Cache analysis ``text`` as ``key`` of game ``game_id``; False if storage refused it
    (the analysis is then kept for this page only: it is never worth a game's save)."""
    if not game_id or get(PREFIX + game_id) is None:
        return False
    data = _analyses(game_id)
    data[key] = text
    return put(ANALYSIS_PREFIX + game_id, json.dumps(data))


# --- the status banner (full storage, a game moved on elsewhere) ----------------------

def show_status():
    """Show or hide ``#save-status`` for the tab's save state (cheap when nothing changed)."""
    box = window.document.getElementById("save-status")
    large = tab.large and tab.large_seen != tab.id
    if not tab.unsaved and not tab.moved and not large and not tab.pruned:
        if box is not None and not box.hidden:
            box.hidden = True
            box.innerHTML = ""
        return
    if box is None:
        box = window.document.createElement("div")
        box.id = "save-status"
        box.className = "notice save-status"
        box.setAttribute("role", "alert")
        anchor = window.document.getElementById("notice")
        anchor.parentNode.insertBefore(box, anchor)
    from app.saves_view import status_html

    kind = "moved" if tab.moved else tab.unsaved if tab.unsaved else "large" if large else "pruned"
    html = status_html(kind, tab.pruned)
    if box.innerHTML != html:
        box.innerHTML = html
    box.hidden = False


# --- other tabs -------------------------------------------------------------------------

def newer_elsewhere(event):
    """The save text of this tab's game when another tab wrote a newer revision of it, else None."""
    try:
        key = event.key
        value = event.newValue
    except Exception:
        return None
    if tab.id is None or key != PREFIX + tab.id or not isinstance(value, str):
        return None
    rev = rev_of(value)
    if rev > tab.rev:
        return value
    if rev == tab.rev and tab.text is not None and value != tab.text:
        # Two tabs each read the revision before and wrote this one at the same moment (a
        # tab sees another's write some milliseconds late): whichever was stored last holds
        # it.  The other tab used to play on, saying nothing, and its next save dropped the
        # stored move.  If that is not this tab's, this tab follows it, and says so.
        stored = get(key)
        if isinstance(stored, str) and stored != tab.text and rev_of(stored) >= tab.rev:
            tab.raced = True
            return stored
    return None


def install(on_newer, flush):
    """Listen for other tabs' writes (``on_newer(text)``) and save on ``pagehide`` (``flush()``)."""
    from pyscript.ffi import create_proxy

    def storage(event):
        text = newer_elsewhere(event)
        if text is not None:
            on_newer(text)

    def hide(_event):
        flush()

    def hidden(_event):
        if window.document.visibilityState == "hidden":
            flush()

    handlers = [create_proxy(storage), create_proxy(hide), create_proxy(hidden)]
    tab.proxies.extend(handlers)
    # Through the document's real window: PyScript's `window` is a proxy that
    # the browser refuses as `this` for addEventListener ("Illegal invocation").
    real = window.document.defaultView
    real.addEventListener("storage", handlers[0])
    real.addEventListener("pagehide", handlers[1])
    window.document.addEventListener("visibilitychange", handlers[2])


def follow(text):
    """Take another tab's newer save of this game: the Session, or None (then say it moved on)."""
    try:
        session = session_of(text)
    except Exception:
        tab.moved = True
        show_status()
        return None
    tab.rev = rev_of(text)
    tab.mark = _mark(session)
    tab.text = text
    tab.moved = False
    show_status()
    return session


def reload_current():
    """This tab's game as stored now (after another tab moved it on), or None."""
    if tab.id is None:
        return None
    return load(tab.id)
