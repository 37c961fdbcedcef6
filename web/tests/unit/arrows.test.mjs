import { test } from "node:test";
import assert from "node:assert/strict";
import { arrowPath, neighbour } from "../../assets/boards/arrows.js";

const board = (points) => ({ cells: points.map(([x, y], id) => ({ id, x, y })) });
const squares = (n) => board(Array.from({ length: n * n }, (_, i) => [i % n, Math.floor(i / n)]));
// The dark squares of a 10×10 draughts board: only diagonal neighbours are nearest.
const draughts = board(Array.from({ length: 100 }, (_, i) => [i % 10, Math.floor(i / 10)]).filter(([x, y]) => (x + y) % 2 === 1));
// The points of a hexagonal board of side 4, one unit apart.
const hexPoints = board([...Array(7).keys()].flatMap((r) => {
  const width = 7 - Math.abs(3 - r);
  return [...Array(width).keys()].map((i) => [i - (width - 1) / 2, r * 0.866]);
}));

test("the arrows step to the nearest cell on screen in their direction", () => {
  const grid = squares(3);
  assert.equal(neighbour(grid, 4, "ArrowRight"), 5);
  assert.equal(neighbour(grid, 4, "ArrowUp"), 1);
  assert.equal(neighbour(grid, 4, "ArrowLeft"), 3);
  assert.equal(neighbour(grid, 4, "ArrowDown"), 7);
  assert.equal(neighbour(grid, 5, "ArrowRight"), null, "the edge");
  assert.equal(neighbour(grid, 5, "Enter"), undefined);
});

test("from every cell every other is reached with the arrow keys, on squares, a draughts board and hexagon points", () => {
  for (const [name, placed] of [["squares", squares(8)], ["draughts", draughts], ["hexagon", hexPoints]]) {
    for (const from of placed.cells) {
      for (const to of placed.cells) {
        assert.ok(arrowPath(placed, from.id, to.id), `${name}: ${from.id} to ${to.id}`);
      }
    }
  }
});

test("a path of arrow keys leads where it says", () => {
  const keys = arrowPath(draughts, 0, draughts.cells.length - 1);
  let at = 0;
  for (const key of keys) at = neighbour(draughts, at, key);
  assert.equal(at, draughts.cells.length - 1);
});
