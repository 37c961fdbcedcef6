import { test } from "node:test";
import assert from "node:assert/strict";
import { alliesOf, seatOrder, turnFor } from "../../assets/play/seats.js";

test("the viewer's seat is listed last, at the bottom, the others in turn order after it", () => {
  assert.deepEqual(seatOrder(2, 0), [1, 0]);
  assert.deepEqual(seatOrder(2, 1), [0, 1]);
  assert.deepEqual(seatOrder(4, 2), [3, 0, 1, 2]);
  assert.deepEqual(seatOrder(3, undefined), [1, 2, 0], "spectators see it as seat 0 does");
});

test("allies come from the view's teams", () => {
  const teams = [[0, 3], [2]];
  assert.deepEqual(alliesOf(teams, 0), [3]);
  assert.deepEqual(alliesOf(teams, 3), [0]);
  assert.deepEqual(alliesOf(teams, 2), [], "a team of one has no allies");
  assert.deepEqual(alliesOf(undefined, 1), [], "no teams: everyone plays alone");
});

test("the board turns for a seated player, not for a spectator", () => {
  const layout = { seats: [{ turn: 270 }, { turn: 180 }] };
  assert.equal(turnFor(layout, 0), 270);
  assert.equal(turnFor(layout, 1), 180);
  assert.equal(turnFor(layout, undefined), 0);
  assert.equal(turnFor(layout, null), 0);
});
