"""The one interface every game implements, and its errors.

A game is a mutable state in the OpenSpiel mould:

* ``current_seat()`` -- the seat to act, or ``None`` when nobody acts (the
  round or the game is over; ``phase()`` says which);
* ``legal_actions()`` -- the legal actions, as strings in the record notation
  of RULES.md, in a deterministic order;
* ``apply(action)`` -- play one action; an illegal one raises
  :class:`IllegalAction` saying why and changes nothing;
* ``view(seat)`` -- a JSON-able dict of what that seat may see, and nothing
  more: the computer players get this, never the state;
* ``totals()``, ``round_scores()``, ``is_over()``, ``winners()``;
* ``record()`` -- the ``domino-record/1`` dict of everything so far.

Chance outcomes are explicit: a round begins with ``start_round(deal)``, where
``deal`` is the round's dict in record form without ``actions``/``scores``
(``new_deal(rng)`` draws one with the engine's generator).  Replaying a record
therefore never re-runs chance, and a record replays identically anywhere.

The simulation interface
------------------------
What the computer players' searches use, the same in every game (they never
touch a field that starts with ``_``):

* ``Game(players, options, log=False)`` -- a *simulation state*: it keeps no
  record (``record()`` raises), which makes it cheaper;
  ``cls.from_view(view, hidden...)`` builds one from a seat's view plus a
  guess of what that seat cannot see (each game's docstring says the guess);
* ``legal_moves()`` -- the legal moves as small ints, in a fixed order;
  ``apply_move(m)`` plays one **without checking it and without logging
  it**, in every game and whatever ``log`` says (``apply(action)`` is the
  checked way that writes the record); ``move_text(m)`` is its notation;
* ``deal_fast(rng)`` -- the next deal straight from the generator, the same
  chance outcome as ``start_round(new_deal(rng))`` without the notation;
* ``clone()`` -- an independent copy to try a move on;
* ``totals()``, ``round_scores()`` and ``last_scores()`` read scores;
* per game, a way to give a world its hidden tiles: Chicken Foot's
  ``set_hidden(hands, yard)``, Moon's ``start_round_fast(first, hands,
  widow)`` (and both games' ``from_view``), plus the read-only table or
  trick accessors its players need (see the game's module).

Benchmark-only helpers live in ``bench/``, not here.

The registry and adding a game
------------------------------
:mod:`engine.games` holds one :class:`~engine.games.GameInfo` per game: its
record name, title and catalog key, player range, option specs (defaults
from the class's ``default_options``), its record's deal fields, the class,
the computer-player, analysis and solver modules (imported on demand) and
the name of the page's presenter.  Records (:mod:`engine.record`), the
command line, the computer players (:func:`engine.ai.choose`), the page's
setup and the embeds ask it; none of them compares game names (a test,
``tests/test_game_names.py``, reads the shared code for such comparisons).
To add a game:

1. write the package ``engine/<game>/`` (``engine/chickenfoot/`` shows the
   split: numbers, score, options, deal, table, play, explain, views, and
   ``state.py`` assembling the class from one part per module; ``__init__``
   re-exports the public names): a :class:`Game` subclass with ``GAME``,
   ``OPTIONS`` (each check returns ``None`` or ``(text, key, params)``),
   ``DEAL_FIELDS`` (from the registry), ``default_options`` and the methods
   below, one place per rule (pure standard-library Python that runs on
   CPython, Pyodide and MicroPython: see the architecture notes);
2. write ``engine/ai/<game>_player.py`` with ``choose(view, level, rng,
   budget)`` for the levels of :data:`engine.ai.LEVELS`;
3. add its :class:`~engine.games.GameInfo` to ``engine/games.py``, its
   presenter to ``web/app/present/``, its catalog keys to
   ``web/i18n/*.json`` and a case to ``tests/golden``
   (``python -m tests.golden --regenerate``);
4. describe its record fields in ``web/site/rules/record.html``.
"""

RECORD_FORMAT = "domino-record/1"

# Phases every game shares; games add their own (e.g. Moon's "bidding").
PHASE_NOT_DEALT = "not-dealt"     # no round started yet
PHASE_PLAY = "play"
PHASE_ROUND_OVER = "round-over"   # scored; start_round() for the next one
PHASE_GAME_OVER = "game-over"


