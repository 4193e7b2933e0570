// A played tile travels from its player's seat card to its place on the table
// (a short transform animation; none under prefers-reduced-motion).  The page
// calls window.boneyardTravel(fromElement, toElement, milliseconds) after it
// has drawn the new position.
const calm = window.matchMedia("(prefers-reduced-motion: reduce)");

window.boneyardTravel = (from, to, ms) => {
  if (!from || !to || calm.matches || !to.animate) return false;
  const a = from.getBoundingClientRect();
  const b = to.getBoundingClientRect();
  if (!b.width || !a.width) return false;
  const dx = a.left + a.width / 2 - (b.left + b.width / 2);
  const dy = a.top + a.height / 2 - (b.top + b.height / 2);
  to.animate([{transform: `translate(${dx}px, ${dy}px) scale(0.6)`, opacity: 0.4}, {transform: "none", opacity: 1}],
             {duration: ms, easing: "cubic-bezier(.2,.7,.3,1)"});
  return true;
};
