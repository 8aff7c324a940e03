// Signing out forgets the board in this browser: the next person at a shared computer finds no
// cards, history or queued changes of the last one, in IndexedDB or in the service worker's
// cache, and is sent none of the last one's deadline notifications. Changes are never lost by it
// unasked: unsent ones are sent first, and only when that fails (offline) does the page ask
// whether to sign out without them.

import { ask } from "./ask.js";
import { forgetNotifications } from "./notify.js";
import { CACHE } from "./startup.js";
import { copyKey } from "./store.js";

/** The question asked before signing out would drop `count` unsent changes. */
export function unsentQuestion(count) {
  const changes = count === 1 ? "1 change" : `${count} changes`;
  return `${changes} not sent yet will be lost — sign out anyway?`;
}

/**
 * Deletes every board this browser keeps (`pm-board:*` databases, and the hints that it has
 * them), the service worker's cache, and this browser's push subscription (notify.js). `store`,
 * the open one, is closed first: an open connection would hold the deletion up.
 */
export async function forgetBoards(
  store,
  {
    indexedDB = globalThis.indexedDB,
    caches = globalThis.caches,
    storage = globalThis.localStorage,
    serviceWorker = globalThis.navigator?.serviceWorker,
  } = {},
) {
  store?.close();
  await forgetNotifications({ serviceWorker, storage });
  for (const key of Object.keys(storage)) if (key.startsWith(copyKey(""))) storage.removeItem(key);
  const listed = indexedDB.databases ? await indexedDB.databases() : [];
  const names = new Set(listed.map((database) => database.name).filter((name) => name?.startsWith("pm-board:")));
  if (store) names.add(store.name);
  await Promise.all([...names].map((name) => deleted(indexedDB, name)));
  await caches?.delete(CACHE);
}

/** Resolves once database `name` is gone (or after a few seconds if another tab holds it open). */
function deleted(indexedDB, name) {
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => resolve();
    // Other tabs close their connection when told (store.js); one that does not must not keep
    // this person from signing out.
    request.onblocked = () => setTimeout(resolve, 3000);
  });
}

/**
 * Makes the Sign out form (`#signout`) forget the board before it posts. `current()` gives
 * `{ store, sync }` as they are now (either may still be opening).
 */
export function guardSignOut(document, current) {
  const form = document.getElementById("signout");
  let busy = false;
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (busy) return;
    busy = true;
    try {
      const { store, sync } = current();
      if (store && store.outbox.length > 0) await sync?.request();
      const unsent = store?.outbox.length ?? 0;
      if (unsent > 0) {
        const anyway = await ask(document, { question: unsentQuestion(unsent), yes: "Sign out anyway", no: "Cancel" });
        if (!anyway) return;
      }
      sync?.stop();
      await forgetBoards(store);
      // The form's own submit, which does not come back through this listener.
      form.submit();
    } finally {
      busy = false;
    }
  });
}
