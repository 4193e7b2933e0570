"""HTML of the page's screens: pure functions returning strings.

Every piece of player text goes through :func:`esc`, so a name such as
``<img src=x onerror=alert(1)>`` is shown as those characters.  Buttons carry
``data-act`` (what a click does) and ``data-arg``; the ``ui`` module acts on
them.  Accessible names follow UI-CONTRACT.md.
"""

from engine import render
from engine.render import escape as esc

from app import session as sess
from app.i18n import t, tn
from app.words import shown_trick, table_words


def button(label, act, arg="", cls="", disabled=False, aria=None, extra=""):
    return '<button type="button" class="%s" data-act="%s" data-arg="%s"%s%s%s>%s</button>' % (
        cls, act, esc(arg), ' aria-label="%s"' % esc(aria) if aria else "",
        " disabled" if disabled else "", extra, label)


# --- setup -----------------------------------------------------------------

def setup_screen(setup, has_save, message=""):
    game = setup["game"]
    n = sess.players_of(setup)
    out = ['<h2 id="setup-title">%s</h2>' % t("setup.title")]
    if message:
        out.append('<p class="error" role="alert">%s</p>' % esc(message))
    out.append('<fieldset class="choice"><legend>%s</legend>' % t("setup.game"))
    for value in sess.GAMES:
        out.append('<label class="radio"><input type="radio" name="game" value="%s"%s> %s</label>'
                   % (value, " checked" if value == game else "", t(sess.GAME_KEYS[value])))
    out.append("</fieldset>")
    if game == "chicken-foot":
        out.append('<div class="field"><label for="players">%s</label>'
                   '<input id="players" type="number" min="2" max="8" value="%d" inputmode="numeric"></div>'
                   % (t("setup.players"), n))
    else:
        out.append('<p class="note">%s</p>' % t("setup.moon_three"))
    out.append('<fieldset class="seats"><legend>%s</legend>' % t("setup.seats"))
    for i in range(n):
        out.append('<div class="seat-row"><label for="seat-%d">%s</label><select id="seat-%d">'
                   % (i, t("setup.seat", n=i + 1), i))
        for kind in sess.SEAT_KINDS:
            out.append('<option value="%s"%s>%s</option>' % (
                kind, " selected" if setup["seats"][i] == kind else "", t(sess.SEAT_KEYS[kind])))
        out.append('</select><label for="name-%d">%s</label>'
                   '<input id="name-%d" type="text" maxlength="64" autocomplete="off" value="%s"></div>'
                   % (i, t("setup.name", n=i + 1), i, esc(setup["names"][i])))
    out.append("</fieldset>")
    if game == "chicken-foot":
        opts = setup.get("options") or {}
        spokes = opts.get("spokes", n)
        reserve = opts.get("yard_reserve", 2 if n == 2 else 1)
        blank = opts.get("double_blank_50", False)
        out.append('<fieldset class="rules"><legend>%s</legend>' % t("setup.house_rules"))
        # data-default marks the value that stands for "the default": left
        # as it is, it follows the player count (see ui.read_setup).
        out.append('<div class="field"><label for="spokes">%s '
                   '<span class="hint-text">%s</span></label>'
                   '<input id="spokes" type="number" min="%d" max="8" value="%d" data-default="%d"></div>'
                   % (t("setup.spokes"), t("setup.spokes_default"), n, spokes, n))
        out.append('<div class="field"><label for="reserve">%s '
                   '<span class="hint-text">%s</span></label>'
                   '<input id="reserve" type="number" min="0" max="20" value="%d" data-default="%d"></div>'
                   % (t("setup.reserve"), t("setup.reserve_default"), reserve, 2 if n == 2 else 1))
        out.append('<div class="field check"><input id="blank50" type="checkbox"%s>'
                   '<label for="blank50">%s <span class="hint-text">%s'
                   '</span></label></div>' % (" checked" if blank else "", t("setup.blank50"), t("setup.blank50_default")))
        out.append("</fieldset>")
    out.append('<div class="field"><label for="speed">%s</label><select id="speed">' % t("setup.speed"))
    for speed in sess.SPEEDS:
        out.append('<option value="%s"%s>%s</option>' % (
            speed, " selected" if setup["speed"] == speed else "", t(sess.SPEED_KEYS[speed])))
    out.append("</select></div>")
    out.append('<div class="buttons">%s%s</div>' % (
        button(t("setup.start"), "start", cls="primary"),
        button(t("setup.continue"), "continue") if has_save else ""))
    return "".join(out)


