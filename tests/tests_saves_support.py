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


OTHER_NAMES = ["Ana", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana"]


def random_game(game_name, names, seed, stop):
    """A game of ``game_name`` played at random from ``Rng(seed)`` until ``stop(game)``
    holds (asked before and after each deal) or the game is over."""
    game = new_game(game_name, len(names), names=names)
    rng = Rng(seed)
    while not game.is_over():
        if game.current_seat() is None:
            if stop(game):
                break
            game.start_round(game.new_deal(rng))
            if stop(game):
                break
        else:
            game.apply(rng.choice(game.legal_actions()))
    return game


def save_of(game, seats, game_id="g-resumed", updated=1):
    """``game`` (an engine game) as its save in app/store.py's format: a new tab
    resumes it (the last game played) when it is unfinished.  ``seats``: the
    seat kinds (``human``, ``easy``, ...)."""
    n = game.players
    names = list(game.names)
    meta = {"game": game.GAME, "players": n, "names": names, "round": game.round_count(),
            "actions": game.action_count(), "finished": game.is_over(), "seats": list(seats)}
    setup = {"game": game.GAME, "players": n, "seats": list(seats) + ["easy"] * (8 - n),
             "names": names + OTHER_NAMES[n:], "speed": "instant", "options": {}, "seed": 1}
    return '{"v":2,"rev":1,"id":%s,"updated":%d,"meta":%s,"setup":%s,"record":%s}' % (
        json.dumps(game_id), updated, dumps(meta), json.dumps(setup), dumps(game.record()))


def resume_save(page, text, game_id="g-resumed"):
    """Store save ``text`` and reload ``page`` (the app open on its setup screen): it resumes that game."""
    page.evaluate("([k, v]) => { localStorage.setItem(k, v); sessionStorage.setItem('boneyard.tab', k.slice(14)); }",
                  ["boneyard.game." + game_id, text])
    page.reload()
