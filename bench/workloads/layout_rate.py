"""Portable workload: how long laying out one play takes, as the page does it after every move.

Plays ROUNDS seeded rounds of random legal play (2, 4 and 8 players, the
spokes each case takes) and, after every play, asks ``engine.layout`` for
the table in each shape, as the page does (its cache extends the last
layout by the new tile).  Prints one JSON object per shape: how many calls,
the median and 90th percentile wall time (ms), the largest (the slowest
calls timed again, the least of three tries each: a single time swings with
the machine's load) and the three slowest calls (ms, seed, players,
spokes, tiles on the table).  Run by
``bench/layout.py --speed`` under MicroPython (the page's interpreter) and
CPython.
"""

import gc
import json

from engine import layout
from engine.chickenfoot import ChickenFoot
from engine.rng import Rng

try:
    from time import ticks_diff, ticks_us   # MicroPython

    def now():
        return ticks_us()

    def elapsed_ms(start):
        return ticks_diff(ticks_us(), start) / 1000.0
except ImportError:
    from time import process_time   # CPython: CPU time, which the machine's load does not inflate

    def now():
        return process_time()

    def elapsed_ms(start):
        return (process_time() - start) * 1000.0

# (players, spokes) cases and rounds of each: the crowded tables (2 players,
# many spokes) are where a play's layout searches longest.
CASES = [(2, 8), (2, 5), (4, 8), (4, 4), (8, 8)]
ROUNDS = 6
RETIMED = 12      # the slowest calls timed again
REPEATS = 3


def tables(seed, players, spokes):
    """The table after every play of one random round."""
    rng = Rng(seed)
    g = ChickenFoot(players, {"spokes": spokes})
    g.start_round(g.new_deal(rng))
    out = []
    while g.current_seat() is not None:
        view = g.view(g.current_seat())
        action = view["legal"][rng.below(len(view["legal"]))]
        g.apply(action)
        if ">" in action:
            out.append(g.view(0)["table"])
    return out


def timed(table, shape, spokes, prefix):
    """One play's layout, the way the page meets it: the table before it laid out already
    (untimed), the heap collected first; the least of REPEATS tries (ms)."""
    best = None
    for _ in range(REPEATS):
        layout._CACHE.clear()
        if prefix is not None:
            layout.layout(prefix, shape, spokes)
        gc.collect()
        start = now()
        layout.layout(table, shape, spokes)
        ms = elapsed_ms(start)
        best = ms if best is None or ms < best else best
    return best


def run():
    times = {"wide": [], "narrow": []}
    for players, spokes in CASES:
        for i in range(ROUNDS):
            seed = 1000 * spokes + 10 * players + i * 7919
            rounds = tables(seed, players, spokes)
            for shape in ("wide", "narrow"):
                layout._CACHE.clear()
                for k in range(len(rounds)):
                    start = now()
                    layout.layout(rounds[k], shape, spokes)
                    times[shape].append([elapsed_ms(start), seed, players, spokes, k, rounds])
    for shape in ("narrow", "wide"):
        ms = sorted(t[0] for t in times[shape])
        # A single wall-clock time swings with the machine's load and the
        # collector: the slowest calls are timed again, the least of REPEATS.
        slowest = sorted(times[shape], key=lambda t: -t[0])[:RETIMED]
        for t in slowest:
            rounds, k = t[5], t[4]
            t[0] = timed(rounds[k], shape, t[3], rounds[k - 1] if k else None)
        slowest.sort(key=lambda t: -t[0])
        print(json.dumps({"shape": shape, "calls": len(ms), "median_ms": round(ms[len(ms) // 2], 2),
                          "p90_ms": round(ms[len(ms) * 9 // 10], 2), "max_ms": round(slowest[0][0], 2),
                          "slowest": [[round(t[0], 1), t[1], t[2], t[3], len(t[5][t[4]])] for t in slowest[:3]]}))


run()