# --- playing -----------------------------------------------------------------

def seat_cards(s, viewer):
    game = s.game
    v = game.view(viewer if viewer is not None else 0)
    acting = game.current_seat()
    totals = game.totals()
    out = ['<ul class="seats-bar" aria-label="%s">' % t("seats.label")]
    for seat in range(game.players):
        kind = t("seats.you") if seat == viewer and s.is_human(seat) else (
            t("seats.human") if s.is_human(seat) else t(SEAT_KIND_KEYS[s.kind(seat)]))
        bits = [tn("seats.tiles", v["hand_sizes"][seat]), t("seats.score", score=totals[seat])]
        if s.setup["game"] == "moon":
            bits.append(t("seats.tricks", count=v["tricks_won"][seat]))
        turn = seat == acting
        out.append('<li class="seat-card%s"%s><span class="seat-name">%s%s</span>'
                   '<span class="seat-kind">(%s)</span><span class="seat-info">%s</span></li>' % (
                       " acting" if turn else "", ' aria-current="true"' if turn else "",
                       '<span class="turn-mark" aria-hidden="true">&#9654; </span>' if turn else "",
                       esc(s.names[seat]), esc(kind), ", ".join(bits) + (" &middot; <strong>%s</strong>" % t("seats.to_play") if turn else "")))
    out.append("</ul>")
    return "".join(out)


def status_line(s):
    game = s.game
    v = game.view(0)
    if s.setup["game"] == "chicken-foot":
        parts = [t("game.chicken_foot"), t("status.round_of", round=game.round_count(), rounds=v["rounds"]),
                 tn("status.yard", v["yard_size"], reserve=v["yard_reserve"])]
        return " &middot; ".join([esc(p) for p in parts])
    parts = [t("game.moon"), t("status.round", round=game.round_count()), t("status.first_to_21")]
    if v["bidder"] is not None:
        parts.append(t("status.bid", name=s.names[v["bidder"]], bid=v["bid"]))
    if v["trump"] is not None:
        parts.append(trump_words(v["trump"]))
    return " &middot; ".join([esc(p) for p in parts])


SEAT_KIND_KEYS = {"easy": "seats.computer_easy", "medium": "seats.computer_medium", "hard": "seats.computer_hard",
                  "human": "seats.human"}


def trump_words(trump):
    """What is trumps, for the status line: ``"5"``, ``"doubles"`` or ``"none"``."""
    if trump == "doubles":
        return t("status.trumps_doubles")
    if trump == "none":
        return t("status.no_trump")
    return t("status.trumps", suit=trump)


def moon_board(s, viewer):
    v = s.game.view(viewer if viewer is not None else 0)
    out = ['<div class="moon-board">']
    if v["phase"] == "bidding" or (v["bids"] and v["trick"] == [] and not v["tricks"]):
        bids = ", ".join(["%s: %s" % (esc(s.names[b[0]]), t("bids.pass") if b[1] == "pass" else t("bids.bid", bid=b[1]))
                          for b in v["bids"]])
        out.append('<p class="bids">%s</p>' % t("bids.so_far", bids=bids or t("bids.none")))
    trick, winner, caption = shown_trick(v, s.names)
    if trick:
        out.append('<figure class="trick"><figcaption>%s</figcaption><div class="trick-tiles">' % esc(caption))
        fresh = last_played(s)
        for seat, tile in trick:
            won = seat == winner
            out.append('<div class="played%s%s">%s<span>%s%s</span></div>' % (
                " winner" if won else "", " fresh" if tile == fresh else "", render.tile_svg(tile, orientation="vertical", size=34),
                esc(s.names[seat]), " &#9733; " + t("trick.won") if won else ""))
        out.append("</div></figure>")
    out.append("</div>")
    return "".join(out)


