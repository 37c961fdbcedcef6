// The layout gallery (/dev/layouts): the boards of games still to come,
// each drawn by the one board renderer with a sample view beside its seat
// panels, turned for any seat, zoomable, with a click on a cell naming it.
// It shows that a new board shape needs a layout, not new client code.

import { h } from "../ui/dom.js";
import { createBoard } from "../boards/board.js";
import { allies, facts, hand } from "../ui/panel.js";
import { dice } from "../ui/dice.js";
import { announce, announcementBox } from "../ui/announcements.js";
import { zoomable } from "../ui/zoom.js";
import { seatOrder, turnFor } from "../play/seats.js";

export async function layoutsPage(ctx) {
  const exhibits = await ctx.api.devLayouts();
  ctx.main.append(
    h("div", { class: "gallery" },
      h("h1", {}, "Board layouts"),
      h("p", { class: "muted" }, "Boards of games still to come, drawn from their layouts with a sample position. Turn a board to any seat, zoom in, click a cell to name it."),
      exhibits.map(exhibit)),
  );
}

function exhibit({ id, title, layout, view }) {
  // The sample view is seat 0's, so the board starts turned for seat 0.
  let seat = 0;
  let picked = null;
  let board = null;
  const zoom = zoomable("board");
  const info = h("p", { class: "cell-info muted" }, "Click a cell to see its name.");
  const seatList = h("section", { class: "players" });
  const buttons = h("div", { class: "perspectives" });

  function draw() {
    board = createBoard(layout, { turn: turnFor(layout, seat), onCell: pick });
    board.update(view, { selected: picked === null ? [] : [picked] });
    zoom.box.replaceChildren(board.element);
    buttons.replaceChildren("See the board as: ",
      h("button", { type: "button", class: seat === null ? "on" : "", "data-seat": "none", onclick: () => show(null) }, "unturned"),
      ...layout.seats.map((style, n) =>
        h("button", { type: "button", class: seat === n ? "on" : "", "data-seat": n, onclick: () => show(n) },
          h("span", { class: "colour-dot", style: `background:${style.colour}` }), ` ${style.name}`)));
    seatList.replaceChildren(...seatOrder(layout.seats.length, seat ?? 0).map((n) => seatPanel(layout, view, n)));
  }

  function show(next) {
    seat = next;
    draw();
  }

  function pick(cell) {
    picked = picked === cell ? null : cell;
    board.update(view, { selected: picked === null ? [] : [picked] });
    info.replaceChildren(picked === null ? "Click a cell to see its name." : describe(layout, view, picked));
  }

  draw();
  return h("section", { class: "exhibit panel", "data-testid": `exhibit-${id}` },
    h("h2", {}, title),
    h("p", { class: "muted counts" }, summary(layout)),
    h("div", { class: "exhibit-tools" }, buttons, zoom.controls),
    h("div", { class: "table-grid" },
      zoom.box,
      h("aside", { class: "side" },
        h("section", { class: "status" },
          h("p", { class: "prompt" }, view.prompt),
          announcementsOf(view),
          (view.private ?? []).map((note) => h("p", { class: "private" }, note))),
        seatList,
        h("section", {}, info))),
  );
}

function announcementsOf(view) {
  const box = announcementBox();
  announce(box, view);
  return box;
}

function seatPanel(layout, view, seat) {
  const acting = (view.acting ?? []).includes(seat);
  return h("div", { class: `player${acting ? " acting" : ""}`, "data-seat": seat },
    h("div", { class: "player-line" },
      h("span", { class: "colour-dot", style: `background:${layout.seats[seat].colour}` }),
      h("strong", {}, layout.seats[seat].name),
      dice(view.seats?.[seat]?.roll, `exhibit:${layout.seats.length}:${seat}`),
      seat === 0 ? h("span", { class: "muted" }, " (the sample is seen as this seat)") : null),
    facts(view.seats?.[seat]),
    hand(view.seats?.[seat]),
    allies(view, seat, layout.seats));
}

/** "1,296 cells · 1,008 walls · 17 areas". */
function summary(layout) {
  const count = (n, word) => `${n.toLocaleString("en")} ${word}${n === 1 ? "" : "s"}`;
  const kinds = new Map();
  for (const [, , kind] of layout.edges ?? []) kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  const offBoard = layout.cells.filter((c) => c.off_board).length;
  return [
    count(layout.cells.length, "cell"),
    offBoard ? `${offBoard} beside the board` : null,
    ...[...kinds].map(([kind, n]) => count(n, { link: "link", wall: "wall", line: "line", double: "double line" }[kind] ?? kind)),
    count((layout.areas ?? []).length, "area"),
    count(layout.seats.length, "seat"),
  ].filter(Boolean).join(" · ");
}

/** A cell's name, id, areas, stack and attributes, in words. */
function describe(layout, view, id) {
  const cell = layout.cells[id];
  const areas = (layout.areas ?? []).filter((a) => a.cells.includes(id)).map((a) => a.name);
  const stack = view.stacks.find((st) => st.cell === id);
  const attribute = (view.attributes ?? []).find((a) => a.cell === id);
  const pieces = stack?.pieces.map((p) => `${layout.seats[p.owner]?.name ?? p.owner}${p.kind ? ` ${p.kind}` : ""}`).join(", ");
  return [
    `${cell.label} (cell ${id}${cell.off_board ? ", beside the board" : ""})`,
    ...areas,
    pieces ? `pieces: ${pieces}` : null,
    attribute?.owner !== undefined ? `held by ${layout.seats[attribute.owner]?.name}` : null,
    attribute?.value !== undefined ? `value ${attribute.value}` : null,
    attribute?.tag ? `“${attribute.tag}”` : null,
  ].filter(Boolean).join(" · ");
}
