// Dame 100 in two browsers, including a multiple capture chosen by
// clicking its start and end: 1. 32-27 17-21 2. 33-28 21x23 takes two.

import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { clickCell, launch, moveTexts, person, shots, startMatch, startServer, waitForTurns } from "./harness.mjs";

let server;
let browser;
before(async () => {
  server = await startServer();
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

async function move(page, from, to, turnsBefore) {
  await page.getByText("Your turn").waitFor();
  await clickCell(page, from);
  await clickCell(page, to);
  await waitForTurns(page, turnsBefore + 1);
}

const stackAt = (page, label) => page.locator(`g.stack[data-stack="${label}"]`);

test("a Dame 100 match with a double capture chosen by clicks, and its result", async () => {
  const a = await person(browser, "white");
  const b = await person(browser, "black", { width: 390, height: 844 });
  await startMatch(a, b, server.base, "dame100");
  await move(a, "32", "27", 0);
  await move(b, "17", "21", 1);
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