class GameError(ValueError):
    """Base of the engine's errors: the message says what is wrong.

    ``key`` and ``params`` (optional) name the message for translation: a
    catalog key and the values of its placeholders.  ``str()`` stays the
    English message.
    """

    key = None
    params = None

    def __init__(self, message="", key=None, params=None):
        super().__init__(message)
        self.key = key
        self.params = params if params is not None else {}


class IllegalAction(GameError):
    """An action that is not legal now (or not an action at all)."""


class RecordError(GameError):
    """An invalid record, located as ``round R, action A: reason``.

    ``round_index`` and ``action_index`` count from 0 as in the JSON arrays;
    either is ``None`` when the fault is not inside a round or an action.
    ``key``/``params`` name the reason for translation and ``cause`` is the
    engine error it repeats, if any; ``str()`` stays the English message.
    ``name``: the player whose action it is, when one was to act (the engine's
    reasons say "you", and a record's reader needs to know who).
    """

    def __init__(self, reason, round_index=None, action_index=None, key=None, params=None, cause=None, name=None):
        self.reason = reason
        self.name = name
        # key/params name the reason (not the located message) for
        # translation; cause is the engine error the reason repeats.
        self.cause = cause
        self.round_index = round_index
        self.action_index = action_index
        where = []
        if round_index is not None:
            where.append("round %d" % round_index)
        if action_index is not None:
            where.append("action %d" % action_index)
        if where:
            msg = ", ".join(where) + ": " + reason
        else:
            msg = reason
        # super(): MicroPython has no ValueError.__init__ to call by name.
        super().__init__(msg, key, params)


def copy_round(r):
    """A copy of a round dict (deal fields, actions, scores) sharing no list."""
    out = {}
    for key in r:
        v = r[key]
        if key == "hands":
            out[key] = [h[:] for h in v]
        elif isinstance(v, list):
            out[key] = v[:]   # a slice: MicroPython copies it at once, list() item by item
        else:
            out[key] = v
    return out


