"""The page's game controller (MicroPython, main thread): events, turns, saves.

Draws :mod:`app.screens` into ``#setup`` / ``#game``, applies the person's
actions to the :class:`~app.session.Session`, asks the worker for computer
moves (sending only the acting seat's view), and saves the record on every
action.  ``data-waiting-for`` on ``<html>`` says who the page waits for.
"""

import asyncio
import json

from pyscript import window
from pyscript.ffi import create_proxy

from engine.render import escape

from app import dom, focus, history, players, records, replay, review_analysis, saves_view, screens, store
from app import session as sess
from app import i18n
from app.i18n import t
from app.names import iso
from app.clock import clock
from app.state import state

# (The game area's plain-JS helpers are index.html's: ready for the game's first frame.)
# How long a played tile travels from its seat, per computer speed (ms).
TRAVEL_MS = {"instant": 160, "fast": 260, "normal": 420, "slow": 650}


# --- storage (app.store) -------------------------------------------------------

def save():
    """Write the game now, in the task that changed it (app.store: per-game, two-tab safe)."""
    return store.save(state.session)


def saved_setup():
    return store.saved_setup()


def save_now(cold=False, *_args):
    """Write the game's save now, even unchanged; the milliseconds it took (bench/saves.py).

    ``cold``: the record's text is encoded whole, as on the first save after a load.
    """
    if cold is True and state.session is not None:
        state.session._text = None
    started = window.performance.now()
    store.tab.mark = None
    store.save(state.session)
    return window.performance.now() - started


def on_newer(text):
    """Another tab moved this tab's game on: follow it (unless a review is open: then offer to reload)."""
    raced, store.tab.raced = store.tab.raced, False
    if state.review is not None:
        store.tab.moved = True
        store.show_status()
        return
    session = store.follow(text)
    if session is not None:
        begin(session, store.tab.id)
        if raced:
            notice(t("saves.raced"))    # a move made here is gone from the screen: said where it is seen (an alert)
        else:
            announce(t("saves.followed"))


def show_notes():
    texts = store.pending_notes()
    if texts:
        notice(" ".join(texts))


def notice(text):
    """A message above the game (a note, an error) until the person closes it: one stayed over a
    phone's table for the rest of the game, four lines of it."""
    box = dom.by_id("notice")
    was_on = box.contains(window.document.activeElement)
    box.innerHTML = '<p class="notice-text">%s</p>%s' % (
        escape(text), screens.button("&times;", "notice-close", cls="notice-close", aria=t("notice.close")))
    box.hidden = False
    if was_on:
        box.querySelector("button").focus()     # the close button pressed-to-be was rewritten


def close_notice():
    box = dom.by_id("notice")
    had_focus = box.contains(window.document.activeElement)
    box.hidden = True
    box.innerHTML = ""
    if had_focus:
        if not dom.by_id("game").hidden:
            focus.focus_first()
        else:
            focus.setup_heading_focus()


# --- screens -------------------------------------------------------------------

def announce(text, private=False):
    dom.say(text, private)


NEW_LINES_SAID = 8


def announce_log(log):
    """Say the move log's lines added since the last render, in order (several come at once:
    a trick's last tile and who won it, a draw and a pass, a fast computer's moves)."""
    count, last = state.announced or (0, None)
    if 0 < count <= len(log) and log[count - 1] == last:
        new = log[count:]
    else:
        new = log[-1:]     # another game, or an undo: where it stands now
    for line in new[-NEW_LINES_SAID:]:
        announce(line)
    state.announced = (len(log), log[-1]) if log else None


def play_mode(on):
    """The page as a table (fixed to the viewport, no page scrolling) or as a page (setup)."""
    root = window.document.documentElement
    if on:
        root.classList.add("playing")
        players.release_height()
    else:
        root.classList.remove("playing")
    # The records toolbar sits in the table's side panel while a game is on, under the setup otherwise;
    # so does the theme's select (in the page's header, on a phone it took a row of 44 px from the table).
    for box, home in ((dom.by_id("records"), "side-records" if on else "records-home"),
                      (window.document.querySelector("label.theme-picker"), "side-theme" if on else "theme-picker")):
        home = dom.by_id(home)
        if home is not None and box is not None and box.parentElement is not home:
            home.appendChild(box)
    focus.sync_inert()   # inert only what an open drawer covers (a frame drawn anew, the setup)


def show_setup(message="", typed=None):
    state.token += 1
    if state.session is not None and state.session.game.is_over() and store.tab.id is not None:
        store.let_go()   # a finished game left for the setup (New game, a history imported): a reload shows the setup
    setup = state.pending_setup if state.pending_setup else saved_setup()
    state.pending_setup = setup
    box = dom.by_id("setup")
    # The history first: it reads older saves whole, and sets a damaged one aside, which the
    # saved games listed before it still offered (Replay of a game no longer there).
    past = history.panel_html(when)
    games = store.games()
    box.innerHTML = (screens.setup_screen(setup, going_game(games), message, typed, saved_setup())
                     + saves_view.saved_games_html(games, when) + saves_view.damaged_html(store.damaged()) + past)
    show_notes()
    box.hidden = False
    dom.by_id("game").hidden = True
    play_mode(False)
    dom.set_state("waiting-for", "none")
    records.refresh()


def going_game(games):
    """The game in progress to offer first (``games``: ``store.games()``): this tab's own if it
    is not over, else the last one played; None if every game is over."""
    going = [g for g in games if not g["finished"] and g["mine"]] or [g for g in games if not g["finished"]]
    return going[0] if going else None


def leave_game():
    """The setup, from a game (New game, or Back from one)."""
    state.token += 1
    state.pending_setup = state.session.setup if state.session else None
    show_setup()
    focus.setup_heading_focus()


