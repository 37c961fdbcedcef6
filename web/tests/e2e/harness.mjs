// The end-to-end harness: the real `tactica` binary on a fresh SQLite file
// and port, and Debian's Chromium driven by playwright-core, with the
// flags this machine's closed network needs.

import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { after, before } from "node:test";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));
export const repo = resolve(here, "../../..");
export const shots = join(repo, "target", "e2e");

/**
 * Starts the server on a fresh database, with `extra` flags (such as
 * `--test-games`); resolves to {base, stop, restart}.
 */
export async function startServer(extra = []) {
  const binary = resolve(repo, process.env.TACTICA_BIN ?? "target/release/tactica");
  const dir = mkdtempSync(join(tmpdir(), "tactica-e2e-"));
  const database = `sqlite://${join(dir, "e2e.db")}`;
  const run = (addr) => {
    const child = spawn(binary, ["serve", "--addr", addr, "--database-url", database, ...extra], {
      stdio: ["ignore", "pipe", "inherit"],
      env: { ...process.env, TACTICA_LOG: "warn" },
    });
    const base = new Promise((done, fail) => {
      child.on("error", fail);
      child.stdout.on("data", (chunk) => {
        const found = String(chunk).match(/serving (http:\/\/\S+)/);
        if (found) done(found[1]);
      });
      setTimeout(() => fail(new Error("the server did not start")), 20000);
    });
    return { child, base };
  };
  const stopChild = async (child) => {
    child.kill("SIGTERM");
    await new Promise((done) => child.on("exit", done));
  };
  let current = run("127.0.0.1:0");
  const base = await current.base;
  return {
    base,
    /** Stops the server and starts it again on the same address and database. */
    restart: async () => {
      await stopChild(current.child);
      current = run(base.replace("http://", ""));
      await current.base;
    },
    stop: async () => {
      await stopChild(current.child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Registers the test file's setup: a fresh server and a browser, started
 * before its tests and stopped after. Returns a getter for both.
 */
export function serverAndBrowser(extra = []) {
  const running = {};
  before(async () => {
    running.server = await startServer(extra);
    running.browser = await launch();
  });
  after(async () => {
    await running.browser?.close();
    await running.server?.stop();
  });
  return running;
}

/** Chromium, headless, with no network of its own. */
export async function launch() {
  mkdirSync(shots, { recursive: true });
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
  });
}

/** A new browser context (a separate person with their own cookies) and its page. */
export async function person(browser, name, viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.on("pageerror", (error) => {
    throw new Error(`${name}: ${error.message}`);
  });
  // The server's Content Security Policy holds for everything the client does.
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy/i.test(message.text())) {
      throw new Error(`${name}: ${message.text()}`);
    }
  });
  page.setDefaultTimeout(15000);
  return page;
}

/**
 * Opens a lobby for `game` with `options` (each a lobby form choice), the
 * host in the first seat. By hand (the default here), the host starts the
 * match; otherwise it starts once every seat is taken.
 */
export async function openLobby(page, base, game, options = {}, { byHand = true } = {}) {
  await page.goto(`${base}/`);
  await page.selectOption("#new-game", game);
  for (const [name, value] of Object.entries(options)) {
    await page.selectOption(`select[data-option="${name}"]`, value);
  }
  await sitFirst(page);
  if (byHand) await page.check("#start-by-hand");
  await page.click("#create-lobby");
  await page.waitForURL(/\/t\/[0-9a-f]{32}$/);
  await page.locator('li[data-seat="0"]').getByText("(you)").waitFor();
}

/** Chooses the first seat in the home form, once the board has named the sides. */
export async function sitFirst(page) {
  await page.locator('#new-side option[value="0"]').waitFor({ state: "attached" });
  await page.selectOption("#new-side", "0");
}

/** Takes `seat` with the button named `button` and waits until the lobby shows it. */
export async function takeSeat(page, seat, button = "Take this seat") {
  await page.locator(`li[data-seat="${seat}"]`).getByRole("button", { name: button }).click();
  await page.locator(`li[data-seat="${seat}"]`).getByText("(you)").waitFor();
}

/**
 * A creates a private lobby for `game`, sitting in seat 0; B opens the
 * invite link and joins with one click; the full lobby starts by itself.
 */
export async function startMatch(a, b, base, game, { screenshot, joinShot } = {}) {
  await openLobby(a, base, game, {}, { byHand: false });
  const invite = await a.getByTestId("invite-link").inputValue();
  if (screenshot) await a.screenshot({ path: join(shots, screenshot) });
  await b.goto(invite);
  await b.getByTestId("join-match").waitFor();
  if (joinShot) await b.screenshot({ path: join(shots, joinShot) });
  await b.getByTestId("join-match").getByRole("button", { name: "Join the match" }).click();
  await a.getByTestId("status").waitFor();
  await b.getByTestId("status").waitFor();
  return invite;
}

/** Clicks the board cell named `label`. */
export async function clickCell(page, label) {
  await page.click(`.cell[data-label="${label}"]`);
}

