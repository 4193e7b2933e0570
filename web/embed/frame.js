// The embed frame's helper: keeps the host page told of our height (for
// embed.js to fit the iframe) and turns a runtime that never starts into
// a readable error.
const root = document.documentElement;
const START_TIMEOUT_MS = 30000;

function postHeight() {
  if (window.parent === window) return;
  const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
  // Only a number leaves the frame, so any host may hear it.
  window.parent.postMessage({ boneyardEmbed: "height", height }, "*");
}

// The frame's language (embed.js passes the host's as ?lang=), for the
// messages of a runtime that never starts; English until its catalog is in.
const LANGS = ["en", "sq", "lv", "sw"];
const asked = new URLSearchParams(location.search).get("lang");
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
  if (lang === "en") return;
  fetch(new URL("../i18n/" + lang + ".json", import.meta.url))
    .then((response) => response.json())
    .then((catalog) => {
      const reason = key && catalog[key] ? fill(catalog[key], params) : message;
      box.textContent = fill(catalog["embed.error"], { reason });
    })
    .catch(() => { /* English stays */ });
}

new ResizeObserver(postHeight).observe(document.documentElement);
addEventListener("load", postHeight);
addEventListener("error", (event) => fail(event.message || String(event.error)));
// The entry script's own report, when the frame's bundle cannot be unpacked.
window.boneyardStartFailed = (message) => fail(String(message));
setTimeout(() => fail("it did not load within " + START_TIMEOUT_MS / 1000 + " seconds.",
  "embed.timeout", { seconds: START_TIMEOUT_MS / 1000 }), START_TIMEOUT_MS);
