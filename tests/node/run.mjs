// Run one Python script under MicroPython or Pyodide in Node.js, with the
// repository's engine/ importable, and write the script's stdout to a file.
//
//   node tests/node/run.mjs <micropython|pyodide> <repo root> <script.py> <stdout file>
//
// Both runtimes come from node_modules (the versions the page ships).  The
// engine's *.py files and the script's sibling *.py files are copied into the
// interpreter's in-memory file system.  stdout is collected as raw bytes in
// one growing buffer (scripts may print megabytes) and written once at the
// end; a Python exception goes to stderr with its traceback and exit code 1.
import fs from "node:fs";
import path from "node:path";

const [kind, root, script, outFile] = process.argv.slice(2);
if (!kind || !root || !script || !outFile) {
  console.error("usage: run.mjs <micropython|pyodide> <repo root> <script.py> <stdout file>");
  process.exit(2);
}

class ByteSink {
  constructor() { this.buf = new Uint8Array(1 << 16); this.len = 0; }
  reserve(n) {
    if (this.len + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.len + n) size *= 2;
    const bigger = new Uint8Array(size);
    bigger.set(this.buf.subarray(0, this.len));
    this.buf = bigger;
  }
  push(bytes) { this.reserve(bytes.length); this.buf.set(bytes, this.len); this.len += bytes.length; }
  bytes() { return this.buf.subarray(0, this.len); }
}

function pythonFiles(dir, base = dir) {
  const found = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "__pycache__") found.push(...pythonFiles(full, base));
    } else if (entry.name.endsWith(".py")) {
      found.push(path.relative(base, full));
    }
  }
  return found;
}

function mkdirs(FS, dir) {
  let current = "";
  for (const part of dir.split("/").filter(Boolean)) {
    current += "/" + part;
    try { FS.mkdir(current); } catch (_) { /* exists */ }
  }
}

// /repo holds engine/, /script the script's folder; both go on sys.path.
// With BONEYARD_BUNDLE set (a bundle built by build.py), /repo gets that
// bundle and web/unbundle.py instead, unpacked before the script runs: the
// page's precompiled modules rather than the sources.
const BUNDLE = process.env.BONEYARD_BUNDLE;

function mount(FS) {
  if (BUNDLE) {
    mkdirs(FS, "/repo");
    FS.writeFile("/repo/unbundle.py", fs.readFileSync(path.join(root, "web", "unbundle.py")));
    FS.writeFile("/repo/page.bundle", fs.readFileSync(BUNDLE));
  }
  for (const rel of BUNDLE ? [] : pythonFiles(path.join(root, "engine"))) {
    const target = "/repo/engine/" + rel.split(path.sep).join("/");
    mkdirs(FS, path.posix.dirname(target));
    FS.writeFile(target, fs.readFileSync(path.join(root, "engine", rel)));
  }
  const scriptDir = path.dirname(path.resolve(script));
  mkdirs(FS, "/script");
  for (const name of fs.readdirSync(scriptDir).sort()) {
    if (name.endsWith(".py")) FS.writeFile("/script/" + name, fs.readFileSync(path.join(scriptDir, name)));
  }
}

const SETUP = "import sys\nsys.path.insert(0, '/repo')\nsys.path.insert(0, '/script')\n" +
  (BUNDLE ? "import os\nos.chdir('/repo')\nimport unbundle\nunbundle.unpack('page.bundle')\n" : "");

const stdout = new ByteSink();
const stderr = new ByteSink();
const source = fs.readFileSync(script, "utf8");
let failure = null;

try {
  if (kind === "micropython") {
    const { loadMicroPython } = await import("@micropython/micropython-webassembly-pyscript/micropython.mjs");
    // Same options as PyScript's page uses (linebuffer off: raw bytes).
    const mp = await loadMicroPython({
      linebuffer: false,
      stdout: (bytes) => stdout.push(bytes),
      stderr: (bytes) => stderr.push(bytes),
    });
    mount(mp.FS);
    mp.runPython(SETUP);
    mp.runPython(source);
  } else if (kind === "pyodide") {
    const { loadPyodide } = await import("pyodide");
    const py = await loadPyodide();
    py.setStdout({ write: (bytes) => { stdout.push(bytes); return bytes.length; } });
    py.setStderr({ write: (bytes) => { stderr.push(bytes); return bytes.length; } });
    mount(py.FS);
    py.runPython(SETUP);
    py.runPython(source, { filename: path.basename(script) });
  } else {
    throw new Error("unknown interpreter " + kind);
  }
} catch (error) {
  failure = error;
}

fs.writeFileSync(outFile, stdout.bytes());
if (stderr.len) process.stderr.write(stderr.bytes());
if (failure) {
  process.stderr.write(String(failure && failure.message || failure) + "\n");
  process.exitCode = 1;
}
