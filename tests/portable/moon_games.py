"""Portable workload: seeded complete Moon games with random play.

Prints each game's canonical record (``engine.record.dumps``), the summary of
its replay, the three seats' views part-way through, and the scores of a run
of simulation-interface hands (``deal_fast``, ``legal_moves``/``apply_move``,
no record); the same bytes
must come out on CPython, MicroPython and Pyodide (tests/test_portability.py).
"""

from engine.moon import Moon
from engine.record import dumps, replay, skim
from engine.rng import Rng

# Seeds whose random games end within about 50 hands (random bidding makes
# many games last hundreds): ten complete games, 248 hands, quick on MicroPython.
SEEDS = [3, 6, 7, 8, 11, 13, 18, 23, 31, 33]


def random_game(seed):
    rng = Rng(seed)
    g = Moon(3, names=["Ana", "Ben", "Cy"])
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


for seed in SEEDS:
    g = random_game(seed)
    text = dumps(g.record())
    print("game", seed, "hands", g.round_count(), "actions", g.action_count())
    print(text)
    r = replay(text)
    assert dumps(r.record()) == text and r.is_over()
    print(dumps(summary(r)))
    step = (g.action_count() * 2) // 3
    mid = replay(text, step=step)
    print("step", step, mid.phase(), mid.current_seat(), dumps(mid.legal_actions()))
    for seat in range(3):
        print(dumps(mid.view(seat)))
    # The last hand's deal from the scores before it (engine.record.skim): the replay's game there.
    last = g.round_count() - 1
    skimmed = skim(r.record(), last)
    print("skim", last, skimmed.phase(), skimmed.current_seat(), dumps(skimmed.totals()), dumps(skimmed.view(0)))

rng = Rng(4242)
g = Moon(3, log=False)
games = 0
check = 0
for i in range(400):
    if g.is_over():
        print("fast game", games, "totals", g.totals(), "winners", g.winners(), "hands", len(g.round_scores()))
        games += 1
        g = Moon(3, log=False)
    g.deal_fast(rng)
    while g.current_seat() is not None:
        moves = g.legal_moves()
        g.apply_move(moves[rng.below(len(moves))])
    s = g.round_scores()[-1]
    check = (check * 31 + (s[0] + 50) * 10000 + (s[1] + 50) * 100 + (s[2] + 50)) % 1000000007
print("fast hands 400 games", games, "checksum", check, "totals", g.totals())
