// A seat's marks beside its name, wherever the table page names a seat:
// its colour on the board, and the seats it plays with.

import { h } from "../../ui/dom.js";

/** A dot in the seat's colour on the board. */
export function colourDot(layout, seat) {
  return h("span", { class: "colour-dot", style: `background:${layout.seats[seat]?.colour ?? "#888"}` });
}

/** The seat's name on the board ("White", "Red"), or its number. */
export function seatName(layout, seat) {
  return layout.seats[seat]?.name ?? `Seat ${seat + 1}`;
}

/** " · team with Green" for a seat that plays on a team, from the view's teams; the dot stays with the words it leads when a line wraps. */
export function teamNote(t, seat) {
  const team = (t.view?.teams ?? []).find((members) => members.includes(seat));
  if (!team || team.length < 2) return null;
  const others = team.filter((s) => s !== seat).map((s) => seatName(t.layout, s));
  return h("span", { class: "muted team" }, ` ·\u00a0team with ${others.join(" and ")}`);
}
