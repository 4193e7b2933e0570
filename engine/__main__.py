"""Command line: ``python -m engine replay|legal|selfplay ...`` (JSON on stdout).

CPython only (it reads files); the browser never runs this module.
"""

import argparse
import json
import sys

from .game import GameError
from .record import GAME_NAMES, dumps, new_game, replay
from .rng import Rng


def _read(path):
    if path == "-":
        return sys.stdin.read()
    with open(path, encoding="utf-8") as f:
        return f.read()


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


def play_out(game, rng, choose=None):
    """Play ``game`` to its end, dealing with ``rng``.

    ``choose(game, legal, rng)`` picks each action (uniformly random if None).
    """
    while not game.is_over():
        if game.current_seat() is None:
            game.start_round(game.new_deal(rng))
            continue
        legal = game.legal_actions()
        action = choose(game, legal, rng) if choose else rng.choice(legal)
        game.apply(action)
    return game


def cmd_replay(args):
    print(dumps(summary(_load(args.file))))


def cmd_legal(args):
    game = _load(args.file)
    seat = game.current_seat()
    if seat is None:
        raise GameError("nobody is to act: the %s" % ("game is over" if game.is_over() else "round is over or not dealt"))
    print(dumps({"seat": seat, "legal": game.legal_actions()}))


def cmd_selfplay(args):
    options = None
    if args.options:
        try:
            options = json.loads(args.options)
        except ValueError as exc:
            raise GameError("--options is not valid JSON (%s)" % exc)
    players = args.players
    if players is None:
        players = 3 if args.game == "moon" else 4
    game = new_game(args.game, players, options)
    play_out(game, Rng(args.seed))
    print(dumps(game.record()))


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
    p.set_defaults(run=cmd_selfplay)
    args = parser.parse_args(argv)
    try:
        args.run(args)
    except GameError as exc:
        print("error: %s" % exc, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
