// <domino-game>: a recorded domino game, shown by Boneyard's embed frame.
//
//   <script type="module" src="https://your.site/embed.js"></script>
//   <domino-game record="z…" step="12" reveal controls="step" caption="…"></domino-game>
//   <domino-game src="games/opening.json" step="4" hand="1"></domino-game>
//
// Attributes (all plain text, passed to the frame as URL parameters, never
// as markup): record (an encoded record) or src (a record file on the same
// site as this script), step, hand (a seat number from 1, "reveal" or
// "none"), reveal (same as hand="reveal"), controls ("step", "play", both
// comma-separated, or "none"), caption, lang (the widget's language; default
// the host page's <html lang>, else English).  The frame checks them and shows
// what is wrong inside the widget; the host page is never touched beyond
// the element itself.  The iframe's height follows its content.
const FRAME_URL = new URL("./embed.html", import.meta.url);
const PASSED = ["record", "step", "hand", "controls", "caption"];
const LANGS = ["en", "sq", "lv", "sw"];
const titles = new Map();   // language -> the frame's default title

function languageOf(element) {
  const tag = element.getAttribute("lang") || document.documentElement.lang || "";
  const base = tag.toLowerCase().split(/[-_]/)[0];
  return LANGS.includes(base) ? base : "en";
}

// The iframe's accessible name when there is no caption, from the catalogs.
function defaultTitle(lang) {
  if (!titles.has(lang)) {
    titles.set(lang, fetch(new URL("./web/i18n/" + lang + ".json", import.meta.url))
      .then((response) => (response.ok ? response.json() : {}))
      .then((catalog) => catalog["embed.frame_title"] || "Domino game diagram")
      .catch(() => "Domino game diagram"));
  }
  return titles.get(lang);
}
const frames = new Map();   // contentWindow -> iframe

addEventListener("message", (event) => {
  const frame = frames.get(event.source);
  const data = event.data;
  if (!frame || !data || data.boneyardEmbed !== "height") return;
  const height = Number(data.height);
  if (Number.isFinite(height) && height > 0 && height < 20000) frame.style.height = Math.ceil(height) + "px";
});

class DominoGame extends HTMLElement {
  static get observedAttributes() {
    return PASSED.concat(["src", "reveal", "lang"]);
  }

  connectedCallback() {
    // A page translating itself (i18n.js) first sets the captions: one frame, in its language.
    const root = document.documentElement;
    if (root.dataset.i18nState !== "loading") {
      this.render();
      return;
    }
    const observer = new MutationObserver(() => {
      if (root.dataset.i18nState === "loading") return;
      observer.disconnect();
      if (this.isConnected && !this.frame) this.render();
    });
    observer.observe(root, { attributes: true, attributeFilter: ["data-i18n-state"] });
  }

  disconnectedCallback() {
    if (this.frame) frames.delete(this.frame.contentWindow);
  }

  attributeChangedCallback() {
    if (this.isConnected && this.frame) this.render();
  }

  frameURL() {
    const url = new URL(FRAME_URL);
    for (const name of PASSED) {
      const value = this.getAttribute(name);
      if (value !== null) url.searchParams.set(name, value);
    }
    const src = this.getAttribute("src");
    // A record file is named relative to the host page, like any src.
    if (src !== null) url.searchParams.set("src", src === "" ? "" : new URL(src, document.baseURI).href);
    if (this.hasAttribute("reveal") && !this.hasAttribute("hand")) url.searchParams.set("hand", "reveal");
    url.searchParams.set("lang", languageOf(this));
    return url.href;
  }

  render() {
    if (this.frame) frames.delete(this.frame.contentWindow);
    const frame = document.createElement("iframe");
    frame.src = this.frameURL();
    const caption = this.getAttribute("caption");
    frame.title = caption || "Domino game diagram";
    const lang = languageOf(this);
    if (!caption && lang !== "en") defaultTitle(lang).then((title) => { if (this.frame === frame) frame.title = title; });
    frame.style.width = "100%";
    frame.style.height = "24rem";
    frame.style.border = "0";
    frame.style.display = "block";
    frame.setAttribute("loading", "lazy");
    this.replaceChildren(frame);
    this.frame = frame;
    frames.set(frame.contentWindow, frame);
  }
}

if (!customElements.get("domino-game")) customElements.define("domino-game", DominoGame);
