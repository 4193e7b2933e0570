"""Chicken Foot at the table: status, the table picture and its note, the summary's hands.

The table picture itself is ``engine.render.table_svg`` (fitted into its box
by ``web/panzoom.js``); this module chooses what goes into it.
"""

from engine import layout, render
from engine import record as records
from engine.render import escape as esc

from app.i18n import listed, t, tn
from app.names import html as say, name_html
from app.words import table_words

# Per screen shape (the region the table's lines keep to, see
# engine.layout): the smallest picture (viewBox units), so that a small
# table is not blown up.  The wide one: a 1366x768 desktop's table box
# (about 1028x350 px) draws a tile 50 units across on its short side at
# 350 / 560 * 50 = 31 px until the table outgrows it (1500x780 drew 22 px,
# under half the hand's tiles, with most of the felt bare).
TABLE_SHAPES = {"wide": [1100, 560], "narrow": [1008, 896]}
TABLE_SHAPES["frame"] = TABLE_SHAPES["wide"]    # a rules diagram's frame (web/embed)
# A diagram in a narrow frame (a phone's, "frame-narrow") has no zoom, unlike the
# game's table, which follows play: its picture is the box its round's last step
# needs, but at least this round the centre (a tile's short side about 30 px across
# a 318 px frame; the game's narrow size drew the opening's lone centre 16 px across).
DIAGRAM_NARROW = [560, 500]
TABLE_SHAPES["frame-narrow"] = DIAGRAM_NARROW
# Fit's picture: four corners framing the table (shown instead of the word on a phone).
FIT_ICON = ('<svg class="fit-icon" viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">'
            '<path d="M2 7V2h5M13 2h5v5M18 13v5h-5M7 18H2v-5" fill="none" stroke="currentColor" stroke-width="2.4"/>'
            '</svg>')


def status(s, v):
    """The status line's parts (plain text), the game's title first (screens.status_line)."""
    return [t("game.chicken_foot"), t("status.round_of", round=s.game.round_count(), rounds=v["rounds"]),
            tn("status.yard", v["yard_size"]), t("status.reserve", reserve=v["yard_reserve"])]


def seat_lines(s, v, seat):
    """Extra facts a seat card shows (none in Chicken Foot)."""
    return []


# The shared seat fact a card on one line leaves out (screens.seat_card): in a round the
# danger is who is about to go out; the scores are in the side panel.
SEAT_FACT_LEFT_OUT = "score"


def tiles_face_up(v):
    """Whether the acting person's tiles are choices now (always, in Chicken Foot)."""
    return True


def hand_room(v, unseen=False):
    """How many tiles the acting seat's rack keeps room for (engine.layout.rack_room: one more
    while it may draw; ``unseen``: as a hand-over may show it, see there)."""
    return layout.rack_room(v, unseen)


def new_tile(v):
    """The hand tile the acting person just took and may want to find: the tile they drew."""
    return v.get("drawn_tile")


def frame():
    """The board's fixed HTML: zoom tools and the view port that panzoom.js transforms."""
    return ('<div class="board-tools" role="group" aria-label="%s">'
            '<button type="button" data-zoom="in" aria-label="%s" title="%s">+</button>'
            '<button type="button" data-zoom="out" aria-label="%s" title="%s">&#8722;</button>'
            # During play Fit is an icon (its name stays the word, its tooltip says it): the
            # tools' corner, which the phone's table keeps free, is then smaller, and the room
            # a desktop keeps for them beside the seat cards the same in every language.
            '<button type="button" data-zoom="fit" aria-label="%s" title="%s">%s<span class="fit-word">%s</span></button></div>'
            '<div class="cf-board" id="cf-view" tabindex="0" role="region" aria-label="%s">'
            '<div class="zoomer" id="g-table"></div></div><p class="foot-note" id="g-note"></p>'
            % (t("board.view"), t("board.zoom_in"), t("board.zoom_in"), t("board.zoom_out"), t("board.zoom_out"),
               t("board.fit"), t("board.fit"), FIT_ICON, t("board.fit"), t("board.view_help")))


def board(s, v, targets, shape, fresh, bottom, marks=None, min_size=None):
    """``(table html, note html)``: the table picture and what must be covered first.

    ``marks`` (``{tile: seat}``) gives tiles their player's colour (``data-by``);
    ``min_size`` the smallest picture, if not the shape's (:data:`TABLE_SHAPES`).
    """
    min_size = min_size or TABLE_SHAPES[shape]
    note = ""
    foot = v.get("open_foot")
    if foot:
        note = say(tn("note.foot", foot["needed"], tile=foot["tile"]))
    elif v["spokes"] < v["spokes_needed"]:
        # Marked: unlike a foot's, this count has no label on the table, so a phone lets this
        # note take a second line rather than cut it (web/style.css).
        note = '<span class="spokes-note">%s</span>' % say(tn("note.spokes", v["spokes_needed"] - v["spokes"],
                                                               tile=v["double"]))
    html = render.table_svg(v, targets, shape=shape, min_size=min_size, fresh=fresh, words=table_words(v))
    return mark(html, marks), note


def mark(html, marks):
    """The table ``html`` with each tile of ``marks`` (``{tile: seat}``) coloured as its player's (``data-by``)."""
    for tile in sorted(marks or {}):
        html = html.replace('<g data-tile="%s"' % tile, '<g data-tile="%s" data-by="%d"' % (tile, marks[tile] % 8), 1)
    return html


