// A board on screen, drawn from any layout: the fixed board once, then each
// view's pieces, cell attributes, last move, the cells the player may click
// next, and the path an action would take (a preview). The board is turned
// for its viewer by moving points, never by rotating the drawing, so every
// text stays upright. It knows no rules: it draws what it is given and
// reports clicks, drags and the cell under the pointer. It can be played
// from the keyboard too: Tab reaches it, the arrow keys go from cell to
// cell as they lie on screen, Enter or Space clicks, and each cell names
// what stands on it for a screen reader.

import { clear, s } from "../ui/dom.js";
import { placeLayout } from "./placement.js";
import { background, cellNames, points, texts, tiles } from "./surface.js";
import { links, sides } from "./edges.js";
import { markers, outlines, ownedPoints, tints } from "./areas.js";
import { attributeNotes, hints, lastMoves, ownerWashes, pathLine } from "./overlays.js";
import { drawStack, kindLooks, pieceName } from "./pieces.js";
import { describeCell } from "./describe.js";
import { neighbour } from "./arrows.js";
import { outline, round } from "./draw.js";

/** What a hit area is: one per cell, its data-cell the cell's id. */
const CELL_SELECTOR = ".cell[data-cell]";

/** The board cell under a point of the page, or null. */
export function cellAt(x, y) {
  const hit = document.elementFromPoint(x, y)?.closest?.(CELL_SELECTOR);
  return hit ? Number(hit.getAttribute("data-cell")) : null;
}

/**
 * `turn` is how many degrees clockwise the board is turned (the viewer's
 * seat's `turn`). `onCell(id)` is called for a click on a cell; `onDrop(from,
 * to)` when a press on cell `from` is released over another cell `to` (a
 * drag), which the page treats as the two clicks. `onHover(id)` is called
 * as the pointer comes onto a cell, and with null as it leaves the cells;
 * `hovered()` is the cell under the pointer now, or null.
 */
export function createBoard(layout, { turn = 0, onCell = null, onDrop = null, onHover = null } = {}) {
  const placed = placeLayout(layout, turn);
  const looks = kindLooks(layout);
  const box = placed.view;
  const svg = s("svg", {
    viewBox: [box.minX, box.minY, box.maxX - box.minX, box.maxY - box.minY].map(round).join(" "),
    class: `board surface-${placed.surface}`,
    role: onCell ? "group" : "img",
    "aria-label": onCell ? "Board: move between cells with the arrow keys, choose with Enter" : "Board",
    "data-turn": turn,
  });
  const washes = s("g", { class: "attr-washes" });
  const marks = s("g", { class: "marks" });
  const pieces = s("g", { class: "pieces" });
  const notes = s("g", { class: "attr-notes" });
  const hinted = s("g", { class: "hints" });
  const previewed = s("g", { class: "preview" });
  const named = s("g", { class: "named" });
  const hits = hitAreas(placed, { onCell, onDrop });
  const drawn = [
    ...[background(placed)].filter(Boolean),
    tiles(placed),
    tints(placed, layout),
    washes,
    links(placed, layout.edges),
    points(placed, ownedPoints(placed, layout)),
    marks,
    sides(placed, layout.edges),
    outlines(placed, layout),
    texts(placed),
    named,
    markers(placed, layout),
    pieces,
    notes,
    hinted,
    previewed,
  ];
  // Only the cells speak: what is drawn is said by each cell's name.
  for (const layer of drawn) layer.setAttribute("aria-hidden", "true");
  svg.append(...drawn, hits.group);
  let hovered = null;
  const cellOf = (element) => {
    const id = element?.closest?.(CELL_SELECTOR)?.getAttribute("data-cell");
    return id === undefined || id === null ? null : Number(id);
  };
  hits.group.addEventListener("pointerover", (e) => {
    hovered = cellOf(e.target);
    if (onHover && hovered !== null) onHover(hovered);
  });
  hits.group.addEventListener("pointerout", (e) => {
    if (cellOf(e.relatedTarget) !== null) return;
    hovered = null;
    onHover?.(null);
  });
  if (onDrop) {
    svg.classList.add("draggable");
    svg.addEventListener("pointerup", (e) => {
      const from = hits.release();
      const to = cellAt(e.clientX, e.clientY);
      if (from !== null && to !== null && to !== from) onDrop(from, to);
    });
  }
  if (onCell) svg.classList.add("interactive");

  function update(view, { selected = [], targets = new Set(), marked = view?.marks ?? [] } = {}) {
    for (const layer of [washes, marks, pieces, notes, hinted, previewed]) clear(layer);
    const attributes = view?.attributes ?? [];
    washes.append(...ownerWashes(placed, attributes, layout.seats));
    marks.append(...lastMoves(placed, marked));
    const occupied = new Set();
    for (const stack of view?.stacks ?? []) {
      const cell = placed.cells[stack.cell];
      if (!cell) continue;
      occupied.add(stack.cell);
      const group = drawStack(stack.pieces, cell.x, cell.y, cell.radius * 0.78, layout.seats, looks);
      group.setAttribute("data-stack", cell.label);
      group.setAttribute("data-height", stack.pieces.length);
      pieces.append(group);
    }
    notes.append(...attributeNotes(placed, attributes, layout.seats));
    hinted.append(...hints(placed, selected, targets, occupied));
    const names = new Map();
    const stacks = new Map();
    for (const stack of view?.stacks ?? []) {
      stacks.set(stack.cell, stack.pieces);
      const name = pieceName(stack.pieces[stack.pieces.length - 1], layout.seats, looks);
      if (name) names.set(stack.cell, name);
    }
    for (const hit of hits.group.children) {
      const id = Number(hit.getAttribute("data-cell"));
      const can = targets.has(id) || selected.includes(id);
      hit.classList.toggle("can", can);
      // For tests and tools: a cell that carries the choice on. A cell
      // clicked already for it is offered too, but may start nothing
      // when clicked again (a square a jump passed through): the clicks
      // are then cleared with no action sent.
      hit.toggleAttribute("data-target", targets.has(id));
      // The hit area is what the pointer rests on, so it names the piece too.
      const label = placed.cells[id]?.label ?? "";
      // Written only when changed: a maze has 1,296 cells, drawn again after every event.
      const title = names.has(id) ? `${label} · ${names.get(id)}` : label;
      if (hit.firstChild.textContent !== title) hit.firstChild.textContent = title;
      if (onCell) {
        const said = describeCell(label, stacks.get(id), layout.seats, looks, { target: targets.has(id), selected: selected.includes(id) });
        if (hit.getAttribute("aria-label") !== said) hit.setAttribute("aria-label", said);
      }
    }
    if (onCell) hits.settle(targets);
  }

  /** Shows the cells an action would pass through, in order, or nothing for []. */
  function preview(path, seat) {
    clear(previewed);
    if (path.length > 1) previewed.append(pathLine(placed, path, layout.seats[seat]?.colour));
  }

  /** Writes every cell's name on it (or takes the names away). */
  function showNames(on) {
    clear(named);
    if (on) named.append(cellNames(placed));
  }

  return { element: svg, update, preview, showNames, hovered: () => hovered };
}

