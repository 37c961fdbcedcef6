import { test } from "node:test";
import assert from "node:assert/strict";
import { spoken } from "../../assets/play/spoken.js";

const seats = [{ name: "White" }, { name: "Black" }];

test("a move is said as the move list reads it, with its seat, and the listener's turn after it", () => {
  assert.equal(spoken({ kind: "action", seat: 0, turn: 0, text: "32-28" }, { seats }), "White: 32-28.");
  assert.equal(spoken({ kind: "action", seat: 0, turn: 0, text: "32-28" }, { seats, yourTurn: true }), "White: 32-28. Your turn.");
});

test("a hidden move is said to have been made, never what it was", () => {
  const said = spoken({ kind: "action", seat: 1, turn: 3, hidden: true }, { seats });
  assert.equal(said, "Black moved.");
});

test("chance, leaving, draws and the end each have their sentence; other events say nothing", () => {
  assert.equal(spoken({ kind: "chance", turn: 1, text: "roll 3-5" }, { seats }), "roll 3-5.");
  assert.equal(spoken({ kind: "chance", turn: 1, hidden: true }, { seats }), null);
  assert.equal(spoken({ kind: "left", seat: 1, text: "Black resigns" }, { seats }), "Black resigns.");
  assert.equal(spoken({ kind: "draw_offered", seat: 1 }, { seats }), "Black offers a draw.");
  assert.equal(spoken({ kind: "draw_declined", seat: 0 }, { seats }), "The draw offer was declined.");
  assert.equal(spoken({ kind: "draw_agreed" }, { seats }), "Drawn by agreement.");
  assert.equal(spoken({ kind: "ended" }, { seats, yourTurn: true }), "The match is over.");
  assert.equal(spoken({ kind: "started" }, { seats }), null);
  assert.equal(spoken({ kind: "started" }, { seats, yourTurn: true }), "Your turn.");
});

test("a volley that began the next turn is said after the move that set it off", () => {
  const event = { kind: "action", seat: 1, turn: 1, text: "d6-d5", opening: { seat: 0, text: "White's archers hit d5" } };
  assert.equal(spoken(event, { seats, yourTurn: true }), "Black: d6-d5. White's archers hit d5. Your turn.");
});
