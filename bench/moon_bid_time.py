"""Moon: the CPU time of hard's bid, with and without the auction played out.

    python3 bench/moon_bid_time.py [--iterations 12] [--deals 30] [--scale 1,2] [--own]

Bidding views of seeded deals (first, second and third to speak in turn,
medium speaking before), each bid by hard at ``--iterations`` worlds with
``BID_AUCTION`` off and on; prints one JSON line per mode: median, p90 and
max CPU milliseconds (the process's own time, which load inflates little).
Pyodide runs the search about 4x slower, MicroPython 7-9x (README): the
budget that keeps a bid within its browser cap.  ``--scale`` sets
``BID_WORLDS_SCALE`` in turn (the bid's worlds per iteration); ``--own`` times
hard's own budget instead (the browser's: no ``--iterations``, its 1.5 s time
cap lifted so the figure is the search's whole cost), a scale there
multiplying its bid worlds (``OWN_WORLDS``) and node cap, which the player
itself never does: what the browser would pay for more worlds.
"""

import argparse
import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from engine.ai import Budget, moon_player  # noqa: E402
from engine.moon import Moon  # noqa: E402
from engine.rng import Rng  # noqa: E402


def bidding_views(deals):
    for d in range(deals):
        g = Moon(3)
        g.start_round(g.new_deal(Rng(7000 + d)))
        for _ in range(d % 3):
            g.apply(moon_player.choose(g.view(g.current_seat()), "medium", Rng(1), Budget()))
            if g.current_seat() is None or g.view(g.current_seat())["phase"] != "bidding":
                break
        if g.current_seat() is not None and g.view(g.current_seat())["phase"] == "bidding":
            yield d, g.view(g.current_seat())


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--iterations", type=int, default=12)
    ap.add_argument("--deals", type=int, default=30)
    ap.add_argument("--scale", default=None, help="comma-separated BID_WORLDS_SCALE values (default: the module's)")
    ap.add_argument("--own", action="store_true", help="hard's own budget, its time cap lifted")
    ap.add_argument("--auction-only", action="store_true", help="only BID_AUCTION on (the default mode)")
    args = ap.parse_args()
    views = list(bidding_views(args.deals))
    saved = (moon_player.BID_AUCTION, moon_player.BID_WORLDS_SCALE, moon_player.OWN_WORLDS,
             moon_player.NODES_PER_DECISION)
    scales = [int(x) for x in args.scale.split(",")] if args.scale else [1 if args.own else saved[1]]
    for scale in scales:
        if args.own:
            moon_player.OWN_WORLDS = {"bidding": saved[2]["bidding"] * scale}
            moon_player.NODES_PER_DECISION = saved[3] * scale
        else:
            moon_player.BID_WORLDS_SCALE = scale
        for mode in [True] if args.auction_only else [False, True]:
            moon_player.BID_AUCTION = mode
            ms = []
            for d, view in views:
                budget = Budget(time_ms=10 ** 7) if args.own else Budget(iterations=args.iterations)
                start = time.process_time()
                moon_player.choose(view, "hard", Rng(d), budget)
                ms.append((time.process_time() - start) * 1000)
            ms.sort()
            print(json.dumps({"metric": "moon_bid_cpu_ms", "auction": mode, "scale": scale,
                              "iterations": None if args.own else args.iterations,
                              "bids": len(ms), "median": round(ms[len(ms) // 2], 1),
                              "p90": round(ms[min(len(ms) - 1, int(len(ms) * 0.9))], 1), "max": round(ms[-1], 1)}),
                  flush=True)
    (moon_player.BID_AUCTION, moon_player.BID_WORLDS_SCALE, moon_player.OWN_WORLDS,
     moon_player.NODES_PER_DECISION) = saved


if __name__ == "__main__":
    main()
