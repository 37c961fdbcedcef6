import { test } from "node:test";
import assert from "node:assert/strict";
import { hexGeometry, hexNeighbours } from "../../assets/boards/hex.js";
import { edgeLabels, gridGeometry } from "../../assets/boards/grid.js";

// The 37-point board as the server describes it: rows a-g of 4-5-6-7-6-5-4.
function hexLayout() {
  const lengths = [4, 5, 6, 7, 6, 5, 4];
  const cells = [];
  lengths.forEach((n, row) => {
    for (let i = 0; i < n; i++) cells.push({ label: `${"abcdefg"[row]}${i + 1}`, row, col: 2 * i - (n - 1) + 6 });
  });
  return { shape: "hex", rows: 7, cols: 13, cells, zones: [], seats: [] };
}

const near = (a, b) => Math.abs(a - b) < 1e-9;

test("hex points are evenly spaced and a1 is bottom left for White", () => {
  const layout = hexLayout();
  const geo = hexGeometry(layout);
  const id = (label) => layout.cells.findIndex((c) => c.label === label);
  const a1 = geo.point(id("a1"));
  const g4 = geo.point(id("g4"));
  assert.ok(a1.y > g4.y && a1.x < g4.x, "White's row a is at the bottom");
  const d4 = geo.point(id("d4"));
  assert.ok(near(d4.x, geo.width / 2) && near(d4.y, geo.height / 2), "d4 is the centre");
  // Every neighbour is the same distance away.
  const pairs = hexNeighbours(layout);
  const lengths = pairs.map(([a, b]) => Math.hypot(geo.point(a).x - geo.point(b).x, geo.point(a).y - geo.point(b).y));
  assert.ok(lengths.every((l) => Math.abs(l - lengths[0]) < 0.5), "a regular lattice");
  // 37 points: 6 * 7 + ... edges of a hexagonal board of side 4: 90.
  assert.equal(pairs.length, 90);
});

test("turning the hex board puts Black's side at the bottom", () => {
  const layout = hexLayout();
  const turned = hexGeometry(layout, true);
  const a1 = turned.point(0);
  const g4 = turned.point(36);
  assert.ok(a1.y < g4.y && a1.x > g4.x);
});

test("grid cells sit in their row and column, row 0 at the bottom unless turned", () => {
  const layout = { shape: "squares", rows: 10, cols: 10, cells: [{ label: "46", row: 0, col: 0 }, { label: "5", row: 9, col: 9 }], zones: [], seats: [] };
  const geo = gridGeometry(layout);
  const [bottomLeft, topRight] = [geo.point(0), geo.point(1)];
  assert.ok(bottomLeft.x < topRight.x && bottomLeft.y > topRight.y);
  const turned = gridGeometry(layout, true);
  assert.ok(turned.point(0).x > turned.point(1).x && turned.point(0).y < turned.point(1).y);
  assert.deepEqual(edgeLabels(layout).files.slice(0, 3), ["a", "b", "c"]);
  assert.equal(edgeLabels(layout).ranks.at(-1), "10");
});
