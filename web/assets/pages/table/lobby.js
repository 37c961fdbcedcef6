// The lobby of a table: its seats, taking and leaving them, the host's
// seat order, computer players and start, and the one-click join of a
// friend who opened the invite link.

import { h } from "../../ui/dom.js";
import { colourDot, teamNote } from "./marks.js";

/** The lobby panel of the table page `page`; `draw()` builds it anew. */
export function lobbyPart(page) {
  const { ctx, conn, bots } = page;
  let shuffleSeats = false;
  // The bot the host's "Computer" buttons seat: the weakest that searches.
  let seatedBot = bots.find((b) => b.think_ms)?.name ?? "random";
  // Made once: what the friend types outlasts the renders.
  let joinName = null;

  async function takeSeat(seat) {
    try {
      await ctx.player();
      page.send({ type: "take_seat", seat });
    } catch (failure) {
      page.tell(failure.message);
    }
  }

  // The friend who opened the invite link: one click, after the name, to sit down.
  async function joinMatch() {
    try {
      const me = await ctx.player();
      const name = joinName?.value.trim();
      if (name && name !== me.name) {
        await ctx.api.rename(name);
        // The connection speaks for the player under the name it was opened with.
        await conn.reconnect();
      }
      const free = page.t.seats.findIndex((player) => !player);
      if (free >= 0) page.send({ type: "take_seat", seat: free });
    } catch (failure) {
      page.tell(failure.message);
    }
  }

  function joinBox() {
    joinName ??= h("input", { type: "text", id: "join-name", maxlength: "64", autocomplete: "nickname", placeholder: "your name", value: conn.you?.name ?? "" });
    return h("form", { class: "join", "data-testid": "join-match", onsubmit: (e) => { e.preventDefault(); joinMatch(); } },
      h("label", { for: "join-name" }, "Play as "), joinName,
      h("button", { type: "submit", class: "primary" }, "Join the match"));
  }

  function botName(name) {
    return bots.find((b) => b.name === name)?.display_name ?? name;
  }

  // Which computer player the seats' "Computer" buttons put there.
  function botChoice() {
    return h("label", { class: "bot-choice" }, "Computer players: ",
      h("select", { "data-testid": "bot-strength", onchange: (e) => (seatedBot = e.target.value) },
        bots.map((b) => h("option", { value: b.name, selected: b.name === seatedBot }, b.display_name))));
  }

  function draw() {
    const t = page.t;
    const me = conn.you;
    const host = me && me.id === t.host;
    const held = page.heldSeats();
    const count = page.seatCount();
    // In a game of two, one seat each; with more, a player may hold several.
    const mayTake = !held.length || count > 2;
    const full = t.seats.every(Boolean);
    // Seat `seat` trades places with the seat above it.
    const moveUp = (seat) => {
      const order = Array.from({ length: count }, (_, i) => i);
      [order[seat - 1], order[seat]] = [order[seat], order[seat - 1]];
      page.send({ type: "arrange_seats", order });
    };
    const shuffle = h("input", { type: "checkbox", "data-testid": "shuffle-seats", checked: shuffleSeats, onchange: (e) => (shuffleSeats = e.target.checked) });
    const open = t.seats.some((player) => !player);
    return h("section", { class: "panel lobby", "data-testid": "lobby" },
      // A rematch is kept for the players of the match before it, who join it from there.
      !held.length && open && !t.rematch_of ? joinBox() : null,
      h("h2", {}, "Seats"),
      h("ul", { class: "seats" },
        t.seats.map((player, seat) =>
          h("li", { "data-seat": seat },
            colourDot(t.layout, seat),
            h("strong", {}, `${t.layout.seats[seat].name}: `),
            player ? `${player.name}${player.id === t.host ? " (host)" : ""}${held.includes(seat) ? " (you)" : ""}` : h("span", { class: "muted" }, "empty"),
            teamNote(t, seat),
            !player && mayTake ? h("button", { type: "button", onclick: () => takeSeat(seat) }, held.length ? "Take this seat too" : "Take this seat") : null,
            !player && host ? h("button", { type: "button", "data-testid": "seat-bot", title: "Put the computer on this seat", onclick: () => page.send({ type: "seat_bot", seat, bot: seatedBot }) }, "Computer") : null,
            player && held.includes(seat) ? h("button", { type: "button", onclick: () => page.send({ type: "leave_seat", seat }) }, "Leave seat") : null,
            player && host && !held.includes(seat) ? h("button", { type: "button", onclick: () => page.send({ type: "remove_player", seat }) }, "Remove") : null,
            host && seat > 0 && (player || t.seats[seat - 1]) ? h("button", { type: "button", class: "move-up", title: "Trade places with the seat above", "aria-label": "Trade places with the seat above", onclick: () => moveUp(seat) }, "↑") : null,
          ))),
      t.takeover ? h("p", { class: "muted", "data-testid": "takeover" }, `If a player goes away, ${botName(t.takeover)} takes over the seat.`) : null,
      host && !full && bots.length ? botChoice() : null,
      host && !t.auto_start ? h("label", { class: "shuffle" }, shuffle, " Random seats at the start") : null,
      // A full lobby that did not start by itself (one person in every
      // seat, or a start that failed) waits for the host like any other.
      t.auto_start && open
        ? h("p", { class: "muted", "data-testid": "auto-start" }, `The match starts as soon as every seat is taken.${host && !t.rematch_of ? " Send the invite link to a friend." : ""}`)
        : host
          ? h("button", { type: "button", class: "primary", disabled: !full, onclick: () => page.send({ type: "start", ...(shuffleSeats ? { shuffle_seats: true } : {}) }) }, full ? "Start the match" : "Start (waiting for players)")
          : h("p", { class: "muted" }, full ? "Waiting for the host to start." : "Waiting for players."),
      host ? h("button", { type: "button", onclick: () => page.send({ type: "abort" }) }, "Close the lobby") : null,
      page.notice ? h("p", { class: "error", role: "alert" }, page.notice) : null,
    );
  }

  return { draw };
}
