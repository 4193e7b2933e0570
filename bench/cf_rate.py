"""How long Chicken Foot's ``hard`` takes at a fixed playout budget, by interpreter.

    python3 bench/cf_rate.py [--interpreters cpython,pyodide]

Runs bench/workloads/cf_rate.py (the same tile decisions, no time cap) under
each interpreter, one after the other, and prints per interpreter the
median / max wall time of a decision and its median ratio to CPython's on
the same decisions: whether a budget fits the browser's caps (a tile
decision median <= 0.5 s, max <= 2 s) on Pyodide.  Wall time swings with
the machine's load (printed first); the ratio much less.
"""

import argparse
import json
import os
import pathlib
import statistics
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.interpreters import run_script  # noqa: E402

WORK = ROOT / "bench" / "workloads" / "cf_rate.py"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--interpreters", default="cpython,pyodide")
    args = ap.parse_args()
    print(json.dumps({"load": os.getloadavg()[0]}), flush=True)
    base = None
    for name in args.interpreters.split(","):
        out = json.loads(run_script(name, WORK, timeout=1800).strip().splitlines()[-1])
        ms = out["ms"]
        row = {"interpreter": name, "iterations": out["iterations"], "decisions": len(ms),
               "median_ms": statistics.median(ms), "max_ms": max(ms)}
        if base is None:
            base = ms
        else:
            row["ratio_median"] = round(statistics.median([a / b for a, b in zip(ms, base)]), 2)
        print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
