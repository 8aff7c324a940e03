// History derived from operations, as Sources/PMDomain/HistoryEntry.swift and History.swift:
// each card's operations replayed in clock order, one entry per visible change, newest first,
// with the sentence the CLI prints (`pm history`, `pm edit`): `Moved "Write spec" from TODO to DOING`.

import { compareTimestamps } from "./clock.js";
import { CARD_FIELDS, HEADINGS, applyOperation, currentFields, emptyState } from "./merge.js";
import { characters, isNewline } from "./rules.js";

// History lists every field but deletion (CARD_FIELDS) as a change: deletion is the entry's action.

// What an existing card holds in a field no operation set yet.
const DEFAULTS = { description: "", status: "todo" };

/** A field's value as history shows it (`undefined` when not set). */
function shown(fields, field) {
  const value = fields[field];
  if (value === undefined || value === null) return undefined;
  return typeof value === "boolean" ? String(value) : value;
}

/**
 * The entry for `operation` applied to `before` (the merge of every earlier operation of the
 * card, by clock order), or `null` when it changed nothing visible.
 */
export function historyEntry(operation, before) {
  const old = currentFields(before);
  const next = operation.fields;
  const existed = before.title !== null;
  const changes = [];
  for (const field of CARD_FIELDS) {
    const to = shown(next, field);
    if (to === undefined) continue;
    const from = existed ? (shown(old, field) ?? DEFAULTS[field] ?? null) : null;
    if (from !== to) changes.push({ field, from, to });
  }
  const wasDeleted = old.deleted === true;
  let action;
  if (!existed) {
    if (next.title == null) return null;
    action = next.deleted === true ? "deleted" : "added";
  } else if (next.deleted === true && !wasDeleted) {
    action = "deleted";
  } else if (next.deleted === false && wasDeleted) {
    action = "restored";
  } else if (changes.length === 0) {
    return null;
  } else if (changes.every((change) => change.field === "status")) {
    action = "moved";
  } else {
    action = "edited";
  }
  return {
    operationId: operation.id,
    projectId: operation.projectId,
    timestamp: operation.timestamp,
    action,
    title: existed ? (old.title ?? "") : (next.title ?? ""),
    changes,
  };
}

/** The entries for operations on any cards, newest first, however the operations arrived. */
export function historyOf(operations) {
  const byProject = new Map();
  for (const operation of operations) {
    if (!byProject.has(operation.projectId)) byProject.set(operation.projectId, []);
    byProject.get(operation.projectId).push(operation);
  }
  const entries = [];
  for (const [id, projectOperations] of byProject) {
    const state = emptyState(id);
    projectOperations.sort((a, b) => compareTimestamps(a.timestamp, b.timestamp));
    for (const operation of projectOperations) {
      const entry = historyEntry(operation, state);
      if (entry) entries.push(entry);
      applyOperation(state, operation);
    }
  }
  return entries.sort((a, b) => compareTimestamps(b.timestamp, a.timestamp));
}

/** A list's heading, or `fallback` for a value that names no list. */
function heading(status, fallback) {
  return Object.hasOwn(HEADINGS, status ?? "") ? HEADINGS[status] : fallback;
}

/** A text's first non-empty line, shortened to 40 characters, in quotes (`none` when absent). */
function quote(text) {
  if (text === null) return "none";
  const all = characters(text);
  // Swift's split drops empty lines, so the first line is the first non-empty one.
  const line = [];
  for (const character of all) {
    if (isNewline(character)) {
      if (line.length > 0) break;
    } else {
      line.push(character);
    }
  }
  let short = line.join("");
  if (line.length > 40) short = line.slice(0, 39).join("") + "…";
  else if (line.length < all.length) short += "…";
  return `"${short}"`;
}

/** The entry as the CLI's sentence: `Moved "Write spec" from TODO to DOING`. */
export function summary(entry) {
  const name = `"${entry.title}"`;
  switch (entry.action) {
    case "added": {
      const status = entry.changes.find((change) => change.field === "status");
      return `Added ${name} to ${heading(status?.to, "TODO")}`;
    }
    case "deleted":
      return `Deleted ${name}`;
    case "restored":
      return `Restored ${name}`;
    case "moved": {
      const [change] = entry.changes;
      return `Moved ${name} from ${heading(change.from, "?")} to ${heading(change.to, change.to)}`;
    }
    default: {
      const parts = entry.changes.map((change) => {
        if (change.field === "status") {
          return `list ${heading(change.from, "?")} → ${heading(change.to, change.to)}`;
        }
        if (change.field === "title" || change.field === "description") {
          return `${change.field} ${quote(change.from)} → ${quote(change.to)}`;
        }
        return `${change.field} ${change.from ?? "none"} → ${change.to}`;
      });
      return `Edited ${name}: ${parts.join(", ")}`;
    }
  }
}
