// Asking the browser to keep the board's storage, and the help panel's words for its answer.

import assert from "node:assert/strict";
import { test } from "node:test";
import { askToKeepStorage, createStorageLine, storageText } from "../../Sources/PMWeb/Resources/js/persistence.js";

test("Given a browser that grants persistence, when asked, then the storage is kept", async () => {
  const asked = [];
  const storage = { persisted: async () => false, persist: async () => (asked.push("persist"), true) };
  assert.equal(await askToKeepStorage(storage), "kept");
  assert.deepEqual(asked, ["persist"]);
});

test("Given storage already persistent, when asked, then the browser is not asked again", async () => {
  const storage = {
    persisted: async () => true,
    persist: async () => assert.fail("asked again"),
  };
  assert.equal(await askToKeepStorage(storage), "kept");
});

test("Given a refusal, no StorageManager, or one that throws, then the answer says so", async () => {
  assert.equal(await askToKeepStorage({ persisted: async () => false, persist: async () => false }), "not kept");
  assert.equal(await askToKeepStorage(undefined), "unknown");
  assert.equal(await askToKeepStorage({ persist: async () => Promise.reject(new Error("no")) }), "unknown");
});

test("Given changes waiting, when the help panel's line is drawn, then it says how many, and what to do when not kept", () => {
  assert.equal(
    storageText("kept", 0),
    "This browser keeps the board's storage: changes not yet sent stay on this device. Every change has been sent.",
  );
  assert.match(storageText("not kept", 1), /after 7 days without a visit\. On an iPad, add the board to the Home Screen\. 1 change waits to be sent\.$/);
  assert.match(storageText("unknown", 3), /Home Screen\. 3 changes wait to be sent\.$/);
});

test("Given the line on a page, when the answer and the count arrive, then it is redrawn from both", () => {
  const element = { textContent: "", dataset: {} };
  const line = createStorageLine({ getElementById: (id) => (id === "storage-status" ? element : null) });
  assert.match(element.textContent, /^Asking the browser/);
  line.pending(2);
  line.answered("kept");
  assert.equal(element.dataset.storage, "kept");
  assert.match(element.textContent, /stay on this device\. 2 changes wait to be sent\.$/);
});
