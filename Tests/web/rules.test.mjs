// The field rules and deadline words in JavaScript, on their own.

import assert from "node:assert/strict";
import { test } from "node:test";
import { addDays, daysFromISO, isoFromDays } from "../../Sources/PMWeb/Resources/js/deadline.js";
import {
  RuleViolation,
  characterCount,
  checkTitle,
  editProject,
  newProject,
  parseDeadline,
  trimmed,
} from "../../Sources/PMWeb/Resources/js/rules.js";

const today = "2026-11-21";

test("Given Korean and emoji, when counted, then each grapheme cluster is one character", () => {
  assert.equal(characterCount("한글"), 2);
  assert.equal(characterCount("👩‍💻"), 1);
  assert.equal(characterCount("e\u0301"), 1);
  assert.equal(characterCount("🇰🇷"), 1);
});

test("Given 100 emoji, when checked as a title, then it passes, and 101 is refused with the count", () => {
  assert.equal(checkTitle("👩‍💻".repeat(100)), "👩‍💻".repeat(100));
  assert.throws(() => checkTitle("👩‍💻".repeat(101)), {
    name: "RuleViolation",
    rule: "titleLength",
    field: "title",
    message: "title must be 1–100 characters, got 101",
  });
});

test("Given surrounding spaces of every kind Foundation trims, when trimmed, then only those go", () => {
  assert.equal(trimmed("\u200b\t\u3000 x y\u00a0\r\n"), "x y");
  assert.equal(trimmed("\ufeffx\u2060"), "\ufeffx\u2060");
  // Trimming goes scalar by scalar: a combining mark after a space stays.
  assert.equal(trimmed(" \u0301x"), "\u0301x");
});

test("Given a title with a line break inside, when checked, then it must be one line", () => {
  assert.throws(() => checkTitle("a\u2028b"), { rule: "titleMultiline", message: "title must be one line" });
  assert.equal(checkTitle("  one line\r\n"), "one line");
});

test("Given deadline words, when read on a fixed today, then they count from today", () => {
  assert.equal(parseDeadline(" Tomorrow ", today), "2026-11-22");
  assert.equal(parseDeadline("+2w", today), "2026-12-05");
  assert.equal(parseDeadline("+0d", today), today);
  assert.throws(() => parseDeadline("3d", today), {
    message: 'deadline must be a date (YYYY-MM-DD), today, tomorrow, +Nd or +Nw, got "3d"',
  });
});

test("Given a past deadline, when a card is added, then it is refused; when unchanged on edit, it stays", () => {
  assert.throws(() => newProject({ title: "Ok", deadline: "2026-11-20" }, today), {
    rule: "deadlinePast",
    message: "deadline may not be before today (2026-11-21), got 2026-11-20",
  });
  const project = { title: "Ok", description: "", deadline: "2026-11-01" };
  assert.deepEqual(editProject(project, { deadline: "2026-11-01" }, today), {});
  assert.throws(() => editProject(project, { deadline: "2026-11-02" }, today), RuleViolation);
});

test("Given only a title, when a card is added, then it is due today, in TODO, with no description", () => {
  assert.deepEqual(newProject({ title: " Write spec " }, today), {
    title: "Write spec",
    description: "",
    deadline: today,
    status: "todo",
    deleted: false,
  });
});

test("Given ISO dates, when turned into day counts and back, then they round-trip over leap years", () => {
  assert.equal(daysFromISO("1970-01-01"), 0);
  assert.equal(daysFromISO("2026-02-29"), null);
  for (const day of ["0001-01-01", "2000-02-29", "2024-12-31", "9999-12-31"]) {
    assert.equal(isoFromDays(daysFromISO(day)), day);
  }
  assert.equal(addDays("2028-02-28", 1), "2028-02-29");
});
