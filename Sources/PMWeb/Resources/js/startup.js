// What the page does around the board: learn who is signed in, install the service worker and
// keep the page for offline reloads, and roll the day over at midnight.

import { localToday, untilMidnight } from "./changes.js";

/** The cache the service worker serves the page from when offline (sw.js uses the same name). */
export const CACHE = "pm-web-v1";

/** Asks who we are; signed out goes to sign-in. Offline, the board opens from what it holds. */
export async function signedIn() {
  try {
    const response = await fetch("/v1/session", { credentials: "same-origin" });
    if (response.status === 401) {
      location.assign(`/?next=${encodeURIComponent(location.pathname)}`);
      return false;
    }
    if (response.ok) {
      const session = await response.json();
      document.getElementById("signout").title = `Signed in as ${session.user}`;
    }
  } catch {
    // No network: the board still opens from IndexedDB, and syncs when the server is back.
  }
  return true;
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

/** The day rolls over at local midnight without a reload: deadlines turn overdue on time. */
export function scheduleMidnight(current, change) {
  const roll = () => {
    const today = localToday(new Date());
    if (today !== current()) change(today);
  };
  const wait = () =>
    setTimeout(() => {
      roll();
      wait();
    }, untilMidnight(new Date()) + 500);
  wait();
  // A sleeping laptop misses timers: check again whenever the page is shown.
  document.addEventListener("visibilitychange", roll);
}