def on_back(_event):
    """The browser's Back (a phone's back gesture) from the setup that New game showed in the
    middle of a game: back to that game (Back left the site, where a person meant to go back to
    their game).  New game puts that one step in the history; any other step (a record link's
    #fragment, a Back from elsewhere) is not this function's."""
    if state.unwinding:
        state.unwinding = False
        return
    if state.pushed is None or str(window.location.hash) != state.pushed:
        return
    state.pushed = None
    if not dom.by_id("setup").hidden:
        going = going_game(store.games())
        if going is not None:
            handle("continue", going["id"])


def unwind():
    """Leaving New game's setup for a game: its step comes back out of the history (unseen), so
    Back from the game leaves the page as before, and no step is left to do nothing."""
    if state.pushed is not None:
        state.pushed = None
        state.unwinding = True
        window.history.back()


def buttons(act, arg):
    """The selector of the buttons that do ``act`` for ``arg`` (a game's Delete appears in the
    saved games and the history alike)."""
    return '[data-act="%s"][data-arg="%s"]' % (act, window.CSS.escape(arg))


def ask_first(act, arg, html):
    """A Delete asks first, in the place of its buttons (``act``'s for ``arg``): the question and
    ``html``'s Keep, which takes the focus, and Delete for good."""
    for el in window.document.querySelectorAll(buttons(act, arg)):
        el.parentElement.innerHTML = html
    focus_on(".delete-ask + button")


def focus_on(selector):
    """Focus the first element ``selector`` finds; whether there was one."""
    el = window.document.querySelector(selector)
    if el is not None:
        el.focus()
    return el is not None


def download_damaged(name):
    """The damaged save ``name`` as a file, byte for byte as it was stored."""
    key = store.damaged_key(name)
    text = store.get(key) if key is not None else None
    if isinstance(text, str):
        window.boneyardFiles.download("boneyard-unreadable-save-%s.json" % "".join(
            [c if c.isalpha() or c.isdigit() or c in "-_" else "_" for c in name])[:60], text)


def when(ms):
    """A saved game's last play, in the page's language and the reader's time zone; where the
    browser cannot write dates in that language (this Chromium has no Albanian: it wrote
    "12/8/2026, 1:25:15 AM" on an Albanian page), as year-month-day and a 24-hour time."""
    try:
        # A float: an int this large would not cross to JavaScript whole.
        date = window.Date.new(float(ms))
        lang = i18n.current()
        if len(list(window.Intl.DateTimeFormat.supportedLocalesOf(lang))):
            return str(date.toLocaleString(lang))
        return "%04d-%02d-%02d %02d:%02d" % (int(date.getFullYear()), int(date.getMonth()) + 1, int(date.getDate()),
                                             int(date.getHours()), int(date.getMinutes()))
    except Exception:
        return ""


def read_setup():
    setup = sess.clean_setup(state.pending_setup)
    for radio in window.document.querySelectorAll('#setup input[name="game"]'):
        if radio.checked:
            setup["game"] = radio.value
    players = dom.by_id("players")
    if players is not None:
        info = sess.games.info(setup["game"])
        try:
            setup["players"] = max(info.min_players, min(info.max_players, int(players.value)))
        except Exception:
            pass
    for i in range(8):
        seat = dom.by_id("seat-%d" % i)
        if seat is not None:
            setup["seats"][i] = seat.value
            setup["names"][i] = dom.by_id("name-%d" % i).value
    setup["speed"] = dom.by_id("speed").value
    options = {}
    if dom.by_id("spokes") is not None:
        for name, field in (("spokes", "spokes"), ("yard_reserve", "reserve")):
            value = chosen_number(dom.by_id(field))
            if value is not None:
                options[name] = value
        options["double_blank_50"] = bool(dom.by_id("blank50").checked)
    setup["options"] = options
    return setup


def chosen_number(field):
    """The whole number a person put in an option ``field``; None while it shows its default.

    A default left alone follows the player count (4 players, 4 spokes; 5
    players, 5), instead of turning into a stale choice when the count
    changes.
    """
    try:
        value = int(field.value)
    except Exception:
        return None             # empty or not a number: the default stands
    return None if str(value) == field.getAttribute("data-default") else value


def acting_human():
    s = state.session
    seat = s.to_act()
    if seat is not None and s.is_human(seat):
        return seat
    return None


def shared_screen():
    """Whether people share the screen (hot seat): more than one seat is a person's."""
    return len(state.session.humans()) > 1


def next_person(s, seat):
    """The first person's seat after ``seat`` round the table (the one whose hand-over is likely next)."""
    for k in range(1, s.game.players + 1):
        if s.is_human((seat + k) % s.game.players):
            return (seat + k) % s.game.players
    return seat


def needs_pass(seat):
    """Whether another human must hand over the device before ``seat`` sees their hand."""
    return seat is not None and shared_screen() and state.viewer != seat


