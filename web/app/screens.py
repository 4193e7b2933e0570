"""HTML of the page's screens: pure functions returning strings.

Every piece of player text goes through :func:`esc`, so a name such as
``<img src=x onerror=alert(1)>`` is shown as those characters.  Buttons carry
``data-act`` (what a click does) and ``data-arg``; the ``ui`` module acts on
them.  Accessible names follow UI-CONTRACT.md.
"""

from engine import render
from engine.render import escape as esc

from app import present
from app import session as sess
from app.i18n import t, tn
from app.names import html as say, iso, name_html, short as cut_name
from app.verdicts import action_label


def button(label, act, arg="", cls="", disabled=False, aria=None, extra=""):
    return '<button type="button" class="%s" data-act="%s" data-arg="%s"%s%s%s>%s</button>' % (
        cls, act, esc(arg), ' aria-label="%s"' % esc(aria) if aria else "",
        " disabled" if disabled else "", extra, label)


# --- setup -----------------------------------------------------------------

def setup_screen(setup, going=None, message="", typed=None, remembered=None):
    """The setup: Play now (``going``: the game in progress to offer first, a saved game's
    head as ``store.games()`` lists it, or None; ``remembered``: the setup its cards start,
    if not ``setup``), then the form (``setup``, as the person is changing it); ``typed``: a
    player count typed that the game cannot take, which the field's note names."""
    game = setup["game"]
    n = sess.players_of(setup)
    # The cards say what they start, the setup last played: the form's changes, not yet
    # started, made "8 players, 7 of them computers; your last setup" of a card starting 4.
    out = [play_now(remembered or setup, going), '<h2 id="setup-title">%s</h2>' % t("setup.title")]
    if message:
        out.append('<p class="error" role="alert">%s</p>' % esc(message))
    out.append('<fieldset class="choice"><legend>%s</legend>' % t("setup.game"))
    for value in sess.GAMES:
        out.append('<label class="radio"><input type="radio" name="game" value="%s"%s> %s</label>'
                   % (value, " checked" if value == game else "", t(sess.GAME_KEYS[value])))
    out.append("</fieldset>")
    info = sess.games.info(game)
    if not info.fixed_players():
        span = {"min": info.min_players, "max": info.max_players}
        note = t("setup.players_fixed", got=typed, **span) if typed else t("setup.players_range", **span)
        out.append('<div class="field"><label for="players">%s</label>'
                   '<input id="players" type="number" min="%d" max="%d" value="%d" inputmode="numeric"'
                   ' aria-describedby="players-note">'
                   '<span class="field-note%s" id="players-note"%s>%s</span></div>'
                   % (t("setup.players"), info.min_players, info.max_players, n,
                      " fixed" if typed else "", ' role="alert"' if typed else "", esc(note)))
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
    if info.option_specs:
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
                   '<label for="blank50"><span>%s <span class="hint-text">%s'
                   '</span></span></label></div>' % (" checked" if blank else "", t("setup.blank50"), t("setup.blank50_default")))
        out.append("</fieldset>")
    out.append('<div class="field"><label for="speed">%s</label><select id="speed">' % t("setup.speed"))
    for speed in sess.SPEEDS:
        out.append('<option value="%s"%s>%s</option>' % (
            speed, " selected" if setup["speed"] == speed else "", t(sess.SPEED_KEYS[speed])))
    out.append("</select></div>")
    # Start game stays in view (a bar at the bottom of the screen) however long the form.
    out.append('<div class="buttons start-bar">%s</div>' % button(t("setup.start"), "start", cls="primary"))
    return "".join(out)


def play_now(setup, going=None):
    """Each game as one big action starting at once with the remembered seats, levels and rules;
    first, the game in progress (``going``, see :func:`setup_screen`): New game in the middle of
    one showed no way back but its Continue in the saved games, two screens down on a phone."""
    out = ['<div class="play-now" role="group" aria-labelledby="play-now-title">'
           '<h2 id="play-now-title">%s</h2><div class="play-cards">' % esc(t("play.now"))]
    if going:
        what = t("saves.item", game=t(sess.GAME_KEYS[going["game"]]), round=going["round"], players=going["players"])
        out.append(button('<span class="play-title">%s</span><span class="play-note">%s</span>' % (
            esc(t("setup.continue")), esc(what)), "continue", going["id"], cls="play-card continue"))
    # "Your last setup" only once there is one: a first visit's is the default.
    usual = sess.default_setup()
    first = all(setup.get(key) == usual[key] for key in usual if key != "seed")   # a seed is no choice
    note = "play.quick_note_first" if first else "play.quick_note"
    for g in sess.games.all_games():
        # What the card starts (seat 1 counted too: with computers alone it said one computer fewer).
        quick = sess.quick_setup(setup, g.name)
        n = quick["players"]
        others = [k for k in quick["seats"][:n] if k != "human"]
        out.append(button('<span class="play-title">%s</span><span class="play-note">%s</span>' % (
            esc(t("play.game", game=t(g.title_key))), esc(t(note, players=n, computers=len(others)))),
            "quick", g.name, cls="play-card"))
    out.append("</div>")
    # A newcomer's first question, under the buttons that start the games (the footer's
    # links lay below the whole setup, three screens down on a phone).
    # The links in a span of their own: wrapped, the second stays under the first, not under "How to play:".
    out.append('<p class="play-rules"><span>%s</span><span class="rules-list">%s</span></p></div>'
               % (esc(t("play.how_to")), rules_links()))
    return "".join(out)


