// The layout's edges between cells: links drawn from centre to centre (the
// lines of a board of points), and walls, heavy lines and double lines
// drawn on the side the two cells share (across the middle of the two
// centres when they share none, as two points do).

import { s } from "../ui/dom.js";
import { crossing, sharedSide } from "./geometry.js";
import { round, segment } from "./draw.js";

const SIDE_CLASSES = { wall: "wall", line: "edge-line", double: "double" };

/** The lines from centre to centre of the "link" edges. */
export function links(placed, edges = []) {
  const group = s("g", { class: "links" });
  for (const [a, b, kind] of edges) {
    const [p, q] = [placed.cells[a], placed.cells[b]];
    if (kind !== "link" || !p || !q) continue;
    group.append(segment([[p.x, p.y], [q.x, q.y]]));
  }
  return group;
}

/** The walls, lines and double lines, each one element classed by its kind. */
export function sides(placed, edges = []) {
  const group = s("g", { class: "sides" });
  for (const [a, b, kind] of edges) {
    const [p, q] = [placed.cells[a], placed.cells[b]];
    if (!(kind in SIDE_CLASSES) || !p || !q) continue;
    const side = (p.corners && q.corners && sharedSide(p.corners, q.corners)) ?? crossing([p.x, p.y], [q.x, q.y]);
    const attrs = { class: SIDE_CLASSES[kind], "data-edge": `${a}-${b}` };
    group.append(kind === "double" ? doubleLine(side, placed.unit * 0.09, attrs) : segment(side, attrs));
  }
  return group;
}

/** Two thin lines `gap` either side of a segment, as one path. */
function doubleLine([[x1, y1], [x2, y2]], gap, attrs) {
  const len = Math.hypot(x2 - x1, y2 - y1) || 1;
  const [nx, ny] = [(-(y2 - y1) / len) * gap, ((x2 - x1) / len) * gap];
  const line = (k) => `M${round(x1 + nx * k)} ${round(y1 + ny * k)}L${round(x2 + nx * k)} ${round(y2 + ny * k)}`;
  return s("path", { d: `${line(1)}${line(-1)}`, ...attrs });
}