def skeleton(game):
    """The game area's fixed frame: parts that :func:`render` fills when their HTML changes.

    The screen is a table: a bar (status, tools), the other seats along the
    top, the board filling what is left, the person's own seat and hand at
    the bottom, and a side panel (log, scores, records).  Keeping the frame
    (and the Chicken Foot view port, which the pan/zoom module transforms)
    across renders means an action rewrites only what it changed.
    """
    # The regions are named by headings a screen reader's heading keys reach (unseen: the
    # table shows what they name); a game screen once had no heading but the site's name.
    return ('<div class="bar" id="g-bar"><p class="status-line" id="g-status"></p><div id="g-tools"></div></div>'
            '<div class="table-zone"><div id="g-seats" class="seats-top"></div>'
            '<section class="board" aria-labelledby="h-table"><h2 class="sr-only" id="h-table">%s</h2>%s</section></div>'
            '<section class="rack" id="g-rack" aria-labelledby="h-rack"><h2 class="sr-only" id="h-rack">%s</h2>'
            '<div class="rack-head"><div id="g-me"></div>'
            '<div id="g-prompt" class="prompt-box"></div></div><div id="g-hand" class="rack-body"></div></section>'
            '<aside class="side" id="g-side" aria-labelledby="h-side"><h2 class="sr-only" id="h-side">%s</h2>'
            '<button type="button" class="side-close" data-act="side" data-arg="close">%s</button>'
            '<details class="log" open><summary>%s</summary>'
            '<ol id="log-list" reversed tabindex="0" aria-label="%s"></ol></details>'
            '<div id="g-sheet"></div><div id="side-records"></div><div id="side-theme"></div>'
            # The game's rules in a tab of their own: the game stays as it is (and is saved).
            '<p class="side-rules">%s</p></aside>'
            % (t("board.table"), screens.board_frame(game), t("board.your_hand"), t("play.side"),
               t("play.side_close"), t("log.title"), t("log.label"),
               screens.rules_links([game], new_tab=True)))


def paint(parts):
    """Write each part whose HTML changed; True if focus was inside a rewritten part."""
    box = dom.by_id("game")
    kind = (state.review or state.session).setup["game"]
    if state.frame != kind:
        play_mode(False)   # the records toolbar leaves the old frame before it is rewritten
        box.innerHTML = skeleton(kind)
        state.frame = kind
        state.painted = {}
    play_mode(True)
    # Whether a hard seat plays (web/style.css: a phone says hard's fallback over the table only
    # then; with none, the line opened mid-game and pushed the table 82 px down for nothing).
    source = state.review.source if state.review else state.session
    seats = source.setup["seats"][:source.game.players]
    window.document.documentElement.toggleAttribute("data-hard-seat", "hard" in seats)
    changed = [key for key in PART_ORDER if state.painted.get(key) != parts.get(key, "")]
    active = window.document.activeElement
    lost = False
    for key in changed:
        if dom.by_id(PART_IDS[key]).contains(active):
            # Let go of the focus before anything is written: a change of focus lays the page
            # out, and here, with nothing changed yet, that costs next to nothing. Taken away
            # with its button halfway through the writes, it laid out all written so far, and
            # render's focus_first laid it all out again (bench/redraw.py, choosing a tile:
            # 27 ms of CPU at the median, 22 now). render gives the focus back once all is written.
            active.blur()
            lost = True
            break
    morph = getattr(window, "boneyardMorph", None)
    for key in changed:
        html = parts.get(key, "")
        if key in PRESSED and morph is not None:
            morph(dom.by_id(PART_IDS[key]), html)
        else:
            dom.by_id(PART_IDS[key]).innerHTML = html
        state.painted[key] = html
        clock.lap("paint:" + key)
    return lost


# The parts a person presses, brought up to date in place (web/morph.js): a press on one of
# their buttons outlives a redraw it did not cause.  (The table's are panzoom.js's to keep.)
PRESSED = ("tools", "prompt", "rack")
PART_ORDER = ["status", "tools", "seats", "table", "note", "me", "prompt", "rack", "log", "sheet"]
PART_IDS = {"status": "g-status", "seats": "g-seats", "table": "g-table", "note": "g-note", "me": "g-me",
            "prompt": "g-prompt", "rack": "g-hand", "tools": "g-tools", "log": "log-list", "sheet": "g-sheet"}


# A narrow screen (a phone) gets the table laid out in a tall region (app.present.cf).
NARROW = "(max-width: 639px)"


def lay_out(s):
    """Lay out ``s``'s table ahead of its drawing, which then reuses the layout (engine.layout's cache)."""
    screens.board(s, None, [], shape(), 0)


def shape():
    """The table's shape for this screen, kept by a media query listener.

    Reading ``window.innerWidth`` in a redraw would make the browser lay the
    page out there and then (an extra layout in the redraw's task).
    """
    if state.shape is None:
        watch_shape()
    return state.shape


def watch_shape():
    query = window.matchMedia(NARROW)
    state.shape = "narrow" if query.matches else "wide"

    def changed(event):
        state.shape = "narrow" if event.matches else "wide"
        if state.session is not None and not dom.by_id("game").hidden:
            render()   # a phone turned: the table takes its other shape

    handler = create_proxy(changed)
    state.proxies.append(handler)
    query.addEventListener("change", handler)


def table_parts(s, shown, targets, bottom, review=False, kinds=True):
    """The parts every view of a position shares: status, seats, board and note, own seat, scores
    (``review``: a step of a review, where no computer is thinking, or a game whose computers
    could not start; ``kinds``: whether the cards may say who plays each seat)."""
    # A tile chosen or put back changes the board and the hand only: the status line and the
    # seats of a position already drawn are taken as they were (some 2 ms of MicroPython a click).
    key = (s.game.round_count(), s.game.action_count(), shown, bottom, review, kinds, i18n.current())
    if state.position is not None and state.position[0] is s and state.position[1] == key:
        parts = dict(state.position[2])
    else:
        parts = {"status": screens.status_line(s)}
        clock.lap("status")
        parts["seats"], parts["me"] = screens.seat_cards(s, shown, bottom, review, kinds)
        state.position = (s, key, dict(parts))
    clock.lap("seats")
    parts["table"], parts["note"] = screens.board(s, shown, targets, shape(), bottom)
    clock.lap("board")
    # The side panel's score sheet during play (a round's summary shows its own).
    over = s.game.phase() in ("round-over", "game-over")
    # The side panel is 19rem on every screen: from five players a column each was wider (462 px
    # for eight in 295), the last players' totals a sideways scroll away; a row each fits.
    parts["sheet"] = screens.score_sheet(s, with_chart=False, narrow=True) if s.game.round_scores() and not over else ""
    clock.lap("sheet")
    return parts


