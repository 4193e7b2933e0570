"""Records on the page: Export, Import (file picker, drag and drop, paste), Share link,
and opening ``#record=<code>&step=N`` links in the replay viewer.

The browser's side (downloads, reading files, drops, pastes, the clipboard)
is ``web/records.js``: it hands any text brought in to the page as a
``boneyard-import`` event.  Here the text is read and the whole record
replayed before anything changes: a file, link or paste that is not a valid
record only shows, in ``#rec-error`` (``role="alert"``), what is wrong with
it; the game being played and its save are left as they were.  An imported
game replaces the current one (and its save) only when the person chooses
"Play from here".
"""

import asyncio

from pyscript import window
from pyscript.ffi import create_proxy

from engine import record as records_engine
from engine.game import GameError

from app import dom, focus, history, historyio, recordio, replay
from app import session as sess
from app.i18n import error_text, t
from app.state import state

_proxies = []
_shown = {"key": None, "link": ""}
class _Page:
    """What the toolbar asks of the page's controller, handed over by :func:`install`:
    render, after_change, show_setup, begin, saved_setup, lay_out.  The controller
    imports this module, never the reverse."""


_PAGE = _Page()


def _ui():
    return _PAGE


# --- the toolbar -------------------------------------------------------------------

def skeleton():
    def button(label, act, bid, cls=""):
        # data-rec, not data-act: the game's own controls are data-act.
        return '<button type="button" class="%s" data-rec="%s" id="%s">%s</button>' % (cls, act, bid, dom_esc(label))
    return ('<div class="record-tools" role="group" aria-label="%s">%s%s%s%s'
            '<input type="file" id="rec-file" accept=".json,.jsonl,application/json,text/plain" hidden tabindex="-1"></div>'
            '<details class="rec-paste" id="rec-paste-box"><summary>%s</summary>'
            '<label for="rec-paste">%s</label><textarea id="rec-paste" rows="3" spellcheck="false"></textarea>%s'
            '</details>'
            # What is wrong with a record goes under the Load that read it (below the share
            # box it was off a laptop's screen), and show_error scrolls it into view.
            '<div id="rec-error" class="error" role="alert" hidden></div>'
            '<div class="rec-share" id="rec-share" hidden><label for="rec-link">%s</label>'
            '<input id="rec-link" type="text" readonly><p id="rec-share-status" role="status"></p></div>'
            '<p id="rec-progress" class="rec-progress" role="status" hidden>'
            '<progress id="rec-progress-bar" max="1"></progress> <span id="rec-progress-text"></span></p>' % (
                dom_esc(t("records.group")),
                button(t("records.export"), "export", "rec-export"),
                button(t("records.share"), "share", "rec-share-btn"),
                button(t("records.replay"), "replay", "rec-replay"),
                button(t("records.import"), "import", "rec-import"),
                dom_esc(t("records.paste_summary")), dom_esc(t("records.paste_label")),
                button(t("records.load"), "load", "rec-load"),
                dom_esc(t("records.link_label"))))


def dom_esc(text):
    from engine.render import escape
    return escape(text)


def current_record():
    """The record that Export and Share link take: the viewer's, else the game's; or None."""
    if state.review is not None:
        return state.review.record
    if state.session is not None and not dom.by_id("game").hidden:
        return state.session.game.record()
    return None


def refresh():
    """Enable the toolbar's buttons for what is on screen (cheap: only on a change)."""
    if dom.by_id("rec-export") is None:
        return   # not installed yet
    game_on = state.session is not None and not dom.by_id("game").hidden
    review = state.review
    has = review is not None or game_on
    # Replay shows any hand: for the current game only once its round is over (no peeking).
    between = state.session is not None and state.session.game.phase() in ("round-over", "game-over", "not-dealt")
    can_replay = game_on and review is None and state.session.game.action_count() > 0 and between
    # A record holds every hand and the yard: where people share the screen, none is given out
    # while a round is played (the hand-over's "the others should look away" kept nothing from
    # one who exported it). Against computers a person's own game is theirs to save.
    hidden = game_on and len(state.session.humans()) > 1 and not between and \
        (review is None or review.source is state.session)
    can_give = has and not hidden
    key = (has, can_replay, can_give)
    if key == _shown["key"]:
        return
    _shown["key"] = key
    dom.by_id("rec-export").disabled = not can_give
    dom.by_id("rec-share-btn").disabled = not can_give
    dom.by_id("rec-replay").disabled = not can_replay
    if not has:
        dom.by_id("rec-share").hidden = True


