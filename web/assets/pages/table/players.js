// The players beside the board: each seat's colour, presence, name,
// clock, dice, facts, hand and allies, the viewer's own seat last (at the
// bottom, as on the board), and what an absent seat means for the viewer.

import { h } from "../../ui/dom.js";
import { allies, facts, hand } from "../../ui/panel.js";
import { dice } from "../../ui/dice.js";
import { seatOrder } from "../../play/seats.js";
import { PHASE } from "../../net/phase.js";
import { colourDot } from "./marks.js";

/** The players panel of the table page `page`; `draw()` builds it anew (null in the lobby). */
export function playersPart(page) {
  const { conn } = page;

  function hasLeft(seat) {
    return page.t.events.some((e) => e.kind === "left" && e.seat === seat);
  }

  /** What an absent seat past its grace period means for the viewer. */
  function awayText() {
    const over = "Away past the time to reconnect";
    if (page.t.takeover) return `${over}: the computer takes over the seat.`;
    if (!page.heldSeats().length) return `${over}.`;
    return page.seatCount() === 2 ? `${over}: you may claim victory.` : `${over}: you may have the seat leave the match.`;
  }

  function draw() {
    const t = page.t;
    if (t.phase === PHASE.lobby) return null;
    const acting = new Set(t.view?.acting ?? []);
    const live = t.phase === PHASE.live;
    // Offline, the page cannot know who else is there.
    const known = conn.status === "open";
    const held = page.heldSeats();
    return h("section", { class: "players", "aria-label": "Players" },
      seatOrder(t.seats.length, page.bottom()).map((seat) => {
        const player = t.seats[seat];
        const presence = t.presence?.find((p) => p.seat === seat);
        const panel = t.view?.seats?.[seat];
        return h("div", { class: `player${acting.has(seat) && live ? " acting" : ""}`, "data-seat": seat },
          h("div", { class: "player-line" },
            colourDot(t.layout, seat),
            h("span", {
              class: `presence ${!known ? "unknown" : presence?.connected ? "on" : "off"}`,
              title: !known ? "not known while you are offline" : presence?.connected ? "connected" : "away",
              role: "img",
              "aria-label": !known ? "presence unknown" : presence?.connected ? "connected" : "away",
            }),
            h("strong", {}, player?.name ?? "—"),
            held.includes(seat) ? h("span", { class: "muted" }, " (you)") : null,
            dice(panel?.roll, `${t.table}:${seat}`),
            t.clock ? h("span", { class: "clock", "data-clock": seat, role: "timer", "aria-label": `${t.layout.seats[seat]?.name ?? ""} clock` }) : null,
          ),
          h("div", { class: "player-details" }, facts(panel), hand(panel), allies(t.view, seat, t.layout.seats)),
          // Away: the time left to come back, then what the viewer may do
          // about it (the button for it is among the controls).
          known && live && presence && !presence.connected && !held.includes(seat) && !hasLeft(seat)
            ? presence.grace_until
              ? h("div", { class: "away", "data-grace": presence.grace_until })
              : h("div", { class: "away" }, awayText())
            : null,
        );
      }),
    );
  }

  return { draw };
}
