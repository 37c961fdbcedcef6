import { test } from "node:test";
import assert from "node:assert/strict";
import { candidates, click, decided, nextOptions, pathTo } from "../../assets/play/narrow.js";

const cell = (c) => ({ cell: c });
const choice = (c) => ({ choice: c });
// Accasta-like: from 10 to 15 with one or two pieces, from 10 to 16 with one, and ending the turn.
const legal = [
  { action: "a", clicks: [cell(10), cell(15), choice("1 piece")] },
  { action: "b", clicks: [cell(10), cell(15), choice("2 pieces")] },
  { action: "c", clicks: [cell(10), cell(16), choice("1 piece")] },
  { action: "stop", clicks: [choice("end turn")] },
];

test("the first click offers the destinations and never plays", () => {
  const step = click(legal, [], cell(10));
  assert.equal(step.action, null);
  assert.deepEqual(step.clicks, [cell(10)]);
  assert.deepEqual([...nextOptions(legal, step.clicks).cells].sort(), [15, 16]);
});

test("a destination with one possible count plays at once", () => {
  const step = click(legal, [cell(10)], cell(16));
  assert.equal(step.action.action, "c");
  assert.deepEqual(step.clicks, []);
});

test("a destination with several counts asks which", () => {
  const step = click(legal, [cell(10)], cell(15));
  assert.equal(step.action, null);
  assert.deepEqual(nextOptions(legal, step.clicks).choices, ["1 piece", "2 pieces"]);
  assert.equal(click(legal, step.clicks, choice("2 pieces")).action.action, "b");
});

test("a whole sequence of one click is played", () => {
  assert.equal(click(legal, [], choice("end turn")).action.action, "stop");
});

test("a click that fits nothing starts over from itself or clears", () => {
  const other = [...legal, { action: "d", clicks: [cell(20), cell(21)] }];
  assert.deepEqual(click(other, [cell(10)], cell(20)).clicks, [cell(20)]);
  assert.deepEqual(click(other, [cell(10)], cell(99)).clicks, []);
  assert.equal(candidates(other, [cell(10)]).length, 3);
  assert.equal(decided(other, [cell(10)]), null);
});

test("draughts captures sharing start and end are told apart by a captured piece", () => {
  const captures = [
    { action: "x1", clicks: [cell(1), cell(9), cell(4), cell(6)] },
    { action: "x2", clicks: [cell(1), cell(9), cell(4), cell(7)] },
  ];
  let step = click(captures, [], cell(1));
  step = click(captures, step.clicks, cell(9));
  assert.equal(step.action, null);
  step = click(captures, step.clicks, cell(4));
  assert.equal(step.action, null, "both still fit");
  assert.deepEqual([...nextOptions(captures, step.clicks).cells], [6, 7]);
  assert.equal(click(captures, step.clicks, cell(7)).action.action, "x2");
});

test("an action clicked in another order it allows is chosen as well", () => {
  // An Attangle capture on 5 by the units on 1 and 9, or by 1 and 3.
  const captures = [
    { action: "1,9-5", clicks: [cell(5), cell(1), cell(9)], other_clicks: [[cell(5), cell(9), cell(1)]] },
    { action: "1,3-5", clicks: [cell(5), cell(1), cell(3)], other_clicks: [[cell(5), cell(3), cell(1)]] },
  ];
  let step = click(captures, [], cell(5));
  assert.deepEqual([...nextOptions(captures, step.clicks).cells].sort(), [1, 3, 9]);
  step = click(captures, step.clicks, cell(9));
  assert.equal(step.action.action, "1,9-5", "the later-named unit first still decides the capture");
  step = click(captures, [cell(5), cell(1)], cell(3));
  assert.equal(step.action.action, "1,3-5");
});

test("the way a move takes is shown for the cell that would play it, and only for it", () => {
  // A piece on 1 may walk 3 to 7 (through 2 and 6) or 5 to 9; on 4, 3 to 8.
  const walks = [
    { action: "1-7", clicks: [cell(1), choice("3"), cell(7)], path: [1, 2, 6, 7] },
    { action: "1-9", clicks: [cell(1), choice("5"), cell(9)], path: [1, 2, 3, 4, 5, 9] },
    { action: "4-8", clicks: [cell(4), cell(8)], path: [4, 5, 8] },
  ];
  assert.deepEqual(pathTo(walks, [], cell(1).cell), [], "a piece is not a move");
  assert.deepEqual(pathTo(walks, [cell(1)], 7), [], "the count is still to choose");
  assert.deepEqual(pathTo(walks, [cell(1), choice("3")], 7), [1, 2, 6, 7]);
  assert.deepEqual(pathTo(walks, [cell(1), choice("3")], 9), [], "9 is not 3 away");
  assert.deepEqual(pathTo(walks, [cell(4)], 8), [4, 5, 8]);
  assert.deepEqual(pathTo([{ action: "pass", clicks: [cell(2), cell(3)] }], [cell(2)], 3), [], "no path given");
});