/**
 * One transparent hit area per cell, its real shape (a circle round a
 * point), named in a title. A press on one is remembered until `release()`,
 * so that a press ending over another cell is a drag.
 */
function hitAreas(placed, { onCell, onDrop }) {
  const group = s("g", { class: "hits" });
  let pressed = null;
  // The one cell Tab reaches (a roving tab stop); the arrow keys move it.
  let stop = null;
  for (const cell of placed.cells) {
    const hit = outline(cell, cell.corners ? 1 : 0.9, { class: "cell", "data-cell": cell.id, "data-label": cell.label });
    const title = s("title");
    title.textContent = cell.label;
    hit.append(title);
    if (onCell) {
      hit.setAttribute("role", "button");
      hit.setAttribute("tabindex", "-1");
      hit.addEventListener("click", () => onCell(cell.id));
      hit.addEventListener("focus", () => moveStop(cell.id));
    }
    if (onDrop) hit.addEventListener("pointerdown", () => (pressed = cell.id));
    group.append(hit);
  }
  const hitOf = (id) => group.children[id];
  function moveStop(id) {
    if (stop === id) return;
    if (stop !== null) hitOf(stop)?.setAttribute("tabindex", "-1");
    stop = id;
    hitOf(id)?.setAttribute("tabindex", "0");
  }
  /** Where Tab lands: the cell it was on, else the first cell that may be clicked, else the first. */
  function settle(targets) {
    if (stop !== null) return;
    const first = [...targets][0] ?? placed.cells[0]?.id ?? null;
    if (first !== null) moveStop(first);
  }
  if (onCell) {
    group.addEventListener("keydown", (e) => {
      const from = Number(e.target.closest?.(CELL_SELECTOR)?.getAttribute("data-cell"));
      if (!Number.isInteger(from)) return;
      if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        onCell(from);
        // The board is drawn again after a click; the focus stays on the cell.
        hitOf(from)?.focus();
        return;
      }
      const next = neighbour(placed, from, e.key);
      if (next === undefined) return;
      e.preventDefault();
      if (next !== null) {
        moveStop(next);
        hitOf(next)?.focus();
      }
    });
  }
  const release = () => {
    const from = pressed;
    pressed = null;
    return from;
  };
  return { group, release, settle };
}
