// Errors the start-up watchdogs (web/boot.js, web/embed/frame.js) let pass.
//
// PyScript's core opens a store of its own in IndexedDB as it loads (an IDBMap named
// "@pyscript.fs", for mounting a local folder: nothing here uses it). Where the
// browser refuses IndexedDB -- site data blocked, or a frame on another site while
// third-party storage is blocked, Chromium's default -- that store's error handler
// dispatches again the very event it is handling: an uncaught InvalidStateError
// from PyScript's file, and a promise rejected with the refused request's event.
// Both are harmless here; counted as fatal they stopped the page and every embed on
// another site ("could not start: ... The event is already being dispatched").

export function harmlessError(event) {
  const error = event && event.error;
  return Boolean(error && error.name === "InvalidStateError" &&
    /\/pyscript\//.test(String(event.filename || "")) && /dispatchEvent/.test(String(error.message)));
}

export function harmlessRejection(event) {
  const reason = event && event.reason;
  return Boolean(typeof Event !== "undefined" && reason instanceof Event && typeof IDBRequest !== "undefined" &&
    reason.target instanceof IDBRequest);
}
