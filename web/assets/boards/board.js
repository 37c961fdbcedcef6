// A board on screen: the renderer for the layout's shape, the pieces of a
// view, the last move marked, and the cells the player may click next.
// It knows no rules: it draws what it is given and reports clicks.

import { renderHex } from "./hex.js";
import { renderIntersections } from "./intersections.js";
import { renderSquares } from "./squares.js";
import { drawStack } from "./pieces.js";
import { clear, s } from "../ui/dom.js";

const RENDERERS = { hex: renderHex, squares: renderSquares, intersections: renderIntersections };

/** The board turned so that `seat` sits at the bottom (two-seat games turn for seat 1). */
export function turnedFor(seat) {
  return seat === 1;
}

/** The board cell under a point of the page, or null. */
export function cellAt(x, y) {
  const hit = document.elementFromPoint(x, y)?.closest?.("circle.cell");
  return hit ? Number(hit.getAttribute("data-cell")) : null;
}

/**
 * `onCell(id)` is called for a click on a cell; `onDrop(from, to)` when a
 * press on cell `from` is released over another cell `to` (a drag), which
 * the page treats as the two clicks.
 */
export function createBoard(layout, { turned = false, onCell = null, onDrop = null } = {}) {
  const render = RENDERERS[layout.shape];
  if (!render) throw new Error(`no renderer for boards of shape ${layout.shape}`);
  const { svg, cells, radius } = render(layout, turned);
  const under = s("g", { class: "under" });
  const marks = s("g", { class: "marks" });
  const pieces = s("g", { class: "pieces" });
  const hints = s("g", { class: "hints" });
  const hits = s("g", { class: "hits" });
  // A press that ends over another cell is a drag (a click ends where it began).
  let pressed = null;
  for (const cell of cells) {
    under.append(cell.under);
    const hit = s("circle", {
      cx: cell.x,
      cy: cell.y,
      r: radius * 1.15,
      class: "cell",
      "data-cell": cell.id,
      "data-label": layout.cells[cell.id].label,
    });
    const title = s("title");
    title.textContent = layout.cells[cell.id].label;
    hit.append(title);
    if (onCell) hit.addEventListener("click", () => onCell(cell.id));
    if (onDrop) hit.addEventListener("pointerdown", () => (pressed = cell.id));
    hits.append(hit);
  }
  svg.append(under, marks, pieces, hints, hits);
  if (onDrop) {
    svg.addEventListener("pointerup", (e) => {
      const from = pressed;
      pressed = null;
      const to = cellAt(e.clientX, e.clientY);
      if (from !== null && to !== null && to !== from) onDrop(from, to);
    });
  }
  if (onCell) svg.classList.add("interactive");

  function update(view, { selected = [], targets = new Set(), marked = view?.marks ?? [] } = {}) {
    clear(marks);
    clear(pieces);
    clear(hints);
    for (const id of marked) {
      const c = cells[id];
      if (c) marks.append(s("circle", { cx: c.x, cy: c.y, r: radius * 1.12, class: "last-move" }));
    }
    const occupied = new Set();
    for (const stack of view?.stacks ?? []) {
      const c = cells[stack.cell];
      if (!c) continue;
      occupied.add(stack.cell);
      const group = drawStack(stack.pieces, c.x, c.y, radius * 0.78, layout.seats);
      group.setAttribute("data-stack", layout.cells[stack.cell].label);
      group.setAttribute("data-height", stack.pieces.length);
      pieces.append(group);
    }
    for (const id of selected) {
      const c = cells[id];
      if (c) hints.append(s("circle", { cx: c.x, cy: c.y, r: radius * 1.05, class: "selected" }));
    }
    for (const id of targets) {
      const c = cells[id];
      if (!c) continue;
      hints.append(
        occupied.has(id)
          ? s("circle", { cx: c.x, cy: c.y, r: radius * 1.02, class: "target occupied" })
          : s("circle", { cx: c.x, cy: c.y, r: radius * 0.3, class: "target" }),
      );
    }
    for (const hit of hits.children) {
      const id = Number(hit.getAttribute("data-cell"));
      hit.classList.toggle("can", targets.has(id) || selected.includes(id));
    }
  }

  return { element: svg, update };
}
