// Signing out forgets the board in this browser (signout.js): over fakes of IndexedDB, the
// service worker's cache and push manager, and localStorage.

import assert from "node:assert/strict";
import { test } from "node:test";
import { forgetBoards } from "../../Sources/PMWeb/Resources/js/signout.js";

test("Given a board notified in this browser, when signing out, then its databases, cache and push subscription all go", async () => {
  const done = { deleted: [], cachesDeleted: [], unsubscribed: 0 };
  const indexedDB = {
    databases: async () => [{ name: "pm-board:team" }, { name: "other" }],
    deleteDatabase: (name) => {
      done.deleted.push(name);
      const request = {};
      setTimeout(() => request.onsuccess());
      return request;
    },
  };
  const caches = { delete: async (name) => done.cachesDeleted.push(name) };
  const storage = Object.assign(Object.create({ removeItem(key) { delete this[key]; } }), {
    "pm.copy:team": "1",
    "pm.notify:team": "https://push.example/1",
    "pm.doneCollapsed": "true",
  });
  const subscription = { unsubscribe: async () => (done.unsubscribed += 1) };
  const serviceWorker = {
    getRegistration: async () => ({ pushManager: { getSubscription: async () => subscription } }),
  };

  await forgetBoards(null, { indexedDB, caches, storage, serviceWorker });

  assert.deepEqual(done.deleted, ["pm-board:team"]);
  assert.deepEqual(done.cachesDeleted, ["pm-web-v1"]);
  assert.equal(done.unsubscribed, 1);
  assert.deepEqual(Object.keys(storage), ["pm.doneCollapsed"]);
});
