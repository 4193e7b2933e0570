"""Three-Player Moon at the table: the contract, the bids and the trick in front of each seat.

Seats are placed relative to the person at the bottom (``bottom``): the
next seat top left, the one after top right, matching the seat cards above
the table.
"""

from engine import render
from engine.moon_rules import tricks_needed
from engine.render import escape as esc

from app.i18n import t, tn
from app.names import html as say, name_html
from app.words import shown_trick, trick_plays


def status(s, v):
    """The status line's parts (plain text), the game's title first (screens.status_line)."""
    return [t("game.moon"), t("status.round", round=s.game.round_count()), t("status.first_to_21")]


def trump_words(trump):
    """What is trumps: ``"trumps: 5s"``, doubles or no trump."""
    if trump == "doubles":
        return t("status.trumps_doubles")
    if trump == "none":
        return t("status.no_trump")
    return t("status.trumps", suit=trump)


def bid_of(v, seat):
    """The seat's last bid as words ("bid 5", "pass"), or None before it has bid."""
    said = None
    for b in v["bids"]:
        if b[0] == seat:
            said = t("bids.pass") if b[1] == "pass" else t("bids.bid", bid=b[1])
    return said


# The shared seat fact a card on one line leaves out (screens.seat_card): every seat holds
# the same number of tiles, give or take the trick in play; the scores and tricks count.
SEAT_FACT_LEFT_OUT = "tiles"


def seat_lines(s, v, seat):
    """Nothing while bidding; afterwards the seat's tricks (against the bid, for the bidder).

    (While bidding a card's line of what the seat did lately says its bid, and so do the
    table's bubble and "Bids so far": a fact too said it a fourth time, "bid 4" / "→ bid 4".)"""
    if v["phase"] == "bidding":
        return []
    won = v["tricks_won"][seat]
    if v["bidder"] == seat:
        # Against the tricks the bid needs: a 21 needs all seven ("0 of 21" once).
        return [t("play.tricks_of_bid", won=won, bid=tricks_needed(v["bid"]))]
    return [t("seats.tricks", count=won)]


def tiles_face_up(v):
    """Whether hand tiles are choices now: while playing and discarding, not while bidding or naming trumps."""
    return v["phase"] in ("play", "discard")


def hand_room(v, unseen=False):
    """How many tiles the acting seat's rack keeps room for: its hand (a Moon hand grows only by
    the widow, to eight tiles, which a phone's row holds as it holds seven: app/screens.py),
    whatever the seat may do, so the same ``unseen`` (as a hand-over may show it) or not."""
    return len(v["hand"])


def new_tile(v):
    """The hand tile the acting person just took and may want to find: the widow, while discarding."""
    return v["widow"] if v["phase"] == "discard" else None


def frame():
    # The view scrolls when the table outgrows it (a replay's panels take room): a keyboard
    # must be able to reach and scroll it, so it is a named, focusable region.
    return ('<div id="g-table" class="moon-view" tabindex="0" role="region" aria-label="%s"></div>'
            '<p class="foot-note" id="g-note"></p>' % esc(t("board.view")))


def contract(s, v):
    """The contract, always in view once bidding is over: bidder, bid and a trump badge."""
    if v["bidder"] is None:
        return '<p class="contract bidding">%s</p>' % esc(t("play.bidding"))
    trump = v["trump"]
    badge = ""
    if trump is not None:
        badge = '<span class="trump-badge" data-trump="%s">%s</span>' % (esc(trump), esc(trump_words(trump)))
    # One span: the contract's words stay one piece of text in the flex row (a long name wraps inside it).
    return '<p class="contract"><span class="contract-words">%s</span> %s</p>' % (
        say(t("status.bid", name=s.iso(v["bidder"]), bid=v["bid"])), badge)


