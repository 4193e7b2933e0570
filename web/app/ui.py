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

from app import dom, players, records, replay, saves_view, screens, store
from app import session as sess
from app import i18n
from app.i18n import t

# Plain-JS helpers of the game area (pointer and wheel gestures), loaded once.
MODULES = ["./web/panzoom.js", "./web/drag.js"]


class State:
    def __init__(self):
        self.session = None
        self.viewer = None      # the human whose hand is shown
        self.selected = None    # the chosen hand tile (Chicken Foot)
        self.hint = None
        self.token = 0          # bumps when the game changes under a running computer turn
        self.busy = False
        self.proxies = []
        self.frame = None       # the game kind whose frame #game holds
        self.painted = {}       # part -> the HTML it shows
        self.announced = None
        self.why = None         # why the chosen unplayable tiles cannot be played
        self.review = None      # a session.Review while stepping back through the game


state = State()


# --- storage (app.store) -------------------------------------------------------

def save():
    """Write the game now, in the task that changed it (app.store: per-game, two-tab safe)."""
    return store.save(state.session)


def saved_setup():
    return store.saved_setup()


def save_now(*_args):
    """Write the game's save now, even unchanged; the milliseconds it took (bench/saves.py)."""
    started = window.performance.now()
    store.tab.mark = None
    store.save(state.session)
    return window.performance.now() - started


def on_newer(text):
    """Another tab moved this tab's game on: follow it (unless a review is open: then offer to reload)."""
    if state.review is not None:
        store.tab.moved = True
        store.show_status()
        return
    session = store.follow(text)
    if session is not None:
        begin(session, store.tab.id)
        announce(t("saves.followed"))


def show_notes():
    texts = store.pending_notes()
    if texts:
        notice(" ".join(texts))


def notice(text):
    box = dom.by_id("notice")
    box.textContent = text
    box.hidden = False


# --- screens -------------------------------------------------------------------

def announce(text):
    dom.by_id("live").textContent = text


def show_setup(message=""):
    state.token += 1
    setup = state.pending_setup if getattr(state, "pending_setup", None) else saved_setup()
    state.pending_setup = setup
    box = dom.by_id("setup")
    box.innerHTML = screens.setup_screen(setup, False, message) + saves_view.saved_games_html(store.games(), when)
    show_notes()
    box.hidden = False
    dom.by_id("game").hidden = True
    dom.set_state("waiting-for", "none")
    records.refresh()


def when(ms):
    """A saved game's last play, in the page's language and the reader's time zone."""
    try:
        # A float: an int this large would not cross to JavaScript whole.
        return str(window.Date.new(float(ms)).toLocaleString(i18n.current()))
    except Exception:
        return ""


def read_setup():
    setup = sess.clean_setup(state.pending_setup)
    for radio in window.document.querySelectorAll('#setup input[name="game"]'):
        if radio.checked:
            setup["game"] = radio.value
    players = dom.by_id("players")
    if players is not None:
        try:
            setup["players"] = max(2, min(8, int(players.value)))
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


def needs_pass(seat):
    """Whether another human must hand over the device before ``seat`` sees their hand."""
    s = state.session
    return seat is not None and len(s.humans()) > 1 and state.viewer != seat


def skeleton(game):
    """The game area's fixed frame: parts that :func:`render` fills when their HTML changes.

    Keeping the frame (and the Chicken Foot view port, which the pan/zoom
    module transforms) across renders means an action rewrites only what it
    changed, which keeps each update well under a frame budget.
    """
    if game == "chicken-foot":
        board = ('<div class="board-tools" role="group" aria-label="%s">'
                 '<button type="button" data-zoom="in" aria-label="%s">+</button>'
                 '<button type="button" data-zoom="out" aria-label="%s">&#8722;</button>'
                 '<button type="button" data-zoom="fit">%s</button></div>'
                 '<div class="cf-board" id="cf-view" tabindex="0" role="region" aria-label="%s">'
                 '<div class="zoomer" id="g-table"></div></div><p class="foot-note" id="g-note"></p>'
                 % (t("board.view"), t("board.zoom_in"), t("board.zoom_out"), t("board.fit"), t("board.view_help")))
    else:
        board = '<div id="g-table"></div><p class="foot-note" id="g-note"></p>'
    return ('<p class="status-line" id="g-status"></p><div id="g-seats"></div>'
            '<section class="board" aria-label="%s">%s</section>'
            '<section class="rack" id="g-rack" aria-label="%s"></section>'
            '<div id="g-tools"></div>'
            '<details class="log" open><summary>%s</summary>'
            '<ol id="log-list" reversed tabindex="0" aria-label="%s"></ol></details>'
            % (t("board.table"), board, t("board.your_hand"), t("log.title"), t("log.label")))


