"""Benchmark of the analysis (issue 18): time per Moon hand and per 4-player Chicken Foot round.

Default budgets (Moon: exact, the hard player's bids on 4 worlds, every
seat, then one defender, then the bidder (one seat is what a page asks for
its player); Chicken Foot: 48 worlds per decision of seat 0).  Prints JSON lines::

    {"metric": "analysis.moon_hand_s", "interpreter": ..., "median": ..., "max": ..., "n": ...}

    python3 bench/analysis.py [--moon-hands N] [--cf-rounds N] [--interpreters cpython,micropython,pyodide]

CPython runs in this process; MicroPython and Pyodide run the portable
workload ``bench/workloads/analysis_work.py`` under Node.js (its fixed counts) and
their times are wall time there.  Issue 18's browser targets: a Moon hand
<= 2 s, a Chicken Foot round (4 players) <= 15 s.
"""

import argparse
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

# The portable workload lives in a folder of its own: the Node.js runner copies a
# script's sibling files, and bench/engine.py would shadow the engine package there.
WORKLOAD = os.path.join(ROOT, "bench", "workloads", "analysis_work.py")
sys.path.insert(1, os.path.dirname(WORKLOAD))

import analysis_work  # noqa: E402


def summary(metric, interpreter, values):
    ordered = sorted(values)
    return {"metric": metric, "interpreter": interpreter, "n": len(ordered),
            "median": round(ordered[len(ordered) // 2] / 1000.0, 2), "max": round(ordered[-1] / 1000.0, 2)}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moon-hands", type=int, default=10)
    parser.add_argument("--cf-rounds", type=int, default=5)
    parser.add_argument("--interpreters", default="cpython")
    args = parser.parse_args()
    for interpreter in args.interpreters.split(","):
        if interpreter == "cpython":
            moon, moon_seat, moon_bidder = analysis_work.moon_times(args.moon_hands)
            cf = analysis_work.cf_times(args.cf_rounds) if args.cf_rounds else [0]
        else:
            from tests.interpreters import run_script
            lines = run_script(interpreter, WORKLOAD, timeout=590)
            got = {}
            for line in lines.splitlines():
                row = json.loads(line)
                got[row["metric"]] = row["values"]
            moon, moon_seat, cf = got["moon_hand_ms"], got["moon_hand_seat_ms"], got["cf_round_ms"]
            moon_bidder = got["moon_hand_bidder_ms"]
        print(json.dumps(summary("analysis.moon_hand_s", interpreter, moon)), flush=True)
        print(json.dumps(summary("analysis.moon_hand_defender_s", interpreter, moon_seat)), flush=True)
        print(json.dumps(summary("analysis.moon_hand_bidder_s", interpreter, moon_bidder)), flush=True)
        print(json.dumps(summary("analysis.cf_round_s", interpreter, cf)), flush=True)


if __name__ == "__main__":
    main()
