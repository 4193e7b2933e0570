"""bench/moon_records.py reads a tournament's --records back as the tournament counted them."""

import json
import os
import subprocess
import sys

from engine.ai import Budget
from engine.record import dumps
from engine.tournament import tournament

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")


def test_the_records_summary_matches_the_tournament(tmp_path):
    def save(k, record):
        (tmp_path / ("game-%04d.json" % k)).write_text(dumps(record), encoding="utf-8")
    result = tournament("moon", ["hard", "medium", "medium"], 3, 5, None, save, Budget(iterations=1))
    out = subprocess.run([sys.executable, os.path.join(ROOT, "bench", "moon_records.py"), str(tmp_path)],
                         capture_output=True, text=True, check=True).stdout
    rows = dict((r["level"], r) for r in map(json.loads, out.splitlines()))
    hard = result["seats"][0]
    assert rows["hard"]["seats"] == 3 and rows["hard"]["won"] == hard["won"]
    assert (rows["hard"]["contracts"], rows["hard"]["made"]) == (hard["contracts"], hard["contracts_made"])
    medium = result["seats"][1:]
    assert rows["medium"]["contracts"] == medium[0]["contracts"] + medium[1]["contracts"] > 0
    assert sum(n for n, _ in rows["hard"]["by_bid"].values()) == hard["contracts"]
    # Read while running: only the first game counts.
    first = subprocess.run([sys.executable, os.path.join(ROOT, "bench", "moon_records.py"), str(tmp_path),
                            "--first", "1"], capture_output=True, text=True, check=True).stdout
    assert json.loads(first.splitlines()[0])["seats"] == 1
