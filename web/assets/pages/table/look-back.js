// Looking back during play: a turn of the move list shows the board after
// it while the match goes on (the latest turn is the live board). Stepped
// through with the arrow keys or a swipe; the live board comes back with
// End, Escape or the bar's button. The server's replay, as this viewer may
// see it, holds the view after each turn: it is read when the player first
// looks back, and read again only when asked for a newer turn.

import { h } from "../../ui/dom.js";
import { turns, withSeat } from "../../play/moves.js";
import { swipes } from "../../ui/swipe.js";
import { PHASE } from "../../net/phase.js";
import { seatName } from "./marks.js";

/** The replay steps of `table`, read as needed. */
function stepsOf(api, table, code) {
  let steps = [];
  let readAt = -1;
  let reading = null;
  return {
    /** The step showing the board after event `seq` (the last at or before it), the table being at event `latest`. */
    async at(seq, latest) {
      if (seq > readAt) {
        reading ??= api.replay(table, undefined, code).then((replay) => {
          steps = replay.steps;
          readAt = latest;
        }).finally(() => (reading = null));
        await reading;
      }
      let found = steps[0] ?? null;
      for (const step of steps) if (step.seq <= seq) found = step;
      return found;
    },
  };
}

/**
 * Looking back on the table page `page`, whose board sits in `boardWrap`
 * and whose move list is `moves`. `looking` is the seq of the turn shown
 * (null: the live board) and `step` its replay step once read.
 */
export function lookBackPart(page, { boardWrap, moves }) {
  const bar = h("div", { class: "look-back", "data-testid": "look-back", hidden: true, role: "region", "aria-label": "Looking back" });
  const state = { looking: null, step: null };
  let past = null;
  let readFor = null;

  async function lookAt(seq) {
    const t = page.t;
    const list = turns(t.events);
    if (seq === null || seq === undefined || seq >= (list[list.length - 1]?.seq ?? 0)) {
      state.looking = null;
      state.step = null;
      page.render();
      return;
    }
    state.looking = seq;
    // A new phase (the end, which shows what was hidden) reads the steps anew.
    if (!past || readFor !== `${t.table}:${t.phase}`) {
      past = stepsOf(page.ctx.api, t.table, t.code);
      readFor = `${t.table}:${t.phase}`;
    }
    try {
      const step = await past.at(seq, t.seq);
      if (state.looking !== seq) return;
      state.step = step;
    } catch (failure) {
      state.looking = null;
      page.tell(`That move cannot be shown: ${failure.message}`);
    }
    page.render();
  }

  /** Looks one turn back (-1) or on (+1) from the one shown. */
  function stepBy(delta) {
    const t = page.t;
    if (!t || t.phase === PHASE.lobby) return;
    const list = turns(t.events);
    if (!list.length) return;
    const at = state.looking === null ? list.length - 1 : list.findIndex((turn) => turn.seq === state.looking);
    const next = Math.max(0, Math.min(list.length - 1, at + delta));
    if (next !== at) lookAt(list[next].seq);
  }

  function draw() {
    const t = page.t;
    if (!state.step || state.looking === null) {
      bar.hidden = true;
      boardWrap.classList.remove("looking-back");
      return;
    }
    const list = turns(t.events);
    const index = list.findIndex((turn) => turn.seq === state.looking);
    const turn = list[index];
    const yourTurn = t.phase === PHASE.live && (t.legal?.length ?? 0) > 0;
    bar.hidden = false;
    boardWrap.classList.add("looking-back");
    bar.replaceChildren(
      h("button", { type: "button", title: "Back a move (←)", "aria-label": "Back a move", disabled: index <= 0, onclick: () => stepBy(-1) }, "◀"),
      h("span", { class: "look-text" },
        h("strong", {}, "Looking back: "),
        turn ? withSeat(Number.isInteger(turn.seat) ? seatName(t.layout, turn.seat) : null, turn.text) : "the start"),
      h("button", { type: "button", title: "On a move (→)", "aria-label": "On a move", onclick: () => stepBy(1) }, "▶"),
      h("button", { type: "button", class: yourTurn ? "primary" : "", "data-testid": "back-to-game", onclick: () => lookAt(null) },
        yourTurn ? "Your turn: back to the game" : "Back to the game"),
    );
  }

  const keys = (event) => {
    if (event.target.closest?.("input, select, textarea, .board") || event.altKey || event.ctrlKey || event.metaKey) return;
    const step = { ArrowLeft: -1, ArrowRight: 1 }[event.key];
    if (step) stepBy(step);
    else if ((event.key === "End" || event.key === "Escape") && state.looking !== null) lookAt(null);
    else return;
    event.preventDefault();
  };
  document.addEventListener("keydown", keys);
  // On a phone a swipe steps through the moves: across the move list
  // always, across the board while it shows an earlier turn.
  const stops = [swipes(moves.element, stepBy), swipes(boardWrap, (delta) => state.looking !== null && stepBy(delta))];
  const stop = () => {
    document.removeEventListener("keydown", keys);
    stops.forEach((off) => off());
  };

  return { bar, state, lookAt, draw, stop };
}
