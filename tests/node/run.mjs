// Run Python scripts under MicroPython or Pyodide in Node.js, with the
// repository's engine/ importable, and write each script's stdout to a file.
//
//   node tests/node/run.mjs <micropython|pyodide> <repo root> <script.py> <stdout file>
//   node tests/node/run.mjs <micropython|pyodide> <repo root> --batch <jobs.json>
//
// Both runtimes come from node_modules (the versions the page ships).  The
// engine's *.py files and the script's sibling *.py files are copied into the
// interpreter's in-memory file system.  stdout is collected as raw bytes in
// one growing buffer (scripts may print megabytes) and written once at the
// end; a Python exception goes to stderr with its traceback and exit code 1.
//
// --batch runs several scripts in one interpreter start (Pyodide's costs some
// 3 s of CPU: the portability tests pay it once, not once per script).
// jobs.json lists {"script", "out", "err"}; each script's stdout goes to its
// "out" file, and a failing script's stderr and traceback to its "err" file
// (the next script still runs).  Each script starts as in a fresh
// interpreter: a new __main__ namespace, the modules the last one imported
// forgotten (so imported again) and sys.path reset to its own folder first.
import fs from "node:fs";
import path from "node:path";

const [kind, root, scriptArg, outArg] = process.argv.slice(2);
if (!kind || !root || !scriptArg || !outArg) {
  console.error("usage: run.mjs <micropython|pyodide> <repo root> (<script.py> <stdout file> | --batch <jobs.json>)");
  process.exit(2);
}
const BATCH = scriptArg === "--batch";
const jobs = BATCH ? JSON.parse(fs.readFileSync(outArg, "utf8")) : [{ script: scriptArg, out: outArg }];
// Each folder holding a script is mounted once: the first at /script, the next at /script1, ...
const folders = [];
for (const job of jobs) {
  const dir = path.dirname(path.resolve(job.script));
  if (!folders.includes(dir)) folders.push(dir);
  job.mounted = (folders.indexOf(dir) ? "/script" + folders.indexOf(dir) : "/script");
  job.path = job.mounted + "/" + path.basename(job.script);
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
  folders.forEach((dir, k) => {
    const target = k ? "/script" + k : "/script";
    mkdirs(FS, target);
    for (const name of fs.readdirSync(dir).sort()) {
      if (name.endsWith(".py")) FS.writeFile(target + "/" + name, fs.readFileSync(path.join(dir, name)));
    }
  });
  // A script given outside its folder's *.py (no .py suffix) still runs.
  for (const job of jobs) {
    if (!job.script.endsWith(".py")) FS.writeFile(job.path, fs.readFileSync(job.script));
  }
}

const SETUP = "import sys\nsys.path.insert(0, '/repo')\n" +
  (BUNDLE ? "import os\nos.chdir('/repo')\nimport unbundle\nunbundle.unpack('page.bundle')\n" : "") +
  // What every script starts from; _boneyard_start(folder) puts a script's
  // folder first on sys.path and forgets the modules the last script imported.
  "_boneyard_modules = set(sys.modules)\n_boneyard_path = list(sys.path)\n" +
  "def _boneyard_start(folder):\n" +
  "    for name in list(sys.modules):\n" +
  "        if name not in _boneyard_modules:\n" +
  "            del sys.modules[name]\n" +
  "    sys.path[:] = [folder] + _boneyard_path\n";

let stdout = new ByteSink();
let stderr = new ByteSink();
let runtime = null;
let setupFailure = null;

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
    runtime = {
      run(job, source) {
        mp.runPython("_boneyard_start(" + JSON.stringify(job.mounted) + ")");
        if (!BATCH) return mp.runPython(source);
        // A namespace of its own; compiled under its path, which tracebacks name.
        mp.globals.set("_boneyard_source", source);
        return mp.runPython("exec(compile(_boneyard_source, " + JSON.stringify(job.path) +
                            ", 'exec'), {'__name__': '__main__'})");
      },
    };
  } else if (kind === "pyodide") {
    const { loadPyodide } = await import("pyodide");
    const py = await loadPyodide();
    py.setStdout({ write: (bytes) => { stdout.push(bytes); return bytes.length; } });
    py.setStderr({ write: (bytes) => { stderr.push(bytes); return bytes.length; } });
    mount(py.FS);
    py.runPython(SETUP);
    const dict = py.globals.get("dict");
    runtime = {
      run(job, source) {
        py.runPython("_boneyard_start(" + JSON.stringify(job.mounted) + ")");
        const scope = BATCH ? dict() : py.globals;
        if (BATCH) scope.set("__name__", "__main__");
        try {
          return py.runPython(source, { filename: path.basename(job.script), globals: scope });
        } finally {
          py.runPython("sys.stdout.flush()\nsys.stderr.flush()");
          if (BATCH) scope.destroy();
        }
      },
    };
  } else {
    throw new Error("unknown interpreter " + kind);
  }
} catch (error) {
  setupFailure = error;
}

function failureText(error) {
  return String(error && error.message || error) + "\n";
}

let failed = false;
for (const job of jobs) {
  stdout = new ByteSink();
  stderr = new ByteSink();
  let failure = setupFailure;
  if (!failure) {
    try {
      runtime.run(job, fs.readFileSync(job.script, "utf8"));
    } catch (error) {
      failure = error;
    }
  }
  fs.writeFileSync(job.out, stdout.bytes());
  if (failure) failed = true;
  if (BATCH) {
    if (failure) fs.writeFileSync(job.err, Buffer.concat([Buffer.from(stderr.bytes()), Buffer.from(failureText(failure))]));
  } else {
    if (stderr.len) process.stderr.write(stderr.bytes());
    if (failure) process.stderr.write(failureText(failure));
  }
}
// A batch reports each script's failure in its "err" file; a single script by exit code 1.
if (failed && !BATCH) process.exitCode = 1;
if (setupFailure && BATCH) {
  process.stderr.write(failureText(setupFailure));
  process.exitCode = 1;
}
