// The player's choices kept in this browser (sound, notifications, cell
// names, muted players): read and written in one place, so that a browser
// that keeps nothing (private mode, storage blocked) only forgets them.

/** The stored value of `key`, or `fallback`. */
export function pref(key, fallback = null) {
  try {
    return localStorage.getItem(`tactica.${key}`) ?? fallback;
  } catch {
    return fallback;
  }
}

/** Keeps `value` (a string) under `key`. */
export function setPref(key, value) {
  try {
    localStorage.setItem(`tactica.${key}`, value);
  } catch {
    // Kept for this page only.
  }
}
