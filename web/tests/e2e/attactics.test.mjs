// ATTACTICS in the browser: four people in four pages (three desktops and a
// phone) play a four-player match to a Monarch in Maze Center. They click
// random legal moves for a while, with the maze photographed on a desktop
// and on the phone, zoomed in too; then each player walks its Monarch
// towards Maze Center whenever it may move (by the maze's own distances,
// which the test works out from the board's layout) and plays the other
// pieces at random, capturing when it can, until a Monarch gets there.
// On the way one player rests the pointer on a destination and sees the
// walk its piece would take, which is then the walk marked.
//
// A Monarch moves a square on a one, so a match takes several hundred
// actions: after the photographs the players click inside the page (one
// script call per click) rather than through Playwright's pointer, which
// takes several times as long.

import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { openLobby, person, playInPages, playSome, serverAndBrowser, shots, takeSeat } from "./harness.mjs";

const running = serverAndBrowser();
const phone = { width: 390, height: 844 };

/**
 * Per cell id, the fewest steps from it into Maze Center through the maze's
 * open sides (the layout's cells are unit squares; its wall edges close
 * the sides between them).
 */
async function distancesToCentre(base) {
  const options = encodeURIComponent(JSON.stringify({ seats: 4 }));
  const layout = await (await fetch(`${base}/api/games/attactics/layout?options=${options}`)).json();
  const at = new Map();
  const where = layout.cells.map((cell, id) => {
    const [x, y] = Object.values(cell.shape)[0];
    at.set(`${x},${y}`, id);
    return [x, y];
  });
  const walls = new Set(layout.edges.filter(([, , kind]) => kind === "wall").flatMap(([a, b]) => [`${a}-${b}`, `${b}-${a}`]));
  const centre = layout.areas.find((area) => area.name === "Maze Center").cells;
  const distance = new Array(layout.cells.length).fill(Infinity);
  const queue = [...centre];
  for (const id of centre) distance[id] = 0;
  while (queue.length) {
    const id = queue.shift();
    const [x, y] = where[id];
    for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
      const next = at.get(`${x + dx},${y + dy}`);
      if (next === undefined || walls.has(`${id}-${next}`) || distance[next] !== Infinity) continue;
      // Maze Center is entered only from its marked squares: a square of it
      // reached from another is no shorter way in.
      if (centre.includes(next)) continue;
      distance[next] = distance[id] + 1;
      queue.push(next);
    }
  }
  return distance;
}

/**
 * One click of the player on this page, chosen in the page: its Monarch
 * whenever it may move, the largest count or points for it, the square
 * nearest Maze Center; otherwise a capture if there is one, else anything
 * offered. Nobody takes a Monarch unless that is all it can do, so that
 * the race, not the last Monarch standing, ends the match. Returns whether
 * the clicks made an action, or null when this page has nothing to click.
 */
function clickOnce(distance) {
  const root = document.querySelector(".table-page");
  const clicks = Number(root.dataset.clicks);
  // Only cells that carry the choice on (one clicked already for it, clicked
  // again, would start it over).
  const cells = [...document.querySelectorAll(".cell[data-target]")];
  const choices = [...document.querySelectorAll("button.choice")];
  if (!cells.length && !choices.length) return null;
  const stackOn = (cell) => document.querySelector(`[data-stack="${cell.dataset.label}"]`);
  const isMonarch = (cell) => Boolean(stackOn(cell)?.querySelector('[data-kind="Mo"]'));
  const any = (list) => list[Math.floor(Math.random() * list.length)];
  const number = (button) => Number(button.dataset.choice.match(/\d+/)?.[0] ?? 0);
  window.__diceSeen = (window.__diceSeen ?? 0) + document.querySelectorAll(".dice").length;
  const spare = (list) => {
    const kept = list.filter((c) => !isMonarch(c));
    return kept.length ? kept : list;
  };
  let target;
  if (clicks === 0) {
    window.__monarch = false;
    target = cells.find((c) => isMonarch(c));
    if (target) window.__monarch = true;
    else target = choices.find((b) => b.dataset.choice === "roll the dice") ?? any([...cells, ...choices]);
  } else if (choices.length && (window.__monarch || !cells.length)) {
    target = window.__monarch ? choices.reduce((a, b) => (number(b) > number(a) ? b : a)) : any(choices);
  } else if (window.__monarch) {
    target = spare(cells).reduce((a, b) => (distance[b.dataset.cell] < distance[a.dataset.cell] ? b : a));
  } else {
    const captures = spare(cells).filter((c) => stackOn(c));
    target = any(captures.length ? captures : spare(cells));
  }
  target.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  return root.dataset.clicks === "0";
}

/**
 * On a desktop page whose player may move a piece: clicks the piece and,
 * if asked, a count, rests the pointer on a destination and returns the
 * path drawn there and the cells involved, leaving the move unplayed.
 * Plays on a random action at a time until some player can.
 */
async function previewAWalk(pages, desktops) {
  for (let tries = 0; tries < 200; tries += 1) {
    for (const page of desktops) {
      const pieces = page.locator(".board .cell.can");
      if ((await pieces.count()) === 0) continue;
      const piece = pieces.first();
      const from = Number(await piece.getAttribute("data-cell"));
      await piece.click();
      const count = page.locator("button.choice", { hasText: /^\d+$/ });
      if (await count.count()) await count.first().click();
      const targets = page.locator(`.board .cell.can:not([data-cell="${from}"])`);
      if ((await page.locator(".table-page").getAttribute("data-clicks")) !== "0" && (await targets.count()) > 0) {
        const target = targets.last();
        const to = Number(await target.getAttribute("data-cell"));
        await target.hover();
        const path = page.locator(".board .preview .path");
        await path.waitFor();
        return { page, from, to, path: (await path.getAttribute("data-path")).split(" ").map(Number) };
      }
      const cancel = page.locator("button.cancel");
      if (await cancel.count()) await cancel.click();
    }
    await playSome(pages, { seed: 100 + tries, maxActions: 1 });
  }
  throw new Error("nobody could move a piece");
}

