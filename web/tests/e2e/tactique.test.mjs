// Tactique in two browsers and a spectator's: a secret set-up by dragging
// pieces from the supply onto squares (on the phone: tapping the piece, then
// the square) and placing the rest at random, ranks
// that only their owner sees, a combat that reveals two ranks to the
// players (not to the spectator), and a captured Flag.

import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { clickCell, moveTexts, person, shots, startMatch, serverAndBrowser, waitForTurns } from "./harness.mjs";

const running = serverAndBrowser();

/** Drags the supply button `choice` onto the square `label`, as a person would. */
async function drag(page, choice, label) {
  const from = await page.locator(`button.choice[data-choice="${choice}"]`).boundingBox();
  const to = await page.locator(`.cell[data-label="${label}"]`).boundingBox();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 5 });
  await page.mouse.up();
  await page.locator(`g.stack[data-stack="${label}"]`).waitFor();
}

/** The labels drawn on the pieces of `seat` (hidden ones have only their public kind, or "?"). */
async function labels(page, seat) {
  return page.locator(`g.piece.seat-${seat} text.piece-label`).allTextContents();
}

/** Taps the supply button `choice`, then the square `label` (on a phone both need not be on screen at once). */
async function tap(page, choice, label) {
  await page.locator(`button.choice[data-choice="${choice}"]`).click();
  await clickCell(page, label);
  await page.locator(`g.stack[data-stack="${label}"]`).waitFor();
}

async function setUp(page, placements, place) {
  await page.getByText("place your pieces").first().waitFor();
  for (const [choice, label] of placements) await place(page, choice, label);
  await page.locator('button.choice[data-choice="random"]').click();
  await page.locator('button.choice[data-choice="ready"]').click();
}

test("a secret set-up by drag and drop, hidden ranks, a revealing combat and a captured Flag", async () => {
  const white = await person(running.browser, "white");
  const black = await person(running.browser, "black", { width: 390, height: 844 });
  const invite = await startMatch(white, black, running.server.base, "tactique");
  const watcher = await person(running.browser, "spectator");
  await watcher.goto(invite);

  // Archers far back so that nobody's volley decides this match.
  await setUp(white, [["Commander 5", "d4"], ["Cavalryman 4", "e4"], ["Flag", "h1"], ["Archer A", "a1"], ["Archer A", "b1"], ["Archer A", "c1"], ["Archer A", "d1"]], drag);
  // While Black is still arranging, White sees nothing of Black's half.
  assert.equal(await white.locator("g.piece.seat-1").count(), 0, "the opponent's set-up is not shown");
  await white.screenshot({ path: join(shots, "tactique-setup-white.png") });
  await setUp(black, [["Flag", "d5"], ["Pikeman 3", "e5"], ["Archer A", "a8"], ["Archer A", "b8"], ["Archer A", "c8"], ["Archer A", "d8"]], tap);
  await white.getByText("Your turn").waitFor();

  // Each player sees its own ranks and the backs of the other's pieces.
  for (const [page, own, other] of [[white, 0, 1], [black, 1, 0]]) {
    assert.equal((await labels(page, own)).filter((l) => /^[2-5AF]$/.test(l)).length, 27, "own ranks shown");
    assert.deepEqual([...new Set(await labels(page, other))], ["?"], "opposing ranks hidden");
  }
  assert.deepEqual([...new Set([...(await labels(watcher, 0)), ...(await labels(watcher, 1))])], ["?"], "a spectator sees no ranks");

  // The move list holds each player's own set-up steps and the other's as
  // runs of "arranges a piece ×12"; the moves follow. Each page counts its own.
  const turnsAtStart = new Map();
  for (const page of [white, black, watcher]) turnsAtStart.set(page, (await moveTexts(page)).length);
  const last = async (page) => (await moveTexts(page)).at(-1);

  // 1. e4xe5: the Cavalryman (4) beats the Pikeman (3), which is demoted and stays.
  await clickCell(white, "e4");
  await clickCell(white, "e5");
  for (const page of [white, black, watcher]) await waitForTurns(page, turnsAtStart.get(page) + 1);
  await white.locator('g.stack[data-stack="e5"] text.piece-label', { hasText: "2D" }).waitFor();
  await black.locator('g.stack[data-stack="e4"] text.piece-label', { hasText: "4" }).waitFor();
  assert.match(await last(white), /^e4xe5 \(4 vs 3\)/, "the players read both ranks");
  assert.match(await last(black), /^e4xe5 \(4 vs 3\)/, "the players read both ranks");
  assert.equal(await last(watcher), "e4xe5", "the spectator reads no rank");
  assert.equal(await watcher.locator('g.stack[data-stack="e5"] text.piece-label').textContent(), "D", "only the demotion is public");
  await black.screenshot({ path: join(shots, "tactique-black.png") });

  // 2. e5xe4: the demoted piece attacks the Cavalryman and is removed.
  await black.getByText("Your turn").waitFor();
  await clickCell(black, "e5");
  await clickCell(black, "e4");
  await waitForTurns(white, turnsAtStart.get(white) + 2);
  assert.equal(await white.locator('g.stack[data-stack="e5"]').count(), 0);

  // 3. d4xd5: the Commander captures the Flag.
  await white.getByText("Your turn").waitFor();
  await clickCell(white, "d4");
  await clickCell(white, "d5");
  for (const page of [white, black, watcher]) await page.getByTestId("result").waitFor();
  assert.match(await white.getByTestId("result").locator("h2").textContent(), /You win! White/);
  assert.match(await black.getByTestId("result").locator("h2").textContent(), /You lose\. White/);
  // Once the match is over everyone sees every rank.
  await watcher.waitForFunction(() => [...document.querySelectorAll("g.piece text.piece-label")].some((t) => t.textContent === "5"));
  await white.screenshot({ path: join(shots, "tactique-end.png") });
});
