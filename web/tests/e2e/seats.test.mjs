// A table of three seats in the browser, on a server that hosts the test
// game (the Drill): the host takes two seats ("Take this seat too"), a
// friend on a phone takes the third, and the match is played to its end by
// clicking. The host's page decides for one seat at a time and says which;
// the move list marks each turn with its seat's colour; the result ranks
// every seat. A player who leaves the page stays seated until another asks
// for the seat to leave (docs/rules/platform.md).

import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { openLobby, person, playRandomly, serverAndBrowser, shots, sitFirst, takeSeat } from "./harness.mjs";

/** Each guest opens the host's invite link and takes the next seat; the host starts. */
async function seatAndStart(host, guests) {
  const invite = await host.getByTestId("invite-link").inputValue();
  for (const [i, page] of guests.entries()) {
    await page.goto(invite);
    await takeSeat(page, i + 1);
  }
  await host.getByRole("button", { name: "Start the match" }).click();
}

// A short grace period, so that a player who leaves is away past it soon.
const running = serverAndBrowser(["--test-games", "--grace-seconds", "2"]);

test("a player holds two of three seats and the match is played to a ranking", async () => {
  const { base } = running.server;
  const host = await person(running.browser, "host");
  const friend = await person(running.browser, "friend", { width: 390, height: 844 });

  await openLobby(host, base, "drill", { seats: "3", window_ms: "3000" });
  // A second seat of a game of three.
  await takeSeat(host, 2, "Take this seat too");

  const invite = await host.getByTestId("invite-link").inputValue();
  await friend.goto(invite);
  await takeSeat(friend, 1);
  // The friend, with one seat, is not offered another (every seat is taken anyway).
  assert.equal(await friend.getByRole("button", { name: /Take this seat/ }).count(), 0);

  // The host moves the friend up to Red: the seats trade places.
  await host.getByRole("button", { name: "Start the match" }).waitFor();
  await host.locator('li[data-seat="1"]').getByRole("button", { name: "Trade places with the seat above" }).click();
  await host.locator('li[data-seat="1"]').getByText("(you)").waitFor();
  await friend.locator('li[data-seat="0"]').getByText("(you)").waitFor();
  await host.screenshot({ path: join(shots, "seats-lobby.png") });
  await friend.screenshot({ path: join(shots, "seats-lobby-phone.png") });

  await host.getByRole("button", { name: "Start the match" }).click();
  await host.getByTestId("status").waitFor();
  await friend.getByTestId("status").waitFor();
  // Everyone bids at once: the host decides for Blue first, then Green.
  await host.waitForSelector(".status.your-turn");
  assert.match(await host.locator(".status .prompt").textContent(), /^Your turn as Blue\./);
  await host.screenshot({ path: join(shots, "seats-live.png") });

  await playRandomly([host, friend], { seed: 5 });
  for (const page of [host, friend]) await page.getByTestId("result").waitFor();
  const standings = host.getByTestId("standings").locator("li");
  assert.equal(await standings.count(), 3, "every seat is ranked");
  const places = await standings.evaluateAll((items) => items.map((li) => Number(li.dataset.place)));
  assert.equal(places[0], 1);
  assert.deepEqual([...places].sort(), places, "best first");
  // Each turn of the move list carries its seat's colour.
  const dots = await host.locator(".move-list .move .colour-dot").count();
  assert.ok(dots > 0, "the turns carry their seats' colours");
  await host.screenshot({ path: join(shots, "seats-end.png") });
  await friend.screenshot({ path: join(shots, "seats-end-phone.png") });
  await host.context().close();
  await friend.context().close();
});

test("the host seats a computer player and plays it to the end on a phone", async () => {
  const { base } = running.server;
  const player = await person(running.browser, "bot-host", { width: 390, height: 844 });
  await openLobby(player, base, "drill");
  await player.getByTestId("bot-strength").selectOption("random");
  await player.locator('li[data-seat="1"]').getByTestId("seat-bot").click();
  await player.locator('li[data-seat="1"]').getByText("Random mover (computer)").waitFor();
  await player.screenshot({ path: join(shots, "bot-lobby-phone.png") });
  await player.getByRole("button", { name: "Start the match" }).click();
  await playRandomly([player], { seed: 3 });
  await player.getByTestId("result").waitFor();
  assert.match(await player.getByTestId("result").locator("h2").textContent(), /wins|Draw/);
  await player.screenshot({ path: join(shots, "bot-end-phone.png") });
  await player.context().close();
});

test("a player who leaves a match of three stays seated until another has the seat leave", async () => {
  const { base } = running.server;
  const host = await person(running.browser, "stayer");
  const friend = await person(running.browser, "friend-who-stays", { width: 390, height: 844 });
  const leaver = await person(running.browser, "leaver");
  await openLobby(host, base, "drill", { seats: "3" });
  await seatAndStart(host, [friend, leaver]);
  await host.getByTestId("status").waitFor();
  await leaver.getByTestId("status").waitFor();

  // Green closes the page. Once its grace period is over, the others may
  // have it leave; nothing happens until one of them asks.
  await leaver.context().close();
  const remove = host.getByTestId("claim");
  await remove.waitFor();
  assert.equal(await remove.textContent(), "Remove Green (away)");
  assert.equal(await friend.getByTestId("claim").textContent(), "Remove Green (away)");
  assert.equal(await host.locator(".move-list").getByText("Green left the match").count(), 0, "Green has not left by itself");
  await host.screenshot({ path: join(shots, "seats-away.png") });
  await remove.click();
  await host.locator(".move-list").getByText("Green left the match").waitFor();
  await friend.locator(".move-list").getByText("Green left the match").waitFor();
  await remove.waitFor({ state: "detached" });
  // The two still playing go on.
  assert.equal(await host.locator("[data-testid=result]").count(), 0);
  await host.waitForSelector(".status.your-turn");
  await friend.screenshot({ path: join(shots, "seats-away-phone.png") });
  await host.context().close();
  await friend.context().close();
});

test("with a takeover chosen, the computer plays on for a player who goes away", async () => {
  const { base } = running.server;
  const host = await person(running.browser, "keeps-company");
  const friend = await person(running.browser, "friend-who-plays");
  const leaver = await person(running.browser, "goes-away");
  await host.goto(`${base}/`);
  await host.selectOption("#new-game", "drill");
  await host.selectOption('select[data-option="seats"]', "3");
  // Offered once the board says the game has three seats.
  await host.locator("#new-takeover").waitFor();
  await host.selectOption("#new-takeover", "casual");
  await sitFirst(host);
  await host.check("#start-by-hand");
  await host.click("#create-lobby");
  await host.waitForURL(/\/t\/[0-9a-f]{32}$/);
  await host.locator('li[data-seat="0"]').getByText("(you)").waitFor();
  assert.match(await host.getByTestId("takeover").textContent(), /Casual player \(computer\) takes over/);
  await seatAndStart(host, [friend, leaver]);
  await leaver.getByTestId("status").waitFor();

  await leaver.context().close();
  await host.locator(".move-list").getByText("Casual player (computer) takes over").waitFor();
  await host.locator('.player[data-seat="2"]', { hasText: "Casual player (computer)" }).waitFor();
  await friend.locator(".move-list").getByText("Casual player (computer) takes over").waitFor();
  assert.equal(await host.getByTestId("claim").count(), 0, "nobody to remove");
  await host.screenshot({ path: join(shots, "seats-takeover.png") });
  await host.context().close();
  await friend.context().close();
});
