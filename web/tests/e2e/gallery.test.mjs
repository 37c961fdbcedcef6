// The layout gallery (/dev/layouts) on a desktop and on a phone: the one
// board renderer draws the boards of the games still to come from the
// server's layouts (GET /api/dev/layouts): a hit area for every cell, the
// maze's walls, the oceans' walls and lines; each board turns for every
// seat with the same cells and upright texts; the seat panels show facts,
// hands and teams; a click names a cell; the maze zooms on a phone.

import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { person, serverAndBrowser, shots } from "./harness.mjs";

const running = serverAndBrowser();

const EXHIBITS = {
  maze: { cells: 1296, sides: { "line.wall": 1008 }, seats: 4, pick: "g30" },
  trihex: { cells: 139, sides: {}, seats: 6, pick: "h1" },
  oceans: { cells: 164, sides: { "line.wall": 24, "line.edge-line": 16, "path.double": 12 }, seats: 4, pick: "NW4" },
};

const VIEWPORTS = { desktop: { width: 1280, height: 900 }, phone: { width: 390, height: 844 } };

/** Each hit area's cell id, label and middle, as a share of the board's width and height. */
async function cellPlaces(board) {
  return board.evaluate((svg) => {
    const box = svg.getBoundingClientRect();
    return [...svg.querySelectorAll(".cell[data-cell]")].map((hit) => {
      const r = hit.getBoundingClientRect();
      return { id: Number(hit.dataset.cell), label: hit.dataset.label, x: (r.x + r.width / 2 - box.x) / box.width, y: (r.y + r.height / 2 - box.y) / box.height };
    });
  });
}

/** A screenshot of an exhibit across the page's whole width (on a phone the board is wider than the exhibit). */
async function shoot(page, exhibit, name) {
  const box = await exhibit.boundingBox();
  const scroll = await page.evaluate(() => window.scrollY);
  const width = page.viewportSize().width;
  await page.screenshot({ path: join(shots, name), fullPage: true, clip: { x: 0, y: box.y + scroll, width, height: box.height } });
}

for (const [device, viewport] of Object.entries(VIEWPORTS)) {
  test(`the layout gallery draws every board, turned for every seat, on a ${device}`, async () => {
    const page = await person(running.browser, device, viewport);
    await page.goto(`${running.server.base}/dev/layouts`);
    for (const [id, expected] of Object.entries(EXHIBITS)) {
      const exhibit = page.getByTestId(`exhibit-${id}`);
      const board = exhibit.locator("svg.board");
      await board.waitFor();

      // One hit area per cell, its id the cell's index.
      const places = await cellPlaces(board);
      assert.equal(places.length, expected.cells, `${id}: one hit area per cell`);
      assert.deepEqual(places.map((p) => p.id).sort((a, b) => a - b), [...Array(expected.cells).keys()], `${id}: every cell id once`);
      for (const [selector, count] of Object.entries(expected.sides)) {
        assert.equal(await board.locator(selector).count(), count, `${id}: ${count} × ${selector}`);
      }
      assert.ok((await board.locator("g.stack").count()) > 0, `${id}: the sample view's pieces are drawn`);
      assert.equal(await board.locator("text[transform], g[transform]").count(), 0, `${id}: nothing is drawn rotated`);
      await shoot(page, exhibit, `gallery-${id}-${device}.png`);

      // Every seat sees the same cells, elsewhere.
      const buttons = exhibit.locator(".perspectives button[data-seat]:not([data-seat='none'])");
      assert.equal(await buttons.count(), expected.seats);
      await buttons.nth(1).click();
      await exhibit.locator(".perspectives button.on[data-seat='1']").waitFor();
      const turned = await cellPlaces(exhibit.locator("svg.board"));
      assert.deepEqual(turned.map((p) => p.label), places.map((p) => p.label), `${id}: the same cells for another seat`);
      const moved = turned.filter((p, i) => Math.hypot(p.x - places[i].x, p.y - places[i].y) > 0.05).length;
      assert.ok(moved > expected.cells / 2, `${id}: turned for another seat, most cells move (${moved} did)`);
      await shoot(page, exhibit, `gallery-${id}-${device}-seat1.png`);

      // A click names the cell.
      await exhibit.locator(`.cell[data-label="${expected.pick}"]`).click();
      assert.match(await exhibit.locator(".cell-info").innerText(), new RegExp(`^${expected.pick} \\(cell \\d+`));
    }

    // The side panels: facts, a readable card and face-down ones, the teams.
    const oceans = page.getByTestId("exhibit-oceans");
    assert.match(await oceans.locator(".player[data-seat='0']").innerText(), /coins: 8/);
    assert.deepEqual(await oceans.locator(".player[data-seat='0'] .card").allTextContents(), ["SUBMARINE NW12"]);
    assert.equal(await oceans.locator(".player[data-seat='2'] .card.face-down").innerText(), "2 face-down cards");
    assert.equal(await oceans.locator(".player[data-seat='0'] .allies").innerText(), "allied with West");
    assert.equal(await oceans.locator(".player[data-seat='2'] .allies").count(), 0, "South plays alone");
    // Cells that changed in play: owners' numbers as badges, a word.
    const trihex = page.getByTestId("exhibit-trihex");
    assert.equal(await trihex.locator(".attr-value").count(), 6);
    assert.equal(await trihex.locator("text.attr-tag").textContent(), "disputed");

    // The maze zooms: the board grows past its box, which scrolls.
    const maze = page.getByTestId("exhibit-maze");
    for (let i = 0; i < 3; i++) await maze.locator("button.zoom-in").click();
    const scroll = maze.getByTestId("board");
    assert.ok(await scroll.evaluate((box) => box.scrollWidth > box.clientWidth * 2), "zoomed in three times, the maze is wider than its box");
    await scroll.screenshot({ path: join(shots, `gallery-maze-${device}-zoomed.png`) });
    await page.context().close();
  });
}
