"""bench/moon_bid_calib.py pairs every contract hard plays (and the opponents' it foresaw) with the share of its bid's worlds that made it."""

import os
import sys

from engine import tournament as tmod
from engine.ai import Budget, moon_player

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "bench"))

import moon_bid_calib  # noqa: E402


def test_each_contract_of_hard_gets_its_worlds_share_and_its_outcome(monkeypatch):
    probe = moon_bid_calib.Probe()
    probe.install(monkeypatch.setattr)
    res = tmod.tournament("moon", ["hard", "medium", "medium"], 3, 7, budget=Budget(iterations=2))
    hard = res["seats"][0]
    assert hard["contracts"] > 0
    assert len(probe.rows) == hard["contracts"]
    assert sum(1 for r in probe.rows if r[1]) == hard["contracts_made"]
    assert all(0.0 <= r[0] <= 1.0 and r[2] in moon_player.BID_VALUES for r in probe.rows)
    # The opponents' contracts: those the bid's worlds foresaw, after hard's last action.
    theirs = sum(e["contracts"] for e in res["seats"][1:])
    assert 0 < len(probe.theirs_rows) <= theirs
    assert all(0.0 <= r[0] <= 1.0 for r in probe.theirs_rows)
    lines = moon_bid_calib.summary(probe.rows)
    assert lines[-1]["all"] == len(probe.rows)
    assert sum(line["contracts"] for line in lines[:-1]) == len(probe.rows)


def test_old_seats_play_hard_with_their_own_constants_and_leave_the_others_alone(monkeypatch):
    seen = []

    def pick(game, level, seed, budget=None):
        seen.append((level, moon_player.MAKE_WEIGHT, moon_player.OWN_AT_TABLE))
        return "pass"
    monkeypatch.setattr(tmod, "pick", pick)
    monkeypatch.setattr(tmod, "LEVELS", tmod.LEVELS)
    own = moon_player.OWN_AT_TABLE
    weight = moon_player.MAKE_WEIGHT
    moon_bid_calib.allow_old(moon_bid_calib.parse("MAKE_WEIGHT=12345"))
    assert moon_bid_calib.OLD in tmod.LEVELS
    tmod.pick(None, "old", 1)
    tmod.pick(None, "hard", 1)
    assert seen == [("hard", 12345, own), ("hard", weight, own)]
    assert moon_player.MAKE_WEIGHT == weight
    del seen[:]
    moon_bid_calib.allow_old()                  # no constants given: the table's odds off
    tmod.pick(None, "old", 1)
    assert seen == [("hard", weight, None)] and moon_player.OWN_AT_TABLE == own
