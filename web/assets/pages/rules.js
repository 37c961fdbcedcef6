// A game's rules page, written for players (web/assets/rules/<game>.html).

import { h } from "../ui/dom.js";

export async function rulesPage(ctx, id) {
  const game = await ctx.game(id);
  if (!game) {
    ctx.main.append(h("p", { class: "error" }, "There is no such game."));
    return;
  }
  const response = await fetch(`/assets/rules/${id}.html`);
  const article = h("article", { class: "rules" });
  article.innerHTML = response.ok ? await response.text() : `<p>The rules of ${game.name} are not written up yet.</p>`;
  ctx.main.append(article, h("p", {}, h("a", { href: `/?game=${encodeURIComponent(id)}`, "data-link": true, class: "button primary" }, `Play ${game.name}`)));
}
