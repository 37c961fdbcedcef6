// The browser client: one connection to the server, a small router, and a
// page per route. Pages get a context and return a function that cleans up
// when the page is left.

import { Connection } from "./net/connection.js";
import { api } from "./net/api.js";
import { clear } from "./ui/dom.js";
import { homePage } from "./pages/home.js";
import { tablePage } from "./pages/table.js";
import { historyPage } from "./pages/history.js";
import { replayPage } from "./pages/replay.js";
import { rulesPage } from "./pages/rules.js";
import { accountPage } from "./pages/account.js";
import { layoutsPage } from "./pages/layouts.js";

const routes = [
  [/^\/$/, () => homePage],
  [/^\/t\/([0-9a-f]{32})$/, (m) => (ctx) => tablePage(ctx, { code: m[1] })],
  [/^\/table\/([0-9a-f-]{36})$/, (m) => (ctx) => tablePage(ctx, { table: m[1] })],
  [/^\/history$/, () => historyPage],
  [/^\/m\/([0-9a-f-]{36})$/, (m) => (ctx) => replayPage(ctx, m[1])],
  [/^\/rules\/([a-z0-9]+)$/, (m) => (ctx) => rulesPage(ctx, m[1])],
  [/^\/account$/, () => accountPage],
  [/^\/dev\/layouts$/, () => layoutsPage],
];

const main = document.getElementById("main");
const scheme = location.protocol === "https:" ? "wss" : "ws";
const conn = new Connection({ url: `${scheme}://${location.host}/ws` });
let games = null;
let leave = null;

const ctx = {
  conn,
  api,
  main,
  navigate,
  games: async () => (games ??= await api.games()),
  game: async (id) => (await ctx.games()).find((g) => g.id === id),
  me: () => conn.you,
  /**
   * This browser's player: a guest session is made the first time one is
   * needed (not on every visit), once however often it is asked for.
   */
  player: () => (becoming ??= becomePlayer().finally(() => (becoming = null))),
};

let becoming = null;

async function becomePlayer() {
  await conn.ready;
  if (!conn.you) {
    await api.session();
    await conn.reconnect();
  }
  if (!conn.you) throw new Error("This browser keeps no session (are cookies blocked?), so it can only watch.");
  return conn.you;
}

function navigate(path, { replace = false } = {}) {
  if (replace) history.replaceState(null, "", path);
  else history.pushState(null, "", path);
  show();
}

async function show() {
  if (leave) leave();
  leave = null;
  clear(main);
  window.scrollTo(0, 0);
  const route = routes.find(([pattern]) => pattern.test(location.pathname));
  if (!route) {
    main.append(Object.assign(document.createElement("p"), { textContent: "There is no such page." }));
    return;
  }
  const page = route[1](location.pathname.match(route[0]));
  try {
    leave = (await page(ctx)) ?? null;
  } catch (error) {
    main.append(Object.assign(document.createElement("p"), { className: "error", textContent: error.message }));
  }
}

document.addEventListener("click", (event) => {
  const link = event.target.closest("a[data-link]");
  if (!link || event.metaKey || event.ctrlKey || event.shiftKey || link.target) return;
  event.preventDefault();
  navigate(link.getAttribute("href"));
});
window.addEventListener("popstate", show);

const indicator = document.getElementById("connection");
conn.on("status", (status) => {
  indicator.dataset.status = status;
  indicator.querySelector(".label").textContent = { open: "online", connecting: "connecting", reconnecting: "reconnecting…", closed: "offline" }[status];
});
conn.on("welcome", (message) => {
  // The page's way to the account is always "Account"; the name beside it says who you are.
  document.getElementById("you-name").textContent = message.you?.name ?? "";
});

// The WebSocket sends the session cookie if there is one; without it we
// watch as a visitor until something needs a player (ctx.player()).
conn.start();
show();
