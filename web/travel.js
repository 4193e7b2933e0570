// A played tile travels from its player's seat card (the person's own, from their hand) to
// its place on the table (a short animation; none under prefers-reduced-motion).  The page calls
// window.boneyardTravel(fromElement, toElement, milliseconds) after it has
// drawn the new position.
//
// What moves is a stand-in drawn over the page, never the tile itself: a
// table tile is an SVG <g> placed by its transform attribute, and animating
// its CSS transform would replace that placement (the tile would fly from the
// table's corner, unrotated, and be measured in the wrong place meanwhile).
// The stand-in is the tile's own picture, turned as the tile lies, and lands
// on it exactly: the tile is hidden while it flies and shown as it lands, so
// nothing but the tile is left where it lands (a blank, fading, upright box
// stood over it, a translucent outline across a lying tile).
//
// The flight starts in the next frame: measuring the seat and the place
// right after the page rewrote the table would force the browser to lay the
// page out inside the page's own task (issue 13: no task over 50 ms while
// computers play); in a frame callback that layout is the frame's own.  The
// place is measured again in every frame: the table's view follows play
// (web/panzoom.js), in a frame callback of its own that may come after this
// one, and it may move the place while the tile flies.
const calm = window.matchMedia("(prefers-reduced-motion: reduce)");

window.boneyardTravel = (from, to, ms) => {
  // The person's own tile leaves from where they last had it in hand: the hand's tile they
  // tapped, or where they let a dragged tile go (web/drag.js).  Any flight uses that up.
  const taken = window.boneyardFrom;
  window.boneyardFrom = null;
  if (!from || !to || calm.matches || !to.animate) return false;
  const pic = pictureOf(to);
  const own = taken && pic && performance.now() - taken.at < 60000 &&
    taken.tile === (to.dataset.tile || pic.getAttribute("aria-label")) ? taken : null;
  requestAnimationFrame(() => fly(from, to, ms, own));
  return true;
};

// A hand's tile tapped (or pressed by key): where it was.  In the capture phase, before the
// page answers the click and redraws the hand (a click that ends a drag never comes here:
// web/drag.js stops it before).
document.addEventListener("click", (event) => {
  const button = event.target.closest && event.target.closest("#game .hand button.tile-btn:not([disabled])");
  if (!button) return;
  const r = (button.querySelector("svg") || button).getBoundingClientRect();
  window.boneyardFrom = {tile: button.dataset.arg, x: r.left + r.width / 2, y: r.top + r.height / 2,
                         size: Math.max(r.width, r.height), at: performance.now()};
}, true);

// The tile's picture: the place itself or the <svg class="tile"> it holds.
function pictureOf(to) {
  return to.matches("svg.tile") ? to : to.querySelector("svg.tile");
}

// Where the picture is drawn: its centre, its size unturned and its angle (degrees), in
// the viewport's pixels.  A table tile is an <svg> nested in a turned <g>: its own box
// through the <g>'s matrix; any other is upright, its box as laid out.
function placeOf(pic) {
  if (!pic.getClientRects().length) return {x: 0, y: 0, w: 0, h: 0, angle: 0};   // not drawn (hidden)
  const holder = pic.ownerSVGElement ? pic.parentNode : null;
  const m = holder && holder.getScreenCTM ? holder.getScreenCTM() : null;
  if (!m) {
    const r = pic.getBoundingClientRect();
    return {x: r.left + r.width / 2, y: r.top + r.height / 2, w: r.width, h: r.height, angle: 0};
  }
  const w = pic.width.baseVal.value, h = pic.height.baseVal.value;
  const cx = pic.x.baseVal.value + w / 2, cy = pic.y.baseVal.value + h / 2;
  const scale = Math.hypot(m.a, m.b);
  const angle = Math.atan2(m.b, m.a) * 180 / Math.PI;
  return {x: m.a * cx + m.c * cy + m.e, y: m.b * cx + m.d * cy + m.f, w: w * scale, h: h * scale, angle};
}

// The flight's easing (fast out of the seat, gently onto the place).
const ease = (p) => 1 - Math.pow(1 - p, 3);

// Turned from `a` degrees towards `b` the shorter way round.
const towards = (a, b) => ((b - a) % 360 + 540) % 360 - 180;

function fly(from, to, ms, held) {
  if (!from.isConnected || !to.isConnected) return;   // redrawn meanwhile: nothing to fly to
  const pic = pictureOf(to);
  const a = from.getBoundingClientRect();
  if (!pic || !a.width) return;
  const land = placeOf(pic);
  if (!land.w) return;
  const ghost = document.createElement("div");
  ghost.className = "travel-ghost";
  ghost.setAttribute("aria-hidden", "true");
  const face = pic.cloneNode(true);
  for (const attr of ["x", "y", "id", "role", "aria-label"]) face.removeAttribute(attr);
  face.setAttribute("width", "100%");
  face.setAttribute("height", "100%");
  ghost.appendChild(face);
  // The colour the tile is outlined in (what others played since your turn: [data-by] in the CSS).
  const by = to.closest("[data-by]");
  if (by) ghost.dataset.by = by.dataset.by;
  const seat = from.closest("[data-colour]");
  if (seat) ghost.dataset.colour = seat.dataset.colour;
  // (Placed and stacked by .travel-ghost in web/style.css.)
  Object.assign(ghost.style, {width: `${land.w}px`, height: `${land.h}px`});
  // From the seat: as drawn, a little smaller. From the person's hand or fingers: as the hand
  // drew it (upright, its size), which a table tile's picture is turned a quarter.
  const start = held
    ? {x: held.x, y: held.y, angle: land.w > land.h ? 90 : 0, size: held.size / Math.max(land.w, land.h)}
    : {x: a.left + a.width / 2, y: a.top + a.height / 2, angle: 0, size: 0.7};
  // (A tile lies at 0, 90, 180 or 270 degrees: turned the shorter way round.)
  const turn = towards(start.angle, land.angle);
  // False when the tile is no longer drawn (the game was hidden: New game).
  const draw = (p) => {
    const at = placeOf(pic);
    if (!at.w) return false;
    const e = ease(p);
    const x = start.x + (at.x - start.x) * e, y = start.y + (at.y - start.y) * e;
    const size = (start.size + (1 - start.size) * e) * (at.w / land.w);
    ghost.style.transform = `translate(${x - land.w / 2}px, ${y - land.h / 2}px) ` +
      `rotate(${start.angle + turn * e}deg) scale(${size})`;
    return true;
  };
  // Drawn at the seat before it joins the page: never a frame at the place first.
  draw(0);
  document.body.appendChild(ghost);
  // The tile waits, unseen, for its stand-in; the page's own fade-in of a new tile
  // (.fresh in web/style.css) would show it beside the flight.
  for (const running of pic.getAnimations()) running.cancel();
  // Backwards too: the animation's start time is the next frame's, and a frame drawn before it
  // (its current time -0.04 ms on a busy phone) showed the tile whole under its stand-in.
  const hidden = pic.animate([{opacity: 0}, {opacity: 0}], {duration: ms * 4, fill: "backwards"});
  let t0 = null, landed = false;
  const frame = (now) => {
    if (t0 === null) t0 = now;
    const p = Math.min(1, (now - t0) / ms);
    // Landed (drawn on the place for a frame first: on a busy phone the last frame before the
    // end may be a fifth of the flight short, and the tile appeared 3 px from where the
    // stand-in was last seen), or the table was redrawn or hidden under it.
    if (landed || !pic.isConnected || !draw(p)) {
      hidden.cancel();
      ghost.remove();
      return;
    }
    landed = p >= 1;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}
