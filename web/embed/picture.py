"""HTML of one recorded position: pure functions over the engine.

Every piece of record text (names, captions) goes through ``escape``.  The
table itself is drawn by the game's presenter (:mod:`app.present`), the same
that draws the game page's table, so a diagram looks like the live table.
"""

from engine import games
from engine import record as records
from engine import render
from engine.render import escape as esc

from app import present
from app.i18n import t, tn
from embed.options import EmbedError


def title(game_name):
    return t(games.info(game_name).title_key)


def total_actions(rec):
    """How many actions the record holds (the last ``step``)."""
    n = 0
    for rnd in rec.get("rounds") or []:
        if isinstance(rnd, dict) and isinstance(rnd.get("actions"), list):
            n += len(rnd["actions"])
    return n


def names_of(rec, players):
    names = rec.get("names")
    if isinstance(names, list) and len(names) == players:
        return [str(n) for n in names]
    return [t("setup.seat", n=i + 1) for i in range(players)]


def locate(rec, step):
    """(round index, action) of the ``step``-th action (1-based), or None for step 0."""
    if step <= 0:
        return None
    n = 0
    rounds = rec.get("rounds") or []
    for ri in range(len(rounds)):
        actions = rounds[ri].get("actions") or []
        if step <= n + len(actions):
            return ri, actions[step - n - 1]
        n += len(actions)
    return None


def describe(game_name, names, seat, action, phase):
    """A sentence for ``seat`` taking ``action`` in ``phase`` (the game's presenter words it)."""
    return present.of(game_name).move_words(names[seat], action, phase)


def last_move(rec, step):
    """The sentence describing the action that led to ``step`` ("" at 0)."""
    found = locate(rec, step)
    if found is None:
        return ""
    before = records.replay(rec, step - 1)
    return describe(rec["game"], names_of(rec, before.players), before.current_seat(), found[1], before.phase())


def tiles_row(tiles, label, size=26):
    pictures = "".join([render.tile_svg(t, orientation="vertical", size=size) for t in tiles])
    return '<div class="tiles" role="img" aria-label="%s">%s</div>' % (esc(label), pictures or "<em>%s</em>" % esc(t("embed.none")))


def hands_html(game, names, shown):
    out = ['<div class="hands">']
    for seat in range(game.players):
        view = game.view(seat)
        count = view["hand_sizes"][seat]
        out.append('<div class="hand-row"><span class="who">%s</span>' % esc(names[seat]))
        if shown == "reveal" or shown == seat:
            label = t("embed.tiles_of", name=names[seat], tiles=", ".join(view["hand"]) or t("embed.none"))
            out.append(tiles_row(view["hand"], label))
        else:
            out.append('<span class="count">%s</span>' % esc(tn("seats.tiles", count)))
        out.append("</div>")
    out.append("</div>")
    return "".join(out)


def scores_html(game, names):
    if game.phase() not in ("round-over", "game-over"):
        return ""
    last = game.round_scores()[-1]
    totals = game.totals()
    rows = "".join(['<tr><th scope="row">%s</th><td>%d</td><td>%d</td></tr>' % (esc(names[i]), last[i], totals[i])
                    for i in range(game.players)])
    caption = t("summary.game_over") if game.is_over() else t("embed.round_scored", round=game.round_count())
    return ('<table class="scores"><caption>%s</caption><thead><tr><th>%s</th><th>%s</th>'
            '<th>%s</th></tr></thead><tbody>%s</tbody></table>' % (
                esc(caption), esc(t("embed.player")), esc(t("embed.this_round")), esc(t("scores.total")), rows))


def position(rec, step, shown, shape="frame"):
    """``{"html", "details", "step", "total", "game"}`` of the record at ``step``: ``html``
    the status, the move and the picture, ``details`` the hands and the scores (the frame
    puts its Back and Forward between them, so they stay under the picture at every step
    rather than go down the page as the hands and a round's scores come and go).

    ``rec`` is a record dict; ``step`` None means its end; ``shown`` is
    ``"reveal"``, ``"none"`` or a seat index; ``shape`` the table's shape
    (``"frame"`` or, in a narrow frame, ``"frame-narrow"``: see ``frame.NARROW``).  Raises ``RecordError`` (the
    replay's ``round R, action A: reason``) for an invalid record or step,
    and ``ValueError`` for a seat the game does not have.
    """
    total = total_actions(rec)
    if step is None:
        step = total
    game = records.replay(rec, step)
    if isinstance(shown, int) and not (0 <= shown < game.players):
        raise EmbedError("hand: this game has seats 1 to %d, not %d" % (game.players, shown + 1),
                         "embed.err.hand_seat", {"players": game.players, "seat": shown + 1})
    names = names_of(rec, game.players)
    name = rec["game"]
    move = last_move(rec, step)
    status = t("embed.status", game=title(name), round=max(1, game.round_count()))
    seat = game.current_seat()
    turn = t("embed.to_play", name=names[seat]) if seat is not None else ""
    # The status and the move as one block (a frame on a low screen puts its steps beside it).
    out = ['<div class="head"><p class="status">%s &middot; %s</p>' % (
        esc(status), esc(t("embed.step_of", step=step, total=total)))]
    out.append('<p class="move" aria-live="polite">%s%s</p></div>' % (
        esc(move + "." if move else t("embed.the_deal")), (" " + esc(turn) + ".") if turn else ""))
    out.append(present.of(name).picture(present.Seats(game, names), game, rec, shown, shape))
    details = [hands_html(game, names, shown)] if shown != "none" else []
    details.append(scores_html(game, names))
    return {"html": "".join(out), "details": "".join(details), "step": step, "total": total, "game": game}


def record_until(rec, step):
    """The record cut after its first ``step`` actions (for "Play from here")."""
    return records.replay(rec, step).record()
