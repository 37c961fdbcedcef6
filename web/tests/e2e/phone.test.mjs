// Every game on a 390×844 phone: two friends start a timed match from the
// invite link, and the player to move sees the board, the prompt, the
// match's buttons and both clocks on one screen, without scrolling. Each
// game's first screen is photographed (target/e2e/phone-<game>.png).

import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { person, serverAndBrowser, shots, sitFirst } from "./harness.mjs";

const running = serverAndBrowser();
const phone = { width: 390, height: 844 };

/** The page's box of `selector` (the first match) in the viewport, or null. */
function box(page, selector) {
  return page.locator(selector).first().evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height };
  });
}

/** Asserts that `selector` is wholly on the first screen of `page`. */
async function onScreen(page, selector, what) {
  const b = await box(page, selector);
  assert.ok(b.height > 0, `${what} is shown`);
  assert.ok(b.top >= 0 && b.bottom <= phone.height && b.left >= 0 && b.right <= phone.width,
    `${what} is on the first screen: ${JSON.stringify(b)}`);
}

async function startOnPhones(base, game) {
  const host = await person(running.browser, `${game}-host`, phone);
  const friend = await person(running.browser, `${game}-friend`, phone);
  await host.goto(`${base}/`);
  await host.selectOption("#new-game", game);
  // Two friends: a game for more (Tactics' four by default) is played by two.
  const seats = host.locator('select[data-option="seats"]');
  if (await seats.count()) await seats.selectOption("2");
  await host.selectOption("#new-clock", "600000+5000");
  await sitFirst(host);
  await host.click("#create-lobby");
  await host.waitForURL(/\/t\/[0-9a-f]{32}$/);
  const invite = await host.getByTestId("invite-link").inputValue();
  await friend.goto(invite);
  await friend.getByTestId("join-match").getByRole("button", { name: "Join the match" }).click();
  for (const page of [host, friend]) await page.getByTestId("status").waitFor();
  return [host, friend];
}

const GAMES = ["accasta", "abande", "attangle", "attraktion", "alva", "dame100", "tactique", "hextri", "attactics", "tactics1940"];

test("on a phone, every game's board, prompt, buttons and both clocks fit the first screen", async () => {
  for (const game of GAMES) {
    const [host, friend] = await startOnPhones(running.server.base, game);
    await host.waitForFunction(() => document.querySelector(".status.your-turn") || document.querySelector(".status"));
    // Whoever is asked first (both, in a simultaneous set-up).
    const mover = (await host.locator(".status.your-turn").count()) ? host : friend;
    await mover.locator(".status.your-turn").waitFor();
    // Photographed first, so that a failure below leaves its picture.
    await mover.screenshot({ path: join(shots, `phone-${game}.png`) });
    assert.equal(await mover.evaluate(() => window.scrollY), 0, "the page opens at its top");
    await onScreen(mover, "svg.board", `${game}: the board`);
    await onScreen(mover, ".status .prompt", `${game}: the prompt`);
    await onScreen(mover, ".controls", `${game}: the match's buttons`);
    for (const seat of [0, 1]) await onScreen(mover, `[data-clock="${seat}"]`, `${game}: clock ${seat}`);
    const choices = await mover.locator(".status .choices").count();
    if (choices) await onScreen(mover, ".status .choices", `${game}: the choices`);
    for (const page of [host, friend]) await page.context().close();
  }
});
