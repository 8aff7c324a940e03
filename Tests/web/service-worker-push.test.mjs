// The service worker's part of deadline notifications: sw.js run in a sandbox whose `self`
// records what the worker does, as a browser would call it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import vm from "node:vm";

const source = readFileSync(new URL("../../Sources/PMWeb/Resources/sw.js", import.meta.url), "utf8");

/** A worker at http://board.test with `windows` open; answers its listeners and what it did. */
function worker(windows = []) {
  const listeners = {};
  const done = { shown: [], opened: [], focused: [], messages: [] };
  const self = {
    location: new URL("http://board.test/sw.js"),
    addEventListener: (type, listener) => (listeners[type] = listener),
    registration: { showNotification: async (title, options) => done.shown.push({ title, options }) },
    clients: {
      matchAll: async () =>
        windows.map((url) => ({
          url,
          focus: async () => done.focused.push(url),
          postMessage: (message) => done.messages.push({ url, message }),
        })),
      openWindow: async (url) => done.opened.push(url),
    },
  };
  vm.runInNewContext(source, { self, caches: {}, fetch: () => {}, URL, Response: {} });
  return { listeners, done };
}

/** Calls `listener` with an event whose waitUntil is awaited. */
async function dispatch(listener, fields) {
  let pending = Promise.resolve();
  listener({ ...fields, waitUntil: (promise) => (pending = promise) });
  await pending;
}

const notice = {
  title: "보고서 제출",
  body: "Due today · TODO",
  board: "team",
  card: "00000000-0000-4000-8000-000000100002",
  deadline: "2026-12-14",
  url: "/boards/team#card=00000000-0000-4000-8000-000000100002",
  overdue: false,
};

test("a push shows the notice, one notification per card and deadline", async () => {
  const { listeners, done } = worker();
  await dispatch(listeners.push, { data: { json: () => notice } });
  assert.equal(done.shown.length, 1);
  assert.equal(done.shown[0].title, "보고서 제출");
  assert.equal(done.shown[0].options.body, "Due today · TODO");
  assert.equal(done.shown[0].options.tag, `team/${notice.card}/2026-12-14`);
  assert.deepEqual(done.shown[0].options.data, notice);
});

test("an unreadable push still shows a notification", async () => {
  const { listeners, done } = worker();
  await dispatch(listeners.push, { data: { json: () => JSON.parse("not json") } });
  assert.equal(done.shown.length, 1);
  assert.equal(done.shown[0].title, "A card is due");
});

test("tapping opens the board at the card", async () => {
  const { listeners, done } = worker();
  let closed = false;
  await dispatch(listeners.notificationclick, { notification: { data: notice, close: () => (closed = true) } });
  assert.ok(closed);
  assert.deepEqual(done.opened, [`http://board.test${notice.url}`]);
});

test("tapping focuses a window already on the board and names the card", async () => {
  const { listeners, done } = worker(["http://board.test/boards/team", "http://board.test/"]);
  await dispatch(listeners.notificationclick, { notification: { data: notice, close: () => {} } });
  assert.deepEqual(done.opened, []);
  assert.deepEqual(done.focused, ["http://board.test/boards/team"]);
  // (the worker's objects come from its own realm: compared as JSON)
  assert.deepEqual(JSON.parse(JSON.stringify(done.messages)), [
    { url: "http://board.test/boards/team", message: { type: "openCard", card: notice.card } },
  ]);
});

test("a notice naming another site opens nothing", async () => {
  const { listeners, done } = worker();
  const elsewhere = { ...notice, url: "https://evil.example/boards/team" };
  await dispatch(listeners.notificationclick, { notification: { data: elsewhere, close: () => {} } });
  assert.deepEqual(done.opened, []);
});

test("tapping finds the board's window however its name was escaped", async () => {
  const { listeners, done } = worker(["http://board.test/boards/Ada's%20plans"]);
  const named = { ...notice, board: "Ada's plans", url: `/boards/Ada%27s%20plans#card=${notice.card}` };
  await dispatch(listeners.notificationclick, { notification: { data: named, close: () => {} } });
  assert.deepEqual(done.opened, []);
  assert.deepEqual(done.focused, ["http://board.test/boards/Ada's%20plans"]);
});