def board(s, v, targets, shape, fresh, bottom, marks=None, named=False):
    """``(html, note)``: the contract and the trick, each tile in front of the seat that played it.

    A tile of ``marks`` (``{tile: seat}``: played since the person's turn) is outlined in its player's colour.
    ``named``: every spot says whose it is, even empty (an embed has no seat cards round the table).
    """
    marks = marks or {}
    trick, winner, caption = shown_trick(v, [s.iso(i) for i in range(3)])
    if v["phase"] == "bidding":
        bids = ", ".join(["%s: %s" % (s.iso(b[0]), t("bids.pass") if b[1] == "pass" else t("bids.bid", bid=b[1]))
                          for b in v["bids"]])
        caption = t("bids.so_far", bids=bids or t("bids.none"))
    spots = {}
    for seat, tile in trick:
        spots[seat] = tile
    out = ['<div class="moon-board">', contract(s, v),
           '<figure class="trick"><figcaption>%s</figcaption>%s<div class="trick-spots">' % (
               say(caption), "" if named else last_trick(s, v) + moon_gloss(v))]
    for slot in range(3):
        seat = (bottom + slot) % 3
        tile = spots.get(seat)
        inner = ""
        if tile is not None:
            won = seat == winner
            inner = '%s<span class="who">%s%s</span>' % (
                render.tile_svg(tile, orientation="vertical", size=30), name_html(s.names[seat]),
                '<span class="won">&#9733; %s</span>' % esc(t("trick.won")) if won else "")
            cls = "played" + (" winner" if won else "") + (" fresh" if tile == fresh else "")
        else:
            said = bid_of(v, seat) if v["phase"] == "bidding" else None
            inner = '<span class="bid-bubble">%s</span>' % esc(said) if said else ""
            if named:
                inner += '<span class="who">%s</span>' % name_html(s.names[seat])
            cls = "played empty"
        by = ' data-by="%d"' % (marks[tile] % 8) if tile in marks else ""
        out.append('<div class="%s spot-%d" data-seat="%d"%s>%s</div>' % (cls, slot, seat, by, inner))
    out.append("</div></figure></div>")
    return "".join(out), ""


def moon_gloss(v):
    """While the person may bid 21, what it means ("21: shoot the moon", the words of its button's
    name), which a phone's row of bids leaves out of the button (app.screens.action_html); the
    stylesheet shows it on a phone only."""
    label = t("action.bid_moon")
    if v["phase"] != "bidding" or "21" not in v.get("legal", ()) or "21" not in label:
        return ""
    return '<p class="moon-gloss">%s</p>' % esc(label[label.find("21"):])


def last_trick(s, v):
    """While a trick is being played, the one before it in a line (who won it, each tile): when
    computers answer at once, the next lead took its place before the person saw it finished."""
    if not v["trick"] or not v["tricks"]:
        return ""
    last = v["tricks"][-1]
    plays = ", ".join([t("trick.play", name=s.iso(seat), tile=tile) for seat, tile in trick_plays(last)])
    return '<p class="last-trick">%s</p>' % say(t("trick.last_tiles", name=s.iso(last["winner"]), tiles=plays))


def did(action, phase):
    if phase == "bidding":
        return t("play.did_passed") if action == "pass" else t("play.did_bid", bid=action)
    if phase == "discard":
        return t("play.did_discarded")
    if phase == "trump":
        return trump_words(action[6:])
    return t("play.did_played", tile=action)


def played_tile(action, phase):
    return action if phase == "play" else None


def summary_hands(s):
    """The hands as dealt (every tile is played by the end), the widow and the discard."""
    game = s.game
    deal = game.record()["rounds"][-1]
    out = []
    for seat in range(game.players):
        v = game.view(seat)
        hand = deal["hands"][seat]
        extra = ""
        if v.get("bidder") == seat and v.get("discard"):
            extra = " &middot; " + say(t("summary.widow_taken", widow=deal["widow"], discard=v["discard"]))
        out.append('<div class="revealed-hand"><strong>%s</strong>: %s &middot; %s%s'
                   '<div class="hand">%s</div></div>' % (
                       # (say: each tile's name kept whole; Albanian's longer line broke "4-" from "1".)
                       name_html(s.names[seat]), say(t("summary.dealt", tiles=", ".join(hand))),
                       esc(tn("summary.tricks_won", v["tricks_won"][seat])), extra,
                       "".join([render.tile_svg(x, size=20) for x in hand])))
    out.append('<p class="widow-note">%s</p>' % say(t("summary.widow", tile=deal["widow"])))
    return "".join(out)


# --- the game's words (app.session asks: the log, the round's result, why a tile cannot go) ---

def round_intro(s, v):
    """The log's words for a new hand: who bids first."""
    return t("log.moon_intro", name=s.iso(v["first"]))