def rules_links(names=None, new_tab=False):
    """Links to the rules pages of the games named (default: every game), in the registry's order
    (side by side: web/style.css spaces them); ``new_tab``: each opens in a tab of its own."""
    attrs = ' target="_blank" rel="noopener"' if new_tab else ""
    return "".join(['<a href="./%s"%s>%s</a>' % (g.rules_page, attrs, esc(t(g.rules_key)))
                    for g in sess.games.all_games() if names is None or g.name in names])


# --- playing -----------------------------------------------------------------

# The most tile backs a seat card draws; the count says the rest.
MAX_BACKS = 12


def view_of(s, seat):
    return s.game.view(seat if seat is not None else 0)


def status_line(s):
    """The status line's HTML: the presenter's parts, most important first, each a span
    (``status-part``) after a dot of its own.  The first, the game's title
    (``status-title``), a phone leaves out; on its one line a part that does not fit is
    left out whole, with its dot and the parts after it, rather than cut ("(rezerve..."
    in Latvian)."""
    v = s.game.view(0)
    parts = [say(p) for p in present.of(s.setup["game"]).status(s, v)]
    return '<span class="status-title">%s</span>%s' % (parts[0], "".join(
        ['<span class="status-part"><span class="status-dot"> &middot; </span>%s</span>' % p for p in parts[1:]]))


def recent(s, bottom):
    """Per seat, what it did since the person at the bottom last acted this round: ``{seat: [(action, phase)]}``."""
    out = {}
    for j in range(len(s.turns) - 1, -1, -1):
        seat, action, phase = s.turns[j]
        if seat == bottom and s.is_human(bottom):
            break
        out.setdefault(seat, []).insert(0, (action, phase))
    return out


def seat_order(n, bottom):
    """The seats clockwise from the person at the bottom: the others, left to right along the top."""
    return [(bottom + i) % n for i in range(1, n)]


def seat_card(s, seat, v, bottom, did, cls="", review=False, kinds=True):
    """One seat: name, kind, tiles left (as backs), score, turn state and what it did lately
    (``did``: ``[(words, tile played or None)]``, oldest first).

    ``review``: a step of a review or replay, where nobody is thinking (the
    moves are already made), so a computer's turn reads "to play" as a person's.
    ``kinds``: whether who plays each seat is known (not for a record brought in as text)."""
    game = s.game
    acting = game.current_seat()
    you = kinds and seat == bottom and s.is_human(seat)
    kind = t("seats.you") if you else (t("seats.human") if s.is_human(seat) else t(sess.SEAT_KIND_KEYS[s.kind(seat)]))
    # A computer's level alone where a phone's card is too narrow for "(computer, medium)"
    # (web/style.css): the whole words stay for a screen reader. "(com…" said nothing.
    short = "" if you or s.is_human(seat) else t(sess.SEAT_LEVEL_KEYS[s.kind(seat)])
    count = v["hand_sizes"][seat]
    backs = render.tile_backs_svg(min(count, MAX_BACKS), size=9, label=tn("hand.hidden", count)) if count else ""
    # Each fact a span: a narrow card wraps between them, never inside one (web/style.css).
    # The one the game names is "minor", with its comma: a card on one line leaves it out.
    shown = present.of(s.setup["game"])
    # The tile count carries its number too: a card on one line shows it as "11" and a tile.
    # The game's own facts (Moon's tricks against the bid) before the score: a card cut short
    # loses the score, the standing the side panel shows too ("tricks 0 of 5" was cut off).
    # The score carries its number too: a phone's strip shows it as the number alone.
    total = game.totals()[seat]
    facts = [(tn("seats.tiles", count), shown.SEAT_FACT_LEFT_OUT == "tiles", ("count", count))]
    facts.extend([(x, False, None) for x in shown.seat_lines(s, v, seat)])
    facts.append((t("seats.score", score=total), shown.SEAT_FACT_LEFT_OUT == "score", ("score", total)))
    state = ""
    turn = seat == acting
    if turn:
        if s.is_human(seat) or review:
            state = '<span class="seat-state to-play">&#9654;&nbsp;<span class="state-words">%s</span></span>' % esc(
                t("seats.to_play"))
        else:
            state = ('<span class="seat-state thinking"><span class="spinner" aria-hidden="true"></span>'
                     '<span class="state-words">%s</span></span>' % esc(t("play.thinking")))
    lately = ""
    if did:
        # All but the last in a span of their own, which a narrow card leaves out: "drew,
        # play..." lost the tile played, the part that matters (web/style.css).  A play is
        # also its tile alone, which a narrower card shows instead of the words ("played..."
        # in a third of a 360 px phone; the words are still read out).
        words, tile = did[-1]
        last = esc(words)
        if tile is not None:
            last = '<span class="did-words">%s</span><span class="did-tile" aria-hidden="true">%s</span>' % (
                last, esc(tile))
        lately = '<span class="seat-did">%s%s</span>' % (
            "".join(['<span class="did-early">%s, </span>' % esc(x) for x, _ in did[:-1]]), last)
    # What the seat is doing and did, on one line that is always there (empty, it keeps its
    # height): the cards, and the table under them, stay where they are from turn to turn.
    return ('<li class="seat-card%s%s" data-seat="%d" data-colour="%d"%s>'
            '<span class="seat-head">%s%s</span>'
            '<span class="seat-backs" role="img" aria-label="%s">%s</span>'
            '<span class="seat-info">%s</span><span class="seat-now">%s%s</span></li>' % (
                " acting" if turn else "", (" " + cls) if cls else "", seat, seat % 8,
                ' aria-current="true"' if turn else "", name_html(s.names[seat], "seat-name"),
                '<span class="seat-kind">%s</span>' % kind_html(kind, short) if kinds else "",
                esc(tn("hand.hidden", count)), backs,
                fact_list(facts), state, lately))


