"""One game being played on the page: setup, engine state, log, undo, saves.

No DOM here (it runs on CPython in tests too): the page's ``ui`` module
draws a :class:`Session` and feeds it actions.  The engine state lives here;
computer players get only ``view(seat)`` of the acting seat.

A save is JSON ``{"v": 1, "setup": {...}, "record": "<domino-record/1>"}``;
loading replays the record with the engine, so a save is exactly as valid as
its record.
"""

import json

from engine import games
from engine import record as records
from engine.game import GameError
from engine.rng import Rng

from app.i18n import error_text, listed, t
from app.names import iso
from app import present
from app.recordtext import RecordText

GAMES = games.NAMES
# Catalog keys of the words the page shows for each choice.
GAME_KEYS = {}
for _g in games.all_games():
    GAME_KEYS[_g.name] = _g.title_key
SEAT_KINDS = ["human", "easy", "medium", "hard"]
SPEEDS = ["instant", "fast", "normal", "slow"]
SEAT_KEYS = {"human": "seat.human", "easy": "seat.easy", "medium": "seat.medium", "hard": "seat.hard"}
# A seat's kind said beside its name ("Ben (computer, easy)"): the seat cards, the history.
SEAT_KIND_KEYS = {"easy": "seats.computer_easy", "medium": "seats.computer_medium", "hard": "seats.computer_hard",
                  "human": "seats.human"}
