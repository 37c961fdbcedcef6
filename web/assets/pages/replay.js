// Replaying a match: step through its turns with buttons, the arrow keys or
// a swipe, jump to any turn from the move list (numbered as the live list
// numbers it), see the board from any seat once the match is over, and
// download the record.

import { h } from "../ui/dom.js";
import { createBoard } from "../boards/board.js";
import { turnFor } from "../play/seats.js";
import { rows, stepTurns, withSeat } from "../play/moves.js";
import { moveList } from "../ui/move-list.js";
import { swipes } from "../ui/swipe.js";
import { isOver } from "../net/phase.js";
import { describeResult } from "../ui/results.js";

export async function replayPage(ctx, id) {
  const code = new URLSearchParams(location.search).get("code") ?? undefined;
  const games = await ctx.games();
  const detail = await ctx.api.match(id, code);
  const over = isOver(detail.phase);
  const me = ctx.conn.you ?? (await ctx.api.me().catch(() => null))?.player;
  const mySeat = detail.seats.find((s) => s.player.id === me?.id)?.seat;
  let perspective = mySeat ?? (over ? 0 : null);
  let steps = [];
  let turns = [];
  let layout = null;
  let index = 0;
  let board = null;

  const game = games.find((g) => g.id === detail.game);
  const counter = h("span", { class: "turn-counter", "data-testid": "turn-counter" });
  const prompt = h("p", { class: "prompt" });
  const boardWrap = h("div", { class: "board-wrap", "data-testid": "board" });
  const moves = moveList({ title: "Moves", onPick: (turn) => go(steps.findIndex((step) => step.seq === turn.seq)) });
  const seatButtons = h("div", { class: "perspectives" });
  const sides = h("p", { class: "match-sides", "data-testid": "replay-sides" });

  async function load() {
    const replay = await ctx.api.replay(id, perspective ?? undefined, code);
    layout = replay.layout;
    steps = replay.steps;
    turns = stepTurns(steps);
    board = createBoard(layout, { turn: turnFor(layout, perspective) });
    boardWrap.replaceChildren(board.element);
    // Who played which side, in the board's colours.
    sides.replaceChildren(...detail.seats.flatMap((s, i) => [
      i ? " · " : "",
      h("span", { class: "colour-dot", style: `background:${layout.seats[s.seat]?.colour ?? "#888"}` }),
      `${layout.seats[s.seat]?.name ?? `Seat ${s.seat + 1}`}: `,
      h("strong", {}, s.player.name),
    ]));
    seatButtons.replaceChildren(
      "See the board as: ",
      ...layout.seats.map((seat, n) =>
        h("button", {
          type: "button",
          class: perspective === n ? "on" : "",
          disabled: !over && n !== mySeat,
          title: over ? "" : "Other seats' views are shown once the match is over",
          onclick: async () => { perspective = n; await load(); },
        }, seat.name)),
    );
    go(Math.min(index, steps.length - 1));
  }

  /** The move-list entry showing step `n`: the turn it ends, or the run of turns it is part of. */
  function turnOf(n) {
    return n === 0 ? null : turns.find((turn) => turn.seq >= steps[n].seq) ?? null;
  }

  function go(n) {
    if (n < 0 && index === 0) return;
    index = Math.max(0, Math.min(n, steps.length - 1));
    const step = steps[index];
    board.update(step.view);
    const numbered = rows(turns, layout.seats.length);
    const turn = turnOf(index);
    const row = numbered.find((r) => r.cells.includes(turn));
    const last = numbered.filter((r) => r.number !== null).at(-1)?.number ?? 0;
    counter.textContent = !row ? `Start · ${last} moves` : row.number === null ? row.label : `Move ${row.number} of ${last}`;
    const text = withSeat(layout.seats[step.seat]?.name, step.text ?? "(hidden)");
    prompt.textContent = index === 0 ? "The start position" : `${row?.number ? `${row.number}. ` : ""}${text}`;
    moves.update(turns, { seatCount: layout.seats.length, current: turn?.seq ?? -1, colour: (seat) => h("span", { class: "colour-dot", style: `background:${layout.seats[seat]?.colour ?? "#888"}` }) });
  }

  const keys = (event) => {
    if (event.target.closest("input, select, textarea")) return;
    const moves = { ArrowLeft: -1, ArrowRight: 1, Home: -Infinity, End: Infinity, ArrowUp: -Infinity, ArrowDown: Infinity };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const delta = moves[event.key];
    go(Number.isFinite(delta) ? index + delta : delta < 0 ? 0 : steps.length - 1);
  };
  document.addEventListener("keydown", keys);
  const stopSwipes = [swipes(boardWrap, (delta) => go(index + delta)), swipes(moves.element, (delta) => go(index + delta))];

  const resultLine = describeResult(detail);
  const length = detail.turns ? ` · ${detail.turns} turns` : "";
  ctx.main.append(
    h("div", { class: "replay-head" },
      h("h1", {}, game?.name ?? detail.game),
      sides,
      h("p", { "data-testid": "replay-result" }, resultLine, length, " · ", new Date(detail.started_at).toLocaleString())),
    h("div", { class: "table-grid" },
      boardWrap,
      h("aside", { class: "side" },
        h("div", { class: "stepper" },
          h("button", { type: "button", title: "Start (Home)", "aria-label": "Start", onclick: () => go(0) }, "«"),
          h("button", { type: "button", title: "Back (←)", "aria-label": "Back", onclick: () => go(index - 1) }, "◀"),
          counter,
          h("button", { type: "button", title: "Forward (→)", "aria-label": "Forward", onclick: () => go(index + 1) }, "▶"),
          h("button", { type: "button", title: "End (End)", "aria-label": "End", onclick: () => go(steps.length - 1) }, "»")),
        prompt,
        seatButtons,
        moves.element,
        // While a match with hidden information goes on, its record would
        // tell what is hidden: it is offered once the match is over.
        over || !game?.hidden_information
          ? h("p", { class: "downloads" }, "Download: ",
              h("a", { href: ctx.api.exportUrl(id, "notation", code), download: "" }, detail.game === "dame100" ? "PDN" : "notation"),
              over ? [" · ", h("a", { href: ctx.api.exportUrl(id, "json", code), download: "" }, "JSON record")] : null)
          : null,
        over && detail.seed && game?.chance ? h("p", { class: "seed" }, "Seed: ", h("code", {}, detail.seed)) : null,
        !over ? h("p", {}, h("a", { href: `/table/${id}`, "data-link": true }, "Back to the live match")) : null,
      ),
    ),
  );
  await load();
  go(0);
  return () => {
    document.removeEventListener("keydown", keys);
    stopSwipes.forEach((stop) => stop());
  };
}
