// Clock arithmetic and formatting. The server reports each seat's time left
// as of its own clock; the client runs the display using the offset between
// the server's clock and its own.

/** Milliseconds left for `seat` at the local time `nowMs`. */
export function remaining(clocks, seat, nowMs, offsetMs = 0) {
  if (!clocks) return null;
  const left = clocks.remaining_ms[seat];
  if (!clocks.running.includes(seat)) return left;
  const elapsed = nowMs + offsetMs - clocks.server_time;
  return Math.max(0, left - Math.max(0, elapsed));
}

/** "4:05", "1:02:03", or "0:09.4" under ten seconds. */
export function formatClock(ms) {
  if (ms === null || ms === undefined) return "";
  const total = Math.max(0, ms);
  if (total < 10_000) {
    const tenths = Math.floor(total / 100);
    return `0:0${Math.floor(tenths / 10)}.${tenths % 10}`;
  }
  const seconds = Math.floor(total / 1000);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/** "1+0", "5+3": minutes and increment seconds; "5+3, set-up 2 min" with a set-up time of its own. */
export function formatControl(control) {
  if (!control) return "untimed";
  const minutes = (ms) => {
    const m = ms / 60000;
    return Number.isInteger(m) ? m : m.toFixed(1);
  };
  const setup = control.setup_ms ? `, set-up ${minutes(control.setup_ms)} min` : "";
  return `${minutes(control.initial_ms)}+${control.increment_ms / 1000}${setup}`;
}
