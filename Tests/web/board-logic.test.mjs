// The board page's pure parts: the form's checks, undo / redo, keys, filter and the day.

import assert from "node:assert/strict";
import { test } from "node:test";
import { HybridClock } from "../../Sources/PMWeb/Resources/js/clock.js";
import { UndoStack, fieldsBefore, makeOperation } from "../../Sources/PMWeb/Resources/js/changes.js";
import { matches, shifted } from "../../Sources/PMWeb/Resources/js/state.js";
import { localToday, untilMidnight } from "../../Sources/PMWeb/Resources/js/today.js";
import { formResult, isComposing } from "../../Sources/PMWeb/Resources/js/form.js";
import { actionFor } from "../../Sources/PMWeb/Resources/js/keys.js";
import { isDeleted } from "../../Sources/PMWeb/Resources/js/merge.js";
import { authorOf, changeLines, popoverPlace, restorableEntries } from "../../Sources/PMWeb/Resources/js/panels.js";
import { checkTitle } from "../../Sources/PMWeb/Resources/js/rules.js";

const today = "2026-11-23";

test("Given every rule broken at once, when the form is checked, then each field gets the rule in a person's words", () => {
  const result = formResult({ title: "  ", deadline: "2026-11-22", description: "x".repeat(1001) }, null, today);
  assert.deepEqual(result.errors, {
    title: "Enter a title",
    deadline: "Choose today (2026-11-23) or a later day",
    description: "Shorten the description to 1000 characters (it has 1001)",
  });
  assert.equal(formResult({ title: "x".repeat(101), deadline: "", description: "" }, null, today).errors.title,
    "Shorten the title to 100 characters (it has 101)");
});

test("Given a broken rule, when thrown, then it carries the CLI's message and a person's words under one rule name", () => {
  assert.throws(() => checkTitle(" "), {
    rule: "titleLength",
    message: "title must be 1–100 characters, got 0",
    words: "Enter a title",
  });
  assert.throws(() => checkTitle("a\nb"), { rule: "titleMultiline", words: "Keep the title on one line" });
});

test("Given a good new card, when the form is checked, then it is trimmed, due today by default, in TODO", () => {
  assert.deepEqual(formResult({ title: " 보고서 쓰기 ", deadline: "", description: "" }, null, today).fields, {
    title: "보고서 쓰기",
    description: "",
    deadline: today,
    status: "todo",
    deleted: false,
  });
});

test("Given an edit, when only the title changes, then only the title is set and a past deadline kept is fine", () => {
  const card = { id: "c", title: "Old", description: "", deadline: "2026-01-01", status: "todo" };
  assert.deepEqual(formResult({ title: "New", deadline: "2026-01-01", description: "" }, card, today).fields, {
    title: "New",
  });
  assert.equal(
    formResult({ title: "New", deadline: "2026-02-01", description: "" }, card, today).errors.deadline,
    "Choose today (2026-11-23) or a later day",
  );
});

test("Given the IME's Enter (isComposing or keyCode 229), when the form reads it, then it is not a submit", () => {
  assert.equal(isComposing({ isComposing: true, keyCode: 13 }), true);
  assert.equal(isComposing({ isComposing: false, keyCode: 229 }), true);
  assert.equal(isComposing({ isComposing: false, keyCode: 13 }), false);
});

test("Given actions, when undone and redone, then the fields go back and forth and a new action ends redo", () => {
  const stack = new UndoStack();
  stack.record({ label: "move", changes: [{ projectId: "c", before: { status: "todo" }, after: { status: "doing" } }] });
  assert.deepEqual(stack.undo().changes, [{ projectId: "c", fields: { status: "todo" } }]);
  assert.equal(stack.canRedo, true);
  assert.deepEqual(stack.redo().changes, [{ projectId: "c", fields: { status: "doing" } }]);
  stack.undo();
  stack.record({ label: "delete", changes: [{ projectId: "c", before: { deleted: false }, after: { deleted: true } }] });
  assert.equal(stack.redo(), null);
  assert.equal(stack.undo().label, "delete");
  assert.equal(stack.undo(), null);
});

test("Given an edit, when its fields before are taken, then they are what an undo sets back", () => {
  const card = { title: "A", description: "d", deadline: "2026-12-01", status: "doing" };
  assert.deepEqual(fieldsBefore(card, { title: "B", status: "done" }), { title: "A", status: "doing" });
});

test("Given the same millisecond, when operations are made, then each is stamped later by the device's clock", () => {
  const clock = HybridClock.forDevice("00000000-0000-4000-8000-00000000000A");
  let n = 0;
  const uuid = () => `00000000-0000-4000-8000-00000000000${n++}`;
  const first = makeOperation("p", { status: "doing" }, clock, 1000, uuid);
  const second = makeOperation("p", { status: "done" }, clock, 1000, uuid);
  assert.deepEqual(first.timestamp, { wallTime: 1000, counter: 0, device: "00000000-0000-4000-8000-00000000000a" });
  assert.equal(second.timestamp.counter, 1);
  assert.notEqual(first.id, second.id);
});

test("Given the terminal board's keys and the browser's undo / redo, when pressed, then each names its action", () => {
  const key = (k, extra = {}) =>
    actionFor({ key: k, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...extra });
  assert.equal(key("ArrowLeft"), "left");
  assert.equal(key("l"), "right");
  assert.equal(key("L"), "shiftRight");
  assert.equal(key("H"), "shiftLeft");
  assert.equal(key("a"), "add");
  assert.equal(key("+"), "add");
  assert.equal(key("Delete"), "remove");
  assert.equal(key("/"), "filter");
  assert.equal(key("?"), "help");
  assert.equal(key("z", { ctrlKey: true }), "undo");
  assert.equal(key("Z", { ctrlKey: true, shiftKey: true }), "redo");
  assert.equal(key("x"), null);
});

