"""Golden playthroughs: seeded games written out as readable text.

As OpenSpiel keeps its playthroughs, each file under ``tests/golden/`` is
one seeded game (or its first rounds) played by computer players of one
level with a fixed iteration budget, so it is deterministic: for every
state the acting seat's view, its legal actions and the action taken.  A
change in the rules or in a computer player's choices shows up as a diff a
reviewer can read; ``tests/test_golden.py`` holds the engine to the files.

Regenerate them after an intended change (and review the diff)::

    .venv/bin/python -m tests.golden --regenerate

``python -m tests.golden`` alone checks them and lists the files that differ.
"""

import json
from pathlib import Path

from engine.ai import Budget
from engine.record import new_game
from engine.rng import Rng
from engine.tournament import pick

DIR = Path(__file__).resolve().parent

# (file stem, game, players, seed, level, iterations, rounds played).
# Small iteration budgets keep regeneration quick; a budget still runs the
# hard players' whole search (worlds, playouts, exact solves).
CASES = [
    ("chicken-foot-easy", "chicken-foot", 3, 1, "easy", None, 1),
    ("chicken-foot-medium", "chicken-foot", 4, 2, "medium", None, 1),
    ("chicken-foot-hard", "chicken-foot", 3, 3, "hard", 40, 1),
    ("moon-easy", "moon", 3, 4, "easy", None, 2),
    ("moon-medium", "moon", 3, 5, "medium", None, 2),
    ("moon-hard", "moon", 3, 6, "hard", 12, 3),
]

# View fields left out of each line: the history repeats the actions above
# it, and the legal actions have a line of their own.  Fields that never
# change in a playthrough are written once, on its "fixed" line.
_SKIP = ("history", "legal")


def _dumps(value):
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _view_line(view, fixed):
    shown = {}
    for key in sorted(view):
        if key in _SKIP or key in fixed:
            continue
        value = view[key]
        if key == "table":
            # A table tile as "tile<parent" (its place on the table) keeps
            # Chicken Foot's lines short; the layout is derived from it.
            value = [e["tile"] if e["parent"] is None else "%s<%s" % (e["tile"], e["parent"]) for e in value]
        shown[key] = value
    return _dumps(shown)


def playthrough(game_name, players, seed, level, iterations, rounds):
    """The golden text of one case (see :data:`CASES`)."""
    game = new_game(game_name, players)
    deals = Rng(seed)
    seeds = Rng(seed + 1000)
    budget = Budget(iterations=iterations) if iterations else None
    lines = ["# %s, %d players, seed %d, every seat %s%s" % (
        game_name, players, seed, level, ", %d iterations" % iterations if iterations else "")]
    started = 0
    steps = []      # a deal (dict) or (view, action)
    while not game.is_over():
        seat = game.current_seat()
        if seat is None:
            if started == rounds:
                break
            deal = game.new_deal(deals)
            game.start_round(deal)
            started += 1
            steps.append(deal)
            continue
        view = game.view(seat)
        action = pick(game, level, seeds.next64(), budget)
        steps.append((view, action))
        game.apply(action)
    views = [step[0] for step in steps if isinstance(step, tuple)]
    fixed = {}
    for key in sorted(views[0]):
        if key not in _SKIP and all(v[key] == views[0][key] for v in views):
            fixed[key] = views[0][key]
    lines.append("fixed %s" % _dumps(fixed))
    for step in steps:
        if not isinstance(step, tuple):
            lines.append("")
            lines.append("deal %s" % _dumps(step))
            continue
        view, action = step
        lines.append("view %s" % _view_line(view, fixed))
        lines.append("legal %s" % _dumps(view["legal"]))
        lines.append("seat %d: %s" % (view["seat"], action))
    lines.append("")
    lines.append("scores %s totals %s" % (_dumps(game.round_scores()), _dumps(game.totals())))
    return "\n".join(lines) + "\n"


def path_of(stem):
    return DIR / (stem + ".txt")


def expected(case):
    """The text ``case`` produces now."""
    return playthrough(*case[1:])


def main(argv=None):
    import argparse
    parser = argparse.ArgumentParser(prog="python -m tests.golden", description=__doc__.split("\n\n")[0])
    parser.add_argument("--regenerate", action="store_true", help="rewrite the golden files from the engine")
    args = parser.parse_args(argv)
    differ = []
    for case in CASES:
        text = expected(case)
        path = path_of(case[0])
        if args.regenerate:
            path.write_text(text, encoding="utf-8")
            print("wrote %s (%d bytes)" % (path.relative_to(DIR.parent.parent), len(text.encode("utf-8"))))
        elif not path.exists() or path.read_text(encoding="utf-8") != text:
            differ.append(case[0])
    if differ:
        print("differ from the engine: %s (run with --regenerate and review the diff)" % ", ".join(differ))
        return 1
    return 0
