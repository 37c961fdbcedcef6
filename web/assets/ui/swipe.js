// Horizontal swipes on a touch screen, as page turns: a swipe to the left
// goes on (+1), to the right goes back (-1). Mouse pointers are left to
// clicks and drags.

/** The least sideways travel (CSS pixels) that counts as a swipe. */
const MIN_TRAVEL = 48;

/** Calls `onStep(±1)` for each swipe across `element`; returns a function that stops listening. */
export function swipes(element, onStep) {
  let start = null;
  const down = (e) => {
    start = e.pointerType === "touch" ? { x: e.clientX, y: e.clientY } : null;
  };
  const up = (e) => {
    if (!start || e.pointerType !== "touch") return;
    const dx = e.clientX - start.x;
    const dy = e.clientY - start.y;
    start = null;
    // Mostly sideways, so that scrolling the page is not taken for a swipe.
    if (Math.abs(dx) >= MIN_TRAVEL && Math.abs(dx) > 2 * Math.abs(dy)) onStep(dx < 0 ? 1 : -1);
  };
  const cancel = () => (start = null);
  element.addEventListener("pointerdown", down);
  element.addEventListener("pointerup", up);
  element.addEventListener("pointercancel", cancel);
  return () => {
    element.removeEventListener("pointerdown", down);
    element.removeEventListener("pointerup", up);
    element.removeEventListener("pointercancel", cancel);
  };
}
