"""Portable workload of bench/analysis.py (a folder of its own: see there): analysis times, one JSON line per figure.

Runs on CPython, and under MicroPython and Pyodide in Node.js
(``tests.interpreters.run_script``), with the analyses' default budgets:
``MOON_HANDS`` seeded Moon hands (medium players; all-pass hands skipped)
and ``CF_ROUNDS`` seeded 4-player Chicken Foot rounds (seat 0's decisions).
Times in whole milliseconds from ``engine.ai.clock`` (wall time).
"""

from engine.ai import choose
from engine.ai.analysis import analyse
from engine.ai.clock import elapsed_ms, now
from engine.chickenfoot import ChickenFoot
from engine.moon import Moon
from engine.record import dumps

MOON_HANDS = 4
CF_ROUNDS = 2


def _play(g, seed, rounds):
    from engine.rng import Rng
    rng = Rng(seed)
    while g.round_count() < rounds or g.current_seat() is not None:
        if g.current_seat() is None:
            g.start_round(g.new_deal(rng))
            continue
        g.apply(choose(g.view(g.current_seat()), "medium", rng.next64()))
    return g.record()


def moon_times(count, seed=1):
    """Milliseconds per Moon hand analysis, ``count`` played hands of seeded games:
    ``(every seat, one defender, the bidder)``."""
    out = []
    one = []
    mine = []
    game = 0
    while len(out) < count:
        rec = _play(Moon(), seed * 1000 + game, 1)
        game += 1
        if len(rec["rounds"][0]["actions"]) <= 3:
            continue        # all passed: nothing to play
        t = now()
        result = analyse(rec, {"round": 0})
        out.append(int(elapsed_ms(t)))
        t = now()
        analyse(rec, {"round": 0, "seat": (result["bidder"] + 1) % 3})
        one.append(int(elapsed_ms(t)))
        t = now()
        analyse(rec, {"round": 0, "seat": result["bidder"]})
        mine.append(int(elapsed_ms(t)))
    return out, one, mine


def cf_times(count, seed=1):
    """Milliseconds per 4-player Chicken Foot round analysis (seat 0, the default budget)."""
    out = []
    for k in range(count):
        rec = _play(ChickenFoot(4), seed * 1000 + k, 1)
        t = now()
        analyse(rec, {"round": 0, "seat": 0})
        out.append(int(elapsed_ms(t)))
    return out


def main(moon_hands=MOON_HANDS, cf_rounds=CF_ROUNDS):
    moon, one, mine = moon_times(moon_hands)
    print(dumps({"metric": "moon_hand_ms", "values": moon}))
    print(dumps({"metric": "moon_hand_seat_ms", "values": one}))
    print(dumps({"metric": "moon_hand_bidder_ms", "values": mine}))
    print(dumps({"metric": "cf_round_ms", "values": cf_times(cf_rounds)}))


if __name__ == "__main__":
    main()
