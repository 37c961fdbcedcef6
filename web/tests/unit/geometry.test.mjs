import { test } from "node:test";
import assert from "node:assert/strict";
import {
  centreOf,
  convexHull,
  cornersOf,
  crossing,
  inradius,
  outerSides,
  polygonArea,
  reachTowards,
  sharedSide,
  turner,
} from "../../assets/boards/geometry.js";

const near = (a, b, eps = 1e-6) => Math.abs(a - b) < eps;
const nearPoint = (p, q) => near(p[0], q[0]) && near(p[1], q[1]);
/** A segment's two ends, in either order, are these two points. */
const sameSegment = (segment, [p, q]) => (nearPoint(segment[0], p) && nearPoint(segment[1], q)) || (nearPoint(segment[0], q) && nearPoint(segment[1], p));

test("shapes have the corners the layout format describes", () => {
  assert.equal(cornersOf({ point: [1, 2] }), null);
  assert.deepEqual(cornersOf({ square: [0.5, 0.5, 1] }), [[0, 0], [1, 0], [1, 1], [0, 1]]);
  // A flat-topped hexagon: corners at 0°, 60°, … so two of them are level with the centre.
  const hexagon = cornersOf({ hexagon: [0, 0, 1] });
  assert.equal(hexagon.length, 6);
  assert.ok(nearPoint(hexagon[0], [1, 0]) && nearPoint(hexagon[3], [-1, 0]));
  assert.ok(near(hexagon[1][1], hexagon[2][1]), "a flat side at the bottom (y down)");
  // A triangle with up = 1 has its apex above its centre on screen (smaller y).
  const up = cornersOf({ triangle: [0, 0, 1, 1] });
  assert.ok(nearPoint(up[0], [0, -1]));
  const down = cornersOf({ triangle: [0, 0, 1, 0] });
  assert.ok(nearPoint(down[0], [0, 1]));
  assert.deepEqual(centreOf({ polygon: [0, 0, 2, 0, 2, 2, 0, 2] }), [1, 1]);
});

test("turning is clockwise on screen, about a pivot, exact for quarter turns", () => {
  const quarter = turner(90);
  assert.deepEqual(quarter([1, 0]), [0, 1], "right goes to the bottom");
  assert.deepEqual(quarter([0, 1]), [-1, 0], "the bottom goes to the left");
  const half = turner(180, [4, 4]);
  assert.deepEqual(half([0, 8]), [8, 0], "the bottom-left corner goes to the top right");
  // ATTACTICS: seat A's corner, top left, turned 270° comes to the bottom left.
  assert.deepEqual(turner(270, [18, 18])([0, 0]), [0, 36]);
  // Hex-Tri: Blue's reserve, lower left (150°), turned 300° comes straight down.
  const [x, y] = turner(300)([9.2 * Math.cos((150 * Math.PI) / 180), 9.2 * Math.sin((150 * Math.PI) / 180)]);
  assert.ok(near(x, 0) && near(y, 9.2));
});

test("neighbouring tiles share a side; a wall goes on it", () => {
  const a = cornersOf({ square: [0.5, 0.5, 1] });
  const b = cornersOf({ square: [1.5, 0.5, 1] });
  const below = cornersOf({ square: [0.5, 1.5, 1] });
  const far = cornersOf({ square: [3.5, 0.5, 1] });
  assert.ok(sameSegment(sharedSide(a, b), [[1, 0], [1, 1]]));
  assert.ok(sameSegment(sharedSide(a, below), [[0, 1], [1, 1]]));
  assert.equal(sharedSide(a, far), null);
  assert.equal(sharedSide(a, cornersOf({ square: [1.5, 1.5, 1] })), null, "squares meeting at a corner share no side");
  // A small square beside a large one shares part of the large one's side.
  const large = cornersOf({ square: [1.5, 1.5, 3] });
  assert.ok(sameSegment(sharedSide(large, cornersOf({ square: [3.5, 0.5, 1] })), [[3, 0], [3, 1]]));
  // On the trihexagonal board a hexagon and a triangle share a whole side.
  const sqrt3 = Math.sqrt(3);
  const hexagon = cornersOf({ hexagon: [0, 0, 1] });
  const triangle = cornersOf({ triangle: [1, -sqrt3 / 3, 1 / sqrt3, 0] });
  const side = sharedSide(hexagon, triangle);
  assert.ok(side && sameSegment(side, [[1, 0], [0.5, -sqrt3 / 2]]));
});

test("points have no side: a wall crosses the line between them", () => {
  const wall = crossing([0, 0], [2, 0], 0.5);
  assert.ok(sameSegment(wall, [[1, -0.5], [1, 0.5]]));
});

test("the room a tile gives its pieces, and how far its edge is", () => {
  const square = cornersOf({ square: [0, 0, 1] });
  assert.ok(near(inradius([0, 0], square), 0.5));
  assert.ok(near(inradius([0, 0], cornersOf({ hexagon: [0, 0, 1] })), Math.sqrt(3) / 2));
  assert.ok(near(inradius([0, 0], cornersOf({ triangle: [0, 0, 1, 1] })), 0.5));
  assert.ok(near(reachTowards([0, 0], square, [1, 0]), 0.5));
  assert.ok(near(reachTowards([0, 0], square, [-1, -1]), Math.SQRT2 / 2), "to the upper-left corner");
});

test("an area's outline is the sides of its tiles that no other of its tiles shares", () => {
  const block = [[0.5, 0.5], [1.5, 0.5], [0.5, 1.5], [1.5, 1.5]].map(([x, y]) => cornersOf({ square: [x, y, 1] }));
  const sides = outerSides(block);
  assert.equal(sides.length, 8);
  assert.ok(sides.every(([p, q]) => [p, q].every(([x, y]) => x === 0 || x === 2 || y === 0 || y === 2)));
});

test("hulls and areas", () => {
  const hull = convexHull([[0, 0], [2, 0], [1, 1], [2, 2], [0, 2], [1, 0]]);
  assert.equal(hull.length, 4);
  assert.equal(polygonArea(hull), 4);
  assert.ok(near(polygonArea(cornersOf({ hexagon: [0, 0, 1] })), (3 * Math.sqrt(3)) / 2));
});
