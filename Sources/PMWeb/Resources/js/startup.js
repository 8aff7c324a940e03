// What the page does around the board: learn who is signed in, install the service worker and
// keep the page for offline reloads, and roll the day over at midnight.

import { localToday, untilMidnight } from "./today.js";
import { hasCopy } from "./store.js";

/** The cache the service worker serves the page from when offline (sw.js uses the same name). */
export const CACHE = "pm-web-v1";

/**
 * A browser without a copy of `board` asks for its snapshot at once, beside opening IndexedDB
 * and asking for the session, rather than after them: a promise of the snapshot's body, or of
 * `null` (a copy is held, or the request failed: the sync round then asks and reports why).
 */
export function earlySnapshot(board) {
  if (hasCopy(board)) return Promise.resolve(null);
  return fetch(`/v1/boards/${encodeURIComponent(board)}/projects`, { credentials: "same-origin" })
    .then((response) => (response.ok ? response.json() : null))
    .catch(() => null);
}

/**
 * Asks who we are: the signed-in user's name, or `null` when not known (offline, the board opens
 * from what it holds). Signed out goes to sign-in.
 */
export async function signedIn() {
  try {
    const response = await fetch("/v1/session", { credentials: "same-origin" });
    if (response.status === 401) {
      location.assign(`/?next=${encodeURIComponent(location.pathname)}`);
      return null;
    }
    if (response.ok) return (await response.json()).user ?? null;
  } catch {
    // No network: the board still opens from IndexedDB, and syncs when the server is back.
  }
  return null;
}

/** Installs the service worker and keeps this page in its cache. */
export function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register("/sw.js").catch(() => {});
  // The page itself was loaded before the worker ran, so it is kept here for offline reloads.
  caches
    ?.open(CACHE)
    .then((cache) => cache.add(location.pathname))
    .catch(() => {});
}

let registering = false;

/**
 * Installs the service worker once, when the page is next idle. Called once the board has shown
 * the server's cards (or the first round ended): the worker's install fetches every module
 * again, which would compete with the first draw.
 */
export function registerServiceWorkerLater() {
  if (registering) return;
  registering = true;
  (globalThis.requestIdleCallback ?? setTimeout)(() => registerServiceWorker());
}

/**
 * The day rolls over at local midnight without a reload: deadlines turn overdue on time. `now()`
 * is the page's clock (milliseconds since 1970).
 */
export function scheduleMidnight(current, change, now) {
  const roll = () => {
    const today = localToday(new Date(now()));
    if (today !== current()) change(today);
  };
  const wait = () =>
    setTimeout(() => {
      roll();
      wait();
    }, untilMidnight(new Date(now())) + 500);
  wait();
  // A sleeping laptop misses timers: check again whenever the page is shown.
  document.addEventListener("visibilitychange", roll);
}

