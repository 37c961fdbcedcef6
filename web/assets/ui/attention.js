// Telling a player what needs them while they look elsewhere: a short
// sound for each move and another when it becomes their turn, "● Your
// turn" in the tab's title, a browser notification while the tab is hidden
// (once they allowed it), and a warning as their clock runs low. Sound and
// notifications are the player's choice, remembered in this browser.

import { pref, setPref } from "./prefs.js";

/** The tones of each sound: [frequency in Hz, start and length in seconds]. */
const TONES = {
  move: [[660, 0, 0.07]],
  turn: [[523, 0, 0.09], [784, 0.1, 0.14]],
  low: [[880, 0, 0.06], [880, 0.12, 0.06]],
  end: [[784, 0, 0.1], [659, 0.12, 0.1], [523, 0.24, 0.18]],
};

/** Whether sounds play (on unless the player muted them). */
export function soundOn() {
  return pref("sound") !== "off";
}

export function setSound(on) {
  setPref("sound", on ? "on" : "off");
}

/** Whether notifications may be shown: asked for, and allowed by the browser. */
export function notifyOn() {
  return pref("notify") === "on" && typeof Notification !== "undefined" && Notification.permission === "granted";
}

/** Turns notifications on (asking the browser's permission) or off; resolves to whether they are on. */
export async function setNotify(on) {
  if (!on || typeof Notification === "undefined") {
    setPref("notify", "off");
    return false;
  }
  const permission = Notification.permission === "default" ? await Notification.requestPermission() : Notification.permission;
  setPref("notify", permission === "granted" ? "on" : "off");
  return permission === "granted";
}

let audio = null;

/**
 * Plays `kind` ("move", "turn", "low", "end") unless muted. Browsers let a
 * page make sound only after the player has touched it, so before that
 * nothing is heard. Returns whether it was played.
 */
export function play(kind) {
  if (!soundOn() || !TONES[kind]) return false;
  try {
    audio ??= new AudioContext();
    if (audio.state === "suspended") audio.resume().catch(() => {});
    const start = audio.currentTime + 0.01;
    for (const [frequency, at, length] of TONES[kind]) {
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.type = "sine";
      tone.frequency.value = frequency;
      // A soft start and end, so the tone does not click.
      gain.gain.setValueAtTime(0, start + at);
      gain.gain.linearRampToValueAtTime(0.18, start + at + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.001, start + at + length);
      tone.connect(gain).connect(audio.destination);
      tone.start(start + at);
      tone.stop(start + at + length + 0.02);
    }
    return true;
  } catch {
    return false;
  }
}

/** Puts "● Your turn" before the page's title, or takes it away. */
export function markTitle(yourTurn, base = "Tactica") {
  const title = yourTurn ? `● Your turn · ${base}` : base;
  if (document.title !== title) document.title = title;
}

/** Shows a notification while the tab is hidden, if the player asked for them. */
export function notify(title, body, tag) {
  if (!document.hidden || !notifyOn()) return;
  try {
    const shown = new Notification(title, { body, tag, renotify: true });
    shown.onclick = () => {
      window.focus();
      shown.close();
    };
  } catch {
    // Some browsers show notifications only from a service worker.
  }
}

/** Clock thresholds (milliseconds) at which a player's own clock warns once. */
export const LOW_TIME_MS = [20000, 10000];
