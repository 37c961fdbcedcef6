// The move list, live and in replays: turns in numbered rows (two seats
// share a row, more seats take a row each; play/moves.js numbers them, so
// the live list and the replay agree), each turn a button that looks at the
// board after it. It follows play: the latest turn stays in view unless the
// player scrolled away, and then a button brings it back.

import { h } from "./dom.js";
import { rows } from "../play/moves.js";

/** How near the bottom (in pixels) still counts as following play. */
const NEAR_BOTTOM = 24;

/**
 * A move list whose turns call `onPick(turn)` when clicked. `update` draws
 * it again; the element stays the same, so its scroll survives.
 */
export function moveList({ onPick, title = "Moves" }) {
  const list = h("ol", { class: "move-list", "data-testid": "move-list" });
  const empty = h("p", { class: "muted" }, "No moves yet.");
  const scroller = h("div", { class: "move-scroll", "data-testid": "move-scroll" }, empty);
  const jump = h("button", { type: "button", class: "jump-latest", "data-testid": "jump-latest", hidden: true, onclick: () => toLatest() }, "Jump to latest ↓");
  const element = h("section", { class: "moves", "aria-label": title }, h("h2", {}, title), scroller, jump);
  let follow = true;

  const nearBottom = () => scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight <= NEAR_BOTTOM;
  scroller.addEventListener("scroll", () => {
    follow = nearBottom();
    jump.hidden = follow;
  });

  function toLatest() {
    follow = true;
    jump.hidden = true;
    scroller.scrollTop = scroller.scrollHeight;
  }

  /**
   * Draws `turns` (from play/moves.js) for a table of `seatCount` seats.
   * `current` is the seq of the turn looked at (null: the latest);
   * `colour(seat)` gives a seat's dot where rows hold one seat each.
   */
  function update(turns, { seatCount, current = null, colour = null }) {
    if (!turns.length) {
      if (scroller.firstChild !== empty) scroller.replaceChildren(empty);
      return;
    }
    const last = turns[turns.length - 1];
    list.classList.toggle("one-per-row", seatCount !== 2);
    list.replaceChildren(...rows(turns, seatCount).map((row) =>
      h("li", {},
        h("span", { class: `move-number${row.number === null ? " label" : ""}` }, row.number === null ? row.label : `${row.number}.`),
        row.cells.map((cell) => h("button", {
          type: "button",
          class: `move${cell === last ? " last" : ""}${cell.seq === current ? " current" : ""}`,
          "data-seq": cell.seq,
          "data-turn": cell.turn ?? "",
          "aria-current": cell.seq === current ? "step" : null,
          title: cell.detail ? `${cell.detail} (look at the board after it)` : "Look at the board after this move",
          onclick: () => onPick(cell),
        }, colour && Number.isInteger(cell.seat) && seatCount > 2 ? colour(cell.seat) : null, cell.text)))));
    if (scroller.firstChild !== list) scroller.replaceChildren(list);
    if (current !== null) {
      reveal(list.querySelector(".move.current"));
    } else if (follow) {
      scroller.scrollTop = scroller.scrollHeight;
    } else {
      jump.hidden = false;
    }
  }

  /** Scrolls the list (not the page) just enough to show `item`. */
  function reveal(item) {
    if (!item) return;
    const top = item.offsetTop;
    const bottom = top + item.offsetHeight;
    if (top < scroller.scrollTop) scroller.scrollTop = top;
    else if (bottom > scroller.scrollTop + scroller.clientHeight) scroller.scrollTop = bottom - scroller.clientHeight;
  }

  return { element, update, toLatest };
}
