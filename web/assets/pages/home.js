// Home: the games, creating a lobby or a match against the computer, the live list of public lobbies, and
// my recent matches.

import { h } from "../ui/dom.js";
import { formatControl } from "../ui/clock.js";
import { PHASE } from "../net/phase.js";
import { loadLayout } from "../net/layouts.js";

const CLOCKS = [
  ["", "Untimed"],
  ["180000+2000", "3+2 blitz"],
  ["300000+3000", "5+3 blitz"],
  ["600000+5000", "10+5 rapid"],
  ["900000+10000", "15+10 rapid"],
  ["1800000+20000", "30+20 classical"],
  ["custom", "Custom…"],
];

export async function homePage(ctx) {
  const [games, bots] = await Promise.all([ctx.games(), ctx.api.bots().catch(() => [])]);
  const cleanups = [];
  const lobbyList = h("ul", { class: "lobbies", "data-testid": "public-lobbies" }, h("li", { class: "muted" }, "No open public lobbies right now."));
  const form = createForm(ctx, games, bots);
  ctx.main.append(
    h("section", { class: "intro" },
      h("h1", {}, "Tactical board games with friends"),
      h("p", {}, "Host a lobby, send the invite link, play live in the browser, and replay every match move by move.")),
    h("div", { class: "home-grid" },
      h("section", { class: "panel" }, h("h2", {}, "New match"), form.element),
      h("section", { class: "panel" }, h("h2", {}, "Open public lobbies"), lobbyList),
    ),
    h("section", { class: "panel" }, h("h2", {}, "Games"),
      h("div", { class: "game-cards" },
        games.map((game) =>
          h("article", { class: "game-card" },
            h("h3", {}, game.name),
            h("p", {}, game.summary),
            h("p", { class: "actions" },
              h("a", { href: `/rules/${game.id}`, "data-link": true }, "Rules"),
              h("button", { type: "button", onclick: () => form.choose(game.id) }, `New ${game.name} lobby`),
              bots.length ? h("button", { type: "button", "data-testid": `computer-${game.id}`, onclick: () => form.choose(game.id, "computer") }, "Play the computer") : null),
          )))),
    h("section", { class: "panel" }, h("h2", {}, "My recent matches"), await recentMatches(ctx, games)),
  );

  cleanups.push(ctx.conn.on("lobbies", (message) => {
    lobbyList.replaceChildren(
      ...(message.lobbies.length
        ? message.lobbies.map((lobby) => {
            const game = games.find((g) => g.id === lobby.game);
            const free = lobby.seats.filter((s) => s === null).length;
            return h("li", {},
              h("span", { class: "lobby-game" }, game?.name ?? lobby.game),
              h("span", {}, ` by ${lobby.host} · ${formatControl(lobby.clock)} · ${free} seat${free === 1 ? "" : "s"} free `),
              h("a", { href: `/table/${lobby.table}`, "data-link": true, class: "button" }, "Join"));
          })
        : [h("li", { class: "muted" }, "No open public lobbies right now.")]),
    );
  }));
  ctx.conn.watchLobbies();
  cleanups.push(ctx.conn.on("created", (message) => ctx.navigate(`/t/${message.code}`)));
  cleanups.push(ctx.conn.on("error", (message) => {
    if (!message.table) form.showError(message.message);
  }));
  return () => {
    ctx.conn.unwatchLobbies();
    cleanups.forEach((off) => off());
  };
}

/** The form for a new match: the game, its options and clock, then either
 * a lobby for friends or a match against the computer, started at once. */
