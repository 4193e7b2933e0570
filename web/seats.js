// The opponents' strip along the top of the table: with more seats than fit
// (a phone from four opponents on, eight players anywhere narrow) it scrolls
// sideways.  The page rewrites the strip at every move, which would put it
// back at its start each time: this keeps where the person left it, and
// brings the card of the seat to act into view (a computer thinking, the
// next person of a hot seat) when it is not, so that nobody acts unseen.
//
// Measured in a frame callback, like web/travel.js: reading the layout right
// after the page rewrote the strip would force it inside the page's own task.

let left = 0;            // the strip's scroll position the person left it at
let pending = false;
const seen = new WeakSet();   // the strips already placed (each page rewrite makes a new one)

function reveal() {
  pending = false;
  const bar = document.querySelector("#game .seats-bar");
  if (!bar) return;
  const room = bar.scrollWidth - bar.clientWidth;
  if (room <= 0) return;
  if (!seen.has(bar)) {
    // A new strip: where the last one was left.
    seen.add(bar);
    bar.scrollLeft = Math.min(left, room);
    bar.addEventListener("scroll", () => { left = bar.scrollLeft; }, {passive: true});
  }
  const card = bar.querySelector(".seat-card.acting");
  if (!card) return;
  const b = bar.getBoundingClientRect();
  const c = card.getBoundingClientRect();
  if (c.left >= b.left && c.right <= b.right) return;
  // Scrolled to a card's start, so that the strip never begins with a cut card: the acting
  // card's own when it is off to the left, else the first start that brings its right edge in.
  const at = (el) => el.getBoundingClientRect().left - b.left + bar.scrollLeft;   // in the strip's content
  const cards = [...bar.querySelectorAll(".seat-card")];
  const pad = at(cards[0]);
  const starts = cards.map((el) => at(el) - pad);     // the scrolls that begin with a whole card
  const own = at(card) - pad;
  const need = at(card) + c.width - bar.clientWidth;  // the least scroll that shows its right edge
  const fits = starts.filter((x) => x >= need - 0.5 && x <= own);
  bar.scrollLeft = c.left < b.left || !fits.length ? own : Math.min(...fits);
  left = bar.scrollLeft;
}

new MutationObserver(() => {
  if (pending) return;
  pending = true;
  requestAnimationFrame(reveal);
}).observe(document.documentElement, {childList: true, subtree: true});