def kind_html(kind, short):
    """A seat's kind in brackets; with ``short`` (a computer's level) also that, shown instead
    on a narrow card, the whole words then kept for a screen reader only."""
    if not short:
        return "(%s)" % esc(kind)
    return '<span class="kind-full">(%s)</span><span class="kind-short" aria-hidden="true">%s</span>' % (
        esc(kind), esc(short))


def fact_list(facts):
    """``[(text, minor, number)]`` as spans joined by commas, a minor fact wrapped with one of its
    commas (the one after it, or before it when last) so that leaving it out leaves the text
    whole; a fact with a ``number`` (``(name, n)``, not None) has the class ``name`` and
    carries ``n`` as ``data-name``."""
    out = []
    sep = ""
    for i in range(len(facts)):
        text, minor, number = facts[i]
        fact = ('<span class="fact %s" data-%s="%d">%s</span>' % (number[0], number[0], number[1], esc(text))
                if number is not None else '<span class="fact">%s</span>' % esc(text))
        if not minor:
            out.append(sep + fact)
        elif i + 1 < len(facts):
            out.append(sep + '<span class="minor">%s, </span>' % fact)
            sep = ""
            continue
        else:
            out.append('<span class="minor">%s%s</span>' % (sep, fact))
        sep = ", "
    return "".join(out)


def seat_cards(s, viewer, bottom=None, review=False, kinds=True):
    """``(opponents html, own card html)``: the other seats along the top, the bottom seat's own card
    (``review``, ``kinds``: see :func:`seat_card`)."""
    if bottom is None:
        bottom = viewer if viewer is not None else 0
    v = view_of(s, viewer)
    p = present.of(s.setup["game"])
    lately = recent(s, bottom)
    words = {}
    for seat in range(s.game.players):
        words[seat] = [(p.did(a, ph), p.played_tile(a, ph)) for a, ph in lately.get(seat, [])][-3:]
    top = ['<ul class="seats-bar" aria-label="%s">' % esc(t("seats.label"))]
    for seat in seat_order(s.game.players, bottom):
        top.append(seat_card(s, seat, v, bottom, words[seat], review=review, kinds=kinds))
    top.append("</ul>")
    me = '<ul class="seat-me" aria-label="%s">%s</ul>' % (
        esc(t("play.bottom_seat")), seat_card(s, bottom, v, bottom, [], "me", review, kinds))
    return "".join(top), me


def marks(s, bottom):
    """``[(tile, seat)]``: tiles played since the bottom seat's last turn, to mark in each player's colour."""
    p = present.of(s.setup["game"])
    out = []
    lately = recent(s, bottom)
    for seat in sorted(lately):
        for action, phase in lately[seat]:
            tile = p.played_tile(action, phase)
            if tile is not None:
                out.append((tile, seat))
    return out


def board(s, viewer, targets, shape, bottom):
    """``(board html, note)`` of the game's presenter, each tile played since the bottom seat's turn marked.

    The marks (``data-by``: the player's colour) are part of the HTML, so
    the page never looks tiles up in the DOM after drawing them.
    """
    v = view_of(s, viewer)
    return present.of(s.setup["game"]).board(s, v, targets, shape, last_played(s), bottom, dict(marks(s, bottom)))


def board_frame(game):
    return present.of(game).frame()


def last_played(s):
    """The tile of this round's last play (to highlight it), or None."""
    if not s.turns:
        return None
    seat, action, phase = s.turns[-1]
    return present.of(s.setup["game"]).played_tile(action, phase)


