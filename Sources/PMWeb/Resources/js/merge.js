// Merging operations into cards, as Sources/PMDomain/ProjectState.swift, Project.swift and
// Board.swift. Each field is a last-writer-wins register keyed by the hybrid logical clock, so
// applying the same operations in any order, any number of times, gives the same card.
// An operation is the sync protocol's JSON: { id, projectId, timestamp, fields }.

import { compareTimestamps } from "./clock.js";
import { dayOfWallTime } from "./deadline.js";

/** The fields an operation can set; deletion is one, so a delete merges like any edit. */
export const FIELDS = ["title", "description", "deadline", "status", "deleted"];

/** The fields that hold a card's value, each with the clock of its write (a snapshot's `clocks`). */
export const CARD_FIELDS = FIELDS.filter((field) => field !== "deleted");

/** The three lists, left to right. */
export const STATUSES = ["todo", "doing", "done"];

/** The lists' headings, as the CLI prints them. */
export const HEADINGS = { todo: "TODO", doing: "DOING", done: "DONE" };

/** A card no operation has touched yet: every register empty. */
export function emptyState(id) {
  const state = { id, createdAt: null, updatedAt: null };
  for (const field of FIELDS) state[field] = null;
  return state;
}

/** Merges `operation` into `state` (in place). Returns whether anything changed. */
export function applyOperation(state, operation) {
  const stamp = operation.timestamp;
  let changed = false;
  for (const field of FIELDS) {
    const value = operation.fields[field];
    if (value === undefined || value === null) continue;
    const current = state[field];
    // A tie (the same operation again) keeps what is there: applying twice changes nothing.
    if (current && compareTimestamps(current.timestamp, stamp) >= 0) continue;
    state[field] = { value, timestamp: stamp };
    changed = true;
  }
  if (state.createdAt === null || stamp.wallTime < state.createdAt) {
    state.createdAt = stamp.wallTime;
    changed = true;
  }
  if (state.updatedAt === null || stamp.wallTime > state.updatedAt) {
    state.updatedAt = stamp.wallTime;
    changed = true;
  }
  return changed;
}

/** The merge of `operations`, in the order given, per card: a Map from card id to state. */
export function mergeOperations(operations) {
  const states = new Map();
  for (const operation of operations) {
    if (!states.has(operation.projectId)) states.set(operation.projectId, emptyState(operation.projectId));
    applyOperation(states.get(operation.projectId), operation);
  }
  return states;
}

/** Whether the card was created (has a title) and has not been deleted. */
export function isVisible(state) {
  return state.title !== null && state.deleted?.value !== true;
}

/** Whether the card was created and is deleted now (what `pm restore` brings back). */
export function isDeleted(state) {
  return state != null && state.title !== null && state.deleted?.value === true;
}

/** The current value of every field set so far, as an operation would set them. */
export function currentFields(state) {
  const fields = {};
  for (const field of FIELDS) if (state[field] !== null) fields[field] = state[field].value;
  return fields;
}

/**
 * The card as the board shows it, or `null` while it is deleted or not yet created. Fields no
 * operation set take the defaults the Swift gives: no description, due on the (UTC) day it was
 * created, in TODO.
 */
export function cardOf(state) {
  if (!isVisible(state)) return null;
  return {
    id: state.id,
    title: state.title.value,
    description: state.description?.value ?? "",
    deadline: state.deadline?.value ?? dayOfWallTime(state.createdAt),
    status: state.status?.value ?? "todo",
    createdAt: state.createdAt,
    updatedAt: state.updatedAt,
  };
}

/** Overdue: not done, and the deadline (ISO) is before `today` (ISO). */
export function isOverdue(card, today) {
  return card.status !== "done" && card.deadline < today;
}

/** The order of cards within a list: deadline, then creation time, then id (on every replica alike). */
export function listOrder(a, b) {
  if (a.deadline !== b.deadline) return a.deadline < b.deadline ? -1 : 1;
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1;
  // Swift compares `uuidString`, the uppercase form.
  const left = a.id.toUpperCase();
  const right = b.id.toUpperCase();
  return left < right ? -1 : left > right ? 1 : 0;
}

/** The three lists of `cards`, each in list order: `{ todo, doing, done }`. */
export function boardOf(cards) {
  const lists = { todo: [], doing: [], done: [] };
  for (const card of cards) lists[card.status].push(card);
  for (const status of STATUSES) lists[status].sort(listOrder);
  return lists;
}

/** How many cards are overdue on `today`. */
export function overdueCount(cards, today) {
  return cards.filter((card) => isOverdue(card, today)).length;
}
