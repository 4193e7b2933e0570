"""The web layer's shape, read from its source: shared code never branches on a game's name,
and the per-game presenters sit below what draws and drives the page.

What differs between the games lives in each game's presenter
(``web/app/present/<game>.py``, chosen by ``present.of(name)``) or in the
engine's registry (``engine.games``).  A comparison with a game's name
anywhere else in ``web/app`` or ``web/embed`` would bring the branching
back (issue 13).
"""

import re
from pathlib import Path

from engine import games

ROOT = Path(__file__).resolve().parent.parent
SHARED = sorted(list((ROOT / "web" / "app").glob("*.py")) + list((ROOT / "web" / "embed").glob("*.py")))
NAMES = "|".join(re.escape(g.name) for g in games.all_games())
# name == x, x != name, x in ("moon", ...), and the same with the name first.
BRANCH = re.compile(r"""([=!]=\s*["'](%s)["'])|(["'](%s)["']\s*[=!]=)|(\bin\s*[(\[{]\s*["'](%s)["'])"""
                    % (NAMES, NAMES, NAMES))


def branches(text):
    return [line.strip() for line in text.splitlines() if BRANCH.search(line) and not line.strip().startswith("#")]


def test_the_pattern_finds_branches():
    assert branches('if game == "moon":\n    pass') == ['if game == "moon":']
    assert branches("x = 1 if 'chicken-foot' != kind else 2") == ["x = 1 if 'chicken-foot' != kind else 2"]
    assert branches('if name in ("moon", "other"):') == ['if name in ("moon", "other"):']
    assert branches('GAMES = {"moon": 1}\nsetup["game"] = "moon"') == []


def test_shared_web_code_never_branches_on_a_game_name():
    assert len(SHARED) > 10
    found = {}
    for path in SHARED:
        hits = branches(path.read_text(encoding="utf-8"))
        if hits:
            found[str(path.relative_to(ROOT))] = hits
    assert found == {}


def imports_of(path):
    return set(re.findall(r"^\s*from (app(?:\.\w+)*) import (\w+(?:, \w+)*)|^\s*import (app\.\w+)",
                          path.read_text(encoding="utf-8"), re.M))


def app_modules(path):
    """The app.* modules ``path`` imports (``from app import a, b`` counts a and b)."""
    out = set()
    for frm, names, plain in imports_of(path):
        if plain:
            out.add(plain)
        elif frm == "app":
            out.update("app." + n.strip() for n in names.split(","))
        else:
            out.add(frm)
    return out


def test_presenters_import_nothing_above_them():
    above = {"app.session", "app.screens", "app.ui", "app.records", "app.replay", "app.store", "app.players"}
    for path in sorted((ROOT / "web" / "app" / "present").glob("*.py")):
        assert app_modules(path) & above == set(), path.name
    for name in ("session.py", "screens.py"):
        assert app_modules(ROOT / "web" / "app" / name) & {"app.ui", "app.records"} == set(), name
