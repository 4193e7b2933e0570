"""Host pages for embeds on a second origin (tests and bench/embeds.py).

Boneyard's dist/ is served by build.py's own server on one localhost port;
the host pages here by a plain static server on another (a second origin),
with whatever headers a test gives (a strict CSP, say).  Also the init
scripts that measure what the issue asks: layout shifts and WebAssembly
memory, in every frame.
"""

import functools
import html
import http.server
import json
import shutil
import threading
from pathlib import Path

import build

ROOT = Path(__file__).resolve().parent.parent
DIAGRAMS = ROOT / "web" / "site" / "rules" / "diagrams"

# Every layout shift not caused by input, summed per document (CLS as
# Chrome's web-vitals counts it for one page load without input).
CLS_SCRIPT = """
window.__cls = 0; window.__shifts = [];
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.hadRecentInput) continue;
      window.__cls += e.value;
      // What moved, for a readable failure: tag#id.class and its old/new boxes.
      window.__shifts.push([e.value, Math.round(e.startTime), (e.sources || []).map((s) => [
        s.node ? (s.node.nodeName + (s.node.id ? "#" + s.node.id : "") + (s.node.className ? "." + s.node.className : "")) : "?",
        [s.previousRect.y, s.previousRect.height], [s.currentRect.y, s.currentRect.height]])]);
    }
  }).observe({ type: "layout-shift", buffered: true });
} catch (e) { /* no Layout Instability API */ }
"""

# Every WebAssembly.Memory a document makes or gets from an instance: their
# sizes, summed by the bench (a released frame's go with its document).
WASM_SCRIPT = """
(() => {
  const found = [];
  window.__wasmMemories = found;
  const keep = (memory) => { if (memory instanceof WebAssembly.Memory && !found.includes(memory)) found.push(memory); };
  const scan = (result) => {
    const instance = result && (result.instance || result);
    if (instance && instance.exports) for (const v of Object.values(instance.exports)) keep(v);
    return result;
  };
  const Memory = WebAssembly.Memory;
  WebAssembly.Memory = new Proxy(Memory, { construct(target, args) { const m = new target(...args); keep(m); return m; } });
  const instantiate = WebAssembly.instantiate;
  WebAssembly.instantiate = function (...args) { return instantiate.apply(this, args).then(scan); };
  const streaming = WebAssembly.instantiateStreaming;
  if (streaming) WebAssembly.instantiateStreaming = function (...args) { return streaming.apply(this, args).then(scan); };
  window.__wasmBytes = () => found.reduce((sum, m) => sum + m.buffer.byteLength, 0);
})();
"""


class HostHandler(http.server.SimpleHTTPRequestHandler):
    """A static host that adds its ``headers`` to HTML pages."""

    extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map, **build.MIME_TYPES)
    protocol_version = "HTTP/1.1"
    page_headers = {}

    def end_headers(self):
        self.send_header("Cache-Control", "no-cache")
        if self.path.split("?", 1)[0].endswith((".html", "/")):
            for name in sorted(self.page_headers):
                self.send_header(name, self.page_headers[name])
        super().end_headers()

    def log_message(self, format, *args):
        pass


def serve(server, name="127.0.0.1"):
    """Start ``server`` in a thread; return its base URL (ending in /), on host ``name``."""
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return "http://%s:%d/" % (name, server.server_address[1])


def serve_host(server):
    """:func:`serve` for a host page: named ``localhost``, another *site* than Boneyard's
    127.0.0.1 (a second port alone is the same site), so that the frames are third-party
    as on a real author's site: there Chromium refuses them IndexedDB by default, which
    once stopped every embed (web/harmless.js)."""
    return serve(server, "localhost")


def host_server(folder, headers=None):
    """A server for ``folder`` on a free localhost port sending ``headers`` with its pages."""
    handler_class = type("Handler", (HostHandler,), {"page_headers": dict(headers or {})})
    handler = functools.partial(handler_class, directory=str(folder))
    return build.QuietServer(("127.0.0.1", 0), handler)


def folder_server(dist, folder="/boneyard/"):
    """Boneyard's ``dist`` served under ``folder`` of a free localhost port, as a project site on
    GitHub Pages is (user.github.io/boneyard/), with build.py's handler (its MIME types and CSP,
    no CORS header): anything outside ``folder`` is 404, as the rest of such a host is to it."""

    class Handler(build.NoCorsHandler):
        def translate_path(self, path):
            if not path.startswith(folder):
                return str(Path(self.directory) / "not" / "in" / "the" / "folder")
            return super().translate_path(path[len(folder) - 1:])

    return build.QuietServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(dist)))


def copy_diagrams(folder):
    """The rules pages' record files, as the host author's own files in ``folder``/games."""
    games = Path(folder) / "games"
    games.mkdir(parents=True, exist_ok=True)
    names = sorted(p.name for p in DIAGRAMS.glob("*.json"))
    for name in names:
        shutil.copyfile(DIAGRAMS / name, games / name)
    return names


def attrs(values):
    return " ".join('%s="%s"' % (k, html.escape(str(v), quote=True)) for k, v in values)


def classic(boneyard):
    return '<script async src="%sembed.js"></script>' % boneyard


def module(boneyard):
    return '<script type="module" src="%sembed.js"></script>' % boneyard


RESERVE_CSS = "domino-game { display: block; min-height: 544px; }\n"


def long_page(folder, boneyard, count=20):
    """``folder``/long.html: a tutorial with ``count`` diagrams and prose between them.

    Mostly files beside the page (read by the host page), every fourth from
    the Boneyard site; the help page's stylesheet rule reserves their room.
    Returns the page's name.
    """
    names = copy_diagrams(folder)
    (Path(folder) / "host.css").write_text(RESERVE_CSS + "body { font: 16px/1.5 serif; max-width: 44rem; margin: 0 auto; }\n")
    parts = []
    for i in range(count):
        name = names[i % len(names)]
        src = ("%srules/diagrams/%s" % (boneyard, name)) if i % 4 == 3 else "games/" + name
        parts.append("<h2>Position %d</h2>\n<p>%s</p>\n<domino-game %s></domino-game>" % (
            i + 1, "Read the position, then step through it. " * 6,
            attrs([("id", "d%d" % i), ("src", src), ("caption", "Diagram %d: %s" % (i + 1, name))])))
    page = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>A long domino tutorial</title><link rel="stylesheet" href="host.css">%s</head>
<body><h1>Twenty positions</h1><p>Each diagram below is a live Boneyard embed.</p>
%s
<p id="end">The end.</p></body></html>
""" % (classic(boneyard), "\n".join(parts))
    (Path(folder) / "long.html").write_text(page, encoding="utf-8")
    return "long.html"


def frames_started(requests):
    """How many embed frames (one interpreter each) were loaded, from a list of request URLs."""
    return len([u for u in requests if u.split("?", 1)[0].endswith("/embed.html")])


def cls(page):
    """The host document's cumulative layout shift so far."""
    return page.evaluate("window.__cls")


def record_json(rec):
    return json.dumps(rec, sort_keys=True)
