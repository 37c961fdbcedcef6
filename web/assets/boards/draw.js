// SVG primitives shared by the board's layers: a placed cell's outline (its
// polygon, or a circle for a point), polygons, segments and upright text,
// with coordinates rounded so that large boards stay compact.

import { s } from "../ui/dom.js";

/** A number rounded to hundredths of a pixel. */
export function round(value) {
  return Math.round(value * 100) / 100;
}

/** An SVG `points` attribute from [[x, y], …]. */
export function pointList(corners) {
  return corners.map(([x, y]) => `${round(x)},${round(y)}`).join(" ");
}

/**
 * A placed cell's shape scaled by `scale` about its centre: its polygon, or
 * for a point a circle of `scale` times its room.
 */
export function outline(cell, scale, attrs = {}) {
  if (!cell.corners) return s("circle", { cx: round(cell.x), cy: round(cell.y), r: round(cell.room * scale), ...attrs });
  const corners = cell.corners.map(([x, y]) => [cell.x + (x - cell.x) * scale, cell.y + (y - cell.y) * scale]);
  return s("polygon", { points: pointList(corners), ...attrs });
}

/** A circle about a placed cell's centre. */
export function ring(cell, r, attrs = {}) {
  return s("circle", { cx: round(cell.x), cy: round(cell.y), r: round(r), ...attrs });
}

/** A line from one point to another. */
export function segment([[x1, y1], [x2, y2]], attrs = {}) {
  return s("line", { x1: round(x1), y1: round(y1), x2: round(x2), y2: round(y2), ...attrs });
}

/** Upright text centred on (x, y). */
export function text(x, y, value, size, attrs = {}) {
  const t = s("text", {
    x: round(x),
    y: round(y),
    "font-size": round(size),
    "text-anchor": "middle",
    "dominant-baseline": "central",
    ...attrs,
  });
  t.textContent = value;
  return t;
}