def turn_words(s, seat):
    """What a person's turn says to a screen reader beyond the moves: Moon's discard (the widow
    taken, a tile to give up: shown only as a line under the table) and, people sharing the
    screen, whose turn it is.  None: the moves said are enough."""
    v = s.game.view(seat)
    if v["phase"] == "discard":
        return t("prompt.discard", tile=v["widow"] or "")
    if len(s.humans()) > 1:
        return t("prompt.your_turn", name=s.iso(seat))
    return None


def render_review():
    """The game at the review's step, read-only, with the stepping buttons."""
    review = state.review
    twin = review.session()
    s = review.source
    viewer = state.viewer if state.viewer is not None else (s.humans()[0] if s.humans() else None)
    if review.source is state.session and len(s.humans()) > 1 and s.game.phase() in ("round-over", "game-over"):
        viewer = None   # hot seat: whoever holds the device now may not be that hand's owner
    # A replay may show any hand or all of them (app.replay); a review, the person's own.
    shown = review.shown(viewer if review.source is state.session else None)
    viewer = shown if shown != replay.ALL else None
    parts = table_parts(twin, viewer, [], viewer if viewer is not None else 0, review=True, kinds=review.kinds)
    parts["status"] = t("review.status") + " &middot; " + parts["status"]
    # A review has no game tools, but a phone's way to the log, the scores and the records
    # stays (a replay on a phone once had none), and the way back to the game is where the
    # way into the review was (beside the stepping buttons it wrapped them onto two rows
    # in Latvian, beside the person's card, and took the table 50 px).
    side = screens.side_toggle(dom.by_id("game").getAttribute("data-side") == "open")
    parts["tools"] = '<div class="tools">%s%s</div>' % (
        "" if review.mode == "replay" else screens.review_back(), side)
    hands = ""
    if shown == replay.ALL:
        hands = replay.all_hands(twin)
    elif viewer is not None and (twin.game.phase() not in ("round-over", "game-over") or twin.game.view(viewer)["hand"]):
        # (At a round's end too, the tiles its score was counted from: "Show hand" showed none.)
        hands = screens.hand_panel_readonly(twin, viewer, steady=False)
    if review.mode == "replay":
        rack = replay.panel(review, shown, getattr(review, "seats", None), hands)
    elif shape() != "narrow":
        # Where it is and the buttons to move, beside the person's card (where play says whose
        # turn it is and what to do): in a panel under it, with the hand and the analysis, they
        # left the table 206 px of a 1366x768 screen (349 in play) and cut tiles off it; the
        # words alone beside the card, 261 px.
        parts["prompt"] = screens.review_panel(review.describe(), review.step, review.total)
        rack = hands
    else:
        rack = screens.review_panel(review.describe(), review.step, review.total) + hands
    parts["rack"] = rack + review_analysis.panel_html(review)
    parts["log"] = replay.log_items(review)
    box = dom.by_id("game")
    box.setAttribute("data-review", review.mode)
    if review.mode == "replay":
        box.hidden = False
        dom.by_id("setup").hidden = True
        dom.set_state("waiting-for", "none")
    focused = window.document.activeElement
    # A review opened from a control elsewhere (Load, a saved game's Replay, in a toolbar the
    # frame takes in) takes the focus to its first control: it stayed on Load beside the replay
    # it opened, or fell to <body> with a phone's drawer. Later steps leave it where it is.
    side = dom.by_id("g-side")
    ours = _review_no["review"] is review or (
        focused is not None and box.contains(focused) and not (side is not None and side.contains(focused)))
    # A step button has no id: it is found again by what it does ("Previous move" once
    # handed the focus to "First move", so a second Enter jumped to the start).
    control = dom.control_of(focused) if ours else None
    lost = paint(parts)
    if _review_no["review"] is not review:
        _review_no.update(review=review, no=_review_no["no"] + 1)
    # Per round as in play: a zoom made on round 1's table had no place on round 2's.
    view_key("review:%d:%d" % (_review_no["no"], review.locate(review.step)[0]))
    records.refresh()
    if lost or not ours or not box.contains(window.document.activeElement):
        # Keep focus on the same control (Autoplay/Stop share one id) when it is still usable.
        el = dom.find_control(control)
        if el is None or not box.contains(el):
            el = box.querySelector(".review button:not([disabled])")
        if el is not None:
            el.focus()
    announce(review.describe())


_review_no = {"review": None, "no": 0}


def view_key(key):
    """Name what the Chicken Foot table shows, for panzoom.js, which keeps a zoom and pan for
    each name: a review (each one opened) starts unzoomed and leaves the game's view as the
    person left it, and a new round, in play or in a review, or another game starts unzoomed.  A zoom made in a review once stayed on in
    the game, the places to play cut off at every turn after it."""
    view = dom.by_id("cf-view")
    if view is not None and view.getAttribute("data-view") != key:
        view.setAttribute("data-view", key)


