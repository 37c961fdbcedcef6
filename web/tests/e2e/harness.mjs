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

/** Starts the server on a fresh database; resolves to {base, stop, restart}. */
export async function startServer() {
  const binary = resolve(repo, process.env.TACTICA_BIN ?? "target/release/tactica");
  const dir = mkdtempSync(join(tmpdir(), "tactica-e2e-"));
  const database = `sqlite://${join(dir, "e2e.db")}`;
  const run = (addr) => {
    const child = spawn(binary, ["serve", "--addr", addr, "--database-url", database], {
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
export function serverAndBrowser() {
  const running = {};
  before(async () => {
    running.server = await startServer();
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
  page.setDefaultTimeout(15000);
  return page;
}

/** A creates a private lobby for `game` and sits in seat 0; B opens the invite link and sits in seat 1; A starts. */
export async function startMatch(a, b, base, game, { screenshot } = {}) {
  await a.goto(`${base}/`);
  await a.selectOption("#new-game", game);
  await a.click("#create-lobby");
  await a.waitForURL(/\/t\/[0-9a-f]{32}$/);
  await a.getByRole("button", { name: "Take this seat" }).first().click();
  await a.waitForSelector("text=(you)");
  const invite = await a.getByTestId("invite-link").inputValue();
  await b.goto(invite);
  await b.getByRole("button", { name: "Take this seat" }).click();
  await a.waitForSelector("text=Start the match");
  await a.getByRole("button", { name: "Start the match" }).waitFor();
  if (screenshot) await a.screenshot({ path: join(shots, screenshot) });
  await a.getByRole("button", { name: "Start the match" }).click();
  await a.getByTestId("status").waitFor();
  await b.getByTestId("status").waitFor();
  return invite;
}

/** Clicks the board cell named `label`. */
export async function clickCell(page, label) {
  await page.click(`circle.cell[data-label="${label}"]`);
}

/** Waits until the page's move list shows `count` turns. */
export async function waitForTurns(page, count) {
  await page.waitForFunction((n) => document.querySelectorAll(".move-list .move").length >= n, count);
}

/** The texts of the move list, turn by turn. */
export async function moveTexts(page) {
  return page.locator(".move-list .move").allTextContents();
}
