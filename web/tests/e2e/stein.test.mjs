// Dieter Stein's games and the other games of the Stein collection, each
// played to its end in two browsers by clicking only what the page offers.
// The pages know no rules, so a finished match shows that every click the
// board offers leads to a legal action, that turns pass between the two
// browsers, and that both see the same result.

import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { moveTexts, person, playRandomly, shots, startMatch, serverAndBrowser } from "./harness.mjs";

const running = serverAndBrowser();

const GAMES = (process.env.TACTICA_E2E_GAMES ?? "abande,attangle,attraktion,alva").split(",");

for (const [index, game] of GAMES.entries()) {
  test(`${game} is played to its end by clicking`, async () => {
    const a = await person(running.browser, `${game}-first`);
    const b = await person(running.browser, `${game}-second`, { width: 390, height: 844 });
    await startMatch(a, b, running.server.base, game);
    const actions = await playRandomly([a, b], { seed: index + 1 });
    for (const page of [a, b]) await page.getByTestId("result").waitFor();
    const [resultA, resultB] = await Promise.all([a, b].map((p) => p.getByTestId("result").locator("h2").textContent()));
    assert.match(resultA, /wins|Draw/);
    assert.equal(resultA.replace(/^You (win|lose)[!.] /, ""), resultB.replace(/^You (win|lose)[!.] /, ""));
    const moves = await moveTexts(a);
    assert.ok(moves.length > 0 && actions >= moves.length, `${actions} actions, ${moves.length} turns`);
    assert.deepEqual(await moveTexts(b), moves, "both browsers list the same moves");
    // A snapshot carries the last 16 events; a reloaded page reads the rest.
    await b.reload();
    await b.getByTestId("result").waitFor();
    await b.waitForFunction((n) => document.querySelectorAll(".move-list .move").length === n, moves.length);
    assert.deepEqual(await moveTexts(b), moves, "after a reload the whole move list is read back");
    await a.screenshot({ path: join(shots, `${game}-end.png`) });
    await a.context().close();
    await b.context().close();
  });
}