# Per screen shape (the region the table's lines keep to, see
# engine.layout): the smallest picture (viewBox units), so that a small
# table is not blown up.
TABLE_SHAPES = {"wide": [1500, 780], "narrow": [700, 980]}


def last_played(s):
    """The tile of this round's last play (to highlight it), or None."""
    if not s.turns:
        return None
    action = s.turns[-1][1]
    if action.startswith("discard ") or action.startswith("trump "):
        return None
    return sess.tile_of(action)


def cf_board(s, viewer, targets, shape="wide"):
    """The table picture and the note under it (what must be covered first)."""
    v = s.game.view(viewer if viewer is not None else 0)
    min_size = TABLE_SHAPES[shape]
    note = ""
    foot = v.get("open_foot")
    if foot:
        note = tn("note.foot", foot["needed"], tile=foot["tile"])
    elif v["spokes"] < v["spokes_needed"]:
        more = v["spokes_needed"] - v["spokes"]
        note = tn("note.spokes", more, tile=v["double"])
    return render.table_svg(v, targets, shape=shape, min_size=min_size,
                            fresh=last_played(s), words=table_words(v)), note


ACTION_KEYS = {"draw": "action.draw", "pass": "action.pass", "trump doubles": "action.trump_doubles",
               "trump none": "action.no_trump"}


def action_label(action):
    if action in ACTION_KEYS:
        return t(ACTION_KEYS[action])
    if action.startswith("trump "):
        return t("action.trump", suit=action[6:])
    return t("action.bid", bid=action)


def hand_panel(s, seat, selected, hint, why=None):
    """The acting human's rack, their action buttons and (for a chosen tile) its places."""
    v = s.game.view(seat)
    legal = v["legal"]
    out = []
    others = [a for a in legal if sess.tile_of(a) is None]
    if v["phase"] == "discard":
        out.append('<p class="prompt">%s</p>' % esc(t("prompt.discard", tile=v["widow"] or "")))
    if others:
        out.append('<div class="actions" role="group" aria-label="%s">' % t("hand.actions"))
        for a in others:
            out.append(button(action_label(a), "act", a, cls="action" + (" hint" if a == hint else "")))
        out.append("</div>")
    if selected:
        places = [a for a in legal if sess.tile_of(a) == selected]
        if len(places) > 1:
            out.append('<div class="places" role="group" aria-label="%s">' % t("hand.places", tile=selected))
            for i in range(len(places)):
                target = places[i].split(">")[1]
                out.append(button(t("hand.place", n=i + 1, tile=selected, target=target), "act", places[i],
                                  cls="place" + (" hint" if places[i] == hint else "")))
            out.append(button(t("hand.cancel"), "select", ""))
            out.append("</div>")
    out.append('<div class="hand" role="group" aria-label="%s">' % t("hand.your_tiles"))
    hint_tile = sess.tile_of(hint) if hint else None
    for tile in v["hand"]:
        moves = [a for a in legal if sess.tile_of(a) == tile]
        label = tile if moves else t("hand.blocked_tile", tile=tile)
        if v["phase"] == "discard":
            label = tile
        cls = "tile-btn"
        if tile == selected:
            cls += " selected"
        if tile == hint_tile:
            cls += " hint"
        if tile == v.get("drawn_tile"):
            cls += " drawn"
        extra = ' aria-pressed="%s"' % ("true" if tile == selected else "false") if len(moves) > 1 else ""
        # Where drag.js may drop the tile: the table tiles it joins, or (Moon) the table.
        if moves and ">" in moves[0]:
            extra += ' data-targets="%s"' % " ".join([m.split(">")[1] for m in moves])
        elif moves and v["phase"] == "play":
            extra += ' data-drop="board"'
        out.append(button(render.hand_tile_svg(tile), "tile", tile, cls=cls, disabled=not moves, aria=label,
                          extra=extra))
    out.append("</div>")
    blocked = [x for x in v["hand"] if not [a for a in legal if sess.tile_of(a) == x]]
    if blocked and v["phase"] != "discard":
        out.append('<div class="why-box">%s<p class="why-text" id="why"%s>%s</p></div>' % (
            button(esc(tn("hand.why", len(blocked), tile=blocked[0])), "why",
                   cls="why-btn", extra=' aria-controls="why"'),
            "" if why else " hidden", esc(why or "")))
    return "".join(out)


