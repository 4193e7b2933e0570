// Offline play and updates: registers the service worker (dist/sw.js) once
// the page is interactive, shows the offline download's progress and offers
// a new build as "Update available — reload".
//
// State for tests and assistive tech, on <html>:
//   data-offline-state  none | downloading | ready | error | unsupported
//   data-update-state   none | available | applying
// The visible text lives in #offline-status (role=status); the update button
// is added to it when a new build is waiting.
import { ready, t } from "./i18n.js";

const root = document.documentElement;
const SW_URL = new URL("../sw.js", import.meta.url);
const SCOPE = new URL("../", import.meta.url);
// How often an open page asks the server for a new build.
const UPDATE_CHECK_MS = 30 * 60 * 1000;

// The paragraph ``id`` (role=status), made the first time by ``place(box)``.
function statusParagraph(id, place) {
  let box = document.getElementById(id);
  if (!box) {
    box = document.createElement("p");
    box.id = id;
    box.className = id;
    box.setAttribute("role", "status");
    place(box);
  }
  return box;
}

function statusBox() {
  return statusParagraph("offline-status", (box) => (document.querySelector("footer") || document.body).append(box));
}

function show(state, text) {
  root.dataset.offlineState = state;
  const box = statusBox();
  box.textContent = text;
  box.hidden = !text;
}

// The offer of a new build stands in the page's header, seen while a game is on too (the
// footer, where the offline download's progress goes, is hidden then: someone who always
// went straight back into their game never saw it).
function updateBox(text) {
  const box = statusParagraph("update-offer", (made) => {
    const header = document.querySelector(".site-header");
    const picker = document.getElementById("theme-picker");
    if (header && picker && picker.parentElement === header) header.insertBefore(made, picker);
    else (header || document.body).append(made);
  });
  box.hidden = false;
  box.textContent = text;
  return box;
}

// The offer: its words and a button that, pressed, marks the update as being applied and
// runs ``apply``.
function offer(text, label, apply) {
  root.dataset.updateState = "available";
  const box = updateBox(text);
  const button = document.createElement("button");
  button.type = "button";
  button.className = "update-button";
  button.textContent = label;
  button.addEventListener("click", () => {
    root.dataset.updateState = "applying";
    button.disabled = true;
    apply();
  });
  box.append(button);
}

function offerUpdate(registration) {
  if (!registration.waiting || root.dataset.updateState === "applying") return;
  offer(t("pwa.new_version"), t("pwa.update"), () => {
    // Another tab may have taken the update already: nothing waits, and the new build
    // controls this page; a reload is all that is left (the game is saved at every move).
    if (!registration.waiting) location.reload();
    // The waiting worker takes over only now; the reload on its taking control then
    // loads every file from its cache, never a mix of builds.
    else registration.waiting.postMessage({ type: "skip-waiting" });
  });
}

// Another tab took the update: this one still runs the old build while its files now come
// from the new one. It says so, with the reload that ends the mix.
function updatedElsewhere() {
  offer(t("pwa.updated_elsewhere"), t("pwa.reload"), () => location.reload());
}

function watchInstalling(registration, worker) {
  worker.addEventListener("statechange", () => {
    if (worker.state === "installed") {
      if (navigator.serviceWorker.controller) offerUpdate(registration);
      else show("ready", t("pwa.ready"));
    } else if (worker.state === "activated" && root.dataset.offlineState !== "ready" && !navigator.serviceWorker.controller) {
      show("ready", t("pwa.ready"));
    } else if (worker.state === "redundant" && root.dataset.offlineState === "downloading") {
      show("error", t("pwa.failed", { reason: t("pwa.download_failed") }));
    }
  });
}

function onMessage(event) {
  const data = event.data || {};
  // Progress of an update is not news to someone playing from the cache.
  if (navigator.serviceWorker.controller && root.dataset.offlineState === "ready") return;
  if (data.type === "progress") {
    const percent = data.total ? Math.floor((100 * data.done) / data.total) : 0;
    show("downloading", t("pwa.progress", { percent, done: data.done, total: data.total }));
  } else if (data.type === "cached" || data.type === "activated") {
    show("ready", t("pwa.ready"));
  } else if (data.type === "error") {
    show("error", t("pwa.failed", { reason: data.message }));
  }
}

async function register() {
  if (!("serviceWorker" in navigator)) {
    root.dataset.offlineState = "unsupported";
    return;
  }
  const container = navigator.serviceWorker;
  container.addEventListener("message", onMessage);
  let reloading = false;
  let controller = container.controller;
  container.addEventListener("controllerchange", () => {
    // Only an accepted update reloads; the first install just takes control.
    const had = controller;
    controller = container.controller;
    if (root.dataset.updateState === "applying" && !reloading) {
      reloading = true;
      location.reload();
    } else if (had && root.dataset.updateState !== "applying") {
      updatedElsewhere();     // a build replaced the one this page runs: another tab's doing
    }
  });
  let registration;
  try {
    registration = await container.register(SW_URL, { scope: SCOPE.href, updateViaCache: "none" });
  } catch (error) {
    show("error", t("pwa.failed", { reason: error && error.message || error }));
    return;
  }
  if (!registration) {
    // Some browsers (and test harnesses) turn service workers off this way.
    root.dataset.offlineState = "unsupported";
    return;
  }
  if (registration.active && !registration.installing) show("ready", t("pwa.ready"));
  else if (!container.controller) show("downloading", t("pwa.downloading"));
  if (registration.installing) watchInstalling(registration, registration.installing);
  if (registration.waiting && container.controller) offerUpdate(registration);
  registration.addEventListener("updatefound", () => {
    if (registration.installing) watchInstalling(registration, registration.installing);
  });
  const check = () => registration.update().catch(() => {});   // offline: try later
  setInterval(check, UPDATE_CHECK_MS);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") check();
  });
  window.boneyardPwa = { checkForUpdate: () => registration.update() };
}

function whenInteractive(callback) {
  // Registering starts a large download: wait until the app is usable so the
  // first visit is not slowed, and in the app until its computer players have
  // made their first move and the Pyodide worker has loaded (app/players.py
  // sets data-downloads="now"), so the two never share the line.  A page
  // the service worker already controls (a returning visitor) has nothing
  // big to download and registers once usable; a page without the app state
  // (an embed or a rules page) once loaded.
  const controlled = "serviceWorker" in navigator && navigator.serviceWorker.controller;
  const settled = () => !root.dataset.appState || root.dataset.appState === "error" ||
    (root.dataset.appState !== "loading" &&
     (controlled || !("workerState" in root.dataset) || root.dataset.downloads === "now"));
  if (settled()) {
    callback();
    return;
  }
  const observer = new MutationObserver(() => {
    if (settled()) {
      observer.disconnect();
      callback();
    }
  });
  observer.observe(root, { attributes: true, attributeFilter: ["data-app-state", "data-downloads"] });
}

root.dataset.offlineState = "none";
root.dataset.updateState = "none";
whenInteractive(() => ready.then(register));
