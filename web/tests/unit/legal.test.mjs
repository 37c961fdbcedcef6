import { test } from "node:test";
import assert from "node:assert/strict";
import { expand } from "../../assets/net/legal.js";

test("the wire form of legal actions expands to one entry per action with all its click orders", () => {
  // The same example as protocol/src/legal.rs's test.
  const wire = [
    {
      seat: 0,
      actions: [{ action: "a-b", text: "a-b" }, { action: "a-b2", text: "a-b2" }],
      clicks: [[0, [[5, [["1 piece", 0], ["2 pieces", 1]]]]], ["2 pieces", [[0, [[5, 1]]]]]],
    },
    {
      seat: 1,
      actions: [{ action: "pass", text: "pass" }, { action: "walk", text: "walk", path: [3, 4, 9] }],
      clicks: [["pass", 0], [3, [[9, 1]]]],
    },
  ];
  assert.deepEqual(expand(wire), [
    { seat: 0, action: "a-b", text: "a-b", clicks: [{ cell: 0 }, { cell: 5 }, { choice: "1 piece" }], other_clicks: [], path: [] },
    {
      seat: 0, action: "a-b2", text: "a-b2",
      clicks: [{ cell: 0 }, { cell: 5 }, { choice: "2 pieces" }],
      other_clicks: [[{ choice: "2 pieces" }, { cell: 0 }, { cell: 5 }]],
      path: [],
    },
    { seat: 1, action: "pass", text: "pass", clicks: [{ choice: "pass" }], other_clicks: [], path: [] },
    { seat: 1, action: "walk", text: "walk", clicks: [{ cell: 3 }, { cell: 9 }], other_clicks: [], path: [3, 4, 9] },
  ]);
  assert.deepEqual(expand(undefined), []);
});