# ...and a computer's level alone, where a phone's seat card has no room for both words.
SEAT_LEVEL_KEYS = {"easy": "seats.level_easy", "medium": "seats.level_medium", "hard": "seats.level_hard"}
SPEED_KEYS = {"instant": "speed.instant", "fast": "speed.fast", "normal": "speed.normal", "slow": "speed.slow"}
SPEED_MS = {"instant": 0, "fast": 350, "normal": 900, "slow": 1600}
DEFAULT_NAMES = ["Ana", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana"]
SAVE_VERSION = 1


def default_setup():
    # The first game: you against computers at medium (every computer seat alike).
    return {"game": "chicken-foot", "players": 4, "seats": ["human", "medium", "medium", "medium",
                                                            "medium", "medium", "medium", "medium"],
            "names": list(DEFAULT_NAMES), "speed": "normal", "options": {}, "seed": 1}


def clean_setup(data):
    """A complete, valid setup from ``data`` (anything), defaults filling gaps."""
    setup = default_setup()
    if not isinstance(data, dict):
        return setup
    if data.get("game") in GAMES:
        setup["game"] = data["game"]
    players = data.get("players")
    if games.info(setup["game"]).clamp_players(players) == players:
        setup["players"] = players
    seats = data.get("seats")
    if isinstance(seats, list):
        for i in range(min(8, len(seats))):
            if seats[i] in SEAT_KINDS:
                setup["seats"][i] = seats[i]
    names = data.get("names")
    if isinstance(names, list):
        for i in range(min(8, len(names))):
            # Never cut: a name over the records' limit takes the default.
            if isinstance(names[i], str) and len(names[i]) <= records.MAX_NAME:
                setup["names"][i] = names[i]
    if data.get("speed") in SPEEDS:
        setup["speed"] = data["speed"]
    if isinstance(data.get("options"), dict):
        setup["options"] = clean_options(data["options"], setup["game"])
    if _is_int(data.get("seed")):
        setup["seed"] = data["seed"]
    return setup


def quick_setup(saved, game):
    """The setup "Play <game>" starts: the remembered one (``saved``, cleaned) for ``game``, with
    as many players as it had, or the nearest count ``game`` takes (its card says what it starts:
    after a Moon game Chicken Foot's said 4 players and started 3)."""
    setup = clean_setup(saved)
    if game in GAMES:
        setup["game"] = game
    setup["players"] = games.info(setup["game"]).clamp_players(setup["players"])
    return setup


def _option_ok(spec, value):
    # The type and the widest range of a house rule (the player count narrows
    # some, e.g. spokes; the engine checks that when the game starts).
    if spec["kind"] == "bool":
        return value is True or value is False
    low = spec["min"] if _is_int(spec["min"]) else 0
    return _is_int(value) and low <= value <= spec["max"]


def clean_options(options, game="chicken-foot"):
    """The house rules of ``options`` (of ``game``, from the registry) of the right type and range; others dropped."""
    out = {}
    for spec in games.info(game).option_specs:
        name = spec["name"]
        if name in options and _option_ok(spec, options[name]):
            out[name] = options[name]
    return out


def _is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def players_of(setup):
    """The seat count a setup plays with (a fixed-size game ignores ``players``)."""
    return games.info(setup["game"]).clamp_players(setup["players"])


def tile_of(action):
    """The hand tile an action uses (``"9-5>9-9"``, ``"discard 6-4"``, ``"6-4"``), or None."""
    if action.startswith("discard "):
        return action[8:]
    if ">" in action:
        return action.split(">")[0]
    if "-" in action:
        return action
    return None


# The rounds whose log a session rebuilt from a record holds (see Session.replaying):
# more than the page shows of it (screens.log_items: the last 60 lines).
LOG_ROUNDS = 64


class Session:
    """A game with its setup, a readable log and undo points."""

    def __init__(self, setup, game=None, first_step=None):
        """A new game for ``setup`` (or, with ``game``, a session showing that game as it is;
        ``first_step``: the game's step at its round's deal, by default its actions so far)."""
        self.setup = clean_setup(setup)
        n = players_of(self.setup)
        names = []
        for i in range(n):
            name = self.setup["names"][i].strip()
            names.append(name if name else t("setup.default_name", n=i + 1))
        options = self.setup["options"] if games.info(self.setup["game"]).option_specs else None
        if game is None:
            game = records.new_game(self.setup["game"], n, options or None, names)
        self.game = game
        self.names = names
        self.log = []
        # Each line's move: the step (every round's actions counted, as a review counts
        # them) after the line's last action; None for a line that is no move (a round's
        # start or end, an undo).  The same length as the log.
        self.steps = []
        self.turns = []   # this round's actions: [seat, action, phase before]
        self.first_step = game.action_count() if first_step is None else first_step
        self._text = None  # the record's JSON, kept up to date (see record_json)

    # -- who plays ---------------------------------------------------------
    def kind(self, seat):
        return self.setup["seats"][seat]

    def is_human(self, seat):
        return self.kind(seat) == "human"

    def humans(self):
        return [s for s in range(self.game.players) if self.is_human(s)]

    def to_act(self):
        return self.game.current_seat()

    def iso(self, seat):
        """Seat ``seat``'s name isolated for a sentence (see :mod:`app.names`)."""
        return iso(self.names[seat])

    # -- playing -----------------------------------------------------------
    def deal(self):
        """Start the next round with a fresh deal (seeded by the setup and the round)."""
        seed = (self.setup["seed"] * 1009 + self.game.round_count() * 7919) & 0xFFFFFFFF
        self._start(self.game.new_deal(Rng(seed)))

    def _start(self, deal):
        self.first_step = self.game.action_count()
        self.game.start_round(deal)
        self.turns = []
        self.note(t("log.round_start", round=self.game.round_count(), intro=self._round_intro()))

    def note(self, line):
        """Add a line that is no move (see ``steps``) to the log."""
        self.log.append(line)
        self.steps.append(None)

    def _round_intro(self):
        return self.present().round_intro(self, self.game.view(0))

    def present(self):
        """This game's presenter (app.present): what differs between the games lives there."""
        return present.of(self.setup["game"])

    def apply(self, action):
        """Play ``action`` for the acting seat (IllegalAction if it is not legal)."""
        seat = self.game.current_seat()
        phase = self.game.phase()
        self.game.apply(action)
        self.turns.append([seat, action, phase])
        self._describe(seat, action, phase)

    def _describe(self, seat, action, phase):
        lines = len(self.log)
        self.present().log_move(self, seat, action, phase)
        # The move's line (a draw then a pass is one line: its number becomes the pass's),
        # and any line after it that is no move (Moon's trick won).
        step = self.first_step + len(self.turns)
        if len(self.log) == lines:
            self.steps[-1] = step
        else:
            self.steps.append(step)
            self.steps.extend([None] * (len(self.log) - lines - 1))
        phase_now = self.game.phase()
        if phase_now in ("round-over", "game-over"):
            self.note(self.round_result())

    def round_outcome(self):
        """How the last round ended and each seat's score for it (the summary's line, under
        a heading that names the round)."""
        scores = self.game.last_scores()   # not round_scores()[-1]: a copy of every round's
        p = self.present()
        parts = ["%s %s" % (self.iso(s), p.score_words(scores[s])) for s in range(self.game.players)]
        return p.round_head(self, scores, self.game.view(0)) + " (" + ", ".join(parts) + ")"

    def round_result(self, winner=True):
        """The log's sentence on how the last round ended: its number, the outcome, and at the
        end (with ``winner``) the winner."""
        text = t("result.round", round=self.game.round_count(), result=self.round_outcome())
        if winner and self.game.is_over():
            text += ". " + self.winner_text()
        return text

    def winner_text(self):
        wins = self.game.winners()
        names = [self.iso(s) for s in wins]
        if len(names) == 1:
            return t("result.wins", name=names[0])
        return t("result.share", names=listed(names))

    # -- reasons -----------------------------------------------------------
    def why_not(self, tile):
        """Why the acting seat cannot play hand tile ``tile`` now (the engine's reason), or None.

        Tries the play on a clone of the game, so nothing changes.
        """
        game = self.game
        seat = game.current_seat()
        if seat is None:
            return None
        v = game.view(seat)
        for action in v["legal"]:
            if tile_of(action) == tile:
                return None
        reason, action = self.present().trial_action(v, tile)
        if reason is not None:
            return reason
        try:
            game.clone().apply(action)
        except GameError as exc:
            return error_text(exc)
        return None

    # -- undo --------------------------------------------------------------
    def undo_point(self):
        """How many of this round's actions to keep to undo to the last human decision, or None.

        Undo never crosses a draw (the tile was seen) nor the end of Moon's
        bidding (the widow was seen), nor the start of the round; people
        sharing the screen take back only their own decision (another's undone
        would be handed back to its owner by whoever holds the device).
        """
        if self.game.phase() in ("round-over", "game-over", "not-dealt"):
            return None
        phase = self.game.phase()
        for j in range(len(self.turns) - 1, -1, -1):
            seat, action, before = self.turns[j]
            if action == "draw":
                return None
            if before == "bidding" and phase != "bidding":
                return None
            if self.is_human(seat):
                return j if self.own_to_undo(seat) else None
        return None

    def own_to_undo(self, seat):
        """Whether the person to act may take back ``seat``'s decision: always with one person
        at the screen; with several, only their own."""
        return len(self.humans()) < 2 or seat == self.to_act()

    def undo_refusal(self):
        """Why undo is refused now, or None: a draw or the widow since the last human decision."""
        phase = self.game.phase()
        if phase in ("round-over", "game-over", "not-dealt"):
            return None
        for j in range(len(self.turns) - 1, -1, -1):
            seat, action, before = self.turns[j]
            if action == "draw":
                return t("undo.drawn")
            if before == "bidding" and phase != "bidding":
                return t("undo.widow")
            if self.is_human(seat):
                return None if self.own_to_undo(seat) else t("undo.other", name=self.iso(seat))
        return None

    def undo(self):
        """A new Session at the last human decision (see :meth:`undo_point`), or None."""
        keep = self.undo_point()
        if keep is None:
            return None
        rec = self.game.record()
        rec["rounds"][-1]["actions"] = rec["rounds"][-1]["actions"][:keep]
        return Session.from_record(self.setup, rec)

    # -- saving ------------------------------------------------------------
    def record_json(self):
        """The record as canonical JSON (app.recordtext: only what changed is encoded again)."""
        if self._text is None or self._text.game is not self.game:
            self._text = RecordText(self.game)
        return self._text.text()

    def written(self, texts):
        """Take ``texts``, the canonical JSON of this game's first rounds (finished, as
        ``records.dumps`` writes them: a replay viewer's), as already encoded for the
        saves (app.recordtext): a thousand hands are a second of MicroPython to encode."""
        self._text = RecordText(self.game)
        self._text.done = texts[:]

    def save_text(self):
        return json.dumps({"v": SAVE_VERSION, "setup": self.setup, "record": self.record_json()})

    @classmethod
    def from_record(cls, setup, rec):
        """Rebuild a session by replaying ``rec`` (RecordError if it is invalid)."""
        session = None
        for session in cls.replaying(setup, rec):
            pass
        return session

    @classmethod
    def replaying(cls, setup, rec, every=0):
        """:meth:`from_record` in pieces: a generator whose last value is the session (earlier ones None).

        The record is checked once, on the rules alone (``record.replay_steps``
        plays it on this session's game, yielding after each ``every``
        actions), keeping a snapshot at each of the last :data:`LOG_ROUNDS`
        deals; the log is then written for those rounds only (their lines,
        this round's turns for undo).  A game of up to LOG_ROUNDS rounds gets
        its whole log, as if played; a longer one (a Moon game of a
        thousand hands) the lines of its last rounds, more than the page
        shows: logging every move of it would cost several times its check.
        """
        session = cls(setup)
        game = session.game
        deals = []   # the game just after each of the last LOG_ROUNDS deals

        def start(deal):
            game.start_round(deal)
            deals.append(game.clone())
            if len(deals) > LOG_ROUNDS:
                deals.pop(0)

        def play(_checked):
            # The record's head was checked on a game of its own; this
            # session's game (the setup's names) is the one played.
            return game, start, game.apply

        if isinstance(rec, str):
            rec = records.loads(rec)
        for done in records.replay_steps(rec, None, every, play):
            if done is None:
                yield None
        session._log_rounds(deals, rec["rounds"])
        yield session

    def _log_rounds(self, deals, rounds):
        """The log and turns of the last ``len(deals)`` rounds, replayed from their deals
        (``deals``, snapshots just after each) with the record's own actions."""
        first = len(rounds) - len(deals)
        step = 0    # (the step at each round's deal: counted once, not by each twin's game)
        for rnd in rounds[:first]:
            step += len(rnd.get("actions", []))
        for i in range(len(deals)):
            twin = Session(self.setup, deals[i].clone(), step)
            twin.note(t("log.round_start", round=first + i + 1, intro=twin._round_intro()))
            for action in rounds[first + i].get("actions", []):
                twin.apply(action)
            step += len(rounds[first + i].get("actions", []))
            self.log.extend(twin.log)
            self.steps.extend(twin.steps)
            self.turns = twin.turns
            self.first_step = twin.first_step

    @classmethod
    def from_save(cls, text):
        """The session a save holds; GameError/ValueError/KeyError/TypeError if damaged."""
        data = json.loads(text)
        if not isinstance(data, dict) or data.get("v") != SAVE_VERSION:
            raise ValueError("unknown save format")
        setup = clean_setup(data["setup"])
        rec = records.loads(data["record"])
        if rec.get("game") != setup["game"]:
            raise ValueError("the save's setup and record disagree")
        return cls.from_record(setup, rec)


def locate(starts, step):
    """(round index, actions into that round) of ``step``, given the step at which each
    round begins; the end of a round, not the next deal."""
    r = 0
    for i in range(len(starts)):
        if starts[i] < step or (starts[i] == step and (step == 0 or i == 0)):
            r = i
    return r, step - starts[r] if starts else step


class Review:
    """Stepping through a game's actions read-only: the game itself is never touched.

    ``step`` counts every round's actions in order (as ``record.replay``
    does); :meth:`session` is a twin Session at that step, with the log of
    the round so far.  Every round's start is kept (:meth:`base`): a step
    forward applies one action, a step back at most one round's.
    """

    def __init__(self, session, copy=True):
        self.setup = session.setup
        # copy False: the record's rounds are the game's own (never changed by a Review).
        self.record = session.game.record(copy)
        self.rounds = self.record["rounds"]
        self.starts = []   # the step at which each round begins
        total = 0
        for rnd in self.rounds:
            self.starts.append(total)
            total += len(rnd["actions"])
        self.total = total
        self.bases = {}
        self.twin = None
        self.at = None
        self.step = total

    def locate(self, step):
        """(round index, actions into that round) of ``step``; the end of a round, not the next deal."""
        return locate(self.starts, step)

    def base(self, r):
        """The game at round ``r``'s deal, before its first action.  The first
        one asked for replays the record once, keeping a snapshot at every
        deal (a clone shares the finished rounds' records: cheap), so that
        stepping back across a round boundary never replays from the start."""
        if r not in self.bases:
            self._keep_bases()
        return self.bases[r]

    def _keep_bases(self):
        bases = self.bases

        def play(game):
            def start(deal):
                game.start_round(deal)
                if game.round_count() - 1 not in bases:
                    bases[game.round_count() - 1] = game.clone()
            return game, start, game.apply

        for _ in records.replay_steps(self.record, None, 0, play):
            pass

    def round_start(self, r):
        """A new twin Session at round ``r``'s deal, its log that round's first line."""
        twin = Session(self.setup, self.base(r).clone(), self.starts[r])
        twin.note(t("log.round_start", round=r + 1, intro=twin._round_intro()))
        return twin

    def session(self, step=None):
        """The twin Session at ``step`` (default: the current one), kept between calls."""
        if step is None:
            step = self.step
        step = max(0, min(self.total, step))
        r, k = self.locate(step)
        actions = self.rounds[r]["actions"]
        if self.at is not None and self.at[0] == r and self.at[1] <= k:
            twin = self.twin
            done = self.at[1]
        else:
            twin = self.round_start(r)
            done = 0
        try:
            for action in actions[done:k]:
                twin.apply(action)
        except GameError:
            # A record still being checked (app.replay.preview) may hold a bad
            # move: the kept twin is spoilt, the step stays where it was.
            self.twin = self.at = None
            raise
        self.twin = twin
        self.at = (r, k)
        self.step = step
        return twin

    def describe(self):
        """What the current step shows, in words."""
        r, k = self.locate(self.step)
        twin = self.session()
        if k == 0:
            # A round's deal: its log line would name the round a second time ("(round 1):
            # Round 1: centre double 9-9 ..."), so the deal is said without it.
            return t("review.step_deal", step=self.step, total=self.total, round=r + 1, intro=twin._round_intro())
        last = twin.log[-1] if twin.log else ""
        return t("review.step", step=self.step, total=self.total, round=r + 1, last=last)