test("Given the edge lists, when H / L shift past them, then nothing moves; when filtered, case and accents are ignored", () => {
  assert.equal(shifted("todo", -1), null);
  assert.equal(shifted("todo", 1), "doing");
  const card = { title: "Café menu", description: "Ölfarbe" };
  assert.equal(matches(card, "cafe"), true);
  assert.equal(matches(card, "OLF"), true);
  assert.equal(matches(card, "tea"), false);
});

test("Given a local time, when the day is read, then it is the local day and the wait runs to its midnight", () => {
  const evening = new Date(2026, 10, 23, 23, 59, 0);
  assert.equal(localToday(evening), "2026-11-23");
  assert.equal(untilMidnight(evening), 60_000);
});

test("Given history entries, when shown, then each names its author and a card's own changes read as the CLI's", () => {
  const mine = "00000000-0000-4000-8000-00000000000a";
  const entry = (device, author) => ({ operation: { timestamp: { device } }, author });
  assert.equal(authorOf(entry(mine, "ada"), mine), "this device");
  assert.equal(authorOf(entry("d8d8d9bc-0000-4000-8000-000000000000", "ada"), mine), "ada");
  assert.equal(authorOf(entry("d8d8d9bc-0000-4000-8000-000000000000", null), mine), "device d8d8d9bc");
  assert.equal(
    changeLines({ action: "edited", changes: [{ field: "title", from: "A", to: "B" }, { field: "status", from: "todo", to: "doing" }] }),
    'title "A" → "B", status TODO → DOING',
  );
});

test("Given a card filled in as HTML, when parsed, then every text is escaped and it carries the names and state a drawn card has", async () => {
  const { cardHTML, escapeHTML } = await import("../../Sources/PMWeb/Resources/js/board.js");
  assert.equal(escapeHTML(`<b>"Tom" & 'Jerry'</b>`), "&lt;b&gt;&quot;Tom&quot; &amp; &#39;Jerry&#39;&lt;/b&gt;");
  const card = { id: "a1", title: "<img src=x onerror=alert(1)>", description: "x & y", deadline: "2026-11-20", status: "todo" };
  const html = cardHTML(card, "2026-11-23", true);
  assert.ok(!html.includes("<img"), html);
  assert.ok(html.includes('class="card overdue selected"'), html);
  assert.ok(html.includes('aria-current="true" tabindex="0"'), html);
  assert.ok(html.includes('aria-labelledby="title-a1" aria-describedby="details-a1"'), html);
  assert.ok(html.includes('<span class="description">x &amp; y</span>'), html);
  assert.ok(html.includes('<span class="deadline">2026-11-20 overdue</span>'), html);
  const plain = cardHTML({ ...card, description: "", status: "done" }, "2026-11-23", false);
  assert.ok(plain.startsWith('<li class="card" data-id="a1" tabindex="-1"'), plain);
  assert.ok(!plain.includes("description") && !plain.includes("overdue"), plain);
});

test("Given a card deleted twice and one restored, when history is shown, then only the deleted card's newest deletion offers Restore", () => {
  const items = [
    { action: "deleted", projectId: "a", title: "A" },
    { action: "restored", projectId: "b", title: "B" },
    { action: "added", projectId: "c", title: "C" },
    { action: "deleted", projectId: "a", title: "A" },
    { action: "deleted", projectId: "b", title: "B" },
  ];
  const restorable = restorableEntries(items, (id) => id === "a");
  assert.deepEqual([...restorable], [items[0]]);
});

test("Given cards alive, deleted and never created, when asked whether deleted now, then only the created and deleted one is", () => {
  const stamp = { wallTime: 1, counter: 0, device: "d" };
  const register = (value) => ({ value, timestamp: stamp });
  assert.equal(isDeleted({ title: register("A"), deleted: register(true) }), true);
  assert.equal(isDeleted({ title: register("A"), deleted: register(false) }), false);
  assert.equal(isDeleted({ title: register("A"), deleted: null }), false);
  assert.equal(isDeleted({ title: null, deleted: register(true) }), false);
  assert.equal(isDeleted(undefined), false);
});

test("Given a card's box, when its popover is placed, then it stands beside the card, inside the window", () => {
  const window = { innerWidth: 1000, innerHeight: 800 };
  const size = { width: 180, height: 120 };
  // Room on the right: to the right, level with the card's top.
  assert.deepEqual(
    popoverPlace({ left: 20, right: 320, top: 100, bottom: 180 }, size, window),
    { left: 328, top: 100 },
  );
  // No room on the right: to the left.
  assert.deepEqual(
    popoverPlace({ left: 700, right: 990, top: 100, bottom: 180 }, size, window),
    { left: 512, top: 100 },
  );
  // A card as wide as a phone: below it; at the window's bottom, above it.
  const phone = { innerWidth: 390, innerHeight: 844 };
  assert.deepEqual(popoverPlace({ left: 8, right: 382, top: 200, bottom: 280 }, size, phone), { left: 8, top: 288 });
  assert.deepEqual(popoverPlace({ left: 8, right: 382, top: 700, bottom: 780 }, size, phone), { left: 8, top: 572 });
  // Near the bottom, the popover is lifted to stay whole.
  assert.equal(popoverPlace({ left: 20, right: 320, top: 760, bottom: 790 }, size, window).top, 672);
});
