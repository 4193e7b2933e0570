// The page's language for static text and the language picker (every page).
//
// The language is ?lang= (then remembered), else the remembered choice
// (localStorage "boneyard.lang"), else the first of navigator.languages we
// have, else English; app/i18n.py picks the same way.  Elements carry
// data-i18n="key" (their text, its <em>/<code>/links kept through numbered
// marks, see translate()) and data-i18n-attr="attr:key;attr:key"; their
// English text stays in the HTML, so English needs no catalog.  The picker
// goes into #lang-picker (or the page's footer) and reloads the page in the
// chosen language.  JS modules' messages come from t(key, params) once
// `ready` has resolved (before that, and for a missing key, English).
const LANGS = ["en", "sq", "lv", "sw"];
const NATIVE = { en: "English", sq: "Shqip", lv: "Latviešu", sw: "Kiswahili" };
const KEY = "boneyard.lang";
const root = document.documentElement;

function stored() {
  try { return localStorage.getItem(KEY); } catch (e) { return null; }
}

function remember(lang) {
  try {
    localStorage.setItem(KEY, lang);
    return stored() === lang;
  } catch (e) {
    return false;   // site data blocked: not remembered
  }
}

export function pickLanguage() {
  const asked = new URLSearchParams(location.search).get("lang");
  if (LANGS.includes(asked)) {
    remember(asked);
    return asked;
  }
  const saved = stored();
  if (LANGS.includes(saved)) return saved;
  for (const tag of navigator.languages || [navigator.language || ""]) {
    const base = String(tag).toLowerCase().split(/[-_]/)[0];
    if (LANGS.includes(base)) return base;
  }
  return "en";
}

export const lang = pickLanguage();
root.lang = lang;
// "loading" until the page's text is translated (embed.js waits for it).
root.dataset.i18nState = "loading";

async function catalog(code) {
  const response = await fetch(new URL("./i18n/" + code + ".json", import.meta.url));
  if (!response.ok) throw new Error("catalog " + code + ": HTTP " + response.status);
  return response.json();
}

// The English of the keys the page's modules use, put in by build.py: what they say when no
// catalog could be loaded (never a bare key).
const BUILT_IN = /* build.py: English words */ {};
let current = {};
let english = BUILT_IN;

function fill(value, params) {
  return value.replace(/\{([a-z_]+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

// The text of `key` in the page's language, {name} placeholders filled from
// `params`; a plural entry takes the form of params.count.
export function t(key, params = {}) {
  let value = current[key];
  let code = lang;
  if (value === undefined) {
    value = english[key];
    code = "en";
  }
  if (value === undefined) return key;
  if (typeof value !== "string") {
    const form = "count" in params ? new Intl.PluralRules(code).select(Number(params.count)) : "other";
    value = value[form] || value.other;
  }
  return fill(value, params);
}

function text(cat, key) {
  const value = cat[key];
  if (value === undefined) return null;
  return typeof value === "string" ? value : value.other;
}

// A catalog text keeps the element's markup through numbered marks: in
// "the <0>chicken yard</0>, the pile", <0>...</0> is the element's first child
// element (its tag and attributes -- <em>, <code>, a link's href -- copied from
// the page, never taken from the catalog) holding the translated words, and
// <1/> is the second child element kept as it is.  Marks nest the same way
// inside a child.  Catalog text only ever becomes text nodes, so a catalog
// cannot add markup, and a mark naming no child leaves just its words.
const MARK = /<(\d+)>([\s\S]*?)<\/\1>|<(\d+)\/>/g;

function marked(value, models) {
  const nodes = [];
  let last = 0;
  for (const m of value.matchAll(MARK)) {
    if (m.index > last) nodes.push(document.createTextNode(value.slice(last, m.index)));
    last = m.index + m[0].length;
    const kept = m[3] !== undefined;
    const model = models[Number(kept ? m[3] : m[1])];
    if (!model) {
      if (!kept) nodes.push(document.createTextNode(m[2]));
    } else if (kept) {
      nodes.push(model.cloneNode(true));
    } else {
      const part = model.cloneNode(false);
      part.append(...marked(m[2], Array.from(model.children)));
      nodes.push(part);
    }
  }
  if (last < value.length) nodes.push(document.createTextNode(value.slice(last)));
  return nodes;
}

export function translate(cat, scope = document) {
  for (const el of scope.querySelectorAll("[data-i18n]")) {
    const value = text(cat, el.dataset.i18n);
    if (value === null) continue;
    if (el.children.length) el.replaceChildren(...marked(value, Array.from(el.children)));
    else el.textContent = value;
  }
  for (const el of scope.querySelectorAll("[data-i18n-attr]")) {
    for (const pair of el.dataset.i18nAttr.split(";")) {
      const [attr, key] = pair.split(":");
      const value = text(cat, key);
      if (attr && value !== null) el.setAttribute(attr, value);
    }
  }
}

function picker(cat) {
  const host = document.getElementById("lang-picker") || document.querySelector("footer") || document.body;
  const label = document.createElement("label");
  label.className = "lang-picker";
  const caption = document.createElement("span");
  caption.textContent = text(cat, "lang.label") || "Language";
  const select = document.createElement("select");
  select.id = "lang-select";
  for (const code of LANGS) {
    const option = document.createElement("option");
    option.value = code;
    option.lang = code;
    option.textContent = NATIVE[code];
    option.selected = code === lang;
    select.append(option);
  }
  const go = () => {
    if (select.value === lang) return;
    const url = new URL(location.href);
    // Remembered, the address stays clean; where the browser keeps nothing, the address
    // carries the choice (the reload once came back in the browser's own language).
    if (remember(select.value)) url.searchParams.delete("lang");
    else url.searchParams.set("lang", select.value);
    location.replace(url.href);
  };
  // Keys on the closed select change its value at once (Chromium, Firefox): the first arrow
  // once reloaded the page in the next language.  A choice by keys is applied on Enter or on
  // leaving the select; one by pointer, at once.
  let browsing = false;
  select.addEventListener("keydown", (event) => {
    if (event.key === "Enter") { go(); return; }
    browsing = !event.altKey && (event.key.startsWith("Arrow") || event.key.length === 1 ||
      ["Home", "End", "PageUp", "PageDown"].includes(event.key));
  });
  select.addEventListener("pointerdown", () => { browsing = false; });
  select.addEventListener("change", () => { if (!browsing) go(); });
  select.addEventListener("blur", go);
  label.append(caption, " ", select);
  host.append(label);
}

export const ready = (async () => {
  const [cat, en] = await Promise.all([lang, "en"].map((code, i) =>
    i === 1 && lang === "en" ? Promise.resolve(null) : catalog(code).catch(() => ({}))));
  current = cat;
  english = Object.assign({}, BUILT_IN, en || cat);
  if (document.readyState === "loading") {
    await new Promise((resolve) => addEventListener("DOMContentLoaded", resolve, { once: true }));
  }
  try {
    if (lang !== "en") translate(cat);
    picker(cat);
  } finally {
    root.dataset.i18nState = "ready";
  }
  return cat;
})();
