"""engine.record.skim: the game at a round's deal from the scores of the rounds before it.

The page shows a long record at once this way while its moves are checked
(issue 16: the import of the largest valid record).  A skimmed game must be
the game a full replay reaches at that deal: the same record, scores, turn,
views and legal actions, and playing the rest of the record on it ends
where the replay ends.  What it cannot build it says (None), and a bad head
is refused as the replay refuses it.
"""

import json

import pytest

from engine import record
from engine.game import RecordError
from helpers import long_moon_record, played


def replayed_deals(rec):
    """The games a full replay reaches just after each round's deal, by round."""
    kept = []

    def play(game):
        def start(deal):
            game.start_round(deal)
            kept.append(game.clone())
        return game, start, game.apply

    for _ in record.replay_steps(rec, None, 0, play):
        pass
    return kept


def same_state(a, b):
    assert a.record() == b.record()
    assert a.totals() == b.totals()
    assert a.round_scores() == b.round_scores()
    assert (a.phase(), a.current_seat(), a.round_count()) == (b.phase(), b.current_seat(), b.round_count())
    assert a.legal_actions() == b.legal_actions()
    for seat in range(a.players):
        assert a.view(seat) == b.view(seat)


RECORDS = [("moon", 3, 1), ("moon", 3, 4), ("chicken-foot", 4, 2), ("chicken-foot", 8, 1), ("chicken-foot", 2, 3)]


@pytest.mark.parametrize("game,players,seed", RECORDS)
def test_a_skimmed_game_is_the_replayed_game_at_every_deal(game, players, seed):
    rec = played(game, players, seed)
    final = record.replay(rec)
    deals = replayed_deals(rec)
    last = len(rec["rounds"]) - 1
    for r in range(len(rec["rounds"])):
        skimmed = record.skim(rec, r)
        same_state(skimmed, deals[r])
        if r not in (0, 1, last // 2, last):
            continue
        # Playing the record on from there ends where the replay ends.
        for action in rec["rounds"][r]["actions"]:
            skimmed.apply(action)
        for rnd in rec["rounds"][r + 1:]:
            skimmed.start_round(dict((k, rnd[k]) for k in skimmed.DEAL_FIELDS))
            for action in rnd["actions"]:
                skimmed.apply(action)
        same_state(skimmed, final)
        assert skimmed.winners() == final.winners() and skimmed.is_over()


def test_the_longest_record_is_skimmed_to_its_last_hand():
    rec = json.loads(long_moon_record(limit=60000))
    last = len(rec["rounds"]) - 1
    same_state(record.skim(rec, last), replayed_deals(rec)[last])


def test_a_made_moon_counts_and_ends_the_game():
    # A made 21 wins at once: the skimmed game is over after that hand, as the played one is.
    rec = played("moon", 3, 1)
    rnd = dict(rec["rounds"][0])
    rnd["scores"] = [21, 0, 0]
    rec["rounds"] = [rnd, dict(rec["rounds"][1])]
    assert record.skim(rec, 1) is None       # nothing may be dealt after the game's end
    game = record.new_game("moon", 3)
    game.skip_rounds([rnd])
    assert game.is_over() and game.winners() == [0] and game.totals() == [21, 0, 0]


def test_what_cannot_be_skimmed_is_none_and_a_bad_head_is_refused():
    rec = played("moon", 3, 1)
    assert len(rec["rounds"]) > 2
    for bad in (None, [1, 2], [1, 2, "3"], [1, 2, 3, 4], "1,2,3", 5):
        rounds = [dict(r) for r in rec["rounds"]]
        if bad is None:
            del rounds[0]["scores"]
        else:
            rounds[0]["scores"] = bad
        changed = dict(rec, rounds=rounds)
        assert record.skim(changed, 0) is not None      # nothing before round 0
        assert record.skim(changed, 2) is None, bad
    assert record.skim(rec, len(rec["rounds"])) is None
    assert record.skim(rec, -1) is None
    broken = dict(rec, rounds=[dict(r) for r in rec["rounds"]])
    broken["rounds"][2]["hands"] = broken["rounds"][2]["hands"][:2]   # a deal that cannot be dealt
    assert record.skim(broken, 2) is None
    with pytest.raises(RecordError) as err:
        record.skim(dict(rec, players=4), 1)
    with pytest.raises(RecordError) as replayed:
        record.replay(dict(rec, players=4))
    assert str(err.value) == str(replayed.value)
