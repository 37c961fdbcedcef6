// Grid geometry shared by the square and intersection renderers: row 0 is
// the rank nearest seat 0, drawn at the bottom unless the board is turned.

import { s } from "../ui/dom.js";

export const UNIT = 52;
export const PAD = 30;

/**
 * Where each cell is drawn. On squares a cell is the centre of its square;
 * on intersections the lines are UNIT apart and cells sit on crossings.
 */
export function gridGeometry(layout, turned = false) {
  const width = PAD * 2 + layout.cols * UNIT;
  const height = PAD * 2 + layout.rows * UNIT;
  const at = (row, col) => {
    const x = PAD + col * UNIT + UNIT / 2;
    const y = PAD + (layout.rows - 1 - row) * UNIT + UNIT / 2;
    return turned ? { x: width - x, y: height - y } : { x, y };
  };
  return { width, height, at, point: (cellId) => at(layout.cells[cellId].row, layout.cells[cellId].col), radius: UNIT * 0.4 };
}

/** Edge coordinates: files a, b, c… along the bottom, ranks 1, 2, 3… up the side. */
export function edgeLabels(layout) {
  const files = Array.from({ length: layout.cols }, (_, i) => String.fromCharCode(97 + i));
  const ranks = Array.from({ length: layout.rows }, (_, i) => String(i + 1));
  return { files, ranks };
}

/** The edge coordinates as an SVG group, `inset` from the board's left and bottom edges. */
export function edgeCoordinates(layout, geo, turned, inset) {
  const coords = s("g", { class: "coords" });
  const { files, ranks } = edgeLabels(layout);
  const label = (x, y, text) => {
    const t = s("text", { x, y, "text-anchor": "middle", "dominant-baseline": "central" });
    t.textContent = text;
    coords.append(t);
  };
  files.forEach((f, col) => label(geo.at(0, col).x, geo.height - inset, f));
  ranks.forEach((r, row) => label(inset, geo.at(row, turned ? layout.cols - 1 : 0).y, r));
  return coords;
}