def reasons_text(s, tiles):
    """One sentence per distinct reason: "9-5, 8-3 cannot be played: ..."."""
    groups = []
    by_reason = {}
    for tile in tiles:
        reason = s.why_not(tile) or t("why.generic")
        # The engine names the tile in its reason; group by the rest of it.
        key = reason.replace(tile, "#")
        if key not in by_reason:
            by_reason[key] = []
            groups.append(key)
        by_reason[key].append((tile, reason))
    lines = []
    for key in groups:
        items = by_reason[key]
        names = ", ".join([x for x, _ in items])
        reason = items[0][1] if len(items) == 1 else key.replace("#", t("why.each"))
        lines.append(tn("why.line", len(items), tiles=names, reason=reason))
    return " ".join(lines)


def hidden_hand(count):
    return '<div class="hand hidden-hand" aria-label="%s">%s</div>' % (
        tn("hand.hidden", count), "".join([render.tile_back_svg(orientation="vertical", size=22, label=t("hand.face_down")) for _ in range(count)]))


def log_items(s):
    """The move log's items, newest first: the latest moves stay in sight without scrolling."""
    return "".join(['<li>%s</li>' % esc(line) for line in reversed(s.log[-60:])])


def tools(s, can_undo, can_hint, show_new=True, undo_note=None, can_review=False):
    note = ""
    if undo_note:
        note = '<p class="undo-note" id="undo-note">%s</p>' % esc(t("undo.refused", reason=undo_note))
    return '<div class="tools">%s%s%s%s%s</div>' % (
        button(t("tools.undo"), "undo", disabled=not can_undo,
               extra=' aria-describedby="undo-note"' if undo_note else ""),
        button(t("tools.hint"), "hint", disabled=not can_hint),
        button(t("tools.review"), "review", "start", disabled=not can_review),
        button(t("tools.new_game"), "new") if show_new else "", note)


def review_panel(text, step, total):
    """Stepping back through the game: where we are and the buttons to move."""
    return ('<div class="review" role="group" aria-label="%s">'
            '<p class="review-step" id="review-step">%s</p><div class="review-actions">%s%s%s%s%s</div></div>' % (
                t("tools.review"), esc(text),
                button(t("review.first"), "review", "-100000", disabled=step == 0),
                button(t("review.previous"), "review", "-1", disabled=step == 0),
                button(t("review.next"), "review", "1", disabled=step >= total),
                button(t("review.latest"), "review", "100000", disabled=step >= total),
                button(t("review.back"), "review", "end", cls="primary")))


def summary_panel(s):
    game = s.game
    out = ['<section class="summary" aria-labelledby="summary-title">']
    title = t("summary.game_over") if game.is_over() else t("summary.round_over", round=game.round_count())
    out.append('<h2 id="summary-title">%s</h2>' % title)
    if game.is_over():
        out.append('<p class="winner">%s</p>' % esc(s.winner_text()))
    out.append('<p>%s</p>' % esc(s.log[-1] if s.log else ""))
    out.append('<div class="revealed">')
    if s.setup["game"] == "moon":
        out.append(moon_hands_dealt(s))
    for seat in range(game.players if s.setup["game"] == "chicken-foot" else 0):
        hand = game.view(seat)["hand"]
        pips = game.hand_score(hand)
        out.append('<div class="revealed-hand"><strong>%s</strong>: %s <span>(%s)</span><div class="hand">%s</div></div>' % (
            esc(s.names[seat]), t("summary.no_tiles") if not hand else tn("seats.tiles", len(hand)),
            tn("summary.pips", pips), "".join([render.tile_svg(x, size=20) for x in hand])))
    out.append("</div>")
    out.append(score_sheet(s))
    out.append('<div class="buttons">')
    if not game.is_over():
        out.append(button(t("summary.next_round"), "next", cls="primary"))
    out.append(button(t("tools.new_game"), "new", cls="primary" if game.is_over() else ""))
    out.append("</div></section>")
    return "".join(out)


