// The JavaScript field rules reproduce the Swift rules' vectors exactly, messages included.

import assert from "node:assert/strict";
import { test } from "node:test";
import { isoFromDays } from "../../Sources/PMWeb/Resources/js/deadline.js";
import {
  checkDescription,
  checkTitle,
  editProject,
  newProject,
  parseDeadline,
  parseStatus,
  validateOperation,
} from "../../Sources/PMWeb/Resources/js/rules.js";
import { outcome, vectors } from "./vectors.mjs";

const rules = vectors("rules");

function check(cases, body) {
  for (const { input, outcome: expected } of cases) {
    assert.deepEqual(outcome(() => body(input)), expected, JSON.stringify(input));
  }
}

test("Given Swift's title cases, when checked, then the outcome and message are Swift's", () => {
  check(rules.titles, checkTitle);
});

test("Given Swift's description cases, when checked, then the outcome and message are Swift's", () => {
  check(rules.descriptions, checkDescription);
});

test("Given Swift's deadline words, when read on the fixed today, then the day or message is Swift's", () => {
  check(rules.deadlines, (text) => parseDeadline(text, rules.today));
});

test("Given Swift's status words, when read, then the list or message is Swift's", () => {
  check(rules.statuses, parseStatus);
});

test("Given day counts, when written as dates, then the ISO text is Swift's", () => {
  check(rules.days, isoFromDays);
});

test("Given Swift's new-card inputs, when checked, then the fields or the first broken rule are Swift's", () => {
  check(rules.creates, (input) => newProject(input, rules.today));
});

test("Given Swift's edits, when checked, then the changed fields or the broken rule are Swift's", () => {
  check(rules.edits, ({ project, input }) => editProject(project, input, rules.today));
});

test("Given Swift's pushed operations, when validated, then accepted or refused with Swift's words", () => {
  check(rules.operations, validateOperation);
});
