"""Every script in tests/portable/ prints the same bytes on all three interpreters.

MicroPython and Pyodide run in Node.js from our npm packages (see
tests/interpreters.py).  Drop a new ``*.py`` into tests/portable/ and it is
picked up here.  MicroPython starts in a tenth of a second, so each script
gets a start of its own (a test per script); Pyodide's start costs some 3 s
of CPU, so every script runs in one start of it (each as in a fresh
interpreter: tests/node/run.mjs ``--batch``), the harness's own checks on
Pyodide (a batch's fresh start per script, large output) with them.
"""

import functools
import re
from pathlib import Path

import pytest

from tests.interpreters import INTERPRETERS, PACKAGES, available, run_script, run_scripts
from tests.sizes import NIGHTLY

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


@functools.lru_cache(maxsize=None)
def reference(script):
    """What ``script`` prints on CPython (every comparison's reference; once per process)."""
    output = run_script("cpython", script)
    assert output, "%s printed nothing: nothing to compare" % script.name
    return output


@pytest.mark.parametrize("script", SCRIPTS, ids=[s.name for s in SCRIPTS])
def test_micropython_prints_what_cpython_prints(script):
    output = run_script("micropython", script)
    assert output == reference(script), "%s differs on micropython, %s" % (
        script.name, first_difference(reference(script), output))


# The harness's own checks below, as scripts: a batch's scripts each start
# as in a fresh interpreter (BATCH: the first, a failing one, the last), and
# megabytes of output are captured whole (BIG).
BATCH = {
    "first.py": "from engine import tiles\nimport helper\nhelper.calls.append(1)\nLEFT = 1\n"
                "print(len(helper.calls), __name__)\n",
    "helper.py": "calls = []\n",
    "fails.py": "from engine import tiles\ntiles.parse('not a tile')\n",
    "last.py": "import sys, helper\nhelper.calls.append(1)\n"
               "print(len(helper.calls), 'LEFT' in globals(), 'engine.tiles' in sys.modules)\n",
}
BATCH_ORDER = ["first.py", "fails.py", "last.py"]
BIG = "for i in range(100000):\n    print('%06d' % i, 'é' * 3)\n"
BIG_OUTPUT = "".join("%06d ééé\n" % i for i in range(100000))


def harness_scripts(folder):
    """Write BATCH's files and ``big.py`` into ``folder``; return the batch's scripts and big.py's path."""
    for name, text in BATCH.items():
        (folder / name).write_text(text)
    (folder / "big.py").write_text(BIG)
    return [folder / name for name in BATCH_ORDER], folder / "big.py"


@pytest.fixture(scope="module")
def pyodide_outputs(tmp_path_factory):
    """``{script path: (stdout, error)}`` of every portable script and of the
    harness's own checks, in ONE start of Pyodide (its start costs seconds of
    CPU: one start for them all instead of one for each check)."""
    batch, big = harness_scripts(tmp_path_factory.mktemp("harness"))
    scripts = list(SCRIPTS) + batch + [big]
    return dict(zip(scripts, run_scripts("pyodide", scripts))), batch, big


def test_pyodide_prints_what_cpython_prints(pyodide_outputs):
    outputs = [pyodide_outputs[0][script] for script in SCRIPTS]
    differ = []
    for script, (output, error) in zip(SCRIPTS, outputs):
        if error is not None:
            differ.append("%s failed on pyodide:\n%s" % (script.name, error))
        elif output != reference(script):
            differ.append("%s differs on pyodide, %s" % (script.name, first_difference(reference(script), output)))
    assert not differ, "\n".join(differ)


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
    assert output == reference(script), "%s differs from the page bundle, %s" % (
        script.name, first_difference(reference(script), output))


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


# A script run alone on Pyodide (a start of its own, some 3 s of CPU) only
# nightly: no CI test runs one (the portable scripts share one start), and a
# failing script's traceback from Pyodide is checked in CI in that batch
# (test_a_batch_runs_each_script_as_in_a_fresh_interpreter[pyodide]).
ALONE = INTERPRETERS if NIGHTLY else [name for name in INTERPRETERS if name != "pyodide"]


def test_a_failing_script_raises_with_its_traceback(tmp_path):
    script = tmp_path / "fails.py"
    script.write_text("from engine import tiles\ntiles.parse('not a tile')\n")
    for interpreter in ALONE:
        with pytest.raises(RuntimeError) as caught:
            run_script(interpreter, script)
        assert "TileError" in str(caught.value), interpreter


@pytest.mark.parametrize("interpreter", [name for name in INTERPRETERS if name != "cpython"])
def test_a_batch_runs_each_script_as_in_a_fresh_interpreter(tmp_path, interpreter, request):
    if interpreter == "pyodide":
        # Pyodide's batch is the portable scripts' (after all of them: fresh even then).
        outputs_by_script, batch, _ = request.getfixturevalue("pyodide_outputs")
        outputs = [outputs_by_script[script] for script in batch]
    else:
        outputs = run_scripts(interpreter, harness_scripts(tmp_path)[0])
    assert outputs[0] == ("1 __main__\n", None)
    # A failing script reports its traceback; the next one still runs, with
    # nothing of the scripts before it: not their names, nor their imports.
    assert outputs[1][0] == "" and "TileError" in outputs[1][1] and "fails.py" in outputs[1][1]
    assert outputs[2] == ("1 False False\n", None)


def test_large_output_is_captured_whole(tmp_path, pyodide_outputs):
    _, script = harness_scripts(tmp_path)
    for interpreter in ("cpython", "micropython"):
        assert run_script(interpreter, script) == BIG_OUTPUT, interpreter
    # Pyodide's in the portable scripts' batch (tests/node/run.mjs writes a
    # script's output the same way alone or in a batch).
    outputs_by_script, _, big = pyodide_outputs
    assert outputs_by_script[big] == (BIG_OUTPUT, None)