class Game:
    """Base class: the record bookkeeping and option handling both games share.

    Subclasses set ``GAME`` (the record's ``game`` string), ``OPTIONS`` (a list
    of ``(name, check)`` pairs where ``check(value, players)`` returns ``None``
    or the problem as ``(text, catalog key, params)``) and implement the
    abstract methods below.
    """

    GAME = None
    OPTIONS = []
    DEAL_FIELDS = []   # the round fields that make up a deal, in record order

    def __init__(self, players, options=None, names=None):
        self.players = players
        self.options = self.resolve_options(players, options)
        if names is not None:
            if not isinstance(names, list) or len(names) != players or not all(isinstance(n, str) for n in names):
                raise GameError("names must be a list of %d strings" % players, "record.bad_names", {"count": players})
            names = list(names)
        self.names = names
        self._rounds = []   # per round: {deal fields..., "actions": [...], "scores": [...]?}

    # -- options ---------------------------------------------------------
    @classmethod
    def default_options(cls, players):
        """The options a new game of ``players`` players uses."""
        raise NotImplementedError

    @classmethod
    def resolve_options(cls, players, options):
        """Defaults overlaid with ``options``; a clear error for a bad one."""
        resolved = cls.default_options(players)
        if options is None:
            return resolved
        if not isinstance(options, dict):
            raise GameError("options must be an object", "record.options_not_object")
        known = [name for name, _ in cls.OPTIONS]
        for key in sorted(options):
            if key not in known:
                raise GameError("unknown option '%s'" % key, "record.unknown_option", {"option": key})
        for name, check in cls.OPTIONS:
            if name in options:
                problem = check(options[name], players)
                if problem:
                    # The one place option values are judged: every caller
                    # (a new game, a record, the page's setup) gets these words.
                    raise GameError("option '%s': %s" % (name, problem[0]), problem[1], problem[2])
                resolved[name] = options[name]
        return resolved

    # -- the interface (abstract) -----------------------------------------
    def new_deal(self, rng):
        """The next round's deal (record form), drawn with ``rng``."""
        raise NotImplementedError

    def start_round(self, deal):
        """Begin the next round from ``deal``; GameError if it is invalid."""
        raise NotImplementedError

    def current_seat(self):
        raise NotImplementedError

    def phase(self):
        raise NotImplementedError

    def legal_actions(self):
        raise NotImplementedError

    def apply(self, action):
        raise NotImplementedError

    def view(self, seat):
        raise NotImplementedError

    def totals(self):
        raise NotImplementedError

    def is_over(self):
        return self.phase() == PHASE_GAME_OVER

    def winners(self):
        """The winning seats once the game is over, else ``[]``."""
        raise NotImplementedError

    def clone(self):
        raise NotImplementedError

    # -- the simulation interface (abstract; see the module docstring) ----
    def legal_moves(self):
        """The legal moves as ints, in a fixed order (``[]`` when nobody acts)."""
        raise NotImplementedError

    def apply_move(self, move):
        """Play ``move`` (one of :meth:`legal_moves`) unchecked; never logs."""
        raise NotImplementedError

    def move_text(self, move):
        """The record notation of ``move`` now."""
        raise NotImplementedError

    def deal_fast(self, rng):
        """Deal the next round from ``rng`` without the notation (simulations)."""
        raise NotImplementedError

    def skip_rounds(self, rounds):
        """Take finished ``rounds`` (record form, each with its ``scores``) as played,
        without playing their moves: their scores count and they join the record
        as given (the dicts themselves: a record's rounds are never written
        again once finished).  Trusted, not checked (only that a round may be
        dealt now): what the page shows of a long record while its moves are
        still being checked (:func:`engine.record.skim`).  Each game says what
        a finished round changes in :meth:`_skip_round`."""
        for rnd in rounds:
            self._skip_round(rnd["scores"], rnd)
        if self.log:
            self._rounds.extend(rounds)

    def _skip_round(self, scores, rnd):
        """The game after a finished round of ``scores`` (``rnd``: its record), its moves not played."""
        raise NotImplementedError

    def last_scores(self):
        """The scores by seat of the last round played (a copy), or None before any."""
        scores = self.round_scores()
        return scores[-1] if scores else None

    # -- shared bookkeeping ----------------------------------------------
    def round_scores(self):
        """The scores by seat of every completed round, in order."""
        return [list(r["scores"]) for r in self._rounds if "scores" in r]

    def round_count(self):
        """How many rounds have been started."""
        return len(self._rounds)

    def _log_deal(self, deal):
        entry = {}
        for key in self.DEAL_FIELDS:
            entry[key] = deal[key]
        entry = copy_round(entry)
        entry["actions"] = []
        self._rounds.append(entry)

    def _log_action(self, action):
        self._rounds[-1]["actions"].append(action)

    def _log_scores(self, scores):
        self._rounds[-1]["scores"] = list(scores)

    def _copy_rounds(self):
        """A deep copy of the logged rounds (for record())."""
        return [copy_round(r) for r in self._rounds]

    def _clone_rounds(self):
        """The logged rounds for a clone: only the last round is ever written
        again (its actions, then its scores), so a clone copies that one and
        shares the others; a clone costs the same early in a game and after
        hundreds of rounds (the replay viewer keeps one per round start)."""
        rounds = self._rounds[:]   # a slice: MicroPython copies it at once, list() item by item
        if rounds:
            rounds[-1] = copy_round(rounds[-1])
        return rounds

    def record(self, copy=True):
        """The ``domino-record/1`` dict of the game so far (a fresh copy; with
        ``copy`` False its rounds are the game's own, for a reader that never
        changes them: copying a thousand rounds is a fifth of a second of MicroPython)."""
        rounds = self._copy_rounds() if copy else self._rounds[:]
        rec = {
            "format": RECORD_FORMAT,
            "game": self.GAME,
            "players": self.players,
            "options": dict(self.options),
            "rounds": rounds,
        }
        if self.names is not None:
            rec["names"] = list(self.names)
        return rec

    def action_count(self):
        """Actions applied so far, over all rounds (the embeds' ``step``)."""
        n = 0
        for r in self._rounds:
            n += len(r["actions"])
        return n