def show_error(text):
    box = dom.by_id("rec-error")
    box.textContent = text
    box.hidden = False
    # A file dropped or a link opened during a game on a phone: the toolbar is in the closed
    # drawer, where the alert was neither seen nor read out. The drawer opens to show it.
    if not dom.by_id("game").hidden and focus.drawer_screen() and not focus.drawer_open():
        focus.side("open")
    # In view where it is said (role=alert reads it out; a person must see it too): the side
    # panel it is in scrolls, and on a laptop it was below the screen.
    if str(window.getComputedStyle(box).visibility) == "visible":
        box.scrollIntoView(False)


def clear_error():
    box = dom.by_id("rec-error")
    box.hidden = True
    box.textContent = ""


# --- export and share ---------------------------------------------------------------

def export():
    rec = current_record()
    if rec is None:
        return
    from engine import record as records
    name = recordio.file_name(rec, str(window.boneyardFiles.today()))
    window.boneyardFiles.download(name, records.dumps(rec))


def share_step():
    review = state.review
    if review is not None and review.step < review.total:
        return review.step
    return None


async def share():
    rec = current_record()
    if rec is None:
        return
    link = recordio.share_link(str(window.location.href), rec, share_step())
    _shown["link"] = link
    field = dom.by_id("rec-link")
    field.value = link
    dom.by_id("rec-share").hidden = False
    status = dom.by_id("rec-share-status")
    status.textContent = ""
    ok = False
    try:
        ok = bool(await window.boneyardFiles.copy(link))
    except Exception:
        ok = False
    if _shown["link"] != link:
        return
    if ok:
        status.textContent = t("records.copied")
    else:
        # The clipboard refused: the field holds the link, selected for copying by hand.
        status.textContent = t("records.copy_refused")
        field.focus()
        field.select()


def last_link(*_args):
    return _shown["link"]


# --- import -------------------------------------------------------------------------

# Pieces of a long import: the page paints (and takes clicks) between them.
SLICE_MS = 40
_job = {"current": None, "pumping": False, "say": None}   # say(): (words, done, of) for the progress line


def import_text(text, source, name=""):
    """Open ``text`` (a record, share link or code) in the replay viewer, or say what is wrong.

    Parsed and checked once, replayed once, in tasks of about :data:`SLICE_MS`
    (web/records.js runs them one after another, each in a task of its
    own): a record of the size limit never freezes the page.  A newer
    import replaces this one.
    """
    _job["current"] = _reading(text, source, name)
    _job["say"] = None
    if not _job["pumping"]:
        _job["pumping"] = True
        window.boneyardFiles.pump(_proxies[0])


def pump(*_args):
    """One slice of the import under way; True while there is more to do (records.js asks again)."""
    clock = window.performance
    began = clock.now()
    while _job["current"] is not None:
        job = _job["current"]
        try:
            alone = next(job)
        except StopIteration:
            if _job["current"] is job:
                _job["current"] = None
            continue
        if alone is True or clock.now() - began >= SLICE_MS:
            if _job["current"] is job:
                show_progress()
            return True
    _job["pumping"] = False
    show_progress()
    return False


# The pieces a record's rounds are parsed in: MicroPython's json.loads of 16 KB
# is a few milliseconds; fewer, larger pieces cross from JavaScript less often.
CUT_CHARS = 16384


