"""How fast Chicken Foot's ``hard`` searches at a fixed playout budget (CPython), and what it chose.

    python3 bench/cf_speed.py [--iterations 2000] [--decisions 40] [--profile 25]

Times ``hard`` (no time cap) on the first ``--decisions`` tile decisions
(two or more plays) of the seeded 4-player medium games of
bench/workloads/mpy_games.py, the positions ``bench/cf_rate.py`` and
``bench/mpy_hard.py --rate`` time too, and prints one JSON line: decisions
and playouts per CPU second (CPU time, which the machine's load inflates far
less than wall time), the median / p95 / max decision in CPU and wall ms,
and ``digest``: a hash of every choice and of every playout's value in
order, the same before and after a change that only makes the search
faster (a changed digest means some playout played differently).
``--micropython`` instead runs bench/workloads/cf_speed.py (every decision
of those games at 150 playouts) under MicroPython in Node.js and under
CPython, timing each process's CPU (less an empty run's start), and prints
MicroPython's CPU over CPython's and, as ``bench/mpy_hard.py --rate``
reckons it (that ratio times CPython's CPU per decision, which load inflates
little), the playouts a quiet desktop's MicroPython reaches within the
worker's 300 ms cap at the median and at the slowest decision (the first
left out: it imports the players).

``--repeat N`` times them N times and keeps each decision's fastest (the
least disturbed by other work on a shared machine).  ``--profile N`` runs the same decisions under cProfile and prints its N
costliest functions (by own time) instead.  Run it under ``nice -n 10``.
"""

import argparse
import cProfile
import hashlib
import json
import os
import pstats
import resource
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
# --root DIR: the engine of another checkout (e.g. `git archive main engine bench`
# unpacked there), to time before and after a change in one sitting.
if "--root" in sys.argv:
    ROOT = os.path.abspath(sys.argv[sys.argv.index("--root") + 1])
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "bench", "workloads"))

from engine.ai import Budget, cf_player, choose  # noqa: E402
from mpy_games import decisions  # noqa: E402


def positions(limit):
    out = []
    for _phase, view, seed in decisions("chicken-foot"):
        plays = [a for a in view["legal"] if a != "draw" and a != "pass"]
        if len(plays) >= 2:
            out.append((view, seed))
            if len(out) == limit:
                break
    return out


def percentile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, int(round(q * len(ordered))) - 1))]


class Counter:
    """Wraps the judge's value of a playout: counts the playouts and hashes their values."""

    def __init__(self):
        self.playouts = 0
        self.digest = hashlib.sha256()
        # The judge's one method every playout's value goes through (value() before score() existed).
        self.name = "score" if hasattr(cf_player._Judge, "score") else "value"
        self.plain = getattr(cf_player._Judge, self.name)

    def install(self):
        counter = self
        plain = self.plain

        def wrapped(judge, *args):
            v = plain(judge, *args)
            counter.playouts += 1
            counter.digest.update(b"%d," % v)
            return v
        setattr(cf_player._Judge, self.name, wrapped)

    def remove(self):
        setattr(cf_player._Judge, self.name, self.plain)


def run(todo, iterations):
    counter = Counter()
    counter.install()
    cpu, wall = [], []
    for view, seed in todo:
        w0 = time.perf_counter()
        c0 = time.process_time()
        action = choose(view, "hard", seed, Budget(iterations=iterations))
        cpu.append((time.process_time() - c0) * 1000.0)
        wall.append((time.perf_counter() - w0) * 1000.0)
        counter.digest.update(action.encode() + b";")
    counter.remove()
    return cpu, wall, counter


