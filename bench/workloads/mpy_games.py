"""Portable helper of the mpy_* workloads: the decisions of seeded games.

Plays seeded games with medium moves and yields every decision with a
choice as ``(phase, view, seed)`` (the seed for the hard player to time).
"""

from engine.ai import choose
from engine.record import new_game
from engine.rng import Rng

GAMES = {"moon": (3, 2), "chicken-foot": (4, 2)}    # players, rounds (hands) per seed
SEEDS = [1, 2]
HAND_PHASES = ("bidding", "discard", "trump")


def decisions(name):
    players, rounds = GAMES[name]
    for seed in SEEDS:
        g = new_game(name, players)
        deals = Rng(seed)
        rng = Rng(seed * 7 + 1)
        while not g.is_over() and g.round_count() <= rounds:
            seat = g.current_seat()
            if seat is None:
                if g.round_count() == rounds:
                    break
                g.start_round(g.new_deal(deals))
                continue
            view = g.view(seat)
            if len(view["legal"]) > 1:
                yield view.get("phase", "play"), view, rng.below(1 << 30)
            g.apply(choose(view, "medium", rng.below(1 << 30)))
