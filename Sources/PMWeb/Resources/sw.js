// The service worker: keeps the board page and its modules so that a reload while offline still
// opens the board (the cards themselves are in IndexedDB, and changes made offline wait in its
// outbox). It is served from /sw.js so that its scope is the whole site.
//
// Network first, cache as the fallback: online, the page is always the server's newest (the
// server answers `no-cache` with ETags, so this costs a revalidation); offline, the last copy.
// The sync API (/v1/) is never cached: its answers belong in IndexedDB, not here.

const CACHE = "pm-web-v1"; // app.js caches the board page under the same name

// The board page loads every module as one file (the server combines js/). The manifest and the
// icons are kept too, so an installed board opened offline still has its name and icon.
const ASSETS = [
  "/static/css/board.css",
  "/static/js/board.combined.js",
  "/manifest.webmanifest",
  "/static/icons/icon-192.png",
  "/static/icons/icon-512.png",
  "/static/icons/apple-touch-icon.png",
];

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(ASSETS))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

/** Whether a request is one this worker keeps: the board pages, the static files, the manifest. */
function kept(url) {
  return (
    url.origin === self.location.origin &&
    (url.pathname.startsWith("/boards/") || url.pathname.startsWith("/static/") || url.pathname === "/manifest.webmanifest")
  );
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || !kept(url)) return;
  event.respondWith(
    fetch(request)
      .then((response) => {
        // A redirect (signed out) or an error page is not the board: keep the last good copy.
        if (response.ok && !response.redirected && response.type === "basic") {
          const copy = response.clone();
          caches.open(CACHE).then((cache) => cache.put(request, copy));
        }
        return response;
      })
      .catch(() =>
        caches.match(request, { ignoreSearch: true }).then((cached) => cached ?? Response.error()),
      ),
  );
});
