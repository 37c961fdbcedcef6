// Zooming into a board too large to read at the width of the screen (a
// 36 × 36 maze on a phone): the board grows past its box, which then
// scrolls both ways, keeping the middle of what was seen in view.

import { h } from "./dom.js";

const LEVELS = [1, 1.5, 2, 3, 4];

/**
 * A scrolling box for a board, and buttons that zoom it. The zoom belongs
 * to the box, so a board put in it later (turned for another seat) keeps it.
 */
export function zoomable(testid) {
  let level = 0;
  const box = h("div", { class: "board-scroll", "data-testid": testid });
  const label = h("span", { class: "zoom-level" }, "100%");
  const set = (next) => {
    const centre = [(box.scrollLeft + box.clientWidth / 2) / (box.scrollWidth || 1), (box.scrollTop + box.clientHeight / 2) / (box.scrollHeight || 1)];
    level = Math.max(0, Math.min(LEVELS.length - 1, next));
    box.style.setProperty("--zoom", LEVELS[level]);
    box.classList.toggle("zoomed", level > 0);
    label.textContent = `${LEVELS[level] * 100}%`;
    out.disabled = level === 0;
    inn.disabled = level === LEVELS.length - 1;
    box.scrollLeft = centre[0] * box.scrollWidth - box.clientWidth / 2;
    box.scrollTop = centre[1] * box.scrollHeight - box.clientHeight / 2;
  };
  const out = h("button", { type: "button", class: "zoom-out", title: "Zoom out", "aria-label": "Zoom out", onclick: () => set(level - 1) }, "−");
  const inn = h("button", { type: "button", class: "zoom-in", title: "Zoom in", "aria-label": "Zoom in", onclick: () => set(level + 1) }, "+");
  const controls = h("div", { class: "zoom" }, "Zoom ", out, label, inn);
  out.disabled = true;
  return { box, controls };
}
