"""The save's record text, kept up to date move by move, is byte for byte records.dumps of the record."""

import random
import sys

import pytest

from conftest import ROOT
from engine import record

sys.path.insert(0, str(ROOT / "web"))

from app import session as sess  # noqa: E402
from app.recordtext import RecordText  # noqa: E402


def new_session(game, players, seed):
    setup = sess.default_setup()
    setup["game"] = game
    setup["players"] = players
    setup["seed"] = seed
    s = sess.Session(setup)
    s.deal()
    return s


@pytest.mark.parametrize("game,players,seed", [("chicken-foot", 8, 1), ("chicken-foot", 2, 2), ("moon", 3, 3)])
def test_the_text_after_every_move_is_the_whole_records_json(game, players, seed):
    s = new_session(game, players, seed)
    pick = random.Random(seed)
    moves = 0
    while moves < 1500:
        assert s.record_json() == record.dumps(s.game.record()), moves
        if s.game.is_over():
            break
        if s.to_act() is None:
            s.deal()
        else:
            s.apply(pick.choice(s.game.legal_actions()))
        moves += 1
    assert s.game.round_count() >= 2
    # Undo gives a new game: its text starts afresh, shorter than before.
    while s.game.is_over() is False and s.undo_point() is None and s.to_act() is not None:
        s.apply(pick.choice(s.game.legal_actions()))
    undone = s.undo()
    if undone is not None:
        assert undone.record_json() == record.dumps(undone.game.record())


def test_a_shape_it_does_not_know_is_written_the_plain_way():
    class Odd:
        def __init__(self, rec):
            self.rec = rec

        def record(self, copy=True):
            return self.rec

    rec = {"format": "domino-record/1", "game": "moon", "players": 3,
           "rounds": [{"first": 0, "actions": ["pass"]}, {"first": 1, "actions": "x"}]}
    text = RecordText(Odd(rec))
    assert text.text() == record.dumps(rec)
    rec["rounds"].append({"first": 2, "actions": []})
    assert text.text() == record.dumps(rec)
    rec["rounds"] = rec["rounds"][:1]
    assert text.text() == record.dumps(rec)
    rec["rounds"][0]["actions"] = []
    assert text.text() == record.dumps(rec)