def render():
    if state.drawn[0] is not state.review or state.drawn[1] is not state.session:
        # Another game or record on show (Replay, Import, Load are in the drawer): the drawer
        # closes first (the tools say so), or the new screen opened inert under it and its
        # focus fell to <body>.
        state.drawn = (state.review, state.session)
        focus.close_drawer()
    if state.review is not None:
        render_review()
        return
    dom.by_id("game").removeAttribute("data-review")
    s = state.session
    game = s.game
    seat = acting_human()
    over = game.phase() in ("round-over", "game-over")
    passing = needs_pass(seat)
    if seat is not None and not passing:
        state.viewer = seat
    viewer = state.viewer
    if viewer is None and not s.humans():
        viewer = 0
    shown = viewer if not passing else None
    if seat is None and not over and shared_screen():
        shown = None    # people sharing the screen: while a computer plays, the device may change hands
    # The person at the bottom of the table: the hand shown, else who is about to take the device.
    bottom = shown if shown is not None else (seat if seat is not None else (
        viewer if viewer is not None else (s.humans() or [0])[0]))
    targets = []
    if state.selected and seat is not None and not passing:
        targets = [a.split(">")[1] for a in game.view(seat)["legal"] if sess.tile_of(a) == state.selected]
    if shown is None and shared_screen():
        dom.forget_private()    # the device may pass to another person now
    stuck = players.gone()      # no computer could start: none is thinking, and none will move
    parts = table_parts(s, shown, targets, bottom, review=stuck)
    prompt = ""
    if over:
        rack = screens.summary_panel(s, shape() == "narrow")
    elif passing:
        rack = screens.pass_screen(s.names[:s.game.players], seat, screens.unseen_hand_room(s, seat))
    elif seat is not None:
        prompt = '<p class="prompt" id="prompt">%s%s</p>' % (
            screens.say(t("prompt.your_turn", name=s.iso(seat))), screens.say(hint_text()))
        rack = screens.hand_panel(s, seat, state.selected, state.hint, state.why, shared=shared_screen())
    elif stuck:
        # Said where the person looks, with the way on: a phone hides the status line that says
        # it, and "Ben is thinking..." spun there for ever.
        prompt = '<p class="prompt stuck" id="prompt" role="alert">%s %s</p>' % (
            screens.say(t("worker.none")), screens.button(screens.say(t("pwa.reload")), "reload", ""))
        rack = screens.hand_panel_readonly(s, shown) if shown is not None and s.is_human(shown) else ""
    else:
        acting = game.current_seat()
        prompt = ('<p class="prompt thinking" id="prompt"><span class="spinner" aria-hidden="true"></span>'
                  '<span>%s</span></p>' % screens.say(t("prompt.thinking", name=s.iso(acting))))
        if shown is not None and s.is_human(shown):
            rack = screens.hand_panel_readonly(s, shown)
        elif shared_screen():
            # The room of the hand-over that comes next, as that screen keeps it: the table stays.
            rack = screens.unseen_room(screens.unseen_hand_room(s, next_person(s, acting)))
        else:
            rack = ""
    parts["prompt"] = prompt
    parts["rack"] = rack
    clock.lap("rack")
    can_undo = s.undo_point() is not None and not over
    can_hint = seat is not None and not passing and players.available()
    refusal = s.undo_refusal() if not can_undo and not over and seat is not None else None
    can_review = (over or seat is not None) and not passing and s.game.action_count() > 0
    said = state.undo_said == (game.round_count(), game.action_count())
    parts["tools"] = screens.tools(s, can_undo, can_hint, show_new=not over, undo_note=refusal,
                                   undo_said=said, can_review=can_review,
                                   side_open=dom.by_id("game").getAttribute("data-side") == "open",
                                   hinting=state.hinting and can_hint)
    parts["log"] = screens.log_items(s)
    clock.lap("tools+log")
    box = dom.by_id("game")
    box.hidden = False
    box.setAttribute("data-speed", s.setup["speed"])
    box.setAttribute("data-phase", "over" if over else ("pass" if passing else "play"))
    dom.by_id("setup").hidden = True
    lost = paint(parts)
    view_key("play:%s:%d" % (store.tab.id, game.round_count()))
    if over:
        dom.set_state("waiting-for", "none")
    elif seat is not None:
        dom.set_state("waiting-for", "human")
    else:
        dom.set_state("waiting-for", "computer")
    travel_last(s)
    clock.lap("travel")
    # Moving focus forces a layout: only when focus was lost with a rewritten
    # part, or is nowhere in the game while a person must act.
    summary = (game.round_count(), game.is_over()) if over else None
    if summary is not None and state.summary_shown != summary:
        # A new summary opens at its heading (focused: read first, and scrolled to its top), the
        # rack that holds it at its own top: the person's card above the summary is whole (the
        # heading at the rack's top cut the card in half on a desktop).
        state.summary_shown = summary
        heading = dom.by_id("summary-title")
        if heading is not None:
            heading.focus()
            heading.scrollIntoView()
            dom.by_id("g-rack").scrollTop = 0
    elif lost or ((seat is not None or over) and (focus.parked() or not box.contains(window.document.activeElement))):
        focus.focus_first()
    if s.log and state.announced != (len(s.log), s.log[-1]):
        announce_log(s.log)
    turn = (game.round_count(), game.action_count(), seat) if seat is not None and not passing else None
    if turn is not None and state.prompted != turn:
        state.prompted = turn
        said = turn_words(s, seat)
        if said:
            announce(said, True)
    records.refresh()
    clock.lap("finish")


def travel_last(s):
    """The tile played last travels from its player's seat to its place (once per play; web/travel.js)."""
    table = dom.by_id("g-table")
    if table is None:
        return
    key = (s.game.round_count(), len(s.turns))
    if state.travelled == key or not s.turns:
        return
    state.travelled = key
    seat, action, phase = s.turns[-1]
    tile = screens.last_played(s)
    travel = getattr(window, "boneyardTravel", None)
    if tile is None or travel is None:
        return
    to = table.querySelector('[data-tile="%s"]' % tile) or table.querySelector('svg.tile[aria-label="%s"]' % tile)
    if to is not None and to.closest(".played") is not None:
        to = to.closest(".played")
    start = window.document.querySelector('#game .seat-card[data-seat="%d"]' % seat)
    travel(start, to, TRAVEL_MS.get(s.setup["speed"], 300))


