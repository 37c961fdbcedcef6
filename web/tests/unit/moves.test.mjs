import { test } from "node:test";
import assert from "node:assert/strict";
import { rows, turns } from "../../assets/play/moves.js";

const events = [
  { seq: 1, kind: "started" },
  { seq: 2, kind: "action", seat: 0, turn: 0, text: "b4: 2-c5", turn_text: "b4: 2-c5" },
  { seq: 3, kind: "action", seat: 1, turn: 1, text: "f2: +f3", turn_text: "f2: +f3" },
  { seq: 4, kind: "action", seat: 1, turn: 1, text: "f2: +e3", turn_text: "f2: +f3, +e3" },
  { seq: 5, kind: "draw_offered", seat: 0 },
  { seq: 6, kind: "action", seat: 0, turn: 2, hidden: true },
];

test("actions are grouped into turns in the game's notation", () => {
  assert.deepEqual(turns(events), [
    { turn: 0, seat: 0, text: "b4: 2-c5", seq: 2 },
    { turn: 1, seat: 1, text: "f2: +f3, +e3", seq: 4 },
    { turn: 2, seat: 0, text: "…", seq: 6 },
  ]);
});

test("two seats share numbered rows", () => {
  const list = turns(events);
  assert.deepEqual(rows(list, 2).map((r) => r.cells.map((c) => c.turn)), [[0, 1], [2]]);
  assert.equal(rows(list, 3).length, 3);
});

test("a seat's run of turns that read the same is one entry with a count", () => {
  const setUp = [
    { seq: 2, kind: "action", seat: 1, turn: 0, text: "arranges a piece", turn_text: "arranges a piece" },
    { seq: 3, kind: "action", seat: 1, turn: 1, text: "arranges a piece", turn_text: "arranges a piece" },
    { seq: 4, kind: "action", seat: 0, turn: 2, text: "place Flag a1", turn_text: "place Flag a1" },
    { seq: 5, kind: "action", seat: 1, turn: 3, text: "arranges a piece", turn_text: "arranges a piece" },
    { seq: 6, kind: "action", seat: 1, turn: 4, text: "arranges a piece", turn_text: "arranges a piece" },
    { seq: 7, kind: "action", seat: 1, turn: 5, text: "arranges a piece", turn_text: "arranges a piece" },
  ];
  assert.deepEqual(turns(setUp), [
    { turn: 1, seat: 1, text: "arranges a piece ×2", seq: 3 },
    { turn: 2, seat: 0, text: "place Flag a1", seq: 4 },
    { turn: 5, seat: 1, text: "arranges a piece ×3", seq: 7 },
  ]);
});

test("chance joins the turn it belongs to, and a seat leaving is an entry of its own", () => {
  const events = [
    { seq: 2, kind: "chance", turn: 0, text: "lucky numbers dealt; yours is 4", turn_text: "lucky numbers dealt; yours is 4" },
    { seq: 3, kind: "action", seat: 0, turn: 1, text: "Red: roll", turn_text: "Red: roll" },
    { seq: 4, kind: "chance", turn: 1, text: "rolled 5", turn_text: "Red: roll 5" },
    { seq: 5, kind: "action", seat: 1, turn: 1, text: "Blue: pass", turn_text: "Red: roll 5; Blue: pass", by_default: true },
    { seq: 6, kind: "left", seat: 1, leave: "resigned", text: "Blue resigns" },
  ];
  assert.deepEqual(turns(events), [
    { turn: 0, seat: undefined, text: "lucky numbers dealt; yours is 4", seq: 2 },
    { turn: 1, seat: 0, text: "Red: roll 5; Blue: pass", seq: 5 },
    { turn: null, seat: 1, text: "Blue resigns", seq: 6 },
  ]);
});