def hand_panel(s, seat, selected, hint, why=None, shared=False):
    """The acting human's action row (actions, a chosen tile's places, Why) and their hand;
    ``shared``: people share the screen, and the rack keeps the room its hand-over screen
    kept (:func:`unseen_hand_room`).

    While a Moon hand is bid or trumps are named, the tiles are what the
    person judges by: drawn in full colour, as pictures, not as unavailable
    buttons (and no "why can't I play" then).
    """
    v = s.game.view(seat)
    legal = v["legal"]
    shown = present.of(s.setup["game"])
    face_up = shown.tiles_face_up(v)
    new = shown.new_tile(v)
    out = ['<div class="action-row">']
    others = [a for a in legal if sess.tile_of(a) is None]
    if others:
        out.append('<div class="actions" role="group" aria-label="%s">' % t("hand.actions"))
        bids = [a for a in others if a.isdigit()]
        for a in others:
            if bids and a == bids[0]:
                # What a narrow row says once before the bids it shows as numbers (their word
                # left out, web/style.css): "Bid" as the bids' own words have it.
                out.append('<span class="bid-head" aria-hidden="true">%s</span>' % esc(t("action.bid", bid="").strip()))
            words = action_label(a)
            out.append(button(action_html(a, words), "act", a,
                              cls="action" + (" bid" if a in bids else "") + (" hint" if a == hint else ""),
                              aria=words if a in bids else None))
        out.append("</div>")
    if selected:
        places = [a for a in legal if sess.tile_of(a) == selected]
        if len(places) > 1:
            # data-n: how many, for the phone's CSS to choose how much of each a row has room for.
            out.append('<div class="places" role="group" aria-label="%s" data-n="%d">' % (
                t("hand.places", tile=selected), len(places)))
            for i in range(len(places)):
                target = places[i].split(">")[1]
                # Its name in words; on a phone it shows the number on the table's badge and the
                # tile it joins ("2 · 8-6"): five places in words took three rows from the table.
                words = t("hand.place", n=i + 1, tile=selected, target=target)
                label = ('<span class="place-words">%s</span>'
                         '<span class="place-short">%d<span class="place-to"> &middot; %s</span></span>') % (
                    esc(words), i + 1, esc(target))
                out.append(button(label, "act", places[i], cls="place" + (" hint" if places[i] == hint else ""),
                                  aria=words))
            # A cross where six places leave no room for the word (web/style.css); its name stays the word.
            out.append(button('<span class="cancel-word">%s</span><span class="cancel-cross" aria-hidden="true">'
                              '&#x2715;</span>' % esc(t("hand.cancel")), "select", "", aria=t("hand.cancel")))
            out.append("</div>")
    blocked = [x for x in v["hand"] if not [a for a in legal if sess.tile_of(a) == x]]
    show_why = face_up and blocked and v["phase"] != "discard"
    if show_why:
        # A second press (or a tap on the answer) closes the answer: on a phone it lies over the
        # table's foot, and stayed there until the next move.
        out.append(button(say(tn("hand.why", len(blocked), tile=blocked[0])), "why",
                          cls="why-btn", extra=' aria-controls="why" aria-expanded="%s"' % ("true" if why else "false")))
    if v["phase"] == "discard":
        # In the row the actions take at other times: the hand stays where it is, with no empty row above it.
        out.append('<p class="prompt discard-prompt">%s</p>' % say(t("prompt.discard", tile=v["widow"] or "")))
    out.append("</div>")
    out.append('<div class="hand" role="group" aria-label="%s">' % t("hand.your_tiles"))
    if not face_up:
        out.append("".join([look_tile(x) for x in v["hand"]]))
    hint_tile = sess.tile_of(hint) if hint else None
    for tile in v["hand"] if face_up else []:
        moves = [a for a in legal if sess.tile_of(a) == tile]
        # The tile just drawn (or Moon's widow) says so: a dashed outline alone told no screen reader.
        named = t("hand.new_tile", tile=tile) if tile == new else tile
        label = named if moves or v["phase"] == "discard" else t("hand.blocked_tile", tile=named)
        cls = "tile-btn"
        if tile == selected:
            cls += " selected"
        if tile == hint_tile:
            cls += " hint"
        if tile == new:
            cls += " drawn"
        extra = ' aria-pressed="%s"' % ("true" if tile == selected else "false") if len(moves) > 1 else ""
        # Where drag.js may drop the tile: the table tiles it joins, or (Moon) the table.
        if moves and ">" in moves[0]:
            extra += ' data-targets="%s"' % " ".join([m.split(">")[1] for m in moves])
        elif moves and v["phase"] == "play":
            extra += ' data-drop="board"'
        out.append(button(render.hand_tile_svg(tile), "tile", tile, cls=cls, disabled=not moves, aria=label,
                          extra=extra))
    out.append(_SLOT * (shown.hand_room(v, unseen=shared) - len(v["hand"])))
    out.append("</div>")
    if show_why:
        out.append('<p class="why-text" id="why" data-act="why-close"%s>%s</p>' % ("" if why else " hidden", say(why or "")))
    return "".join(out)


# An empty place in the hand, the size of a tile button: room for a tile the turn may bring
# (the presenter's hand_room), so that it does not wrap the hand onto a new row.
_SLOT = ('<span class="hand-slot" aria-hidden="true"><svg xmlns="http://www.w3.org/2000/svg" class="tile" '
         'viewBox="0 0 104 204" width="37" height="73"></svg></span>')


def look_tile(tile):
    """A hand tile to look at, not to press: the same size and place as a tile button."""
    return '<span class="tile-btn look">%s</span>' % render.hand_tile_svg(tile)


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


