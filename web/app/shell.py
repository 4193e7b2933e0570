"""Start-up: show the setup (or resume the saved game), flag the page ready,
then start the computer-player workers (app.players).

The page must be usable as soon as MicroPython runs; the workers load
afterwards in the background and only computer turns wait for them.
"""

from app import dom, players


async def start():
    try:
        from engine import render  # noqa: F401 -- a broken engine shows here, not mid-game
        from app import ui
        ui.install()
    except Exception as exc:
        dom.fail(exc)
        dom.set_state("worker-state", "error")
        return
    dom.set_state("app-state", "ready")
    await players.start(ui.worker_ready)
