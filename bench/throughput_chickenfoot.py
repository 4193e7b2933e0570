"""Chicken Foot random-play throughput: complete 4-player rounds per second.

Portable (CPython, MicroPython, Pyodide): plays seeded matches with uniformly
random legal moves through the engine's fast path (``deal_fast`` +
``playout``, no record) and prints one JSON line::

    {"metric": "chickenfoot_random_rounds_per_s", "value": N, "unit": "rounds/s", "interpreter": ...}
"""

import os
import sys


def _exists(path):
    try:
        os.stat(path)
        return True
    except OSError:
        return False


# bench/engine.py (the runner) would shadow the engine package: every
# interpreter puts this script's folder on the path, so take it off.
for _p in list(sys.path):
    if _exists((_p or ".") + "/engine.py"):
        sys.path.remove(_p)
if sys.implementation.name == "cpython" and sys.platform != "emscripten":
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import time  # noqa: E402

from engine.chickenfoot import ChickenFoot  # noqa: E402
from engine.rng import Rng  # noqa: E402

if hasattr(time, "ticks_ms"):
    def now():
        return time.ticks_ms() / 1000.0

    def elapsed(t0):
        return time.ticks_diff(time.ticks_ms(), int(t0 * 1000)) / 1000.0
else:
    # CPU time of this process on CPython (the figure holds on a shared, busy
    # machine); wall time under Pyodide, whose process clock counts Node's threads.
    _cpu = time.perf_counter if sys.platform == "emscripten" else time.process_time

    def now():
        return _cpu()

    def elapsed(t0):
        return _cpu() - t0


def run(seconds):
    rng = Rng(2024)
    rounds = 0
    game = ChickenFoot(4, log=False)
    t0 = now()
    while True:
        if game.is_over():
            game = ChickenFoot(4, log=False)
        game.deal_fast(rng)
        game.playout(rng)
        rounds += 1
        if rounds % 50 == 0 and elapsed(t0) >= seconds:
            return rounds, elapsed(t0)


def main():
    seconds = 3.0
    if len(sys.argv) > 1:
        seconds = float(sys.argv[1])
    run(0.3)    # warm-up
    rounds, spent = run(seconds)
    impl = sys.implementation.name
    if impl == "cpython" and sys.platform == "emscripten":
        impl = "pyodide"
    print('{"metric": "chickenfoot_random_rounds_per_s", "value": %d, "unit": "rounds/s", "interpreter": "%s"}'
          % (int(rounds / spent), impl))


main()
