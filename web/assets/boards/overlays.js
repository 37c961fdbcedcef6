// What changes on the board from view to view, besides the pieces: cell
// attributes (an owner's colour, a number badge, a short word), the last
// move's cells, the player's selected cells and possible targets, and the
// way a chosen piece would go.

import { s } from "../ui/dom.js";
import { outline, ring, round, text } from "./draw.js";
import { isLight } from "./pieces.js";
import { spot } from "./placement.js";

/** Cells held by a seat: washed and edged in its colour, under the edges and texts. */
export function ownerWashes(placed, attributes, seats) {
  const out = [];
  for (const attr of attributes) {
    const cell = placed.cells[attr.cell];
    if (!cell || attr.owner === undefined || attr.owner === null) continue;
    const colour = seats[attr.owner]?.colour ?? "#888";
    const attrs = { class: "attr-owner", fill: colour, stroke: colour, "data-owner": attr.owner };
    out.push(cell.corners ? outline(cell, 0.9, attrs) : ring(cell, cell.room * 0.9, attrs));
  }
  return out;
}

/** Numbers as badges in the lower right of their cells, words along the bottom. */
export function attributeNotes(placed, attributes, seats) {
  const out = [];
  for (const attr of attributes) {
    const cell = placed.cells[attr.cell];
    if (!cell) continue;
    if (attr.value !== undefined && attr.value !== null) out.push(badge(placed, cell, String(attr.value), seats[attr.owner]?.colour));
    if (attr.tag) {
      const [x, y] = spot(cell, 90, cell.corners ? 0.74 : 1.15);
      const size = Math.min(cell.room * 0.34, placed.unit * 0.22);
      out.push(text(x, y, attr.tag, size, { class: "attr-tag" }));
    }
  }
  return out;
}

function badge(placed, cell, value, colour) {
  const [x, y] = spot(cell, 45, cell.corners ? 0.72 : 1.0);
  const size = Math.min(cell.room * 0.4, placed.unit * 0.28);
  const width = size * (0.62 * value.length + 0.7);
  const height = size * 1.3;
  const fill = colour ?? "#23211d";
  return s("g", { class: "attr-value", "data-value": value },
    s("rect", { x: round(x - width / 2), y: round(y - height / 2), width: round(width), height: round(height), rx: round(height / 2), fill }),
    text(x, y, value, size, { fill: isLight(fill) ? "#23211d" : "#ffffff" }));
}

/** The last move's cells, washed. */
export function lastMoves(placed, ids) {
  return ids
    .map((id) => placed.cells[id])
    .filter(Boolean)
    .map((cell) => {
      const attributes = { class: "last-move", "data-cell": cell.id };
      return cell.corners ? outline(cell, 0.94, attributes) : ring(cell, cell.radius * 1.12, attributes);
    });
}

/**
 * The path a piece would take: a line through the cells' centres in the
 * mover's colour, a dot on each cell passed and a ring where it ends.
 */
export function pathLine(placed, ids, colour = "#23211d") {
  const cells = ids.map((id) => placed.cells[id]).filter(Boolean);
  const group = s("g", { class: "path", style: `--path: ${colour}`, "data-path": ids.join(" ") });
  // A light casing under the line keeps it clear on a tint of its own colour.
  // Widths follow the cell, so the line reads the same on every board.
  const points = cells.map((c) => `${round(c.x)},${round(c.y)}`).join(" ");
  const width = (cells[0]?.radius ?? 10) * 0.3;
  group.append(
    s("polyline", { points, class: "casing", "stroke-width": round(width * 1.8) }),
    s("polyline", { points, class: "line", "stroke-width": round(width) }),
  );
  for (const cell of cells.slice(1, -1)) {
    group.append(ring(cell, cell.radius * 0.14, { class: "step", "stroke-width": round(width * 0.4) }));
  }
  const end = cells[cells.length - 1];
  if (end) group.append(ring(end, end.radius * 0.5, { class: "end", "stroke-width": round(width) }));
  return group;
}

/**
 * The cells clicked so far, ringed, and the cells that may be clicked next,
 * dotted or ringed. A ring hugs the piece, clear of the cell's caption.
 */
export function hints(placed, selected, targets, occupied) {
  const out = [];
  for (const id of selected) {
    const cell = placed.cells[id];
    if (!cell) continue;
    out.push(cell.corners ? outline(cell, 0.86, { class: "selected" }) : ring(cell, cell.radius * 1.05, { class: "selected" }));
  }
  for (const id of targets) {
    const cell = placed.cells[id];
    if (!cell) continue;
    out.push(occupied.has(id)
      ? ring(cell, cell.radius * 0.88, { class: "target occupied" })
      : ring(cell, cell.radius * 0.3, { class: "target" }));
  }
  return out;
}
