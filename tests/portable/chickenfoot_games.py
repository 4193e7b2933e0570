"""Portable workload: seeded complete Chicken Foot games with random play.

Prints each game's canonical record (``engine.record.dumps``), the summary of
its replay, a position part-way through (legal actions and every seat's
view), and a checksum of fast-path rounds (``deal_fast`` + ``playout``, no
record); the same bytes must come out on CPython, MicroPython and Pyodide
(tests/test_portability.py).
"""

from engine import tiles
from engine.chickenfoot import ChickenFoot
from engine.record import dumps, replay
from engine.rng import Rng

# (seed, players, options): every player count, every option.
GAMES = [
    (1, 2, None),
    (2, 3, {"double_blank_50": True}),
    (3, 4, {"spokes": 6}),
    (4, 5, {"yard_reserve": 0}),
    (5, 6, {"yard_reserve": 3, "spokes": 7}),
    (6, 7, None),
    (7, 8, {"double_blank_50": True, "yard_reserve": 2}),
]


def random_game(seed, players, options):
    rng = Rng(seed)
    g = ChickenFoot(players, options, ["P%d" % s for s in range(players)])
    while not g.is_over():
        if g.current_seat() is None:
            g.start_round(g.new_deal(rng))
            continue
        legal = g.legal_actions()
        g.apply(legal[rng.below(len(legal))])
    return g


def summary(g):
    return {"game": g.GAME, "rounds": g.round_scores(), "totals": g.totals(),
            "finished": g.is_over(), "winners": g.winners()}


for seed, players, options in GAMES:
    g = random_game(seed, players, options)
    text = dumps(g.record())
    print("game", seed, "players", players, "actions", g.action_count())
    print(text)
    r = replay(text)
    assert dumps(r.record()) == text and r.is_over()
    print(dumps(summary(r)))
    step = (g.action_count() * 2) // 3
    mid = replay(text, step=step)
    print("step", step, mid.phase(), mid.current_seat(), dumps(mid.legal_actions()))
    for seat in range(players):
        print(dumps(mid.view(seat)))
    seat = mid.current_seat()
    if seat is not None:
        # The computer players' hook: a state from a view plus the unseen tiles.
        others = [mid.view(s)["hand"] for s in range(players)]
        yard = [tiles.name(t) for t in mid.yard[mid.ypos:]]
        sim = ChickenFoot.from_view(mid.view(seat), others, yard)
        print("from_view", dumps(sim.legal_actions()))
        sim.playout(Rng(seed))
        print("playout", dumps(sim.round_scores()[-1]), sim.phase())

rng = Rng(777)
g = ChickenFoot(4, log=False)
check = 0
for i in range(300):
    if g.is_over():
        print("fast game totals", g.totals(), "winners", g.winners())
        g = ChickenFoot(4, log=False)
    g.deal_fast(rng)
    g.playout(rng)
    for s in g.round_scores()[-1]:
        check = (check * 31 + s) % 1000000007
print("fast rounds 300 checksum", check, "totals", g.totals())
