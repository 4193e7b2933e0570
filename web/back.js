// The browser's Back (a phone's back gesture) for the page's Python side (app/ui.py on_back):
// popstate fires on window, which MicroPython's proxy of it cannot listen on ("Illegal
// invocation"); an event on the document can be, as drag.js's "boneyard-play" is.
window.addEventListener("popstate", () => document.dispatchEvent(new Event("boneyard-back")));
