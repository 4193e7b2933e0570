// Zoom and pan for the Chicken Foot table: wheel, pinch, drag and keyboard.
//
// The table picture always fits its view port (#cf-view) at scale 1 (the
// SVG's viewBox "meets" the box); zooming scales the inner #g-table with a
// CSS transform, kept across the page's re-renders because the Python side
// only rewrites the SVG inside it.  Everything is delegated from document,
// so views created later work too.  Keys on the focused view: + / - zoom,
// arrows pan, 0 fits.  Buttons carrying data-zoom="in|out|fit" do the same.
//
// On a narrow view (a phone) a grown table fitted to its box draws tiles
// small: there the view follows play instead, until the person zooms or pans
// it themselves (then it stays as they left it).  It keeps in sight, whole,
// what matters now: the open foot, and every place the selected tile may go,
// else the last tile played and, at the person's turn, every tile on the
// table their hand could join (so that where they may play is in sight before
// they choose: followed to the last tile alone, a phone cut one or more of
// them out of the view in a quarter of a four-player game's turns); else the
// centre.  It zooms in on them until a
// tile's short side is FOLLOW_SHORT_PX, or less if they would not all fit,
// and centres the whole table as nearly as keeping them in view allows (so
// it is not cut on one side with bare felt on the other).  A round's last
// position is shown whole where its tiles are legible so.
// The zoom tools float over the view's top right corner: a place framed
// under them moves down below them, zooming out for it no further than
// FLOOR_SHORT_PX (there the table may come down by the tools' height,
// showing felt above it; a person's drag on a phone may do the same); places
// too tall for that band are shown by zooming out until none is under the
// tools (the phone's layout keeps the corner they cover at scale 1 free).
//
// A wide view shows the whole table, unless a grown table fitted to its box
// would draw tiles under WIDE_SHORT_PX on their short side: then it zooms
// just enough for that, centred on the same focus (the rest is a pan away).
// (The constants and the arithmetic of following are web/follow.js's, which
// bench/layout.py runs too.)

import {MIN, MAX, FOLLOW_BELOW_PX, clampView, follow as followed} from "./follow.js";

const STEP = 1.25;
const PAN_PX = 48;
const views = new WeakMap();

// A view's zoom and pan for each thing it shows, named by its data-view, "kind:owner:round"
// ("play:<game>:3" for a game's third round, "review:2:0" for the second review opened on its
// first round: web/app/ui.py's view_key).  A name not seen starts unzoomed and lets go of its
// kind's other owners, so that a review leaves the game's view as the person left it, each
// round of a review keeps its own while the review lasts, and neither a review's zoom nor
// another game's carries on.
function stateOf(view) {
  let named = views.get(view);
  if (!named) {
    named = new Map();
    views.set(view, named);
  }
  const name = view.dataset.view || "";
  let s = named.get(name);
  if (!s) {
    const [kind, owner] = name.split(":");
    for (const other of [...named.keys()]) {
      const [otherKind, otherOwner] = other.split(":");
      if (otherKind === kind && otherOwner !== owner) named.delete(other);
    }
    s = {scale: 1, x: 0, y: 0, pointers: new Map(), pinch: null, moved: false, manual: false};
    named.set(name, s);
  }
  return s;
}

// The zoom tools' box in the view's coordinates (null where there are none).
function toolsBox(view) {
  const tools = view.parentElement && view.parentElement.querySelector(".board-tools");
  if (!tools) return null;
  const t = tools.getBoundingClientRect();
  const v = view.getBoundingClientRect();
  if (!t.width || t.bottom <= v.top || t.top >= v.bottom) return null;
  return [t.left - v.left, t.top - v.top, t.right - v.left, t.bottom - v.top];
}

function clamp(view, s) {
  const w = view.clientWidth;
  // (Only a phone's view needs the tools' box: reading it costs a layout.)
  Object.assign(s, clampView(w, view.clientHeight, w < FOLLOW_BELOW_PX ? toolsBox(view) : null, s));
}

function apply(view, s) {
  clamp(view, s);
  const inner = view.querySelector("#g-table");
  if (!inner) return;
  inner.style.transform = s.scale === 1 && !s.x && !s.y ? "" : `translate(${s.x}px, ${s.y}px) scale(${s.scale})`;
  view.dataset.zoom = String(Math.round(s.scale * 100));
}

