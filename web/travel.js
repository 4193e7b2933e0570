// A played tile travels from its player's seat card to its place on the table
// (a short animation; none under prefers-reduced-motion).  The page calls
// window.boneyardTravel(fromElement, toElement, milliseconds) after it has
// drawn the new position.
//
// What moves is a stand-in drawn over the page, never the tile itself: a
// table tile is an SVG <g> placed by its transform attribute, and animating
// its CSS transform would replace that placement (the tile would fly from the
// table's corner, unrotated, and be measured in the wrong place meanwhile).
// The tile itself only fades in.
//
// The flight starts in the next frame: measuring the seat and the place
// right after the page rewrote the table would force the browser to lay the
// page out inside the page's own task (issue 13: no task over 50 ms while
// computers play); in a frame callback that layout is the frame's own.
const calm = window.matchMedia("(prefers-reduced-motion: reduce)");

window.boneyardTravel = (from, to, ms) => {
  if (!from || !to || calm.matches || !to.animate) return false;
  requestAnimationFrame(() => fly(from, to, ms));
  return true;
};

function fly(from, to, ms) {
  if (!from.isConnected || !to.isConnected) return;   // redrawn meanwhile: nothing to fly to
  const a = from.getBoundingClientRect();
  const b = to.getBoundingClientRect();
  if (!b.width || !a.width) return;
  const ghost = document.createElement("div");
  ghost.className = "travel-ghost";
  ghost.setAttribute("aria-hidden", "true");
  const w = Math.max(12, Math.min(b.width, b.height) * 0.6);
  const h = w * 2;
  Object.assign(ghost.style, {
    position: "fixed", left: `${b.left + b.width / 2 - w / 2}px`, top: `${b.top + b.height / 2 - h / 2}px`,
    width: `${w}px`, height: `${h}px`, pointerEvents: "none", zIndex: "40",
  });
  const seat = from.closest("[data-colour]");
  if (seat) ghost.dataset.colour = seat.dataset.colour;
  document.body.appendChild(ghost);
  const dx = a.left + a.width / 2 - (b.left + b.width / 2);
  const dy = a.top + a.height / 2 - (b.top + b.height / 2);
  // Its own (unanimated) place is the seat: a frame drawn before the animation
  // applies (a busy device) shows it leaving the seat, never flashing at the place.
  const from0 = `translate(${dx}px, ${dy}px) scale(0.7)`;
  ghost.style.transform = from0;
  const flight = ghost.animate(
    [{transform: from0, opacity: 0.9}, {transform: "none", opacity: 0.2}],
    {duration: ms, easing: "cubic-bezier(.2,.7,.3,1)"});
  const done = () => ghost.remove();
  flight.onfinish = done;
  flight.oncancel = done;
  to.animate([{opacity: 0.15}, {opacity: 1}], {duration: ms, easing: "ease-in"});
}
