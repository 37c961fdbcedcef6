// Tactics (1940) in the browser: four people in four pages (three desktops
// and a phone) play a four-player match to a blockade. They click random
// legal moves for a while, with the board photographed on a desktop and on
// the phone; then the belligerents head for each other's seaport (North
// down the board, South up it) with their battleships first, everyone
// accepts and serves protests and fires any torpedo offered, until a
// seaport is blockaded. Nobody is ever offered a "pass": a submarine window
// runs its whole length and passes for everyone who does not strike.

import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { openLobby, person, playInPages, playSome, serverAndBrowser, shots, takeSeat } from "./harness.mjs";

const running = serverAndBrowser();
const phone = { width: 390, height: 844 };

/** Per cell id, its row on the board (the y of its centre). */
async function rows(base) {
  const options = encodeURIComponent(JSON.stringify({ seats: 4 }));
  const layout = await (await fetch(`${base}/api/games/tactics1940/layout?options=${options}`)).json();
  return layout.cells.map((cell) => Object.values(cell.shape)[0][1]);
}

/**
 * One click of the player on this page, chosen in the page: a protest
 * accepted or served, a torpedo fired, a demand made; else, to move, one
 * of its battleships (any piece if none can move) and the square that
 * takes it furthest towards the enemy (`heading` +1 down the board, -1 up,
 * 0 anywhere). Returns whether the clicks made an action, or null when this
 * page has nothing to click.
 */
function clickOnce(row, heading) {
  const root = document.querySelector(".table-page");
  const clicks = Number(root.dataset.clicks);
  // The piece picked for this choice, where its move is headed from (a
  // new state, the chance an action set off say, clears the choice).
  if (clicks === 0) window.__picked = null;
  const picked = window.__picked ?? null;
  // Only cells that carry the choice on: clicked again, a square a jump
  // passed through would clear the clicks, sending nothing.
  const cells = [...document.querySelectorAll(".board .cell[data-target]")];
  const choices = [...document.querySelectorAll("button.choice")];
  if (!cells.length && !choices.length) return null;
  if (choices.some((b) => b.dataset.choice === "pass")) throw new Error("a pass offered before the deadline");
  const any = (list) => list[Math.floor(Math.random() * list.length)];
  const eager = choices.find((b) => /^(accept|serve|torpedo|demand)/.test(b.dataset.choice));
  let target;
  if (eager && clicks === 0) {
    target = eager;
  } else if (!cells.length) {
    target = any(choices);
  } else if (clicks === 0) {
    const ships = cells.filter((c) => document.querySelector(`[data-stack="${c.dataset.label}"] [data-kind="BS"]`));
    target = any(ships.length && heading ? ships : cells);
    window.__picked = Number(target.dataset.cell);
  } else {
    const gain = (c) => heading * (row[c.dataset.cell] - row[picked]) + Math.random() * 0.1;
    target = cells.reduce((a, b) => (gain(b) > gain(a) ? b : a));
  }
  target.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  const done = root.dataset.clicks === "0";
  if (done) window.__picked = null;
  return done;
}

test("four players in four pages play Tactics to a blockade", async () => {
  const { base } = running.server;
  const north = await person(running.browser, "north");
  const east = await person(running.browser, "east");
  const south = await person(running.browser, "south");
  const west = await person(running.browser, "west", phone);
  const pages = [north, east, south, west];

  await openLobby(north, base, "tactics1940", { seats: "4", window_ms: "2000" });
  const invite = await north.getByTestId("invite-link").inputValue();
  for (const [seat, page] of [east, south, west].entries()) {
    await page.goto(invite);
    await takeSeat(page, seat + 1);
  }
  await north.getByRole("button", { name: "Start the match" }).click();
  for (const page of pages) await page.getByTestId("status").waitFor();

  // The board: four home areas, the oceans, the zone and the corner boxes,
  // each box with its count (the Gold Reserve's 32 coins, 48 cards).
  for (const label of ["N12", "E12", "S12", "W12", "NW20", "Z6", "DJ", "SB", "GR", "CC"]) {
    assert.equal(await north.locator(`.cell[data-label="${label}"]`).count(), 1, label);
  }
  assert.equal(await north.locator('[data-kind="BS"]').count(), 16, "four battleships each");
  const counts = await north.locator(".attr-value").evaluateAll((badges) => badges.map((b) => b.dataset.value));
  assert.deepEqual(counts.sort(), ["0", "0", "32", "48"]);
  const panel = north.locator('.player[data-seat="1"]');
  assert.match(await panel.textContent(), /coins: 8/);
  assert.match(await panel.textContent(), /neutral/);

  // A while of random play: cards are drawn and read by everyone.
  await playSome(pages, { seed: 11, maxActions: 24 });
  const read = await north.locator(".announcements").textContent();
  assert.match(read, /Gold Reserve: \d+ coins; deck: \d+ cards/);
  await north.screenshot({ path: join(shots, "tactics1940-desktop.png") });
  await west.screenshot({ path: join(shots, "tactics1940-phone.png") });
  await west.getByRole("button", { name: "Zoom in" }).click();
  await west.getByRole("button", { name: "Zoom in" }).click();
  await west.getByTestId("board").evaluate((box) => box.scrollIntoView());
  await west.screenshot({ path: join(shots, "tactics1940-phone-zoomed.png") });
  await west.getByRole("button", { name: "Zoom out" }).click();
  await west.getByRole("button", { name: "Zoom out" }).click();

  const row = await rows(base);
  const headings = [1, 0, -1, 0];
  const actions = await playInPages(pages, clickOnce, (i) => [row, headings[i]], 3000);
  for (const page of pages) await page.getByTestId("result").waitFor();
  const standings = await north.getByTestId("standings").locator("li").allTextContents();
  assert.equal(standings.length, 4, "every player is ranked");
  // Ships rushed forward are sometimes all lost first (the "fleet lost" ruling).
  assert.match(await north.getByTestId("result").textContent(), /blockade|fleet lost/);
  console.log(`blockade after ${actions} more actions; ${standings.join(" / ")}`);
  await north.screenshot({ path: join(shots, "tactics1940-end.png") });
  await west.screenshot({ path: join(shots, "tactics1940-end-phone.png") });
  for (const page of pages) await page.context().close();
});
