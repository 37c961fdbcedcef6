// Home: the games, creating a lobby or a match against the computer, the live list of public lobbies, and
// my recent matches.

import { h } from "../ui/dom.js";
import { formatControl } from "../ui/clock.js";
import { PHASE } from "../net/phase.js";
import { loadLayout } from "../net/layouts.js";
import { describeResult, resultFor } from "../ui/results.js";

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

  // "Play" on a game's rules page comes here with the game chosen.
  const wanted = new URLSearchParams(location.search).get("game");
  if (games.some((g) => g.id === wanted)) form.choose(wanted);

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
  // A secret set-up (Tactique's) may have a time of its own, apart from the clock.
  const setupTime = h("select", { name: "setup-time", id: "new-setup-time" },
    h("option", { value: "" }, "On the main clock"),
    [1, 2, 3, 5, 10].map((m) => h("option", { value: String(m * 60000) }, `${m} minute${m === 1 ? "" : "s"} of its own`)));
  const setupLabel = h("label", { hidden: true }, "Set-up time ", setupTime);
  const error = h("p", { class: "error", role: "alert" });
  const seats = h("span", { class: "muted" });
  // The searching bots, weakest first; "random" is for filling lobby seats.
  const strengths = bots.filter((b) => b.think_ms);
  const strength = h("select", { name: "strength", id: "computer-strength" },
    strengths.map((b, i) => h("option", { value: b.name, selected: i === 0 }, `${playerName(b)} (thinks up to ${(b.think_ms / 1000).toFixed(1)} s)`)));
  const side = h("select", { name: "side", id: "new-side" }, h("option", { value: "" }, "Random"));
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
  // Answers may come back out of order: only the one for what is chosen now counts.
  async function showSides() {
    const game = gameSelect.value;
    const chosen = JSON.stringify(chosenOptions());
    const url = `/api/games/${game}/layout?options=${encodeURIComponent(chosen)}`;
    const layout = await loadLayout(url).catch(() => null);
    if (!layout || gameSelect.value !== game || JSON.stringify(chosenOptions()) !== chosen) return;
    const kept = side.value;
    side.replaceChildren(h("option", { value: "" }, "Random"),
      ...layout.seats.map((s, i) => h("option", { value: String(i) }, i === 0 ? `${s.name} (moves first)` : s.name)));
    side.value = Number(kept) < layout.seats.length ? kept : "";
    takeoverLabel.hidden = layout.seats.length < 3;
  }

  // Only a timed game with a secret set-up offers a set-up time.
  function showSetupTime() {
    const game = games.find((g) => g.id === gameSelect.value);
    setupLabel.hidden = !game?.simultaneous || !clock.value;
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
    showSetupTime();
    showSides();
  }
  gameSelect.addEventListener("change", showOptions);
  clock.addEventListener("change", () => {
    custom.hidden = clock.value !== "custom";
    showSetupTime();
  });
  showOptions();

  const computerButton = h("button", { type: "submit", class: "primary", id: "play-computer", value: "computer" }, "Play against the computer");
  const computer = h("fieldset", { class: "computer" },
    h("legend", {}, "Against the computer"),
    h("label", {}, "Strength ", strength),
    computerButton);
  // A lobby for friends starts once every seat is taken, unless the host
  // wants to arrange the seats or add computer players first.
  const byHand = h("input", { type: "checkbox", id: "start-by-hand" });
  // Spectators chat among themselves unless the host wants them quiet.
  const quiet = h("input", { type: "checkbox", id: "quiet-spectators" });
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
      if (control && !setupLabel.hidden && setupTime.value) control.setup_ms = Number(setupTime.value);
      const seat = side.value ? { seat: Number(side.value) } : {};
      const against = event.submitter === computerButton
        ? { computer: { bot: strength.value, ...seat } }
        : { host_seat: seat, ...(byHand.checked ? {} : { auto_start: true }) };
      if (quiet.checked) against.quiet_spectators = true;
      // A match against the computer waits for its one person: nobody takes over.
      const replace = !against.computer && !takeoverLabel.hidden && takeover.value ? { takeover: takeover.value } : {};
      ctx.conn.send({ type: "create_lobby", game: gameSelect.value, options: chosenOptions(), public: visibility.value === "public", ...(control ? { clock: control } : {}), ...replace, ...against });
    },
  },
    h("label", {}, "Game ", gameSelect, " ", seats),
    options,
    h("label", {}, "Clock ", clock),
    custom,
    setupLabel,
    h("label", {}, "Who can join or watch ", visibility),
    h("label", { class: "check" }, quiet, " Spectators watch in silence (no spectators' chat)"),
    h("label", {}, "Your side ", side),
    takeoverLabel,
    h("fieldset", { class: "friends" },
      h("legend", {}, "With friends"),
      h("label", { class: "check" }, byHand, " I start the match myself (to seat computer players or change seats)"),
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
    await ctx.conn.ready;
    const list = await ctx.api.matches({ mine: true, per_page: 5 });
    if (!list.matches.length) return h("p", { class: "muted" }, "No matches yet.");
    return h("ul", { class: "recent" }, list.matches.map((m) => matchItem(m, games, ctx.me())));
  } catch {
    return h("p", { class: "muted" }, "No matches yet.");
  }
}

/**
 * One match in a list: the game, who played which side (in the board's
 * colours, once its board is here), its result from the viewer's side and
 * how it ended, its length and date; a link to play on or to replay it.
 */
export function matchItem(m, games, me) {
  const game = games.find((g) => g.id === m.game);
  const live = m.phase === PHASE.live;
  const mine = resultFor(m, me?.id);
  const sides = h("span", { class: "match-sides" }, m.seats.flatMap((s, i) => [i ? " vs " : "", h("span", { "data-seat": s.seat }, s.player.name)]));
  const url = `/api/games/${m.game}/layout?${new URLSearchParams({ version: m.rules_version, options: JSON.stringify(m.options ?? {}) })}`;
  loadLayout(url).then((layout) => {
    for (const el of sides.querySelectorAll("[data-seat]")) {
      const seat = layout.seats[Number(el.dataset.seat)];
      if (!seat) continue;
      el.prepend(h("span", { class: "colour-dot", style: `background:${seat.colour}`, title: seat.name }), " ");
      el.append(h("span", { class: "muted" }, ` (${seat.name})`));
    }
  }, () => {});
  return h("li", { class: "match-item", "data-result": mine ?? "" },
    h("a", { href: live ? `/table/${m.table}` : `/m/${m.table}`, "data-link": true }, game?.name ?? m.game),
    " ", sides,
    h("span", { class: "match-meta" },
      mine ? h("strong", { class: `mine ${mine}` }, mine[0].toUpperCase() + mine.slice(1)) : null,
      h("span", { class: "muted" }, ` ${describeResult(m)}${m.turns ? ` · ${m.turns} turns` : ""} · ${new Date(m.started_at).toLocaleString()}`)));
}
