// <domino-game>: a recorded domino game, shown by Boneyard's embed frame.
//
//   <script async src="https://your.boneyard.site/embed.js"></script>
//   <domino-game src="games/opening.json" step="4" hand="1"></domino-game>
//   <domino-game record="z…" step="12" reveal controls="step" caption="…"></domino-game>
//   <domino-game><script type="application/json">{"format": "domino-record/1", …}</script></domino-game>
//
// A classic script (no import.meta, no exports), so it loads from any origin
// with no header on either host; it also works as a module, which a browser
// loads from another origin only with Access-Control-Allow-Origin.
//
// Attributes (plain text, passed to the frame as URL parameters, never as
// markup): record (an encoded record, or the record's JSON), src (a record
// file: one on the Boneyard site is read by the frame; any other, e.g. one
// beside the host page, is read here, in the host page's context, and handed
// to the frame by postMessage), step, hand, reveal, controls, caption, lang
// (default, and for a language Boneyard does not speak, the host page's
// <html lang>, else English), theme (auto|light|dark, anything else taken as
// auto; auto follows the host's declared color-scheme, else its
// prefers-color-scheme).  The frame checks the others and shows what is wrong inside the element; the host
// page is never touched beyond the element itself.
//
// Cheap on long pages: a frame starts only when its element comes near the
// viewport, a few at a time, and at most MAX_LIVE run at once (the farthest
// is released to a sized placeholder and restarts at its step when it comes
// back).  The element keeps its room while its frame loads, then takes its
// frame's height, both ways: a room guessed too tall left an empty band under
// a diagram for as long as the reader looked at it.
(function () {
  "use strict";
  if (window.customElements.get("domino-game")) return;

  // The site is where this script came from: currentScript for the classic
  // form; a module has none, so the <script src> naming embed.js, else the
  // file named in a stack trace.
  function scriptURL() {
    const current = document.currentScript;
    if (current && current.src) return current.src;
    for (const script of document.querySelectorAll("script[src]")) {
      if (/\/embed\.js(?:[?#].*)?$/.test(script.src)) return script.src;
    }
    const match = /(https?:\/\/[^\s)]+?\/embed\.js)/.exec(String(new Error().stack || ""));
    return match ? match[1] : document.baseURI;
  }

  const BASE = new URL("./", scriptURL());
  const FRAME_URL = new URL("./embed.html", BASE);
  const SITE_ORIGIN = BASE.origin;
  const PASSED = ["step", "hand", "controls", "caption", "analysis"];
  const LANGS = ["en", "sq", "lv", "sw"];
  // The frame's default title and the words shown before it answers, in each
  // language: build.py puts them in from the catalogs (no fetch is needed,
  // which a host's CSP or a missing CORS header would refuse).
  const WORDS = /* build.py: embed words */ {};
  // How far outside the viewport a frame starts: further ahead (down) than
  // behind, so that it has its picture, and its height, before the reader
  // gets there.
  const NEAR = "50% 0px 100% 0px";
  const MAX_STARTING = 2;           // frames loading at once (two cores share them)
  const MAX_LIVE = 6;               // frames running at once; ~16 MB of wasm each
  // Room kept for a frame before it says its height: about the middle of a
  // diagram's (a Moon hand ~400-600 px, a Chicken Foot table ~580-880 px).
  // In px: the frame's content does not scale with the host's root font size.
  const RESERVE = "544px";
  const MAX_RECORD_CHARS = 1000000; // a record file bigger than this is refused
  const ANSWER_MS = 30000;          // a frame that never settles frees its start slot
  const SILENT_MS = 10000;          // a frame not heard from at all is said to be unreachable

  function words(lang) {
    return WORDS[lang] || WORDS.en || {};
  }

  // One of LANGS for a language tag ("lv-LV": lv), else null.
  function known(tag) {
    const base = (tag || "").trim().toLowerCase().split(/[-_]/)[0];
    return LANGS.includes(base) ? base : null;
  }

  // The element's lang, else (none, or one Boneyard does not speak: lang is HTML's own
  // attribute, and lang="de" on a German page is no mistake) the host page's, else English,
  // as embed-help.html says.  An unknown lang once gave English on a Latvian page.
  function languageOf(element) {
    return known(element.getAttribute("lang")) || known(document.documentElement.lang) || "en";
  }

  // "auto": the host's declared color-scheme when it names one, else its
  // prefers-color-scheme.  Any other value is taken as auto (embed-help.html
  // says so): a theme is only how the diagram looks, not worth refusing it.
  const darkQuery = window.matchMedia("(prefers-color-scheme: dark)");
  function themeOf(element) {
    const asked = (element.getAttribute("theme") || "auto").trim().toLowerCase();
    if (asked === "light" || asked === "dark") return asked;
    const declared = (getComputedStyle(element).colorScheme || "").split(/\s+/);
    if (declared.includes("dark") && !declared.includes("light")) return "dark";
    if (declared.includes("light") && !declared.includes("dark")) return "light";
    return darkQuery.matches ? "dark" : "light";
  }

  // A record given in the host page: its JSON text, read here and sent to
  // the frame (no URL limits).  Resolves to {text} or {error: {key, params}}.
  async function hostRecord(url, name) {
    let response;
    try {
      response = await fetch(url, { credentials: "same-origin" });
    } catch (error) {
      return { error: { key: "embed.err.src_read", params: { src: name.slice(0, 80) } } };
    }
    if (!response.ok) {
      return { error: { key: "embed.err.src_http", params: { src: name.slice(0, 80), status: response.status } } };
    }
    const length = Number(response.headers.get("content-length"));
    if (length > MAX_RECORD_CHARS) return tooBig(name);
    const text = await response.text().catch(() => null);
    if (text === null) return { error: { key: "embed.err.src_read", params: { src: name.slice(0, 80) } } };
    return text.length > MAX_RECORD_CHARS ? tooBig(name) : { text, name };
  }

  function tooBig(name) {
    return { error: { key: "embed.err.too_big", params: { src: name.slice(0, 80), limit: MAX_RECORD_CHARS } } };
  }

  const elements = new Set();          // every connected <domino-game>
  const heights = [];                  // the heights of the pictures shown so far
  const byWindow = new Map();          // frame contentWindow -> element
  const starting = new Set();          // elements whose frame is loading
  let live = 0;

  function near(element) {
    return element.isNear === true;
  }

  // Distance (px) from the viewport, for choosing what starts first and
  // what is released first.
  function distance(element) {
    const box = element.getBoundingClientRect();
    if (box.bottom < 0) return -box.bottom;
    if (box.top > window.innerHeight) return box.top - window.innerHeight;
    return 0;
  }

  // A diagram not yet shown gets the room its page's others took (their
  // median), if it lies below the viewport: resized where nobody looks, it
  // will hardly move when its own picture comes.  Never one whose height is
  // known: measured (a frame released keeps its own, as does one drawn
  // again) or whose frame has drawn (a guess set on its frame stayed there:
  // the frame says its height only when its content changes).
  function learn(height) {
    heights.push(height);
    const sorted = heights.slice().sort((a, b) => a - b);
    const typical = sorted[Math.floor(sorted.length / 2)];
    for (const element of elements) {
      if (element.measured || element.drawn() || element.getBoundingClientRect().top <= window.innerHeight) continue;
      element.keep = typical;
      element.style.minHeight = typical + "px";
      if (element.box) element.box.style.height = typical + "px";
      if (element.frame) element.frame.style.height = typical + "px";
    }
  }

  function schedule() {
    const waiting = [...elements].filter((e) => near(e) && !e.frame).sort((a, b) => distance(a) - distance(b));
    for (const element of waiting) {
      if (starting.size >= MAX_STARTING) return;
      if (live >= MAX_LIVE) {
        const far = [...elements].filter((e) => e.frame && !near(e) && !starting.has(e))
          .sort((a, b) => distance(b) - distance(a))[0];
        // Every running frame is near: the reader sees them, so keep them.
        if (far) far.release();
      }
      element.start();
    }
  }

  const watcher = new IntersectionObserver((entries) => {
    for (const entry of entries) entry.target.isNear = entry.isIntersecting;
    schedule();
  }, { rootMargin: NEAR });

  addEventListener("message", (event) => {
    const element = byWindow.get(event.source);
    const data = event.data;
    if (!element || event.origin !== SITE_ORIGIN || !data || typeof data.boneyardEmbed !== "string") return;
    element.heard(data);
  });

  // The viewport's height as the page's layout has it (the root's client height): a phone's
  // browser bar, shown and hidden as the reader scrolls, changes innerHeight by about 60 px
  // and would redraw every diagram under the reader's eyes; the layout's height stays the
  // height with the bar shown, and changes with a turn or a resized window.
  function viewportHeight() {
    return Math.round(document.documentElement.clientHeight || window.innerHeight);
  }
  addEventListener("resize", () => {
    for (const element of elements) element.sendViewport();
  });

  function themeChanged() {
    for (const element of elements) element.sendTheme();
  }
  darkQuery.addEventListener("change", themeChanged);
  new MutationObserver(themeChanged).observe(document.documentElement,
    { attributes: true, subtree: false, attributeFilter: ["class", "style", "data-theme", "data-md-color-scheme"] });
  // Themes set on <body> too (MkDocs Material's palette), once there is one.
  const watchBody = () => new MutationObserver(themeChanged).observe(document.body,
    { attributes: true, attributeFilter: ["class", "style", "data-theme", "data-md-color-scheme"] });
  if (document.body) watchBody();
  else document.addEventListener("DOMContentLoaded", watchBody, { once: true });

  class DominoGame extends HTMLElement {
    static get observedAttributes() {
      return PASSED.concat(["record", "src", "reveal", "lang", "theme"]);
    }

    connectedCallback() {
      elements.add(this);
      // Room before anything loads: the host's own min-height, else RESERVE.
      if (getComputedStyle(this).display === "inline") this.style.display = "block";
      if (!parseFloat(getComputedStyle(this).minHeight)) this.style.minHeight = RESERVE;
      this.keep = this.getBoundingClientRect().height;
      this.placeholder();
      // A page translating itself (i18n.js) first sets the captions: one frame, in its language.
      const root = document.documentElement;
      const begin = () => watcher.observe(this);
      if (root.dataset.i18nState !== "loading") {
        begin();
        return;
      }
      const observer = new MutationObserver(() => {
        if (root.dataset.i18nState === "loading") return;
        observer.disconnect();
        if (this.isConnected) begin();
      });
      observer.observe(root, { attributes: true, attributeFilter: ["data-i18n-state"] });
    }

    disconnectedCallback() {
      watcher.unobserve(this);
      elements.delete(this);
      this.release();
    }

    attributeChangedCallback(name, before, after) {
      if (before === after || !this.frame) return;
      if (name === "theme") {
        this.sendTheme();
        return;
      }
      this.lastStep = null;     // the author's step again
      this.release();
      schedule();
    }

    // The record's JSON given in the page (a script child or a JSON record
    // attribute), or null.
    inlineJSON() {
      const script = this.querySelector(':scope > script[type="application/json"]');
      if (script) return script.textContent;
      const record = (this.getAttribute("record") || "").trim();
      return record.startsWith("{") ? record : null;
    }

    frameURL() {
      const url = new URL(FRAME_URL);
      for (const name of PASSED) {
        const value = this.getAttribute(name);
        if (value !== null) url.searchParams.set(name, value);
      }
      if (this.lastStep !== null && this.lastStep !== undefined) url.searchParams.set("step", String(this.lastStep));
      if (this.hasAttribute("reveal") && !this.hasAttribute("hand")) url.searchParams.set("hand", "reveal");
      url.searchParams.set("lang", languageOf(this));
      url.searchParams.set("theme", themeOf(this));
      url.searchParams.set("host", location.origin);
      const inline = this.inlineJSON();
      const src = this.getAttribute("src");
      const record = this.getAttribute("record");
      this.pending = null;
      if (inline !== null) {
        url.searchParams.set("from", "host");
        this.pending = Promise.resolve(inline.length > MAX_RECORD_CHARS ? tooBig("") : { text: inline, name: "" });
      } else if (record !== null) {
        url.searchParams.set("record", record);
        if (src !== null) url.searchParams.set("src", src);   // the frame says: not both
      } else if (src !== null && src.trim() !== "") {
        const file = new URL(src, document.baseURI);
        if (file.origin === SITE_ORIGIN) {
          url.searchParams.set("src", file.href);
        } else {
          // The author's own file: read in the host page's context.
          url.searchParams.set("from", "host");
          this.pending = hostRecord(file.href, src.trim());
        }
      } else if (src !== null) {
        url.searchParams.set("src", "");
      }
      return url.href;
    }

    placeholder() {
      if (this.box) return;
      const box = document.createElement("div");
      box.className = "domino-game-placeholder";
      box.setAttribute("aria-hidden", "true");
      box.style.height = this.keep ? this.keep + "px" : RESERVE;
      box.style.borderRadius = "0.5rem";
      box.style.background = themeOf(this) === "dark" ? "#1b2420" : "#f1ede1";
      this.box = box;
      this.append(box);
    }

    start() {
      if (this.frame) return;
      // A record written inside the element may not be parsed yet (the
      // element is connected before its children): wait for the document.
      if (document.readyState === "loading" && !this.hasAttribute("record") && !this.hasAttribute("src")) {
        document.addEventListener("DOMContentLoaded", schedule, { once: true });
        return;
      }
      const frame = document.createElement("iframe");
      const lang = languageOf(this);
      frame.src = this.frameURL();
      frame.title = this.getAttribute("caption") || words(lang)["embed.frame_title"] || "Domino game diagram";
      frame.style.width = "100%";
      frame.style.height = (this.keep || parseFloat(RESERVE)) + "px";
      frame.style.border = "0";
      frame.style.display = "block";
      frame.style.colorScheme = "normal";
      if (this.box) {
        this.box.remove();
        this.box = null;
      }
      this.append(frame);
      this.frame = frame;
      this.state = "loading";
      this.reported = 0;          // the height the frame last said
      // The frame starts in the theme its URL names; a change before it
      // speaks would be posted to about:blank and lost, so it waits (heard()).
      this.sentTheme = themeOf(this);
      this.sentViewport = null;   // (a frame started again, after a release, is told anew)
      this.listening = false;
      byWindow.set(frame.contentWindow, this);
      starting.add(this);
      live += 1;
      this.timer = setTimeout(() => this.settled(), ANSWER_MS);
      this.silence = setTimeout(() => this.unreachable(), SILENT_MS);
    }

    // Nothing came from the frame: Boneyard's site is down, or the host's
    // CSP (frame-src) refused it.  Say so in the element, in the host's
    // language; should the frame speak after all, it is shown again.
    unreachable() {
      if (!this.frame || this.notice) return;
      const notice = document.createElement("p");
      notice.setAttribute("role", "alert");
      notice.className = "domino-game-unreachable";
      const template = words(languageOf(this))["embed.unreachable"] || "This diagram could not be loaded from {site}.";
      notice.textContent = template.replace("{site}", SITE_ORIGIN);
      notice.style.margin = "0";
      notice.style.padding = "0.5rem";
      notice.style.border = "2px solid #a32020";
      notice.style.borderRadius = "0.4rem";
      this.frame.style.display = "none";
      this.notice = notice;
      this.prepend(notice);
      this.keep = 0;
      this.style.minHeight = "0";
    }

    // The frame is gone (far away, or its attributes changed): a sized
    // placeholder keeps its room.
    release() {
      clearTimeout(this.silence);
      if (this.notice) {
        this.notice.remove();
        this.notice = null;
      }
      if (!this.frame) return;
      byWindow.delete(this.frame.contentWindow);
      // The placeholder is the diagram's own height once drawn (a guess kept larger made a band).
      this.keep = this.drawn() && this.reported ? this.reported
        : Math.max(this.keep || 0, this.frame.getBoundingClientRect().height);
      this.frame.remove();
      this.frame = null;
      live -= 1;
      this.settled();
      if (this.isConnected) this.placeholder();
    }

    settled() {
      clearTimeout(this.timer);
      if (starting.delete(this)) schedule();
    }

    heard(data) {
      const kind = data.boneyardEmbed;
      clearTimeout(this.silence);
      if (!this.listening) {
        this.listening = true;
        this.sendTheme();   // a theme change while the frame loaded
        this.sendViewport();
      }
      if (this.notice) {
        this.notice.remove();
        this.notice = null;
        this.frame.style.display = "block";
      }
      if (kind === "height") {
        const height = Number(data.height);
        if (!(Number.isFinite(height) && height > 0 && height < 20000)) return;
        this.reported = Math.ceil(height);
        this.keepingPlace(() => {
          this.frame.style.height = this.reported + "px";
          this.fit();
        });
        this.measure();
      } else if (kind === "state") {
        if (data.state === "ready" || data.state === "error") {
          this.state = data.state;
          this.settled();
          this.keepingPlace(() => this.fit());
          this.measure();
        }
      } else if (kind === "step") {
        const step = Number(data.step);
        if (Number.isInteger(step) && step >= 0) this.lastStep = step;
      } else if (kind === "title") {
        if (!this.getAttribute("caption") && typeof data.title === "string") this.frame.title = data.title.slice(0, 200);
      } else if (kind === "want-record" && this.pending) {
        const frame = this.frame;
        this.pending.then((answer) => {
          if (this.frame !== frame) return;
          const message = answer.error ? { boneyardEmbed: "record-error", error: answer.error }
            : { boneyardEmbed: "record", text: answer.text, name: answer.name };
          frame.contentWindow.postMessage(message, SITE_ORIGIN);
        });
      }
    }

    // Resizes the element by `change`, keeping what follows it where the reader sees it when the
    // element begins above the screen: a diagram drawn there, growing from the room kept for it,
    // pushed the text the reader was reading down (429 px on a phone's rules page). A browser's
    // own scroll anchoring kept the first thing on screen in place, the diagram or the figure
    // round it, not what is under them; where it does keep that, there is nothing left to do.
    keepingPlace(change) {
      const before = this.getBoundingClientRect();
      change();
      if (before.top >= 0) return;
      const moved = this.getBoundingClientRect().bottom - before.bottom;
      if (Math.abs(moved) >= 1) window.scrollBy(0, moved);
    }

    // A diagram's first drawn height is what the page's diagrams not yet shown learn from.
    measure() {
      if (this.state === "ready" && this.reported && !this.measured) {
        this.measured = true;
        learn(this.reported);
      }
    }

    // Whether the frame has drawn its diagram (or the alert saying why it cannot).
    drawn() {
      return Boolean(this.frame) && (this.state === "ready" || this.state === "error");
    }

    // The element's room.  A loading frame is short ("Loading the diagram…"): it only grows
    // the room kept for it.  Once drawn, the room is the frame's height, smaller or larger, on
    // screen too: the room kept was a guess (the stylesheet's, or the median learned from the
    // page's other diagrams), and one kept until the reader scrolled away left a Moon hand
    // (576 px) under a Chicken Foot table's 750 px, a 174 px empty band.
    fit() {
      const height = this.frame ? this.reported : this.keep;
      if (!height) return;
      if (!this.drawn() && height < (this.keep || 0)) return;
      this.keep = height;
      this.style.minHeight = height + "px";
    }

    // The reader's screen height: a frame taller than it (a phone on its side) puts its
    // steps beside its status and fits its picture in between, so that the reader sees the
    // picture and taps Forward without scrolling (web/embed/frame.js).
    sendViewport() {
      const height = viewportHeight();
      if (this.frame && this.listening && height !== this.sentViewport) {
        this.sentViewport = height;
        this.frame.contentWindow.postMessage({ boneyardEmbed: "viewport", height }, SITE_ORIGIN);
      }
    }

    sendTheme() {
      const theme = themeOf(this);
      if (this.frame && this.listening && theme !== this.sentTheme) {
        this.sentTheme = theme;
        this.frame.contentWindow.postMessage({ boneyardEmbed: "theme", theme }, SITE_ORIGIN);
      }
      if (this.box) this.box.style.background = theme === "dark" ? "#1b2420" : "#f1ede1";
    }
  }

  window.customElements.define("domino-game", DominoGame);
})();
