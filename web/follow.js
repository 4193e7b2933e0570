// The arithmetic of the Chicken Foot table's followed view, pure: numbers in,
// numbers out, no DOM.  web/panzoom.js measures the page and applies what
// this returns; bench/layout.py runs this same file in Node.js on the boxes
// its model of the phone's page gives, so the benchmark's figure is the
// page's figure (bench/follow.mjs).
//
// Boxes are [left, top, right, bottom] in the view port's pixels with the
// table at scale 1 (fitted whole); a view is {scale, x, y}: the table drawn
// scaled by `scale` about the view's top left corner, then moved by (x, y).

export const MIN = 1;
export const MAX = 6;
// A phone's followed view draws a tile's short side this large (less where the focus would not
// fit): at 26 px the view cut 30 % of the table's tiles at a turn with an open foot and 7 % at
// other turns, at times a third of a round's tiles on one side; at 22 px, 16 % and 5 %
// (bench/layout.py). 22 px was already the size a table was shown whole at rather than cut.
export const FOLLOW_SHORT_PX = 22;
export const FOCUS_PAD_PX = 6;
export const TILE_SHORT = 50;   // a tile's drawn short side in the table's viewBox units
export const FOLLOW_BELOW_PX = 600;
export const WIDE_SHORT_PX = 15;
export const FLOOR_SHORT_PX = 18;
const ZOOM_OUT_STEPS = 8;

// A view kept on the table: scale within [MIN, MAX], no bare felt beside the
// table, except that on a phone the table may come down as far as the zoom
// tools (`tools`: their box, or null) reach, to show what is under them.
export function clampView(w, h, tools, s) {
  const scale = Math.min(MAX, Math.max(MIN, s.scale));
  const slack = tools && w < FOLLOW_BELOW_PX ? Math.max(0, Math.min(h / 4, tools[3])) : 0;
  return {scale, x: Math.min(0, Math.max(w * (1 - scale), s.x)), y: Math.min(slack, Math.max(h * (1 - scale), s.y))};
}

function union(boxes) {
  let [x0, y0, x1, y1] = boxes[0];
  for (const [a, b, c, d] of boxes.slice(1)) {
    x0 = Math.min(x0, a); y0 = Math.min(y0, b); x1 = Math.max(x1, c); y1 = Math.max(y1, d);
  }
  return [x0, y0, x1, y1];
}

// One axis of a followed view: the translation at scale `k` that keeps the
// focus [f0, f1] (unscaled) inside the band [lo, hi] of the view, less the
// padding, and centres the whole table [t0, t1] there as nearly as that allows.
function along(k, lo, hi, f0, f1, t0, t1) {
  const least = lo + FOCUS_PAD_PX - k * f0;
  const most = hi - FOCUS_PAD_PX - k * f1;
  const centred = (lo + hi) / 2 - k * (t0 + t1) / 2;
  if (least > most) return (lo + hi) / 2 - k * (f0 + f1) / 2;
  return Math.min(most, Math.max(least, centred));
}

// The followed view of a `w` by `h` view port (see the top of panzoom.js):
// `focus` the boxes to keep in sight, `all` every tile's box, `perUnit` the
// pixels per viewBox unit at scale 1, `tools` the zoom tools' box (or null).
// `extra` (optional): boxes kept in sight too where that costs no zoom (the
// places' number badges, which hang off their tiles); else the focus alone at
// its zoom, moved as far as the view has room to show the extra boxes too
// (`lean`: the boxes to centre on, instead of the whole table).
// `over`: the round is over (the table's data-over).
// Null means: fit the whole table (a wide view already legible, or a round's last position
// legible whole: what is left to see is the table as it ended; framing the last tile, a
// review's or a shared link's last step cut 23 of a phone's 42 tiles).
export function follow({w, h, tools, focus, extra, all, perUnit, lean, over}) {
  if (over && TILE_SHORT * perUnit >= WIDE_SHORT_PX) return null;
  if (extra && extra.length) {
    const alone = follow({w, h, tools, focus, all, perUnit});
    const withExtra = follow({w, h, tools, focus: focus.concat(extra), all, perUnit});
    const px = (v) => v.scale * TILE_SHORT * perUnit;
    if (alone === null || (withExtra !== null && px(withExtra) >= Math.min(FLOOR_SHORT_PX, px(alone)))) return withExtra;
    // (Centred on the whole table instead, a phone on its side cut a badge at one selection in
    // ten, often whole, where the view had room beside the places to show it.)
    return follow({w, h, tools, focus, all, perUnit, lean: focus.concat(extra)});
  }
  const wide = w >= FOLLOW_BELOW_PX;
  // The scale at which boxes spanning [x0, y0, x1, y1] fit the view, less its padding.
  const fitting = ([a, b, c, d]) => Math.min((w - 2 * FOCUS_PAD_PX) / Math.max(1, c - a),
                                             (h - 2 * FOCUS_PAD_PX) / Math.max(1, d - b));
  const [x0, y0, x1, y1] = union(focus);
  let scale = Math.min(MAX, wide ? WIDE_SHORT_PX / (TILE_SHORT * perUnit)
    : Math.min(FOLLOW_SHORT_PX / (TILE_SHORT * perUnit), fitting([x0, y0, x1, y1])));
  if (scale <= 1 && wide) return null;
  scale = Math.max(MIN, scale);
  // All the table's tiles (or `lean`), to centre as far as keeping the focus in view allows.
  const [a0, b0, a1, b1] = union((lean || all).concat([[x0, y0, x1, y1]]));
  const frameAt = (k, top) => clampView(w, h, tools, {
    scale: k,
    x: k === MIN ? 0 : along(k, 0, w, x0, x1, a0, a1),
    y: k === MIN && !top ? 0 : along(k, top, h, y0, y1, b0, b1),
  });
  const under = wide ? null : tools;
  const covered = (v, b) => under && v.x + v.scale * b[0] < under[2] && v.x + v.scale * b[2] > under[0] &&
    v.y + v.scale * b[1] < under[3] && v.y + v.scale * b[3] > under[1];
  let s = frameAt(scale, 0);
  const hidden = (b) => covered(s, b);
  if (focus.some(hidden)) {
    // Framed in the band below the tools instead, if that keeps tiles legible.
    const top = under[3];
    const below = Math.min(scale, (h - top - 2 * FOCUS_PAD_PX) / Math.max(1, y1 - y0));
    if (below * TILE_SHORT * perUnit >= Math.min(FLOOR_SHORT_PX, scale * TILE_SHORT * perUnit) && below >= MIN) {
      s = frameAt(below, top);
    } else {
      // Too tall for that band: zoom out, step by step, until no place is
      // under the tools (framed whole, a phone's table keeps that corner
      // free: engine/layout.py's notch).
      for (let i = 1; i <= ZOOM_OUT_STEPS && focus.some(hidden); i++) {
        s = frameAt(scale - (scale - MIN) * i / ZOOM_OUT_STEPS, 0);
      }
    }
  }
  return s;
}
