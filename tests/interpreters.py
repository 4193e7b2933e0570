"""Run a Python script on CPython, MicroPython or Pyodide with ``engine`` importable.

The portability harness: MicroPython and Pyodide run in Node.js from the npm
packages the page ships (``tests/node/run.mjs``), so comparing a script's
output across the three needs no browser::

    from tests.interpreters import INTERPRETERS, available, run_script
    outputs = {name: run_script(name, "tests/portable/tiles_render.py") for name in INTERPRETERS}
    # several scripts in one interpreter start (Pyodide's costs seconds):
    for output, error in run_scripts("pyodide", ["tests/portable/tiles_render.py", "tests/portable/moon_games.py"]):
        ...

A script sees the repository's ``engine`` package and the ``*.py`` files of
its own folder, prints its results, and should print the same bytes
everywhere.
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNNER = ROOT / "tests" / "node" / "run.mjs"
INTERPRETERS = ("cpython", "micropython", "pyodide")
PACKAGES = {
    "micropython": "@micropython/micropython-webassembly-pyscript",
    "pyodide": "pyodide",
}


def available(interpreter):
    """Whether ``interpreter`` can run here (Node.js and its npm package present)."""
    if interpreter == "cpython":
        return True
    if interpreter not in PACKAGES:
        raise ValueError("unknown interpreter %r (expected one of %s)" % (interpreter, ", ".join(INTERPRETERS)))
    return shutil.which("node") is not None and (ROOT / "node_modules" / PACKAGES[interpreter]).is_dir()


def _check(interpreter, result, script_path):
    if result.returncode != 0:
        raise RuntimeError("%s failed on %s (exit %d):\n%s"
                           % (interpreter, script_path, result.returncode, result.stderr.decode("utf-8", "replace")))


def _node_env(interpreter, bundle):
    env = dict(os.environ)
    env.pop("BONEYARD_BUNDLE", None)
    if bundle is not None:
        if interpreter != "micropython":
            raise ValueError("a bundle holds .mpy modules: MicroPython only")
        env["BONEYARD_BUNDLE"] = str(Path(bundle).resolve())
    return env


def _require(interpreter):
    if not available(interpreter):
        raise RuntimeError("%s is not available: it needs `node` and node_modules/%s "
                           "(run `python3 build.py` or `npm ci`)" % (interpreter, PACKAGES.get(interpreter, "?")))


def run_script(interpreter, script_path, timeout=300, bundle=None):
    """Run the Python file ``script_path`` under ``interpreter``; return its stdout.

    ``bundle`` (MicroPython only): a bundle built by ``build.py`` whose
    modules the script imports instead of the engine's sources.

    Raises ``RuntimeError`` carrying stderr (the traceback) when the script
    fails or ``interpreter`` is not available, and
    ``subprocess.TimeoutExpired`` after ``timeout`` seconds.
    """
    script_path = Path(script_path).resolve()
    if interpreter == "cpython":
        env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8", PYTHONDONTWRITEBYTECODE="1")
        result = subprocess.run([sys.executable, str(script_path)], cwd=str(ROOT), env=env,
                                capture_output=True, timeout=timeout)
        _check(interpreter, result, script_path)
        return result.stdout.decode("utf-8")
    _require(interpreter)
    env = _node_env(interpreter, bundle)
    with tempfile.TemporaryDirectory(prefix="boneyard-run-") as tmp:
        out_file = Path(tmp) / "stdout"
        result = subprocess.run(["node", str(RUNNER), interpreter, str(ROOT), str(script_path), str(out_file)],
                                cwd=str(ROOT), capture_output=True, timeout=timeout, env=env)
        _check(interpreter, result, script_path)
        return out_file.read_bytes().decode("utf-8")


def run_scripts(interpreter, script_paths, timeout=600, bundle=None):
    """Run each of ``script_paths`` under ``interpreter`` (MicroPython or Pyodide)
    in one start of it, each as in a fresh interpreter (a namespace of its own, the
    modules the one before imported forgotten); return ``[(stdout, error), ...]``
    in order, ``error`` None or the failing script's stderr with its traceback.

    Raises ``RuntimeError`` when the interpreter itself cannot start, and
    ``subprocess.TimeoutExpired`` after ``timeout`` seconds for the whole batch.
    """
    if interpreter == "cpython":
        raise ValueError("CPython starts in milliseconds: use run_script")
    _require(interpreter)
    env = _node_env(interpreter, bundle)
    with tempfile.TemporaryDirectory(prefix="boneyard-batch-") as tmp:
        jobs = [{"script": str(Path(p).resolve()), "out": str(Path(tmp) / ("%d.out" % k)),
                 "err": str(Path(tmp) / ("%d.err" % k))} for k, p in enumerate(script_paths)]
        jobs_file = Path(tmp) / "jobs.json"
        jobs_file.write_text(json.dumps(jobs), encoding="utf-8")
        result = subprocess.run(["node", str(RUNNER), interpreter, str(ROOT), "--batch", str(jobs_file)],
                                cwd=str(ROOT), capture_output=True, timeout=timeout, env=env)
        _check(interpreter, result, "a batch of %d scripts" % len(jobs))
        outputs = []
        for job in jobs:
            err = Path(job["err"])
            error = err.read_bytes().decode("utf-8", "replace") if err.exists() else None
            outputs.append((Path(job["out"]).read_bytes().decode("utf-8"), error))
        return outputs
