"""The HTML of the saved games (the setup screen's "Continue" list) and of the save banner.

Pure functions of plain data (no DOM, no storage: see :mod:`app.store`), so
CPython tests check them; names are escaped and isolated (``<bdi>``).
"""

from engine.render import escape

from app import session as sess
from app.i18n import t, tn


def _names(names):
    return ", ".join(["<bdi>%s</bdi>" % escape(n) for n in names])


def _plain_names(names):
    # For accessible names (attributes): the text, each name isolated by FSI…PDI.
    return ", ".join(["\u2068%s\u2069" % n for n in names])


def _row(item, when):
    game = t(sess.GAME_KEYS[item["game"]])
    words = t("saves.item", game=game, round=item["round"], players=item["players"])
    if "actions" in item:
        # How far it got: two games of the same players in the same round read alike.
        words += " \u00b7 " + tn("saves.moves", item["actions"])
    label = words + ": " + _plain_names(item["names"])
    if item["finished"]:
        main = ('<button type="button" data-act="replay-saved" data-arg="%s" aria-label="%s">%s</button>'
                % (escape(item["id"]), escape(t("saves.replay_label", game=label)), escape(t("saves.replay"))))
    else:
        main = ('<button type="button" class="primary" data-act="continue" data-arg="%s" aria-label="%s">%s</button>'
                % (escape(item["id"]), escape(t("saves.continue_label", game=label)), escape(t("saves.continue"))))
    delete = ('<button type="button" data-act="delete-saved" data-arg="%s" aria-label="%s">%s</button>'
              % (escape(item["id"]), escape(t("saves.delete_label", game=label)), escape(t("saves.delete"))))
    return ('<li class="saved-game" data-game-id="%s"><span class="saved-what">%s</span> '
            '<span class="saved-names">%s</span> <span class="saved-when">%s</span>'
            '<span class="saved-buttons">%s%s</span></li>'
            % (escape(item["id"]), escape(words), _names(item["names"]), escape(t("saves.when", when=when(item["updated"]))),
               main, delete))


def ask_html(question_key, keep_act, yes_act, arg):
    """What a Delete becomes once pressed: the question, then Keep (first, where the focus goes:
    a game was deleted at once by a press beside Continue) and Delete for good, each ``arg``'s."""
    return ('<span class="delete-ask" role="alert">%s</span>'
            '<button type="button" data-act="%s" data-arg="%s">%s</button>'
            '<button type="button" class="danger" data-act="%s" data-arg="%s">%s</button>'
            % (escape(t(question_key)), keep_act, escape(arg), escape(t("saves.delete_keep")),
               yes_act, escape(arg), escape(t("saves.delete_yes"))))


def delete_ask_html(game_id):
    """A saved game's Delete, once pressed (:func:`ask_html`)."""
    return ask_html("saves.delete_ask", "delete-kept", "delete-confirmed", game_id)


def saved_games_html(items, when):
    """Games in progress, then finished games (``items`` from ``store.games()``), or "".

    ``when(ms)`` words the time a game was last played.
    """
    going = [item for item in items if not item["finished"]]
    done = [item for item in items if item["finished"]]
    out = []
    for title_key, group, cls in (("saves.in_progress", going, "saved-going"), ("saves.finished", done, "saved-done")):
        if not group:
            continue
        out.append('<section class="saved-games %s" aria-label="%s"><h3>%s</h3><ul>%s</ul></section>'
                   % (cls, escape(t(title_key)), escape(t(title_key)), "".join([_row(item, when) for item in group])))
    return "".join(out)


def damaged_html(items):
    """The saves set aside as unreadable (``items`` from ``store.damaged()``), or "": each can be
    downloaded as it is (to keep, or to send with a bug report) or deleted, asked first.  A
    notice said "set aside" and the page then offered no way to them."""
    if not items:
        return ""
    rows = []
    for item in items:
        size = max(1, (item["bytes"] + 1023) // 1024)
        label = t("saves.damaged_item", name=item["id"], size=size)
        rows.append('<li class="saved-game damaged-save" data-damaged="%s"><span class="saved-what">%s</span>'
                    '<span class="saved-buttons">'
                    '<button type="button" data-act="damaged-download" data-arg="%s" aria-label="%s">%s</button>'
                    '<button type="button" data-act="damaged-delete" data-arg="%s" aria-label="%s">%s</button>'
                    '</span></li>' % (
                        escape(item["id"]), escape(label),
                        escape(item["id"]), escape(t("saves.damaged_download_label", item=label)),
                        escape(t("saves.damaged_download")),
                        escape(item["id"]), escape(t("saves.delete_label", game=label)), escape(t("saves.delete"))))
    return ('<section class="saved-games saved-damaged" aria-labelledby="damaged-title"><h3 id="damaged-title">%s</h3>'
            '<p class="hint-text">%s</p><ul>%s</ul></section>'
            % (escape(t("saves.damaged_title")), escape(t("saves.damaged_hint")), "".join(rows)))


def damaged_ask_html(name):
    """An unreadable save's Delete, once pressed (:func:`ask_html`)."""
    return ask_html("saves.damaged_ask", "damaged-kept", "damaged-deleted", name)


def status_html(kind, pruned=0):
    """The banner when the game is not being saved (``full``, or ``refused``: the browser keeps
    nothing for the site), moved on in another tab
    (``moved``), its record grew past the records' size limit (``large``: saved, but
    an export of it would be refused on import; Export still gives its text), or
    ``pruned`` finished games were removed from the history to make room for it."""
    if kind == "pruned":
        return ('<p>%s</p><button type="button" data-act="pruned-seen">%s</button>'
                % (escape(tn("saves.pruned", pruned)), escape(t("replay.close"))))
    if kind == "moved":
        return ('<p>%s</p><button type="button" data-act="reload-saved">%s</button>'
                % (escape(t("saves.moved")), escape(t("saves.reload"))))
    if kind == "large":
        # Not urgent (the game is saved): it can be closed, not to cover the table.
        return ('<p>%s</p><button type="button" data-act="export-unsaved">%s</button>'
                '<button type="button" data-act="large-seen">%s</button>'
                % (escape(t("saves.large")), escape(t("records.export")), escape(t("replay.close"))))
    return ('<p>%s</p><button type="button" data-act="export-unsaved">%s</button>'
            % (escape(t("saves.refused" if kind == "refused" else "saves.full")), escape(t("records.export"))))
