"""Benchmark of Moon's exact solver: full 7-trick solves from the opening lead.

100 seeded deals (``engine.rng.Rng``: shuffle the 22 tiles, 7/7/7 and the
widow, a random trump among the 9 codes, a random leader who is the bidder),
then the same deals with the trump the bidder holds most of (``_chosen_trump``
lines: closer to real bids).  Wall-clock times.  Prints JSON lines
``{"metric": ..., "value": ..., "unit": ...}``; the reference line compares
with a plain alpha-beta minimax (no table) on the first few deals.

    python3 bench/solver.py [--deals N] [--seed S] [--reference K]
"""

import argparse
import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from engine.ai.moon_solver import Solver  # noqa: E402
from engine.moon_rules import MOON_TILES, LED, SUIT_MASK, is_trump, trick_winner  # noqa: E402
from engine.rng import Rng  # noqa: E402


def deals(count, seed):
    """``count`` seeded ``(hands, trump, leader)`` triples."""
    rng = Rng(seed)
    out = []
    for _ in range(count):
        tiles = list(MOON_TILES)
        rng.shuffle(tiles)
        hands = []
        for s in range(3):
            m = 0
            for t in tiles[7 * s:7 * s + 7]:
                m |= 1 << t
            hands.append(m)
        trump = rng.below(9)
        leader = rng.below(3)
        out.append((hands, trump, leader))
    return out


def chosen_trump(hand):
    """The trump code giving ``hand`` the most trumps (ties: the lower code): deals closer to real bids."""
    best, best_n = 0, -1
    for tr in range(8):
        n = sum(1 for t in MOON_TILES if hand >> t & 1 and is_trump(t, tr))
        if n > best_n:
            best, best_n = tr, n
    return best


def plain_value(hands, trump, leader, bidder):
    """A deliberately plain reference: ply-by-ply minimax with alpha-beta, no table."""
    hands = list(hands)
    sm = SUIT_MASK[trump]
    led_of = LED[trump]

    def search(leader, trick, alpha, beta):
        seat = (leader + len(trick)) % 3
        h = hands[seat]
        if not h and not trick:
            return 0
        if trick:
            m = h & sm[led_of[trick[0]]]
            if m:
                h = m
        maximise = seat == bidder
        best = -1 if maximise else 99
        for t in range(28):
            if not h >> t & 1:
                continue
            hands[seat] ^= 1 << t
            if len(trick) == 2:
                tiles = trick + [t]
                w = (leader + trick_winner(tiles, trump)) % 3
                gain = 1 if w == bidder else 0
                v = gain + search(w, [], alpha - gain, beta - gain)
            else:
                v = search(leader, trick + [t], alpha, beta)
            hands[seat] ^= 1 << t
            if maximise:
                if v > best:
                    best = v
                if best > alpha:
                    alpha = best
            else:
                if v < best:
                    best = v
                if best < beta:
                    beta = best
            if alpha >= beta:
                break
        return best

    return search(leader, [], -1, 99)


def pct(xs, q):
    xs = sorted(xs)
    i = min(len(xs) - 1, int(round(q * (len(xs) - 1))))
    return xs[i]


def emit(metric, value, unit):
    print(json.dumps({"metric": metric, "value": value, "unit": unit}))


def measure(ds, suffix):
    """Time full solves and root move values over ``ds``; print the metric lines."""
    times = []
    nodes = []
    values = []
    for hands, trump, leader in ds:
        s = Solver(trump, leader)
        t0 = time.perf_counter()
        v = s.value(hands, leader)
        times.append((time.perf_counter() - t0) * 1000.0)
        nodes.append(s.nodes)
        values.append(v)
    emit("moon_solve_ms_median" + suffix, round(pct(times, 0.5), 2), "ms")
    emit("moon_solve_ms_p90" + suffix, round(pct(times, 0.9), 2), "ms")
    emit("moon_solve_ms_max" + suffix, round(max(times), 2), "ms")
    emit("moon_solve_nodes_mean" + suffix, round(sum(nodes) / len(nodes), 1), "nodes")
    emit("moon_solve_value_mean" + suffix, round(sum(values) / len(values), 2), "tricks")

    mtimes = []
    mnodes = []
    for hands, trump, leader in ds:
        s = Solver(trump, leader)
        t0 = time.perf_counter()
        s.move_values(hands, leader)
        mtimes.append((time.perf_counter() - t0) * 1000.0)
        mnodes.append(s.nodes)
    emit("moon_move_values_ms_median" + suffix, round(pct(mtimes, 0.5), 2), "ms")
    emit("moon_move_values_ms_p90" + suffix, round(pct(mtimes, 0.9), 2), "ms")
    emit("moon_move_values_ms_max" + suffix, round(max(mtimes), 2), "ms")
    emit("moon_move_values_nodes_mean" + suffix, round(sum(mnodes) / len(mnodes), 1), "nodes")
    return times, values


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--reference", type=int, default=3, help="deals for the plain-reference comparison (0: skip)")
    args = ap.parse_args(argv)

    ds = deals(args.deals, args.seed)
    times, values = measure(ds, "")
    # The same deals with the trump the bidder holds most of: real bids are
    # stronger than random ones, and their searches are harder.
    measure([(h, chosen_trump(h[lead]), lead) for h, _, lead in ds], "_chosen_trump")

    if args.reference > 0:
        ratios = []
        for i in range(args.reference):
            hands, trump, leader = ds[i]
            t0 = time.perf_counter()
            ref = plain_value(hands, trump, leader, leader)
            tref = time.perf_counter() - t0
            if ref != values[i]:
                raise SystemExit("reference disagrees on deal %d: %d != %d" % (i, ref, values[i]))
            ratios.append(tref * 1000.0 / max(times[i], 1e-3))
        emit("moon_solve_speedup_vs_plain_alphabeta_median", round(pct(ratios, 0.5), 1), "x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
