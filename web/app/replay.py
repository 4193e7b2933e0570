"""The replay viewer: the existing review (:class:`app.session.Review`) made a teaching tool.

A :class:`Viewer` steps through a game read-only like a Review and adds what
a replay needs: the move log as it stood at the step, whose hand to show (or
every hand), autoplay, and the record to play on from.  ``mode`` is
``"review"`` for the in-game "Review moves" (the acting person's hand only:
no peeking) or ``"replay"`` for a finished game, an imported record or a
shared link (any hand, "Reveal all").

No DOM here: :func:`panel` and :func:`log_items` return HTML strings; the
``ui`` module paints them.
"""

from engine.render import escape as esc

from app import screens
from app import session as sess
from app.i18n import t
from app.names import html as say, iso

ALL = "all"
NONE = "none"


class Viewer(sess.Review):
    """A Review of ``session`` with a log in step, a hand choice and autoplay."""

    def __init__(self, session, mode="review", imported=False):
        sess.Review.__init__(self, session)
        self.source = session
        self.mode = mode
        self.imported = imported    # True: not the game being played (Close returns to that one)
        self.hand = None            # a seat, ALL, NONE, or None (the page's default)
        self.autoplay = False
        self._snaps = None

    def _snapshots(self):
        """Per step: (log length, last line) of the whole game's log after that step."""
        if self._snaps is None:
            s = sess.Session(self.setup, sess.records.new_game(
                self.setup["game"], self.source.game.players, self.source.game.options or None,
                self.source.names))
            snaps = []
            fields = self.source.game.DEAL_FIELDS
            for ri in range(len(self.rounds)):
                rnd = self.rounds[ri]
                deal = {}
                for key in fields:
                    deal[key] = rnd[key]
                s._start(deal)
                if ri == 0:
                    snaps.append((len(s.log), s.log[-1]))
                for action in rnd["actions"]:
                    s.apply(action)
                    snaps.append((len(s.log), s.log[-1]))
            self._snaps = (snaps, s.log)
        return self._snaps

    def log(self):
        """The whole game's log as it stood at the current step (every round so far)."""
        snaps, full = self._snapshots()
        if not snaps:
            return []
        n, last = snaps[max(0, min(self.step, len(snaps) - 1))]
        lines = full[:n - 1]
        lines.append(last)
        return lines

    def shown(self, default):
        """The hand to show: a seat, ALL or None (``default`` is the page's viewer)."""
        if self.mode != "replay":
            return default
        if self.hand == ALL:
            return ALL
        if self.hand == NONE:
            return None
        if isinstance(self.hand, int) and 0 <= self.hand < self.source.game.players:
            return self.hand
        return default if default is not None else 0

    def record_at(self):
        """The record cut at the current step (the whole record at its end)."""
        if self.step >= self.total:
            return self.record
        from engine import record as records
        return records.replay(self.record, self.step).record()


class Reading:
    """One replay of a record brought in that gives the viewer all it needs.

    :meth:`steps` validates ``rec`` and builds its session in a single
    replay (a generator: it yields after each ``every`` actions, so that
    the page can let the browser paint between pieces), keeping on the way
    what the viewer would otherwise replay the record again for: the log
    at each step and the game at the start of the round shown first.
    """

    def __init__(self, setup, rec, step=None):
        self.setup = setup
        self.rec = rec
        self.session = None
        self.snaps = []
        self.base = None
        starts = []
        total = 0
        rounds = rec.get("rounds") if isinstance(rec.get("rounds"), list) else []
        for rnd in rounds:
            starts.append(total)
            actions = rnd.get("actions") if isinstance(rnd, dict) else None
            total += len(actions) if isinstance(actions, list) else 0
        # The round the viewer opens in (a bad record fails in steps() anyway).
        self.round = sess.locate(starts, total if step is None else max(0, min(total, step)))[0]

    def steps(self, every=4):
        for session in sess.Session.replaying(self.setup, self.rec, every, self._dealt, self._acted):
            if session is not None:
                self.session = session
            yield None

    def _dealt(self, session):
        ri = session.game.round_count() - 1
        if ri == 0:
            self.snaps.append((len(session.log), session.log[-1]))
        if ri == self.round:
            self.base = session.game.clone()

    def _acted(self, session):
        self.snaps.append((len(session.log), session.log[-1]))

    def viewer(self):
        """The replay viewer of the session read (after :meth:`steps` is done)."""
        viewer = Viewer(self.session, mode="replay", imported=True)
        viewer._snaps = (self.snaps, self.session.log)
        if self.base is not None:
            viewer.bases[self.round] = self.base
        return viewer


