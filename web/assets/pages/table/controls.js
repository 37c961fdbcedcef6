// A player's controls during the match: abort before the first action,
// offer, accept or decline a draw, resign (asked twice), and have a seat
// that stayed away past its grace period leave (claim the win in a game
// of two; docs/rules/platform.md).

import { h } from "../../ui/dom.js";
import { PHASE } from "../../net/phase.js";
import { seatName } from "./marks.js";

/** The controls of the table page `page`; `draw()` builds them anew (null when the viewer plays no seat). */
export function controlsPart(page) {
  let confirmResign = false;

  function draw() {
    const t = page.t;
    const held = page.heldSeats();
    if (t.phase !== PHASE.live || !held.length) return null;
    const left = new Set(t.events.filter((e) => e.kind === "left").map((e) => e.seat));
    const playing = held.filter((seat) => !left.has(seat));
    if (!playing.length) return null;
    const anyAction = t.events.some((e) => e.kind === "action");
    const others = (t.presence ?? []).filter((p) => !held.includes(p.seat) && !left.has(p.seat));
    const send = (type) => () => page.send({ type });
    const buttons = [];
    if (!anyAction) buttons.push(h("button", { type: "button", onclick: send("abort") }, "Abort"));
    const offers = t.draw_offers ?? [];
    if (!offers.length) buttons.push(h("button", { type: "button", onclick: send("offer_draw") }, "Offer draw"));
    else if (playing.every((seat) => offers.includes(seat))) buttons.push(h("button", { type: "button", disabled: true }, "Draw offered"));
    else {
      const names = offers.map((seat) => seatName(t.layout, seat)).join(" and ");
      const who = page.seatCount() === 2 ? "Your opponent offers" : `${names} ${offers.length > 1 ? "offer" : "offers"}`;
      buttons.push(h("span", { class: "draw-offer" }, `${who} a draw.`),
        h("button", { type: "button", class: "primary", onclick: send("accept_draw") }, "Accept draw"),
        h("button", { type: "button", onclick: send("decline_draw") }, "Decline draw"));
    }
    buttons.push(confirmResign
      ? h("button", { type: "button", class: "danger", onclick: () => { confirmResign = false; send("resign")(); } }, "Really resign?")
      : h("button", { type: "button", onclick: () => { confirmResign = true; page.render(); setTimeout(() => { confirmResign = false; page.render(); }, 4000); } }, "Resign"));
    // Seats away past their grace period leave only when another asks.
    const gone = others.filter((p) => !p.connected && !p.grace_until);
    if (gone.length) {
      const names = gone.map((p) => seatName(t.layout, p.seat)).join(" and ");
      const label = gone.length === others.length ? "Claim victory" : `Remove ${names} (away)`;
      buttons.push(h("button", { type: "button", class: "primary", "data-testid": "claim", onclick: send("claim_victory") }, label));
    }
    return h("section", { class: "controls", "aria-label": "Match controls" }, buttons);
  }

  return { draw };
}
