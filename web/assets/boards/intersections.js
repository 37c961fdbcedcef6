// Boards whose pieces stand on the crossings of lines (Alva): the grid's
// lines, edge coordinates, and a point on every playable crossing.

import { PAD, UNIT, edgeCoordinates, gridGeometry } from "./grid.js";
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
  svg.append(edgeCoordinates(layout, geo, turned, PAD / 3));
  // Points of a zone (Alva's scoring edge) are drawn larger, ringed, and named.
  const zoneOf = new Map();
  for (const zone of layout.zones) for (const c of zone.cells) zoneOf.set(c, zone);
  const cells = layout.cells.map((cell, id) => {
    const p = geo.point(id);
    const zone = zoneOf.get(id);
    const under = s("circle", { cx: p.x, cy: p.y, r: UNIT * (zone ? 0.14 : 0.09), class: `point${zone ? " zone-point" : ""}` });
    if (zone) {
      const title = s("title");
      title.textContent = zone.name;
      under.append(title);
    }
    return { id, x: p.x, y: p.y, under };
  });
  return { svg, cells, radius: geo.radius * 0.9 };
}
