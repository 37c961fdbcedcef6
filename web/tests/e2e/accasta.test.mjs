// Two people play the rulebook's sample Accasta game in Chromium: one hosts
// a private lobby, the other joins by the invite link; they click the first
// turns of the sample, the guest reloads mid-match and carries on, a draw
// is offered and declined, the host resigns, both see the result, and the
// host replays the match turn by turn with the arrow keys.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { clickCell, moveTexts, person, repo, shots, startMatch, serverAndBrowser, waitForTurns } from "./harness.mjs";

const sample = readFileSync(join(repo, "rules", "tests", "data", "accasta-sample.txt"), "utf8")
  .split("\n")
  .map((line) => line.split("#")[0].trim())
  .filter(Boolean);
const TURNS = 12;

const running = serverAndBrowser();

/** Plays one turn written in the rulebook's notation, by clicking. */
async function playTurn(page, text, turnsBefore) {
  const [from, rest] = text.split(":").map((s) => s.trim());
  const moves = rest.split(",").map((m) => m.trim());
  for (const [i, move] of moves.entries()) {
    const [, count, , to] = move.match(/^(\d*)([-+×x])([a-g]\d)$/);
    await clickCell(page, from);
    await clickCell(page, to);
    const wanted = `${count || 1} piece${(count || "1") === "1" ? "" : "s"}`;
    // When several counts could move there, the page asks how many.
    const choice = page.getByRole("button", { name: wanted, exact: true });
    if (await choice.isVisible().catch(() => false)) await choice.click();
    // Wait until the move is in the list (as part of this turn).
    const soFar = `${from}: ${moves.slice(0, i + 1).join(", ")}`.replace(/x/g, "×");
    await page.waitForFunction(
      ([n, t]) => {
        const cells = [...document.querySelectorAll(".move-list .move")];
        return cells.length === n + 1 && cells[n].textContent === t;
      },
      [turnsBefore, soFar],
    );
  }
  // Stop if the turn has not ended by itself.
  const stop = page.getByRole("button", { name: "end turn", exact: true });
  if (await stop.isVisible().catch(() => false)) await stop.click();
}

test("two browsers play the sample game's first turns, reload, decline a draw, resign and replay", async () => {
  const a = await person(running.browser, "host");
  const b = await person(running.browser, "guest", { width: 430, height: 900 });
  await startMatch(a, b, running.server.base, "accasta", { screenshot: "lobby.png" });

  for (let turn = 0; turn < TURNS; turn++) {
    const page = turn % 2 === 0 ? a : b;
    await page.getByTestId("status").getByText("Your turn").waitFor();
    await playTurn(page, sample[turn], turn);
    if (turn === 5) {
      // The guest reloads in the middle of the match and finds it as it was.
      await b.reload();
      await waitForTurns(b, 6);
    }
  }
  await waitForTurns(a, TURNS);
  await waitForTurns(b, TURNS);
  assert.deepEqual(await moveTexts(a), sample.slice(0, TURNS), "the host's move list is the sample, in its notation");
  assert.deepEqual(await moveTexts(b), sample.slice(0, TURNS), "so is the guest's, after the reload");
  await a.screenshot({ path: join(shots, "match.png") });

  await a.getByRole("button", { name: "Offer draw" }).click();
  await b.getByText("Your opponent offers a draw.").waitFor();
  await b.getByRole("button", { name: "Decline draw" }).click();
  await a.getByText("Your draw offer was declined.").waitFor();

  await a.getByRole("button", { name: "Resign" }).click();
  await a.getByRole("button", { name: "Really resign?" }).click();
  const aResult = await a.getByTestId("result").locator("h2").innerText();
  const bResult = await b.getByTestId("result").locator("h2").innerText();
  assert.match(aResult, /^You lose\. Black .* wins by resignation$/);
  assert.match(bResult, /^You win! Black .* wins by resignation$/);
  // Accasta has no chance, so it has no seed to show.
  assert.equal(await a.getByTestId("result").locator(".seed").count(), 0, "no seed line for a game without chance");

  // The host's history lists the match; its replay steps through every turn.
  await a.click("a[href='/history']");
  const entry = a.getByTestId("history").locator("li a").first();
  assert.equal(await entry.innerText(), "Accasta");
  await entry.click();
  // Moves are numbered as the live list and the record number them: a
  // move is White's turn and Black's answer.
  const MOVES = TURNS / 2;
  await a.getByTestId("turn-counter").waitFor();
  assert.equal(await a.getByTestId("turn-counter").innerText(), `Start · ${MOVES} moves`);
  assert.match(await a.getByTestId("replay-sides").innerText(), /White: .+ · Black: .+/, "who played which side");
  for (let turn = 1; turn <= TURNS; turn++) {
    await a.keyboard.press("ArrowRight");
    const number = Math.ceil(turn / 2);
    assert.equal(await a.getByTestId("turn-counter").innerText(), `Move ${number} of ${MOVES}`);
    assert.match(await a.locator(".side .prompt").innerText(), new RegExp(`^${number}\\. (White|Black): ${sample[turn - 1].replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
  }
  await a.keyboard.press("ArrowRight");
  assert.equal(await a.getByTestId("turn-counter").innerText(), `Move ${MOVES} of ${MOVES}`, "no further than the end");
  await a.keyboard.press("ArrowLeft");
  assert.match(await a.locator(".side .prompt").innerText(), new RegExp(`^${MOVES}\\. White: `));
  await a.locator(".move-list .move", { hasText: sample[0] }).first().click();
  assert.equal(await a.getByTestId("turn-counter").innerText(), `Move 1 of ${MOVES}`, "a turn in the list jumps there");
  assert.deepEqual(await a.locator(".move-list .move-number").allTextContents(), Array.from({ length: MOVES }, (_, i) => `${i + 1}.`), "numbered as in play");
  await a.screenshot({ path: join(shots, "replay.png") });
  const downloads = await a.locator(".downloads a").allTextContents();
  assert.deepEqual(downloads, ["notation", "JSON record"]);
});