def log_move(s, seat, action, phase):
    """Add ``seat``'s ``action`` to the session's log (and who won the trick it completed)."""
    name = s.iso(seat)
    if phase == "bidding":
        if action == "pass":
            s.log.append(t("log.passed", name=name))
        elif action == "21":
            s.log.append(t("log.bid_moon", name=name))
        else:
            s.log.append(t("log.bid", name=name, bid=action))
    elif phase == "discard":
        s.log.append(t("log.discarded", name=name))
    elif phase == "trump":
        s.log.append(trump_named(name, action[6:]))
    else:
        s.log.append(t("log.moon_played", name=name, tile=action))
        winner = s.game.trick_just_won()
        if winner is not None:
            s.log.append(t("log.won_trick", name=s.iso(winner)))


def trump_named(name, what):
    """``name`` named trumps ``what`` (a suit, "doubles" or "none"): the log's and the embed's sentence."""
    if what == "none":
        return t("log.no_trump", name=name)
    if what == "doubles":
        return t("log.doubles_trump", name=name)
    return t("log.trump", name=name, suit=what)


def score_words(points):
    """A hand's score for a seat, signed (a missed bid loses points)."""
    return "+%d" % points if points > 0 else str(points)


def round_head(s, scores, v):
    """How the hand ended: the bid made or missed, or everyone passed."""
    if v.get("bidder") is None:
        return t("result.all_passed")
    made = scores[v["bidder"]] > 0
    return t("result.made" if made else "result.missed", name=s.iso(v["bidder"]), bid=v["bid"])


def trial_action(v, tile):
    """``(reason, action)``: why no tile can be played now, else the play of ``tile`` to ask the engine about."""
    if v["phase"] == "bidding":
        return t("why.after_bidding"), None
    if v["phase"] == "trump":
        return t("why.trumps_first"), None
    return None, ("discard " + tile) if v["phase"] == "discard" else tile


# --- the embeds (web/embed/picture.py): a recorded position drawn as the page draws it ---

def move_words(who, action, phase):
    """A sentence for ``who`` (a plain name) taking ``action`` in ``phase``: the embed's "last move" line."""
    if action == "pass":
        return t("log.passed", name=who)
    if phase == "bidding":
        return t("embed.bid_moon", name=who) if action == "21" else t("log.bid", name=who, bid=action)
    if phase == "discard":
        return t("embed.discarded", name=who, tile=action.split(" ")[-1])
    if phase == "trump":
        return trump_named(who, action[6:])
    return t("log.moon_played", name=who, tile=action)


def picture(seats, game, rec, shown, shape="wide"):
    """The table of ``game`` (an engine game) for an embed: the page's board (contract, bids, trick),
    the widow when the bidder's hand or every hand is shown, and the tricks won (``shape`` as the
    page's: the board takes it)."""
    v = game.view(0)
    html, _ = board(seats, v, [], shape, None, 0, named=True)
    out = ['<div class="moon">', html]
    ri = game.round_count() - 1
    bidder_view = game.view(v["bidder"]) if v["bidder"] is not None else None
    if ri >= 0 and (shown == "reveal" or (bidder_view and shown == v["bidder"])):
        widow = rec["rounds"][ri].get("widow")
        # Each tile beside its own words: one picture after "Widow: 4-1; discarded: 4-4"
        # read as the discard's, and it was the widow's.
        parts = [(t("summary.widow", tile=widow), widow)]
        if bidder_view and bidder_view["discard"]:
            parts.append((t("embed.discarded_tile", tile=bidder_view["discard"]), bidder_view["discard"]))
        out.append('<div class="widow">')
        for text, tile in parts:
            pic = ""
            if isinstance(tile, str):
                pic = '<div class="tiles" role="img" aria-label="%s">%s</div>' % (
                    esc(text), render.tile_svg(tile, orientation="vertical", size=24))
            out.append('<div class="widow-part"><span>%s</span>%s</div>' % (say(text), pic))
        out.append('</div>')
    won = ", ".join(["%s %d" % (seats.names[i], v["tricks_won"][i]) for i in range(3)])
    out.append('<p class="tricks-won">%s</p>' % esc(t("embed.tricks_won", tricks=won)))
    out.append("</div>")
    return "".join(out)
