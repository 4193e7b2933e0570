"""bench/cf_playout_model.py: the playouts' medium-like policy against the medium player's own choices."""

import os
import sys

from engine.ai import cf_heur, cf_sim

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "bench"))

import cf_playout_model  # noqa: E402


def test_without_the_knowledge_terms_and_the_doubles_extra_the_two_ratings_differ_only_in_ties(monkeypatch):
    for name in ("RARE", "FEED", "FEED_SOFT", "DRAW_TO_COVER"):
        monkeypatch.setattr(cf_heur, name, 0)
    # The playouts' weights give a double 3 pips more (cf_sim.DOUBLE_BONUS):
    # with M_DOUBLE 30 lower, its rating is medium's DOUBLE_BASE.
    monkeypatch.setattr(cf_sim, "M_DOUBLE", cf_heur.DOUBLE_BASE - 10 * cf_sim.DOUBLE_BONUS)
    c = cf_playout_model.compare(20)
    assert c["lower"] == 0 and c["same"] > 300 and c["tie"] > 0


def test_as_they_are_the_playouts_play_some_of_medium_s_choices_otherwise():
    c = cf_playout_model.compare(20)
    assert c["lower"] > 0.05 * sum(c.values())
