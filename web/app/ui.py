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

from app import dom, screens
from app import session as sess

SETUP_KEY = "boneyard.setup"
SAVE_KEY = "boneyard.save"
DAMAGED_KEY = "boneyard.save.damaged"
HINT_ITERATIONS = 40


class State:
    def __init__(self):
        self.session = None
        self.viewer = None      # the human whose hand is shown
        self.selected = None    # the chosen hand tile (Chicken Foot)
        self.hint = None
        self.token = 0          # bumps when the game changes under a running computer turn
        self.worker = None
        self.worker_failed = False
        self.zoom = 100
        self.busy = False
        self.proxies = []


state = State()


# --- storage -------------------------------------------------------------------

def storage_get(key):
    try:
        value = window.localStorage.getItem(key)
    except Exception:
        return None
    return value if isinstance(value, str) else None


def storage_set(key, value):
    try:
        window.localStorage.setItem(key, value)
    except Exception:
        pass


def storage_remove(key):
    try:
        window.localStorage.removeItem(key)
    except Exception:
        pass


def save():
    s = state.session
    if s is not None:
        storage_set(SAVE_KEY, s.save_text())


def saved_setup():
    text = storage_get(SETUP_KEY)
    try:
        return sess.clean_setup(json.loads(text)) if text else sess.default_setup()
    except Exception:
        return sess.default_setup()


def load_save():
    """The saved session, or None; a damaged save is set aside and reported."""
    text = storage_get(SAVE_KEY)
    if not text:
        return None
    try:
        return sess.Session.from_save(text)
    except Exception as exc:
        storage_set(DAMAGED_KEY, text)
        storage_remove(SAVE_KEY)
        notice("The saved game could not be read (%s). It was set aside and a new game can start."
               % dom.describe(exc))
        return None


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
    box.innerHTML = screens.setup_screen(setup, storage_get(SAVE_KEY) is not None, message)
    box.hidden = False
    dom.by_id("game").hidden = True
    dom.set_state("waiting-for", "none")


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
            setup["names"][i] = dom.by_id("name-%d" % i).value[:40]
    setup["speed"] = dom.by_id("speed").value
    options = {}
    spokes = dom.by_id("spokes")
    if spokes is not None:
        try:
            options["spokes"] = int(spokes.value)
            options["yard_reserve"] = int(dom.by_id("reserve").value)
        except Exception:
            pass
        options["double_blank_50"] = bool(dom.by_id("blank50").checked)
    setup["options"] = options
    return setup


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


def render():
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
    out = ['<p class="status-line">%s</p>' % screens.status_line(s),
           screens.seat_cards(s, shown)]
    targets = []
    if state.selected and seat is not None and not passing:
        targets = [a.split(">")[1] for a in game.view(seat)["legal"] if sess.tile_of(a) == state.selected]
    out.append('<section class="board" aria-label="Table">')
    if s.setup["game"] == "chicken-foot":
        out.append(screens.cf_board(s, shown, targets, state.zoom))
    else:
        out.append(screens.moon_board(s, shown))
    out.append("</section>")
    out.append('<section class="rack" aria-label="Your hand">')
    if over:
        out.append(screens.summary_panel(s))
    elif passing:
        out.append(screens.pass_screen(s.names[seat]))
    elif seat is not None:
        out.append('<p class="prompt" id="prompt">Your turn, %s.%s</p>' % (
            screens.esc(s.names[seat]), hint_text()))
        out.append(screens.hand_panel(s, seat, state.selected, state.hint))
    else:
        acting = game.current_seat()
        out.append('<p class="prompt thinking" id="prompt"><span class="spinner" aria-hidden="true"></span>'
                   '%s is thinking&#8230;</p>' % screens.esc(s.names[acting]))
        if shown is not None and s.is_human(shown):
            out.append(screens.hand_panel_readonly(s, shown))
    out.append("</section>")
    can_undo = s.undo_point() is not None and not over
    can_hint = seat is not None and not passing and state.worker is not None
    out.append(screens.tools(s, can_undo, can_hint, show_new=not over))
    out.append(screens.log_panel(s))
    box = dom.by_id("game")
    had_focus = box.contains(window.document.activeElement)
    box.innerHTML = "".join(out)
    box.hidden = False
    dom.by_id("setup").hidden = True
    if over:
        dom.set_state("waiting-for", "none")
    elif seat is not None:
        dom.set_state("waiting-for", "human")
    else:
        dom.set_state("waiting-for", "computer")
    if had_focus or seat is not None or over:
        focus_first()
    if s.log:
        announce(s.log[-1])