def did(action, phase):
    """A few words at a seat for one of its actions since the person's last turn."""
    if action == "draw":
        return t("play.did_drew")
    if action == "pass":
        return t("play.did_passed")
    return t("play.did_played", tile=action.split(">")[0])


def played_tile(action, phase):
    """The tile an action put on the table, or None."""
    return action.split(">")[0] if ">" in action else None


def summary_hands(s):
    """Every hand at the round's end with its pips as scored (the engine counts them)."""
    game = s.game
    out = []
    for seat in range(game.players):
        hand = game.view(seat)["hand"]
        pips = game.hand_score(hand)
        out.append('<div class="revealed-hand" data-seat="%d"><strong>%s</strong>: %s '
                   '<span class="pips" data-pips="%d">(%s)</span><div class="hand">%s</div></div>' % (
                       seat, name_html(s.names[seat]),
                       esc(t("summary.no_tiles") if not hand else tn("seats.tiles", len(hand))), pips,
                       esc(tn("summary.pips", pips)), "".join([render.tile_svg(x, size=20) for x in hand])))
    return "".join(out)



# --- the game's words (app.session asks: the log, the round's result, why a tile cannot go) ---

def round_intro(s, v):
    """The log's words for a new round: its centre double and who leads."""
    return t("log.cf_intro", double=v["double"], name=s.iso(v["first"]))


def log_move(s, seat, action, phase):
    """Add ``seat``'s ``action`` to the session's log (a draw then a pass reads as one line)."""
    name = s.iso(seat)
    if action == "draw":
        s.log.append(t("log.drew", name=name))
    elif action == "pass":
        if s.log and s.log[-1] == t("log.drew", name=name):
            s.log[-1] = t("log.drew_passed", name=name)
        else:
            s.log.append(t("log.passed", name=name))
    else:
        tile, target = action.split(">")
        s.log.append(t("log.cf_played", name=name, tile=tile, target=target))


def score_words(points):
    """A round's score for a seat, as the result line says it (pips: lower is better)."""
    return str(points)


def round_head(s, scores, v):
    """How the round ended: who went out, or who won the blocked round (the fewest pips)."""
    if v.get("went_out") is not None:
        return t("result.went_out", name=s.iso(v["went_out"]))
    low = min(scores)
    best = [s.iso(i) for i in range(s.game.players) if scores[i] == low]
    # (Each seat's pips follow the outcome in brackets: the fewest are there.)
    # ("Ana, Ben won the round": two winners are "Ana and Ben", and a verb of their number.)
    return t("result.blocked") + "; " + tn("play.blocked_best", len(best), names=listed(best))


def trial_action(v, tile):
    """``(reason, action)``: the play of hand ``tile`` to ask the engine why not (reason None: ask it)."""
    return None, tile + ">" + natural_target(v)


def natural_target(v):
    """The table tile a play would most naturally join, to ask the engine why not."""
    foot = v.get("open_foot")
    if foot:
        return foot["tile"]
    if v["spokes"] < v["spokes_needed"]:
        return v["double"]
    for end in v.get("open_ends") or []:
        a, b = end[0].split("-")
        if a != b:
            return end[0]
    return v["double"]


# --- the embeds (web/embed/picture.py): a recorded position drawn as the page draws it ---

def move_words(who, action, phase):
    """A sentence for ``who`` (a plain name) taking ``action``: the embed's "last move" line."""
    if action == "draw":
        return t("embed.drew", name=who)
    if action == "pass":
        return t("log.passed", name=who)
    tile, target = action.split(">")
    return t("log.cf_played", name=who, tile=tile, target=target)


_ROUND_END = {}


def diagram_size(game, rec, shape="frame-narrow"):
    """A narrow diagram's smallest picture, ``[x, y, w, h]``: the box of the table at the end
    of ``game``'s round in ``rec``, its open foot's label included (every step of the round
    then has one scale, and no tile moves on screen from one step to the next), and at least
    :data:`DIAGRAM_NARROW` round the centre double."""
    rounds = rec.get("rounds") or []
    r = max(0, min(len(rounds), game.round_count()) - 1)
    step = sum([len(x.get("actions") or []) for x in rounds[:r + 1]])
    key = (id(rec), r, step, shape)
    if key not in _ROUND_END:
        _ROUND_END.clear()      # (one diagram's steps ask for the same round)
        end = records.replay(rec, step).view(0)
        least = [-(DIAGRAM_NARROW[0] // 2), -(DIAGRAM_NARROW[1] // 2), DIAGRAM_NARROW[0], DIAGRAM_NARROW[1]]
        svg = render.table_svg(end, shape=shape, min_size=least, words=table_words(end))
        _ROUND_END[key] = [int(v) for v in svg.split(' viewBox="', 1)[1].split('"', 1)[0].split(" ")]
    return _ROUND_END[key]


def picture(seats, game, rec, shown, shape="wide"):
    """The table of ``game`` (an engine game) for an embed, with the note the page shows and the yard;
    ``shape`` is the region its lines keep to (``"frame"``, or ``"frame-narrow"`` in a narrow frame)."""
    v = game.view(0)
    html, note = board(seats, v, [], shape, None, 0,
                       min_size=diagram_size(game, rec, shape) if shape == "frame-narrow" else None)
    out = ['<div class="cf">', html]
    if note:
        out.append('<p class="note">%s</p>' % note)       # (HTML already: board()'s)
    out.append('<p class="note">%s</p>' % esc(tn("embed.yard", v["yard_size"])))
    out.append("</div>")
    return "".join(out)
