// The JavaScript clock reproduces the Swift clock's vectors exactly.

import assert from "node:assert/strict";
import { test } from "node:test";
import {
  DEFAULT_SKEW,
  HybridClock,
  compareTimestamps,
  formatTimestamp,
  parseTimestamp,
} from "../../Sources/PMWeb/Resources/js/clock.js";
import { vectors } from "./vectors.mjs";

const clock = vectors("clock");

test("Given Swift's readings, when formatted, then the text forms are the same", () => {
  for (const { timestamp, text } of clock.readings) assert.equal(formatTimestamp(timestamp), text);
});

test("Given Swift's readings, when sorted by the clock, then the order is Swift's", () => {
  const sorted = clock.readings.map((reading) => reading.timestamp).sort(compareTimestamps);
  assert.deepEqual(sorted.map(formatTimestamp), clock.ordered);
});

test("Given text forms well and badly made, when parsed, then exactly Swift's are readings", () => {
  for (const { text, timestamp } of clock.parses) {
    assert.deepEqual(parseTimestamp(text), timestamp ?? null, JSON.stringify(text));
  }
});

test("Given a wall clock ahead, still or behind, when the clock ticks, then the reading is Swift's", () => {
  for (const { latest, now, reading } of clock.ticks) {
    assert.deepEqual(new HybridClock(latest).tick(now), reading, JSON.stringify({ latest, now }));
  }
});

test("Given a remote reading, when received, then the clock stands where Swift's does", () => {
  for (const { latest, remote, now, after } of clock.receives) {
    const hybrid = new HybridClock(latest);
    hybrid.receive(remote, now);
    assert.deepEqual(hybrid.latest, after, JSON.stringify({ latest, remote, now }));
  }
});

test("Given Swift's skew, then the web clock bounds what it takes in by the same", () => {
  assert.equal(DEFAULT_SKEW, clock.skew);
});
