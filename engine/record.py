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

# The limits of RULES.md's record section, the same wherever a record is read
# (import, share link, embed, saved game, command line): public, so that every
# reader (the embeds' host code too) checks the same numbers with check_text().
MAX_RECORD_BYTES = 524288   # 512 KB of UTF-8 JSON text
MAX_DEPTH = 32              # arrays/objects nested inside each other, the record itself counted
MAX_NAME = 64               # characters (Unicode code points) in one name
_LONG = 1024                # an unknown field's string longer than this is not parsed (see check_text)
LONG_STRING = _LONG         # for a cutter that vouches for a plain text (see loads_cut)


def game_class(name):
    """The :class:`~engine.game.Game` subclass for a record's ``game`` (see :mod:`engine.games`)."""
    return games.info(name).game_class()


def new_game(name, players, options=None, names=None):
    """A new, undealt game."""
    return game_class(name)(players, options, names)


def _quote(value):
    return "'%s'" % value if isinstance(value, str) else repr(value)


def too_large(size, largest=MAX_RECORD_BYTES):
    """The error for a record of ``size`` bytes over :data:`MAX_RECORD_BYTES` (or a text
    over ``largest``: the page's own saves may hold more, see :func:`check_size`)."""
    if largest == MAX_RECORD_BYTES:
        words = "the record is too large: %d bytes of JSON, the limit is %d (512 KB)" % (size, largest)
    else:
        words = "the text is too large: %d bytes of JSON, the limit is %d" % (size, largest)
    return RecordError(words, key="record.too_large", params={"size": size, "max": largest})


def check_size(text, largest=MAX_RECORD_BYTES):
    """Raise :class:`RecordError` if JSON ``text`` (str or bytes) is over the size limit
    (``largest`` bytes: more only for the page's own saves, see app.store).

    Cheap: a character count settles most texts without encoding them.
    """
    n = len(text)
    if isinstance(text, str) and largest // 4 < n <= largest:
        n = len(text.encode("utf-8"))
    if n > largest:
        raise too_large(n, largest)


def _hex4(s, i):
    h = s[i:i + 4]
    if len(h) != 4:
        return -1
    try:
        return int(h, 16)
    except ValueError:
        return -1


def _join_pairs(s):
    """A JSON string's inside with every ``\\uD8xx\\uDCxx`` escape pair written as its character.

    MicroPython's parser decodes each half of a pair on its own (six U+FFFD
    on the page), CPython's and Pyodide's join them: joined here first, every
    interpreter reads the same name.  A half without its partner is refused.
    """
    out = []
    i = 0
    start = 0
    while True:
        i = s.find("\\", i)
        if i < 0:
            break
        if s[i + 1:i + 2] != "u":
            i += 2       # any other escape, an escaped backslash included
            continue
        code = _hex4(s, i + 2)
        if 0xD800 <= code <= 0xDBFF and s[i + 6:i + 8] == "\\u" and 0xDC00 <= _hex4(s, i + 8) <= 0xDFFF:
            low = _hex4(s, i + 8)
            out.append(s[start:i])
            out.append(chr(0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)))
            i += 12
            start = i
        elif 0xD800 <= code <= 0xDFFF:
            raise RecordError("a string holds half a surrogate pair (\\u%04x), which is no character" % code,
                              key="record.lone_surrogate", params={"escape": "\\u%04x" % code})
        else:
            i += 6
    if not out:
        return s
    out.append(s[start:])
    return "".join(out)


def check_text(text, deepest=MAX_DEPTH, largest=MAX_RECORD_BYTES):
    """Check JSON ``text`` against the record limits before it is parsed; the text to parse.

    Raises :class:`RecordError` naming the limit (size, nesting depth) a text
    exceeds (``deepest``: the levels it may hold, less for a piece of a
    record: see :func:`loads_cut`; ``largest``: its bytes, see :func:`check_size`).  The returned text has surrogate-pair escapes joined (see
    :func:`_join_pairs`).  Linear and cheap: the text is split at its quotes
    by the interpreter, and only the few characters outside strings are
    looked at one by one.
    """
    check_size(text, largest)
    parts = text.split('"')
    if "\\" not in text:
        fast = _check_plain(parts, deepest)
        if fast is not None:
            return text if fast is parts else '"'.join(fast)
    return _check_scan(text, parts, deepest)


def _check_plain(parts, deepest):
    """:func:`check_text` for a text without backslashes (no escapes: almost every record).

    Then every quote opens or closes a string, so the odd parts are the
    strings and the even ones what lies between them; the work is done by
    the interpreter's own loops (join, split, count), not character by
    character, which is what keeps a 512 KB record cheap on MicroPython.
    Returns the parts (a new list when a long unknown field was dropped),
    or None when the text is nested too deeply (:func:`_check_scan` then
    finds the place for the message).
    """
    strings = parts[1::2]
    if strings and max(map(len, strings)) > _LONG:
        parts = list(parts)
        for i in range(1, len(parts) - 1, 2):
            # The value of a field no reader looks at: as in _check_scan.
            if len(parts[i]) > _LONG and i >= 2 and parts[i - 1].rstrip().endswith(":") and \
                    parts[i - 2] not in _KEY_ORDER:
                parts[i] = ""
    between = "".join(parts[0::2]).replace("}", "]").split("]")
    depth = 0
    for piece in between:
        depth += piece.count("[") + piece.count("{")
        if depth > deepest:
            return None
        depth -= 1
    return parts


