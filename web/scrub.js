// The analysis chart (web/app/analysis_view.py) scrubbed: a finger, or a pressed mouse, drawn
// along it goes through the moves it passes, as a slider's thumb does. A tap alone took one
// point, and a phone's chart sets 23 points 14 px apart: a person looking for a move tapped
// again and again.
//
// Each column the pointer enters is clicked: the click the page already answers
// (app/review_analysis.py on_click). The page redraws the chart at each step, so the pointer
// is followed on the document, not on the chart, and its column found by elementFromPoint.
// The chart lets a vertical swipe scroll the page (touch-action: pan-y, web/style.css).
let active = null;   // {id, step}: the pointer drawn along the chart, and the step it took last

function columnAt(x, y) {
  const el = document.elementFromPoint(x, y);
  return el && el.closest ? el.closest("#an-chart [data-step]") : null;
}

document.addEventListener("pointerdown", (e) => {
  if (!e.target.closest || !e.target.closest("#an-chart") || e.button !== 0) return;
  const column = columnAt(e.clientX, e.clientY);
  // (Its own click comes as the press ends: the step it takes is this one.)
  active = {id: e.pointerId, step: column ? column.dataset.step : null};
});

document.addEventListener("pointermove", (e) => {
  if (!active || e.pointerId !== active.id) return;
  const column = columnAt(e.clientX, e.clientY);
  if (!column || column.dataset.step === active.step) return;
  active.step = column.dataset.step;
  column.dispatchEvent(new MouseEvent("click", {bubbles: true}));
});

const stop = (e) => { if (active && e.pointerId === active.id) active = null; };
document.addEventListener("pointerup", stop);
document.addEventListener("pointercancel", stop);
