"""The engine and its computer players held to the golden playthroughs (tests/golden/).

A failure means behaviour changed: if it was meant to, regenerate with
``.venv/bin/python -m tests.golden --regenerate`` and review the diff.
"""

import difflib

import pytest

from tests.golden import CASES, expected, path_of


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_engine_plays_the_golden_playthrough(case):
    want = path_of(case[0]).read_text(encoding="utf-8")
    got = expected(case)
    if got != want:
        diff = difflib.unified_diff(want.splitlines(), got.splitlines(), "golden", "engine", lineterm="", n=1)
        pytest.fail("%s differs from the engine:\n%s" % (case[0], "\n".join(list(diff)[:40])))


def test_golden_files_cover_every_game_and_level():
    from engine import games
    from engine.ai import LEVELS
    covered = set((c[1], c[4]) for c in CASES)
    for g in games.all_games():
        for level in LEVELS:
            assert (g.name, level) in covered
    for c in CASES:
        text = path_of(c[0]).read_text(encoding="utf-8")
        # Readable and modest: one line per view, none huge.
        assert text.count("\nview ") == text.count("\nlegal ") > 20
        assert len(text.encode("utf-8")) < 60000


def test_a_changed_choice_shows_as_a_failure(monkeypatch):
    # The check can fail: a player that picks differently no longer matches.
    import tests.golden as golden
    real = golden.pick

    def contrary(game, level, seed, budget=None):
        legal = game.legal_actions()
        return legal[-1] if len(legal) > 1 else real(game, level, seed, budget)

    monkeypatch.setattr(golden, "pick", contrary)
    case = CASES[0]
    assert expected(case) != path_of(case[0]).read_text(encoding="utf-8")
