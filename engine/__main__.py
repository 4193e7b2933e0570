"""Command line: ``python -m engine replay|legal|selfplay|analyse ...`` (JSON on stdout).

CPython only (it reads files); the browser never runs this module.
"""

import argparse
import json
import os
import sys

from . import games
from .game import PHASE_PLAY, GameError
from .record import GAME_NAMES, MAX_RECORD_BYTES, dumps, new_game, replay, too_large
from .rng import Rng
from .tournament import RANDOM, pick, play_out, tournament
from .ai import LEVELS, Budget


def _read(path):
    """The file's text; never more than one byte past the record size limit is read."""
    if path == "-":
        data = sys.stdin.buffer.read(MAX_RECORD_BYTES + 1)
        size = len(data)
    else:
        with open(path, "rb") as f:
            data = f.read(MAX_RECORD_BYTES + 1)
            size = os.fstat(f.fileno()).st_size
    if len(data) > MAX_RECORD_BYTES:
        raise too_large(max(size, len(data)))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise GameError("%s is not UTF-8 text (byte %d)" % ("standard input" if path == "-" else path, exc.start))


def _load(path):
    try:
        text = _read(path)
    except OSError as exc:
        raise GameError("cannot read %s: %s" % (path, exc.strerror or exc))
    return replay(text)


def summary(game):
    """The ``replay`` command's result for a replayed game."""
    return {
        "game": game.GAME,
        "rounds": game.round_scores(),
        "totals": game.totals(),
        "finished": game.is_over(),
        "winners": game.winners() if game.is_over() else [],
    }


def cmd_replay(args):
    print(dumps(summary(_load(args.file))))


def cmd_legal(args):
    game = _load(args.file)
    seat = game.current_seat()
    if seat is None:
        raise GameError("nobody is to act: the %s" % ("game is over" if game.is_over() else "round is over or not dealt"))
    print(dumps({"seat": seat, "legal": game.legal_actions()}))


def _options(args):
    if not args.options:
        return None
    try:
        options = json.loads(args.options)
    except ValueError as exc:
        raise GameError("--options is not valid JSON (%s)" % exc)
    return options


def _players(args):
    if args.players is not None:
        return args.players
    return games.info(args.game).default_players


def _levels(text, players):
    """``"hard"`` or ``"hard,medium,medium"`` → a level per seat."""
    levels = [x.strip() for x in text.split(",")]
    for level in levels:
        if level not in LEVELS and level != RANDOM:
            raise GameError("unknown level '%s' (expected %s or %s)" % (level, ", ".join(LEVELS), RANDOM))
    if len(levels) == 1:
        levels = levels * players
    if len(levels) != players:
        raise GameError("--levels names %d seats for %d players" % (len(levels), players))
    return levels


def _budget(args):
    """``--iterations N``: a fixed search budget and no time cap, so the same
    record gives the same move on any machine and interpreter (``None``: each
    level's own, time-capped)."""
    if args.iterations is None:
        return None
    if args.iterations < 1:
        raise GameError("--iterations must be at least 1, not %d" % args.iterations)
    return Budget(iterations=args.iterations)


def cmd_selfplay(args):
    players = _players(args)
    budget = _budget(args)
    game = new_game(args.game, players, _options(args))
    rng = Rng(args.seed)
    level = args.levels or args.level
    if args.stop_after is not None and args.stop_after < 0:
        raise GameError("--stop-after must be 0 or more, not %d" % args.stop_after)
    if level is None:
        play_out(game, rng, stop_after=args.stop_after)     # uniformly random legal play
    else:
        levels = _levels(level, players)
        play_out(game, rng, lambda g, legal, r: pick(g, levels[g.current_seat()], r.next64(), budget),
                 args.stop_after)
    print(dumps(game.record()))


def cmd_move(args):
    budget = _budget(args)
    game = _load(args.file)
    seat = game.current_seat()
    if seat is None:
        raise GameError("nobody is to act: the %s" % ("game is over" if game.is_over() else "round is over or not dealt"))
    print(dumps({"seat": seat, "action": pick(game, args.level, args.seed, budget)}))


def cmd_solve(args):
    game = _load(args.file)
    info = games.info(game.GAME)
    if not info.has_solver() or game.phase() != PHASE_PLAY:
        titles = [g.title for g in games.all_games() if g.has_solver()]
        raise GameError("solve needs a record of %s whose last round is in its play phase" % " or ".join(titles))
    position = game.solver_position()
    tricks = info.solver_module().solve(**position)
    print(dumps({"bidder": position["bidder"], "tricks": tricks}))


