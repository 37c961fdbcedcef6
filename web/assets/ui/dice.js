// Dice a seat threw, drawn as dice with pips beside its name: the used
// ones faded, and a new throw tumbling for a moment so that every player
// notices it. The dice are the view's; this only draws them.

import { h, s } from "./dom.js";

/** Where a face's pips sit on a die of side 10, by face. */
const PIPS = {
  1: [[5, 5]],
  2: [[2.8, 2.8], [7.2, 7.2]],
  3: [[2.8, 2.8], [5, 5], [7.2, 7.2]],
  4: [[2.8, 2.8], [7.2, 2.8], [2.8, 7.2], [7.2, 7.2]],
  5: [[2.8, 2.8], [7.2, 2.8], [5, 5], [2.8, 7.2], [7.2, 7.2]],
  6: [[2.8, 2.5], [7.2, 2.5], [2.8, 5], [7.2, 5], [2.8, 7.5], [7.2, 7.5]],
};

/** How long a new throw tumbles, in milliseconds (as in style.css). */
const TUMBLE = 600;

/** Per key, the last throw drawn and when it first was: a throw tumbles
 * once, and a page drawn again mid-tumble carries the tumble on. */
const drawn = new Map();

/**
 * The dice of `roll` ({faces, used, number}), or null without one. `key`
 * names whose dice they are (a table and a seat): a throw whose number
 * differs from the last drawn for that key tumbles.
 */
export function dice(roll, key) {
  if (!roll?.faces?.length) return null;
  const now = performance.now();
  if (drawn.get(key)?.number !== roll.number) drawn.set(key, { number: roll.number, at: now });
  const since = now - drawn.get(key).at;
  const rolling = since < TUMBLE;
  const faces = roll.faces.join(" and ");
  return h("div", {
    class: `dice${rolling ? " rolling" : ""}`,
    style: rolling ? `--since: -${Math.round(since)}ms` : null,
    role: "img",
    "aria-label": `dice: ${faces}`,
    "data-faces": roll.faces.join("-"),
  },
    roll.faces.map((face, i) => die(face, roll.used?.[i])));
}

function die(face, used) {
  return s("svg", { class: `die${used ? " used" : ""}`, viewBox: "0 0 10 10", "data-face": face },
    s("rect", { x: 0.5, y: 0.5, width: 9, height: 9, rx: 2 }),
    ...(PIPS[face] ?? []).map(([cx, cy]) => s("circle", { cx, cy, r: 1 })));
}
