"""The computer-player runtimes' files, as the page probes them (app.players).

Pure Python (no ``pyscript``): CPython tests import it.  The page fetches
each worker's script and sends a HEAD for Pyodide's files beside the
worker's own requests, because PyScript reports none of their failures;
a HEAD's announced length is compared with the size the build wrote
(``SIZES``, a file build.py writes), so a
damaged or substituted file (a captive portal's page, a truncated copy),
which Pyodide would never report, is found within a round trip too.
"""

import json

# The runtimes' files' sizes as built (build.py: RUNTIME_SIZES), page-relative.
SIZES = "./web/runtime-sizes.json"
# The files beside each runtime's ``interpreter`` module that it loads.
NAMES = {"micropython": (), "pyodide": ("pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                                        "pyodide-lock.json")}


def urls(runtime, interpreter):
    """The URLs of ``runtime``'s files beside its module (``interpreter``, a URL)."""
    folder = interpreter[:interpreter.rindex("/") + 1]
    return [folder + name for name in NAMES[runtime]]


def built_sizes(runtime, text):
    """``{file name: bytes}`` of ``runtime``'s files in the JSON ``text`` of
    ``SIZES`` ({} if it is not such a table: nothing is then compared)."""
    try:
        table = json.loads(text)
    except ValueError:
        return {}
    sizes = table.get(runtime) if isinstance(table, dict) else None
    if not isinstance(sizes, dict):
        return {}
    return {name: n for name, n in sorted(sizes.items()) if isinstance(n, int) and not isinstance(n, bool)}


def wrong_size(url, headers, sizes):
    """Why a HEAD's ``headers`` (``has``/``get``, as a JS ``Headers``) cannot
    be the built file at ``url``, or ``None``.

    Only a plain length is compared: a host that compresses the file
    (``Content-Encoding``) or sends no length tells nothing."""
    want = sizes.get(url[url.rindex("/") + 1:])
    if want is None or not headers.has("content-length"):
        return None
    encoding = str(headers.get("content-encoding")) if headers.has("content-encoding") else "identity"
    if encoding.strip().lower() != "identity":
        return None
    try:
        length = int(str(headers.get("content-length")).strip())
    except ValueError:
        return None
    if length == want:
        return None
    return "%s is %d bytes, not the %d built" % (url, length, want)