def log_items(lines):
    """The move log's items, newest first (as :func:`app.screens.log_items`)."""
    return "".join(['<li>%s</li>' % say(line) for line in reversed(lines[-60:])])


def _button(label, arg, bid, disabled=False, cls=""):
    return screens.button(esc(label), "review", arg, cls=cls, disabled=disabled, extra=' id="%s"' % bid)


def panel(viewer, shown, seats=None):
    """The replay controls: where we are, the stepping buttons, the hand choice, and
    (for an imported record) the seats for "Play from here".

    ``seats`` is the seat kind per seat offered for playing on.
    """
    step, total = viewer.step, viewer.total
    s = viewer.source
    out = ['<div class="review replay" role="group" aria-label="%s" data-step="%d" data-total="%d">'
           % (esc(t("replay.group")), step, total),
           '<p class="review-step" id="review-step">%s</p>' % say(viewer.describe()),
           '<div class="review-actions">',
           _button(t("replay.start"), "-100000", "rp-start", disabled=step == 0),
           _button(t("replay.back"), "-1", "rp-back", disabled=step == 0),
           _button(t("replay.forward"), "1", "rp-forward", disabled=step >= total),
           _button(t("replay.end"), "100000", "rp-end", disabled=step >= total)]
    if viewer.autoplay:
        out.append(_button(t("replay.stop"), "stop", "rp-auto"))
    else:
        out.append(_button(t("replay.autoplay"), "auto", "rp-auto", disabled=step >= total))
    out.append('</div><div class="field replay-hand"><label for="replay-hand">%s</label><select id="replay-hand">'
               % esc(t("replay.show_hand")))
    choices = [(NONE, t("replay.no_hand"))]
    for seat in range(s.game.players):
        choices.append((str(seat), iso(s.names[seat])))   # isolated: a name cannot reorder the list
    choices.append((ALL, t("replay.reveal_all")))
    current = NONE if shown is None else str(shown)
    for value, label in choices:
        out.append('<option value="%s"%s>%s</option>' % (value, " selected" if value == current else "", esc(label)))
    out.append("</select></div>")
    if viewer.imported:
        out.append('<fieldset class="replay-seats"><legend>%s</legend>' % esc(t("replay.seats_legend")))
        for seat in range(s.game.players):
            kind = seats[seat] if seats and seat < len(seats) else "human"
            out.append('<div class="seat-row"><label for="rp-seat-%d">%s</label><select id="rp-seat-%d">'
                       % (seat, esc(t("replay.seat_label", name=iso(s.names[seat]), n=seat + 1)), seat))
            for k in sess.SEAT_KINDS:
                out.append('<option value="%s"%s>%s</option>' % (
                    k, " selected" if k == kind else "", esc(t(sess.SEAT_KEYS[k]))))
            out.append("</select></div>")
        out.append("</fieldset>")
    out.append('<div class="review-actions">')
    if viewer.imported:
        out.append(_button(t("replay.play_here"), "play", "rp-play", cls="primary"))
    out.append(_button(t("replay.close"), "end", "rp-close"))
    out.append("</div></div>")
    return "".join(out)


def all_hands(twin):
    """Every hand at the step, face up (for teaching)."""
    return "".join([screens.hand_panel_readonly(twin, seat) for seat in range(twin.game.players)])
