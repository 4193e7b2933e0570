// Drag a hand tile onto the table: an alternative to tap-then-place.
//
// Enabled hand tiles carry data-targets (Chicken Foot: the table tiles they
// may join, space-separated) or data-drop="board" (Moon: any drop on the
// table plays the tile).  While a tile is dragged, a picture of it follows
// the pointer and the legal table tiles are marked; a drop near one of them
// asks the page to play there by dispatching a "boneyard-play" event whose
// detail is the action ("9-5>9-9" or "6-4").  The page checks that the
// action is legal before playing it.  Taps stay taps: a drag starts only
// after the pointer has moved a few pixels.

const START_PX = 8;
const SNAP_PX = 70;
let drag = null;

function targetsOf(button) {
  return (button.dataset.targets || "").split(" ").filter(Boolean);
}

function tableTile(name) {
  for (const el of document.querySelectorAll("#g-table svg.tile")) {
    if (el.getAttribute("aria-label") === name) return el;
  }
  return null;
}

function mark(on) {
  if (!drag) return;
  for (const name of drag.targets) {
    const el = tableTile(name);
    if (el) el.classList.toggle("drop-ok", on);
  }
  const table = document.getElementById("g-table");
  if (table && drag.board) table.classList.toggle("drop-board", on);
}

// The table's visible box: a zoomed or panned table has tiles outside it (under the hand,
// hidden), and only what a person can see takes a drop.
function shownBox() {
  const view = document.getElementById("cf-view") || document.getElementById("g-table");
  return view ? view.getBoundingClientRect() : null;
}

// The legal target under or nearest to (x, y), within SNAP_PX of the part of its box in
// view, with (x, y) over the table: a tile taken back to the hand once joined a table tile
// hidden under it.
function dropTarget(x, y) {
  const view = shownBox();
  if (!view || x < view.left || x > view.right || y < view.top || y > view.bottom) return null;
  let best = null;
  let bestD = SNAP_PX;
  for (const name of drag.targets) {
    const el = tableTile(name);
    if (!el) continue;
    const box = el.getBoundingClientRect();
    const r = {left: Math.max(box.left, view.left), right: Math.min(box.right, view.right),
               top: Math.max(box.top, view.top), bottom: Math.min(box.bottom, view.bottom)};
    if (r.left > r.right || r.top > r.bottom) continue;   // wholly out of view
    const dx = Math.max(r.left - x, 0, x - r.right);
    const dy = Math.max(r.top - y, 0, y - r.bottom);
    const d = Math.hypot(dx, dy);
    if (d < bestD) {
      best = name;
      bestD = d;
    }
  }
  return best;
}

function overBoard(x, y) {
  const board = document.getElementById("g-table");
  if (!board) return false;
  const r = board.getBoundingClientRect();
  return x >= r.left && x <= r.right && y >= r.top && y <= r.bottom;
}

function end() {
  if (!drag) return;
  mark(false);
  if (drag.ghost) drag.ghost.remove();
  drag.button.classList.remove("dragging");
  drag = null;
}

document.addEventListener("pointerdown", (event) => {
  if (event.button !== 0) return;
  const button = event.target.closest && event.target.closest("#game .hand button.tile-btn:not([disabled])");
  if (!button || !(button.dataset.targets || button.dataset.drop)) return;
  drag = {
    button, pointer: event.pointerId, x: event.clientX, y: event.clientY, ghost: null, moved: false,
    tile: button.dataset.arg, targets: targetsOf(button), board: button.dataset.drop === "board",
  };
});

document.addEventListener("pointermove", (event) => {
  if (!drag || event.pointerId !== drag.pointer) return;
  if (!drag.moved) {
    if (Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < START_PX) return;
    drag.moved = true;
    drag.button.classList.add("dragging");
    const ghost = document.createElement("div");
    ghost.className = "drag-ghost";
    ghost.setAttribute("aria-hidden", "true");
    const svg = drag.button.querySelector("svg");
    if (svg) ghost.appendChild(svg.cloneNode(true));
    document.body.appendChild(ghost);
    drag.ghost = ghost;
    mark(true);
  }
  event.preventDefault();
  drag.ghost.style.transform = `translate(${event.clientX}px, ${event.clientY}px) translate(-50%, -50%)`;
});

document.addEventListener("pointerup", (event) => {
  if (!drag || event.pointerId !== drag.pointer) return;
  const {moved, tile, board} = drag;
  let action = null;
  if (moved) {
    if (board) {
      if (overBoard(event.clientX, event.clientY)) action = tile;
    } else {
      const target = dropTarget(event.clientX, event.clientY);
      if (target) action = tile + ">" + target;
    }
    // The click that follows a drag (in the same task as this pointerup) is
    // not a tap on the tile.
    const swallow = (e) => e.stopPropagation();
    addEventListener("click", swallow, {capture: true, once: true});
    setTimeout(() => removeEventListener("click", swallow, {capture: true}), 0);
  }
  // Where the tile was let go, for its flight to its place to start there (web/travel.js),
  // not at the player's card.
  if (action && drag.ghost) {
    const r = drag.ghost.getBoundingClientRect();
    window.boneyardFrom = {tile, x: event.clientX, y: event.clientY, size: Math.max(r.width, r.height),
                              at: performance.now()};
  }
  end();
  if (action) document.dispatchEvent(new CustomEvent("boneyard-play", {detail: action}));
});

document.addEventListener("pointercancel", end);
document.addEventListener("keydown", (event) => {
  if (event.key === "Escape") end();
});
