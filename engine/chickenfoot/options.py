"""Chicken Foot's house rules: their checks and defaults, judged by ``Game.resolve_options``.

:data:`OPTIONS` pairs each option's name with its check; the registry
(:mod:`engine.games`) describes the same options to a setup screen.
"""

from .numbers import MAX_SPOKES, _is_int


# Option checks for Game.resolve_options: None, or the problem as
# (English text, catalog key, its params).
def _check_spokes(value, players):
    if not _is_int(value) or value < players or value > MAX_SPOKES:
        return ("must be a whole number from %d (the players) to %d, not %r" % (players, MAX_SPOKES, value),
                "engine.cf.option_spokes", {"min": players, "max": MAX_SPOKES, "got": repr(value)})
    return None


def _check_reserve(value, players):
    if not _is_int(value) or value < 0:
        return ("must be a whole number >= 0, not %r" % (value,), "engine.cf.option_reserve", {"got": repr(value)})
    return None


def _check_bool(value, players, name="double_blank_50"):
    if value is not True and value is not False:
        return ("must be true or false, not %r" % (value,), "engine.cf.option_bool",
                {"option": name, "got": repr(value)})
    return None




OPTIONS = [("spokes", _check_spokes), ("yard_reserve", _check_reserve),
           ("double_blank_50", _check_bool)]


def default_options(players):
    """The house rules a new game of ``players`` seats starts with (RULES.md)."""
    return {"spokes": players, "yard_reserve": 2 if players == 2 else 1,
            "double_blank_50": False}
