"""How hard fares on the MicroPython worker's budget, under MicroPython and CPython.

    python3 bench/mpy_hard.py [--rate]

Runs bench/workloads/mpy_hard.py (hard decisions at the budget app/players.py
gives MicroPython) under MicroPython in Node.js and under CPython, and prints
one JSON object per game and decision kind: median / p90 / max decision time
and how many decisions stayed within the time cap.  Within the cap, the
budget is what MicroPython reaches (a fixed budget: the same choice as the
CPython tournaments at ``--iterations`` that budget, README); past it, the
cap cut the search short.  Wall time: it swings with the machine's load,
printed first.

``--rate`` instead runs bench/workloads/mpy_rate.py (the same decisions at
the same budget, no time cap) and prints, per game and decision kind,
MicroPython's median decision time and the iterations it reaches within the
worker's cap at this load (``within_cap_now``) and on a quiet machine
(``within_cap_quiet``: MicroPython's time over CPython's in the same run,
times CPython's CPU time, which load does not inflate).  Those are the
``--iterations`` budgets for the tournaments of README's strength table.
"""

import ast
import json
import os
import pathlib
import statistics
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.interpreters import run_script  # noqa: E402

# In a folder of its own: the runner puts the script's siblings on sys.path,
# and bench/engine.py would shadow the engine package.
WORKLOAD = ROOT / "bench" / "workloads" / "mpy_hard.py"
RATE_WORKLOAD = ROOT / "bench" / "workloads" / "mpy_rate.py"
HAND_PHASES = ("bidding", "discard", "trump")


def constants(path, names):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and getattr(node.targets[0], "id", None) in names:
            found[node.targets[0].id] = ast.literal_eval(node.value)
    return found


def check_budgets():
    page = constants(ROOT / "web" / "app" / "players.py", {"MPY_HARD_TIME_MS", "MPY_HAND_TIME_MS"})
    bench = constants(WORKLOAD, {"PLAY_MS", "HAND_MS"})
    if (page["MPY_HARD_TIME_MS"], page["MPY_HAND_TIME_MS"]) != (bench["PLAY_MS"], bench["HAND_MS"]):
        sys.exit("bench/workloads/mpy_hard.py's budgets differ from web/app/players.py's: %r vs %r" % (bench, page))


def percentile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, int(round(q * len(ordered))) - 1))]


def rates():
    caps = constants(WORKLOAD, {"PLAY_MS", "HAND_MS"})
    runs = {}
    for interpreter in ("micropython", "cpython"):
        for line in run_script(interpreter, RATE_WORKLOAD, timeout=900).splitlines():
            row = json.loads(line)
            runs[(interpreter, row["game"], row["phase"])] = row
    for (interpreter, game, phase), row in sorted(runs.items()):
        if interpreter != "micropython":
            continue
        cpy = runs[("cpython", game, phase)]
        cap = caps["HAND_MS"] if phase in HAND_PHASES else caps["PLAY_MS"]
        mpy_ms = statistics.median(row["ms"])
        ratio = mpy_ms / max(statistics.median(cpy["ms"]), 0.01)
        quiet_ms = ratio * max(statistics.median(cpy["cpu_ms"]), 0.01)
        budget = row["iterations"]
        print(json.dumps({"metric": "mpy_rate.%s.%s" % (game, phase), "iterations": budget, "cap_ms": cap,
                          "decisions": len(row["ms"]), "mpy_median_ms": round(mpy_ms, 1),
                          "mpy_max_ms": round(max(row["ms"]), 1), "mpy_vs_cpython": round(ratio, 1),
                          "within_cap_now": int(budget * cap / max(mpy_ms, 0.01)),
                          "within_cap_quiet": int(budget * cap / quiet_ms)}), flush=True)


def main():
    check_budgets()
    print(json.dumps({"metric": "machine.load_average_1min", "value": round(os.getloadavg()[0], 2), "unit": ""}))
    if "--rate" in sys.argv[1:]:
        rates()
        return 0
    for interpreter in ("micropython", "cpython"):
        for line in run_script(interpreter, WORKLOAD, timeout=900).splitlines():
            row = json.loads(line)
            ms = row.pop("ms")
            within = sum(1 for t in ms if t < row["cap_ms"])
            row.update({"metric": "mpy_hard.%s.%s" % (row["game"], row["phase"]), "interpreter": interpreter,
                        "decisions": len(ms), "median_ms": percentile(ms, 0.5), "p90_ms": percentile(ms, 0.9),
                        "max_ms": max(ms), "within_cap": "%d/%d" % (within, len(ms))})
            print(json.dumps(row), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
