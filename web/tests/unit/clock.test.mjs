import { test } from "node:test";
import assert from "node:assert/strict";
import { formatClock, formatControl, remaining } from "../../assets/ui/clock.js";

test("clocks are formatted like a chess site's", () => {
  assert.equal(formatClock(245_000), "4:05");
  assert.equal(formatClock(3_723_000), "1:02:03");
  assert.equal(formatClock(9_450), "0:09.4");
  assert.equal(formatClock(-5), "0:00.0");
  assert.equal(formatControl({ initial_ms: 300_000, increment_ms: 3_000 }), "5+3");
  assert.equal(formatControl(null), "untimed");
  assert.equal(formatControl({ initial_ms: 300_000, increment_ms: 3_000, setup_ms: 120_000 }), "5+3, set-up 2 min");
});

test("a running clock counts down from the server's report", () => {
  const clocks = { remaining_ms: [60_000, 30_000], running: [1], server_time: 1_000_000 };
  assert.equal(remaining(clocks, 0, 1_005_000), 60_000, "stopped clocks stand still");
  assert.equal(remaining(clocks, 1, 1_005_000), 25_000);
  assert.equal(remaining(clocks, 1, 1_004_000, 1_000), 25_000, "with the server's clock ahead by a second");
  assert.equal(remaining(clocks, 1, 2_000_000), 0);
});
