// Choosing an action by clicks, knowing no rules.
//
// Every legal action comes with the clicks that choose it: board cells
// ({cell: id}) and named choices ({choice: "end turn"}), and perhaps other
// orders of them (`other_clicks`). No sequence is a prefix of another. The rule (docs/protocol.md, "Choosing actions by
// clicks"): the candidates are the actions whose clicks start with what was
// clicked; an action whose clicks were all clicked is played; a single
// remaining candidate is played once at least two clicks were made;
// otherwise the next possible cells and choices are offered.

export function sameClick(a, b) {
  return ("cell" in a && "cell" in b && a.cell === b.cell) || ("choice" in a && "choice" in b && a.choice === b.choice);
}

function startsWith(sequence, prefix) {
  return prefix.length <= sequence.length && prefix.every((click, i) => sameClick(click, sequence[i]));
}

/** Every click sequence that chooses `action`: the usual one, then other orders. */
function sequences(action) {
  return [action.clicks, ...(action.other_clicks ?? [])];
}

/** The click sequences that start with `clicks`. */
function matching(action, clicks) {
  return sequences(action).filter((sequence) => startsWith(sequence, clicks));
}

/** The legal actions still possible after `clicks`. */
export function candidates(legal, clicks) {
  return legal.filter((action) => matching(action, clicks).length > 0);
}

/** The cells and choices that may be clicked next. */
export function nextOptions(legal, clicks) {
  const cells = new Set();
  const choices = [];
  for (const action of legal) {
    for (const sequence of matching(action, clicks)) {
      const next = sequence[clicks.length];
      if (!next) continue;
      if ("cell" in next) cells.add(next.cell);
      else if (!choices.includes(next.choice)) choices.push(next.choice);
    }
  }
  return { cells, choices };
}

/** The action the clicks decide, if any. */
export function decided(legal, clicks) {
  const left = candidates(legal, clicks);
  const exact = left.find((action) => matching(action, clicks).some((sequence) => sequence.length === clicks.length));
  if (exact) return exact;
  if (left.length === 1 && clicks.length >= 2) return left[0];
  return null;
}

/**
 * The cells the action would pass through that a click on `cell` would
 * play now, for the board to show before the click; [] when that click
 * would not play an action or the action shows no path.
 */
export function pathTo(legal, clicks, cell) {
  return click(legal, clicks, { cell }).action?.path ?? [];
}

/**
 * One more click. Returns the new clicks and, when they decide an action,
 * that action (the clicks then start over). A click that fits nothing
 * starts over from itself, or clears everything if it starts nothing.
 */
export function click(legal, clicks, next) {
  let tried = [...clicks, next];
  if (candidates(legal, tried).length === 0) {
    tried = candidates(legal, [next]).length > 0 ? [next] : [];
  }
  const action = tried.length > 0 ? decided(legal, tried) : null;
  return action ? { clicks: [], action } : { clicks: tried, action: null };
}
