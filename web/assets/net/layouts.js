// Boards by address. A table's snapshot names its board's layout
// (`layout_url`, docs/protocol.md) instead of carrying it, since a large
// board passes a frame's size; each is fetched once and kept for the life
// of the page, so a new snapshot of the same table keeps its board.

import { api } from "./api.js";

const loaded = new Map(); // url -> layout
const loading = new Map(); // url -> Promise<layout>

/** The layout at `url` if it is already here, else null. */
export function knownLayout(url) {
  return loaded.get(url) ?? null;
}

/** The layout at `url`, fetched once. */
export function loadLayout(url) {
  if (loaded.has(url)) return Promise.resolve(loaded.get(url));
  if (!loading.has(url)) {
    const fetching = api.layout(url).then(
      (layout) => {
        loaded.set(url, layout);
        loading.delete(url);
        return layout;
      },
      (error) => {
        loading.delete(url);
        throw error;
      },
    );
    loading.set(url, fetching);
  }
  return loading.get(url);
}