def hint_text():
    if not state.hint:
        return ""
    return " Hint: %s." % describe_action(state.hint)


def describe_action(action):
    if ">" in action:
        tile, target = action.split(">")
        return "play %s on %s" % (tile, target)
    if action.startswith("discard "):
        return "discard " + action[8:]
    if "-" in action:
        return "play " + action
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
        notice("Something went wrong: " + dom.describe(exc))


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
    if act == "start":
        start_new(read_setup())
    elif act == "continue":
        s = load_save()
        if s is not None:
            begin(s)
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
            undone.log.append("Undo: back to %s's decision" % undone.names[undone.to_act()])
            after_change()
    elif act == "hint":
        asyncio.create_task(ask_hint())
    elif act == "zoom":
        if arg == "in":
            state.zoom = min(400, state.zoom + 50)
        elif arg == "out":
            state.zoom = max(50, state.zoom - 50)
        else:
            state.zoom = 100
        render()


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
    after_change()


def after_change():
    save()
    render()
    s = state.session
    seat = s.to_act()
    if seat is not None and not s.is_human(seat):
        state.token += 1
        asyncio.create_task(computer_turns(state.token))


def begin(session):
    state.session = session
    state.token += 1
    state.selected = None
    state.hint = None
    state.viewer = None
    dom.by_id("setup").hidden = True
    after_change()


def start_new(setup):
    setup["seed"] = int(window.Date.now()) & 0x7FFFFFFF
    storage_set(SETUP_KEY, json.dumps(setup))
    state.pending_setup = setup
    try:
        session = sess.Session(setup)
        session.deal()
    except Exception as exc:
        show_setup(dom.describe(exc))
        return
    begin(session)


# --- computers -------------------------------------------------------------------

async def wait_worker():
    while state.worker is None and not state.worker_failed:
        await asyncio.sleep(0.1)
    return state.worker


async def computer_turns(token):
    while token == state.token:
        s = state.session
        seat = s.to_act()
        if seat is None or s.is_human(seat):
            return
        view = s.game.view(seat)
        started = window.Date.now()
        worker = await wait_worker()
        seed = (s.setup["seed"] + s.game.action_count() * 7919 + s.game.round_count() * 104729) & 0x7FFFFFFF
        if worker is not None:
            action = str(await worker.choose_action(json.dumps(view), s.kind(seat), seed))
        else:
            action = view["legal"][0]
        if token != state.token:
            return
        delay = sess.SPEED_MS[s.setup["speed"]] - (window.Date.now() - started)
        if delay > 0:
            await asyncio.sleep(delay / 1000)
            if token != state.token:
                return
        s.apply(action)
        save()
        render()


async def ask_hint():
    seat = acting_human()
    worker = state.worker
    if seat is None or worker is None:
        return
    token = state.token
    s = state.session
    view = s.game.view(seat)
    action = str(await worker.choose_action(json.dumps(view), "hard", 12345, HINT_ITERATIONS))
    if token != state.token or acting_human() != seat:
        return
    state.hint = action
    tile = sess.tile_of(action)
    moves = [a for a in view["legal"] if tile is not None and sess.tile_of(a) == tile]
    if len(moves) > 1:
        state.selected = tile
    render()
    announce("Hint: " + describe_action(action))


# --- start ---------------------------------------------------------------------

def record_text(*_args):
    s = state.session
    return s.record_json() if s is not None else ""


def install():
    """Wire the events and ``window.boneyard``, then resume a saved game or show the setup."""
    click = create_proxy(on_click)
    change = create_proxy(on_change)
    state.proxies = [click, change]
    dom.by_id("app").addEventListener("click", click)
    dom.by_id("setup").addEventListener("change", change)
    getter = create_proxy(record_text)
    state.proxies.append(getter)
    # A plain object built without eval: the page's CSP forbids evaluating strings.
    api = window.Object()
    api.record = getter
    window.boneyard = api
    s = load_save()
    if s is not None and not s.game.is_over():
        begin(s)
    else:
        state.pending_setup = None
        show_setup()


def worker_ready(worker):
    state.worker = worker
    if state.session is not None and dom.state("waiting-for") == "human":
        render()


def worker_failed():
    state.worker_failed = True