def _cut(text):
    """``(head, rounds, count, plain)`` of a record's text cut at its rounds by web/records.js, or None."""
    found = window.boneyardFiles.cutRounds(text, records_engine.MAX_DEPTH, CUT_CHARS, records_engine.LONG_STRING)
    n = int(found.length)
    if n == 0:
        return None
    return str(found[0]), (str(found[i]) for i in range(1, n)), n - 1, bool(found.plain)


def _reading_words():
    return t("records.reading"), 0, 0


def show_progress():
    """Say how far a long import has got (from its second slice on; hidden when none runs)."""
    box = dom.by_id("rec-progress")
    if box is None:
        return
    say = _job.get("say") if _job["current"] is not None else None
    if say is None:
        if not box.hidden:
            box.hidden = True
        return
    text, n, total = say()
    dom.by_id("rec-progress-text").textContent = text
    line = dom.by_id("rp-checking")
    viewer = state.review
    if line is not None and viewer is not None and viewer.checking is not None:
        line.textContent = replay.checking_words(viewer)
    bar = dom.by_id("rec-progress-bar")
    if total:
        bar.max = total
        bar.value = n
    else:
        bar.removeAttribute("value")   # indeterminate while the text is read
    box.hidden = False


def _reading(text, source, name):
    """The import as a generator: each yield is a place to pause (``True``: pause here)."""
    preview = None
    if historyio.is_history(text):
        yield from _reading_history(text)
        return
    try:
        if text is None:
            raise GameError(t("records.file_unreadable"))
        # A round at a time (web/records.js cuts the text): MicroPython's
        # json.loads of 512 KB of moves is one call of a second or more.
        _job["say"] = _reading_words
        rec, step = yield from recordio.parsing(text, _cut)
        # Marked for tests/test_saves_limits.py.
        window.performance.mark("boneyard-import-parsed")
        yield True
        setup = recordio.setup_for(rec, recordio.default_seats(rec["players"], current_setup()),
                                   current_setup(), 1)
        reading = replay.Reading(setup, rec, step)
        total = len(rec["rounds"])
        _job["say"] = lambda: (t("records.checking", n=len(reading.bases), total=total),
                               len(reading.bases), total)
        # A long record opens at once, its moves checked meanwhile (app.replay.preview).
        preview = replay.preview(setup, rec, step)
        if preview is not None:
            yield True              # its first paint in a task of its own
            _shown_read(preview, step, source, text)
            yield True
        for _ in reading.steps():
            if preview is not None:
                if state.review is not preview:
                    return          # closed (or another record opened): nothing to check for
                preview.checking = (len(reading.bases), total)
            yield
        recordio.check_step(reading.session.game, step)
        viewer = reading.viewer()
        if preview is None:
            viewer.session(viewer.total if step is None else step)
            yield True
            # Its table laid out in a task of its own: at the end of an eight-player match
            # that is some 40 ms of MicroPython, and with the first paint beside it the one
            # task took 180-210 ms of CPU.
            _ui().lay_out(viewer.session())
        else:
            # Still "checking": the rounds are encoded for the first save of
            # "Play from here" (a thousand hands: a second of MicroPython).
            for _ in viewer.writing():
                if state.review is not preview:
                    return
                yield
        yield True
    except Exception as exc:
        if preview is not None and state.review is preview:
            close()                 # a bad record's preview goes; nothing else changed
        report(exc, source, name)
        return
    if preview is None:
        _shown_read(viewer, step, source, text)
    elif state.review is preview:
        # The checked viewer takes the preview's place, at its step, with its choices.
        state.review = replay.carry(preview, viewer)
        window.performance.mark("boneyard-import-checked")
        if preview.autoplay:
            preview.autoplay = False
            viewer.autoplay = True
            asyncio.create_task(autoplay(viewer))
        _ui().render()
    else:
        return
    # A short record's rounds are encoded for the first save of "Play from
    # here" after it opens (which encodes what is left itself if clicked before).
    _job["say"] = None
    for _ in viewer.writing():
        if state.review is not viewer:
            return
        yield


