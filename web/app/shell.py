"""Start-up: draw the table, flag the page ready, then start the worker.

The page must be usable as soon as MicroPython runs; the Pyodide worker
(computer players) loads afterwards in the background and only its own
section waits for it.
"""

import json

from pyscript import create_named_worker

from app import dom

WORKER_NAME = "computer"
WORKER_SRC = "./web/worker.py"
WORKER_CONFIG = "./pyscript-worker.json"
PREVIEW_SEED = 2024


def draw_table():
    from engine import render

    pictures = [
        render.tile_svg("9-9", crosswise=True),
        render.tile_svg("9-5"),
        render.tile_svg("7-3", orientation="vertical"),
        render.tile_svg("8-6"),
        render.tile_back_svg(),
    ]
    dom.show("table", "".join(pictures))


async def start_worker():
    """Start the computer-player worker and show one answer it computed."""
    from engine import render

    status = dom.by_id("computer-status")
    dom.show("computer")
    try:
        worker = await create_named_worker(WORKER_SRC, WORKER_NAME, config=WORKER_CONFIG, type="py")
        answer = json.loads(await worker.deal_preview(PREVIEW_SEED))
    except Exception as exc:  # anything: the page stays usable without it
        status.textContent = "The computer player could not start: " + dom.describe(exc)
        dom.set_state("worker-state", "error")
        return
    hand = dom.by_id("computer-hand")
    hand.setAttribute("data-seed", str(answer["seed"]))
    hand.setAttribute("data-hand", " ".join(answer["hand"]))
    hand.innerHTML = "".join([render.tile_svg(name, size=28) for name in answer["hand"]])
    status.textContent = "Ready. A hand it dealt with seed %d:" % answer["seed"]
    dom.set_state("worker-state", "ready")


async def start():
    try:
        draw_table()
    except Exception as exc:
        dom.fail(exc)
        dom.set_state("worker-state", "error")
        return
    dom.set_state("app-state", "ready")
    await start_worker()
