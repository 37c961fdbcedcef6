// Hostile text in a browser: a display name written as markup is shown as
// text wherever it appears (the lobby, the players beside the board), runs
// nothing, and a name with a direction-changing character is refused with
// the server's reason. Every page here also runs under the server's
// Content Security Policy (the harness fails on any violation).

import { test } from "node:test";
import assert from "node:assert/strict";
import { person, serverAndBrowser, startMatch } from "./harness.mjs";

const running = serverAndBrowser();

const HOSTILE = "<img src=x onerror=pwned=1>";

async function rename(page, name) {
  await page.goto(`${running.server.base}/account`);
  await page.fill("#display-name", name);
  await page.getByRole("button", { name: "Change name" }).click();
}

test("a name written as markup is shown as text and runs nothing; a direction override is refused", async () => {
  const a = await person(running.browser, "hostile");
  const b = await person(running.browser, "opponent");

  await rename(a, "Ann\u202Eevil");
  await a.getByText(/may not hold invisible or direction-changing characters/).waitFor();

  await rename(a, HOSTILE);
  await a.getByText("Name changed.").waitFor();
  await a.waitForFunction((name) => document.getElementById("you-name").textContent === name, HOSTILE);

  await startMatch(a, b, running.server.base, "dame100");
  for (const page of [a, b]) {
    const players = page.locator(".player");
    await players.filter({ hasText: HOSTILE }).first().waitFor();
    assert.equal(await page.locator(".player img").count(), 0, "no element was made from the name");
    assert.equal(await page.evaluate(() => window.pwned), undefined, "nothing ran");
  }
});
