// The board's fixed ground: its background (light wood under a board of
// points, a dark frame round tiles), the backdrop, the cells as tiles
// coloured by tone or as dots where lines cross, places beside the board
// drawn apart, and the texts printed on it (coordinates, captions).

import { s } from "../ui/dom.js";
import { outline, pointList, ring, round, text } from "./draw.js";
import { spot } from "./placement.js";

const TONES = new Set(["plain", "light", "dark", "land", "water"]);

function toneClass(tone) {
  return TONES.has(tone) ? tone : "plain";
}

/** The background under the board's cells and coordinates, or null: its outline widened by a round stroke. */
export function background(placed) {
  const frame = placed.frame;
  if (!frame) return null;
  return s("polygon", {
    points: pointList(frame.corners),
    "stroke-width": round(frame.pad * 2),
    "stroke-linejoin": "round",
    class: placed.surface === "wood" ? "board-bg" : "board-frame",
  });
}

/** The backdrop's shapes and the cells that are tiles, coloured by tone. */
export function tiles(placed) {
  const group = s("g", { class: "tiles" });
  for (const shape of placed.backdrop) {
    group.append(outline(shape, 1, { class: `tile backdrop ${toneClass(shape.tone)}` }));
  }
  for (const cell of placed.cells) {
    if (!cell.corners) continue;
    group.append(outline(cell, 1, { class: `tile ${toneClass(cell.tone)}${cell.offBoard ? " off-board" : ""}` }));
  }
  return group;
}

/**
 * The cells that are points, as dots; `colours` (cell id → CSS colour)
 * fills those of an owned area, as a castle's points are.
 */
export function points(placed, colours) {
  const group = s("g", { class: "points" });
  for (const cell of placed.cells) {
    if (cell.corners) continue;
    const colour = colours.get(cell.id);
    const attrs = { class: `point${colour ? " owned" : ""}${cell.offBoard ? " off-board" : ""}` };
    if (colour) attrs.style = `--owner:${colour}`;
    if (cell.offBoard) group.append(ring(cell, cell.room * 0.9, { class: "off-board-ring" }));
    group.append(ring(cell, cell.room * (colour ? 0.3 : 0.26), attrs));
  }
  return group;
}

/**
 * Where a cell's caption goes: in a square's upper left corner, as numbers
 * are printed on a draughts board (a name, such as a box's beside the
 * board, along its top); under the top of any other tile (a hexagon's flat
 * top has the most room above its pieces, which stack upwards); up and
 * left of a point.
 */
export function captionSpot(cell) {
  if (!cell.corners) return spot(cell, 225, 1.1);
  if (cell.corners.length !== 4) return spot(cell, 270, 0.76);
  return isName(cell.caption) ? spot(cell, 270, 0.7) : spot(cell, 225, 0.62);
}

/** Whether a caption is a name rather than a number or a mark. */
function isName(caption) {
  return caption.length > 3;
}

/**
 * Every cell's name written on it, for boards whose cells have none
 * printed (the points of a hexagonal board): where its caption would go,
 * for the cells that have no caption.
 */
export function cellNames(placed) {
  const group = s("g", { class: "cell-names" });
  for (const cell of placed.cells) {
    if (cell.caption || cell.offBoard) continue;
    const [x, y] = captionSpot(cell);
    group.append(text(x, y, cell.label, Math.min(cell.room * 0.42, placed.unit * 0.28), { class: "cell-name" }));
  }
  return group;
}

/** Coordinates and names written on the board, and each cell's caption. */
export function texts(placed) {
  const group = s("g", { class: "texts" });
  const coords = s("g", { class: "coords" });
  for (const label of placed.labels) {
    coords.append(text(label.x, label.y, label.text, placed.labelSize, label.inside ? { class: "inside" } : {}));
  }
  group.append(coords);
  for (const cell of placed.cells) {
    if (!cell.caption) continue;
    const [x, y] = captionSpot(cell);
    // A name shrinks to fit its square's width.
    const fits = isName(cell.caption) && cell.corners ? (cell.room * 1.8) / (0.58 * cell.caption.length) : Infinity;
    const size = Math.min(cell.room * 0.42, placed.unit * 0.3, fits);
    group.append(text(x, y, cell.caption, size, { class: `caption on-${toneClass(cell.tone)}` }));
  }
  return group;
}