def _shown_read(viewer, step, source, text):
    """Open the viewer of a record just read (checked, or a preview being checked)."""
    # The viewer's first paint, in a task of its own (as each step's paint is);
    # marked for tests/test_saves_limits.py, which times the reading before it.
    window.performance.mark("boneyard-import-read")
    clear_error()
    pasted = dom.by_id("rec-paste")
    if source == "paste" and pasted is not None and len(str(pasted.value)) == len(text):
        # Read: the box is emptied (laying out 512 KB of text again would
        # freeze the page as the viewer opens beside it).
        pasted.value = ""
    open_viewer(viewer, step)


def _reading_history(text):
    """A history file (the History's Export): its games join the history (``app.history``), shown
    on the setup screen; a bad line is said and nothing changes."""
    try:
        said = yield from history.importing(text)
    except historyio.HistoryError as exc:
        show_error(str(exc))
        return
    except Exception as exc:        # whatever else went wrong is said, never left half done
        report(exc, "text")
        return
    clear_error()
    viewer = state.review
    if viewer is not None:
        viewer.autoplay = False
        state.review = None
        dom.by_id("game").removeAttribute("data-review")
    _ui().show_setup()
    dom.say(said)


def report(exc, source, name=""):
    reason = error_text(exc) if isinstance(exc, GameError) else dom.describe(exc)
    if source == "link":
        show_error(t("records.error_link", reason=reason))
    elif source in ("file", "drop") and name:
        show_error(t("records.error_file", name=name[:80], reason=reason))
    else:
        show_error(t("records.error_text", reason=reason))


def current_setup():
    if state.session is not None:
        return state.session.setup
    return _ui().saved_setup()


def open_viewer(viewer, step=None):
    """Show ``viewer`` (or a viewer of a session): a game brought in or saved, not the
    game being played, at ``step`` (default: its end)."""
    ui = _ui()
    if not isinstance(viewer, replay.Viewer):
        viewer = replay.Viewer(viewer, mode="replay", imported=True)
    state.token += 1   # a computer turn of the current game waits until the viewer closes
    session = viewer.source
    viewer.back_to = "game" if state.session is not None and not dom.by_id("game").hidden else "setup"
    viewer.seats = recordio.default_seats(session.game.players, current_setup())
    viewer.session(viewer.total if step is None else step)
    viewer.opener = dom.control_of(window.document.activeElement)
    state.review = viewer
    ui.render()


def open_current():
    """The replay viewer on the game being played (its round is over: nothing hidden is revealed)."""
    ui = _ui()
    viewer = replay.Viewer(state.session, mode="replay")
    viewer.back_to = "game"
    state.review = viewer
    ui.render()


def open_link(fragment):
    if "record=" not in fragment:
        return
    import_text(fragment, "link")


def on_import(event):
    try:
        detail = event.detail
        try:
            length = int(detail.length or 0)
        except Exception:
            length = 0
        # A history file (app.historyio, named by its Export) may be longer than a record.
        name = str(detail.name or "")
        limit = historyio.MAX_HISTORY_CHARS if name.lower().endswith(".jsonl") else recordio.MAX_LINK_CHARS
        if length > limit:
            # Refused unread: UTF-16 units never outnumber UTF-8 bytes, so it is over the limit.
            report(recordio.too_large(length), str(detail.source), str(detail.name or ""))
            return
        text = detail.text
        import_text(None if text is None else str(text), str(detail.source), str(detail.name or ""))
    except Exception as exc:
        report(exc, "paste")


# --- the replay viewer's commands ----------------------------------------------------

def replay_act(arg):
    """A replay-mode viewer's button: step, autoplay, stop, play from here, close."""
    ui = _ui()
    viewer = state.review
    if arg == "end":
        close()
        return
    if arg == "play":
        if viewer.checking is None:     # a preview's record is checked first (the button says so)
            play_from_here()
        return
    if arg == "auto":
        if not viewer.autoplay:
            viewer.autoplay = True
            asyncio.create_task(autoplay(viewer))
    elif arg == "stop":
        viewer.autoplay = False
    else:
        viewer.autoplay = False
        try:
            viewer.session(viewer.step + int(arg))
        except GameError:
            if viewer.checking is None:
                raise
            # A bad move in a preview: the check says what and where, and closes it.
    ui.render()