def cmd_analyse(args):
    from .ai.analysis import analyse
    record = _load(args.file).record()      # read and checked as every command reads a record
    options = {"round": args.round, "seat": args.seat, "iterations": args.iterations,
               "seed": args.seed, "threshold": args.threshold}
    print(dumps(analyse(record, options)))


def cmd_tournament(args):
    players = len(args.seats.split(","))
    if args.players is not None and args.players != players:
        raise GameError("--players %d but --seats names %d seats" % (args.players, players))
    seats = _levels(args.seats, players)
    budget = _budget(args)
    on_record = None
    if args.records:
        import os
        os.makedirs(args.records, exist_ok=True)

        def on_record(k, record):
            with open(os.path.join(args.records, "game-%04d.json" % k), "w", encoding="utf-8") as f:
                f.write(dumps(record) + "\n")

    def progress(k, total):
        if args.progress:
            print("game %d/%d" % (k, total), file=sys.stderr, flush=True)

    result = tournament(args.game, seats, args.games, args.seed, _options(args), on_record, budget, progress)
    print(dumps(result))


ITERATIONS_HELP = ("hard's fixed search budget (Moon: sampled worlds, Chicken Foot: playouts) instead of "
                   "its time cap: the same output on every machine and interpreter")


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m engine", description="Boneyard's domino engine.")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("replay", help="replay a record and print the scores")
    p.add_argument("file", help="a domino-record/1 file, or - for standard input")
    p.set_defaults(run=cmd_replay)
    p = sub.add_parser("legal", help="the legal actions at the end of an unfinished record")
    p.add_argument("file", help="a domino-record/1 file, or - for standard input")
    p.set_defaults(run=cmd_legal)
    p = sub.add_parser("selfplay", help="print the record of a seeded computer-played game")
    p.add_argument("--game", required=True, choices=GAME_NAMES)
    p.add_argument("--players", type=int)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--options", help="options as a JSON object")
    p.add_argument("--level", help="every seat's level: %s or %s (default: random play)" % ("/".join(LEVELS), RANDOM))
    p.add_argument("--levels", help="a level per seat, comma-separated")
    p.add_argument("--stop-after", type=int, metavar="N",
                   help="stop after N actions in all: an unfinished record (for legal, move, solve)")
    p.add_argument("--iterations", type=int, help=ITERATIONS_HELP)
    p.set_defaults(run=cmd_selfplay)
    p = sub.add_parser("move", help="the action a computer player takes at the end of a record (a hint)")
    p.add_argument("file", help="a domino-record/1 file, or - for standard input")
    p.add_argument("--level", default="hard", choices=LEVELS + [RANDOM])
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--iterations", type=int, help=ITERATIONS_HELP)
    p.set_defaults(run=cmd_move)
    p = sub.add_parser("solve", help="Moon: the bidder's tricks for the hand in play with every hand known")
    p.add_argument("file", help="a domino-record/1 file, or - for standard input")
    p.set_defaults(run=cmd_solve)
    p = sub.add_parser("analyse", help="what each decision of a round cost: Moon exact with every hand "
                       "known (finished hands only), Chicken Foot estimated from the seat's view")
    p.add_argument("file", help="a domino-record/1 file, or - for standard input")
    p.add_argument("--round", type=int, help="the round (hand) to analyse, from 0 (default: the last)")
    p.add_argument("--seat", type=int, help="only this seat's decisions (Chicken Foot: default 0)")
    p.add_argument("--iterations", type=int, help="sampled worlds per decision (Chicken Foot) or for "
                   "the hard player's bids (Moon); the same number gives the same result")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--threshold", type=int, help="Chicken Foot: mark plays costing more than this, "
                   "in hundredths of a pip (default 200)")
    p.set_defaults(run=cmd_analyse)
    p = sub.add_parser("tournament", help="duplicate-style matches between computer levels")
    p.add_argument("--game", required=True, choices=GAME_NAMES)
    p.add_argument("--seats", required=True, help="a level per seat, comma-separated, e.g. hard,medium,medium")
    p.add_argument("--players", type=int, help="must match --seats (optional)")
    p.add_argument("--games", type=int, default=30)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--options", help="options as a JSON object")
    p.add_argument("--records", help="write each game's record into this folder")
    p.add_argument("--progress", action="store_true", help="report each finished game on stderr")
    p.add_argument("--iterations", type=int, help=ITERATIONS_HELP)
    p.set_defaults(run=cmd_tournament)
    args = parser.parse_args(argv)
    try:
        args.run(args)
    except (GameError, ValueError) as exc:
        print("error: %s" % exc, file=sys.stderr)
        return 1
    except (RecursionError, MemoryError) as exc:
        # Input the limits did not catch (e.g. --options): one line, no traceback.
        print("error: the input is too large or nested too deeply (%s)" % type(exc).__name__, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