def hint_text():
    if not state.hint:
        return ""
    return " " + t("hint.prompt", hint=describe_action(state.hint))


def describe_action(action):
    if ">" in action:
        tile, target = action.split(">")
        return t("hint.play_on", tile=tile, target=target)
    if action.startswith("discard "):
        return t("hint.discard", tile=action[8:])
    if "-" in action:
        return t("hint.play", tile=action)
    return screens.action_label(action)


# --- events --------------------------------------------------------------------

def on_click(event):
    if focus.backdrop(event):
        return
    el = event.target.closest("[data-act]")
    # (By the attribute: the answer to "why" is a paragraph, which has no disabled property.)
    if el is None or el.hasAttribute("disabled"):
        return
    act = el.getAttribute("data-act")
    arg = el.getAttribute("data-arg") or ""
    try:
        handle(act, arg)
    except Exception as exc:
        notice(t("error.generic", reason=dom.describe(exc)))


def on_key(event):
    """Escape steps back, as a Cancel would: out of the drawer (app.focus), else out of a review
    or a replay, else out of a tile's places, else closes the answer to "why" (it did none of
    these: only the buttons did)."""
    if focus.drawer_open() or event.key != "Escape":
        focus.on_key(event)
        return
    if state.review is not None:
        replaying = state.review.mode == "replay"
        handle("review", "end")         # a replay's Close, a review's Back to the game
        el = dom.by_id("game").querySelector('[data-act="review"][data-arg="start"]')
        if not replaying and el is not None and not el.hasAttribute("disabled"):
            el.focus()      # where the review was opened (a replay's close gives it back itself)
        return
    if state.session is None:
        return
    if state.selected:
        tile = state.selected
        handle("select", "")
        el = dom.by_id("game").querySelector('.hand [data-act="tile"][data-arg="%s"]' % tile)
        if el is not None:
            el.focus()
    elif state.why:
        handle("why-close", "")


def on_change(event):
    target = event.target
    if target.name == "game" or target.id == "players":
        # The form is drawn anew: the focus goes back to the control changed (a game's radio,
        # chosen with the arrow keys, has no id and once left the focus on <body>).
        keep = ("#" + target.id) if target.id else ('#setup input[name="game"][value="%s"]' % target.value)
        state.pending_setup = read_setup()
        typed = str(target.value).strip() if target.id == "players" else ""
        # A count the game cannot take became the nearest it can (or stayed): the field says so
        # (9 became 8, 3.5 went back, with nothing said).
        show_setup(typed=typed[:12] if typed and typed != str(state.pending_setup["players"]) else None)
        el = window.document.querySelector(keep)
        if el is not None:
            el.focus()


def handle(act, arg):
    if act not in ("why", "side"):     # opening the log leaves the answer open
        state.why = None
    if act == "start":
        start_new(read_setup())
    elif act == "continue":
        s = store.load(arg)
        if s is not None:
            begin(s, arg)
        else:
            show_setup()
    elif act == "delete-saved":
        ask_first(act, arg, saves_view.delete_ask_html(arg))
    elif act == "delete-confirmed":
        active = window.document.activeElement
        in_history = active is not None and active.closest("#history") is not None
        store.delete(arg)
        show_setup()
        # Its row is gone: the focus goes to the list it was in (it fell to <body>).
        if not focus_on("#history > summary" if in_history else ".saved-games:not(.saved-damaged) button"):
            focus.setup_heading_focus()
    elif act == "delete-kept":
        show_setup()
        focus_on(buttons("delete-saved", arg))
    elif act == "notice-close":
        close_notice()
    elif act == "damaged-download":
        download_damaged(arg)
    elif act == "damaged-delete":
        ask_first(act, arg, saves_view.damaged_ask_html(arg))
    elif act == "damaged-deleted":
        key = store.damaged_key(arg)
        if key is not None:
            store.remove(key)
        show_setup()
        if not focus_on(".saved-damaged button"):
            focus.setup_heading_focus()
    elif act == "damaged-kept":
        show_setup()
        focus_on(buttons("damaged-delete", arg))
    elif act == "replay-saved":
        s = store.load(arg, adopt_it=False)   # only viewed: this tab keeps its own game
        if s is not None:
            records.open_viewer(s)
            state.review.game_id = arg      # its analyses are cached beside its save
    elif act == "reload-saved":
        s = store.reload_current()
        if s is not None:
            begin(s, store.tab.id)
    elif act == "export-unsaved":
        records.export()
    elif act == "large-seen":
        store.large_seen()
    elif act == "pruned-seen":
        store.pruned_seen()
    elif act == "reload":
        window.location.reload()
    elif act == "new":
        s = state.session
        if state.pushed is None and not dom.by_id("game").hidden and s is not None and not s.game.is_over():
            window.history.pushState("setup", "")     # Back returns to the game (on_back)
            state.pushed = str(window.location.hash)
        leave_game()
    elif act == "quick":
        start_new(quick_setup(arg))
    elif act == "rematch":
        rematch()
    elif act == "side":
        focus.side(arg)
    elif act == "next":
        state.session.deal()
        hand_over()
        after_change()
    elif act == "tile":
        choose_tile(arg)
    elif act == "select":
        state.why = None
        state.selected = arg or None
        render()
    elif act == "act":
        human_act(arg)
    elif act == "reveal":
        state.viewer = acting_human()
        render()
    elif act == "undo-why":
        # A refused Undo, pressed: its note (hidden where the bar has no room, a phone's) shows
        # until the next move. A disabled button said nothing to a finger.
        game = state.session.game
        here = (game.round_count(), game.action_count())
        state.undo_said = None if state.undo_said == here else here
        render()
    elif act == "undo":
        undone = state.session.undo()
        if undone is not None:
            state.token += 1
            state.session = undone
            state.selected = None
            state.hint = None
            undone.note(t("log.undo", name=undone.iso(undone.to_act())))
            if undone.to_act() != state.viewer:
                hand_over()     # (taking back your own decision, you keep the device)
            after_change()
    elif act == "review" and state.review is not None and state.review.mode == "replay":
        records.replay_act(arg)
    elif act == "review":
        if arg == "start":
            state.review = replay.Viewer(state.session)
        elif arg == "end":
            state.review = None
        elif state.review is not None:
            state.review.session(state.review.step + int(arg))
        render()
    elif act == "why-close":
        render()        # (the answer tapped: it went above, as any other press takes it away)
        el = dom.by_id("game").querySelector(".why-btn")
        if el is not None:
            el.focus()
    elif act == "why":
        # Pressed again it closes the answer it gave (the answer for one tile tried gives way to all).
        if state.why and state.why_all:
            state.why = None
            render()
        else:
            explain(None)
        # The focus stays on the button pressed (the redraw gives it to the hand), where a second
        # press closes the answer again.
        el = dom.by_id("game").querySelector(".why-btn")
        if el is not None:
            el.focus()
    elif act == "hint":
        asyncio.create_task(ask_hint())


