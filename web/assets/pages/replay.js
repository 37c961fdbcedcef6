// Replaying a match: step through its turns with buttons or the arrow keys,
// jump to any turn from the move list, see the board from any seat once the
// match is over, and download the record.

import { h } from "../ui/dom.js";
import { createBoard } from "../boards/board.js";
import { turnFor } from "../play/seats.js";
import { isOver } from "../net/phase.js";

export async function replayPage(ctx, id) {
  const code = new URLSearchParams(location.search).get("code") ?? undefined;
  const games = await ctx.games();
  const detail = await ctx.api.match(id, code);
  const over = isOver(detail.phase);
  const me = ctx.conn.you ?? (await ctx.api.me().catch(() => null))?.player;
  const mySeat = detail.seats.find((s) => s.player.id === me?.id)?.seat;
  let perspective = mySeat ?? (over ? 0 : null);
  let steps = [];
  let layout = null;
  let index = 0;
  let board = null;

  const game = games.find((g) => g.id === detail.game);
  const counter = h("span", { class: "turn-counter", "data-testid": "turn-counter" });
  const prompt = h("p", { class: "prompt" });
  const boardWrap = h("div", { class: "board-wrap", "data-testid": "board" });
  const moves = h("ol", { class: "replay-moves", "data-testid": "replay-moves" });
  const seatButtons = h("div", { class: "perspectives" });

  async function load() {
    const replay = await ctx.api.replay(id, perspective ?? undefined, code);
    layout = replay.layout;
    steps = replay.steps;
    board = createBoard(layout, { turn: turnFor(layout, perspective) });
    boardWrap.replaceChildren(board.element);
    moves.replaceChildren(
      ...steps.slice(1).map((step, i) =>
        h("li", {},
          h("button", { type: "button", class: "move", "data-step": i + 1, onclick: () => go(i + 1) },
            `${layout.seats[step.seat]?.name ?? ""}: ${step.text ?? "…"}`))),
    );
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

  function go(n) {
    index = Math.max(0, Math.min(n, steps.length - 1));
    const step = steps[index];
    board.update(step.view);
    counter.textContent = `Turn ${index} of ${steps.length - 1}`;
    prompt.textContent = index === 0 ? "The start position" : `${layout.seats[step.seat]?.name ?? ""}: ${step.text ?? "(hidden)"}`;
    for (const button of moves.querySelectorAll("button")) button.classList.toggle("current", Number(button.dataset.step) === index);
    moves.querySelector("button.current")?.scrollIntoView({ block: "nearest" });
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

  const names = detail.seats.map((s) => s.player.name).join(" vs ");
  const outcome = detail.result?.outcome;
  const resultLine = !over
    ? "In progress"
    : detail.result?.termination === "failed"
      ? "Stopped by a server fault (no result)"
      : detail.result?.termination === "aborted"
        ? "Aborted"
        : outcome.places.every((p) => p === 1)
          ? `Draw (${outcome.reason})`
          : `${detail.seats.filter((s) => outcome.places[s.seat] === 1).map((s) => s.player.name).join(" and ")} won (${outcome.reason})`;
  ctx.main.append(
    h("div", { class: "replay-head" },
      h("h1", {}, `${game?.name ?? detail.game}: ${names}`),
      h("p", { "data-testid": "replay-result" }, resultLine, " · ", new Date(detail.started_at).toLocaleString())),
    h("div", { class: "table-grid" },
      boardWrap,
      h("aside", { class: "side" },
        h("div", { class: "stepper" },
          h("button", { type: "button", title: "Start (Home)", onclick: () => go(0) }, "«"),
          h("button", { type: "button", title: "Back (←)", onclick: () => go(index - 1) }, "◀"),
          counter,
          h("button", { type: "button", title: "Forward (→)", onclick: () => go(index + 1) }, "▶"),
          h("button", { type: "button", title: "End (End)", onclick: () => go(steps.length - 1) }, "»")),
        prompt,
        seatButtons,
        h("section", { class: "moves" }, h("h2", {}, "Turns"), moves),
        h("p", { class: "downloads" }, "Download: ",
          h("a", { href: ctx.api.exportUrl(id, "notation", code), download: "" }, detail.game === "dame100" ? "PDN" : "notation"),
          over ? [" · ", h("a", { href: ctx.api.exportUrl(id, "json", code), download: "" }, "JSON record")] : null),
        detail.seed ? h("p", { class: "seed" }, "Seed: ", h("code", {}, detail.seed)) : null,
        !over ? h("p", {}, h("a", { href: `/table/${id}`, "data-link": true }, "Back to the live match")) : null,
      ),
    ),
  );
  await load();
  go(0);
  return () => document.removeEventListener("keydown", keys);
}