function createForm(ctx, games, bots) {
  const gameSelect = h("select", { name: "game", id: "new-game" }, games.map((g) => h("option", { value: g.id }, g.name)));
  const options = h("div", { class: "options" });
  const visibility = h("select", { name: "visibility", id: "new-visibility" },
    h("option", { value: "private" }, "Private: by invite link only"),
    h("option", { value: "public" }, "Public: listed for everyone"));
  const clock = h("select", { name: "clock", id: "new-clock" }, CLOCKS.map(([value, label]) => h("option", { value }, label)));
  const minutes = h("input", { type: "number", min: "0.5", max: "1440", step: "0.5", value: "10", id: "custom-minutes" });
  const increment = h("input", { type: "number", min: "0", max: "3600", step: "1", value: "5", id: "custom-increment" });
  const custom = h("p", { class: "custom-clock", hidden: true }, h("label", {}, "Minutes ", minutes), " ", h("label", {}, "+ seconds per turn ", increment));
  const error = h("p", { class: "error", role: "alert" });
  const seats = h("span", { class: "muted" });
  // The searching bots, weakest first; "random" is for filling lobby seats.
  const strengths = bots.filter((b) => b.think_ms);
  const strength = h("select", { name: "strength", id: "computer-strength" },
    strengths.map((b, i) => h("option", { value: b.name, selected: i === 0 }, `${playerName(b)} (thinks up to ${(b.think_ms / 1000).toFixed(1)} s)`)));
  const side = h("select", { name: "side", id: "computer-side" }, h("option", { value: "" }, "Random"));
  // In games of three or more, who plays on for a player who goes away.
  const takeover = h("select", { name: "takeover", id: "new-takeover" },
    h("option", { value: "" }, "Nobody: the others may remove the seat"),
    strengths.map((b) => h("option", { value: b.name }, `${playerName(b)} (computer) takes over`)));
  const takeoverLabel = h("label", { hidden: true }, "If a player goes away ", takeover);

  function chosenOptions() {
    const chosen = {};
    for (const select of options.querySelectorAll("select[data-option]")) chosen[select.dataset.option] = JSON.parse(select.value);
    return chosen;
  }

  // The sides are named on the game's board (White, Black; Red, Blue, ...).
  async function showSides() {
    const game = gameSelect.value;
    const url = `/api/games/${game}/layout?options=${encodeURIComponent(JSON.stringify(chosenOptions()))}`;
    const layout = await loadLayout(url).catch(() => null);
    if (!layout || gameSelect.value !== game) return;
    const kept = side.value;
    side.replaceChildren(h("option", { value: "" }, "Random"),
      ...layout.seats.map((s, i) => h("option", { value: String(i) }, i === 0 ? `${s.name} (moves first)` : s.name)));
    side.value = Number(kept) < layout.seats.length ? kept : "";
    takeoverLabel.hidden = layout.seats.length < 3;
  }

  function showOptions() {
    const game = games.find((g) => g.id === gameSelect.value);
    options.replaceChildren(
      ...game.options.map((spec) =>
        h("label", {}, `${spec.label} `,
          h("select", { "data-option": spec.key, onchange: showSides },
            spec.choices.map((c) => h("option", { value: JSON.stringify(c.value), selected: JSON.stringify(c.value) === JSON.stringify(spec.default) }, c.label))))),
    );
    seats.textContent = game.min_seats === game.max_seats ? `${game.min_seats} players` : `${game.min_seats}–${game.max_seats} players`;
    showSides();
  }
  gameSelect.addEventListener("change", showOptions);
  clock.addEventListener("change", () => (custom.hidden = clock.value !== "custom"));
  showOptions();

  const computerButton = h("button", { type: "submit", class: "primary", id: "play-computer", value: "computer" }, "Play against the computer");
  const computer = h("fieldset", { class: "computer" },
    h("legend", {}, "Against the computer"),
    h("label", {}, "Strength ", strength),
    h("label", {}, "Your side ", side),
    computerButton);
  const element = h("form", {
    class: "new-lobby",
    onsubmit: async (event) => {
      event.preventDefault();
      error.textContent = "";
      try {
        await ctx.player();
      } catch (failure) {
        error.textContent = failure.message;
        return;
      }
      let control = null;
      if (clock.value === "custom") control = { initial_ms: Math.round(Number(minutes.value) * 60000), increment_ms: Math.round(Number(increment.value) * 1000) };
      else if (clock.value) {
        const [initial, inc] = clock.value.split("+").map(Number);
        control = { initial_ms: initial, increment_ms: inc };
      }
      const against = event.submitter === computerButton
        ? { computer: { bot: strength.value, ...(side.value ? { seat: Number(side.value) } : {}) } }
        : {};
      // A match against the computer waits for its one person: nobody takes over.
      const replace = !against.computer && !takeoverLabel.hidden && takeover.value ? { takeover: takeover.value } : {};
      ctx.conn.send({ type: "create_lobby", game: gameSelect.value, options: chosenOptions(), public: visibility.value === "public", ...(control ? { clock: control } : {}), ...replace, ...against });
    },
  },
    h("label", {}, "Game ", gameSelect, " ", seats),
    options,
    h("label", {}, "Clock ", clock),
    custom,
    h("label", {}, "Who can join or watch ", visibility),
    takeoverLabel,
    h("fieldset", { class: "friends" },
      h("legend", {}, "With friends"),
      h("button", { type: "submit", class: "primary", id: "create-lobby" }, "Create lobby")),
    strengths.length ? computer : null,
    error,
  );
  return {
    element,
    choose(id, focus) {
      gameSelect.value = id;
      showOptions();
      element.scrollIntoView({ block: "start", behavior: "smooth" });
      (focus === "computer" ? strength : gameSelect).focus({ preventScroll: true });
    },
    showError(message) {
      error.textContent = message;
    },
  };
}

/** "Casual player" for the bot whose player is "Casual player (computer)". */
function playerName(bot) {
  return bot.display_name.replace(/ \(computer\)$/, "");
}

async function recentMatches(ctx, games) {
  try {
    const list = await ctx.api.matches({ mine: true, per_page: 5 });
    if (!list.matches.length) return h("p", { class: "muted" }, "No matches yet.");
    return h("ul", { class: "recent" }, list.matches.map((m) => matchItem(m, games)));
  } catch {
    return h("p", { class: "muted" }, "No matches yet.");
  }
}

/** One match in a list: game, players, result, link to play or replay. */
export function matchItem(m, games) {
  const game = games.find((g) => g.id === m.game);
  const names = m.seats.map((s) => s.player.name).join(" vs ");
  const live = m.phase === PHASE.live;
  const result = m.unrestorable ? `cannot be restored here: ${m.unrestorable}`
    : live ? "in progress" : m.result?.termination === "failed" ? "stopped by a server fault"
    : m.phase === PHASE.aborted ? "aborted" : describeResult(m);
  return h("li", {},
    h("a", { href: live ? `/table/${m.table}` : `/m/${m.table}`, "data-link": true }, `${game?.name ?? m.game}: ${names}`),
    h("span", { class: "muted" }, ` · ${result} · ${new Date(m.started_at).toLocaleString()}`));
}

function describeResult(m) {
  const outcome = m.result?.outcome;
  if (!outcome) return "no result";
  if (outcome.places.every((p) => p === 1)) return "draw";
  const winners = m.seats.filter((s) => outcome.places[s.seat] === 1).map((s) => s.player.name);
  return `${winners.join(" and ")} won`;
}
