// The player's experience around the board, in Chromium: the move list
// follows play and lets a player look back during the match (clicks, the
// arrow keys, End), the tab's title and a sound say whose turn it is, the
// sound switch is remembered, a spectator is told it watches and may turn
// the board, the rules page's "Play" opens the form on that game, a
// guest is offered no "Log out", and the match list tells a player how
// their match went.

import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { openLobby, person, playSome, serverAndBrowser, shots, startMatch, startServer } from "./harness.mjs";

const running = serverAndBrowser();

/** The move list's scroll: how far from its bottom, and whether it overflows. */
function scrollOf(page) {
  return page.getByTestId("move-scroll").evaluate((box) => ({
    fromBottom: box.scrollHeight - box.scrollTop - box.clientHeight,
    overflows: box.scrollHeight > box.clientHeight + 4,
    top: box.scrollTop,
  }));
}

/** The cells holding pieces on the page's board, sorted. */
function occupied(page) {
  return page.locator(".board g.stack[data-stack]").evaluateAll((all) => all.map((g) => g.dataset.stack).sort());
}

/** Where the board was after the turn ending at event `seq`, as the replay API gives it to this page's player. */
async function boardAfter(page, table, seq) {
  const replay = await page.evaluate(async (id) => (await fetch(`/api/matches/${id}/replay`)).json(), table);
  const layout = replay.layout;
  const step = replay.steps.filter((s) => s.seq <= seq).at(-1);
  return step.view.stacks.map((stack) => layout.cells[stack.cell].label).sort();
}

test("the move list follows play; a player looks back during the match and comes back", async () => {
  const white = await person(running.browser, "white");
  const black = await person(running.browser, "black", { width: 390, height: 844 });
  const invite = await startMatch(white, black, running.server.base, "dame100");
  const table = await white.evaluate(async () => (await (await fetch("/api/matches?mine=true")).json()).matches[0].table);

  // It is White's turn: the title says so, and a sound was played for it.
  await white.waitForFunction(() => document.title.startsWith("● Your turn"));
  assert.ok(!(await black.title()).startsWith("●"), "not Black's turn");
  await white.waitForFunction(() => document.querySelector(".table-page").dataset.sound?.startsWith("turn"));

  await playSome([white, black], { seed: 3, maxActions: 44 });
  const following = await scrollOf(white);
  assert.ok(following.overflows, "44 turns are more than the list shows at once");
  assert.ok(following.fromBottom <= 24, `the latest move is in view (${following.fromBottom}px from the bottom)`);
  assert.ok(await white.getByTestId("jump-latest").isHidden());

  // The player scrolls away: the next move leaves the list where it is.
  await white.getByTestId("move-scroll").evaluate((box) => box.scrollTo(0, 0));
  await white.getByTestId("jump-latest").waitFor();
  await playSome([white, black], { seed: 4, maxActions: 1 });
  assert.equal((await scrollOf(white)).top, 0, "a new move does not snap the list back");
  await white.getByTestId("jump-latest").click();
  assert.ok((await scrollOf(white)).fromBottom <= 24, "jump to latest");
  assert.ok(await white.getByTestId("jump-latest").isHidden());

  // Looking back: the first move's board, then the second's with the arrow
  // key, then the live board again with End.
  const live = await occupied(white);
  const first = white.locator(".move-list .move").first();
  const firstText = await first.textContent();
  await first.click();
  await white.getByTestId("look-back").getByText(firstText).waitFor();
  const firstSeq = Number(await first.getAttribute("data-seq"));
  assert.deepEqual(await occupied(white), await boardAfter(white, table, firstSeq), "the board after the first move");
  assert.notDeepEqual(await occupied(white), live);
  await white.screenshot({ path: join(shots, "look-back.png") });
  await white.keyboard.press("ArrowRight");
  const second = white.locator(".move-list .move").nth(1);
  await white.getByTestId("look-back").getByText(await second.textContent()).waitFor();
  assert.equal(await second.getAttribute("aria-current"), "step");
  assert.deepEqual(await occupied(white), await boardAfter(white, table, Number(await second.getAttribute("data-seq"))));
  await white.keyboard.press("End");
  await white.getByTestId("look-back").waitFor({ state: "hidden" });
  assert.deepEqual(await occupied(white), live, "the live board is back");

  // Black, on a phone, looks back while White moves; the match goes on
  // beneath, and when it is Black's turn the bar says so.
  const whiteToMove = (await white.locator(".status.your-turn").count()) > 0;
  const mover = whiteToMove ? white : black;
  const other = whiteToMove ? black : white;
  await other.locator(".move-list .move").first().click();
  await other.getByTestId("look-back").waitFor();
  await playSome([mover], { seed: 5, maxActions: 1 });
  await other.getByTestId("back-to-game").getByText("Your turn").waitFor();
  await other.screenshot({ path: join(shots, whiteToMove ? "look-back-phone.png" : "look-back-desktop-turn.png") });
  await other.getByTestId("back-to-game").click();
  await other.getByTestId("look-back").waitFor({ state: "hidden" });
  await other.waitForFunction(() => document.title.startsWith("● Your turn"));

  // The sound switch is the player's and outlasts a reload.
  await white.getByTestId("sound").click();
  assert.equal(await white.getByTestId("sound").getAttribute("aria-pressed"), "false");
  await white.reload();
  await white.getByTestId("status").waitFor();
  assert.equal(await white.getByTestId("sound").getAttribute("aria-pressed"), "false", "still off after a reload");

  // A spectator is told so, and turns the board to Black's side.
  const watcher = await person(running.browser, "watcher");
  await watcher.goto(invite);
  await watcher.getByTestId("watching").waitFor();
  assert.equal(await watcher.locator("svg.board").getAttribute("data-turn"), "0");
  await watcher.getByTestId("flip-board").click();
  assert.equal(await watcher.locator("svg.board").getAttribute("data-turn"), "180", "turned to Black's side");
  assert.equal(await watcher.locator(".controls").count(), 0, "a spectator has no match controls");
  for (const page of [white, black, watcher]) await page.context().close();
});

