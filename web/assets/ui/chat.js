// Table chat: the lines of the viewer's channel (players with players,
// spectators with spectators), a box to say something, and muting a
// player, which hides their lines in this browser and is remembered
// there. A line is the player's own words: it is shown as text, never as
// markup. The panel stays in the page, so what is typed outlasts renders.

import { h } from "./dom.js";
import { pref, setPref } from "./prefs.js";

/** The longest line the server takes (protocol::CHAT_MAX_CHARS). */
export const CHAT_MAX_CHARS = 280;

function mutedIds() {
  try {
    return new Set(JSON.parse(pref("muted", "[]")));
  } catch {
    return new Set();
  }
}

function saveMuted(ids) {
  setPref("muted", JSON.stringify([...ids]));
}

/** A chat panel whose lines are said with `say(text)`; `update` draws it again. */
export function chatPanel({ say }) {
  const title = h("h2", {}, "Chat");
  const lines = h("ol", { class: "chat-lines", "data-testid": "chat-lines", "aria-live": "polite", "aria-label": "Chat messages" });
  const input = h("input", { type: "text", id: "chat-input", maxlength: String(CHAT_MAX_CHARS), autocomplete: "off", placeholder: "Say something…" });
  const form = h("form", {
    class: "chat-form",
    onsubmit: (e) => {
      e.preventDefault();
      const text = input.value.trim();
      if (!text) return;
      say(text);
      input.value = "";
    },
  }, h("label", { for: "chat-input", class: "visually-hidden" }, "Chat message"), input, h("button", { type: "submit" }, "Send"));
  const quiet = h("p", { class: "muted", hidden: true }, "The host has spectators watch in silence.");
  const mutedNote = h("p", { class: "muted chat-muted", hidden: true });
  const element = h("section", { class: "chat", "data-testid": "chat", "aria-label": "Chat" }, title, lines, mutedNote, form, quiet);
  let drawn = "";

  /**
   * Draws `all` (the viewer's channel, oldest first) for `me` (a player
   * id, or null), as a player or a spectator; `canSay` is false where the
   * host keeps spectators quiet.
   */
  function update(all, { me, spectator, canSay }) {
    title.textContent = spectator ? "Spectators' chat" : "Chat";
    form.hidden = !canSay;
    quiet.hidden = canSay;
    const muted = mutedIds();
    const shown = all.filter((line) => !muted.has(line.player.id));
    // Drawn again only when something changed, so that a reader's scroll stays.
    const key = `${shown.map((l) => l.n).join(",")}|${[...muted].join(",")}|${me}`;
    if (key !== drawn) {
      drawn = key;
      const follow = lines.scrollHeight - lines.scrollTop - lines.clientHeight < 24;
      lines.replaceChildren(...(shown.length
        ? shown.map((line) => h("li", { "data-n": line.n },
            h("strong", { class: "chat-name" }, line.player.name),
            ": ",
            h("span", { class: "chat-text" }, line.text),
            line.player.id !== me && !line.player.bot
              ? h("button", { type: "button", class: "chat-mute", title: `Hide what ${line.player.name} says`, onclick: () => mute(line.player, true) }, "mute")
              : null))
        : [h("li", { class: "muted" }, spectator ? "Nothing said among spectators yet." : "Nothing said yet.")]));
      if (follow) lines.scrollTop = lines.scrollHeight;
    }
    const names = new Map(all.filter((line) => muted.has(line.player.id)).map((line) => [line.player.id, line.player]));
    mutedNote.hidden = names.size === 0;
    mutedNote.replaceChildren(...(names.size
      ? ["Muted: ", ...[...names.values()].flatMap((player, i) => [i ? ", " : "", player.name, " ",
          h("button", { type: "button", class: "chat-mute", onclick: () => mute(player, false) }, "unmute")])]
      : []));
    lastUpdate = [all, { me, spectator, canSay }];
  }

  let lastUpdate = null;
  function mute(player, on) {
    const ids = mutedIds();
    if (on) ids.add(player.id);
    else ids.delete(player.id);
    saveMuted(ids);
    if (lastUpdate) update(...lastUpdate);
  }

  return { element, update };
}
