import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { PHASE, isOver, phaseLabel } from "../../assets/net/phase.js";

test("the client names exactly the protocol's phases", () => {
  // protocol::Phase, serialized in snake_case: the variants of the enum.
  const source = readFileSync(new URL("../../../protocol/src/table.rs", import.meta.url), "utf8");
  const body = source.slice(source.indexOf("pub enum Phase {"));
  const variants = [...body.slice(0, body.indexOf("\n}")).matchAll(/^\s{4}([A-Z]\w*),$/gm)].map((m) => m[1].toLowerCase());
  assert.deepEqual(Object.values(PHASE).sort(), variants.sort());
});

test("a finished or aborted table is over, a lobby or a live match is not", () => {
  assert.equal(isOver(PHASE.finished), true);
  assert.equal(isOver(PHASE.aborted), true);
  assert.equal(isOver(PHASE.live), false);
  assert.equal(isOver(PHASE.lobby), false);
  assert.equal(phaseLabel(PHASE.lobby), "waiting for players");
});