async def autoplay(viewer):
    ui = _ui()
    pause = max(300, sess.SPEED_MS.get(viewer.setup.get("speed"), 900)) / 1000
    while viewer.autoplay and state.review is viewer and viewer.step < viewer.total:
        await asyncio.sleep(pause)
        if not viewer.autoplay or state.review is not viewer:
            return
        try:
            viewer.session(viewer.step + 1)
        except GameError:
            viewer.autoplay = False     # a bad move in a preview: its check says so
        if viewer.step >= viewer.total:
            viewer.autoplay = False
        ui.render()


def close():
    """Leave the viewer: back to the game being played (untouched) or the setup."""
    ui = _ui()
    viewer = state.review
    state.review = None
    if viewer is not None:
        viewer.autoplay = False
    if viewer is not None and viewer.back_to == "game" and state.session is not None:
        ui.after_change()
    else:
        dom.by_id("game").hidden = True
        dom.by_id("game").removeAttribute("data-review")
        ui.show_setup()
        # Back where it was opened from (a saved game's Replay, Load): the focus fell to <body>
        # and the page to its top, away from the History list it was opened from.
        el = dom.find_control(getattr(viewer, "opener", None))
        if el is not None:
            el.focus()
        else:
            focus.setup_heading_focus()
    refresh()


def play_from_here():
    """The viewed game, cut at the step, becomes the game being played (and its save)."""
    ui = _ui()
    viewer = state.review
    if viewer is None or replay.ended(viewer):
        return      # (its button is disabled there)
    seed = int(window.Date.now()) & 0x7FFFFFFF
    try:
        # The game at the step, from the viewer's snapshots (checked when read):
        # a thousand-hand game is not replayed, nor its every move logged, again.
        setup = recordio.setup_for(viewer.record, list(viewer.seats), current_setup(), seed)
        session = viewer.continued(setup)
    except Exception as exc:
        report(exc, "text")
        return
    viewer.autoplay = False
    try:
        # The game now lives in the save: a reload must not reopen the link.
        window.history.replaceState(None, "", str(window.location.pathname) + str(window.location.search))
    except Exception:
        pass
    ui.begin(session, drawn_next=True)


def on_change(event):
    target = event.target
    viewer = state.review
    if viewer is None:
        return
    tid = str(target.id)
    if tid == "replay-hand":
        value = str(target.value)
        viewer.hand = int(value) if value.isdigit() else value
        _ui().render()
    elif tid.startswith("rp-seat-"):
        viewer.seats[int(tid[8:])] = str(target.value)


def on_click(event):
    el = event.target.closest("[data-rec]")
    if el is None or el.disabled:
        return
    act = el.getAttribute("data-rec")
    try:
        if act == "export":
            export()
        elif act == "share":
            asyncio.create_task(share())
        elif act == "replay":
            open_current()
        elif act == "import":
            window.boneyardFiles.pick()
        elif act == "load":
            window.boneyardFiles.loadPasted()
    except Exception as exc:
        show_error(dom.describe(exc))


def install(page):
    """Draw the toolbar, listen for imports and links, and open the page's ``#record=`` link.

    ``page`` holds the controller's functions the toolbar calls (see ``_page``).
    """
    for name in sorted(page):
        setattr(_PAGE, name, page[name])
    _proxies.append(create_proxy(pump))   # _proxies[0]: what records.js calls for each slice
    box = dom.by_id("records")
    box.innerHTML = skeleton()
    box.hidden = False
    click = create_proxy(on_click)
    change = create_proxy(on_change)
    imported = create_proxy(on_import)
    link = create_proxy(last_link)
    _proxies.extend([click, change, imported, link])
    box.addEventListener("click", click)
    dom.by_id("game").addEventListener("change", change)
    window.document.addEventListener("boneyard-import", imported)
    window.boneyard.shareLink = link
    refresh()
    open_link(str(window.location.hash))
