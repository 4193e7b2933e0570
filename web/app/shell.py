"""Start-up: show the setup (or resume the saved game), flag the page ready,
then start the computer-player worker.

The page must be usable as soon as MicroPython runs; the Pyodide worker
(computer players) loads afterwards in the background and only computer
turns wait for it.
"""

from pyscript import create_named_worker

from app import dom
from app.i18n import t

WORKER_NAME = "computer"
WORKER_SRC = "./web/worker.py"
WORKER_CONFIG = "./pyscript-worker.json"


async def start_worker(ui):
    """Start the computer-player worker and hand it to the UI."""
    status = dom.by_id("computer-status")
    try:
        worker = await create_named_worker(WORKER_SRC, WORKER_NAME, config=WORKER_CONFIG, type="py")
        await worker.deal_preview(1)   # answers once the engine is mounted
    except Exception as exc:  # anything: the page stays usable without it
        status.textContent = t("worker.failed", reason=dom.describe(exc))
        dom.set_state("worker-state", "error")
        ui.worker_failed()
        return
    status.textContent = t("worker.ready")
    dom.set_state("worker-state", "ready")
    ui.worker_ready(worker)


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
    await start_worker(ui)