def hand_over():
    """Hot seat: the next hand is shown only after its hand-over screen (whoever holds the device now)."""
    if len(state.session.humans()) > 1:
        state.viewer = None


def quick_setup(game):
    """The remembered setup for ``game`` (the first time: you against computers at medium)."""
    return sess.quick_setup(saved_setup(), game)


def rematch():
    """The same seats, names and options, a new deal."""
    setup = sess.clean_setup(state.session.setup)
    setup["seed"] = (setup["seed"] * 69069 + 12345) & 0x7FFFFFFF
    start_new(setup, keep_seed=True)


def explain(tile):
    """Show (and announce) why ``tile`` (None: every unplayable hand tile) cannot be played now."""
    seat = acting_human()
    if seat is None or needs_pass(seat):
        return
    s = state.session
    v = s.game.view(seat)
    playable = [sess.tile_of(a) for a in v["legal"]]
    tiles = [tile] if tile is not None else [x for x in v["hand"] if x not in playable]
    tiles = [x for x in tiles if x in v["hand"] and x not in playable]
    if not tiles:
        return
    state.why = screens.reasons_text(s, tiles)
    state.why_all = tile is None
    render()
    announce(state.why, True)


def on_pointer(event):
    # A disabled tile gets no click, but pointer events still reach it: an
    # attempt to play it says why it cannot be played.
    el = event.target.closest("button[disabled][data-act='tile']")
    if el is not None:
        try:
            explain(el.getAttribute("data-arg"))
        except Exception as exc:
            notice(t("error.generic", reason=dom.describe(exc)))


def on_drop(event):
    # drag.js asks for a play; only a legal action of the acting human is played.
    try:
        action = str(event.detail)
        seat = acting_human()
        if seat is not None and state.review is None and action in state.session.game.view(seat)["legal"]:
            human_act(action)
    except Exception as exc:
        notice(t("error.generic", reason=dom.describe(exc)))


def choose_tile(tile):
    seat = acting_human()
    if seat is None:
        return
    moves = [a for a in state.session.game.view(seat)["legal"] if sess.tile_of(a) == tile]
    if len(moves) == 1:
        human_act(moves[0])
    elif moves:
        clock.start("choose")
        state.selected = None if state.selected == tile else tile
        render()
        clock.stop()


def human_act(action):
    seat = acting_human()
    if seat is None or needs_pass(seat):
        return
    clock.start("human")
    state.session.apply(action)
    clock.lap("apply")
    state.selected = None
    state.hint = None
    state.why = None
    after_change()
    clock.stop()


def after_change():
    save()   # first: a reload right after the move keeps it
    clock.lap("save")
    carry_on()


def carry_on():
    """Draw the game and set the computers going if it is theirs to play."""
    render()
    s = state.session
    seat = s.to_act()
    if seat is not None and not s.is_human(seat):
        state.token += 1
        asyncio.create_task(computer_turns(state.token))


def begin(session, game_id=None, drawn_next=False):
    """Play ``session``: the saved game ``game_id``, or (None) a new game with an id of its own.

    ``drawn_next``: saved in this task, drawn in the next (Play from here at the end of a record
    of a thousand hands took one task of 130 to 230 ms, its score chart that long; each half now
    takes under 100)."""
    unwind()
    if game_id is None:
        store.start()
    state.review = None
    state.session = session
    state.token += 1
    state.selected = None
    state.hint = None
    state.viewer = None
    dom.by_id("setup").hidden = True
    if drawn_next:
        save()
        asyncio.create_task(drawn_soon(session))
    else:
        after_change()


async def drawn_soon(session):
    await dom.next_task()
    if state.session is session and state.review is None:
        carry_on()


def url_seed():
    """``?seed=N`` in the address: deals reproducible for tests and bug reports."""
    try:
        text = window.URLSearchParams.new(window.location.search).get("seed")
    except Exception:
        return None
    if isinstance(text, str) and text.isdigit() and len(text) <= 9:
        return int(text)
    return None


def start_new(setup, keep_seed=False):
    seed = setup["seed"] if keep_seed else url_seed()
    if seed is None:
        seed = int(window.Date.now()) & 0x7FFFFFFF
    setup["seed"] = seed
    store.save_setup(setup)
    state.pending_setup = setup
    try:
        session = sess.Session(setup)
        session.deal()
    except Exception as exc:
        show_setup(dom.describe(exc))
        return
    begin(session)


# --- computers -------------------------------------------------------------------