# The move log's lines shown (the page's and a review's): the latest moves stay in sight
# without scrolling.
LOG_LINES = 60


def log_items(s):
    """The move log's items, newest first."""
    return last_items(s.log, s.steps)


def last_items(lines, steps, count=LOG_LINES):
    """:func:`numbered_items` of the last ``count`` of ``lines``, each numbered as in them all:
    the first shown counts on from the move line before it."""
    before = None
    for i in range(len(steps) - count - 1, -1, -1):
        if steps[i] is not None:
            before = steps[i]
            break
    return numbered_items(lines[-count:], steps[-count:], before)


def numbered_items(lines, steps, before=None):
    """The items of ``lines``, newest first, each move numbered as a review numbers it (its
    ``steps``, as long: see ``Session.steps``): "45." is the line a review's "Move 45" ends
    with.  A line that is no move (a round's start or end) goes unnumbered.  A line of
    several moves (a draw and the pass after it) carries its first in ``data-from``, so
    that it reads "35–36." (web/style.css; ``data-digits``: how wide the other lines' numbers
    are there) where "36." after "34." looked like a lost move.
    ``before``: the step of the move line before ``lines``, if any (a log shown in part)."""
    # Each numbered line's first move: one after the numbered line before it.
    first = [None] * len(lines)
    for i in range(len(lines)):
        if steps[i] is not None:
            if before is not None and steps[i] > before + 1:
                first[i] = before + 1
            before = steps[i]
    out = []
    kept = _LOG_ITEMS
    for i in range(len(lines) - 1, -1, -1):
        key = (lines[i], steps[i], first[i])
        item = kept.get(key)
        if item is None:
            if len(kept) >= 500:
                kept.clear()
            if steps[i] is None:
                item = '<li class="note">%s</li>' % say(lines[i])
            elif first[i] is None:
                item = '<li value="%d">%s</li>' % (steps[i], say(lines[i]))
            else:
                item = '<li value="%d" data-from="%d" data-digits="%d">%s</li>' % (
                    steps[i], first[i], len(str(steps[i])), say(lines[i]))
            kept[key] = item
        out.append(item)
    return "".join(out)


# Each line's item as drawn (a line's HTML depends on its text and number alone): a move
# redrew the sixty lines anew, 0.8 ms of MicroPython, for the one line it added.
_LOG_ITEMS = {}


def tools(s, can_undo, can_hint, show_new=True, undo_note=None, can_review=False, side_open=False, hinting=False,
          undo_said=False):
    """The tools row; ``hinting``: a hint is being thought of (the Hint button says so, its size kept).
    ``undo_note``: why Undo is refused, if it is: the button then answers a press with its note
    (``undo_said``: pressed, the note shown even where the bar has no room for it)."""
    note = ""
    if undo_note:
        words = esc(t("undo.refused", reason=undo_note))
        note = '<p class="undo-note" id="undo-note">%s</p>' % words
        if undo_said:
            note += '<p class="undo-said" role="status">%s</p>' % words
        undo = button(t("tools.undo"), "undo-why", cls="refused",
                      extra=' aria-disabled="true" aria-describedby="undo-note"')
    else:
        undo = button(t("tools.undo"), "undo", disabled=not can_undo)
    return '<div class="tools">%s%s%s%s%s%s</div>' % (
        undo,
        button(t("tools.hint"), "hint", disabled=not can_hint, cls="busy" if hinting else "",
               extra=' aria-busy="true" aria-disabled="true"' if hinting else ""),
        button(t("tools.review"), "review", "start", disabled=not can_review),
        button(t("tools.new_game"), "new") if show_new else "",
        side_toggle(side_open), note)


def side_toggle(side_open):
    """Where the side panel is a drawer (a phone), the button that opens it (else unseen)."""
    return button('<span aria-hidden="true">&#9776;</span><span class="sr-only">%s</span>' % esc(t("play.side")),
                  "side", cls="side-toggle",
                  extra=' aria-controls="g-side" aria-expanded="%s"' % ("true" if side_open else "false"))


def theme_picker(theme):
    """The colour theme: follow the system (auto), light or dark."""
    out = ['<label class="theme-picker"><span>%s</span><select id="theme">' % esc(t("play.theme"))]
    for value, label in (("auto", t("play.theme_auto")), ("light", t("play.theme_light")),
                         ("dark", t("play.theme_dark"))):
        out.append('<option value="%s"%s>%s</option>' % (value, " selected" if value == theme else "", esc(label)))
    out.append("</select></label>")
    return "".join(out)


# The stepping buttons' marks: a phone shows them instead of the words (which stay the buttons'
# names), so that the four fit one row and the table above keeps its height (web/style.css).
STEP_MARKS = {"first": "\u00ab", "previous": "\u2039", "next": "\u203a", "last": "\u00bb"}


def step_label(word, mark):
    """A stepping button's label: ``word`` (escaped here) and its ``STEP_MARKS`` mark."""
    return '<span class="step-mark" aria-hidden="true">%s</span><span class="step-word">%s</span>' % (
        STEP_MARKS[mark], esc(word))


