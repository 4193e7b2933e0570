"""Portable workload: what ``python -m engine selfplay|move|tournament --iterations N`` prints.

The command line itself is CPython only (argparse, files); this script runs
the same library calls it makes -- ``play_out`` with ``pick(..., Budget(N))``
for ``selfplay``, ``pick`` on a position for ``move``, ``tournament`` for
``tournament`` (without its decision times, the one thing the machine sets)
-- and prints the same JSON.  tests/test_portability.py checks these lines are the same bytes on all
three interpreters, and tests/test_cli_ai.py that the command line prints
exactly them: a fixed budget gives one answer on any machine and interpreter.
"""

from _nightly import size
from engine.ai import Budget
from engine.record import dumps, new_game
from engine.rng import Rng
from engine.tournament import pick, play_out, tournament, without_times

# CI runs a smaller set, the nightly run (BONEYARD_NIGHTLY=1) all of it:
# (game, players, levels, seed, iterations, stop after N actions or None) for selfplay:
# CI three Moon hands or so, nightly the whole game.
SELFPLAY = [("moon", 3, ["hard", "easy", "medium"], 11, 1, size(80, None))]
# (game, players, seed, medium moves before the position, iterations) for move: CI one position per game.
MOVES = size([("moon", 3, 4, 5, 3), ("chicken-foot", 4, 6, 9, 40)],
             [("moon", 3, 4, 5, 3), ("moon", 3, 9, 14, 2), ("chicken-foot", 4, 6, 9, 40), ("chicken-foot", 3, 8, 17, 60)])
# (game, seats, games, seed, iterations) for tournament (games round up to a
# whole rotation): CI a two-seat Chicken Foot rotation (two games, 0.7 s on
# CPython, ten times that on MicroPython), nightly also a Moon rotation (three
# whole games: 4.4 s on CPython, 25 s of CPU on MicroPython).
TOURNAMENTS = size([("chicken-foot", ["hard", "easy"], 2, 2, 1)],
                   [("chicken-foot", ["hard", "easy"], 2, 2, 1), ("moon", ["hard", "medium", "easy"], 3, 2, 1)])


def selfplay(game, players, levels, seed, iterations, stop_after):
    budget = Budget(iterations=iterations)
    g = new_game(game, players)
    play_out(g, Rng(seed), lambda g, legal, r: pick(g, levels[g.current_seat()], r.next64(), budget), stop_after)
    return g


def position(game, players, seed, steps):
    """A position ``steps`` medium moves into a seeded game (its record for ``move``)."""
    g = new_game(game, players)
    rng = Rng(seed)
    done = 0
    # Past ``steps``, on to the first choice hard really makes (two or more actions).
    while done < steps or g.current_seat() is None or len(g.legal_actions()) < 2:
        if g.current_seat() is None:
            g.start_round(g.new_deal(rng))
            continue
        g.apply(pick(g, "medium", rng.next64()))
        done += 1
    return g


# Each case: its command-line arguments, then what the command prints.
for game, players, levels, seed, iterations, stop_after in SELFPLAY:
    args = ["--game", game, "--players", str(players), "--levels", ",".join(levels), "--seed", str(seed),
            "--iterations", str(iterations)]
    if stop_after is not None:
        args += ["--stop-after", str(stop_after)]
    print("selfplay", dumps(args))
    print(dumps(selfplay(game, players, levels, seed, iterations, stop_after).record()))
for game, players, seed, steps, iterations in MOVES:
    g = position(game, players, seed, steps)
    print("move", dumps(["--level", "hard", "--seed", "1", "--iterations", str(iterations)]))
    print(dumps(g.record()))
    print(dumps({"seat": g.current_seat(), "action": pick(g, "hard", 1, Budget(iterations=iterations))}))
for game, seats, games, seed, iterations in TOURNAMENTS:
    print("tournament", dumps(["--game", game, "--seats", ",".join(seats), "--games", str(games),
                               "--seed", str(seed), "--iterations", str(iterations)]))
    print(dumps(without_times(tournament(game, seats, games, seed, budget=Budget(iterations=iterations)))))
