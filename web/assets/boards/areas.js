// The layout's named areas as drawn: a tint (each cell washed faintly in
// its owner's colour, or in a given colour), an outline round the area's
// outer boundary, or a small marker on each of its cells.

import { s } from "../ui/dom.js";
import { outerSides } from "./geometry.js";
import { outline, ring, round, text } from "./draw.js";
import { spot } from "./placement.js";

const FALLBACK = "#999999";

/** What an area's style is: "tint", "outline" or "marker", and its value. */
export function styleOf(area) {
  if (typeof area.style === "string") return { kind: area.style, value: null };
  const [kind, value] = Object.entries(area.style ?? {})[0] ?? ["outline", null];
  return { kind, value };
}

function ownerColour(area, seats) {
  return area.owner !== undefined && area.owner !== null ? seats[area.owner]?.colour ?? FALLBACK : null;
}

/** Points of areas tinted in an owner's colour, cell id → colour (a castle's points). */
export function ownedPoints(placed, layout) {
  const colours = new Map();
  for (const area of layout.areas ?? []) {
    const colour = ownerColour(area, layout.seats);
    if (styleOf(area).kind !== "tint" || !colour) continue;
    for (const id of area.cells) if (placed.cells[id] && !placed.cells[id].corners) colours.set(id, colour);
  }
  return colours;
}

/** The tinted areas' washes. */
export function tints(placed, layout) {
  const group = s("g", { class: "area-tints" });
  for (const area of layout.areas ?? []) {
    const { kind, value } = styleOf(area);
    if (kind !== "tint") continue;
    const fill = value ?? ownerColour(area, layout.seats) ?? FALLBACK;
    const cls = `area-tint ${value ? "coloured" : "owned"}`;
    for (const id of area.cells) {
      const cell = placed.cells[id];
      if (!cell) continue;
      group.append(cell.corners ? outline(cell, 1, { class: cls, fill }) : ring(cell, cell.room * 1.04, { class: `${cls} point-tint`, fill }));
    }
  }
  return group;
}

/** A line round each outlined area: the outer sides of its tiles, a ring round its points. */
export function outlines(placed, layout) {
  const group = s("g", { class: "area-outlines" });
  for (const area of layout.areas ?? []) {
    if (styleOf(area).kind !== "outline") continue;
    const cells = area.cells.map((id) => placed.cells[id]).filter(Boolean);
    const colour = ownerColour(area, layout.seats);
    const attrs = { class: "area-outline", ...(colour ? { style: `stroke:${colour}` } : {}) };
    const sides = outerSides(cells.filter((c) => c.corners).map((c) => c.corners));
    if (sides.length) {
      const d = sides.map(([[x1, y1], [x2, y2]]) => `M${round(x1)} ${round(y1)}L${round(x2)} ${round(y2)}`).join("");
      group.append(s("path", { d, ...attrs, "data-area": area.name }));
    }
    for (const cell of cells.filter((c) => !c.corners)) group.append(ring(cell, cell.room * 0.8, attrs));
  }
  return group;
}

/**
 * Each marked area's symbol in its owner's colour. On a tile with no
 * caption (a maze's square) it fills the tile, under the piece that may
 * stand on it, so an entry square stays marked round its piece; on a
 * captioned tile it sits in the upper right, clear of the caption, or
 * across the middle of a tile too small for a corner to hold it; on a
 * point, in the upper right, the point ringed as it has no room to mark.
 */
export function markers(placed, layout) {
  const group = s("g", { class: "area-markers" });
  for (const area of layout.areas ?? []) {
    const { kind, value } = styleOf(area);
    if (kind !== "marker" || !value) continue;
    const colour = ownerColour(area, layout.seats);
    const paint = colour ? { style: `fill:${colour}` } : {};
    for (const id of area.cells) {
      const cell = placed.cells[id];
      if (!cell) continue;
      const filled = Boolean(cell.corners) && !cell.caption;
      const middle = cell.corners && cell.room < placed.unit * 0.4;
      const [x, y] = filled || middle ? [cell.x, cell.y] : spot(cell, 315, cell.corners ? 0.6 : 0.75);
      const size = filled ? cell.room * 2 : middle ? cell.room * 1.2 : Math.min(cell.room * (cell.corners ? 0.62 : 0.5), placed.unit * 0.4);
      const mark = text(x, y, value, size, { class: `marker${filled ? " filled" : ""}`, ...paint });
      const title = s("title");
      title.textContent = area.name;
      mark.append(title);
      if (!cell.corners) group.append(ring(cell, cell.room * 0.3, { class: "point-marker", ...(colour ? { style: `stroke:${colour}` } : {}) }));
      group.append(mark);
    }
  }
  return group;
}
