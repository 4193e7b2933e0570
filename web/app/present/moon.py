"""Three-Player Moon at the table: the contract, the bids and the trick in front of each seat.

Seats are placed relative to the person at the bottom (``bottom``): the
next seat top left, the one after top right, matching the seat cards above
the table.
"""

from engine import render
from engine.render import escape as esc

from app.i18n import t, tn
from app.names import html as say, name_html
from app.words import shown_trick


def status(s, v):
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


def seat_lines(s, v, seat):
    """The seat's bid while bidding; afterwards its tricks (against the bid, for the bidder)."""
    if v["phase"] == "bidding":
        said = bid_of(v, seat)
        return [said] if said else []
    won = v["tricks_won"][seat]
    if v["bidder"] == seat:
        return [t("play.tricks_of_bid", won=won, bid=v["bid"])]
    return [t("seats.tricks", count=won)]


def tiles_face_up(v):
    """Whether hand tiles are choices now: while playing and discarding, not while bidding or naming trumps."""
    return v["phase"] in ("play", "discard")


def frame():
    return '<div id="g-table" class="moon-view"></div><p class="foot-note" id="g-note"></p>'


def contract(s, v):
    """The contract, always in view once bidding is over: bidder, bid and a trump badge."""
    if v["bidder"] is None:
        return '<p class="contract bidding">%s</p>' % esc(t("play.bidding"))
    trump = v["trump"]
    badge = ""
    if trump is not None:
        badge = '<span class="trump-badge" data-trump="%s">%s</span>' % (esc(trump), esc(trump_words(trump)))
    return '<p class="contract">%s %s</p>' % (say(t("status.bid", name=s.iso(v["bidder"]), bid=v["bid"])), badge)


def board(s, v, targets, shape, fresh, bottom, marks=None):
    """``(html, note)``: the contract and the trick, each tile in front of the seat that played it.

    A tile of ``marks`` (``{tile: seat}``: played since the person's turn) is outlined in its player's colour.
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
           '<figure class="trick"><figcaption>%s</figcaption><div class="trick-spots">' % say(caption)]
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
        elif v["phase"] == "bidding" and bid_of(v, seat):
            inner = '<span class="bid-bubble">%s</span>' % esc(bid_of(v, seat))
            cls = "played empty"
        else:
            cls = "played empty"
        by = ' data-by="%d"' % (marks[tile] % 8) if tile in marks else ""
        out.append('<div class="%s spot-%d" data-seat="%d"%s>%s</div>' % (cls, slot, seat, by, inner))
    out.append("</div></figure></div>")
    return "".join(out), ""


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
            extra = " &middot; " + esc(t("summary.widow_taken", widow=deal["widow"], discard=v["discard"]))
        out.append('<div class="revealed-hand"><strong>%s</strong>: %s &middot; %s%s'
                   '<div class="hand">%s</div></div>' % (
                       name_html(s.names[seat]), esc(t("summary.dealt", tiles=", ".join(hand))),
                       esc(tn("summary.tricks_won", v["tricks_won"][seat])), extra,
                       "".join([render.tile_svg(x, size=20) for x in hand])))
    out.append('<p class="widow-note">%s</p>' % esc(t("summary.widow", tile=deal["widow"])))
    return "".join(out)

