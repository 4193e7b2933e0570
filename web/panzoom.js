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
// what matters now: every place the selected tile may go and the open foot;
// else the last tile played (else the centre).  It zooms in on them until a
// tile's short side is FOLLOW_SHORT_PX, or less if they would not all fit,
// and centres the whole table as nearly as keeping them in view allows (so
// it is not cut on one side with bare felt on the other).
// The zoom tools float over the view's top right corner: a place framed
// under them moves down below them, zooming out for it no further than
// FLOOR_SHORT_PX (there the table may come down by the tools' height,
// showing felt above it; a person's drag on a phone may do the same).
//
// A wide view shows the whole table, unless a grown table fitted to its box
// would draw tiles under WIDE_SHORT_PX on their short side: then it zooms
// just enough for that, centred on the same focus (the rest is a pan away).

const MIN = 1;
const MAX = 6;
const STEP = 1.25;
const PAN_PX = 48;
const FOLLOW_SHORT_PX = 26;
const FOCUS_PAD_PX = 6;
const TILE_SHORT = 50;   // a tile's drawn short side in the table's viewBox units
const FOLLOW_BELOW_PX = 600;
const WIDE_SHORT_PX = 15;
const FLOOR_SHORT_PX = 18;
const views = new WeakMap();

function stateOf(view) {
  let s = views.get(view);
  if (!s) {
    s = {scale: 1, x: 0, y: 0, pointers: new Map(), pinch: null, moved: false, manual: false};
    views.set(view, s);
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
  s.scale = Math.min(MAX, Math.max(MIN, s.scale));
  const w = view.clientWidth;
  const h = view.clientHeight;
  // On a phone the table may come down as far as the tools reach, to show what is under them.
  const tools = w < FOLLOW_BELOW_PX ? toolsBox(view) : null;
  const slack = tools ? Math.max(0, Math.min(h / 4, tools[3])) : 0;
  s.x = Math.min(0, Math.max(w * (1 - s.scale), s.x));
  s.y = Math.min(slack, Math.max(h * (1 - s.scale), s.y));
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

// The follow mode of narrow views (see the top of this file).
function follow(view) {
  const s = stateOf(view);
  if (s.manual) return;
  const wide = view.clientWidth >= FOLLOW_BELOW_PX;
  const inner = view.querySelector("#g-table");
  const table = inner && inner.querySelector("svg[data-table]");
  const box = table && table.viewBox.baseVal;
  if (!box || !box.width) return;
  // (The open foot's "cover N more" label with it: cut, it says nothing.)
  let focus = [...table.querySelectorAll("svg.tile.target, svg.tile.open-foot, text.label")];
  if (!focus.length) focus = [...table.querySelectorAll("svg.tile.fresh")];
  if (!focus.length) focus = [...table.querySelectorAll("g[data-tile]:not([data-on]) svg.tile")];
  if (!focus.length) return;
  // Boxes in the view's own coordinates at scale 1 (undoing the zoom).
  const origin = view.getBoundingClientRect();
  const unscale = (r) => [(r.left - origin.left - s.x) / s.scale, (r.top - origin.top - s.y) / s.scale,
    (r.right - origin.left - s.x) / s.scale, (r.bottom - origin.top - s.y) / s.scale];
  const boxes = focus.map((el) => unscale(el.getBoundingClientRect()));
  let [x0, y0, x1, y1] = boxes[0];
  for (const [a, b, c, d] of boxes.slice(1)) {
    x0 = Math.min(x0, a); y0 = Math.min(y0, b); x1 = Math.max(x1, c); y1 = Math.max(y1, d);
  }
  const w = view.clientWidth;
  const h = view.clientHeight;
  const frame = unscale(table.getBoundingClientRect());
  const perUnit = Math.min((frame[2] - frame[0]) / box.width, (frame[3] - frame[1]) / box.height);
  let scale;
  if (wide) {
    scale = Math.min(MAX, WIDE_SHORT_PX / (TILE_SHORT * perUnit));
  } else {
    const legible = FOLLOW_SHORT_PX / (TILE_SHORT * perUnit);
    const fits = Math.min((w - 2 * FOCUS_PAD_PX) / Math.max(1, x1 - x0), (h - 2 * FOCUS_PAD_PX) / Math.max(1, y1 - y0));
    scale = Math.min(MAX, legible, fits);
  }
  if (scale <= 1 && wide) {
    fit(view);
    return;
  }
  scale = Math.max(MIN, scale);
  // All the table's tiles, to centre as far as keeping the focus in view allows.
  const all = [...table.querySelectorAll("g[data-tile] svg.tile")].map((el) => unscale(el.getBoundingClientRect()));
  let [a0, b0, a1, b1] = [x0, y0, x1, y1];
  for (const [a, b, c, d] of all) {
    a0 = Math.min(a0, a); b0 = Math.min(b0, b); a1 = Math.max(a1, c); b1 = Math.max(b1, d);
  }
  const frameAt = (k, top) => {
    s.scale = k;
    s.x = k === MIN ? 0 : along(k, 0, w, x0, x1, a0, a1);
    s.y = k === MIN && !top ? 0 : along(k, top, h, y0, y1, b0, b1);
    clamp(view, s);
  };
  frameAt(scale, 0);
  const tools = wide ? null : toolsBox(view);
  const hidden = (b) => tools && s.x + s.scale * b[0] < tools[2] && s.x + s.scale * b[2] > tools[0] &&
    s.y + s.scale * b[1] < tools[3] && s.y + s.scale * b[3] > tools[1];
  if (boxes.some(hidden)) {
    // Framed in the band below the tools instead, if that keeps tiles legible.
    const top = tools[3];
    const below = Math.min(scale, (h - top - 2 * FOCUS_PAD_PX) / Math.max(1, y1 - y0));
    if (below * TILE_SHORT * perUnit >= Math.min(FLOOR_SHORT_PX, scale * TILE_SHORT * perUnit) && below >= MIN) {
      frameAt(below, top);
    }
  }
  apply(view, s);
}

// One axis of a followed view: the translation at scale ``k`` that keeps the
// focus [f0, f1] (unscaled) inside the band [lo, hi] of the view, less the
// padding, and centres the whole table [t0, t1] there as nearly as that allows.
function along(k, lo, hi, f0, f1, t0, t1) {
  const least = lo + FOCUS_PAD_PX - k * f0;
  const most = hi - FOCUS_PAD_PX - k * f1;
  const centred = (lo + hi) / 2 - k * (t0 + t1) / 2;
  if (least > most) return (lo + hi) / 2 - k * (f0 + f1) / 2;
  return Math.min(most, Math.max(least, centred));
}

// The person took the view in hand: it no longer follows play.
function manual(view) {
  stateOf(view).manual = true;
}

function followSoon() {
  const view = document.getElementById("cf-view");
  if (view) requestAnimationFrame(() => follow(view));
}

// Every redraw of the table (and one for a table drawn before this module
// was loaded).
new MutationObserver((mutations) => {
  if (mutations.some((m) => m.target.id === "g-table")) followSoon();
}).observe(document.body, {childList: true, subtree: true});
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
