// A match's result in words, one way everywhere it is shown (the match
// lists, the replay): who won and how, and what it was for the viewer.

import { PHASE } from "../net/phase.js";

/** How a match ended, where the rules' own reason does not say it. */
const HOW = { resignation: "by resignation", agreement: "by agreement", timeout: "on time", abandonment: "by abandonment" };

/** "won", "lost", "drawn", "2nd of 4" for the player `playerId`, or null for a match they did not play or that has no result. */
export function resultFor(m, playerId) {
  const outcome = m.result?.outcome;
  const mine = m.seats.filter((s) => s.player.id === playerId);
  if (!outcome || !mine.length) return null;
  const place = Math.min(...mine.map((s) => outcome.places[s.seat]));
  if (outcome.places.every((p) => p === 1)) return "drawn";
  if (place === 1) return "won";
  const seats = outcome.places.length;
  return seats === 2 ? "lost" : `${ordinal(place)} of ${seats}`;
}

function ordinal(n) {
  return `${n}${{ 1: "st", 2: "nd", 3: "rd" }[n] ?? "th"}`;
}

/** Who won and how, in words: "Ann won by resignation", "Draw (…)", "in progress". */
export function describeResult(m) {
  if (m.unrestorable) return `cannot be restored here: ${m.unrestorable}`;
  if (m.phase === PHASE.live || m.phase === PHASE.lobby) return "in progress";
  const result = m.result;
  if (result?.termination === "failed") return "stopped by a server fault (no result)";
  if (!result || result.termination === "aborted" || m.phase === PHASE.aborted) return "aborted";
  const outcome = result.outcome;
  if (!outcome) return "no result";
  const how = result.termination === "rules" ? (outcome.reason ? `(${outcome.reason})` : "") : HOW[result.termination] ?? "";
  if (outcome.places.every((p) => p === 1)) return `Draw ${how}`.trim();
  const winners = m.seats.filter((s) => outcome.places[s.seat] === 1).map((s) => s.player.name);
  return `${winners.join(" and ")} won ${how}`.trim();
}
