// The move list: numbered action events grouped into turns, each shown in
// the game's notation as the server wrote it for this viewer.

/**
 * Turns from events: [{turn, seat, text, seq}], in order. Actions and the
 * chance they set off (a roll, a deal) group into turns; a turn's text is
 * the notation of the whole turn so far (`turn_text`), or its visible parts
 * joined when the server gives none; hidden turns read "…". A seat leaving
 * or a draw agreed is an entry of its own.
 */
export function turns(events) {
  const list = [];
  for (const event of events) {
    if (event.kind === "left" || event.kind === "draw_agreed" || event.kind === "taken_over") {
      const text = event.kind === "taken_over" ? `${event.player.name} takes over` : event.text ?? "Draw agreed";
      list.push({ turn: null, seat: event.seat, texts: [], text, seq: event.seq });
      continue;
    }
    if (event.kind !== "action" && event.kind !== "chance") continue;
    let entry = list[list.length - 1];
    if (!entry || entry.turn !== event.turn) {
      entry = { turn: event.turn, seat: event.seat, texts: [], text: "", seq: event.seq };
      list.push(entry);
    }
    entry.seat ??= event.seat;
    entry.seq = event.seq;
    if (event.text) entry.texts.push(event.text);
    entry.text = event.turn_text ?? (entry.texts.length ? entry.texts.join(", ") : "…");
  }
  return collapse(list.map(({ turn, seat, text, seq }) => ({ turn, seat, text, seq })));
}

/**
 * Runs of turns by one seat that read the same (an opponent's secret set-up
 * steps: "arranges a piece") become one entry with a count: "… ×8".
 */
function collapse(list) {
  const out = [];
  for (const t of list) {
    const prev = out[out.length - 1];
    if (prev && prev.seat === t.seat && prev.base === t.text) {
      prev.count += 1;
      prev.text = `${t.text} ×${prev.count}`;
      prev.turn = t.turn;
      prev.seq = t.seq;
    } else {
      out.push({ ...t, base: t.text, count: 1 });
    }
  }
  return out.map(({ turn, seat, text, seq }) => ({ turn, seat, text, seq }));
}

/** Rows for a two-column list (two seats alternating), or one per turn. */
export function rows(turnList, seatCount) {
  if (seatCount !== 2) return turnList.map((t, i) => ({ number: i + 1, cells: [t] }));
  const out = [];
  for (const t of turnList) {
    const row = out[out.length - 1];
    if (row && row.cells.length === 1 && row.cells[0].seat !== t.seat) row.cells.push(t);
    else out.push({ number: out.length + 1, cells: [t] });
  }
  return out;
}