def _child_cpu(cmd, env=None):
    """Run ``cmd``; its stdout and the CPU seconds it took (user + system)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run(cmd, capture_output=True, check=True, env=env).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return out, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def _node(root, script):
    with tempfile.TemporaryDirectory(prefix="cf-speed-") as tmp:
        out = os.path.join(tmp, "out")
        _, cpu = _child_cpu(["node", os.path.join(HERE, "..", "tests", "node", "run.mjs"), "micropython", root,
                             script, out])
        with open(out, encoding="utf-8") as f:
            return f.read(), cpu


def micropython(root):
    work = os.path.join(HERE, "workloads", "cf_speed.py")
    with tempfile.TemporaryDirectory(prefix="cf-speed-empty-") as tmp:
        empty = os.path.join(tmp, "empty.py")
        with open(empty, "w", encoding="utf-8") as f:
            f.write("import engine\n")
        _, start = _node(root, empty)
    text, mpy = _node(root, work)
    env = dict(os.environ, PYTHONPATH=root)
    cpy_text, cpy = _child_cpu([sys.executable, work], env)
    m = json.loads(text.strip().splitlines()[-1])
    c = json.loads(cpy_text.decode("utf-8").strip().splitlines()[-1])
    if m["actions"] != c["actions"]:
        sys.exit("MicroPython chose otherwise than CPython: the engine is not portable here")
    ratio = (mpy - start) / sum(c["cpu_ms"]) * 1000.0
    budget = m["iterations"]
    median = percentile(c["cpu_ms"], 0.5) * ratio
    slowest = max(c["cpu_ms"][1:]) * ratio
    print(json.dumps({
        "metric": "cf_speed.micropython", "root": root, "iterations": budget, "decisions": len(m["actions"]),
        "mpy_cpu_s": round(mpy - start, 2), "mpy_start_cpu_s": round(start, 2), "cpython_cpu_s": round(cpy, 2),
        "mpy_vs_cpython": round(ratio, 2), "quiet_mpy_ms_median": round(median, 1),
        "quiet_mpy_ms_slowest": round(slowest, 1),
        "within_300ms_median": int(budget * 300 / median), "within_300ms_slowest": int(budget * 300 / slowest),
        "load_average_1min": round(os.getloadavg()[0], 2)}), flush=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--iterations", type=int, default=2000)
    ap.add_argument("--decisions", type=int, default=40)
    ap.add_argument("--profile", type=int, default=0, help="print cProfile's N costliest functions instead")
    ap.add_argument("--repeat", type=int, default=1,
                    help="time the decisions this many times, keep each decision's fastest (a busy machine's noise)")
    ap.add_argument("--micropython", action="store_true",
                    help="MicroPython's CPU over CPython's at 150 playouts, and what fits the worker's cap")
    ap.add_argument("--root", default=ROOT, help="the checkout whose engine to time (default: this one)")
    args = ap.parse_args()
    if args.micropython:
        micropython(ROOT)
        return
    todo = positions(args.decisions)
    load = round(os.getloadavg()[0], 2)
    if args.profile:
        prof = cProfile.Profile()
        prof.enable()
        run(todo, args.iterations)
        prof.disable()
        pstats.Stats(prof).sort_stats("tottime").print_stats(args.profile)
        return
    cpu, wall, counter = run(todo, args.iterations)
    for _ in range(args.repeat - 1):
        again, wall_again, _counter = run(todo, args.iterations)
        cpu = [min(a, b) for a, b in zip(cpu, again)]
        wall = [min(a, b) for a, b in zip(wall, wall_again)]
    total_cpu = sum(cpu) / 1000.0
    print(json.dumps({
        "metric": "cf_speed", "iterations": args.iterations, "repeat": args.repeat, "decisions": len(cpu), "playouts": counter.playouts,
        "decisions_per_cpu_s": round(len(cpu) / total_cpu, 2),
        "playouts_per_cpu_s": round(counter.playouts / total_cpu),
        "cpu_ms_median": round(percentile(cpu, 0.5), 1), "cpu_ms_p95": round(percentile(cpu, 0.95), 1),
        "cpu_ms_max": round(max(cpu), 1),
        "wall_ms_median": round(percentile(wall, 0.5), 1), "wall_ms_p95": round(percentile(wall, 0.95), 1),
        "wall_ms_max": round(max(wall), 1),
        "root": ROOT, "load_before": load, "load_after": round(os.getloadavg()[0], 2),
        "digest": counter.digest.hexdigest()[:16]}), flush=True)


if __name__ == "__main__":
    main()
