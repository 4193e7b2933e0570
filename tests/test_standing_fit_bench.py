"""bench/standing_fit.py reads recorded games as the standings models need them: who went on to win."""

import os
import sys

from engine.ai import Budget
from engine.record import dumps, replay
from engine.tournament import tournament

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "bench"))

import standing_fit  # noqa: E402


def _recorded(tmp_path, game, seats, games, seed):
    recs = []

    def save(k, record):
        (tmp_path / ("game-%04d.json" % k)).write_text(dumps(record), encoding="utf-8")
        recs.append(record)
    tournament(game, seats, games, seed, None, save, Budget(iterations=1))
    return recs


def test_moon_samples_are_each_hands_standings_with_the_games_winner(tmp_path):
    recs = _recorded(tmp_path, "moon", ["hard", "medium", "medium"], 3, 7)
    samples = standing_fit.moon_samples([str(tmp_path)])
    hands = sum(len([r for r in rec["rounds"] if "scores" in r]) for rec in recs if len(replay(rec).winners()) == 1)
    assert len(samples) == hands > 0
    assert samples[0][0] == [0, 0, 0]
    first = recs[0]
    assert samples[0][1] == list(replay(first).winners())[0]
    # A model that knows nothing (beta 0, no edge) is the uniform guess.
    assert abs(standing_fit.moon_loss(samples, 0.0, 1.0, 0.0) - 1.0986) < 1e-3
    # The leader near 21 who goes on to win costs the model less than a trailer who does.
    led = [([20, 0, 0], 0, ["hard", "medium", "medium"])]
    trailed = [([20, 0, 0], 1, ["hard", "medium", "medium"])]
    assert standing_fit.moon_loss(led, 0.8, 0.5, 0.0) < 1.0986 < standing_fit.moon_loss(trailed, 0.8, 0.5, 0.0)
    assert standing_fit.moon_loss(led, 0.8, 0.5, 1.0) < standing_fit.moon_loss(led, 0.8, 0.5, 0.0)


def test_chicken_foot_samples_are_the_totals_before_the_last_round_with_the_winners(tmp_path):
    recs = _recorded(tmp_path, "chicken-foot", ["medium"] * 4, 4, 3)
    samples = standing_fit.cf_samples([str(tmp_path)])
    assert len(samples) == 9 * len(recs)
    tot, left, winners = samples[8]                   # the first match after its 9th round
    rounds = recs[0]["rounds"]
    assert tot == [sum(r["scores"][s] for r in rounds[:9]) for s in range(4)] and left == 1
    final = [sum(r["scores"][s] for r in rounds) for s in range(4)]
    assert winners == [s for s in range(4) if final[s] == min(final)]
    assert abs(standing_fit.cf_loss(samples, 0.0, 0.5) - 1.3863) < 1e-3     # uniform among four
    # A lead matters more the fewer rounds are left.
    late = [([10, 40, 40, 40], 1, [0])]
    early = [([10, 40, 40, 40], 9, [0])]
    assert standing_fit.cf_loss(late, 0.11, 0.5) < standing_fit.cf_loss(early, 0.11, 0.5) < 1.3863