def paint(parts):
    """Write each part whose HTML changed; True if focus was inside a rewritten part."""
    box = dom.by_id("game")
    kind = (state.review or state.session).setup["game"]
    if state.frame != kind:
        box.innerHTML = skeleton(kind)
        state.frame = kind
        state.painted = {}
    active = window.document.activeElement
    lost = False
    for key in PART_ORDER:
        html = parts.get(key, "")
        if state.painted.get(key) == html:
            continue
        el = dom.by_id(PART_IDS[key])
        if not lost and el.contains(active):
            lost = True
        el.innerHTML = html
        state.painted[key] = html
    return lost


PART_ORDER = ["status", "seats", "table", "note", "rack", "tools", "log"]
PART_IDS = {"status": "g-status", "seats": "g-seats", "table": "g-table", "note": "g-note",
            "rack": "g-rack", "tools": "g-tools", "log": "log-list"}


def render_review():
    """The game at the review's step, read-only, with the stepping buttons."""
    review = state.review
    twin = review.session()
    s = review.source
    viewer = state.viewer if state.viewer is not None else (s.humans()[0] if s.humans() else None)
    # A replay may show any hand or all of them (app.replay); a review, the person's own.
    shown = review.shown(viewer if review.source is state.session else None)
    viewer = shown if shown != replay.ALL else None
    parts = {"status": t("review.status") + " &middot; " + screens.status_line(twin),
             "seats": screens.seat_cards(twin, viewer)}
    if s.setup["game"] == "chicken-foot":
        shape = "narrow" if window.innerWidth < 640 else "wide"
        parts["table"], parts["note"] = screens.cf_board(twin, viewer, [], shape)
    else:
        parts["table"] = screens.moon_board(twin, viewer)
    if review.mode == "replay":
        rack = replay.panel(review, shown, getattr(review, "seats", None))
    else:
        rack = screens.review_panel(review.describe(), review.step, review.total)
    if shown == replay.ALL:
        rack += replay.all_hands(twin)
    elif viewer is not None and twin.game.phase() not in ("round-over", "game-over"):
        rack += screens.hand_panel_readonly(twin, viewer)
    parts["rack"] = rack
    parts["tools"] = ""
    parts["log"] = replay.log_items(review.log())
    box = dom.by_id("game")
    starting = not box.hasAttribute("data-review")
    box.setAttribute("data-review", review.mode)
    if review.mode == "replay":
        box.hidden = False
        dom.by_id("setup").hidden = True
        dom.set_state("waiting-for", "none")
    focused = window.document.activeElement
    focused_id = focused.id if focused is not None else ""
    lost = paint(parts)
    records.refresh()
    if starting:
        box.querySelector(".board").scrollIntoView()
    if lost or not box.contains(window.document.activeElement):
        # Keep focus on the same control (Autoplay/Stop share one id) when it is still usable.
        el = dom.by_id(focused_id) if focused_id else None
        if el is None or el.disabled or not box.contains(el):
            el = box.querySelector(".review button:not([disabled])")
        if el is not None:
            el.focus()
    announce(review.describe())


