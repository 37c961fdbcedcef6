// Legal actions as the server sends them (docs/protocol.md, "Choosing
// actions by clicks"): per seat, each action once and the click sequences
// that choose it as a tree of [click, next] branches, where a click is a
// cell's number or a choice's name and next is an action's index or more
// branches. `expand` rebuilds the flat list the page narrows by clicks:
// [{seat, action, text, clicks, other_clicks, path}], clicks as {cell} or
// {choice}, path the cells the action passes through (often none).

/** The flat list of legal actions from their wire form. */
export function expand(moves) {
  const legal = [];
  for (const { seat, actions, clicks } of moves ?? []) {
    const found = actions.map(() => []);
    collect(clicks, [], found);
    actions.forEach(({ action, text, path = [] }, i) => {
      const [usual = [], ...others] = found[i];
      legal.push({ seat, action, text, clicks: usual, other_clicks: others, path });
    });
  }
  return legal;
}

function collect(branches, path, found) {
  for (const [click, next] of branches) {
    const step = [...path, typeof click === "number" ? { cell: click } : { choice: click }];
    if (Array.isArray(next)) collect(next, step, found);
    else found[next]?.push(step);
  }
}
