// The move list: numbered action events grouped into turns, each shown in
// the game's notation as the server wrote it for this viewer.

/**
 * Turns from events: [{turn, seat, text, seq, setup}], in order. Actions and
 * the chance they set off (a roll, a deal) group into turns; a turn's text
 * is the notation of the whole turn so far (`turn_text`), or its visible
 * parts joined when the server gives none; hidden turns read "…". A seat
 * leaving or a draw agreed is an entry of its own. What the rules did as a
 * turn began (an archer volley: the event's `opening`) starts that turn's
 * text (see {@link placeOpenings}). A secret set-up, each
 * placement a turn of its own, comes first as one entry per seat (see
 * {@link gatherSetUp}), so that the moves after it are numbered alike for
 * every viewer.
 */
export function turns(events) {
  const list = [];
  for (const event of events) {
    if (event.kind === "left" || event.kind === "draw_agreed" || event.kind === "taken_over") {
      const text = event.kind === "taken_over" ? `${event.player.name} takes over` : event.text ?? "Draw agreed";
      list.push({ turn: null, seat: event.seat, texts: [], text, seq: event.seq, setup: false });
      continue;
    }
    if (event.kind !== "action" && event.kind !== "chance") continue;
    let entry = list[list.length - 1];
    if (!entry || entry.turn !== event.turn) {
      entry = { turn: event.turn, seat: event.seat, texts: [], text: "", seq: event.seq, setup: false };
      list.push(entry);
    }
    entry.seat ??= event.seat;
    entry.seq = event.seq;
    entry.setup ||= Boolean(event.simultaneous);
    if (event.text) entry.texts.push(event.text);
    entry.text = event.turn_text ?? (entry.texts.length ? entry.texts.join(", ") : "…");
    if (event.opening) list.push(openingOf(event.opening, event.seq));
  }
  return collapse(gatherSetUp(placeOpenings(list.map(({ turn, seat, text, seq, setup, opening }) => ({ turn, seat, text, seq, setup, opening })))));
}

/** An opening (what the rules did as a seat's turn began) as a list item. */
function openingOf(opening, seq) {
  return { turn: null, seat: opening.seat, text: opening.text, seq, setup: false, opening: true };
}

/**
 * Puts each opening at the start of the turn it began: "White's archers hit
 * d5; e4-e5". Until that seat plays (or if the match ended first), it is an
 * entry of its own, in that seat's column.
 */
function placeOpenings(list) {
  const out = [];
  for (let i = 0; i < list.length; i += 1) {
    const { opening, ...item } = list[i];
    const next = list[i + 1];
    if (opening && next && !next.opening && !next.setup && next.turn !== null && next.seat === item.seat) {
      list[i + 1] = { ...next, text: `${item.text}; ${next.text}` };
      continue;
    }
    out.push(item);
  }
  return out;
}

/**
 * Turns from the replay's steps (after the start): the same entries as
 * {@link turns} gives live, so that both lists number moves alike.
 */
export function stepTurns(steps) {
  const list = steps.slice(1).flatMap((step) => {
    const turn = { turn: step.turn, seat: step.seat, text: step.text ?? "…", seq: step.seq, setup: Boolean(step.simultaneous) };
    return step.opening ? [turn, openingOf(step.opening, step.seq)] : [turn];
  });
  return collapse(gatherSetUp(placeOpenings(list)));
}

/**
 * The turns of a secret set-up (the simultaneous decision before play)
 * gathered into one entry per seat, in seat order: "set-up, 29 steps",
 * with the steps this viewer may read in `detail`. Each viewer sees its own
 * placements and only the count of the other's, so listing them one by one
 * would number the moves after them differently for each.
 */
function gatherSetUp(list) {
  const end = list.findIndex((t) => !t.setup);
  const setUp = end === -1 ? list : list.slice(0, end);
  if (!setUp.length) return list;
  const bySeat = new Map();
  for (const t of setUp) {
    const seat = bySeat.get(t.seat) ?? { turn: t.turn, seat: t.seat, steps: [], seq: t.seq, setup: true };
    seat.steps.push(t.text);
    seat.seq = Math.max(seat.seq, t.seq);
    seat.turn = t.turn;
    bySeat.set(t.seat, seat);
  }
  const gathered = [...bySeat.values()].sort((a, b) => a.seat - b.seat).map(({ turn, seat, steps, seq }) => ({
    turn, seat, seq, setup: true,
    text: `set-up, ${steps.length} step${steps.length === 1 ? "" : "s"}`,
    detail: steps.filter((text) => text !== "…").join(", "),
  }));
  return [...gathered, ...list.slice(setUp.length)];
}

/**
 * Runs of turns by one seat that read the same (an opponent's secret set-up
 * steps: "arranges a piece") become one entry with a count: "… ×8".
 */
function collapse(list) {
  const out = [];
  for (const t of list) {
    const prev = out[out.length - 1];
    if (prev && !t.setup && !prev.setup && prev.seat === t.seat && prev.base === t.text) {
      prev.count += 1;
      prev.text = `${t.text} ×${prev.count}`;
      prev.turn = t.turn;
      prev.seq = t.seq;
    } else {
      out.push({ ...t, base: t.text, count: 1 });
    }
  }
  return out.map(({ turn, seat, text, seq, setup, detail }) => ({ turn, seat, text, seq, setup, ...(detail ? { detail } : {}) }));
}

/**
 * Rows for the move list: a set-up first (one row for two seats, else a
 * row per seat), labelled "Set-up"; then the moves numbered from 1, two
 * seats sharing a row (a seat's turn and the other's answer) or one turn
 * a row.
 */
export function rows(turnList, seatCount) {
  const setUp = turnList.filter((t) => t.setup);
  const play = turnList.filter((t) => !t.setup);
  const out = seatCount === 2
    ? (setUp.length ? [{ number: null, label: "Set-up", cells: setUp }] : [])
    : setUp.map((t) => ({ number: null, label: "Set-up", cells: [t] }));
  if (seatCount !== 2) return [...out, ...play.map((t, i) => ({ number: i + 1, cells: [t] }))];
  let number = 0;
  for (const t of play) {
    const row = out[out.length - 1];
    if (row && row.number !== null && row.cells.length === 1 && row.cells[0].seat !== t.seat) row.cells.push(t);
    else out.push({ number: (number += 1), cells: [t] });
  }
  return out;
}

/**
 * A turn's text with its seat's name before it, once: "White: c2-c5", but
 * "White: ready" for a text that names its seat already.
 */
export function withSeat(seatName, text) {
  if (!seatName || text.startsWith(`${seatName}:`)) return text;
  return `${seatName}: ${text}`;
}
