"""HTML of the page's screens: pure functions returning strings.

Every piece of player text goes through :func:`esc`, so a name such as
``<img src=x onerror=alert(1)>`` is shown as those characters.  Buttons carry
``data-act`` (what a click does) and ``data-arg``; the ``ui`` module acts on
them.  Accessible names follow UI-CONTRACT.md.
"""

from engine import layout, render
from engine.render import escape as esc

from app import session as sess

TRUMP_WORDS = {"doubles": "doubles", "none": "no trump"}


def button(label, act, arg="", cls="", disabled=False, aria=None, extra=""):
    return '<button type="button" class="%s" data-act="%s" data-arg="%s"%s%s%s>%s</button>' % (
        cls, act, esc(arg), ' aria-label="%s"' % esc(aria) if aria else "",
        " disabled" if disabled else "", extra, label)


# --- setup -----------------------------------------------------------------

def setup_screen(setup, has_save, message=""):
    game = setup["game"]
    n = sess.players_of(setup)
    out = ['<h2 id="setup-title">New game</h2>']
    if message:
        out.append('<p class="error" role="alert">%s</p>' % esc(message))
    out.append('<fieldset class="choice"><legend>Game</legend>')
    for value in sess.GAMES:
        out.append('<label class="radio"><input type="radio" name="game" value="%s"%s> %s</label>'
                   % (value, " checked" if value == game else "", sess.GAME_TITLES[value]))
    out.append("</fieldset>")
    if game == "chicken-foot":
        out.append('<div class="field"><label for="players">Players</label>'
                   '<input id="players" type="number" min="2" max="8" value="%d" inputmode="numeric"></div>' % n)
    else:
        out.append('<p class="note">Three-Player Moon is for exactly 3 players.</p>')
    out.append('<fieldset class="seats"><legend>Seats</legend>')
    for i in range(n):
        out.append('<div class="seat-row"><label for="seat-%d">Seat %d</label><select id="seat-%d">' % (i, i + 1, i))
        for kind in sess.SEAT_KINDS:
            out.append('<option value="%s"%s>%s</option>' % (
                kind, " selected" if setup["seats"][i] == kind else "", sess.SEAT_LABELS[kind]))
        out.append('</select><label for="name-%d">Name %d</label>'
                   '<input id="name-%d" type="text" maxlength="40" autocomplete="off" value="%s"></div>'
                   % (i, i + 1, i, esc(setup["names"][i])))
    out.append("</fieldset>")
    if game == "chicken-foot":
        opts = setup.get("options") or {}
        spokes = opts.get("spokes", n)
        reserve = opts.get("yard_reserve", 2 if n == 2 else 1)
        blank = opts.get("double_blank_50", False)
        out.append('<fieldset class="rules"><legend>House rules</legend>')
        out.append('<div class="field"><label for="spokes">Spokes on the centre double '
                   '<span class="hint-text">(default: one per player)</span></label>'
                   '<input id="spokes" type="number" min="%d" max="8" value="%d"></div>' % (n, spokes))
        out.append('<div class="field"><label for="reserve">Yard reserve '
                   '<span class="hint-text">(default: 2 for a two-hand game, else 1)</span></label>'
                   '<input id="reserve" type="number" min="0" max="20" value="%d"></div>' % reserve)
        out.append('<div class="field check"><input id="blank50" type="checkbox"%s>'
                   '<label for="blank50">0-0 left in hand counts 50 <span class="hint-text">(default: off)'
                   '</span></label></div>' % (" checked" if blank else ""))
        out.append("</fieldset>")
    out.append('<div class="field"><label for="speed">Computer speed</label><select id="speed">')
    for speed in sess.SPEEDS:
        out.append('<option value="%s"%s>%s</option>' % (
            speed, " selected" if setup["speed"] == speed else "", sess.SPEED_LABELS[speed]))
    out.append("</select></div>")
    out.append('<div class="buttons">%s%s</div>' % (
        button("Start game", "start", cls="primary"),
        button("Continue game", "continue") if has_save else ""))
    return "".join(out)


# --- playing -----------------------------------------------------------------