def review_step(text):
    """Where a review (or a replay) is, in words (``text``)."""
    return '<p class="review-step" id="review-step">%s</p>' % say(text)


def review_panel(text, step, total):
    """Stepping back through the game: where we are (``text``) and the buttons to move."""
    return ('<div class="review" role="group" aria-label="%s">'
            '%s<div class="review-actions">%s%s%s%s</div></div>' % (
                t("tools.review"), review_step(text),
                button(step_label(t("review.first"), "first"), "review", "-100000", disabled=step == 0),
                button(step_label(t("review.previous"), "previous"), "review", "-1", disabled=step == 0),
                button(step_label(t("review.next"), "next"), "review", "1", disabled=step >= total),
                button(step_label(t("review.latest"), "last"), "review", "100000", disabled=step >= total)))


def review_back():
    """The way out of a review, back to the game (in the tools row, where Review moves was)."""
    return button(t("review.back"), "review", "end", cls="primary")


def summary_panel(s, narrow=False):
    """Between rounds and at the end: the result first (the heading gets focus), then the details.
    ``narrow``: a phone's screen (the chart drawn for it)."""
    game = s.game
    over = game.is_over()
    out = ['<section class="summary%s" aria-labelledby="summary-title"><div class="summary-cols">'
           '<div class="summary-main">' % (" final" if over else "")]
    title = t("summary.game_over") if over else t("summary.round_over", round=game.round_count())
    out.append('<h2 id="summary-title" tabindex="-1">%s</h2>' % esc(title))
    if over:
        out.append('<p class="winner"><span class="trophy" aria-hidden="true">&#9733;</span> %s</p>'
                   % say(s.winner_text()))
    # (The heading names the round between rounds; at the end, the line does, the winner's its own.)
    out.append('<p class="result">%s</p>' % say(s.round_result(winner=False) if over else s.round_outcome()))
    out.append('<div class="buttons">')
    if over:
        out.append(button(t("play.rematch"), "rematch", cls="primary"))
        out.append(button(t("tools.new_game"), "new"))
    else:
        out.append(button(t("summary.next_round"), "next", cls="primary"))
        out.append(button(t("tools.new_game"), "new"))
    out.append("</div>")
    if over:
        out.append(ranking(s))
    out.append('<div class="revealed">%s</div>' % present.of(s.setup["game"]).summary_hands(s))
    # The scores in a part of their own: a wide screen sets them beside the result and hands.
    out.append('</div><div class="summary-scores">%s</div></div>' % score_sheet(s, narrow=narrow))
    out.append("</section>")
    return "".join(out)


def ranking(s):
    """The final ranking: the winners first (a Moon shot wins whatever the totals), then by total.

    Whether the lowest total ranks first is read off the winners: the
    engine's ``winners()`` decides, the page does not know each game's rule.
    """
    totals = s.game.totals()
    wins = s.game.winners()
    low_wins = bool(wins) and totals[wins[0]] == min(totals) and min(totals) != max(totals)
    rest = sorted([i for i in range(len(totals)) if i not in wins], key=lambda i: (totals[i] if low_wins else -totals[i], i))
    order = list(wins) + rest
    out = ['<ol class="ranking" aria-label="%s">' % esc(t("play.ranking"))]
    # Equals share a place ("1. Ana, 1. Ben" for a shared win; a tie behind them likewise).
    standing = [None if i in wins else totals[i] for i in order]
    place = 1
    for n in range(len(order)):
        i = order[n]
        if n and standing[n] != standing[n - 1]:
            place = n + 1
        out.append('<li class="%s" value="%d" data-seat="%d">%s <span class="rank-score">%s</span></li>' % (
            "first" if i in wins else "", place, i, name_html(s.names[i]), esc(t("seats.score", score=totals[i]))))
    out.append("</ol>")
    return "".join(out)


# A long Moon game has a thousand hands and more: the sheet lists the last
# SHEET_ROWS of them and one row adding up the ones before (a table of them
# all would make each step of a replay a long task); the chart draws at most
# CHART_POINTS points of each line.
SHEET_ROWS = 40
CHART_POINTS = 201
# A phone's summary has room for this many players' columns; with more, a row for each player
# (sheet_by_seat): eight columns took 496 px of its 350, three of them a scroll away (the
# winner's among them at the game's end).
SHEET_ACROSS = 4


def running_totals(rounds, n):
    """Each seat's running total after 0, 1, ... rounds (the chart's series)."""
    series = [[0] for _ in range(n)]
    for row in rounds:
        for seat in range(n):
            series[seat].append(series[seat][-1] + row[seat])
    return series


def sheet_open(cls):
    """The score sheet's scrolling box (a named region a keyboard can scroll), its table of class
    ``cls`` and its caption, left open."""
    return ('<div class="scores-wrap" tabindex="0" role="region" aria-label="%s"><table class="%s"><caption>%s</caption>'
            % (t("scores.sheet"), cls, t("scores.sheet")))


