// A cell in words, for those who hear the board rather than see it: its
// name and what stands on it ("d4: stack of 3, White on top (2 White,
// 1 Black)"), and whether it may be clicked now. The board names each
// focusable cell this way; it knows no rules, only the view.

/** How a piece is called: its kind where the layout names it ("Red Major"), its seat otherwise ("White"), "hidden" if unseen. */
function pieceWords(piece, seats, looks) {
  const seat = seats[piece.owner]?.name ?? `seat ${piece.owner + 1}`;
  if (piece.hidden) return `${seat} hidden piece`;
  const look = looks.get(piece.kind);
  if (look) return `${seat} ${look.name}`;
  return piece.kind ? `${seat} ${piece.kind}` : `${seat} piece`;
}

/** What stands on a cell: "empty", "White king", "stack of 3, White on top (2 White, 1 Black)". */
export function describeStack(pieces, seats, looks = new Map()) {
  if (!pieces?.length) return "empty";
  const top = pieceWords(pieces[pieces.length - 1], seats, looks);
  if (pieces.length === 1) return top;
  const counts = new Map();
  for (const piece of pieces) {
    const seat = seats[piece.owner]?.name ?? `seat ${piece.owner + 1}`;
    counts.set(seat, (counts.get(seat) ?? 0) + 1);
  }
  const mix = [...counts].map(([seat, n]) => `${n} ${seat}`).join(", ");
  return `stack of ${pieces.length}, ${top} on top (${mix})`;
}

/** A cell's name for a screen reader: "d4: White king, can be chosen". */
export function describeCell(label, pieces, seats, looks, { target = false, selected = false } = {}) {
  const state = selected ? ", chosen" : target ? ", can be chosen" : "";
  return `${label}: ${describeStack(pieces, seats, looks)}${state}`;
}
