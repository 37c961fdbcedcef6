// My matches, with filters by game, result and opponent, a page at a time.

import { h } from "../ui/dom.js";
import { matchItem } from "./home.js";

export async function historyPage(ctx) {
  const games = await ctx.games();
  // Results are told from the viewer's side: who that is comes with the welcome.
  await ctx.conn.ready;
  const game = h("select", { id: "filter-game" }, h("option", { value: "" }, "All games"), games.map((g) => h("option", { value: g.id }, g.name)));
  const result = h("select", { id: "filter-result" },
    h("option", { value: "" }, "Any result"), h("option", { value: "win" }, "Won"), h("option", { value: "loss" }, "Lost"), h("option", { value: "draw" }, "Drawn"));
  const opponent = h("input", { type: "search", id: "filter-opponent", placeholder: "Opponent's name" });
  const list = h("ul", { class: "history", "data-testid": "history" });
  const pager = h("p", { class: "pager" });
  let page = 1;

  async function load() {
    list.replaceChildren(h("li", { class: "muted" }, "Loading…"));
    try {
      const found = await ctx.api.matches({ mine: true, game: game.value, result: result.value, opponent: opponent.value.trim(), page, per_page: 20 });
      list.replaceChildren(...(found.matches.length ? found.matches.map((m) => matchItem(m, games, ctx.me())) : [h("li", { class: "muted" }, "No matches found.")]));
      pager.replaceChildren(
        page > 1 ? h("button", { type: "button", onclick: () => { page -= 1; load(); } }, "Newer") : "",
        ` Page ${page} `,
        found.more ? h("button", { type: "button", onclick: () => { page += 1; load(); } }, "Older") : "",
      );
    } catch (error) {
      list.replaceChildren(h("li", { class: "error" }, error.message));
    }
  }
  const refilter = () => {
    page = 1;
    load();
  };
  game.addEventListener("change", refilter);
  result.addEventListener("change", refilter);
  let typing;
  opponent.addEventListener("input", () => {
    clearTimeout(typing);
    typing = setTimeout(refilter, 300);
  });
  ctx.main.append(
    h("h1", {}, "My matches"),
    h("form", { class: "filters", onsubmit: (e) => { e.preventDefault(); refilter(); } },
      h("label", {}, "Game ", game), h("label", {}, "Result ", result), h("label", {}, "Opponent ", opponent)),
    list,
    pager,
    h("p", { class: "muted" }, "Any match can also be opened by its link."),
  );
  await load();
  return () => clearTimeout(typing);
}
