import { test } from "node:test";
import assert from "node:assert/strict";
import { UNIT, placeLayout, spot } from "../../assets/boards/placement.js";

const near = (a, b, eps = 1e-6) => Math.abs(a - b) < eps;

// A 3 × 3 board of squares as the server describes one: a1 bottom left
// (y grows downwards), files written under it, ranks beside it.
function squares() {
  const cells = [];
  for (let row = 0; row < 3; row++) {
    for (let col = 0; col < 3; col++) {
      cells.push({ label: `${"abc"[col]}${3 - row}`, shape: { square: [col + 0.5, row + 0.5, 1] }, tone: (row + col) % 2 ? "light" : "dark" });
    }
  }
  const labels = [..."abc"].map((text, col) => ({ text, at: [col + 0.5, 3.45] }));
  return { cells, labels, seats: [{ name: "White", colour: "#fff", turn: 0 }, { name: "Black", colour: "#000", turn: 180 }] };
}

const byLabel = (placed, label) => placed.cells.find((c) => c.label === label);

test("cells are placed in pixels, a1 at the bottom left for seat 0", () => {
  const placed = placeLayout(squares(), 0);
  const [a1, c3] = [byLabel(placed, "a1"), byLabel(placed, "c3")];
  assert.ok(a1.x < c3.x && a1.y > c3.y);
  assert.ok(near(c3.x - a1.x, 2 * UNIT) && near(a1.y - c3.y, 2 * UNIT));
  assert.equal(a1.corners.length, 4);
  assert.ok(near(a1.room, UNIT / 2), "a unit square holds a circle of half a unit");
  assert.ok(a1.radius < a1.room);
  assert.equal(placed.surface, "frame", "tiles sit in a dark frame");
});

test("turning the board moves cells and labels but keeps texts upright", () => {
  const layout = squares();
  const straight = placeLayout(layout, 0);
  const turned = placeLayout(layout, 180);
  const centre = (p) => [(p.view.minX + p.view.maxX) / 2, (p.view.minY + p.view.maxY) / 2];
  // a1 is now top right: opposite its old place about the drawing's middle.
  const [cx, cy] = centre(turned);
  const a1 = byLabel(turned, "a1");
  const c3 = byLabel(turned, "c3");
  assert.ok(a1.x > c3.x && a1.y < c3.y);
  assert.ok(near(a1.x - cx, -(byLabel(straight, "a1").x - centre(straight)[0])));
  assert.ok(near(a1.y - cy, -(byLabel(straight, "a1").y - centre(straight)[1])));
  // The file letters are now above the board, in the other order.
  const [a, c] = [turned.labels[0], turned.labels[2]];
  assert.ok(a.y < c3.y && a.x > c.x);
  // Same cells, same room, whatever the turn.
  assert.deepEqual(turned.cells.map((cell) => cell.label), straight.cells.map((cell) => cell.label));
  assert.ok(turned.cells.every((cell, i) => near(cell.room, straight.cells[i].room)));
});

test("the drawing holds every cell and label; the frame holds the board", () => {
  const placed = placeLayout(squares(), 90);
  const { view, frame } = placed;
  for (const cell of placed.cells) {
    for (const [x, y] of cell.corners) assert.ok(x >= view.minX && x <= view.maxX && y >= view.minY && y <= view.maxY);
  }
  for (const { x, y } of placed.labels) {
    assert.ok(x > view.minX && x < view.maxX && y > view.minY && y < view.maxY);
    assert.ok(frame.corners.some(([fx]) => fx <= x) && frame.corners.some(([fx]) => fx >= x), "labels sit on the frame");
  }
});

test("points get room from their spacing and sit on light wood", () => {
  const cells = [0, 1, 2].map((i) => ({ label: `p${i}`, shape: { point: [i * 2, 0] } }));
  const placed = placeLayout({ cells, seats: [] }, 0);
  assert.equal(placed.surface, "wood");
  assert.equal(placed.cells[0].corners, null);
  assert.ok(near(placed.cells[0].room, UNIT), "half the distance to the nearest point");
});

test("places beside the board are marked, and captions come along", () => {
  const layout = squares();
  layout.cells.push({ label: "R", shape: { hexagon: [1.5, 6, 0.8] }, off_board: true, caption: "reserve" });
  const placed = placeLayout(layout, 0);
  const reserve = byLabel(placed, "R");
  assert.equal(reserve.offBoard, true);
  assert.equal(reserve.caption, "reserve");
  assert.ok(placed.frame.corners.every(([, y]) => y < reserve.y), "a reserve outside the board's bounds stays off the frame");
  assert.ok(reserve.y < placed.view.maxY, "but in the drawing");
});

test("spots inside a cell lie towards their direction on screen", () => {
  const placed = placeLayout(squares(), 0);
  const a1 = byLabel(placed, "a1");
  const [x, y] = spot(a1, 225, 0.6);
  assert.ok(x < a1.x && y < a1.y, "upper left");
  assert.ok(a1.x - x < UNIT / 2 && a1.y - y < UNIT / 2, "inside the square");
});
