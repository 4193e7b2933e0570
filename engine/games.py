"""The registry of games: everything shared code needs to know about a game.

One :class:`GameInfo` per game, looked up by the record's ``game`` name
(:func:`info`) or listed in order (:func:`all_games`).  Records, the command
line, the computer players, the page's setup and the embeds ask the registry
instead of comparing game names, so adding a game means adding an entry here
and its own modules, never a branch in shared code.

The game class and the computer-player module are imported only when asked
for, so a page showing one game never loads the other.
"""

from .game import GameError


class GameInfo:
    """What the rest of the product needs to know about one game.

    * ``name`` -- the record's ``game`` string (``"chicken-foot"``);
    * ``title`` -- the English title (records, the command line);
    * ``title_key`` -- the catalog key of the title the page shows;
    * ``min_players``, ``max_players``, ``default_players`` -- the seat range;
    * ``option_specs`` -- the house rules a setup screen offers, each
      ``{"name", "kind": "int"|"bool", "min": int or "players"}``; defaults
      come from :meth:`default_options` (they may depend on the player count).
    * ``deal_fields`` -- the fields a record's round holds for its deal, in
      record order (besides ``actions`` and ``scores``): what
      :mod:`engine.record` reads and the game's ``DEAL_FIELDS``;
    * ``analysis`` -- the module of ``engine.ai`` that analyses a finished
      round (:func:`engine.ai.analysis.analyse` asks :meth:`analysis_module`);
    * ``solver`` -- the module of ``engine.ai`` that solves a position with
      every hand known (its ``solve(**state.solver_position())``), or None:
      the command line's ``solve`` asks :meth:`has_solver`;
    * ``presenter`` -- the name of the page's presenter module of this game
      (``web/app/present/<presenter>.py``), so the page picks it by registry;
    * ``low_score_wins`` -- whether the lower final score ranks first
      (Chicken Foot's pips) rather than the higher (Moon's points);
    * ``exact_analysis`` -- whether the analysis counts tricks under perfect
      play with every hand known (Moon) rather than estimating a seat's
      expected score from its own view (Chicken Foot): what the review and
      the embeds' verdicts say of it;
    * ``slow_hard_budget`` -- the ``hard`` player's search budget (Moon:
      worlds, Chicken Foot: playouts) on a slow interpreter (MicroPython in
      the browser, until Pyodide is ready): what it reaches within the page's
      time caps on a quiet desktop (``bench/mpy_hard.py --rate``); an int, or
      a dict by decision kind (see :func:`phase_iterations`);
    * ``rules_page`` -- the site's page of the game's rules (relative to the
      site's root) and ``rules_key`` the catalog key of that page's link text:
      where the page sends a newcomer, and a player mid-game.
    """

    __slots__ = ("name", "title", "title_key", "min_players", "max_players", "default_players",
                 "option_specs", "deal_fields", "_module", "_class", "_player", "analysis", "solver", "presenter",
                 "low_score_wins", "exact_analysis", "slow_hard_budget", "rules_page", "rules_key")

    def __init__(self, name, title, title_key, players, default_players, option_specs, deal_fields, module, cls,
                 player, analysis, solver, presenter, low_score_wins, exact_analysis,
                 slow_hard_budget, rules):
        self.name = name
        self.title = title
        self.title_key = title_key
        self.min_players = players[0]
        self.max_players = players[1]
        self.default_players = default_players
        self.option_specs = option_specs
        self.deal_fields = deal_fields
        self._module = module
        self._class = cls
        self._player = player
        self.analysis = analysis
        self.solver = solver
        self.presenter = presenter
        self.low_score_wins = low_score_wins
        self.exact_analysis = exact_analysis
        self.slow_hard_budget = slow_hard_budget
        self.rules_page, self.rules_key = rules

    def game_class(self):
        """The :class:`~engine.game.Game` subclass (imported on first use)."""
        return getattr(_load("engine." + self._module), self._class)

    def player_module(self):
        """The module whose ``choose(view, level, rng, budget)`` plays this game."""
        return _load("engine.ai." + self._player)

    def analysis_module(self):
        """The module whose ``analyse_round(...)`` analyses this game (see :mod:`engine.ai.analysis`)."""
        return _load("engine.ai." + self.analysis)

    def has_solver(self):
        """Whether the game has an exact solver (:meth:`solver_module`)."""
        return self.solver is not None

    def solver_module(self):
        """The module whose ``solve(...)`` takes a state's ``solver_position()``; GameError if none."""
        if self.solver is None:
            # Only the command line asks (after has_solver()): English is enough.
            raise GameError("%s has no solver" % self.title)
        return _load("engine.ai." + self.solver)

    def default_options(self, players):
        """The house rules' defaults for ``players`` seats."""
        return self.game_class().default_options(players)

    def fixed_players(self):
        """True when the game always has the same number of seats (no choice to offer)."""
        return self.min_players == self.max_players

    def clamp_players(self, n):
        """``n`` if it is a valid seat count, else the default."""
        if isinstance(n, int) and not isinstance(n, bool) and self.min_players <= n <= self.max_players:
            return n
        return self.default_players


def phase_iterations(iterations, view):
    """The search budget for the decision of ``view``: ``iterations`` as it is
    (an int, or None: the level's own), or, a dict by decision kind (a Moon
    view's ``phase``: ``bidding``, ``discard``, ``trump``, ``play``), that
    kind's entry -- a slow interpreter reaches different budgets per kind
    within one time cap (``slow_hard_budget``)."""
    if isinstance(iterations, dict):
        return iterations.get(view.get("phase") or "play")
    return iterations


def _load(dotted):
    # __import__ returns the top package on every interpreter (MicroPython's
    # fromlist handling differs), so walk down to the module by attribute.
    module = __import__(dotted)
    for part in dotted.split(".")[1:]:
        module = getattr(module, part)
    return module


_GAMES = [
    GameInfo("chicken-foot", "Chicken Foot", "game.chicken_foot", (2, 8), 4,
             [{"name": "spokes", "kind": "int", "min": "players", "max": 8},
              {"name": "yard_reserve", "kind": "int", "min": 0, "max": 20},
              {"name": "double_blank_50", "kind": "bool"}],
             ["double", "first", "hands", "yard"],
             "chickenfoot", "ChickenFoot", "cf_player", "cf_analysis", None, "cf", True, False, 140,
             ("rules/chicken-foot.html", "nav.cf_rules")),
    GameInfo("moon", "Three-Player Moon", "game.moon", (3, 3), 3, [],
             ["first", "hands", "widow"],
             "moon", "Moon", "moon_player", "moon_analysis", "moon_solver", "moon", False, True, 4,
             ("rules/moon.html", "nav.moon_rules")),
]

NAMES = [g.name for g in _GAMES]


def deal_fields(name):
    """The deal fields of game ``name``'s rounds (:attr:`GameInfo.deal_fields`), for its class."""
    return list(info(name).deal_fields)


def all_games():
    """Every game's :class:`GameInfo`, in the order the product lists them."""
    return list(_GAMES)


def info(name):
    """The :class:`GameInfo` of ``name``; ``GameError`` (keyed ``record.unknown_game``) if unknown."""
    for g in _GAMES:
        if g.name == name:
            return g
    quoted = "'%s'" % name if isinstance(name, str) else repr(name)
    raise GameError("unknown game %s (expected one of: %s)" % (quoted, ", ".join(NAMES)),
                    "record.unknown_game", {"game": quoted, "games": ", ".join(NAMES)})
