// What is shown beside the board for one seat, from its panel in the view:
// its facts, the cards in its hand (readable ones as chips, the rest
// counted face down), and whom it is allied with.

import { h } from "./dom.js";
import { alliesOf } from "../play/seats.js";

/** The seat's facts: "men: 20 · kings: 0". */
export function facts(panel) {
  return h("div", { class: "facts" }, (panel?.facts ?? []).map((f) => h("span", {}, `${f.label}: ${f.value}`)));
}

/** The seat's hand of cards, or null for games without cards. */
export function hand(panel) {
  const held = panel?.hand;
  if (!held) return null;
  const cards = held.cards ?? [];
  const hidden = held.hidden ?? 0;
  return h("div", { class: "hand", "data-cards": cards.length, "data-hidden": hidden },
    cards.map((card) => h("span", { class: "card" }, card)),
    hidden ? h("span", { class: "card face-down" }, `${hidden} face-down card${hidden === 1 ? "" : "s"}`) : null,
    !cards.length && !hidden ? h("span", { class: "muted" }, "no cards") : null);
}

/** "allied with North and West", when the view has teams and the seat has allies. */
export function allies(view, seat, seatStyles) {
  const others = alliesOf(view?.teams, seat);
  if (!others.length) return null;
  const names = others.map((other) => seatStyles[other]?.name ?? `seat ${other + 1}`);
  const list = names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : names[0];
  return h("div", { class: "allies" }, `allied with ${list}`);
}
