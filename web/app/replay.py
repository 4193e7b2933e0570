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

from engine.game import GameError
from engine.render import escape as esc

from app import screens
from app import session as sess
from app.i18n import t
from app.names import iso

ALL = "all"
NONE = "none"


class Viewer(sess.Review):
    """A Review of ``session`` with a log in step, a hand choice and autoplay."""

    def __init__(self, session, mode="review", imported=False, copy=True):
        sess.Review.__init__(self, session, copy)
        self.source = session
        self.mode = mode
        self.imported = imported    # True: not the game being played (Close returns to that one)
        self.hand = None            # a seat, ALL, NONE, or None (the page's default)
        self.autoplay = False
        self._logs = {}             # round index -> that whole round's log lines and their steps
        self.skimmed = None         # the record, while its moves are still being checked (see preview)
        self.checking = None        # (rounds checked, rounds) meanwhile: "Play from here" waits
        self.texts = []             # the first rounds' canonical JSON, for the first save (see writing)
        # Whether the seats' kinds are known: a record brought in as text names its players, not
        # who played them (its cards said "(computer, medium)", the seats chosen for playing on).
        self.kinds = True

    def base(self, r):
        """Round ``r``'s deal; in a preview, built from the scores before it (engine.record.skim)."""
        if r not in self.bases and self.skimmed is not None:
            game = sess.records.skim(self.skimmed, r, sess.Session(self.setup).game)
            if game is None:
                raise GameError(t("records.reading"))
            self.bases[r] = game
        return sess.Review.base(self, r)

    def round_log(self, r):
        """Round ``r``'s whole log (its start, every move, how it ended) and its lines' steps
        (``Session.steps``), written once when asked."""
        if r not in self._logs:
            twin = self.round_start(r)
            for action in self.rounds[r]["actions"]:
                twin.apply(action)
            self._logs[r] = (twin.log, twin.steps)
        return self._logs[r]

    def numbered(self, limit=None):
        """``(lines, steps)``: the whole game's log as it stood at the current step (every
        round so far) and each line's step (``Session.steps``); with ``limit``, its last
        ``limit`` lines, logging only the rounds they come from (a long game's log is never
        written whole to show its end)."""
        r = self.locate(self.step)[0]
        twin = self.session()
        lines, steps = list(twin.log), list(twin.steps)   # the round shown, up to the step
        while r > 0 and (limit is None or len(lines) < limit):
            r -= 1
            before, their_steps = self.round_log(r)
            lines = before + lines
            steps = their_steps + steps
        return (lines, steps) if limit is None else (lines[-limit:], steps[-limit:])

    def log(self, limit=None):
        """The lines of :meth:`numbered`."""
        return self.numbered(limit)[0]

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

    def continued(self, setup):
        """A Session of ``setup`` playing on from the current step ("Play from here").

        Built from what the viewer keeps (the round's snapshot, its log): the
        record was checked in full when it was read, and nothing is replayed
        from its start again.  It holds what :meth:`app.session.Session.from_record`
        of :meth:`record_at` would: the game at the step, the log of its last
        ``LOG_ROUNDS`` rounds, this round's turns (for undo).
        """
        twin = self.session(self.step)
        r = self.locate(self.step)[0]
        session = sess.Session(setup, twin.game.clone(), twin.first_step)
        if r < sess.LOG_ROUNDS:
            for k in range(r):
                lines, steps = self.round_log(k)
                session.log.extend(lines)
                session.steps.extend(steps)
            session.log.extend(twin.log)
            session.steps.extend(twin.steps)
        else:
            # A longer game keeps the lines of its last rounds, twice what the
            # page shows (logging 64 hands is a long task of its own).
            session.log, session.steps = self.numbered(2 * LOG_LINES)
        session.turns = [list(turn) for turn in twin.turns]
        session.written(self.texts[:r])
        return session

    def writing(self, every=24):
        """Encode the rounds' canonical JSON for the first save after "Play from here"
        (:meth:`continued`): a generator yielding after each ``every`` rounds."""
        texts = self.texts
        for k in range(len(texts), len(self.rounds)):
            if "scores" not in self.rounds[k]:
                return
            texts.append(sess.records.dumps(self.rounds[k]))
            if k % every == every - 1:
                yield None

    def record_at(self):
        """The record cut at the current step (the whole record at its end)."""
        if self.step >= self.total:
            return self.record
        from engine import record as records
        return records.replay(self.record, self.step).record()


class Reading:
    """One replay of a record brought in that gives the viewer all it needs.

    :meth:`steps` validates ``rec`` (a generator: it yields after each
    ``every`` actions, so that the page can let the browser paint between
    pieces) on the game of a new session of ``setup``, keeping a snapshot at
    every deal: the viewer's round starts.  Nothing is logged on the way:
    the viewer writes a round's log lines when it shows them
    (:meth:`Viewer.log`), so a 500-hand game costs its rules' replay only.
    """

    def __init__(self, setup, rec, step=None):
        self.setup = setup
        self.rec = rec
        self.session = None
        self.bases = []

    def steps(self, every=16):
        session = sess.Session(self.setup)
        bases = self.bases

        def play(_checked):
            # The record's head was checked on a game of its own; this
            # session's game (the setup's names) is the one played.
            game = session.game

            def start(deal):
                game.start_round(deal)
                bases.append(game.clone())
            return game, start, game.apply

        for _ in sess.records.replay_steps(self.rec, None, every, play):
            yield None
        self.session = session

    def viewer(self):
        """The replay viewer of the session read (after :meth:`steps` is done)."""
        viewer = Viewer(self.session, mode="replay", imported=True, copy=False)
        viewer.kinds = False
        for r in range(len(self.bases)):
            viewer.bases[r] = self.bases[r]
        return viewer


