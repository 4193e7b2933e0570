"""Issue 16: a long game rebuilt from its record ("Play from here", a resumed save, undo)
is checked once on the rules and logs only its last rounds (app.session.Session.replaying,
app.replay.Viewer.continued), and holds what logging every move would have: the same
game, the same last lines of the log, the same turns for undo."""

import json
import sys

from conftest import ROOT
from engine import record
from helpers import long_moon_record

sys.path.insert(0, str(ROOT / "web"))

from app import recordio, replay  # noqa: E402
from app import session as sess  # noqa: E402


def logged_in_full(setup, rec):
    """The session as it was rebuilt before: every deal and move logged."""
    s = sess.Session(setup)
    fields = s.game.DEAL_FIELDS
    for rnd in rec["rounds"]:
        s._start(dict((k, rnd[k]) for k in fields))
        for action in rnd["actions"]:
            s.apply(action)
    return s


def same(rebuilt, full):
    assert rebuilt.game.record() == full.game.record()
    assert rebuilt.log == full.log[len(full.log) - len(rebuilt.log):]
    assert len(rebuilt.steps) == len(rebuilt.log)
    assert rebuilt.steps == full.steps[len(full.steps) - len(rebuilt.steps):]
    assert rebuilt.turns == full.turns
    assert rebuilt.undo_point() == full.undo_point() and rebuilt.undo_refusal() == full.undo_refusal()


def cut(rec, rounds, extra):
    out = dict(rec)
    out["rounds"] = [dict(r) for r in rec["rounds"][:rounds]]
    if extra is not None:
        last = dict(rec["rounds"][rounds])
        last.pop("scores", None)
        last["actions"] = last["actions"][:extra]
        out["rounds"].append(last)
    return out


def test_a_long_game_logs_only_its_last_rounds_and_reads_as_if_played():
    rec = json.loads(long_moon_record(limit=100000))
    assert len(rec["rounds"]) > 3 * sess.LOG_ROUNDS
    setup = recordio.setup_for(rec, ["human", "easy", "easy"], None, 1)
    for rounds, extra in [(len(rec["rounds"]), None), (200, 0), (200, 5), (200, 20), (3, 4), (0, 2)]:
        part = cut(rec, rounds, extra)
        rebuilt = sess.Session.from_record(setup, part)
        full = logged_in_full(setup, part)
        same(rebuilt, full)
        held = min(sess.LOG_ROUNDS, len(part["rounds"]))
        # The last LOG_ROUNDS rounds' lines, no more: far more than the page's 60.
        assert len(rebuilt.log) >= 60 or held == len(part["rounds"])
        if held == len(part["rounds"]):
            assert rebuilt.log == full.log
        else:
            assert len(rebuilt.log) < len(full.log)


def test_a_short_game_keeps_its_whole_log():
    from test_records_ui import played_session

    for game, players in [("chicken-foot", 8), ("moon", 3)]:
        s = played_session(game, players, rounds=3, extra=4, seed=7)
        rec = s.game.record()
        rebuilt = sess.Session.from_record(s.setup, rec)
        assert rebuilt.log == s.log and rebuilt.steps == s.steps and rebuilt.turns == s.turns
        assert rebuilt.game.record() == rec


def test_play_from_here_is_what_the_record_cut_there_would_rebuild():
    rec = json.loads(long_moon_record(limit=40000))
    setup = recordio.setup_for(rec, ["human"] * 3, None, 1)
    reading = replay.Reading(setup, rec)
    for _ in reading.steps():
        pass
    viewer = reading.viewer()
    for _ in viewer.writing(every=7):   # the rounds' JSON, encoded for the first save meanwhile
        pass
    assert len(viewer.texts) == len(rec["rounds"])
    total = viewer.total
    starts = viewer.starts
    # The end, inside a hand, a hand's first action, a hand's end, the very start.
    for step in [total, total - 5, starts[-20] + 1, starts[-20], starts[40] + 13, 3, 0]:
        viewer.session(step)
        seats = ["human", "easy", "medium"]
        mine = recordio.setup_for(viewer.record, seats, None, 77)
        continued = viewer.continued(mine)
        expected = sess.Session.from_record(mine, viewer.record_at())
        assert continued.game.record() == expected.game.record() == record.replay(rec, step).record(), step
        # A game of over LOG_ROUNDS hands keeps the lines of its last hands, twice
        # what the page shows (app.replay.Viewer.continued): the last ones alike.
        kept = len(continued.log)
        assert kept == len(expected.log) or kept >= 2 * replay.LOG_LINES, step
        assert continued.log == expected.log[len(expected.log) - kept:], step
        assert continued.steps == expected.steps[len(expected.steps) - kept:], step
        assert continued.turns == expected.turns, step
        assert continued.setup["seats"][:3] == seats
        # Its first save takes the rounds already encoded: the same text as one encoded afresh.
        assert continued.record_json() == record.dumps(continued.game.record()), step
        # It plays on like the rebuilt one.
        if continued.to_act() is not None:
            action = continued.game.legal_actions()[0]
            continued.apply(action)
            expected.apply(action)
            assert continued.game.record() == expected.game.record()
            assert continued.log == expected.log[len(expected.log) - len(continued.log):]
            assert continued.steps == expected.steps[len(expected.steps) - len(continued.steps):]


def test_the_logs_numbers_are_the_reviews_moves():
    """Each line of the move log that is a move carries the number a review gives it: at
    "Move N" the review's last move line is the log's line N (a draw then a pass is one line,
    numbered as the pass; a round's start and end, Moon's trick won, are no moves and go
    unnumbered). The log once numbered its lines: "51." beside a review's "Move 57"."""
    from app import screens
    from test_records_ui import played_session

    for game, players in [("chicken-foot", 4), ("moon", 3)]:
        s = played_session(game, players, rounds=3, extra=4, seed=7)
        assert len(s.steps) == len(s.log)
        numbered = [(line, n) for line, n in zip(s.log, s.steps) if n is not None]
        notes = [line for line, n in zip(s.log, s.steps) if n is None]
        assert len(notes) >= 6 and len(numbered) > 30, (game, notes)
        assert [n for _line, n in numbered] == sorted(set(n for _line, n in numbered))
        assert numbered[-1][1] == s.game.action_count()
        viewer = replay.Viewer(s)
        for line, n in numbered:
            twin = viewer.session(n)
            moves = [(x, m) for x, m in zip(twin.log, twin.steps) if m is not None]
            assert moves[-1] == (line, n), (game, n, line, moves[-1])
            # The review's whole log up to there numbers its lines as the game did.
            lines, steps = viewer.numbered()
            assert steps == s.steps[:len(steps)] and lines == s.log[:len(lines)], (game, n)
        html = screens.numbered_items(s.log, s.steps)
        assert html.count("<li value=") == len(numbered) and html.count('<li class="note">') == len(notes)
        assert html.startswith('<li value="%d">' % numbered[-1][1]) or html.startswith('<li class="note">')