def seat_cards(s, viewer):
    game = s.game
    v = game.view(viewer if viewer is not None else 0)
    acting = game.current_seat()
    totals = game.totals()
    out = ['<ul class="seats-bar" aria-label="Players">']
    for seat in range(game.players):
        kind = "you" if seat == viewer and s.is_human(seat) else (
            "human" if s.is_human(seat) else "computer, " + s.kind(seat))
        bits = ["%d tiles" % v["hand_sizes"][seat], "score %d" % totals[seat]]
        if s.setup["game"] == "moon":
            bits.append("tricks %d" % v["tricks_won"][seat])
        turn = seat == acting
        out.append('<li class="seat-card%s"%s><span class="seat-name">%s%s</span>'
                   '<span class="seat-kind">(%s)</span><span class="seat-info">%s</span></li>' % (
                       " acting" if turn else "", ' aria-current="true"' if turn else "",
                       '<span class="turn-mark" aria-hidden="true">&#9654; </span>' if turn else "",
                       esc(s.names[seat]), esc(kind), ", ".join(bits) + (" &middot; <strong>to play</strong>" if turn else "")))
    out.append("</ul>")
    return "".join(out)


def status_line(s):
    game = s.game
    v = game.view(0)
    if s.setup["game"] == "chicken-foot":
        return "Chicken Foot &middot; round %d of %d &middot; yard: %d tiles (reserve %d)" % (
            game.round_count(), v["rounds"], v["yard_size"], v["yard_reserve"])
    text = "Three-Player Moon &middot; round %d &middot; first to 21" % game.round_count()
    if v["bidder"] is not None:
        text += " &middot; bid: %s %d" % (esc(s.names[v["bidder"]]), v["bid"])
    if v["trump"] is not None:
        text += " &middot; trumps: %s" % TRUMP_WORDS.get(v["trump"], v["trump"] + "s")
    return text


def moon_board(s, viewer):
    v = s.game.view(viewer if viewer is not None else 0)
    out = ['<div class="moon-board">']
    if v["phase"] == "bidding" or (v["bids"] and v["trick"] == [] and not v["tricks"]):
        bids = ", ".join(["%s: %s" % (esc(s.names[b[0]]), "pass" if b[1] == "pass" else "bid " + b[1]) for b in v["bids"]])
        out.append('<p class="bids">Bids so far: %s</p>' % (bids or "none yet"))
    trick = v["trick"]
    caption = "The trick"
    winner = None
    if not trick and v["tricks"]:
        last = v["tricks"][-1]
        seat = last["leader"]
        trick = []
        for tile in last["tiles"]:
            trick.append([seat, tile])
            seat = (seat + 1) % 3
        winner = last["winner"]
        caption = "Last trick, won by %s" % esc(s.names[winner])
    if trick:
        out.append('<figure class="trick"><figcaption>%s</figcaption><div class="trick-tiles">' % caption)
        fresh = last_played(s)
        for seat, tile in trick:
            won = seat == winner
            out.append('<div class="played%s%s">%s<span>%s%s</span></div>' % (
                " winner" if won else "", " fresh" if tile == fresh else "", render.tile_svg(tile, orientation="vertical", size=34),
                esc(s.names[seat]), " &#9733; won" if won else ""))
        out.append("</div></figure>")
    out.append("</div>")
    return "".join(out)


# Per screen shape: tiles per row before a line wraps, and the smallest
# picture (viewBox units) so that a small table is not blown up.
TABLE_SHAPES = {"wide": (7, [1500, 700]), "narrow": (4, [900, 1100])}


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
    per_row, min_size = TABLE_SHAPES[shape]
    note = ""
    foot = v.get("open_foot")
    if foot:
        note = "The foot on %s must be covered first: %d more toe%s." % (
            foot["tile"], foot["needed"], "" if foot["needed"] == 1 else "s")
    elif v["spokes"] < v["spokes_needed"]:
        more = v["spokes_needed"] - v["spokes"]
        note = "The centre %s needs %d more spoke%s first." % (v["double"], more, "" if more == 1 else "s")
    return render.table_svg(v, targets, wrap_at=layout.wrap_for(per_row), min_size=min_size,
                            fresh=last_played(s)), note