def sheet_by_seat(s, rounds):
    """The score sheet with a row per player: the name, the total, then the rounds, the latest
    first (what a narrow screen shows; older rounds a scroll away), the last SHEET_ROWS of them."""
    n = s.game.players
    totals = s.game.totals()
    shown = range(len(rounds) - 1, max(-1, len(rounds) - 1 - SHEET_ROWS), -1)
    out = [sheet_open("scores by-seat"),
           '<thead><tr><th scope="col" rowspan="2">%s</th><th scope="col" rowspan="2">%s</th>'
           '<th scope="colgroup" colspan="%d" class="rounds">%s</th></tr><tr>%s</tr></thead><tbody>' % (
               t("scores.player"), t("scores.total"), len(shown), esc(t("scores.round")),
               "".join(['<th scope="col">%d</th>' % (i + 1) for i in shown]))]
    for seat in range(n):
        out.append('<tr><th scope="row">%s</th><td class="total">%d</td>%s</tr>' % (
            name_html(s.names[seat]), totals[seat],
            "".join(["<td>%d</td>" % rounds[i][seat] for i in shown])))
    out.append("</tbody></table></div>")
    return "".join(out)


def score_sheet(s, with_chart=True, narrow=False):
    rounds = s.game.round_scores()
    n = s.game.players
    if narrow and n > SHEET_ACROSS:
        return sheet_by_seat(s, rounds) + (chart(s, running_totals(rounds, n), narrow) if with_chart else "")
    out = [sheet_open("scores"), '<thead><tr><th scope="col">%s</th>' % t("scores.round")]
    for seat in range(n):
        out.append('<th scope="col">%s</th>' % name_html(s.names[seat]))
    out.append("</tr></thead><tbody>")
    series = running_totals(rounds, n)
    folded = len(rounds) - SHEET_ROWS if len(rounds) > SHEET_ROWS + 1 else 0
    for i in range(len(rounds)):
        if i + 1 == folded:
            out.append('<tr class="folded"><th scope="row">%s</th>%s</tr>' % (
                esc(t("scores.folded", first=1, last=folded)),
                "".join(["<td>%d</td>" % series[seat][i + 1] for seat in range(n)])))
        elif i >= folded:
            out.append('<tr><th scope="row">%d</th>%s</tr>' % (i + 1, "".join(["<td>%d</td>" % x for x in rounds[i]])))
    out.append('</tbody><tfoot><tr><th scope="row">%s</th>%s</tr></tfoot></table>'
               % (t("scores.total"), "".join(["<td>%d</td>" % x for x in s.game.totals()])))
    out.append("</div>")
    if with_chart:
        out.append(chart(s, series, narrow))
    return "".join(out)


# Each seat's line and label: its colour (class cN, web/style.css: the seat cards' colours,
# lighter on a dark page) and its dash, so the lines stay apart without colour too.
DASHES = ["", "8 4", "2 4", "12 4 2 4", "4 4", "1 3", "10 2", "6 3 1 3"]
LABEL_GAP = 15   # px between two end labels' baselines: they never overlap
CHART_ROW = 25   # units a phone's plot grows by for each player past four


def spread(ys, gap, lo, hi):
    """``ys`` moved apart so that neighbours are at least ``gap`` apart, kept within [lo, hi]."""
    order = sorted(range(len(ys)), key=lambda i: (ys[i], i))
    out = list(ys)
    for k in range(1, len(order)):
        out[order[k]] = max(out[order[k]], out[order[k - 1]] + gap)
    over = out[order[-1]] - hi
    if over > 0:
        for i in order:
            out[i] -= over
    for k in range(len(order)):
        out[order[k]] = max(out[order[k]], lo + k * gap)
    return out


