"""The embed's opt-in verdict line (``analysis``): the decision that led to the step shown.

Computed in the frame (it has no worker): the computer players' modules come
with the worker's bundle, fetched only when an embed asks for this; the work
goes one unit at a time (``engine.ai.analysis.decision_steps``) with the
event loop between units, so the frame never holds the thread long.  Moon's
verdict is exact (every hand is known: offered only once the hand is over);
Chicken Foot's is an estimate on ``CF_WORLDS`` deals of the unseen tiles,
from the acting seat's view only.

``data-verdict-state`` on ``<html>``: ``none`` (step 0) | ``working`` |
``ready`` | ``error``; ``data-verdict`` the verdict code when ready.
"""

import asyncio
import binascii

from pyscript import document, window

from engine import games

from app.i18n import error_text, t
from app.verdicts import action_text, say_verdict

CF_WORLDS = 8
_loaded = {"ai": False}
_token = [0]


def set_state(name, value):
    document.documentElement.setAttribute("data-" + name, str(value))


async def load_players():
    """The engine's computer players, unpacked from the worker's bundle (once)."""
    if _loaded["ai"]:
        return
    import unbundle

    text = await window.boneyardFetchBase64("./web/worker.bundle")
    with open("analysis.bundle", "wb") as f:
        f.write(binascii.a2b_base64(str(text).encode()))      # MicroPython decodes bytes only
    unbundle.unpack("analysis.bundle")
    _loaded["ai"] = True


def say(box, text, state, code=""):
    box.textContent = text
    box.hidden = not text
    set_state("verdict-state", state)
    set_state("verdict", code)


async def show(rec, step, names):
    """Work out and show the verdict for ``step`` (a newer call supersedes this one)."""
    _token[0] += 1
    mine = _token[0]
    box = document.getElementById("verdict")
    if step <= 0:
        say(box, "", "none")
        return
    say(box, t("embed.verdict_working"), "working")
    try:
        await load_players()
        from engine.ai.analysis import decision_steps

        # An estimate samples worlds (a small budget here); an exact analysis needs none.
        options = {} if games.info(rec.get("game")).exact_analysis else {"iterations": CF_WORLDS}
        work = decision_steps(rec, step, options)
        try:
            while True:
                next(work)
                await asyncio.sleep(0)
                if _token[0] != mine:
                    return          # the step changed: that call shows its own
        except StopIteration as stop:
            d = stop.value
    except Exception as exc:
        if _token[0] == mine:
            say(box, t("embed.verdict_failed", reason=error_text(exc) or type(exc).__name__), "error")
        return
    if _token[0] != mine:
        return
    if d is None:
        say(box, "", "none")
        return
    game = rec.get("game")
    name = names[d["seat"]] if 0 <= d["seat"] < len(names) else str(d["seat"] + 1)
    text = t("embed.verdict", name=name, move=action_text(d["action"]), verdict=say_verdict(game, d))
    if games.info(game).exact_analysis:
        text += " " + t("embed.verdict_exact")
    say(box, text, "ready", d["verdict"])
