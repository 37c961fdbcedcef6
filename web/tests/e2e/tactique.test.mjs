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

/**
 * The middle of what `locator` finds. A new state may redraw the element
 * between finding and measuring it (Playwright then measures a detached
 * node and gives null), so it finds the element again until it measures.
 */
async function middle(locator) {
  for (;;) {
    await locator.waitFor();
    const box = await locator.boundingBox();
    if (box) return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  }
}

/** Drags the supply button `choice` onto the square `label`, as a person would. */
async function drag(page, choice, label) {
  const from = await middle(page.locator(`button.choice[data-choice^="${choice} ×"]`));
  const to = await middle(page.locator(`.cell[data-label="${label}"]`));
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 5 });
  await page.mouse.up();
  await page.locator(`g.stack[data-stack="${label}"]`).waitFor();
}

/** The labels drawn on the pieces of `seat` (hidden ones have only their public kind, or "?"). */
async function labels(page, seat) {
  return page.locator(`g.piece.seat-${seat} text.piece-label`).allTextContents();
}

/** Taps the supply button `choice`, then the square `label` (on a phone both need not be on screen at once). */
async function tap(page, choice, label) {
  await page.locator(`button.choice[data-choice^="${choice} ×"]`).click();
  await clickCell(page, label);
  await page.locator(`g.stack[data-stack="${label}"]`).waitFor();
}

async function setUp(page, placements, place) {
  await page.getByText(/place \d+ more pieces/).first().waitFor();
  // The supply says how many of each rank are left.
  assert.ok(await page.locator('button.choice[data-choice="Pikeman 3 ×8"]').count(), "eight Pikemen to place");
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
  await white.getByTestId("status").getByText("Your turn").waitFor();

  // Each player sees its own ranks and the backs of the other's pieces.
  for (const [page, own, other] of [[white, 0, 1], [black, 1, 0]]) {
    assert.equal((await labels(page, own)).filter((l) => /^[2-5AF]$/.test(l)).length, 27, "own ranks shown");
    assert.deepEqual([...new Set(await labels(page, other))], ["?"], "opposing ranks hidden");
  }
  assert.deepEqual([...new Set([...(await labels(watcher, 0)), ...(await labels(watcher, 1))])], ["?"], "a spectator sees no ranks");

  // The move list holds each seat's set-up as one entry, apart; the moves
  // follow, numbered from 1 alike on every page.
  for (const page of [white, black, watcher]) {
    assert.deepEqual(await page.locator(".move-list .move-number").allTextContents(), ["Set-up"], "the set-up, apart");
    assert.match((await moveTexts(page)).join(" | "), /^set-up, \d+ steps? \| set-up, \d+ steps?$/);
  }
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
  for (const page of [white, black, watcher]) {
    assert.deepEqual(await page.locator(".move-list .move-number").allTextContents(), ["Set-up", "1."], "the first move is 1. for everyone");
  }
  assert.equal(await watcher.locator('g.stack[data-stack="e5"] text.piece-label').textContent(), "D", "only the demotion is public");
  await black.screenshot({ path: join(shots, "tactique-black.png") });

  // 2. e5xe4: the demoted piece attacks the Cavalryman and is removed.
  await black.getByTestId("status").getByText("Your turn").waitFor();
  await clickCell(black, "e5");
  await clickCell(black, "e4");
  await waitForTurns(white, turnsAtStart.get(white) + 2);
  assert.equal(await white.locator('g.stack[data-stack="e5"]').count(), 0);

  // 3. d4xd5: the Commander captures the Flag.
  await white.getByTestId("status").getByText("Your turn").waitFor();
  await clickCell(white, "d4");
  await clickCell(white, "d5");
  for (const page of [white, black, watcher]) await page.getByTestId("result").waitFor();
  assert.match(await white.getByTestId("result").locator("h2").textContent(), /You win! White/);
  assert.match(await black.getByTestId("result").locator("h2").textContent(), /You lose\. White/);
  // Once the match is over everyone sees every rank.
  await watcher.waitForFunction(() => [...document.querySelectorAll("g.piece text.piece-label")].some((t) => t.textContent === "5"));
  await white.screenshot({ path: join(shots, "tactique-end.png") });

  // The replay numbers alike, and names each seat once ("White: ready", not "White: White: ready").
  await white.getByRole("link", { name: "Replay" }).click();
  await white.getByTestId("turn-counter").waitFor();
  assert.deepEqual(await white.locator(".move-list .move-number").allTextContents(), ["Set-up", "1.", "2."]);
  const prompts = [];
  for (let i = 0; i < 80; i++) {
    await white.keyboard.press("ArrowRight");
    prompts.push(await white.locator(".side .prompt").innerText());
  }
  assert.ok(prompts.some((p) => p === "White: ready"), prompts.join(" / "));
  assert.ok(!prompts.some((p) => /(White|Black): \1:/.test(p)), "a seat named twice");
});

test("a set-up with a time of its own: set-up clocks count down, the game clocks wait, and ready earns the increment once", async () => {
  const { base } = running.server;
  const white = await person(running.browser, "timed-white");
  const black = await person(running.browser, "timed-black", { width: 390, height: 844 });
  await white.goto(`${base}/`);
  await white.selectOption("#new-game", "tactique");
  await white.selectOption("#new-clock", "300000+3000");
  await white.selectOption("#new-setup-time", "120000");
  await white.locator('#new-side option[value="0"]').waitFor({ state: "attached" });
  await white.selectOption("#new-side", "0");
  await white.click("#create-lobby");
  await white.waitForURL(/\/t\/[0-9a-f]{32}$/);
  await black.goto(await white.getByTestId("invite-link").inputValue());
  await black.getByTestId("join-match").getByRole("button", { name: "Join the match" }).click();
  for (const page of [white, black]) await page.getByTestId("status").waitFor();

  // Both set-up clocks run from two minutes; the game clocks are not shown yet.
  const clockText = (page, seat) => page.locator(`[data-clock="${seat}"]`).textContent();
  await white.waitForFunction(() => /^set-up 1:5\d$/.test(document.querySelector('[data-clock="0"]')?.textContent ?? ""));
  assert.match(await clockText(white, 1), /^set-up 1:5\d$/);
  assert.equal(await white.locator('[data-clock="0"].running.setup').count(), 1, "White's set-up clock runs");
  await white.screenshot({ path: join(shots, "tactique-setup-clock.png") });
  await white.locator('button.choice[data-choice="random"]').click();
  await white.locator('button.choice[data-choice="ready"]').click();
  // Black sets up on; White waits, its set-up clock stopped.
  await white.getByText("waiting for Black").waitFor();
  assert.equal(await white.locator('[data-clock="0"].running').count(), 0, "White's clock stops once ready");
  await black.locator('button.choice[data-choice="random"]').click();
  await black.locator('button.choice[data-choice="ready"]').click();
  // Play begins: the game clocks show, each with the increment once (5:03).
  await white.getByTestId("status").getByText("Your turn").waitFor();
  await white.waitForFunction(() => !document.querySelector('[data-clock="0"]').textContent.startsWith("set-up"));
  assert.match(await clockText(white, 1), /^5:03$/, "Black's game clock: five minutes and one increment");
  assert.match(await clockText(white, 0), /^5:0[0-3]$/, "White's runs from five minutes and one increment");
  for (const page of [white, black]) await page.context().close();
});
