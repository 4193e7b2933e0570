// The embed frame's helper (plain JS, running before MicroPython starts):
// talks with the host page's embed.js and turns a runtime that never starts
// into a readable error.
//
// To the host (any origin may hear these, so only numbers, states and our
// own title leave): {boneyardEmbed: "height"|"state"|"step"|"title"|"want-record"}.
// From the host, accepted only from our parent at the origin it named in
// ?host=: "theme" (light|dark), "viewport" (its height in px) and the record it
// read ("record" with its JSON text, or "record-error" with a catalog key).
const root = document.documentElement;
const START_TIMEOUT_MS = 30000;
const params = new URLSearchParams(location.search);
const HOST = params.get("host");
const embedded = window.parent !== window;

function tell(message) {
  if (!embedded) return;
  // Only "want-record" needs the host to be who it says; the rest is harmless.
  const mine = message.boneyardEmbed === "want-record" && HOST && HOST !== "null";
  window.parent.postMessage(message, mine ? HOST : "*");
}

function useTheme(theme) {
  if (theme === "light" || theme === "dark") root.dataset.theme = theme;
}
useTheme(params.get("theme"));

// The reader's screen height (the host's viewport, which embed.js posts; a frame opened on
// its own, its own): below SHORT_PX the frame is laid out to fit it (embed.css, data-short).
const SHORT_PX = 540;
function useViewport(height) {
  const h = Number(height);
  if (!(Number.isFinite(h) && h >= 100 && h < 20000)) return;
  root.style.setProperty("--host-h", Math.round(h) + "px");
  root.toggleAttribute("data-short", h < SHORT_PX);
}
if (!embedded) {
  useViewport(innerHeight);
  addEventListener("resize", () => useViewport(innerHeight));
}
// The room the picture has held (frame.py hold_room) was for the old width: the next step
// measures again.
let heldWidth = innerWidth;
addEventListener("resize", () => {
  if (innerWidth === heldWidth) return;
  heldWidth = innerWidth;
  const box = document.getElementById("position");
  if (box) box.style.minHeight = "";
});

function postHeight() {
  tell({ boneyardEmbed: "height", height: Math.ceil(root.getBoundingClientRect().height) });
}

// The frame's language (embed.js passes the host's as ?lang=), for the
// messages of a runtime that never starts; English until its catalog is in.
const LANGS = ["en", "sq", "lv", "sw"];
const asked = params.get("lang");
const lang = LANGS.includes(asked) ? asked : "en";

function fill(value, params) {
  return value.replace(/\{([a-z_]+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

function fail(message, key, params) {
  if (root.dataset.embedState !== "loading") return;
  root.dataset.embedState = "error";
  const box = document.getElementById("embed-error");
  box.textContent = "This diagram cannot be shown: " + message;
  box.hidden = false;
  document.getElementById("embed-body").hidden = true;
  postHeight();   // the alert's, before the state (see boneyardReport)
  tell({ boneyardEmbed: "state", state: "error" });
  if (lang === "en") return;
  fetch(new URL("../i18n/" + lang + ".json", import.meta.url))
    .then((response) => response.json())
    .then((catalog) => {
      const reason = key && catalog[key] ? fill(catalog[key], params) : message;
      box.textContent = fill(catalog["embed.error"], { reason });
    })
    .catch(() => { /* English stays */ });
}

// The record the host page read for us (?from=host): frame.py awaits it.
let answer = null;
const hostRecord = new Promise((resolve) => { answer = resolve; });
window.boneyardHostRecord = () => hostRecord;
addEventListener("message", (event) => {
  const data = event.data;
  if (event.source !== window.parent || !HOST || event.origin !== HOST || !data) return;
  if (data.boneyardEmbed === "theme") useTheme(data.theme);
  else if (data.boneyardEmbed === "viewport") useViewport(data.height);
  else if (data.boneyardEmbed === "record" && typeof data.text === "string") answer({ text: data.text, name: String(data.name || "") });
  else if (data.boneyardEmbed === "record-error" && data.error) answer({ error: data.error });
});
if (params.get("from") === "host") tell({ boneyardEmbed: "want-record" });

// What frame.py reports as it goes: state changes and the step shown, each after the height
// it leaves (so that the host has the drawn diagram's height when it hears "ready"). The
// ResizeObserver alone is not enough: Chromium does not render a cross-origin frame off the
// host's screen, so its callback came only once the reader had scrolled to the frame, too
// late to fit the host's box before it came into view. A height read here forces layout.
window.boneyardReport = (kind, value) => {
  if (kind === "step" || kind === "state") postHeight();
  if (kind === "title") tell({ boneyardEmbed: "title", title: String(value) });
  else if (kind === "step") tell({ boneyardEmbed: "step", step: Number(value) });
  else if (kind === "state") tell({ boneyardEmbed: "state", state: String(value) });
};

// The opt-in analysis (embed/verdict.py) needs the computer players' modules:
// the worker's bundle, fetched only then, handed to MicroPython as base64
// (its decoder is fast; a typed array would cross element by element).
window.boneyardFetchBase64 = async (url) => {
  const response = await fetch(new URL(url, location.href));
  if (!response.ok) throw new Error("HTTP " + response.status + " for " + url);
  const bytes = new Uint8Array(await response.arrayBuffer());
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  return btoa(text);
};

new ResizeObserver(postHeight).observe(root);
addEventListener("load", postHeight);
// What web/harmless.js says may pass (nothing, if it did not load).
const harmless = (kind, event) => Boolean(window.boneyardHarmless && window.boneyardHarmless[kind](event));
addEventListener("error", (event) => {
  if (harmless("error", event)) event.preventDefault();
  else fail(event.message || String(event.error));
});
addEventListener("unhandledrejection", (event) => { if (harmless("rejection", event)) event.preventDefault(); });
// The entry script's own report, when the frame's bundle cannot be unpacked.
window.boneyardStartFailed = (message) => fail(String(message));
setTimeout(() => fail("it did not load within " + START_TIMEOUT_MS / 1000 + " seconds.",
  "embed.timeout", { seconds: START_TIMEOUT_MS / 1000 }), START_TIMEOUT_MS);
