// The site pages' theme (rules, embed help): a classic script in <head>, so
// the page is painted in it from the start.  The choice the app's own toggle
// remembers (localStorage "boneyard.theme": "light", "dark" or "auto") wins;
// anything else there is ignored, and "auto" or nothing follows the reader's
// prefers-color-scheme (pages.css does that by itself).
(function () {
  "use strict";
  let chosen = null;
  try {
    chosen = window.localStorage.getItem("boneyard.theme");
  } catch (error) {
    chosen = null;   // storage refused (privacy mode): follow the preference
  }
  if (chosen === "light" || chosen === "dark") document.documentElement.dataset.theme = chosen;
})();
