"""Saves built on CPython in app/store.py's format, for the browser tests."""

import json

from engine.record import dumps, new_game
from engine.rng import Rng


def finished_save(pad=0, game_id="gold"):
    """A finished Chicken Foot game's save (2 players), its record padded with ``pad`` bytes."""
    game = new_game("chicken-foot", 2, names=["Old", "Game"])
    rng = Rng(4)
    while not game.is_over():
        if game.current_seat() is None:
            game.start_round(game.new_deal(rng))
        else:
            game.apply(game.legal_actions()[0])
    rec = game.record()
    rec["zz"] = "x" * pad
    meta = {"game": "chicken-foot", "players": 2, "names": ["Old", "Game"], "round": game.round_count(),
            "actions": game.action_count(), "finished": True}
    setup = {"game": "chicken-foot", "players": 2, "seats": ["human", "easy"] + ["easy"] * 6,
             "names": ["Old", "Game", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana"], "speed": "instant",
             "options": {}, "seed": 1}
    return '{"v":2,"rev":1,"id":%s,"updated":1,"meta":%s,"setup":%s,"record":%s}' % (
        json.dumps(game_id), dumps(meta), json.dumps(setup), dumps(rec))
