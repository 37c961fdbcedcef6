// The head of a table page: the game, its clock and visibility, where the
// table is in its life, whether the viewer is watching and how many do,
// and the invite link with its copy button; and, below the side panel,
// the viewer's own settings: sound, notifications, which side of the
// board is at the bottom.

import { h } from "../../ui/dom.js";
import { formatControl } from "../../ui/clock.js";
import { PHASE, phaseLabel } from "../../net/phase.js";
import { notifyOn, setNotify, setSound, soundOn } from "../../ui/attention.js";
import { pref, setPref } from "../../ui/prefs.js";

/** Whether every cell's name is written on the board (the viewer's choice). */
export function namesShown() {
  return pref("cell-names") === "on";
}

/** The head of the table page `page`; `draw()` builds it anew, `settings()` the viewer's settings. */
export function headerPart(page) {
  const { conn } = page;

  function invite(t) {
    // The operator's public address, where set: the host may have opened 127.0.0.1.
    const url = `${conn.publicUrl ?? location.origin}/t/${t.code}`;
    const input = h("input", { type: "text", id: "invite-link", readonly: true, value: url, "data-testid": "invite-link", onclick: (e) => e.target.select() });
    const copy = h("button", {
      type: "button",
      onclick: async () => {
        try {
          await navigator.clipboard.writeText(url);
          copy.textContent = "Copied";
        } catch {
          input.select();
          copy.textContent = "Press Ctrl+C";
        }
      },
    }, "Copy invite link");
    return h("div", { class: "invite" }, h("label", { for: "invite-link", class: "visually-hidden" }, "Invite link"), input, copy);
  }

  function settings() {
    const t = page.t;
    if (t.phase === PHASE.lobby) return null;
    const sound = h("button", {
      type: "button", class: "tool", "aria-pressed": String(soundOn()), "data-testid": "sound",
      title: "Sounds for moves, your turn and low time",
      onclick: () => { setSound(!soundOn()); page.render(); },
    }, soundOn() ? "Sound on" : "Sound off");
    const canNotify = typeof Notification !== "undefined" && page.heldSeats().length > 0;
    const notify = canNotify ? h("button", {
      type: "button", class: "tool", "aria-pressed": String(notifyOn()),
      title: "A notification when it is your turn while this tab is hidden",
      onclick: async () => { await setNotify(!notifyOn()); page.render(); },
    }, notifyOn() ? "Notifying" : "Notify me") : null;
    const flip = (t.layout?.seats.length ?? 0) > 1 ? h("button", {
      type: "button", class: "tool", "data-testid": "flip-board",
      title: "Turn the board to the next side",
      onclick: () => page.turnBoard(),
    }, "Turn the board") : null;
    const names = h("button", {
      type: "button", class: "tool", "aria-pressed": String(namesShown()), "data-testid": "cell-names",
      title: "Write every cell's name on the board (the name also shows when the pointer rests on a cell)",
      onclick: () => { setPref("cell-names", namesShown() ? "off" : "on"); page.render(); },
    }, "Cell names");
    return h("div", { class: "toolbar", role: "group", "aria-label": "Your settings" }, sound, notify, flip, names);
  }

  function draw() {
    const t = page.t;
    const watching = t.phase !== PHASE.lobby && !page.heldSeats().length;
    return h("div", { class: "table-head" },
      h("h1", {}, page.gameName()),
      h("span", { class: "muted" }, ` ${formatControl(t.clock)} · ${t.public ? "public" : "private"} · ${phaseLabel(t.phase)}`),
      watching ? h("span", { class: "watching", "data-testid": "watching" }, "You are watching") : null,
      t.spectators ? h("span", { class: "muted spectators", "data-testid": "spectators" }, `${t.spectators} watching`) : null,
      t.phase === PHASE.lobby || (t.phase === PHASE.live && page.heldSeats().length) ? invite(t) : null,
    );
  }

  return { draw, settings };
}
