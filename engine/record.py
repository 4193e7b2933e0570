"""Game records (``domino-record/1``): read, validate, replay, write.

A record is the spine of the product: saved on every move, exported, shared
in links, replayed in embeds.  :func:`replay` is the only reader: it rebuilds
the game through the same ``start_round``/``apply`` the UI uses, so a record
is valid exactly when the rules accept every step of it.
"""

import json

from . import games
from .game import RECORD_FORMAT, GameError, RecordError

GAME_NAMES = games.NAMES


def game_class(name):
    """The :class:`~engine.game.Game` subclass for a record's ``game`` (see :mod:`engine.games`)."""
    return games.info(name).game_class()


def new_game(name, players, options=None, names=None):
    """A new, undealt game."""
    return game_class(name)(players, options, names)


def _quote(value):
    return "'%s'" % value if isinstance(value, str) else repr(value)


def loads(text):
    """Parse JSON text into a record dict (``RecordError`` if it is not JSON)."""
    if not isinstance(text, str):
        raise RecordError("a record is JSON text", key="record.not_text")
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise RecordError("not valid JSON (%s)" % exc, key="record.not_json", params={"detail": str(exc)})
    if not isinstance(data, dict):
        raise RecordError("a record is a JSON object", key="record.not_object")
    return data


def _is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def replay(data, step=None):
    """Rebuild the game a record describes; raise :class:`RecordError` if invalid.

    ``data`` is a dict (or JSON text).  With ``step`` the game stops after the
    first ``step`` actions, counting every round's actions in order; the whole
    record is still validated.  The returned state continues from there.
    """
    if isinstance(data, str):
        data = loads(data)
    if not isinstance(data, dict):
        raise RecordError("a record is a JSON object", key="record.not_object")
    if data.get("format") != RECORD_FORMAT:
        got = _quote(data.get("format"))
        raise RecordError("format must be '%s', not %s" % (RECORD_FORMAT, got),
                          key="record.bad_format", params={"expected": RECORD_FORMAT, "got": got})
    try:
        cls = game_class(data.get("game"))
    except GameError as exc:
        raise RecordError(str(exc), cause=exc)
    players = data.get("players")
    if not _is_int(players):
        raise RecordError("players must be a whole number", key="record.players_not_int")
    options = data.get("options")
    names = data.get("names")
    try:
        game = cls(players, options, names)
    except GameError as exc:
        raise RecordError(str(exc), cause=exc)
    rounds = data.get("rounds", [])
    if not isinstance(rounds, list):
        raise RecordError("rounds must be a list", key="record.rounds_not_list")
    if step is not None and (not _is_int(step) or step < 0):
        raise RecordError("step must be a whole number >= 0", key="record.bad_step")
    kept = None   # the state at `step`, once reached
    done = 0
    for ri in range(len(rounds)):
        rnd = rounds[ri]
        if not isinstance(rnd, dict):
            raise RecordError("a round is an object", ri, key="record.round_not_object")
        if game.is_over():
            raise RecordError("the game is already over", ri, key="record.game_over")
        if game.phase() not in ("not-dealt", "round-over"):
            raise RecordError("the round before it is unfinished", ri, key="record.previous_unfinished")
        deal = {}
        for key in cls.DEAL_FIELDS:
            if key not in rnd:
                raise RecordError("missing '%s'" % key, ri, key="record.missing_field", params={"field": key})
            deal[key] = rnd[key]
        try:
            game.start_round(deal)
        except GameError as exc:
            raise RecordError(str(exc), ri, cause=exc)
        actions = rnd.get("actions", [])
        if not isinstance(actions, list):
            raise RecordError("actions must be a list", ri, key="record.actions_not_list")
        if step is not None and kept is None and done == step:
            kept = game.clone()
        for ai in range(len(actions)):
            action = actions[ai]
            if game.current_seat() is None:
                raise RecordError("the round is already over", ri, ai, key="record.round_over")
            if not isinstance(action, str):
                raise RecordError("an action is a string, not %s" % _quote(action), ri, ai,
                                  key="record.action_not_string", params={"got": _quote(action)})
            try:
                game.apply(action)
            except GameError as exc:
                raise RecordError(str(exc), ri, ai, cause=exc)
            done += 1
            if step is not None and kept is None and done == step:
                kept = game.clone()
        if "scores" in rnd:
            if game.phase() not in ("round-over", "game-over"):
                raise RecordError("an unfinished round has no scores", ri, key="record.scores_unfinished")
            got = game.round_scores()[-1]
            if rnd["scores"] != got:
                mine, rules = _dump_list(rnd["scores"]), _dump_list(got)
                raise RecordError("scores %s do not match the rules' %s" % (mine, rules), ri,
                                  key="record.scores_mismatch", params={"scores": mine, "expected": rules})
    if step is not None:
        if kept is None:
            if step > done:
                raise RecordError("step %d is past the record's end (%d actions)" % (step, done),
                                  key="records.step_past_end", params={"step": step, "total": done})
            kept = game.clone()
        return kept
    return game


def _dump_list(value):
    return dumps(value) if isinstance(value, list) else _quote(value)


# Key order of the canonical form: records compare byte for byte across
# interpreters (MicroPython's dict order differs from CPython's).
_KEY_ORDER = ["format", "game", "players", "names", "options", "rounds",
              "double", "first", "hands", "widow", "yard", "actions", "scores"]


def _key_rank(key):
    return (_KEY_ORDER.index(key), "") if key in _KEY_ORDER else (len(_KEY_ORDER), key)


def _dump_str(s):
    out = ['"']
    for ch in s:
        if ch == '"':
            out.append('\\"')
        elif ch == "\\":
            out.append("\\\\")
        elif ch == "\n":
            out.append("\\n")
        elif ord(ch) < 0x20:
            out.append("\\u%04x" % ord(ch))
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def dumps(value):
    """Canonical compact JSON: fixed key order, UTF-8 text, no spaces.

    The same value gives the same text on every interpreter.
    """
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, str):
        return _dump_str(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, (list, tuple)):
        return "[" + ",".join([dumps(v) for v in value]) + "]"
    if isinstance(value, dict):
        keys = sorted(value.keys(), key=_key_rank)
        return "{" + ",".join([_dump_str(k) + ":" + dumps(value[k]) for k in keys]) + "}"
    raise TypeError("cannot write %r as JSON" % (value,))
