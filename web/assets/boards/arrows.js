// Going from cell to cell with the arrow keys, as the cells lie on screen
// (after the board is turned for its viewer), on any board: squares,
// the dark squares of a draughts board, the points of a hexagonal board,
// a maze. No DOM here.

/** Screen directions of the arrow keys (y grows downwards). */
const ARROWS = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] };

/**
 * The cell the arrow `key` goes to from cell `from` of `placed` (cells with
 * their `id`, `x` and `y` on screen): the nearest cell within 45° of the
 * key's direction, the one most straight ahead among equals, then the one
 * turned clockwise (so that on a draughts board, where a square's nearest
 * neighbours are diagonal, → steps down-right, ↓ down-left, ← up-left and
 * ↑ up-right, and every square is reached). Null at the board's edge;
 * undefined for a key that is not an arrow.
 */
export function neighbour(placed, from, key) {
  const direction = ARROWS[key];
  if (!direction) return undefined;
  const here = placed.cells[from];
  const EPS = 1e-6;
  let best = null;
  let bestRank = null;
  for (const cell of placed.cells) {
    const dx = cell.x - here.x;
    const dy = cell.y - here.y;
    const ahead = dx * direction[0] + dy * direction[1];
    const aside = Math.abs(dx * direction[1] - dy * direction[0]);
    if (ahead <= EPS || aside > ahead + EPS) continue;
    // Clockwise on screen (y grows downwards) is a positive cross product.
    const rank = [Math.hypot(dx, dy), aside, -(direction[0] * dy - direction[1] * dx)];
    if (!bestRank || before(rank, bestRank)) {
      best = cell.id;
      bestRank = rank;
    }
  }
  return best;
}

/** Whether ranking `a` comes before `b`, each number compared with a small tolerance. */
function before(a, b) {
  for (let i = 0; i < a.length; i++) {
    if (a[i] < b[i] - 1e-6) return true;
    if (a[i] > b[i] + 1e-6) return false;
  }
  return false;
}

/** The arrow keys that go from cell `from` to cell `to`, fewest first (a breadth-first search), or null if none do. */
export function arrowPath(placed, from, to) {
  const came = new Map([[from, null]]);
  const queue = [from];
  while (queue.length) {
    const at = queue.shift();
    if (at === to) break;
    for (const key of Object.keys(ARROWS)) {
      const next = neighbour(placed, at, key);
      if (next === null || came.has(next)) continue;
      came.set(next, [at, key]);
      queue.push(next);
    }
  }
  if (!came.has(to)) return null;
  const keys = [];
  for (let at = to; came.get(at); at = came.get(at)[0]) keys.unshift(came.get(at)[1]);
  return keys;
}
