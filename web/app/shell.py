"""Start-up: show the setup (or resume the saved game), flag the page ready,
then start the computer-player workers (app.players).

The page must be usable as soon as MicroPython runs; the workers load
afterwards in the background and only computer turns wait for them.
"""

from app import dom, players


def worker_ready():
    from app import ui

    ui.worker_ready()


async def start():
    # The MicroPython worker boots on its own thread while the page draws
    # itself: computer players are ready sooner, the page no later.
    players.start(worker_ready)
    try:
        from engine import render  # noqa: F401 -- a broken engine shows here, not mid-game
        from app import ui
        ui.install()
    except Exception as exc:
        dom.fail(exc)
        players.stop()
        dom.set_state("worker-state", "error")
        return
    recovered = dom.clear_start_error()
    dom.set_state("app-state", "ready")
    if recovered:
        players.show_status()       # the computers' line and state, as they are now
