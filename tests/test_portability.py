"""Every script in tests/portable/ prints the same bytes on all three interpreters.

MicroPython and Pyodide run in Node.js from our npm packages (see
tests/interpreters.py).  Drop a new ``*.py`` into tests/portable/ and it is
picked up here.
"""

import re
from pathlib import Path

import pytest

from tests.interpreters import INTERPRETERS, PACKAGES, available, run_script

PORTABLE = Path(__file__).resolve().parent / "portable"
# ``_*.py`` are the scripts' own helpers (``_nightly.py``), not scripts.
SCRIPTS = sorted(p for p in PORTABLE.glob("*.py") if not p.name.startswith("_"))

pytestmark = pytest.mark.portability


def first_difference(a, b):
    for number, (line_a, line_b) in enumerate(zip(a.splitlines(), b.splitlines()), 1):
        if line_a != line_b:
            return "line %d:\n  cpython: %r\n  other:   %r" % (number, line_a[:300], line_b[:300])
    return "one output is a prefix of the other (%d vs %d characters)" % (len(a), len(b))


def test_there_are_portable_scripts():
    assert SCRIPTS, "tests/portable/ holds no scripts"


@pytest.mark.parametrize("interpreter", [name for name in INTERPRETERS if name != "cpython"])
def test_runtime_is_installed(interpreter):
    assert available(interpreter), (
        "%s cannot run: it needs `node` and node_modules/%s; `python3 build.py test` installs them"
        % (interpreter, PACKAGES[interpreter]))


@pytest.mark.parametrize("script", SCRIPTS, ids=[s.name for s in SCRIPTS])
def test_same_output_everywhere(script):
    reference = run_script("cpython", script)
    assert reference, "%s printed nothing: nothing to compare" % script.name
    for interpreter in INTERPRETERS[1:]:
        output = run_script(interpreter, script)
        assert output == reference, "%s differs on %s, %s" % (
            script.name, interpreter, first_difference(reference, output))


# Scripts that import only what the page bundle holds: nothing of
# build.WORKER_ONLY (engine.ai, engine.tournament).
WORKER_ONLY_IMPORT = re.compile(r"\bengine(?:\.| import )(?:ai|tournament)\b")
PAGE_SCRIPTS = [s for s in SCRIPTS if not WORKER_ONLY_IMPORT.search(s.read_text(encoding="utf-8"))]


@pytest.fixture(scope="module")
def page_bundle(tmp_path_factory):
    import build

    return build.build(tmp_path_factory.mktemp("site") / "dist", quiet=True) / build.PAGE_BUNDLE


def test_the_worker_only_modules_are_recognised_in_imports():
    import build

    assert sorted(p.rstrip("/").replace("/", ".").removesuffix(".py") for p in build.WORKER_ONLY) == [
        "engine.ai", "engine.tournament"]
    assert WORKER_ONLY_IMPORT.search("from engine import ai") and WORKER_ONLY_IMPORT.search("import engine.tournament")
    assert not WORKER_ONLY_IMPORT.search("from engine import render, tiles")
    assert 3 <= len(PAGE_SCRIPTS) < len(SCRIPTS)


@pytest.mark.parametrize("script", PAGE_SCRIPTS, ids=[s.name for s in PAGE_SCRIPTS])
def test_the_page_bundles_precompiled_engine_gives_the_same_output(script, page_bundle):
    output = run_script("micropython", script, bundle=page_bundle)
    reference = run_script("cpython", script)
    assert output == reference, "%s differs from the page bundle, %s" % (
        script.name, first_difference(reference, output))


def test_the_page_bundle_is_imported_compiled_and_tracebacks_name_the_source(tmp_path, page_bundle):
    script = tmp_path / "which.py"
    script.write_text("import engine.render, app.i18n\nprint(engine.render.__file__, app.i18n.__file__)\n"
                      "from engine import tiles\ntiles.parse('not a tile')\n")
    with pytest.raises(RuntimeError) as caught:
        run_script("micropython", script, bundle=page_bundle)
    # The modules came from the bundle's .mpy files; a traceback still names
    # the module's source and line.
    assert 'engine/tiles.py", line' in str(caught.value)
    script.write_text("import engine.render, app.i18n\nprint(engine.render.__file__, app.i18n.__file__)\n")
    assert run_script("micropython", script, bundle=page_bundle).split() == [
        "/repo/engine/render.mpy", "/repo/app/i18n.mpy"]


def test_a_failing_script_raises_with_its_traceback(tmp_path):
    script = tmp_path / "fails.py"
    script.write_text("from engine import tiles\ntiles.parse('not a tile')\n")
    for interpreter in INTERPRETERS:
        with pytest.raises(RuntimeError) as caught:
            run_script(interpreter, script)
        assert "TileError" in str(caught.value), interpreter


def test_large_output_is_captured_whole(tmp_path):
    script = tmp_path / "big.py"
    script.write_text("for i in range(100000):\n    print('%06d' % i, 'é' * 3)\n")
    expected = "".join("%06d ééé\n" % i for i in range(100000))
    for interpreter in INTERPRETERS:
        assert run_script(interpreter, script) == expected, interpreter
