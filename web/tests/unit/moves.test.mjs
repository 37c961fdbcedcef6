import { test } from "node:test";
import assert from "node:assert/strict";
import { rows, stepTurns, turns, withSeat } from "../../assets/play/moves.js";

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
    { turn: 0, seat: 0, text: "b4: 2-c5", seq: 2, setup: false },
    { turn: 1, seat: 1, text: "f2: +f3, +e3", seq: 4, setup: false },
    { turn: 2, seat: 0, text: "…", seq: 6, setup: false },
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
    { turn: 1, seat: 1, text: "arranges a piece ×2", seq: 3, setup: false },
    { turn: 2, seat: 0, text: "place Flag a1", seq: 4, setup: false },
    { turn: 5, seat: 1, text: "arranges a piece ×3", seq: 7, setup: false },
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
    { turn: 0, seat: undefined, text: "lucky numbers dealt; yours is 4", seq: 2, setup: false },
    { turn: 1, seat: 0, text: "Red: roll 5; Blue: pass", seq: 5, setup: false },
    { turn: null, seat: 1, text: "Blue resigns", seq: 6, setup: false },
  ]);
});

test("the replay's steps give the live list's entries, so both number moves alike", () => {
  const live = [
    { seq: 1, kind: "started" },
    { seq: 2, kind: "action", seat: 0, turn: 0, text: "b4: 2-c5", turn_text: "b4: 2-c5" },
    { seq: 3, kind: "action", seat: 1, turn: 1, text: "f2: +f3", turn_text: "f2: +f3" },
    { seq: 4, kind: "action", seat: 1, turn: 1, text: "f2: +e3", turn_text: "f2: +f3, +e3" },
    { seq: 5, kind: "action", seat: 0, turn: 2, text: "a4: 3-b4", turn_text: "a4: 3-b4" },
  ];
  // The replay: the start, then the board after each whole turn, named by its last event.
  const steps = [
    { turn: 0, seq: 0, view: {} },
    { turn: 1, seq: 2, seat: 0, text: "b4: 2-c5", view: {} },
    { turn: 2, seq: 4, seat: 1, text: "f2: +f3, +e3", view: {} },
    { turn: 3, seq: 5, seat: 0, text: "a4: 3-b4", view: {} },
  ];
  const fromLive = rows(turns(live), 2).map((row) => [row.number, row.cells.map((c) => [c.seat, c.text, c.seq])]);
  const fromReplay = rows(stepTurns(steps), 2).map((row) => [row.number, row.cells.map((c) => [c.seat, c.text, c.seq])]);
  assert.deepEqual(fromReplay, fromLive);
  assert.deepEqual(fromLive.map(([n]) => n), [1, 2], "two full moves: White and Black, then White");
});

test("a secret set-up comes first, one entry per seat, and the moves after it are numbered alike for every viewer", () => {
  const started = { seq: 1, kind: "started" };
  // White reads its own placements; Black reads only that White arranged a piece, and the reverse.
  const forWhite = [
    started,
    { seq: 2, kind: "action", seat: 0, turn: 0, text: "place Flag h1", turn_text: "place Flag h1", simultaneous: true },
    { seq: 3, kind: "action", seat: 1, turn: 1, text: "arranges a piece", turn_text: "arranges a piece", simultaneous: true },
    { seq: 4, kind: "action", seat: 0, turn: 2, text: "White: random", turn_text: "White: random", simultaneous: true },
    { seq: 5, kind: "chance", turn: 2, text: "White's pieces placed", turn_text: "White: random" },
    { seq: 6, kind: "action", seat: 0, turn: 3, text: "White: ready", turn_text: "White: ready", simultaneous: true },
    { seq: 7, kind: "action", seat: 1, turn: 4, text: "Black: ready", turn_text: "Black: ready", simultaneous: true },
    { seq: 8, kind: "action", seat: 0, turn: 5, text: "c2-c5", turn_text: "c2-c5" },
    { seq: 9, kind: "action", seat: 1, turn: 6, text: "f7-f6", turn_text: "f7-f6" },
  ];
  const forBlack = forWhite.map((e) => (e.seat === 0 && e.simultaneous && e.text !== "White: ready" ? { ...e, text: "arranges a piece", turn_text: "arranges a piece" } : e));
  const listed = (events) => rows(turns(events), 2).map((row) => [row.number ?? row.label, row.cells.map((c) => c.text)]);
  assert.deepEqual(listed(forWhite), [
    ["Set-up", ["set-up, 3 steps", "set-up, 2 steps"]],
    [1, ["c2-c5", "f7-f6"]],
  ]);
  assert.deepEqual(listed(forBlack), listed(forWhite), "the same rows and numbers for both players");
  const white = turns(forWhite)[0];
  assert.equal(white.detail, "place Flag h1, White: random, White: ready", "the steps this viewer may read");
  assert.equal(white.seq, 6, "the set-up entry looks back at the board after the seat's last step");
});

test("a turn's text is given its seat's name once", () => {
  assert.equal(withSeat("White", "c2-c5"), "White: c2-c5");
  assert.equal(withSeat("White", "White: ready"), "White: ready", "not White: White: ready");
  assert.equal(withSeat(null, "opening Red 3-5"), "opening Red 3-5");
});

test("a volley that began a turn starts that turn's entry, live and in the replay, and stands alone until the seat plays", () => {
  const volley = { seat: 0, text: "White's archers hit d5" };
  const live = [
    { seq: 1, kind: "started" },
    { seq: 2, kind: "action", seat: 0, turn: 0, text: "e3-e4", turn_text: "e3-e4" },
    { seq: 3, kind: "action", seat: 1, turn: 1, text: "d6-d5", turn_text: "d6-d5", opening: volley },
  ];
  const listed = (list) => rows(list, 2).map((row) => [row.number, row.cells.map((c) => [c.seat, c.text, c.seq])]);
  assert.deepEqual(listed(turns(live)), [
    [1, [[0, "e3-e4", 2], [1, "d6-d5", 3]]],
    [2, [[0, "White's archers hit d5", 3]]],
  ], "the hits in White's column, under Black's move that set them off");
  const more = [...live, { seq: 4, kind: "action", seat: 0, turn: 2, text: "e4-e5", turn_text: "e4-e5" }];
  assert.deepEqual(listed(turns(more)), [
    [1, [[0, "e3-e4", 2], [1, "d6-d5", 3]]],
    [2, [[0, "White's archers hit d5; e4-e5", 4]]],
  ]);
  const steps = [
    { turn: 0, seq: 0, view: {} },
    { turn: 1, seq: 2, seat: 0, text: "e3-e4", view: {} },
    { turn: 2, seq: 3, seat: 1, text: "d6-d5", opening: volley, view: {} },
    { turn: 3, seq: 4, seat: 0, text: "e4-e5", view: {} },
  ];
  assert.deepEqual(listed(stepTurns(steps)), listed(turns(more)), "the replay lists it alike");
});
