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

function fail(message) {
  if (root.dataset.embedState !== "loading") return;
  root.dataset.embedState = "error";
  const box = document.getElementById("embed-error");
  box.textContent = "This diagram cannot be shown: " + message;
  box.hidden = false;
  document.getElementById("embed-body").hidden = true;
}

new ResizeObserver(postHeight).observe(document.documentElement);
addEventListener("load", postHeight);
addEventListener("error", (event) => fail(event.message || String(event.error)));
setTimeout(() => fail("it did not load within " + START_TIMEOUT_MS / 1000 + " seconds."), START_TIMEOUT_MS);