def moon_hands_dealt(s):
    """Moon's hands as dealt (every tile is played by the end), the widow and the discard."""
    game = s.game
    deal = game.record()["rounds"][-1]
    out = []
    for seat in range(game.players):
        v = game.view(seat)
        hand = deal["hands"][seat]
        extra = ""
        if v.get("bidder") == seat and v.get("discard"):
            extra = " &middot; " + esc(t("summary.widow_taken", widow=deal["widow"], discard=v["discard"]))
        out.append('<div class="revealed-hand"><strong>%s</strong>: %s &middot; %s%s'
                   '<div class="hand">%s</div></div>' % (
                       esc(s.names[seat]), esc(t("summary.dealt", tiles=", ".join(hand))),
                       esc(tn("summary.tricks_won", v["tricks_won"][seat])), extra,
                       "".join([render.tile_svg(x, size=20) for x in hand])))
    out.append('<p class="widow-note">%s</p>' % esc(t("summary.widow", tile=deal["widow"])))
    return "".join(out)


def score_sheet(s):
    rounds = s.game.round_scores()
    n = s.game.players
    out = ['<div class="scores-wrap" tabindex="0" role="region" aria-label="%s">'
           '<table class="scores"><caption>%s</caption><thead><tr><th scope="col">%s</th>'
           % (t("scores.sheet"), t("scores.sheet"), t("scores.round"))]
    for seat in range(n):
        out.append('<th scope="col">%s</th>' % esc(s.names[seat]))
    out.append("</tr></thead><tbody>")
    running = [0] * n
    series = [[0] for _ in range(n)]
    for i in range(len(rounds)):
        out.append('<tr><th scope="row">%d</th>' % (i + 1))
        for seat in range(n):
            running[seat] += rounds[i][seat]
            series[seat].append(running[seat])
            out.append("<td>%d</td>" % rounds[i][seat])
        out.append("</tr>")
    out.append('</tbody><tfoot><tr><th scope="row">%s</th>%s</tr></tfoot></table>'
               % (t("scores.total"), "".join(["<td>%d</td>" % x for x in s.game.totals()])))
    out.append("</div>")
    out.append(chart(s, series))
    return "".join(out)


COLOURS = ["#c0392b", "#2471a3", "#1e8449", "#b9770e", "#7d3c98", "#117a65", "#a04000", "#5d6d7e"]
DASHES = ["", "8 4", "2 4", "12 4 2 4", "4 4", "1 3", "10 2", "6 3 1 3"]


def chart(s, series):
    """A small line chart of the running totals (each line dashed differently too)."""
    points = len(series[0])
    if points < 2:
        return ""
    lo = 0
    hi = 1
    for line in series:
        for value in line:
            lo = min(lo, value)
            hi = max(hi, value)
    w, h, pad = 320, 140, 10
    out = ['<svg class="chart" viewBox="0 0 %d %d" role="img" aria-label="%s">' % (w + 90, h + 2 * pad, t("scores.chart"))]
    for seat in range(len(series)):
        pts = []
        for i in range(points):
            x = pad + i * w // (points - 1)
            y = pad + (hi - series[seat][i]) * h // (hi - lo)
            pts.append("%d,%d" % (x, y))
        out.append('<polyline points="%s" fill="none" stroke="%s" stroke-width="3" stroke-dasharray="%s"/>'
                   % (" ".join(pts), COLOURS[seat % 8], DASHES[seat % 8]))
        out.append('<text x="%d" y="%s" font-size="13" fill="%s">%s</text>' % (
            w + 2 * pad, pts[-1].split(",")[1], COLOURS[seat % 8], esc(s.names[seat][:10])))
    out.append("</svg>")
    return "".join(out)


def pass_screen(name):
    return ('<div class="pass-device"><h2 id="pass-title">%s</h2><p>%s</p>%s</div>'
            % (esc(t("pass.title", name=name)), esc(t("pass.look_away", name=name)),
               button(t("pass.show"), "reveal", cls="primary")))


def hand_panel_readonly(s, seat):
    """A human's hand while others act: pictures, not buttons."""
    hand = s.game.view(seat)["hand"]
    return '<div class="hand readonly" role="group" aria-label="%s">%s</div>' % (
        esc(t("hand.tiles_of", name=s.names[seat])), "".join([render.hand_tile_svg(x, size=24) for x in hand]))
