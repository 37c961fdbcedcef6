// ATTACTICS in the browser: four people in four pages (three desktops and a
// phone) play a four-player match by clicking random legal moves, with the
// maze photographed mid-match on a desktop and on the phone, zoomed in
// too; then three resign, one after another, and the last Monarch wins.
// (A random game takes thousands of moves, as a Monarch moves only on a
// one: the server tests play whole matches to Maze Center or the last
// Monarch; this one plays the page.)

import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { openLobby, person, playSome, serverAndBrowser, shots, takeSeat } from "./harness.mjs";

const running = serverAndBrowser();
const phone = { width: 390, height: 844 };

/** Resigns the match from `page` (the button asks to be pressed twice). */
async function resign(page) {
  await page.getByRole("button", { name: "Resign" }).click();
  await page.getByRole("button", { name: "Really resign?" }).click();
}

test("four players in four pages play ATTACTICS until the last Monarch", async () => {
  const { base } = running.server;
  const red = await person(running.browser, "red");
  const blue = await person(running.browser, "blue");
  const green = await person(running.browser, "green");
  const gold = await person(running.browser, "gold", phone);
  await openLobby(red, base, "attactics", { seats: "4" });
  const invite = await red.getByTestId("invite-link").inputValue();
  for (const [seat, page] of [[1, blue], [2, green], [3, gold]]) {
    await page.goto(invite);
    await takeSeat(page, seat);
  }
  await red.getByRole("button", { name: "Start the match" }).click();
  const pages = [red, blue, green, gold];
  for (const page of pages) await page.getByTestId("status").waitFor();

  // The maze: 1,296 squares, its walls, the starred entry squares.
  const board = red.locator(".board");
  assert.equal(await board.locator(".cell").count(), 36 * 36);
  assert.ok((await board.locator(".sides .wall").count()) > 500, "the maze's walls are drawn");

  const played = await playSome(pages, { seed: 5, maxActions: 40 });
  assert.equal(played, 40);
  assert.ok((await board.locator(".piece").count()) >= 2, "pieces have come in");
  assert.match(await red.locator(".moves").textContent(), /roll \d-\d/, "the throws are in the move list");
  await red.screenshot({ path: join(shots, "attactics-desktop.png") });
  await gold.screenshot({ path: join(shots, "attactics-phone.png") });
  await gold.getByRole("button", { name: "Zoom in" }).click();
  await gold.getByRole("button", { name: "Zoom in" }).click();
  await gold.screenshot({ path: join(shots, "attactics-phone-zoomed.png") });

  // Blue, Green and Gold resign: the last Monarch, Red's, wins.
  for (const page of [blue, green, gold]) await resign(page);
  for (const page of pages) await page.getByTestId("result").waitFor();
  const places = await red.getByTestId("standings").locator("li").evaluateAll((items) => items.map((li) => [li.textContent, Number(li.dataset.place)]));
  assert.equal(places.length, 4, "every seat is ranked");
  assert.match(places[0][0], /Red/);
  assert.equal(places[0][1], 1);
  await red.screenshot({ path: join(shots, "attactics-end.png") });
  for (const page of pages) await page.context().close();
});