def chart(s, series, narrow=False):
    """A line chart of the running totals: axes with values, one line per seat, dashed differently.

    ``narrow``: for a phone, a narrower plot (its picture drawn near its own size, class
    ``narrow`` for larger words): the wide one, 474 units in 324-354 px, drew its numbers at 7.5-8 px."""
    points = len(series[0])
    if points < 2:
        return ""
    lo = 0
    hi = 1
    for line in series:
        for value in line:
            lo = min(lo, value)
            hi = max(hi, value)
    # A phone's plot grows with the players: eight lines in its 140 units (about 135 px high)
    # ran into each other, and their end labels took its whole height.
    left, top, w, h = 44, 12, (180 if narrow else 300), 140 + (CHART_ROW * max(0, len(series) - 4) if narrow else 0)
    label_x = left + w + 10
    label_w = 130 if narrow else 120     # a name cut to nine letters and a total of three digits
    out = ['<svg class="chart%s" viewBox="0 0 %d %d" role="img" aria-label="%s">'
           % (" narrow" if narrow else "", label_x + label_w, top + h + 40, esc(t("scores.chart")))]
    # Axes: points up the side (lowest, highest and zero), rounds along the bottom.
    out.append('<g class="axis"><line x1="%d" y1="%d" x2="%d" y2="%d"/><line x1="%d" y1="%d" x2="%d" y2="%d"/>'
               % (left, top, left, top + h, left, top + h, left + w, top + h))
    ticks = [lo, hi] if lo == 0 else [lo, 0, hi]
    for value in ticks:
        y = top + (hi - value) * h // (hi - lo)
        out.append('<text x="%d" y="%d" text-anchor="end">%d</text><line class="grid" x1="%d" y1="%d" x2="%d" y2="%d"/>'
                   % (left - 6, y + 4, value, left, y, left + w, y))
    step = max(1, (points - 1) // 10)
    for i in range(0, points, step):
        x = left + i * w // (points - 1)
        out.append('<text x="%d" y="%d" text-anchor="middle">%d</text>' % (x, top + h + 16, i))
    out.append('<text x="%d" y="%d" text-anchor="middle">%s</text>' % (left + w // 2, top + h + 34, esc(t("scores.round"))))
    out.append('<text x="12" y="%d" text-anchor="middle" transform="rotate(-90 12 %d)">%s</text></g>'
               % (top + h // 2, top + h // 2, esc(t("play.points"))))
    ends = []
    # Every round's point when they are few, else evenly spaced ones (the last always).
    every = (points - 1 + CHART_POINTS - 2) // (CHART_POINTS - 1)
    drawn = list(range(0, points - 1, every)) + [points - 1]
    for seat in range(len(series)):
        pts = []
        for i in drawn:
            x = left + i * w // (points - 1)
            y = top + (hi - series[seat][i]) * h // (hi - lo)
            pts.append("%d,%d" % (x, y))
        ends.append(top + (hi - series[seat][-1]) * h // (hi - lo) + 4)
        out.append('<polyline class="c%d" points="%s" fill="none" stroke-width="3" stroke-dasharray="%s"/>'
                   % (seat % 8, " ".join(pts), DASHES[seat % 8]))
    ys = spread(ends, LABEL_GAP, top + 4, top + h + 28)
    for seat in range(len(series)):
        name = s.names[seat]
        short = cut_name(name, 9)
        out.append('<text class="end-label c%d" x="%d" y="%d" data-seat="%d"><tspan unicode-bidi="isolate">%s</tspan> %d</text>'
                   % (seat % 8, label_x, ys[seat], seat, esc(short), series[seat][-1]))
    out.append("</svg>")
    return "".join(out)


def action_html(action, label):
    """An action's button words (``label``: its name).  A bid's words around its number ("Bid",
    ": shoot the moon") are spans that a narrow row leaves out (web/style.css), its name staying
    the words: on a phone the bids took a second row (at 390 px in English, at every phone width
    in Latvian, Albanian and Swahili), a row the table gave up while bidding, and that the
    hand-over screen could not keep for it."""
    if not action.isdigit() or action not in label:
        return label
    at = label.find(action)
    return '<span class="bid-word">%s</span>%s<span class="gloss">%s</span>' % (
        label[:at], action, label[at + len(action):])


def unseen_hand_room(s, seat):
    """How many tiles ``seat``'s rack keeps room for where people share the screen: the
    presenter's hand_room ``unseen``, whatever the hidden hand can do (one place more only
    while it may draw told everyone at the screen that the hidden hand could not play).  The
    hand-over screen and the rack shown after it both keep it: the table stays where it is."""
    return present.of(s.setup["game"]).hand_room(s.game.view(seat), unseen=True)


def pass_screen(names, seat, room=0):
    """Hot seat: the hand stays hidden until its owner has the device, named with their seat
    when another player has the same name (two Anas were told only "Pass the device to Ana").

    It stands over the room the turn's rack will take (``room``: :func:`unseen_hand_room`),
    unseen, so that the table keeps its size as the hand is shown: it grew and shrank at every
    hand-over (392 and 287 px on a laptop, its tiles moving 50 px).
    """
    name = iso(names[seat])
    if names.count(names[seat]) > 1:
        name = t("replay.seat_label", name=name, n=seat + 1)
    return unseen_room(room, '<div class="pass-device" role="group" aria-labelledby="pass-title"><h2 id="pass-title">%s'
                             '</h2><p>%s</p>%s</div>' % (say(t("pass.title", name=name)), say(t("pass.look_away", name=name)),
                                                         button(t("pass.show"), "reveal", cls="primary")))


def unseen_room(room, over=""):
    """The room of a rack of ``room`` tiles, unseen, with ``over`` drawn over it: a hand-over
    screen, or nothing while a computer plays between people sharing the screen (the rack was
    empty then, and the table grew 141 px for the computer's turn and shrank back at the
    hand-over after it)."""
    return ('<div class="pass-wrap"><div class="pass-room" aria-hidden="true"><div class="action-row"></div>'
            '<div class="hand">%s</div></div>%s</div>' % (_SLOT * room, over))


def hand_panel_readonly(s, seat, steady=True):
    """A human's hand while others act: pictures, not buttons, the same size and place as their turn's
    (``steady``: an empty row where their turn's actions go, so the hand does not move then; a
    review has no turn to come, and on a phone that row pushed the hand's second row off screen)."""
    hand = s.game.view(seat)["hand"]
    return '%s<div class="hand readonly" role="group" aria-label="%s">%s</div>' % (
        '<div class="action-row"></div>' if steady else "",
        esc(t("hand.tiles_of", name=s.iso(seat))), "".join([look_tile(x) for x in hand]))