test("four players in four pages play ATTACTICS to a Monarch in Maze Center", async () => {
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
  // The dice of the player moving lie beside its name, the same on every
  // page once every page has seen the last event.
  const seqs = await Promise.all(pages.map((page) => page.locator(".table-page").getAttribute("data-seq")));
  const last = Math.max(...seqs.map(Number));
  for (const page of pages) await page.waitForFunction((n) => Number(document.querySelector(".table-page")?.dataset.seq) >= n, last);
  const dice = await Promise.all(pages.map((page) => page.locator(".dice").evaluateAll((all) => all.map((d) => d.dataset.faces))));
  assert.ok(dice[0].length <= 1, "one player's dice at a time");
  for (const seen of dice) assert.deepEqual(seen, dice[0]);
  // The last move's walk is marked square by square.
  assert.ok((await board.locator(".last-move").count()) >= 2, "the path is marked");
  await red.screenshot({ path: join(shots, "attactics-desktop.png") });
  // A piece chosen, the pointer on a destination shows the walk it takes;
  // leaving the board clears it, and the move is played as usual.
  const walk = await previewAWalk(pages, [red, blue, green]);
  assert.ok(walk.path.length >= 2, `a walk of squares: ${walk.path}`);
  assert.deepEqual([walk.path[0], walk.path[walk.path.length - 1]], [walk.from, walk.to], "from the piece to where the pointer is");
  await walk.page.screenshot({ path: join(shots, "attactics-walk.png") });
  await walk.page.mouse.move(1, 1);
  await walk.page.locator(".board .preview .path").waitFor({ state: "detached" });
  await walk.page.locator(`.board .cell[data-cell="${walk.to}"]`).click();
  await walk.page.waitForFunction((cells) => {
    const marked = [...document.querySelectorAll(".board .last-move")].map((mark) => Number(mark.dataset.cell));
    return marked.join(" ") === cells.join(" ");
  }, walk.path);
  await gold.screenshot({ path: join(shots, "attactics-phone.png") });
  await gold.getByRole("button", { name: "Zoom in" }).click();
  await gold.getByRole("button", { name: "Zoom in" }).click();
  await gold.screenshot({ path: join(shots, "attactics-phone-zoomed.png") });
  // Each kind has its emblem: a crown, a diamond, two chevrons, one; the
  // cell under the pointer names the piece on it.
  const kinds = await board.locator(".piece[data-kind]").evaluateAll((all) => [...new Set(all.map((p) => p.dataset.kind))]);
  assert.ok(kinds.length >= 2, `pieces of several kinds are drawn by kind: ${kinds}`);
  const emblems = { Mo: ".crown", Ms: ".diamond", Mj: ".chevrons", Mn: ".chevrons" };
  for (const kind of kinds) {
    const all = await board.locator(`.piece[data-kind="${kind}"]`).count();
    assert.equal(await board.locator(`.piece[data-kind="${kind}"] ${emblems[kind]}`).count(), all, `every ${kind} wears its emblem`);
  }
  const names = await board.locator(".hits .cell title").evaluateAll((all) => all.map((t) => t.textContent).filter((t) => t.includes(" · ")));
  assert.ok(names.length >= 2 && names.every((name) => / · (Red|Blue|Green|Gold) (Monarch|Master|Major|Minor)$/.test(name)), `pieces named: ${names.slice(0, 4)}`);
  await red.getByRole("button", { name: "Zoom in" }).click();
  await red.getByRole("button", { name: "Zoom in" }).click();
  await red.locator(kinds.includes("Mo") ? '.piece[data-kind="Mo"]' : ".piece[data-kind]").first().scrollIntoViewIfNeeded();
  await red.screenshot({ path: join(shots, "attactics-pieces.png") });
  await red.getByRole("button", { name: "Zoom out" }).click();
  await red.getByRole("button", { name: "Zoom out" }).click();

  const distance = await distancesToCentre(base);
  const actions = await playInPages(pages, clickOnce, () => [distance], 20000);
  const diceSeen = await Promise.all(pages.map((page) => page.evaluate(() => window.__diceSeen ?? 0)));
  assert.ok(diceSeen.every((n) => n > 0), `every page showed dice while its player moved: ${diceSeen}`);
  for (const page of pages) await page.getByTestId("result").waitFor();
  const prompt = await red.getByTestId("status").textContent();
  assert.match(prompt + (await red.getByTestId("result").textContent()), /Maze Center/, `ended after ${actions} actions: ${prompt}`);
  const places = await red.getByTestId("standings").locator("li").evaluateAll((items) => items.map((li) => [li.textContent, Number(li.dataset.place)]));
  assert.equal(places.length, 4, "every seat is ranked");
  assert.equal(places[0][1], 1);
  assert.equal(places.filter(([, place]) => place === 1).length, 1, "one winner");
  console.log(`ATTACTICS in four pages: a Monarch reached Maze Center after ${actions} actions`);
  await red.screenshot({ path: join(shots, "attactics-end.png") });
  for (const page of pages) await page.context().close();
});
