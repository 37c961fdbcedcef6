// The phases of a table as the server names them (protocol::Phase in
// protocol/src/table.rs, docs/protocol.md): the one place the web client
// spells them.

/** Each phase's wire name. */
export const PHASE = Object.freeze({
  lobby: "lobby",
  live: "live",
  finished: "finished",
  aborted: "aborted",
});

/** Whether a table in `phase` is over (its match finished or aborted). */
export function isOver(phase) {
  return phase === PHASE.finished || phase === PHASE.aborted;
}

/** A phase in words, for the page. */
export function phaseLabel(phase) {
  return {
    [PHASE.lobby]: "waiting for players",
    [PHASE.live]: "in play",
    [PHASE.finished]: "finished",
    [PHASE.aborted]: "aborted",
  }[phase];
}