// Zoom by `factor` keeping the point (px, py) of the view port in place.
function zoomAt(view, factor, px, py) {
  const s = stateOf(view);
  const scale = Math.min(MAX, Math.max(MIN, s.scale * factor));
  const k = scale / s.scale;
  s.x = px - (px - s.x) * k;
  s.y = py - (py - s.y) * k;
  s.scale = scale;
  apply(view, s);
}

function centreZoom(view, factor) {
  zoomAt(view, factor, view.clientWidth / 2, view.clientHeight / 2);
}

function fit(view) {
  const s = stateOf(view);
  s.scale = 1;
  s.x = 0;
  s.y = 0;
  apply(view, s);
}

// The tiles of `table` that a tile of the person's hand could join now (each hand tile that
// can be played names them in data-targets, for drag.js).
function joinable(view, table) {
  const game = view.closest("#game");
  const names = new Set();
  for (const button of game ? game.querySelectorAll(".hand button[data-targets]:not([disabled])") : []) {
    for (const name of button.dataset.targets.split(" ")) names.add(name);
  }
  return [...names].map((name) => table.querySelector(`g[data-tile="${name}"] svg.tile`)).filter(Boolean);
}

// The follow mode (see the top of this file; the arithmetic is web/follow.js's).
function follow(view) {
  const s = stateOf(view);
  if (s.manual) {
    apply(view, s);   // (as the person left it: on coming back from a review too)
    return;
  }
  const inner = view.querySelector("#g-table");
  const table = inner && inner.querySelector("svg[data-table]");
  const box = table && table.viewBox.baseVal;
  if (!box || !box.width) return;
  // (The open foot's "cover N more" label with it: cut, it says nothing.)
  let focus = [...table.querySelectorAll("svg.tile.open-foot, text.label")];
  const places = table.querySelectorAll("svg.tile.target");
  if (places.length) focus.push(...places);
  else focus.push(...table.querySelectorAll("svg.tile.fresh"), ...joinable(view, table));
  if (!focus.length) focus = [...table.querySelectorAll("g[data-tile]:not([data-on]) svg.tile")];
  if (!focus.length) return;
  // Boxes in the view's own coordinates at scale 1 (undoing the zoom).
  const origin = view.getBoundingClientRect();
  const unscale = (r) => [(r.left - origin.left - s.x) / s.scale, (r.top - origin.top - s.y) / s.scale,
    (r.right - origin.left - s.x) / s.scale, (r.bottom - origin.top - s.y) / s.scale];
  const w = view.clientWidth;
  const frame = unscale(table.getBoundingClientRect());
  const framed = followed({
    w, h: view.clientHeight,
    tools: w < FOLLOW_BELOW_PX ? toolsBox(view) : null,
    focus: focus.map((el) => unscale(el.getBoundingClientRect())),
    // (A place's number badge hangs off its tile: cut, the place buttons' numbers lose their match.)
    extra: [...table.querySelectorAll("circle.badge")].map((el) => unscale(el.getBoundingClientRect())),
    all: [...table.querySelectorAll("g[data-tile] svg.tile")].map((el) => unscale(el.getBoundingClientRect())),
    perUnit: Math.min((frame[2] - frame[0]) / box.width, (frame[3] - frame[1]) / box.height),
    over: table.hasAttribute("data-over"),
  });
  if (framed === null) {
    fit(view);
    return;
  }
  Object.assign(s, framed);
  apply(view, s);
}

// The person took the view in hand: it no longer follows play.
function manual(view) {
  stateOf(view).manual = true;
}

function followSoon() {
  const view = document.getElementById("cf-view");
  if (view) {
    watchSize(view);
    requestAnimationFrame(() => follow(view));
  }
}

// A view port that changes size is followed (or kept on the table) again: a redrawn table is
// not the only change that shrinks its tiles.  A review opened at a round's end drew them
// at 20 px on a 360 px phone, where play had shown 27 (its panel takes the hand's place).
const sized = new WeakSet();
const resized = new ResizeObserver((entries) => {
  for (const entry of entries) {
    const view = entry.target;
    // (A hidden game, the setup on show, measures 0 x 0: a view zoomed by hand kept as it is.)
    if (!view.isConnected || !view.clientWidth || !view.clientHeight) continue;
    const s = stateOf(view);
    if (s.manual) apply(view, s);
    else follow(view);
  }
});

