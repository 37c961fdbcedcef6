// Dame 100 in two browsers, including a multiple capture chosen by
// clicking its start and end (1. 32-27 17-21 2. 33-28 21x23 takes two),
// and a server restart in the middle: both pages reconnect by themselves
// and play on.

import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { clickCell, moveTexts, person, shots, startMatch, serverAndBrowser, waitForTurns } from "./harness.mjs";

const running = serverAndBrowser();

async function move(page, from, to, turnsBefore) {
  await page.getByTestId("status").getByText("Your turn").waitFor();
  await clickCell(page, from);
  await clickCell(page, to);
  await waitForTurns(page, turnsBefore + 1);
}

const stackAt = (page, label) => page.locator(`g.stack[data-stack="${label}"]`);

test("a Dame 100 match with a server restart and a double capture chosen by clicks", async () => {
  const a = await person(running.browser, "white");
  const b = await person(running.browser, "black", { width: 390, height: 844 });
  await startMatch(a, b, running.server.base, "dame100");
  await move(a, "32", "27", 0);
  await move(b, "17", "21", 1);
  // The server restarts: the pages notice, reconnect by themselves and catch up.
  for (const page of [a, b]) {
    await page.evaluate(() => {
      const indicator = document.getElementById("connection");
      window.statuses = [];
      new MutationObserver(() => window.statuses.push(indicator.dataset.status)).observe(indicator, { attributes: true });
    });
  }
  await running.server.restart();
  for (const page of [a, b]) {
    await page.waitForFunction(() => window.statuses.includes("reconnecting") && window.statuses.at(-1) === "open");
    await waitForTurns(page, 2);
  }
  await move(a, "33", "28", 2);
  // Black must capture: the board offers only the capturing man.
  await b.getByText("Black must capture 2 pieces").waitFor();
  await move(b, "21", "23", 3);
  await waitForTurns(a, 4);
  assert.deepEqual(await moveTexts(a), ["32-27", "17-21", "33-28", "21x23"]);
  assert.equal(await stackAt(a, "27").count(), 0, "27 was taken");
  assert.equal(await stackAt(a, "28").count(), 0, "28 was taken");
  assert.equal(await stackAt(a, "23").count(), 1, "the capturing man stands on 23");
  assert.match(await a.locator(".player[data-seat='0'] .facts").innerText(), /men: 18\b/, "White has two men fewer");
  await a.screenshot({ path: join(shots, "dame100.png") });
  await b.getByRole("button", { name: "Resign" }).click();
  await b.getByRole("button", { name: "Really resign?" }).click();
  assert.match(await a.getByTestId("result").locator("h2").innerText(), /^You win! White .* wins by resignation$/);
});

test("one click each starts the rematch, with the sides changed", async () => {
  const a = await person(running.browser, "asks-again");
  const b = await person(running.browser, "accepts", { width: 390, height: 844 });
  await startMatch(a, b, running.server.base, "dame100", { joinShot: "invite-join-phone.png" });
  const seatName = (page, seat) => page.locator(`.player[data-seat='${seat}'] strong`).innerText();
  const before = [await seatName(a, 0), await seatName(a, 1)];
  await a.getByRole("button", { name: "Resign" }).click();
  await a.getByRole("button", { name: "Really resign?" }).click();
  await b.getByTestId("result").waitFor();
  const said = await b.getByTestId("result").innerText();
  assert.equal(said.match(/resignation/g)?.length, 1, `the reason once: ${said}`);
  const finished = a.url();
  await a.getByTestId("rematch").click();
  await a.waitForURL((url) => url.href !== finished);
  const rematch = a.url();
  await a.getByTestId("auto-start").waitFor();
  await b.getByText("offers a rematch").waitFor();
  assert.equal(await b.getByRole("button", { name: /rematch/i }).count(), 1, "one rematch button");
  // On the phone the offer's button is brought into view.
  await b.waitForFunction(() => {
    const box = document.querySelector('[data-testid="rematch"]')?.getBoundingClientRect();
    return box && box.top >= 0 && box.bottom <= innerHeight;
  });
  await b.screenshot({ path: join(shots, "rematch-offer-phone.png") });
  await b.getByTestId("rematch").click();
  await b.waitForURL(rematch);
  for (const page of [a, b]) await page.getByTestId("status").waitFor();
  // The one who played Black plays White now, and moves first.
  await b.getByTestId("status").getByText("Your turn").waitFor();
  assert.deepEqual([await seatName(a, 0), await seatName(a, 1)], [before[1], before[0]]);
});
