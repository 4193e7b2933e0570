"""Random complete Three-Player Moon hands per second (portable workload).

Runs unchanged on CPython, MicroPython and Pyodide (``bench/engine.py`` runs it
under all three).  Prints one JSON line:
``{"metric": "moon_random_hands_per_s", "value": N, "unit": "hands/s", "interpreter": ...}``.

A hand is: deal (shuffle of the 22 tiles with ``engine.rng.Rng``), bidding,
discard, trumps and the 21 plays, every choice uniformly random among the
legal moves (``moon_fast.Draws``: several choices per 64-bit draw of the
``Rng``), through the engine's simulation interface (``deal_fast``, then
``legal_moves``/``apply_move`` in ``moon_fast.playout``; no record kept).  A hand that all three players pass ends after its three
bids (it scores 0, as the rules say) and counts as a hand like any other:
about 1 in 216 hands with random bidding.  When a game ends a new one starts.

    python3 bench/throughput_moon.py [seconds]
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
# interpreter puts this script's folder on the path, so take it off until
# the engine is imported (then put it back for moon_fast, at the end).
_shadowing = []
for _p in list(sys.path):
    if _exists((_p or ".") + "/engine.py"):
        sys.path.remove(_p)
        _shadowing.append(_p)
if sys.implementation.name == "cpython" and sys.platform != "emscripten":
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import time

from engine.moon import Moon  # noqa: E402
from engine.rng import Rng  # noqa: E402

sys.path.extend(_shadowing)
from moon_fast import Draws, playout  # noqa: E402

if hasattr(time, "ticks_ms"):
    def now_ms():
        return time.ticks_ms()

    def since_ms(start):
        return time.ticks_diff(time.ticks_ms(), start)
else:
    # CPU time of this process on CPython (the figure holds on a shared, busy
    # machine); wall time under Pyodide, whose process clock counts Node's threads.
    _clock = time.perf_counter if sys.platform == "emscripten" else time.process_time

    def now_ms():
        return _clock() * 1000.0

    def since_ms(start):
        return _clock() * 1000.0 - start


def interpreter():
    name = sys.implementation.name
    if name == "cpython" and sys.platform == "emscripten":
        return "pyodide"
    return name


def run(seconds):
    rng = Rng(2024)
    draws = Draws(rng)
    game = Moon(3, log=False)
    hands = 0
    all_pass = 0
    start = now_ms()
    elapsed = 0
    while elapsed < seconds * 1000:
        for _ in range(200):
            if game.is_over():
                game = Moon(3, log=False)
            game.deal_fast(rng)
            playout(game, draws)
            if game.bidder < 0:
                all_pass += 1
            hands += 1
        elapsed = since_ms(start)
    return hands, all_pass, elapsed


def main():
    seconds = 3.0
    if len(sys.argv) > 1:
        try:
            seconds = float(sys.argv[1])
        except ValueError:
            pass
    run(0.2)   # warm-up
    hands, all_pass, elapsed = run(seconds)
    rate = int(hands * 1000.0 / elapsed)
    print('{"metric": "moon_random_hands_per_s", "value": %d, "unit": "hands/s", "interpreter": "%s", '
          '"hands": %d, "all_pass_hands": %d}' % (rate, interpreter(), hands, all_pass))


main()
