// Accessibility in Chromium: two players play a whole Dame 100 match with
// the keyboard alone (Tab to the board, the arrow keys from cell to cell,
// Enter to click), each cell naming what stands on it and each move said
// in a live region; and axe-core finds no serious or critical violation
// on any page: home, lobby, live table, end, replay, history, rules and
// account.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { person, seeded, serverAndBrowser, shots, startMatch } from "./harness.mjs";
import { placeLayout } from "../../assets/boards/placement.js";
import { arrowPath } from "../../assets/boards/arrows.js";

const running = serverAndBrowser();
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** The serious and critical violations axe-core finds on the page as it is. */
async function violations(page) {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  const found = await page.evaluate(async () => (await window.axe.run(document, { resultTypes: ["violations"] })).violations);
  return found
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join("; ")}`);
}

async function assertAccessible(page, what) {
  assert.deepEqual(await violations(page), [], `${what}: axe-core finds no serious or critical violation`);
}

/** Presses Tab until the keyboard is on a board cell. */
async function tabToBoard(page) {
  for (let i = 0; i < 80; i++) {
    if (await page.evaluate(() => document.activeElement?.matches?.(".board .cell"))) return;
    await page.keyboard.press("Tab");
  }
  throw new Error("Tab never reached the board");
}

/** Moves the keyboard to cell `to` with the arrow keys, then presses Enter. */
async function keyTo(page, placed, to) {
  const from = Number(await page.evaluate(() => document.activeElement.dataset.cell));
  const keys = arrowPath(placed, from, to);
  assert.ok(keys, `cell ${to} can be reached from ${from}`);
  for (const key of keys) await page.keyboard.press(key);
  assert.equal(Number(await page.evaluate(() => document.activeElement.dataset.cell)), to, "the arrows led there");
  await page.keyboard.press("Enter");
}

test("two players play a whole Dame 100 match with the keyboard alone, each move said aloud", async () => {
  const { base } = running.server;
  const white = await person(running.browser, "keys-white");
  const black = await person(running.browser, "keys-black");
  await startMatch(white, black, base, "dame100");
  const layout = await (await fetch(`${base}/api/games/dame100/layout`)).json();
  const placedFor = [placeLayout(layout, layout.seats[0].turn ?? 0), placeLayout(layout, layout.seats[1].turn ?? 0)];
  for (const page of [white, black]) await tabToBoard(page);

  // Each cell names what stands on it, for a screen reader.
  const label = await white.locator('.board .cell[data-label="32"]').getAttribute("aria-label");
  assert.match(label, /^32: White piece, can be chosen$/);

  const random = seeded(7);
  let plies = 0;
  while (plies < 400) {
    if (await white.getByTestId("result").isVisible()) break;
    const side = (await white.locator(".status.your-turn").count()) ? 0 : (await black.locator(".status.your-turn").count()) ? 1 : null;
    if (side === null) {
      await white.waitForFunction(() => document.querySelector(".status.your-turn") || document.querySelector('[data-testid="result"]'), null, { timeout: 2000 }).catch(() => {});
      await black.waitForFunction(() => document.querySelector(".status.your-turn") || document.querySelector('[data-testid="result"]'), null, { timeout: 2000 }).catch(() => {});
      continue;
    }
    const page = side === 0 ? white : black;
    const seq = await page.locator(".table-page").getAttribute("data-seq");
    // Pick a piece and a destination among the cells offered, by keyboard.
    while ((await page.locator(".table-page").getAttribute("data-seq")) === seq) {
      // Only cells that carry the move on: clicked again, a square a
      // capture passed through would clear the clicks, sending nothing.
      const offered = await page.locator(".board .cell[data-target]").evaluateAll((all) => all.map((c) => Number(c.dataset.cell)));
      if (!offered.length) break;
      await keyTo(page, placedFor[side], offered[Math.floor(random() * offered.length)]);
      if ((await page.locator(".table-page").getAttribute("data-clicks")) === "0") {
        await page.waitForFunction((before) => document.querySelector(".table-page").dataset.seq !== before, seq);
      }
    }
    plies += 1;
    if (plies === 1) {
      // The move is said in the live region of the other player's page.
      const other = side === 0 ? black : white;
      await other.waitForFunction(() => /^White: \d+-\d+\. Your turn\.$/.test(document.querySelector('[data-testid="spoken"]').textContent));
      await white.screenshot({ path: join(shots, "keyboard-focus.png") });
    }
  }
  await white.getByTestId("result").waitFor();
  assert.match(await white.getByTestId("result").locator("h2").innerText(), /wins|Draw/);
  console.log(`Dame 100 played by keyboard to its end in ${plies} plies`);
  for (const page of [white, black]) await page.context().close();
});

test("axe-core finds no serious or critical violation on any page", async () => {
  const { base } = running.server;
  const host = await person(running.browser, "axe-host");
  const friend = await person(running.browser, "axe-friend", { width: 390, height: 844 });
  await host.goto(`${base}/`);
  await host.locator("#new-game option").first().waitFor({ state: "attached" });
  await assertAccessible(host, "home");
  await host.goto(`${base}/rules/accasta`);
  await host.locator("article.rules").waitFor();
  await assertAccessible(host, "rules");

  await startMatch(host, friend, base, "accasta");
  await assertAccessible(host, "live table");
  await assertAccessible(friend, "live table on a phone");
  await host.getByRole("button", { name: "Resign" }).click();
  await host.getByRole("button", { name: "Really resign?" }).click();
  await host.getByTestId("result").waitFor();
  await assertAccessible(host, "end of a match");
  await host.getByRole("link", { name: "Replay" }).click();
  await host.getByTestId("turn-counter").waitFor();
  await assertAccessible(host, "replay");
  await host.goto(`${base}/history`);
  await host.getByTestId("history").locator("li a").first().waitFor();
  await assertAccessible(host, "history");
  await host.goto(`${base}/account`);
  await host.locator("#display-name").waitFor();
  await assertAccessible(host, "account");

  // A lobby, as its host and as the friend who opened the link.
  await host.goto(`${base}/`);
  await host.selectOption("#new-game", "dame100");
  await host.check("#start-by-hand");
  await host.click("#create-lobby");
  await host.waitForURL(/\/t\/[0-9a-f]{32}$/);
  await host.getByTestId("lobby").waitFor();
  await assertAccessible(host, "lobby");
  await friend.goto(await host.getByTestId("invite-link").inputValue());
  await friend.getByTestId("join-match").waitFor();
  await assertAccessible(friend, "lobby with the join box");
  for (const page of [host, friend]) await page.context().close();
});
