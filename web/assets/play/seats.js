// The seats beside the board: listed with the viewer's own seat last, at
// the bottom, as its side of the board is, and each seat's allies.

/**
 * The seats of a table of `count` in the order to list them: in turn order
 * starting after the viewer's seat, so that it comes last. Spectators see
 * the list as seat 0 does.
 */
export function seatOrder(count, you) {
  const last = Number.isInteger(you) && you >= 0 && you < count ? you : 0;
  return Array.from({ length: count }, (_, i) => (last + 1 + i) % count);
}

/** The other seats on `seat`'s side, from the view's teams (none when everyone plays alone). */
export function alliesOf(teams, seat) {
  const team = (teams ?? []).find((members) => members.includes(seat));
  return team ? team.filter((other) => other !== seat) : [];
}

/** The degrees to turn the board for a viewer: its seat's turn, 0 for spectators. */
export function turnFor(layout, seat) {
  return Number.isInteger(seat) ? layout.seats[seat]?.turn ?? 0 : 0;
}
