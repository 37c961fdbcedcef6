// The end of a match: who won and how, every seat's place where there are
// more than two or scores, the revealed seed checked against the
// commitment shown at the start (games with chance), and the rematch.
// While the match is played, the commitment itself.

import { h } from "../../ui/dom.js";
import { PHASE, isOver } from "../../net/phase.js";
import { colourDot, seatName, teamNote } from "./marks.js";

/** The end of the table page `page`: `draw()` builds the result panel (null before the end), `sealed()` the commitment line. */
export function endPart(page) {
  const { conn } = page;

  function resultText() {
    const t = page.t;
    const result = t.result;
    if (!result) return "The lobby was closed before the match started";
    if (result.termination === "failed") return "Match stopped by a server fault (no result)";
    if (result.termination === "aborted") return "Match aborted";
    const outcome = result.outcome;
    const how = { rules: "", resignation: " by resignation", agreement: " by agreement", timeout: " on time", abandonment: " (opponent left)" }[result.termination] ?? "";
    if (outcome.places.every((p) => p === 1)) return `Draw${how}`;
    const winners = outcome.places.map((p, seat) => (p === 1 ? seat : null)).filter((s) => s !== null);
    const names = winners.map((seat) => `${seatName(t.layout, seat)}${t.seats[seat] ? ` (${t.seats[seat].name})` : ""}`);
    const held = page.heldSeats();
    const you = held.some((seat) => winners.includes(seat)) ? "You win! " : held.length ? (page.seatCount() > 2 ? "" : "You lose. ") : "";
    return `${you}${names.join(" and ")} ${winners.length > 1 ? "win" : "wins"}${how}`;
  }

  // Every seat's place (and score), best first, in games of more than two
  // seats or with scores: "1. Red (ann) · 2. Blue and Gold (bo) · 4. …".
  function standings() {
    const t = page.t;
    const outcome = t.result?.outcome;
    if (!outcome || (page.seatCount() === 2 && !outcome.scores)) return null;
    const seats = outcome.places.map((place, seat) => ({ place, seat })).sort((a, b) => a.place - b.place || a.seat - b.seat);
    return h("ol", { class: "standings", "data-testid": "standings" },
      seats.map(({ place, seat }) => h("li", { "data-place": place, "data-seat": seat },
        h("span", { class: "place" }, `${place}.`),
        // One run of text after the place, so that on a narrow screen it
        // wraps word by word under the name, not a whole note at a time.
        h("span", { class: "who" },
          colourDot(t.layout, seat), " ",
          h("strong", {}, seatName(t.layout, seat)),
          t.seats[seat] ? ` (${t.seats[seat].name})` : "",
          page.heldSeats().includes(seat) ? h("span", { class: "muted" }, " you") : null,
          outcome.scores ? h("span", { class: "score" }, ` ${outcome.scores[seat]}\u00a0points`) : null,
          teamNote(t, seat)))));
  }

  function draw() {
    const t = page.t;
    if (!isOver(t.phase)) return null;
    const aborted = !t.result || t.result.termination === "aborted";
    const seed = t.gameInfo?.chance && !aborted ? t.seed : null;
    const check = h("span", { class: "seed-check" });
    if (seed && t.seed_commitment && crypto?.subtle) {
      const bytes = new Uint8Array(seed.match(/../g).map((x) => parseInt(x, 16)));
      crypto.subtle.digest("SHA-256", bytes).then((digest) => {
        const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
        check.textContent = hex === t.seed_commitment ? " ✓ matches the commitment shown at the start" : " ✗ does not match the commitment!";
      });
    }
    const held = page.heldSeats();
    const offered = t.rematchOffer && t.rematchOffer.by.id !== conn.you?.id && held.length;
    return h("section", { class: "panel end", "data-testid": "result" },
      h("h2", {}, resultText()),
      // The rules' reason ("the opponent has no legal move"); a resignation,
      // an agreement or a flag fall is already said in the heading.
      t.result?.termination === "rules" && t.result.outcome?.reason ? h("p", {}, t.result.outcome.reason) : null,
      standings(),
      seed ? h("p", { class: "seed" }, "Seed: ", h("code", {}, seed), check) : null,
      offered ? h("p", { class: "rematch-offer" }, `${t.rematchOffer.by.name} offers a rematch, with the sides changed.`) : null,
      h("p", { class: "actions" },
        // One click each: asking for the rematch, or accepting the offer, seats the player in it.
        held.length
          ? h("button", { type: "button", class: "primary", "data-testid": "rematch", onclick: () => { t.wantRematch = true; page.send({ type: "rematch" }); } },
              offered ? "Accept the rematch" : t.rematch ? "Go to the rematch" : "Rematch")
          : t.rematchOffer ? h("a", { href: `/t/${t.rematchOffer.code}`, "data-link": true, class: "button" }, "Watch the rematch") : null,
        h("a", { href: `/m/${t.table}`, "data-link": true, class: "button" }, "Replay"),
        h("a", { href: "/", "data-link": true, class: "button" }, "Home")),
    );
  }

  // A game with chance draws it from a seed sealed at the start: its
  // SHA-256 is shown while the match is played, the seed once it is over,
  // and the page checks one against the other.
  function sealed() {
    const t = page.t;
    if (t.phase !== PHASE.live || !t.gameInfo?.chance || !t.seed_commitment) return null;
    return h("p", { class: "seed muted", "data-testid": "commitment" },
      "Chance is sealed: SHA-256 of the seed ", h("code", {}, t.seed_commitment));
  }

  return { draw, sealed };
}
