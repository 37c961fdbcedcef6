// The hexagonal point board (Accasta, Abande, Attangle): horizontal rows of
// points, seat 0's side at the bottom unless the board is turned.

import { drawStack } from "./pieces.js";
import { s } from "../ui/dom.js";

const UNIT = 64;
const PAD = 44;

/** Where each cell is drawn: x from the doubled column, y from the row. */
export function hexGeometry(layout, turned = false) {
  const dx = UNIT / 2;
  const dy = UNIT * 0.866;
  const width = PAD * 2 + (layout.cols - 1) * dx;
  const height = PAD * 2 + (layout.rows - 1) * dy;
  const point = (cellId) => {
    const cell = layout.cells[cellId];
    const x = PAD + cell.col * dx;
    const y = PAD + (layout.rows - 1 - cell.row) * dy;
    return turned ? { x: width - x, y: height - y } : { x, y };
  };
  return { width, height, point, radius: UNIT * 0.34 };
}

/** Pairs of neighbouring cells (one step apart), for drawing the lines. */
export function hexNeighbours(layout) {
  const pairs = [];
  const cells = layout.cells;
  for (let a = 0; a < cells.length; a++) {
    for (let b = a + 1; b < cells.length; b++) {
      const dr = Math.abs(cells[a].row - cells[b].row);
      const dc = Math.abs(cells[a].col - cells[b].col);
      if ((dr === 0 && dc === 2) || (dr === 1 && dc === 1)) pairs.push([a, b]);
    }
  }
  return pairs;
}

export function renderHex(layout, turned) {
  const geo = hexGeometry(layout, turned);
  const svg = s("svg", { viewBox: `0 0 ${geo.width} ${geo.height}`, class: "board hex", role: "img" });
  const zoneOf = new Map();
  for (const zone of layout.zones) for (const c of zone.cells) zoneOf.set(c, zone);
  const lines = s("g", { class: "lines" });
  for (const [a, b] of hexNeighbours(layout)) {
    const p = geo.point(a);
    const q = geo.point(b);
    lines.append(s("line", { x1: p.x, y1: p.y, x2: q.x, y2: q.y }));
  }
  svg.append(s("rect", { x: 0, y: 0, width: geo.width, height: geo.height, class: "board-bg", rx: 14 }), lines);
  const coords = s("g", { class: "coords" });
  const rowsSeen = new Map();
  layout.cells.forEach((cell, id) => {
    const row = rowsSeen.get(cell.row) ?? [];
    row.push(id);
    rowsSeen.set(cell.row, row);
  });
  for (const ids of rowsSeen.values()) {
    const letter = layout.cells[ids[0]].label.replace(/[0-9]+$/, "");
    const first = geo.point(ids[0]);
    const last = geo.point(ids[ids.length - 1]);
    const [left, right] = first.x < last.x ? [first, last] : [last, first];
    for (const [p, dir] of [[left, -1], [right, 1]]) {
      const t = s("text", { x: p.x + dir * UNIT * 0.6, y: p.y, "text-anchor": "middle", "dominant-baseline": "central" });
      t.textContent = letter;
      coords.append(t);
    }
  }
  svg.append(coords);
  // Zones (castles) are tinted with their owner's colour under the lines.
  const tint = s("g", { class: "zones" });
  for (const [id, zone] of zoneOf) {
    const p = geo.point(id);
    tint.append(s("circle", { cx: p.x, cy: p.y, r: UNIT * 0.52, fill: layout.seats[zone.owner]?.colour ?? "#999", class: "zone-tint" }));
  }
  svg.insertBefore(tint, lines);
  const cells = layout.cells.map((cell, id) => {
    const p = geo.point(id);
    const zone = zoneOf.get(id);
    return {
      id,
      x: p.x,
      y: p.y,
      under: s("circle", {
        cx: p.x,
        cy: p.y,
        r: geo.radius * 0.5,
        class: `point${zone ? " zone" : ""}`,
        ...(zone ? { style: `--zone:${layout.seats[zone.owner]?.colour ?? "#999"}` } : {}),
      }),
    };
  });
  return { svg, cells, radius: geo.radius };
}
