// When the outbox is sent. Safari has no Background Sync, and an iPad suspends a page it does not
// show, so nothing sends changes unless the page does, at moments it is sure to be running: when
// the board starts (Sync.start), when the browser says it is online again, whenever the page is
// shown again (switched back to, an installed board brought to the front, a page restored from
// the back/forward cache), after another request to the server succeeded (Sync.reachable), and
// when "Sync now" is pressed. `navigator.onLine` is only a hint: it says true behind a dead
// Wi-Fi, so nothing here waits for it and nothing is skipped for it; the round's own request
// decides, and a failed one retries with the backoff.

/** The moments the page asks for a round by itself, beside the start and a local change. */
export const FLUSH_TRIGGERS = ["online", "shown", "restored", "sync-now"];

/**
 * Whether `trigger` should send the outbox now: every trigger does, except a visibilitychange
 * that hides the page (the same event fires both ways; a hidden iPad page may be frozen at once).
 */
export function flushWanted(trigger, visibilityState) {
  if (!FLUSH_TRIGGERS.includes(trigger)) return false;
  return trigger !== "shown" || visibilityState !== "hidden";
}

/**
 * Listens for the triggers on `window` and `document` and calls `request()` (Sync.request) for
 * each that wants a round; "Sync now" is the `#sync-now` button, when the page has one.
 */
export function wireFlush(window, document, request) {
  const ask = (trigger) => {
    if (flushWanted(trigger, document.visibilityState)) request(trigger);
  };
  window.addEventListener("online", () => ask("online"));
  document.addEventListener("visibilitychange", () => ask("shown"));
  // A page taken from the back/forward cache fires no visibilitychange on every browser.
  window.addEventListener("pageshow", (event) => event.persisted && ask("restored"));
  document.getElementById("sync-now")?.addEventListener("click", () => ask("sync-now"));
}
