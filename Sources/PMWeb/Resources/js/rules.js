// The field rules of a card, as Sources/PMDomain/ProjectRules.swift, ProjectInput.swift,
// Deadline.swift and RuleViolation.swift, with the same messages word for word. Each rule also
// says itself to a person (`words`, "Enter a title"), which the web form shows: both wordings
// stand side by side here, under the rule's one name, so neither can drift from the rule.

import { addDays, daysFromISO } from "./deadline.js";
import { FIELDS, STATUSES } from "./merge.js";

/** The most days (or weeks) a `+Nd` deadline may count: deadlines end with year 9999. */
export const DAY_COUNT_LIMIT = 100_000;

/** Longest title and description, in grapheme clusters. */
export const TITLE_LIMIT = 100;
export const DESCRIPTION_LIMIT = 1000;

/** The latest wall time an operation may carry, 9999-12-31T23:59:59.999Z: deadlines end with 9999. */
export const WALL_TIME_MAXIMUM = 253_402_300_799_999;

/**
 * Input that breaks a rule: `rule` is the stable name, `field` the form field, `message` the
 * CLI's words, `words` the same rule said to a person on the web board.
 */
export class RuleViolation extends Error {
  constructor(rule, field, message, words = message) {
    super(message);
    this.name = "RuleViolation";
    this.rule = rule;
    this.field = field;
    this.words = words;
  }
}

const violations = {
  titleLength: (count) =>
    new RuleViolation(
      "titleLength",
      "title",
      `title must be 1–${TITLE_LIMIT} characters, got ${count}`,
      count === 0 ? "Enter a title" : `Shorten the title to ${TITLE_LIMIT} characters (it has ${count})`,
    ),
  titleMultiline: () =>
    new RuleViolation("titleMultiline", "title", "title must be one line", "Keep the title on one line"),
  titleControl: (character) =>
    new RuleViolation(
      "titleControl",
      "title",
      `title may not contain control characters, got ${codePoint(character)}`,
      `Remove the invisible character ${codePoint(character)} from the title`,
    ),
  descriptionControl: (character) =>
    new RuleViolation(
      "descriptionControl",
      "description",
      `description may not contain control characters other than newline and tab, got ${codePoint(character)}`,
      `Remove the invisible character ${codePoint(character)} from the description`,
    ),
  descriptionLength: (count) =>
    new RuleViolation(
      "descriptionLength",
      "description",
      `description must be at most ${DESCRIPTION_LIMIT} characters, got ${count}`,
      `Shorten the description to ${DESCRIPTION_LIMIT} characters (it has ${count})`,
    ),
  deadlineUnreadable: (text) =>
    new RuleViolation(
      "deadlineUnreadable",
      "deadline",
      `deadline must be a date (YYYY-MM-DD), today, tomorrow, +Nd or +Nw, got "${text}"`,
      "Enter a date, such as 2026-12-01",
    ),
  deadlineNotADay: (text) =>
    new RuleViolation(
      "deadlineUnreadable",
      "deadline",
      `deadline must be a real date: ${text} is not a day`,
      `There is no day ${text}: enter a real date`,
    ),
  deadlineTooFar: (text) =>
    new RuleViolation(
      "deadlineUnreadable",
      "deadline",
      `deadline must be at most ${DAY_COUNT_LIMIT} days or weeks ahead, got "${text}"`,
      "Choose a nearer deadline",
    ),
  deadlinePast: (deadline, today) =>
    new RuleViolation(
      "deadlinePast",
      "deadline",
      `deadline may not be before today (${today}), got ${deadline}`,
      `Choose today (${today}) or a later day`,
    ),
  wallTimeRange: (wallTime) =>
    new RuleViolation(
      "wallTimeRange",
      "timestamp",
      `wallTime must be at most ${WALL_TIME_MAXIMUM} (9999-12-31T23:59:59.999Z), got ${wallTime}`,
    ),
  operationInvalid: (reason) => new RuleViolation("operationInvalid", null, `operation is invalid: ${reason}`),
  statusUnknown: (text) =>
    new RuleViolation("statusUnknown", "status", `status must be todo, doing or done, got "${text}"`),
};

// Foundation's CharacterSet.whitespacesAndNewlines as swift-corelibs-foundation has it (probed
// scalar by scalar): tab to CR, space, NEL, no-break spaces, the Zs spaces, and U+200B, which
// Unicode no longer counts as a space but Foundation still trims.
const SPACES = String.raw`\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200b\u2028\u2029\u202f\u205f\u3000`;
const WHITESPACE = new RegExp(`^[${SPACES}]+|[${SPACES}]+$`, "g");

// The scalars that end a line; each is a character of its own (or, with LF, CR-LF).
const NEWLINE = /[\n\v\f\r\u0085\u2028\u2029]/;

// Control characters (C0, DEL, C1), which a terminal obeys instead of showing; a description
// keeps tab, line feed and carriage return. (Matching them is the point: the lint allows it here.)
/* eslint-disable no-control-regex */
const TITLE_CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const DESCRIPTION_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/* eslint-enable no-control-regex */