ACTION_LABELS = {"draw": "Draw", "pass": "Pass", "trump doubles": "Trump doubles", "trump none": "No trump"}


def action_label(action):
    if action in ACTION_LABELS:
        return ACTION_LABELS[action]
    if action.startswith("trump "):
        return "Trump " + action[6:]
    return "Bid " + action


def hand_panel(s, seat, selected, hint, why=None):
    """The acting human's rack, their action buttons and (for a chosen tile) its places."""
    v = s.game.view(seat)
    legal = v["legal"]
    out = []
    others = [a for a in legal if sess.tile_of(a) is None]
    if v["phase"] == "discard":
        out.append('<p class="prompt">You won the bid: the widow %s is now in your hand. '
                   'Choose a tile to discard.</p>' % (v["widow"] or ""))
    if others:
        out.append('<div class="actions" role="group" aria-label="Actions">')
        for a in others:
            out.append(button(action_label(a), "act", a, cls="action" + (" hint" if a == hint else "")))
        out.append("</div>")
    if selected:
        places = [a for a in legal if sess.tile_of(a) == selected]
        if len(places) > 1:
            out.append('<div class="places" role="group" aria-label="Places for %s">' % selected)
            for i in range(len(places)):
                target = places[i].split(">")[1]
                out.append(button("%d. Play %s on %s" % (i + 1, selected, target), "act", places[i],
                                  cls="place" + (" hint" if places[i] == hint else "")))
            out.append(button("Cancel", "select", ""))
            out.append("</div>")
    out.append('<div class="hand" role="group" aria-label="Your tiles">')
    hint_tile = sess.tile_of(hint) if hint else None
    for tile in v["hand"]:
        moves = [a for a in legal if sess.tile_of(a) == tile]
        label = tile if moves else tile + " (cannot be played now)"
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
    blocked = [t for t in v["hand"] if not [a for a in legal if sess.tile_of(a) == t]]
    if blocked and v["phase"] != "discard":
        out.append('<div class="why-box">%s<p class="why-text" id="why"%s>%s</p></div>' % (
            button("Why can&#8217;t I play %s?" % ("these tiles" if len(blocked) > 1 else blocked[0]), "why",
                   cls="why-btn", extra=' aria-controls="why"'),
            "" if why else " hidden", esc(why or "")))
    return "".join(out)


def reasons_text(s, tiles):
    """One sentence per distinct reason: "9-5, 8-3 cannot be played: ..."."""
    groups = []
    by_reason = {}
    for tile in tiles:
        reason = s.why_not(tile) or "it cannot be played now"
        # The engine names the tile in its reason; group by the rest of it.
        key = reason.replace(tile, "#")
        if key not in by_reason:
            by_reason[key] = []
            groups.append(key)
        by_reason[key].append((tile, reason))
    lines = []
    for key in groups:
        items = by_reason[key]
        names = ", ".join([t for t, _ in items])
        reason = items[0][1] if len(items) == 1 else key.replace("#", "each")
        lines.append("%s cannot be played: %s." % (names, reason))
    return " ".join(lines)


def hidden_hand(count):
    return '<div class="hand hidden-hand" aria-label="%d hidden tiles">%s</div>' % (
        count, "".join([render.tile_back_svg(orientation="vertical", size=22) for _ in range(count)]))


def log_items(s):
    """The move log's items, newest first: the latest moves stay in sight without scrolling."""
    return "".join(['<li>%s</li>' % esc(line) for line in reversed(s.log[-60:])])


def tools(s, can_undo, can_hint, show_new=True, undo_note=None, can_review=False):
    note = ""
    if undo_note:
        note = '<p class="undo-note" id="undo-note">Undo is not possible: %s.</p>' % esc(undo_note)
    return '<div class="tools">%s%s%s%s%s</div>' % (
        button("Undo", "undo", disabled=not can_undo,
               extra=' aria-describedby="undo-note"' if undo_note else ""),
        button("Hint", "hint", disabled=not can_hint),
        button("Review moves", "review", "start", disabled=not can_review),
        button("New game", "new") if show_new else "", note)


