// Where a layout goes on screen for one viewer: board units turned by the
// viewer's turn and scaled to pixels; each cell's centre, corners, and the
// room it gives its pieces; the labels; the box of the board's background
// and of the whole drawing. Texts are placed, never turned, so they stay
// upright however the board is turned. No DOM here.

import { bounds, centreOf, convexHull, cornersOf, insideConvex, inradius, nearestDistances, polygonArea, reachTowards, turner } from "./geometry.js";

/** Pixels per board unit (neighbouring squares or points are one unit apart). */
export const UNIT = 56;

/** The largest piece radius, in board units, however large the cell. */
const MAX_RADIUS = 0.48;

/**
 * The placed board, all in pixels: `cells[id]` = {id, label, x, y, corners
 * (null for a point), room (the radius of the circle it holds), radius
 * (for its pieces and marks), tone, caption, offBoard}; `backdrop` placed
 * likewise; `labels` = [{text, x, y, inside}] and their `labelSize`; the `frame`
 * under the board ({corners, pad}, or null) and its `surface` ("wood"
 * under points, "frame" round tiles); the `view` box holding everything.
 */
export function placeLayout(layout, turn = 0) {
  const shapes = [...layout.cells.map((c) => c.shape), ...(layout.backdrop ?? []).map(([shape]) => shape)];
  const extent = bounds(shapes.flatMap((shape) => cornersOf(shape) ?? [centreOf(shape)]));
  const pivot = extent ? [(extent.minX + extent.maxX) / 2, (extent.minY + extent.maxY) / 2] : [0, 0];
  const turned = turner(turn, pivot);
  const toScreen = (p) => turned(p).map((v) => v * UNIT);

  const place = placer(layout.cells, toScreen);
  const cells = layout.cells.map((cell, id) =>
    place(cell.shape, { id, label: cell.label, tone: cell.tone ?? "plain", caption: cell.caption ?? null, offBoard: Boolean(cell.off_board) }),
  );
  const backdrop = (layout.backdrop ?? []).map(([shape, tone]) => place(shape, { tone: tone ?? "plain" }));

  // Coordinates grow on large boards, which are drawn small.
  const span = extent ? Math.max(extent.maxX - extent.minX, extent.maxY - extent.minY) : 1;
  const labelSize = Math.min(0.6, Math.max(0.3, span / 60)) * UNIT;
  // A label inside the board (an area's name) is written on its cells, not on the frame.
  const boardBox = bounds(cells.filter((c) => !c.offBoard).flatMap(extentOf));
  const labels = (layout.labels ?? []).map(({ text, at }) => {
    const [x, y] = toScreen(at);
    const inside = Boolean(boardBox) && x > boardBox.minX && x < boardBox.maxX && y > boardBox.minY && y < boardBox.maxY;
    return { text, x, y, inside };
  });
  const labelCorners = labels.flatMap(({ text, x, y }) => {
    const w = labelSize * 0.32 * Math.max(1, text.length);
    const h = labelSize * 0.55;
    return [[x - w, y - h], [x + w, y + h]];
  });

  const frame = frameOf(cells, backdrop, labelCorners);
  const surface = cells.some((c) => !c.offBoard && c.corners) ? "frame" : "wood";
  const framed = frame ? grow(bounds(frame.corners), frame.pad) : null;
  const drawn = [...cells.flatMap(extentOf), ...labelCorners, ...(framed ? [[framed.minX, framed.minY], [framed.maxX, framed.maxY]] : [])];
  // The frame's own padding is the margin: the drawing's edge is the board's.
  const view = grow(bounds(drawn) ?? { minX: 0, minY: 0, maxX: UNIT, maxY: UNIT }, 0.02 * UNIT);
  return { unit: UNIT, cells, backdrop, labels, labelSize, frame, surface, view };
}

/**
 * Places a shape on screen with its room: a tile's is the circle inside
 * it; a point's is half the distance to the nearest other point of the
 * board. Pieces take most of a point's room, and most of a tile's up to
 * a limit, so that large tiles keep space for captions and badges; a
 * triangle's piece takes a little more than its room.
 */
function placer(cells, toScreen) {
  const points = cells.map((c) => c.shape).filter((shape) => cornersOf(shape) === null);
  const nearest = nearestDistances(points.map(centreOf));
  const pointRoom = new Map(points.map((shape, i) => [shape, Number.isFinite(nearest[i]) && nearest[i] > 0 ? nearest[i] / 2 : 0.5]));
  return (shape, extra) => {
    const centre = centreOf(shape);
    const corners = cornersOf(shape);
    const room = corners ? inradius(centre, corners) : pointRoom.get(shape) ?? 0.5;
    // A triangle's inscribed circle is small beside its area (a road of
    // Hex-Tri holds one figure): its piece takes the whole circle and a little more.
    const share = corners?.length === 3 ? 1.15 : 0.8;
    const radius = corners ? Math.min(room * share, MAX_RADIUS) : room * 0.7;
    const [x, y] = toScreen(centre);
    return { x, y, corners: corners?.map(toScreen) ?? null, room: room * UNIT, radius: radius * UNIT, ...extra };
  };
}

/** The corners of what a placed cell covers (a point: the circle of its room). */
function extentOf(cell) {
  if (cell.corners) return cell.corners;
  return [[cell.x - cell.room, cell.y - cell.room], [cell.x + cell.room, cell.y + cell.room]];
}

function grow(box, by) {
  return { minX: box.minX - by, minY: box.minY - by, maxX: box.maxX + by, maxY: box.maxY + by };
}

/**
 * The background's outline, drawn `pad` wider all round: a rectangle under
 * a board of points or round a board that nearly fills one, else the
 * convex hull of the tiles (a hexagon round a hexagonal board). It holds
 * the board's cells and labels, and the places beside the board that lie
 * within the hull of its cells (boxes in its corners), not those further out. Null
 * for a board with no cell on it.
 */
function frameOf(cells, backdrop, labelCorners) {
  const onBoard = cells.filter((c) => !c.offBoard);
  if (!onBoard.length) return null;
  const board = [...onBoard.flatMap(extentOf), ...backdrop.flatMap(extentOf)];
  const inner = bounds(board);
  const hull = convexHull(board);
  const within = (c) => insideConvex([c.x, c.y], hull);
  const held = [...onBoard, ...backdrop, ...cells.filter((c) => c.offBoard && within(c))].flatMap(extentOf);
  const pad = 0.2 * UNIT;
  const boxArea = (inner.maxX - inner.minX) * (inner.maxY - inner.minY);
  const tiled = onBoard.some((c) => c.corners);
  if (tiled && polygonArea(convexHull(held)) < 0.85 * boxArea) return { corners: convexHull([...held, ...labelCorners]), pad };
  const box = bounds([...held, ...labelCorners]);
  return { corners: [[box.minX, box.minY], [box.maxX, box.minY], [box.maxX, box.maxY], [box.minX, box.maxY]], pad };
}

/**
 * A spot inside a placed cell towards a direction on screen (degrees
 * clockwise from "right": 225 is the upper left), `share` of the way from
 * its centre to its edge: where a caption, a badge or a marker goes.
 */
export function spot(cell, degrees, share) {
  const a = (degrees * Math.PI) / 180;
  const dir = [Math.cos(a), Math.sin(a)];
  const reach = cell.corners ? reachTowards([cell.x, cell.y], cell.corners, dir) : cell.room;
  const distance = Number.isFinite(reach) ? reach * share : 0;
  return [cell.x + dir[0] * distance, cell.y + dir[1] * distance];
}