def _check_scan(text, parts, deepest):
    """:func:`check_text` for any text, one part at a time (escapes, deep nesting)."""
    segs = []      # the strings (escaped quotes merged back) and what lies between them
    depth = 0
    pos = 0
    inside = False
    changed = False
    k = 0
    while k < len(parts):
        part = parts[k]
        if inside:
            # A quote after an odd run of backslashes is part of the string.
            while part.endswith("\\") and (len(part) - len(part.rstrip("\\"))) % 2 == 1 and k + 1 < len(parts):
                k += 1
                part = part + '"' + parts[k]
            pos += len(part) + 1
            if len(part) > _LONG and len(segs) >= 2 and segs[-1].rstrip().endswith(":") and \
                    segs[-2] not in _KEY_ORDER:
                # The value of a field no reader looks at (unknown fields are
                # ignored): not parsed, which keeps a large one cheap on MicroPython.
                part = ""
                changed = True
            elif "\\u" in part:
                joined = _join_pairs(part)
                if joined is not part:
                    changed = True
                    part = joined
        else:
            if "[" in part or "{" in part or "]" in part or "}" in part:
                for j in range(len(part)):
                    ch = part[j]
                    if ch == "[" or ch == "{":
                        depth += 1
                        if depth > deepest:
                            raise RecordError("the record is nested too deeply: more than %d levels (at character %d)"
                                              % (MAX_DEPTH, pos + j), key="record.too_deep",
                                              params={"max": MAX_DEPTH, "at": pos + j})
                    elif ch == "]" or ch == "}":
                        depth -= 1
            pos += len(part) + 1
        segs.append(part)
        inside = not inside
        k += 1
    return '"'.join(segs) if changed else text


def loads(text):
    """Parse JSON text into a record dict (``RecordError`` if it is not JSON or over a limit)."""
    if not isinstance(text, str):
        raise RecordError("a record is JSON text", key="record.not_text")
    text = check_text(text)
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise RecordError("not valid JSON (%s)" % exc, key="record.not_json", params={"detail": str(exc)})
    except RuntimeError:
        # RecursionError (CPython) is a RuntimeError; check_text keeps it away.
        raise RecordError("the record is nested too deeply: more than %d levels" % MAX_DEPTH,
                          key="record.too_deep", params={"max": MAX_DEPTH, "at": "?"})
    if not isinstance(data, dict):
        raise RecordError("a record is a JSON object", key="record.not_object")
    return data


def loads_cut(text, head, pieces, plain=False):
    """:func:`loads` of ``text`` a piece at a time: a generator yielding None after each
    piece, whose value is the record.

    ``head`` is ``text`` with its ``rounds`` list emptied (``"rounds":[]``)
    and ``pieces`` JSON lists of its consecutive rounds, each an exact slice
    of ``text`` in brackets (cut by web/records.js): MicroPython parses a
    512 KB record in one call of a second or more, 16 KB in a few
    milliseconds.  Each piece is held to the limits the whole is (it lies
    one level deep, as the rounds list does); ``plain`` says that the cutter
    found no backslash and no string over :data:`LONG_STRING` characters in
    ``text`` and held every piece to :data:`MAX_DEPTH`: each piece then is
    what :func:`check_text` would return, and is parsed as it is (check_text
    splits 512 KB into some 100,000 strings: half a second of MicroPython).  Anything
    amiss in a piece, and the text is read whole by :func:`loads`, which
    says what is wrong and where, as it always has: a text is accepted or
    refused, with the same words, either way.
    """
    if not isinstance(text, str):
        raise RecordError("a record is JSON text", key="record.not_text")
    check_size(text)
    try:
        data = json.loads(check_text(head))
        if not isinstance(data, dict) or data.get("rounds") != []:
            raise ValueError("the head is not a record's")
        got = data["rounds"]
        for piece in pieces:
            rounds = json.loads(piece if plain else check_text(piece, MAX_DEPTH - 1))
            if not isinstance(rounds, list):
                raise ValueError("a piece is not a list of rounds")
            for rnd in rounds:
                if not isinstance(rnd, dict):
                    raise ValueError("a round is not an object")
                got.append(rnd)
            yield None
    except (RecordError, ValueError, RuntimeError):
        return loads(text)
    return data


def check_names(names):
    """Refuse a name over :data:`MAX_NAME` code points (a name is never cut short)."""
    if not isinstance(names, list):
        return
    for i in range(len(names)):
        name = names[i]
        if isinstance(name, str) and len(name) > MAX_NAME:
            raise RecordError("name %d is %d characters long; a name has at most %d (Unicode code points)"
                              % (i + 1, len(name), MAX_NAME), key="record.name_too_long",
                              params={"n": i + 1, "length": len(name), "max": MAX_NAME})


