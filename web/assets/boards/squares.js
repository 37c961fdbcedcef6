// Boards of squares (Dame 100, Tactique): a chequerboard whose playable
// squares are the layout's cells, with edge coordinates and, for boards
// numbered square by square (draughts), each square's number.

import { PAD, UNIT, edgeCoordinates, gridGeometry } from "./grid.js";
import { s } from "../ui/dom.js";

export function renderSquares(layout, turned) {
  const geo = gridGeometry(layout, turned);
  const svg = s("svg", { viewBox: `0 0 ${geo.width} ${geo.height}`, class: "board squares", role: "img" });
  svg.append(s("rect", { x: 0, y: 0, width: geo.width, height: geo.height, class: "board-frame", rx: 8 }));
  const every = layout.cells.length === layout.rows * layout.cols;
  const playable = new Set(layout.cells.map((c) => `${c.row},${c.col}`));
  for (let row = 0; row < layout.rows; row++) {
    for (let col = 0; col < layout.cols; col++) {
      const p = geo.at(row, col);
      const dark = every ? (row + col) % 2 === 0 : playable.has(`${row},${col}`);
      svg.append(s("rect", { x: p.x - UNIT / 2, y: p.y - UNIT / 2, width: UNIT, height: UNIT, class: dark ? "square dark" : "square light" }));
    }
  }
  // Zones (Tactique's halves) get a faint wash of their owner's colour.
  for (const zone of layout.zones) {
    for (const id of zone.cells) {
      const cell = layout.cells[id];
      const p = geo.at(cell.row, cell.col);
      svg.append(s("rect", { x: p.x - UNIT / 2, y: p.y - UNIT / 2, width: UNIT, height: UNIT, class: "zone-wash", fill: layout.seats[zone.owner]?.colour ?? "#999" }));
    }
  }
  const numbered = layout.cells.every((c) => /^[0-9]+$/.test(c.label));
  svg.append(edgeCoordinates(layout, geo, turned, PAD / 2));
  const cells = layout.cells.map((cell, id) => {
    const p = geo.point(id);
    const under = s("g", {});
    if (numbered) {
      const t = s("text", { x: p.x - UNIT * 0.42, y: p.y - UNIT * 0.3, class: "cell-number" });
      t.textContent = cell.label;
      under.append(t);
    }
    return { id, x: p.x, y: p.y, under };
  });
  return { svg, cells, radius: geo.radius };
}
