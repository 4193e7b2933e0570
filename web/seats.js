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

// How many cards are out of sight on each side, on the strip's holder (data-before,
// data-after; data-scrolls when it scrolls at all): web/style.css shows them in the margins
// beside the strip ("< 4"), where eight players on a phone showed three cards and nothing
// said there were more.
function count(bar) {
  // A frame callback may come after the page replaced this strip (a scroll just before a move).
  if (!bar.isConnected) return;
  const top = bar.parentElement;
  const b = bar.getBoundingClientRect();
  let before = 0;
  let after = 0;
  for (const card of bar.querySelectorAll(".seat-card")) {
    const c = card.getBoundingClientRect();
    if (c.left < b.left - 1) before += 1;
    else if (c.right > b.right + 1) after += 1;
  }
  top.dataset.scrolls = bar.scrollWidth > bar.clientWidth ? "1" : "0";
  top.dataset.before = String(before);
  top.dataset.after = String(after);
}

function reveal() {
  pending = false;
  const bar = document.querySelector("#game .seats-bar");
  if (!bar) return;
  count(bar);   // first: the margins it gives a scrolling strip narrow its cards
  const room = bar.scrollWidth - bar.clientWidth;
  if (room <= 0) return;
  if (!seen.has(bar)) {
    // A new strip: where the last one was left.
    seen.add(bar);
    bar.scrollLeft = Math.min(left, room);
    let counting = false;
    bar.addEventListener("scroll", () => {
      left = bar.scrollLeft;
      if (counting) return;
      counting = true;
      requestAnimationFrame(() => { counting = false; count(bar); });
    }, {passive: true});
  }
  reach(bar);
  count(bar);   // again: where the strip now stands
}

function reach(bar) {
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

// A tap on a margin's count scrolls the strip a screenful that way (the cards that show,
// whole: each is a fraction of the strip, and the strip snaps to their starts).
document.addEventListener("click", (event) => {
  const top = event.target;
  if (!(top instanceof Element) || !top.matches("#game .seats-top[data-scrolls='1']")) return;
  const bar = top.querySelector(".seats-bar");
  if (!bar) return;
  const b = bar.getBoundingClientRect();
  const way = event.clientX < b.left + b.width / 2 ? -1 : 1;
  const gap = parseFloat(getComputedStyle(bar).columnGap) || 0;
  bar.scrollBy({left: way * (bar.clientWidth + gap)});
});

function schedule() {
  if (pending) return;
  pending = true;
  requestAnimationFrame(reveal);
}

new MutationObserver(schedule).observe(document.documentElement, {childList: true, subtree: true});
addEventListener("resize", schedule);   // a phone turned: other cards fit, the counts change
