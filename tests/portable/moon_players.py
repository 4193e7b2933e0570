"""Portable workload: Moon's computer players on seeded hands.

Plays a few seeded hands with the three levels in rotating seats (hard on a
small fixed iteration budget, no time cap) and prints every decision; the
same bytes must come out on CPython, MicroPython and Pyodide
(tests/test_portability.py).  Also prints a few sampled worlds and the
medium estimate, whose arithmetic is all integers.
"""

from _nightly import size
from engine.ai import Budget, choose
from engine.ai.moon_eval import best_choices
from engine.ai.moon_sampling import Knowledge, count_worlds, sample_world
from engine.moon import Moon, mask_ids
from engine.rng import Rng
from engine.tiles import NAMES

LEVELS = [["easy", "medium", "hard"], ["hard", "easy", "medium"], ["medium", "hard", "easy"]]
# CI two hands (every level plays; MicroPython takes some 3 s a hand), the nightly size all three seatings.
HANDS = size(2, 3)
BUDGET = Budget(iterations=2)


def names(mask):
    return " ".join(NAMES[t] for t in mask_ids(mask))


rng = Rng(20261130)
g = Moon(3)
for hand in range(HANDS):
    g.start_round(g.new_deal(rng))
    levels = LEVELS[hand % 3]
    print("hand", hand, "levels", " ".join(levels))
    step = 0
    while g.current_seat() is not None:
        seat = g.current_seat()
        view = g.view(seat)
        seed = rng.below(1 << 30)
        action = choose(view, levels[seat], seed, BUDGET)
        if step % 4 == 1 and view["phase"] == "play":
            k = Knowledge(view)
            hands, hidden = sample_world(k, Rng(seed))
            print("  worlds", count_worlds(k), "sample", "|".join(names(h) for h in hands),
                  NAMES[hidden] if hidden >= 0 else "-")
        if view["phase"] == "bidding":
            print("  estimate", " ".join("%d:%s:%d" % (v, NAMES[d], tr) for v, d, tr in
                                        best_choices(Knowledge(view).hand, 3)))
        print(" ", seat, levels[seat], action)
        g.apply(action)
        step += 1
    print("  scores", g.round_scores()[-1], "totals", g.totals())
    if g.is_over():
        break

# The standings model of hard's bid (UTILITY "wins"): its table is computed
# with floats at import, rounded; every interpreter must round alike.
from engine.ai import moon_player  # noqa: E402
print("standing weights", sum(moon_player.STANDING_WEIGHT), moon_player.STANDING_WEIGHT[1::16])
print("shares", [moon_player._win_share(s, [0, 10, 40]) for s in range(3)],
      [moon_player._win_share(0, [2 * t, 0, -8]) for t in range(-20, 22, 6)])
