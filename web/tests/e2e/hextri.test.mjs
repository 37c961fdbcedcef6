// Hex-Tri in the browser: three people in three pages (two desktops and a
// phone) play a match of three to its winner by clicking, with the
// beginners' ending; and a match of six, one host holding five seats and a
// friend on a phone the sixth, is played a few rounds in and photographed
// on both, the phone zoomed in too.

import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { clickCell, openLobby, person, playSome, serverAndBrowser, shots, takeSeat } from "./harness.mjs";

const running = serverAndBrowser();
const phone = { width: 390, height: 844 };

/** The prompt of the page's status line. */
async function prompt(page) {
  return page.locator(".status .prompt").textContent();
}

/**
 * Plays one step by clicking `cells` (board labels), then the choice named
 * `choice` unless the cells alone made the action, once the page says it
 * is this player's turn; waits for the server's answer.
 */
async function step(page, cells, choice) {
  await page.waitForSelector(".status.your-turn");
  const root = page.locator(".table-page");
  const seq = await root.getAttribute("data-seq");
  for (const cell of cells) await clickCell(page, cell);
  if (cells.length === 0 || (await root.getAttribute("data-clicks")) !== "0") {
    await page.getByRole("button", { name: choice, exact: true }).click();
  }
  await page.waitForFunction((before) => document.querySelector(".table-page")?.dataset.seq !== before, seq);
}

test("three players in three pages play Hex-Tri to a winner", async () => {
  const { base } = running.server;
  const red = await person(running.browser, "red");
  const blue = await person(running.browser, "blue");
  const green = await person(running.browser, "green", phone);

  await openLobby(red, base, "hextri", { seats: "3", beginners: "true" });
  const invite = await red.getByTestId("invite-link").inputValue();
  await blue.goto(invite);
  await takeSeat(blue, 1);
  await green.goto(invite);
  await takeSeat(green, 2);
  await red.getByRole("button", { name: "Start the match" }).click();
  for (const page of [red, blue, green]) await page.getByTestId("status").waitFor();

  // Round 1: every Main Figure enters on an edge road. Red and Green take
  // the two roads into the corner county h8; Blue enters far away.
  assert.match(await prompt(red), /Round 1, movement/);
  await red.screenshot({ path: join(shots, "hextri-start.png") });
  await step(red, ["R1", "t1"], "Main Figure");
  await step(blue, ["R2", "t54"], "Main Figure");
  await step(green, ["R3", "t4"], "Main Figure");

  // Round 2 begins with Blue, then Green, then Red.
  await blue.waitForSelector(".status.your-turn");
  assert.match(await prompt(blue), /Round 2, movement/);
  await step(blue, ["t54", "h19"], "Main Figure");
  await step(green, [], "done");
  await red.waitForSelector(".status.your-turn");
  await red.screenshot({ path: join(shots, "hextri-round2.png") });
  await green.screenshot({ path: join(shots, "hextri-round2-phone.png") });
  // Red walks into h8: Green's Main Figure, on a road whose only county
  // Red now holds alone, is surrounded in the battle. Nobody has a point
  // for another move, so the round ends at once.
  await step(red, ["t1", "h8"], "Main Figure");

  for (const page of [red, blue, green]) await page.getByTestId("result").waitFor();
  const places = await red.getByTestId("standings").locator("li").evaluateAll((items) => items.map((li) => [li.textContent, Number(li.dataset.place)]));
  assert.equal(places.length, 3, "every seat is ranked");
  assert.match(places[0][0], /Red/);
  assert.equal(places[0][1], 1, "Red took the first Main Figure and wins");
  assert.match(places[2][0], /Green/);
  await red.screenshot({ path: join(shots, "hextri-end.png") });
  await green.screenshot({ path: join(shots, "hextri-end-phone.png") });
  for (const page of [red, blue, green]) await page.context().close();
});

test("a six-player board reads on a desktop and on a phone", async () => {
  const { base } = running.server;
  const host = await person(running.browser, "host");
  const friend = await person(running.browser, "friend", phone);
  await openLobby(host, base, "hextri", { seats: "6", fanatic: "true" });
  for (const seat of [2, 3, 4, 5]) await takeSeat(host, seat, "Take this seat too");
  await friend.goto(await host.getByTestId("invite-link").inputValue());
  await takeSeat(friend, 1);
  await host.getByRole("button", { name: "Start the match" }).click();
  for (const page of [host, friend]) await page.getByTestId("status").waitFor();

  // Four rounds or so of random clicks: figures enter, counties produce.
  await playSome([host, friend], { seed: 7, maxActions: 60 });
  assert.equal(await host.getByTestId("result").isVisible(), false, "still being played");
  const board = host.locator(".board");
  assert.ok(await board.locator(".piece").count() >= 6, "figures stand on the board");
  await host.screenshot({ path: join(shots, "hextri-six.png") });
  await friend.screenshot({ path: join(shots, "hextri-six-phone.png") });
  // On the phone the large board zooms, and the zoom outlasts the next event.
  const width = async () => (await friend.locator("svg.board").boundingBox()).width;
  const before = await width();
  await friend.getByRole("button", { name: "Zoom in" }).click();
  await friend.getByRole("button", { name: "Zoom in" }).click();
  assert.ok((await width()) > 1.8 * before, "twice as wide");
  await friend.getByTestId("board").evaluate((box) => box.scrollIntoView());
  await friend.screenshot({ path: join(shots, "hextri-six-phone-zoomed.png") });
  const seq = await friend.locator(".table-page").getAttribute("data-seq");
  await playSome([host, friend], { seed: 8, maxActions: 1 });
  await friend.waitForFunction((before) => document.querySelector(".table-page")?.dataset.seq !== before, seq);
  assert.ok((await width()) > 1.8 * before, "still zoomed after the next event");
  for (const page of [host, friend]) await page.context().close();
});
