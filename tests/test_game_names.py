"""Shared code asks the registry (engine/games.py), it never compares game names.

A comparison with a game's name (``game == "moon"``, ``name in ("moon", ...)``,
``{"chicken-foot": ...}[name]``) outside the registry and the game's own
modules is a branch every new game would have to find.  The scan reads the
syntax tree, so docstrings, catalog keys and file names ("rules/moon.html")
do not count.
"""

import ast

import pytest

from engine import games
from tests.helpers import ROOT

GAME_NAMES = set(games.NAMES) | {"chickenfoot"}

# Where a game's name belongs: the registry and each game's own modules (its
# rules, its computer players and analysis).
PER_GAME = ("engine/games.py", "engine/chickenfoot/", "engine/moon/", "engine/moon_rules.py",
            "engine/ai/cf_", "engine/ai/moon_")

WEB_ALL = sorted(p.relative_to(ROOT).as_posix() for folder in ("web/app", "web/embed")
                 for p in (ROOT / folder).rglob("*.py"))
# Every web file but web/app/present/__init__.py, the one table of the
# presenters by the registry's presenter hook (one of which is called "moon").
WEB_FILES = ["web/main.py", "web/worker.py", "web/worker_mpy.py"] + [
    p for p in WEB_ALL if p != "web/app/present/__init__.py"]


def _names_in(node):
    """The game names ``node`` is, or holds as a tuple/list/set display's item."""
    items = node.elts if isinstance(node, (ast.Tuple, ast.List, ast.Set)) else [node]
    return [i.value for i in items if isinstance(i, ast.Constant) and i.value in GAME_NAMES]


def name_comparisons(source):
    """``[(line, text)]``: every comparison with, or table keyed by, a game name in ``source``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            operands = [node.left] + list(node.comparators)
            for op, left, right in zip(node.ops, operands, operands[1:]):
                if isinstance(op, (ast.Eq, ast.NotEq, ast.In, ast.NotIn)) and (_names_in(left) or _names_in(right)):
                    found.append((node.lineno, ast.get_source_segment(source, node)))
        elif isinstance(node, ast.Dict):
            if any(k is not None and _names_in(k) for k in node.keys):
                found.append((node.lineno, ast.get_source_segment(source, node)[:60]))
    return found


def test_the_scan_finds_each_kind_of_comparison():
    src = ('if game.GAME != "moon":\n    pass\n'
           'ok = name in ("moon", "chicken-foot")\n'
           'x = "chicken-foot" == setup["game"]\n'
           'TABLE = {"moon": 4}\n'
           'fine = name == "moonlight" or path == "rules/moon.html"\n'
           '"""game == "moon" in a docstring"""\n')
    assert [line for line, _ in name_comparisons(src)] == [1, 3, 4, 5]


def _shared_engine_files():
    out = []
    for path in sorted((ROOT / "engine").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if not rel.startswith(PER_GAME):
            out.append(rel)
    return out


def test_the_scanned_files_exist_and_cover_the_shared_engine():
    engine_files = _shared_engine_files()
    assert "engine/__main__.py" in engine_files and "engine/record.py" in engine_files
    assert "engine/ai/__init__.py" in engine_files and "engine/chickenfoot/state.py" not in engine_files
    assert set(WEB_FILES) <= set(WEB_ALL + ["web/main.py", "web/worker.py", "web/worker_mpy.py"])


@pytest.mark.parametrize("rel", _shared_engine_files() + WEB_FILES)
def test_shared_code_compares_no_game_name(rel):
    found = name_comparisons((ROOT / rel).read_text(encoding="utf-8"))
    assert found == [], "%s compares game names (ask engine.games instead): %s" % (rel, found)
