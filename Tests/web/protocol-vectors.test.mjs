// The sync protocol in JavaScript follows the Swift client's: the field and list names, the
// retry pauses, which answers are retried, the push limits, and a snapshot's merged states
// (Tests/Vectors/protocol.json, written by Tests/PMSyncClientTests/WebProtocolVectorsTests.swift).

import assert from "node:assert/strict";
import { test } from "node:test";
import { CARD_FIELDS, FIELDS, HEADINGS, STATUSES } from "../../Sources/PMWeb/Resources/js/merge.js";
import {
  BATCH_BYTES,
  BATCH_COUNT,
  SyncError,
  batches,
  retryDelay,
  stateOfSnapshot,
} from "../../Sources/PMWeb/Resources/js/sync.js";
import { shape, vectors } from "./vectors.mjs";

const { fields, clockFields, statuses, headings, backoff, answers, limits, snapshot, states } = vectors("protocol");

test("Given Swift's fields, lists and headings, when the board's are compared, then they are the same, in order", () => {
  assert.deepEqual(FIELDS, fields);
  assert.deepEqual(CARD_FIELDS, clockFields);
  assert.deepEqual(STATUSES, statuses);
  assert.deepEqual(HEADINGS, headings);
});

test("Given Swift's retry pauses, when the board computes them, then each is the same to the millisecond", () => {
  for (const { attempt, random, milliseconds } of backoff) {
    assert.equal(retryDelay(attempt, () => random), Math.round(milliseconds), `attempt ${attempt}, random ${random}`);
  }
});

test("Given Swift's answers, when the server answers each, then the board retries exactly those Swift retries", () => {
  for (const { status, retryable } of answers) {
    assert.equal(new SyncError(status, "x").retry, retryable, `HTTP ${status}`);
  }
});

test("Given an outbox of the largest operations, when it is cut into pushes, then each is within the server's limits", () => {
  assert.equal(BATCH_COUNT, limits.operations);
  assert.equal(BATCH_BYTES, limits.batchBytes);
  const outbox = Array.from({ length: 3000 }, (_, index) => limits.largest[index % limits.largest.length]);
  const pushes = batches(outbox);
  assert.ok(pushes.length > 1);
  assert.equal(pushes.flat().length, outbox.length);
  for (const push of pushes) {
    assert.ok(push.length <= limits.operations);
    const body = Buffer.byteLength(JSON.stringify({ operations: push }), "utf8");
    assert.ok(body <= limits.body, `a push of ${push.length} is ${body} bytes`);
  }
});

test("Given Swift's snapshot, when its cards are taken in, then each merges as Swift's state", () => {
  assert.deepEqual(snapshot.projects.map(stateOfSnapshot).map(shape), states);
});