/** Waits until the page's move list shows `count` turns. */
export async function waitForTurns(page, count) {
  await page.waitForFunction((n) => document.querySelectorAll(".move-list .move").length >= n, count);
}

/** The texts of the move list, turn by turn. */
export async function moveTexts(page) {
  return page.locator(".move-list .move").allTextContents();
}

/** A small seeded random number generator (mulberry32), so a failing game can be replayed. */
export function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Plays a match to its end by clicking: whoever may act clicks one of the
 * cells or choices the page offers, at random, until the result shows.
 * The page knows no rules, so this only works if every offered click leads
 * to a legal action. Returns the number of actions sent.
 */
export async function playRandomly(pages, { seed = 1, maxActions = 2000 } = {}) {
  const actions = await playSome(pages, { seed, maxActions });
  if (await pages[0].getByTestId("result").isVisible()) return actions;
  throw new Error(`no result after ${maxActions} actions`);
}

/**
 * Plays `maxActions` random actions by clicking as {@link playRandomly}
 * does, or fewer if the match ends first. Returns the number sent.
 */
export async function playSome(pages, { seed = 1, maxActions }) {
  const random = seeded(seed);
  let actions = 0;
  while (actions < maxActions) {
    if (await pages[0].getByTestId("result").isVisible()) return actions;
    const page = await whoseTurn(pages);
    if (!page) continue;
    const root = page.locator(".table-page");
    const seq = await root.getAttribute("data-seq");
    // A cell that carries the choice on, not one clicked already for it
    // (clicked again, a square a jump passed through clears the clicks,
    // sending nothing).
    const offered = page.locator(".cell[data-target], button.choice");
    const count = await offered.count();
    if (count === 0) continue;
    await offered.nth(Math.floor(random() * count)).click();
    if ((await root.getAttribute("data-clicks")) === "0") {
      actions += 1;
      await untilAnswered(page, (before) => document.querySelector(".table-page")?.dataset.seq !== before, seq);
    }
  }
  return actions;
}

/**
 * Plays until the result shows, or `maxActions` actions, each click chosen
 * in the page by `clickOnce`: a function evaluated there, called with the
 * arguments `argsOf(index)` gives the page (sent to it once), that clicks
 * and returns true when its click made an action, false when more clicks
 * are needed, or null when the page has nothing to click. Returns the
 * actions played.
 */
export async function playInPages(pages, clickOnce, argsOf, maxActions) {
  for (const [i, page] of pages.entries()) await page.evaluate((args) => (window.__args = args), argsOf(i));
  const seqChanged = (before) => document.querySelector(".table-page")?.dataset.seq !== before;
  // Or the match is over (the last event may have reached a page first).
  const movedOn = (before) => document.querySelector(".table-page")?.dataset.seq !== before || document.querySelector('[data-testid="result"]') !== null;
  let actions = 0;
  while (actions < maxActions) {
    // Each page's last event when it was asked: an event may reach one page
    // after another, so a page that had nothing to click is judged by its own.
    const seen = [];
    let acted = false;
    for (const page of pages) {
      const made = await page.evaluate(`(() => {
        const seq = document.querySelector(".table-page")?.dataset.seq;
        return { seq, made: (${clickOnce})(...window.__args) };
      })()`);
      seen.push(made.seq);
      if (made.made === null) continue;
      acted = true;
      if (made.made) {
        actions += 1;
        await untilAnswered(page, seqChanged, made.seq);
      }
      break;
    }
    if (acted) continue;
    // Nobody had anything to click: the match is over, or what comes next
    // (a throw, a card, a window's deadline) is on its way. An event may
    // reach one page before another, so each page is judged against what
    // it had when asked, and the first that has something newer (perhaps
    // the page whose player now acts) lets every page be asked again.
    if (await pages[0].getByTestId("result").isVisible()) break;
    await Promise.any(pages.map((page, i) => page.waitForFunction(movedOn, seen[i])));
  }
  return actions;
}

/**
 * Waits until `changed(before)` holds in the page after an action; if it
 * never does, fails with what the page shows (a refusal's or the
 * connection's notice, its last event, clicks and phase), so that a stuck
 * test says why.
 */
async function untilAnswered(page, changed, before) {
  try {
    await page.waitForFunction(changed, before);
  } catch (error) {
    const shown = await page.evaluate(() => {
      const root = document.querySelector(".table-page");
      const notices = [...document.querySelectorAll(".notice")].map((n) => n.textContent);
      return { seq: root?.dataset.seq, clicks: root?.dataset.clicks, phase: root?.dataset.phase, notices };
    });
    throw new Error(`no answer to an action made at event ${before}: the page shows ${JSON.stringify(shown)}`, { cause: error });
  }
}

/** The page whose player may act now, waiting until there is one or the match is over. */
async function whoseTurn(pages) {
  for (let tries = 0; tries < 200; tries++) {
    for (const page of pages) {
      if (await page.locator(".status.your-turn").count()) return page;
    }
    if (await pages[0].getByTestId("result").isVisible()) return null;
    await pages[0].waitForTimeout(25);
  }
  throw new Error("nobody may act and the match is not over");
}
