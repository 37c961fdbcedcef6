// Boards whose pieces stand on the crossings of lines (Alva): the grid's
// lines, edge coordinates, and a point on every playable crossing.

import { PAD, UNIT, edgeLabels, gridGeometry } from "./grid.js";
import { s } from "../ui/dom.js";

export function renderIntersections(layout, turned) {
  const geo = gridGeometry(layout, turned);
  const svg = s("svg", { viewBox: `0 0 ${geo.width} ${geo.height}`, class: "board intersections", role: "img" });
  svg.append(s("rect", { x: 0, y: 0, width: geo.width, height: geo.height, class: "board-bg", rx: 8 }));
  const lines = s("g", { class: "lines" });
  for (let row = 0; row < layout.rows; row++) {
    const a = geo.at(row, 0);
    const b = geo.at(row, layout.cols - 1);
    lines.append(s("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y }));
  }
  for (let col = 0; col < layout.cols; col++) {
    const a = geo.at(0, col);
    const b = geo.at(layout.rows - 1, col);
    lines.append(s("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y }));
  }
  svg.append(lines);
  const coords = s("g", { class: "coords" });
  const { files, ranks } = edgeLabels(layout);
  files.forEach((f, col) => {
    const p = geo.at(turned ? layout.rows - 1 : 0, col);
    const t = s("text", { x: p.x, y: geo.height - PAD / 3, "text-anchor": "middle", "dominant-baseline": "central" });
    t.textContent = f;
    coords.append(t);
  });
  ranks.forEach((r, row) => {
    const p = geo.at(row, turned ? layout.cols - 1 : 0);
    const t = s("text", { x: PAD / 3, y: p.y, "text-anchor": "middle", "dominant-baseline": "central" });
    t.textContent = r;
    coords.append(t);
  });
  svg.append(coords);
  const cells = layout.cells.map((cell, id) => {
    const p = geo.point(id);
    return { id, x: p.x, y: p.y, under: s("circle", { cx: p.x, cy: p.y, r: UNIT * 0.09, class: "point" }) };
  });
  return { svg, cells, radius: geo.radius * 0.9 };
}
