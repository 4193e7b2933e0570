// Start-up watchdog: whatever breaks before the Python app takes over (a
// runtime that fails to load, a missing file, a script error) ends in a
// visible message and data-app-state="error" instead of an endless spinner.
const root = document.documentElement;
const START_TIMEOUT_MS = 30000;

// `key`/`params` name `message` in the catalogs (a browser's own error
// text has none).  English shows at once; the page's language replaces it
// once the catalogs are in, and English stays if they never come.
function fail(message, key, params) {
  if (root.dataset.appState !== "loading") return;
  if (!key) [message, key, params] = explain(message);
  root.dataset.appState = "error";
  // The page starts the worker only once it is ready: it never will now (and the header's
  // "Computer players starting..." would say otherwise for ever).
  if (root.dataset.workerState === "loading") root.dataset.workerState = "error";
  // This script may run before the page's body is parsed (it is async): then it shows the
  // message once the body is there.
  const show = () => {
    const starting = document.getElementById("computer-status");
    if (starting) starting.hidden = true;
    const box = document.getElementById("error");
    // The words, and the way on beside them (there was none: a message and nothing to press).
    const words = document.createElement("span");
    words.textContent = "Boneyard could not start: " + message;
    const again = document.createElement("button");
    again.type = "button";
    again.className = "error-reload";
    again.textContent = "Reload";
    again.addEventListener("click", () => location.reload());
    box.replaceChildren(words, " ", again);
    box.hidden = false;
    import("./i18n.js").then((i18n) => i18n.ready.then(() => {
      words.textContent = i18n.t("error.start", { reason: key ? i18n.t(key, params) : message });
      again.textContent = i18n.t("pwa.reload");
    })).catch(() => { /* English stays */ });
  };
  whenParsed(show);
}

// A runtime's own words for a file it could not fetch or compile ("[404] Unable to fetch" and
// its address, "Aborted(both async and sync fetching of the wasm failed)", "Aborted(CompileError:
// ...)") were shown as they came, in English whatever the page's language: the page says which
// file in its own words, found in the message or, for the WebAssembly runtime, in the
// performance timeline (which keeps each response's status).  Anything else stays as it is.
function explain(message) {
  const text = String(message);
  const url = /fetch|load/i.test(text) && text.match(/https?:\/\/[^\s"'()]+/);
  if (url) return lostFile(named(url[0]));
  if (/wasm|WebAssembly/i.test(text) && /Aborted\(/.test(text)) {
    const files = performance.getEntriesByType("resource").filter((e) => /\.wasm$/.test(new URL(e.name).pathname));
    const bad = files.filter((e) => e.responseStatus >= 400);
    if (/fetching of the wasm failed/.test(text)) {
      if (bad.length) return lostFile(named(bad[0].name));
    } else if (/CompileError/.test(text) && files.length) {
      const file = named(files[files.length - 1].name);
      return ["a file it needs is damaged (" + file + ").", "boot.damaged", { file }];
    }
  }
  return [text, undefined, undefined];
}

function lostFile(file) {
  return ["a file it needs could not be loaded (" + file + ").", "boot.missing", { file }];
}

function whenParsed(run) {
  if (document.readyState === "loading") addEventListener("DOMContentLoaded", run);
  else run();
}

// The page's own files (stylesheets, scripts) that have not arrived: a resource is listed
// in the performance timeline once its response has ended.
function pending() {
  const files = [...document.querySelectorAll('link[rel="stylesheet"][href], script[src]')]
    .map((el) => el.href || el.src);
  // (harmless.js too: a 404 of it is harmless, but the scripts after it wait while it comes.)
  return files.filter((url) => !performance.getEntriesByName(url).length).map(named);
}

// A file the page cannot start without could not be fetched (named by its last two parts).
function missing(file) {
  fail(...lostFile(file));
}

// What web/harmless.js says may pass (nothing, if it did not load).
const harmless = (kind, event) => Boolean(window.boneyardHarmless && window.boneyardHarmless[kind](event));

addEventListener("error", (event) => {
  if (harmless("error", event)) event.preventDefault();   // not even reported as uncaught
  else fail(event.message || String(event.error));
});
// A page script that cannot be fetched (PyScript's core.js a 404): its element's error event
// does not reach window's listener above (it does not bubble; this one captures it), and the
// page would wait out the whole timeout and then not say which file.
const named = (url) => new URL(url, location.href).pathname.split("/").slice(-2).join("/");
// What the page starts without: the watchdog's own list of harmless errors.
const OPTIONAL = ["web/harmless.js"];
function lost(script) {
  if (!OPTIONAL.includes(named(script.src))) missing(named(script.src));
}
addEventListener("error", (event) => {
  const el = event.target;
  if (el instanceof HTMLScriptElement && el.src) lost(el);
}, true);
// This script is async: a page script may have failed before it ran (its error event gone by).
// The performance timeline keeps each response's status.
for (const el of document.querySelectorAll("script[src]")) {
  const entry = performance.getEntriesByName(el.src)[0];
  if (entry && entry.responseStatus >= 400) lost(el);
}
// The entry script's own report, when the app's bundle cannot be unpacked.
window.boneyardStartFailed = (message) => fail(String(message));
addEventListener("unhandledrejection", (event) => {
  if (harmless("rejection", event)) event.preventDefault();
  else fail(String(event.reason && event.reason.message || event.reason));
});
setTimeout(() => {
  // A file still on its way is named (a stalled stylesheet said nothing of itself).
  const late = pending();
  if (late.length) missing(late.join(", "));
  else fail("it did not finish loading within " + START_TIMEOUT_MS / 1000 + " seconds.",
    "boot.timeout", { seconds: START_TIMEOUT_MS / 1000 });
}, START_TIMEOUT_MS);

// PyScript reports a file it could not fetch (the app's main.py, its config) in a banner of
// its own, which ran off the page's edge while the page waited out its timeout (the config)
// or blamed no file (main.py): the page says it, naming the file.
function pyscriptFailed() {
  const banner = document.querySelector(".py-error");
  if (!banner) return false;
  const text = banner.textContent.trim();
  const url = text.match(/URL (\S+) failed/);
  banner.style.display = "none";
  if (url) missing(url[1].replace(/^\.\//, ""));
  else fail(text);
  return true;
}
new MutationObserver((changes, observer) => {
  if (pyscriptFailed() || root.dataset.appState !== "loading") observer.disconnect();
}).observe(document.documentElement, { childList: true, subtree: true });

// The page's Python script reports "ready" itself; if it ends without doing
// so, something it could not catch went wrong.
// (This script is async: the body may be parsed already when it runs.)
whenParsed(() => {
  const app = document.querySelector('script[type="mpy"]');
  if (app) app.addEventListener("mpy:done", () => pyscriptFailed() ||
    fail("the app stopped before it was ready.", "boot.stopped"));
});