function watchSize(view) {
  if (sized.has(view)) return;
  sized.add(view);
  resized.observe(view);
}

// Every redraw of the table or the hand (a tile drawn may join the table where none could;
// and one for a table drawn before this module was loaded).
// (And the view shows another thing: a review opened or closed, whose table may be the same.)
new MutationObserver((mutations) => {
  if (mutations.some((m) => m.target.id === "g-table" || m.target.id === "g-hand" || m.attributeName === "data-view")) {
    followSoon();
  }
}).observe(document.body, {childList: true, subtree: true, attributes: true, attributeFilter: ["data-view"]});
followSoon();

function pan(view, dx, dy) {
  const s = stateOf(view);
  s.x += dx;
  s.y += dy;
  apply(view, s);
}

function local(view, event) {
  const r = view.getBoundingClientRect();
  return [event.clientX - r.left, event.clientY - r.top];
}

document.addEventListener("click", (event) => {
  const button = event.target.closest && event.target.closest("[data-zoom]");
  if (!button) return;
  const view = document.getElementById("cf-view");
  if (!view) return;
  const how = button.dataset.zoom;
  manual(view);
  if (how === "in") centreZoom(view, STEP);
  else if (how === "out") centreZoom(view, 1 / STEP);
  else fit(view);
});

document.addEventListener("wheel", (event) => {
  const view = event.target.closest && event.target.closest("#cf-view");
  if (!view) return;
  event.preventDefault();
  manual(view);
  const [px, py] = local(view, event);
  zoomAt(view, Math.pow(1.0015, -event.deltaY), px, py);
}, {passive: false});

document.addEventListener("keydown", (event) => {
  const view = event.target;
  if (!view || view.id !== "cf-view" || event.altKey || event.ctrlKey || event.metaKey) return;
  const keys = {
    "+": () => centreZoom(view, STEP), "=": () => centreZoom(view, STEP),
    "-": () => centreZoom(view, 1 / STEP), "_": () => centreZoom(view, 1 / STEP),
    "0": () => fit(view),
    ArrowLeft: () => pan(view, PAN_PX, 0), ArrowRight: () => pan(view, -PAN_PX, 0),
    ArrowUp: () => pan(view, 0, PAN_PX), ArrowDown: () => pan(view, 0, -PAN_PX),
  };
  const act = keys[event.key];
  if (act) {
    event.preventDefault();
    manual(view);
    act();
  }
});

document.addEventListener("pointerdown", (event) => {
  const view = event.target.closest && event.target.closest("#cf-view");
  if (!view) return;
  const s = stateOf(view);
  s.pointers.set(event.pointerId, local(view, event));
  s.moved = false;
  if (s.pointers.size === 2) {
    const [a, b] = [...s.pointers.values()];
    s.pinch = {d: Math.hypot(a[0] - b[0], a[1] - b[1]) || 1};
  }
  view.setPointerCapture(event.pointerId);
});

document.addEventListener("pointermove", (event) => {
  const view = event.target.closest && event.target.closest("#cf-view");
  if (!view) return;
  const s = stateOf(view);
  const last = s.pointers.get(event.pointerId);
  if (!last) return;
  const now = local(view, event);
  s.pointers.set(event.pointerId, now);
  if (s.pointers.size === 2 && s.pinch) {
    s.manual = true;
    const [a, b] = [...s.pointers.values()];
    const d = Math.hypot(a[0] - b[0], a[1] - b[1]) || 1;
    zoomAt(view, d / s.pinch.d, (a[0] + b[0]) / 2, (a[1] + b[1]) / 2);
    s.pinch.d = d;
  } else if (s.pointers.size === 1) {
    const dx = now[0] - last[0];
    const dy = now[1] - last[1];
    if (Math.abs(dx) + Math.abs(dy) > 0) s.moved = s.manual = true;
    pan(view, dx, dy);
  }
});

function release(event) {
  const view = event.target.closest && event.target.closest("#cf-view");
  if (!view) return;
  const s = stateOf(view);
  s.pointers.delete(event.pointerId);
  if (s.pointers.size < 2) s.pinch = null;
}

document.addEventListener("pointerup", release);
document.addEventListener("pointercancel", release);