def render():
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
    parts = {"status": screens.status_line(s), "seats": screens.seat_cards(s, shown)}
    targets = []
    if state.selected and seat is not None and not passing:
        targets = [a.split(">")[1] for a in game.view(seat)["legal"] if sess.tile_of(a) == state.selected]
    if s.setup["game"] == "chicken-foot":
        shape = "narrow" if window.innerWidth < 640 else "wide"
        parts["table"], parts["note"] = screens.cf_board(s, shown, targets, shape)
    else:
        parts["table"] = screens.moon_board(s, shown)
    if over:
        rack = screens.summary_panel(s)
    elif passing:
        rack = screens.pass_screen(s.names[seat])
    elif seat is not None:
        rack = '<p class="prompt" id="prompt">%s%s</p>%s' % (
            screens.esc(t("prompt.your_turn", name=s.names[seat])), screens.esc(hint_text()),
            screens.hand_panel(s, seat, state.selected, state.hint, state.why))
    else:
        acting = game.current_seat()
        rack = ('<p class="prompt thinking" id="prompt"><span class="spinner" aria-hidden="true"></span>'
                '%s</p>' % screens.esc(t("prompt.thinking", name=s.names[acting])))
        if shown is not None and s.is_human(shown):
            rack += screens.hand_panel_readonly(s, shown)
    parts["rack"] = rack
    can_undo = s.undo_point() is not None and not over
    can_hint = seat is not None and not passing and players.available()
    refusal = s.undo_refusal() if not can_undo and not over and seat is not None else None
    can_review = (over or seat is not None) and not passing and s.game.action_count() > 0
    parts["tools"] = screens.tools(s, can_undo, can_hint, show_new=not over, undo_note=refusal,
                                   can_review=can_review)
    parts["log"] = screens.log_items(s)
    box = dom.by_id("game")
    box.hidden = False
    box.setAttribute("data-speed", s.setup["speed"])
    dom.by_id("setup").hidden = True
    lost = paint(parts)
    log = dom.by_id("log-list")
    log.setAttribute("start", str(len(s.log)))
    if over:
        dom.set_state("waiting-for", "none")
    elif seat is not None:
        dom.set_state("waiting-for", "human")
    else:
        dom.set_state("waiting-for", "computer")
    # Moving focus forces a layout: only when focus was lost with a rewritten
    # part, or is nowhere in the game while a person must act.
    if lost or ((seat is not None or over) and not box.contains(window.document.activeElement)):
        focus_first()
    if s.log and s.log[-1] != state.announced:
        state.announced = s.log[-1]
        announce(s.log[-1])
    records.refresh()


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


def focus_first():
    box = dom.by_id("game")
    for selector in (".places button", ".summary .primary", ".pass-device button", ".hand .tile-btn.hint",
                     ".hand button:not([disabled])", ".actions button"):
        el = box.querySelector(selector)
        if el is not None:
            el.focus()
            return


# --- events --------------------------------------------------------------------

def on_click(event):
    el = event.target.closest("[data-act]")
    if el is None or el.disabled:
        return
    act = el.getAttribute("data-act")
    arg = el.getAttribute("data-arg") or ""
    try:
        handle(act, arg)
    except Exception as exc:
        notice(t("error.generic", reason=dom.describe(exc)))


def on_change(event):
    target = event.target
    if target.name == "game" or target.id == "players":
        keep = target.id or ""
        state.pending_setup = read_setup()
        show_setup()
        if keep:
            el = dom.by_id(keep)
            if el is not None:
                el.focus()


def handle(act, arg):
    if act != "why":
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
        store.delete(arg)
        show_setup()
    elif act == "replay-saved":
        s = store.load(arg, adopt_it=False)   # only viewed: this tab keeps its own game
        if s is not None:
            records.open_viewer(s)
    elif act == "reload-saved":
        s = store.reload_current()
        if s is not None:
            begin(s, store.tab.id)
    elif act == "export-unsaved":
        records.export()
    elif act == "new":
        state.token += 1
        state.pending_setup = state.session.setup if state.session else None
        show_setup()
    elif act == "next":
        state.session.deal()
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
    elif act == "undo":
        undone = state.session.undo()
        if undone is not None:
            state.token += 1
            state.session = undone
            state.selected = None
            state.hint = None
            undone.log.append(t("log.undo", name=undone.names[undone.to_act()]))
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
    elif act == "why":
        explain(None)
    elif act == "hint":
        asyncio.create_task(ask_hint())


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
    render()
    announce(state.why)


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
        state.selected = None if state.selected == tile else tile
        render()