/** `U+001B`: how a message names a character that cannot be shown. */
function codePoint(character) {
  return "U+" + character.codePointAt(0).toString(16).toUpperCase().padStart(4, "0");
}

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** The number of characters as Swift counts them: grapheme clusters (`한글` is 2, `👩‍💻` is 1). */
export function characterCount(text) {
  let count = 0;
  for (const _ of graphemes.segment(text)) count += 1;
  return count;
}

/** The characters (grapheme clusters) of `text`. */
export function characters(text) {
  return Array.from(graphemes.segment(text), (part) => part.segment);
}

/** `text` without surrounding white space, trimmed scalar by scalar as Foundation trims. */
export function trimmed(text) {
  return text.replace(WHITESPACE, "");
}

/** Whether a character (a grapheme cluster) ends a line, as Swift's `Character.isNewline`. */
export function isNewline(character) {
  return character === "\r\n" || ([...character].length === 1 && NEWLINE.test(character));
}

/** The title as it will be stored: trimmed, one line, no control characters, 1–100 characters; or throws. */
export function checkTitle(text) {
  const title = trimmed(text);
  if (NEWLINE.test(title)) throw violations.titleMultiline();
  const control = TITLE_CONTROL.exec(title);
  if (control) throw violations.titleControl(control[0]);
  const count = characterCount(title);
  if (count < 1 || count > TITLE_LIMIT) throw violations.titleLength(count);
  return title;
}

/**
 * The description as it will be stored: trimmed, no control characters but tab and line breaks,
 * at most 1000 characters; or throws.
 */
export function checkDescription(text) {
  const description = trimmed(text);
  const control = DESCRIPTION_CONTROL.exec(description);
  if (control) throw violations.descriptionControl(control[0]);
  const count = characterCount(description);
  if (count > DESCRIPTION_LIMIT) throw violations.descriptionLength(count);
  return description;
}

/** A deadline being set (on create, or changed on edit) may not lie before today. */
export function checkNotPast(deadline, today) {
  if (deadline < today) throw violations.deadlinePast(deadline, today);
}

/** Reads `todo`, `doing` or `done` (any case); or throws. */
export function parseStatus(text) {
  const status = text.toLowerCase();
  if (STATUSES.includes(status)) return status;
  throw violations.statusUnknown(text);
}

/**
 * Reads what a user may type for a deadline: an ISO date, `today`, `tomorrow`, `+Nd` or `+Nw`,
 * counted from `today` (ISO). Whether it may lie in the past is `checkNotPast`'s business.
 */
export function parseDeadline(text, today) {
  const input = trimmed(text).toLowerCase();
  if (daysFromISO(input) !== null) return input;
  if (input === "today") return today;
  if (input === "tomorrow") return addDays(today, 1);
  // Swift's DayCount: a plus, ASCII digits, then d or w; at most 100,000 of either unit.
  const match = /^\+([0-9]+)([dw])$/.exec(input);
  if (match) {
    const count = Number(match[1]);
    if (count <= DAY_COUNT_LIMIT) return addDays(today, match[2] === "w" ? count * 7 : count);
    // Written in the right form but out of range: say what is wrong with it, not the form.
    throw violations.deadlineTooFar(text);
  }
  if (/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(input)) throw violations.deadlineNotADay(input);
  throw violations.deadlineUnreadable(text);
}

/**
 * The fields of a new card from what was typed (`{ title, deadline, description }`, each
 * optional): title required, deadline defaulting to today and not before it; it starts in TODO.
 */
export function newProject(input, today) {
  const title = checkTitle(input.title ?? "");
  const deadline = input.deadline == null ? today : parseDeadline(input.deadline, today);
  checkNotPast(deadline, today);
  const description = input.description == null ? "" : checkDescription(input.description);
  return { title, description, deadline, status: "todo", deleted: false };
}

/**
 * The fields an edit of `project` changes: only those given and different. A deadline that
 * changes may not lie before today; an unchanged past deadline stays valid.
 */
export function editProject(project, input, today) {
  const fields = {};
  if (input.title != null) {
    const title = checkTitle(input.title);
    if (title !== project.title) fields.title = title;
  }
  if (input.deadline != null) {
    const deadline = parseDeadline(input.deadline, today);
    if (deadline !== project.deadline) {
      checkNotPast(deadline, today);
      fields.deadline = deadline;
    }
  }
  if (input.description != null) {
    const description = checkDescription(input.description);
    if (description !== project.description) fields.description = description;
  }
  return fields;
}

/**
 * Checks an operation as the server checks a push: it sets a field, its wall time fits, and a
 * title or description it sets is already as the rules store it. Returns `true`, or throws.
 * (A past deadline is allowed: history and imports hold deadlines set long ago.)
 */
export function validateOperation(operation) {
  const fields = operation.fields;
  const set = (field) => fields[field] !== undefined && fields[field] !== null;
  if (!FIELDS.some(set)) {
    throw violations.operationInvalid("it sets no field");
  }
  if (operation.timestamp.wallTime > WALL_TIME_MAXIMUM) throw violations.wallTimeRange(operation.timestamp.wallTime);
  if (set("title") && checkTitle(fields.title) !== fields.title) {
    throw violations.operationInvalid("title has surrounding spaces");
  }
  if (set("description") && checkDescription(fields.description) !== fields.description) {
    throw violations.operationInvalid("description has surrounding spaces");
  }
  return true;
}
