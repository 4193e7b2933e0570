"""The History panel's glue: drawn with the setup screen, its Export, its open state.

Review and Delete are the saved games' own actions (``replay-saved``,
``delete-saved`` in the controller); Export writes every finished game's
record, one a line (JSON Lines: each line a ``domino-record/1`` that any
reader of records takes), as one file.  The records panel's Import takes
that file back (:func:`importing`, read by ``app.historyio``).
"""

from pyscript import window
from pyscript.ffi import create_proxy

from app import dom, history_view, historyio, store
from app.i18n import t, tn

_proxies = []
_open = {"history": False}
_said = {"text": ""}        # what the last import did, shown once in the panel


def panel_html(when):
    said = _said["text"]
    _said["text"] = ""
    return history_view.panel(store.history(), when, _open["history"], said)


def importing(text):
    """Add the history file ``text``'s finished games to the saved games (a generator for
    ``app.records.pump``).  Every line is read and replayed first; then the saves are
    written, and if storage cannot take them all, those written are removed: either
    the whole file joins the history or nothing changes (``historyio.HistoryError``).
    """
    known = set([item["id"] for item in store.games()])
    games, skipped = yield from historyio.reading(text, known, store.now_ms())
    written = []
    for game_id, updated, session in games:
        while game_id is None or game_id in known:
            game_id = store.new_id()
        known.add(game_id)
        key = store.PREFIX + game_id
        if not store.put(key, store.save_text(session, game_id, 1, updated)):
            for done in written:
                store.remove(done)
            raise historyio.HistoryError(t("history.import_full"))
        written.append(key)
    _open["history"] = True
    _said["text"] = tn("history.imported", len(written), known=skipped)
    return _said["text"]


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
