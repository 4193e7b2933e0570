// Errors the start-up watchdogs (web/boot.js, web/embed/frame.js) let pass, as
// window.boneyardHarmless. A classic script of its own, run before them: were it
// missing, they would miss nothing but this (a watchdog must not hang on an import).
//
// PyScript's core opens a store of its own in IndexedDB as it loads (an IDBMap named
// "@pyscript.fs", for mounting a local folder: nothing here uses it). Where the
// browser refuses IndexedDB -- site data blocked, or a frame on another site while
// third-party storage is blocked (Chromium's default here) -- that store's error
// handler dispatches again the very event it is handling: an uncaught
// InvalidStateError from PyScript's file, and a promise rejected with the refused
// request's event. Both are harmless here; counted as fatal they stopped the page
// and every embed on another site ("could not start: ... already being dispatched").
window.boneyardHarmless = {
  error(event) {
    const error = event && event.error;
    return Boolean(error && error.name === "InvalidStateError" && /\/pyscript\//.test(String(event.filename || "")));
  },
  rejection(event) {
    const reason = event && event.reason;
    return Boolean(typeof IDBOpenDBRequest !== "undefined" && reason instanceof Event &&
      reason.target instanceof IDBOpenDBRequest);
  },
};