def review_panel(text, step, total):
    """Stepping back through the game: where we are and the buttons to move."""
    return ('<div class="review" role="group" aria-label="Review moves">'
            '<p class="review-step" id="review-step">%s</p><div class="review-actions">%s%s%s%s%s</div></div>' % (
                esc(text),
                button("First move", "review", "-100000", disabled=step == 0),
                button("Previous move", "review", "-1", disabled=step == 0),
                button("Next move", "review", "1", disabled=step >= total),
                button("Latest move", "review", "100000", disabled=step >= total),
                button("Back to the game", "review", "end", cls="primary")))


def summary_panel(s):
    game = s.game
    out = ['<section class="summary" aria-labelledby="summary-title">']
    title = "Game over" if game.is_over() else "Round %d over" % game.round_count()
    out.append('<h2 id="summary-title">%s</h2>' % title)
    if game.is_over():
        out.append('<p class="winner">%s</p>' % esc(s.winner_text()))
    out.append('<p>%s</p>' % esc(s.log[-1] if s.log else ""))
    out.append('<div class="revealed">')
    if s.setup["game"] == "moon":
        out.append(moon_hands_dealt(s))
    for seat in range(game.players if s.setup["game"] == "chicken-foot" else 0):
        hand = game.view(seat)["hand"]
        pips = 0
        for t in hand:
            a, b = t.split("-")
            pips += int(a) + int(b)
        out.append('<div class="revealed-hand"><strong>%s</strong>: %s <span>(%d pips)</span><div class="hand">%s</div></div>' % (
            esc(s.names[seat]), "no tiles left" if not hand else "%d tile%s" % (len(hand), "" if len(hand) == 1 else "s"),
            pips, "".join([render.tile_svg(t, size=20) for t in hand])))
    out.append("</div>")
    out.append(score_sheet(s))
    out.append('<div class="buttons">')
    if not game.is_over():
        out.append(button("Next round", "next", cls="primary"))
    out.append(button("New game", "new", cls="primary" if game.is_over() else ""))
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
            extra = " &middot; took the widow %s, discarded %s" % (esc(deal["widow"]), esc(v["discard"]))
        out.append('<div class="revealed-hand"><strong>%s</strong>: dealt %s &middot; %d trick%s won%s'
                   '<div class="hand">%s</div></div>' % (
                       esc(s.names[seat]), ", ".join(hand), v["tricks_won"][seat],
                       "" if v["tricks_won"][seat] == 1 else "s", extra,
                       "".join([render.tile_svg(t, size=20) for t in hand])))
    out.append('<p class="widow-note">Widow: %s</p>' % esc(deal["widow"]))
    return "".join(out)


def score_sheet(s):
    rounds = s.game.round_scores()
    n = s.game.players
    out = ['<div class="scores-wrap" tabindex="0" role="region" aria-label="Score sheet">'
           '<table class="scores"><caption>Score sheet</caption><thead><tr><th scope="col">Round</th>']
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
    out.append('</tbody><tfoot><tr><th scope="row">Total</th>%s</tr></tfoot></table>'
               % "".join(["<td>%d</td>" % t for t in s.game.totals()]))
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
    out = ['<svg class="chart" viewBox="0 0 %d %d" role="img" aria-label="Running totals by round">' % (w + 90, h + 2 * pad)]
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
    return ('<div class="pass-device"><h2 id="pass-title">Pass the device to %s</h2>'
            '<p>The other players should look away: %s&#8217;s tiles are shown next.</p>%s</div>'
            % (esc(name), esc(name), button("Show my tiles", "reveal", cls="primary")))


def hand_panel_readonly(s, seat):
    """A human's hand while others act: pictures, not buttons."""
    hand = s.game.view(seat)["hand"]
    return '<div class="hand readonly" role="group" aria-label="%s&#8217;s tiles">%s</div>' % (
        esc(s.names[seat]), "".join([render.hand_tile_svg(t, size=24) for t in hand]))
