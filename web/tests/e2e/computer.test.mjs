// Playing against the computer from the home page: a game's card chooses
// the game, the player picks a strength and a side, and the match starts
// at once with the bot on the other seat, which answers every move.

import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { person, playSome, serverAndBrowser, shots } from "./harness.mjs";

const running = serverAndBrowser();

/** The number of actions the move list shows. */
async function played(page) {
  return page.locator(".move-list .move").count();
}

test("a player starts a match against the computer from a game's card and the bot answers", async () => {
  const { base } = running.server;
  const page = await person(running.browser, "solo");
  await page.goto(`${base}/`);
  await page.getByTestId("computer-accasta").click();
  assert.equal(await page.locator("#new-game").inputValue(), "accasta");
  await page.locator("#computer-strength").selectOption("casual");
  // The sides are named on the game's board; the computer moves first.
  await page.locator("#new-side option", { hasText: "Black" }).waitFor({ state: "attached" });
  await page.locator("#new-side").selectOption({ label: "Black" });
  await page.screenshot({ path: join(shots, "computer-home.png") });
  await page.click("#play-computer");
  await page.waitForURL(/\/t\/[0-9a-f]{32}$/);

  // No lobby: the match is under way and the bot has made the first move.
  await page.locator(".player", { hasText: "Casual player (computer)" }).waitFor();
  await page.waitForSelector(".status.your-turn");
  assert.equal(await page.getByTestId("lobby").count(), 0, "no lobby to fill");
  assert.equal(await played(page), 1, "the computer, White, moved first");
  for (let move = 1; move <= 3; move++) {
    // Our turn (in Accasta it may go on from the stack moved), then the
    // bot's answer: a new cell in the move list.
    const answered = 1 + 2 * move;
    const waitForTurnOrAnswer = (n) =>
      document.querySelector(".status.your-turn") || document.querySelectorAll(".move-list .move").length >= n;
    while ((await played(page)) < answered) {
      await page.waitForFunction(waitForTurnOrAnswer, answered);
      if ((await played(page)) >= answered) break;
      await playSome([page], { seed: move, maxActions: 1 });
    }
  }
  assert.ok((await played(page)) >= 7, "three moves each after the computer's first");
  await page.screenshot({ path: join(shots, "computer-table.png") });
  await page.context().close();
});

test("on a phone, a random side against the strongest computer player starts at once", async () => {
  const { base } = running.server;
  const page = await person(running.browser, "solo-phone", { width: 390, height: 844 });
  await page.goto(`${base}/`);
  await page.getByTestId("computer-dame100").click();
  await page.locator("#computer-strength").selectOption("strong");
  await page.locator("#new-side option", { hasText: "White" }).waitFor({ state: "attached" });
  assert.equal(await page.locator("#new-takeover").isVisible(), false, "nobody takes over in a game of two");
  await page.locator("#play-computer").scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(shots, "computer-home-phone.png") });
  await page.click("#play-computer");
  await page.waitForURL(/\/t\/[0-9a-f]{32}$/);
  await page.locator(".player", { hasText: "Strong player (computer)" }).waitFor();
  await page.waitForSelector(".status.your-turn");
  await playSome([page], { seed: 4, maxActions: 1 });
  await page.waitForSelector(".status.your-turn");
  assert.ok((await played(page)) >= 2, "a move each at least");
  await page.screenshot({ path: join(shots, "computer-phone.png") });
  await page.context().close();
});