def human_act(action):
    seat = acting_human()
    if seat is None or needs_pass(seat):
        return
    state.session.apply(action)
    state.selected = None
    state.hint = None
    state.why = None
    after_change()


def after_change():
    save()   # first: a reload right after the move keeps it
    render()
    s = state.session
    seat = s.to_act()
    if seat is not None and not s.is_human(seat):
        state.token += 1
        asyncio.create_task(computer_turns(state.token))


def begin(session, game_id=None):
    """Play ``session``: the saved game ``game_id``, or (None) a new game with an id of its own."""
    if game_id is None:
        store.start()
    state.review = None
    state.session = session
    state.token += 1
    state.selected = None
    state.hint = None
    state.viewer = None
    dom.by_id("setup").hidden = True
    after_change()


def url_seed():
    """``?seed=N`` in the address: deals reproducible for tests and bug reports."""
    try:
        text = window.URLSearchParams.new(window.location.search).get("seed")
    except Exception:
        return None
    if isinstance(text, str) and text.isdigit() and len(text) <= 9:
        return int(text)
    return None


def start_new(setup):
    seed = url_seed()
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
        view = s.game.view(seat)
        started = window.Date.now()
        seed = (s.setup["seed"] + s.game.action_count() * 7919 + s.game.round_count() * 104729) & 0x7FFFFFFF
        action = await players.choose(view, s.kind(seat), seed)
        if action is None:
            return      # no worker left: the status line says so
        if token != state.token:
            return
        delay = sess.SPEED_MS[s.setup["speed"]] - (window.Date.now() - started)
        if delay > 0:
            await asyncio.sleep(delay / 1000)
            if token != state.token:
                return
        s.apply(action)
        state.why = None
        save()
        render()


async def ask_hint():
    seat = acting_human()
    if seat is None or not players.available():
        return
    token = state.token
    s = state.session
    view = s.game.view(seat)
    action = await players.hint(view)
    if action is None or token != state.token or acting_human() != seat:
        return
    state.hint = action
    tile = sess.tile_of(action)
    moves = [a for a in view["legal"] if tile is not None and sess.tile_of(a) == tile]
    if len(moves) > 1:
        state.selected = tile
    render()
    announce(t("hint.prompt", hint=describe_action(action)))


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


def install():
    """Wire the events and ``window.boneyard``, then resume a saved game or show the setup."""
    choose_language()
    click = create_proxy(on_click)
    change = create_proxy(on_change)
    pointer = create_proxy(on_pointer)
    drop = create_proxy(on_drop)
    state.proxies = [click, change, pointer, drop]
    window.document.addEventListener("boneyard-play", drop)
    dom.by_id("app").addEventListener("click", click)
    dom.by_id("game").addEventListener("pointerup", pointer)
    dom.by_id("setup").addEventListener("change", change)
    getter = create_proxy(record_text)
    state.proxies.append(getter)
    # A plain object built without eval: the page's CSP forbids evaluating strings.
    api = window.Object()
    api.record = getter
    saver = create_proxy(save_now)
    state.proxies.append(saver)
    api.saveNow = saver
    window.boneyard = api
    for module in MODULES:
        script = window.document.createElement("script")
        script.type = "module"
        script.src = module
        window.document.head.appendChild(script)
    store.theme()   # checked here (a bad value is reported); the theme itself is the stylesheet's
    store.install(on_newer, lambda: store.flush(state.session))
    s = store.resume()
    if s is not None:
        begin(s, store.tab.id)
    else:
        state.pending_setup = None
        show_setup()
    show_notes()
    records.install()


def worker_ready():
    """A worker became ready (app.players calls this): the hint button may show now."""
    if state.session is not None and dom.state("waiting-for") == "human":
        render()
