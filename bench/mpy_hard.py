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

``--tournament N [--seed S] [--split bidding=B,discard=D,trump=T,play=P]``
instead plays a duplicate Moon tournament on CPython, ``hard`` at that
budget by decision kind (default: the registry's ``slow_hard_budget``) vs
two ``medium``, N games, and prints hard's win rate with its 95 % Wilson
interval (two runs with different seeds may be added up: ``wins``,
``games``).  Run it under ``nice -n 10``.

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


def parse_split(text):
    """``bidding=11,discard=2,...`` -> {phase: worlds}."""
    split = {}
    for part in text.split(","):
        phase, _, value = part.partition("=")
        if phase not in HAND_PHASES + ("play",) or not value.isdigit() or int(value) < 1:
            sys.exit("--split: %r is not phase=worlds (phases: %s)" % (part, ", ".join(HAND_PHASES + ("play",))))
        split[phase] = int(value)
    missing = [p for p in HAND_PHASES + ("play",) if p not in split]
    if missing:
        sys.exit("--split: no budget for %s" % ", ".join(missing))
    return split


def option(args, name, default):
    if name in args:
        i = args.index(name)
        if i + 1 >= len(args):
            sys.exit("%s needs a value" % name)
        return args[i + 1]
    return default


def moon_tournament(args):
    from engine import games
    from engine.ai import Budget
    from engine.tournament import tournament

    count = int(option(args, "--tournament", "300"))
    seed = int(option(args, "--seed", "3"))
    split = option(args, "--split", None)
    budget = parse_split(split) if split else games.info("moon").slow_hard_budget
    if not isinstance(budget, dict):
        budget = {phase: budget for phase in HAND_PHASES + ("play",)}
    result = tournament("moon", ["hard", "medium", "medium"], count, seed, budget=Budget(iterations=budget))
    hard = result["seats"][0]
    print(json.dumps({"metric": "mpy_hard.moon.tournament", "split": budget, "seed": seed, "games": hard["games"],
                      "wins": hard["won"], "win_rate": hard["win_rate"], "ci95": hard["win_rate_ci95"],
                      "hard_decision_ms_median": hard["decision_ms_median"],
                      "hard_decision_ms_max": hard["decision_ms_max"],
                      "load_average_1min": round(os.getloadavg()[0], 2)}), flush=True)


def main():
    check_budgets()
    if "--tournament" in sys.argv[1:]:
        moon_tournament(sys.argv[1:])
        return 0
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
