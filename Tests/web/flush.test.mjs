// When the page sends its outbox by itself: coming online, shown again, restored, "Sync now".

import assert from "node:assert/strict";
import { test } from "node:test";
import { FLUSH_TRIGGERS, flushWanted, wireFlush } from "../../Sources/PMWeb/Resources/js/flush.js";

/** A page's window and document as the events reach them, with a "Sync now" button. */
function page(visibilityState = "visible") {
  const window = new EventTarget();
  const document = new EventTarget();
  const button = new EventTarget();
  document.visibilityState = visibilityState;
  document.getElementById = (id) => (id === "sync-now" ? button : null);
  const asked = [];
  wireFlush(window, document, (trigger) => asked.push(trigger));
  return { window, document, button, asked };
}

test("Given every trigger, when the page is visible, then each sends the outbox", () => {
  for (const trigger of FLUSH_TRIGGERS) assert.equal(flushWanted(trigger, "visible"), true, trigger);
  assert.equal(flushWanted("offline", "visible"), false, "going offline sends nothing");
});

test("Given a page being hidden, when visibilitychange fires, then nothing is sent; a hidden tab coming online still sends", () => {
  assert.equal(flushWanted("shown", "hidden"), false);
  assert.equal(flushWanted("online", "hidden"), true);
});

test("Given a board hidden and shown again, when visibilitychange fires, then only the showing asks for a round", () => {
  const board = page("hidden");
  board.document.dispatchEvent(new Event("visibilitychange"));
  assert.deepEqual(board.asked, []);
  board.document.visibilityState = "visible";
  board.document.dispatchEvent(new Event("visibilitychange"));
  assert.deepEqual(board.asked, ["shown"]);
});

test("Given the browser online again, a page restored from the back/forward cache, or Sync now pressed, then each asks for a round", () => {
  const board = page();
  board.window.dispatchEvent(new Event("online"));
  const fresh = new Event("pageshow");
  fresh.persisted = false;
  board.window.dispatchEvent(fresh);
  const restored = new Event("pageshow");
  restored.persisted = true;
  board.window.dispatchEvent(restored);
  board.button.dispatchEvent(new Event("click"));
  assert.deepEqual(board.asked, ["online", "restored", "sync-now"], "a first load's pageshow is the start's, already a round");
});