async def computer_turns(token):
    while token == state.token:
        s = state.session
        seat = s.to_act()
        if seat is None or s.is_human(seat):
            return
        clock.start("request")
        view = s.game.view(seat)
        clock.lap("view")
        clock.stop()
        started = window.Date.now()
        seed = (s.setup["seed"] + s.game.action_count() * 7919 + s.game.round_count() * 104729) & 0x7FFFFFFF
        action = await players.choose(view, s.kind(seat), seed)
        if action is None:
            if token == state.token:
                render()    # no worker left: the prompt says so (app.ui render)
            return
        if token != state.token:
            return
        delay = sess.SPEED_MS[s.setup["speed"]] - (window.Date.now() - started)
        if delay > 0:
            await asyncio.sleep(delay / 1000)
            if token != state.token:
                return
        clock.start("computer")
        s.apply(action)
        clock.lap("apply")
        state.why = None
        save()
        clock.lap("save")
        clock.stop()
        # The move and its save, its redraw, the next request: each a task of its
        # own, so none holds the page for long (issue 13: no task over 50 ms).
        await dom.next_task()
        if token != state.token:
            return      # whatever changed the game has drawn it
        clock.start("computer-redraw")
        render()
        clock.stop()
        await dom.next_task()


async def ask_hint():
    seat = acting_human()
    if seat is None or not players.available() or state.hinting:
        return
    token = state.token
    s = state.session
    view = s.game.view(seat)
    # The hard computer's search takes a second or more on a phone: the button says it is at it
    # (nothing showed for 1.3 s after a tap).
    state.hinting = True
    render()
    try:
        action = await players.hint(view)
    finally:
        state.hinting = False
    if action is None or token != state.token or acting_human() != seat:
        render()     # (a game changed meanwhile was drawn with the button still busy)
        return
    state.hint = action
    tile = sess.tile_of(action)
    moves = [a for a in view["legal"] if tile is not None and sess.tile_of(a) == tile]
    if len(moves) > 1:
        state.selected = tile
    render()
    announce(t("hint.prompt", hint=describe_action(action)), True)


# --- start ---------------------------------------------------------------------

def record_text(*_args):
    s = state.session
    return s.record_json() if s is not None else ""


def preferred_languages():
    """The browser's preferred languages (``navigator.languages``), as a list."""
    try:
        langs = window.navigator.languages
        return [str(langs[i]) for i in range(int(langs.length))]
    except Exception:
        return []


def choose_language():
    """Set the page's language: ``?lang=`` (then remembered), the remembered choice, the browser's."""
    stored = store.language()
    try:
        asked = window.URLSearchParams.new(window.location.search).get("lang")
    except Exception:
        asked = None
    if isinstance(asked, str) and asked in i18n.LANGS:
        stored = asked
        store.remember_language(asked)
    lang = i18n.set_language(i18n.pick(stored, preferred_languages()))
    window.document.documentElement.setAttribute("lang", lang)
    return lang


def stored_theme():
    """The remembered theme, "auto" when none (or an unknown value) is stored."""
    return store.theme()


def apply_theme(theme):
    """``data-theme`` on ``<html>``: the style sheet follows the system when it is "auto"."""
    window.document.documentElement.setAttribute("data-theme", theme)


def on_theme(event):
    value = str(event.target.value)
    if value in store.THEMES:
        store.put(store.THEME_KEY, value)
        apply_theme(value)


def install():
    """Wire the events and ``window.boneyard``, then resume a saved game or show the setup."""
    choose_language()
    players.show_status()   # the workers started before the language was known: say it in the page's
    theme = stored_theme()
    apply_theme(theme)
    picker = dom.by_id("theme-picker")
    if picker is not None:
        picker.innerHTML = screens.theme_picker(theme)
        themed = create_proxy(on_theme)
        state.proxies.append(themed)
        dom.by_id("theme").addEventListener("change", themed)
    click = create_proxy(on_click)
    change = create_proxy(on_change)
    pointer = create_proxy(on_pointer)
    drop = create_proxy(on_drop)
    key = create_proxy(on_key)
    state.proxies.append(key)
    dom.by_id("game").addEventListener("keydown", key)
    state.proxies.extend([click, change, pointer, drop])
    window.document.addEventListener("boneyard-play", drop)
    dom.by_id("app").addEventListener("click", click)
    dom.by_id("game").addEventListener("pointerup", pointer)
    dom.by_id("setup").addEventListener("change", change)
    back = create_proxy(on_back)
    state.proxies.append(back)
    window.document.addEventListener("boneyard-back", back)    # web/back.js: the window's popstate
    getter = create_proxy(record_text)
    state.proxies.append(getter)
    # A plain object built without eval: the page's CSP forbids evaluating strings.
    api = window.Object()
    api.record = getter
    saver = create_proxy(save_now)
    state.proxies.append(saver)
    api.saveNow = saver
    timings = create_proxy(clock.text)
    state.proxies.append(timings)
    api.redraws = timings   # bench/redraw.py: each redraw's phases (app.clock)
    window.boneyard = api
    store.theme()   # checked here (a bad value is reported); the theme itself is the stylesheet's
    store.install(on_newer, lambda: store.flush(state.session))
    s = store.resume()
    if s is not None:
        begin(s, store.tab.id)
    else:
        state.pending_setup = None
        show_setup()
    show_notes()
    records.install({"render": render, "after_change": after_change, "show_setup": show_setup, "begin": begin,
                     "saved_setup": saved_setup, "lay_out": lay_out})
    review_analysis.install({"render": render})
    history.install()


def worker_ready():
    """A worker became ready (app.players calls this): the hint button may show now."""
    if state.session is not None and dom.state("waiting-for") == "human":
        render()
