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

// Deadline notifications (Web Push): the server sends one message per card and deadline,
// encrypted for this browser; the browser decrypts it and hands this worker the notice
// {title, body, board, card, deadline, url, overdue}. A push must always show a notification
// (Safari revokes the subscription of a worker that stays silent), so an unreadable one still does.
self.addEventListener("push", (event) => {
  let notice;
  try {
    notice = event.data ? event.data.json() : null;
  } catch {
    notice = null;
  }
  const title = notice?.title ?? "A card is due";
  event.waitUntil(
    self.registration.showNotification(title, {
      body: notice?.body ?? "",
      // One notification per card and deadline, even if a message came twice.
      tag: notice ? `${notice.board}/${notice.card}/${notice.deadline}` : undefined,
      requireInteraction: notice?.overdue === true,
      data: notice ?? {},
    }),
  );
});

/** Whether two paths name the same page: the server and the browser may escape a board's name differently. */
function samePath(one, other) {
  const plain = (path) => {
    try {
      return decodeURIComponent(path);
    } catch {
      return path;
    }
  };
  return plain(one) === plain(other);
}

// Tapping it opens the board at the card: a window already on that board is focused and told
// which card ({type: "openCard", card}); otherwise a new one opens at /boards/NAME#card=ID.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const notice = event.notification.data ?? {};
  const target = new URL(typeof notice.url === "string" ? notice.url : "/", self.location.origin);
  // Only this server's own pages: a notice names a path, never another site.
  if (target.origin !== self.location.origin) return;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => samePath(new URL(client.url).pathname, target.pathname));
      if (open) {
        open.postMessage({ type: "openCard", card: notice.card });
        return open.focus();
      }
      return self.clients.openWindow(target.href);
    }),
  );
});