# The move log shows this many lines, the newest (ui asks the viewer for only these).
LOG_LINES = screens.LOG_LINES

# A record of more actions than this opens before its check ends (see preview):
# MicroPython on the page checks a few ten thousand actions a second at best.
PREVIEW_ACTIONS = 3000


def preview(setup, rec, step=None):
    """A Viewer of ``rec`` at ``step`` (default: its end) shown before its moves are checked, or None.

    Built from the scores of the rounds before the one shown
    (``engine.record.skim``) and that round's actions alone: a 37,000-action
    game opens in the time of one hand, not of its every move.  Only for a
    record of over :data:`PREVIEW_ACTIONS` actions whose finished rounds all
    have scores and whose round shown (and the rounds its log needs) plays;
    the page checks the whole record meanwhile (``Reading``) and then puts
    the checked viewer in its place, or closes this one and says what is
    wrong.  Until then ``checking`` is set and "Play from here" waits.
    """
    rounds = rec.get("rounds")
    if not isinstance(rounds, list) or not rounds:
        return None
    total = 0
    for rnd in rounds:
        actions = rnd.get("actions") if isinstance(rnd, dict) else None
        if not isinstance(actions, list):
            return None
        total += len(actions)
    if total <= PREVIEW_ACTIONS or (step is not None and step > total):
        return None
    session = sess.Session(setup)
    last = len(rounds) - 1
    game = sess.records.skim(rec, last, session.game)
    if game is None:
        return None
    dealt = game.clone()
    try:
        for action in rounds[last]["actions"]:
            game.apply(action)
        viewer = Viewer(session, mode="replay", imported=True, copy=False)
        viewer.kinds = False
        viewer.skimmed = rec
        viewer.bases[last] = dealt
        viewer.checking = (0, len(rounds))
        viewer.session(total if step is None else step)
        viewer.log(LOG_LINES)      # the rounds the log shows play, too
    except GameError:
        return None                # the check says what is wrong, and where
    return viewer


def carry(old, new):
    """``new`` (the checked viewer) in the place of ``old`` (its preview): at its step, with its choices."""
    new.back_to = old.back_to
    new.seats = list(old.seats)
    new.hand = old.hand
    new.session(old.step)
    return new


def log_items(viewer):
    """The move log's items at ``viewer``'s step, newest first, as :func:`app.screens.log_items`
    draws a game's: its last LOG_LINES lines, each numbered as in the whole log (a few lines
    more are asked for, so that the first shown knows the move before it; see
    :func:`app.screens.numbered_items`)."""
    return screens.last_items(*viewer.numbered(LOG_LINES + 8))


def checking_words(viewer):
    """What the preview's status line says while its record is being checked."""
    n, total = viewer.checking
    return t("replay.checking", n=n, total=total)


def _button(label, arg, bid, disabled=False, cls=""):
    return screens.button(esc(label), "review", arg, cls=cls, disabled=disabled, extra=' id="%s"' % bid)


def _step(label, mark, arg, bid, disabled=False):
    """A stepping button: its word, or on a phone its mark (:func:`app.screens.step_label`)."""
    return screens.button(screens.step_label(label, mark), "review", arg, disabled=disabled, extra=' id="%s"' % bid)


def ended(viewer):
    """Whether ``viewer`` stands at the end of a finished game (nothing to play on from)."""
    return viewer.step >= viewer.total and viewer.session().game.is_over()


def panel(viewer, shown, seats=None, hands=""):
    """The replay controls: where we are, the stepping buttons, the hand choice, ``hands`` (the
    hand or hands chosen, drawn), and (for an imported record) the seats for "Play from here".

    ``seats`` is the seat kind per seat offered for playing on.
    """
    step, total = viewer.step, viewer.total
    s = viewer.source
    out = ['<div class="review replay" role="group" aria-label="%s" data-step="%d" data-total="%d">'
           % (esc(t("replay.group")), step, total),
           screens.review_step(viewer.describe()),
           '<div class="review-actions">',
           # The review's words (app.screens.review_panel): one set for stepping through any game.
           # Its end is the record's last move, where the game's own review steps to the latest.
           _step(t("review.first"), "first", "-100000", "rp-start", disabled=step == 0),
           _step(t("review.previous"), "previous", "-1", "rp-back", disabled=step == 0),
           _step(t("review.next"), "next", "1", "rp-forward", disabled=step >= total),
           _step(t("replay.last"), "last", "100000", "rp-end", disabled=step >= total)]
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
    # The hand under the buttons that step it: under the seats and "Play from here" it was below
    # every screen (y 1006 of 844 on a phone, 791 of 768 on a laptop).
    out.append(hands)
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
    if viewer.checking is not None:
        out.append('<p class="replay-checking" id="rp-checking" role="status">%s</p>' % esc(checking_words(viewer)))
    out.append('<div class="review-actions">')
    if viewer.imported:
        # At the end of a finished game there is nothing to play on: "Play from here" made it a
        # game of its own, finished again, and the history listed it twice.
        over = ended(viewer)
        if over:
            out.append('<p class="replay-over" id="rp-over">%s</p>' % esc(t("replay.over_here")))
        out.append(_button(t("replay.play_here"), "play", "rp-play", cls="primary",
                           disabled=viewer.checking is not None or over))
    out.append(_button(t("replay.close"), "end", "rp-close"))
    out.append("</div></div>")
    return "".join(out)


def all_hands(twin):
    """Every hand at the step, face up (for teaching)."""
    return "".join([screens.hand_panel_readonly(twin, seat, steady=False) for seat in range(twin.game.players)])