test("the rules page opens the form on its game; a guest is not offered Log out; the match list tells how a match went", async () => {
  const ann = await person(running.browser, "ann");
  const bob = await person(running.browser, "bob");
  await ann.goto(`${running.server.base}/rules/attangle`);
  await ann.getByRole("link", { name: "Play Attangle" }).click();
  await ann.waitForFunction(() => document.querySelector("#new-game")?.value === "attangle");

  await startMatch(ann, bob, running.server.base, "abande");
  await ann.getByRole("button", { name: "Resign" }).click();
  await ann.getByRole("button", { name: "Really resign?" }).click();
  await bob.getByTestId("result").waitFor();

  await ann.goto(`${running.server.base}/account`);
  await ann.getByRole("heading", { name: "Register" }).waitFor();
  assert.equal(await ann.getByRole("button", { name: "Log out" }).count(), 0, "a guest would lose its matches by logging out");
  assert.match(await ann.locator("#you-name").textContent(), /\S/, "the header names the player beside the account link");

  for (const [page, outcome] of [[ann, "Lost"], [bob, "Won"]]) {
    await page.goto(`${running.server.base}/history`);
    const item = page.getByTestId("history").locator("li").first();
    await item.locator(".colour-dot").first().waitFor();
    const text = await item.innerText();
    assert.match(text, new RegExp(`^Abande .+ vs .+\\n${outcome} .+ won by resignation`), text);
  }
  await bob.screenshot({ path: join(shots, "history.png") });
  for (const page of [ann, bob]) await page.context().close();
});

test("invite links point to the public address the operator set, not to the one the host opened", async () => {
  const server = await startServer(["--public-url", "https://play.example.org"]);
  try {
    const host = await person(running.browser, "host-behind-proxy");
    await openLobby(host, server.base, "dame100");
    const invite = await host.getByTestId("invite-link").inputValue();
    assert.match(invite, /^https:\/\/play\.example\.org\/t\/[0-9a-f]{32}$/);
    await host.context().close();
  } finally {
    await server.stop();
  }
});

test("players chat among themselves, spectators among themselves; lines are text, and a player can be muted", async () => {
  const ann = await person(running.browser, "chat-ann");
  const bob = await person(running.browser, "chat-bob", { width: 390, height: 844 });
  const eve = await person(running.browser, "chat-eve");
  const invite = await startMatch(ann, bob, running.server.base, "attangle");
  await eve.goto(invite);
  await eve.getByTestId("watching").waitFor();
  for (const page of [ann, bob]) await page.getByTestId("spectators").getByText("1 watching").waitFor();

  const say = async (page, text) => {
    await page.fill("#chat-input", text);
    await page.locator(".chat-form button").click();
  };
  await say(ann, "<img src=x onerror=pwned=1> good luck");
  for (const page of [ann, bob]) await page.getByTestId("chat-lines").getByText("<img src=x onerror=pwned=1> good luck").waitFor();
  assert.equal(await bob.locator(".chat-lines img").count(), 0, "a line is text, never markup");
  assert.equal(await bob.evaluate(() => window.pwned), undefined);
  await say(eve, "who wins?");
  await eve.getByTestId("chat-lines").getByText("who wins?").waitFor();
  assert.match(await eve.locator(".chat h2").textContent(), /Spectators' chat/);
  await say(bob, "thanks");
  await ann.getByTestId("chat-lines").getByText("thanks").waitFor();
  assert.equal(await ann.getByTestId("chat-lines").getByText("who wins?").count(), 0, "players do not read the spectators");
  assert.equal(await eve.getByTestId("chat-lines").getByText("thanks").count(), 0, "spectators do not read the players");
  await bob.screenshot({ path: join(shots, "chat-phone.png") });

  // Ann mutes Bob: his lines are hidden in her browser, even after a reload, until she unmutes him.
  await ann.getByTestId("chat-lines").locator("li", { hasText: "thanks" }).getByRole("button", { name: "mute" }).click();
  assert.equal(await ann.getByTestId("chat-lines").getByText("thanks").count(), 0);
  await ann.reload();
  await ann.getByTestId("chat-lines").getByText("good luck").waitFor();
  assert.equal(await ann.getByTestId("chat-lines").getByText("thanks").count(), 0, "still muted after a reload");
  await ann.locator(".chat-muted").getByRole("button", { name: "unmute" }).click();
  await ann.getByTestId("chat-lines").getByText("thanks").waitFor();
  await ann.screenshot({ path: join(shots, "chat-desktop.png") });
  for (const page of [ann, bob, eve]) await page.context().close();
});
