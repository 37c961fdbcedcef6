// What the whole table must notice (a Squeeze Play waiting to be
// answered), as a banner over the board for as long as the view carries
// it. A new announcement flashes once; the page drawn again does not
// flash it again. Screen readers hear it through the live region, which
// stays in the page so that they notice what is added to it.

import { h } from "./dom.js";

/** Announcements already shown, so that each flashes only when new. */
const seen = new Set();

/** The live region that holds the announcements. */
export function announcementBox() {
  return h("div", { class: "announcements", role: "status", "aria-live": "polite", "data-testid": "announcements" });
}

/** Shows `view.announcements` in `box`, leaving it untouched when they are the same. */
export function announce(box, view) {
  const list = view?.announcements ?? [];
  const shown = [...box.children].map((p) => p.textContent);
  if (shown.length === list.length && shown.every((text, i) => text === list[i])) return;
  box.replaceChildren(...list.map((text) => {
    const fresh = !seen.has(text);
    seen.add(text);
    return h("p", { class: `announcement${fresh ? " fresh" : ""}` }, text);
  }));
}
