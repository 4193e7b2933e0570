"""bench/cf_medium_weights.py pairs one seat rating by other weights with the same deal played by medium."""

import os
import sys

from engine.ai import cf_sim

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "bench"))

import cf_medium_weights  # noqa: E402
from variants import parse  # noqa: E402


def test_medium_against_itself_is_no_difference():
    assert cf_medium_weights.compare(parse("M_FOLLOW=%d" % cf_sim.M_FOLLOW), 20) == (0.0, 0.0, 80)


def test_weights_that_keep_no_follower_lose_pips_and_the_constants_come_back():
    before = cf_sim.M_FOLLOW, cf_sim.M_DOUBLE
    mean, se, n = cf_medium_weights.compare(parse("M_FOLLOW=-100"), 100)
    assert n == 400 and mean > 3 * se > 0
    assert (cf_sim.M_FOLLOW, cf_sim.M_DOUBLE) == before