def _is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def head_game(data):
    """The new game a record's head (format, game, players, options, names) describes;
    RecordError if bad.  What reads a record's head before replaying it (the page sizes
    its seats by ``players``) checks it with this first."""
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
    check_names(names)
    try:
        return cls(players, options, names)
    except GameError as exc:
        raise RecordError(str(exc), cause=exc)


def skim(data, upto, game=None):
    """The game at round ``upto``'s deal (dealt, no action yet), built from the record's
    head and the scores of the rounds before it, none of their moves played; None
    when it cannot be built so (a round before it without scores for every seat,
    a deal that cannot be dealt, or ``upto`` outside the rounds).

    Not a check: the rounds skipped are taken as the record gives them
    (:meth:`~engine.game.Game.skip_rounds`); a bad head raises
    :class:`RecordError` as :func:`replay` would, a deal that cannot be
    dealt gives None.  The page shows a long record at once this way while
    :func:`replay_steps` checks it in full (a thousand Moon hands are
    seconds of MicroPython).  ``game``, a new game of the record's head (the
    page's, with its names), is the one built on when given.
    """
    checked = head_game(data)
    if game is None:
        game = checked
    rounds = data.get("rounds", [])
    if not isinstance(rounds, list) or not _is_int(upto) or not 0 <= upto < len(rounds):
        return None
    before = rounds[:upto]
    deal = {}
    last = rounds[upto]
    for key in games.info(game.GAME).deal_fields:
        if not isinstance(last, dict) or key not in last:
            return None
        deal[key] = last[key]
    try:
        # Scores that are no list of whole numbers, one a seat, fail on the way
        # (a wrong one shows until the check refuses the record).
        game.skip_rounds(before)
        game.start_round(deal)
    except (GameError, KeyError, TypeError, IndexError, AttributeError):
        return None
    return game


def replay(data, step=None):
    """Rebuild the game a record describes; raise :class:`RecordError` if invalid.

    ``data`` is a dict (or JSON text).  With ``step`` the game stops after the
    first ``step`` actions, counting every round's actions in order; the whole
    record is still validated.  The returned state continues from there.
    """
    game = None
    for game in replay_steps(data, step):
        pass
    return game


def replay_steps(data, step=None, every=0, play=None):
    """:func:`replay` in pieces: a generator whose last value is the game (earlier ones are None).

    With ``every`` > 0 it yields None after each ``every`` actions, so that a
    caller on a page's only thread can let the browser breathe between
    pieces of a long record.  ``play(game)``, when given, is called with the
    game built from the record's head (players, options, names: checked)
    and returns ``(game, start_round, apply)``: the game the checks read and
    the two functions that play the deals and actions on it (a caller that
    logs each move replays the record once, not twice).
    """
    if isinstance(data, str):
        data = loads(data)
    game = head_game(data)
    start_round, apply = game.start_round, game.apply
    if play is not None:
        game, start_round, apply = play(game)
    deal_fields = games.info(game.GAME).deal_fields   # what a round's deal holds, per the registry
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
        for key in deal_fields:
            if key not in rnd:
                raise RecordError("missing '%s'" % key, ri, key="record.missing_field", params={"field": key})
            deal[key] = rnd[key]
        try:
            start_round(deal)
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
                apply(action)
            except GameError as exc:
                raise RecordError(str(exc), ri, ai, cause=exc, name=_acting(game))
            done += 1
            if step is not None and kept is None and done == step:
                kept = game.clone()
            if every and done % every == 0:
                yield None
        if "scores" in rnd:
            if game.phase() not in ("round-over", "game-over"):
                raise RecordError("an unfinished round has no scores", ri, key="record.scores_unfinished")
            got = game.last_scores()     # not round_scores(): a copy of every round's, each round
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
        yield kept
        return
    yield game


def _acting(game):
    """The name of the player to act in ``game``, if the record names its players."""
    seat, names = game.current_seat(), game.names
    return names[seat] if seat is not None and names and seat < len(names) else None


def _dump_list(value):
    return dumps(value) if isinstance(value, list) else _quote(value)


# Key order of the canonical form: records compare byte for byte across
# interpreters (MicroPython's dict order differs from CPython's).
_KEY_ORDER = ["format", "game", "players", "names", "options", "rounds",
              "double", "first", "hands", "widow", "yard", "actions", "scores"]


def _key_rank(key):
    return (_KEY_ORDER.index(key), "") if key in _KEY_ORDER else (len(_KEY_ORDER), key)


# Short strings (tiles, actions, option names) recur thousands of times in a
# record: written once each, then looked up, which makes a save several times
# cheaper on MicroPython.  Bounded: only short strings, and at most _MEMO_MAX.
_memo = {}
_MEMO_MAX = 8192


def _dump_str(s):
    if len(s) <= 16:
        done = _memo.get(s)
        if done is None:
            done = _dump_chars(s)
            if len(_memo) < _MEMO_MAX:
                _memo[s] = done
        return done
    return _dump_chars(s)


def _dump_chars(s):
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
