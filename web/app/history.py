"""The History panel's glue: drawn with the setup screen, its Export, its open state.

Review and Delete are the saved games' own actions (``replay-saved``,
``delete-saved`` in the controller); Export writes every finished game's
record, one a line (JSON Lines: each line a ``domino-record/1`` that any
reader of records takes), as one file.
"""

from pyscript import window
from pyscript.ffi import create_proxy

from app import dom, history_view, store

_proxies = []
_open = {"history": False}


def panel_html(when):
    return history_view.panel(store.history(), when, _open["history"])


def export():
    lines = store.history_records()
    if not lines:
        return
    name = "boneyard-history-%s.jsonl" % str(window.boneyardFiles.today())
    window.boneyardFiles.download(name, "\n".join(lines) + "\n")


def on_click(event):
    el = event.target.closest("[data-history]")
    if el is not None and str(el.getAttribute("data-history")) == "export":
        export()


def on_toggle(event):
    # Kept open across the setup screen's redraws (a game deleted from the list).
    if str(event.target.id) == "history":
        _open["history"] = bool(event.target.open)


def install():
    box = dom.by_id("setup")
    handlers = [create_proxy(on_click), create_proxy(on_toggle)]
    _proxies.extend(handlers)
    box.addEventListener("click", handlers[0])
    box.addEventListener("toggle", handlers[1], True)     # toggle does not bubble
