// The hybrid logical clock in JavaScript, on its own.

import assert from "node:assert/strict";
import { test } from "node:test";
import {
  COUNTER_MAX,
  HybridClock,
  compareTimestamps,
  formatTimestamp,
  parseTimestamp,
} from "../../Sources/PMWeb/Resources/js/clock.js";

const deviceA = "00000000-0000-4000-8000-00000000000a";
const deviceB = "00000000-0000-4000-8000-00000000000b";
const noon = 1_795_262_400_000;

test("Given a wall clock that stands still, when the clock ticks twice, then the counter orders the readings", () => {
  const clock = HybridClock.forDevice(deviceA);
  const first = clock.tick(noon);
  const second = clock.tick(noon);
  assert.deepEqual(first, { wallTime: noon, counter: 0, device: deviceA });
  assert.deepEqual(second, { wallTime: noon, counter: 1, device: deviceA });
  assert.ok(compareTimestamps(first, second) < 0);
});

test("Given a wall clock that stepped back, when the clock ticks, then the reading still sorts later", () => {
  const clock = HybridClock.forDevice(deviceA);
  const before = clock.tick(noon);
  const after = clock.tick(noon - 60_000);
  assert.deepEqual(after, { wallTime: noon, counter: 1, device: deviceA });
  assert.ok(compareTimestamps(before, after) < 0);
});

test("Given a spent counter, when the clock ticks, then the wall time steps on by one", () => {
  const clock = new HybridClock({ wallTime: noon, counter: COUNTER_MAX, device: deviceA });
  assert.deepEqual(clock.tick(noon), { wallTime: noon + 1, counter: 0, device: deviceA });
});

test("Given a later remote reading, when received, then the next local tick sorts after it on this device", () => {
  const clock = HybridClock.forDevice(deviceA);
  clock.tick(noon);
  clock.receive({ wallTime: noon + 5000, counter: 3, device: deviceB }, noon);
  assert.deepEqual(clock.tick(noon), { wallTime: noon + 5000, counter: 4, device: deviceA });
});

test("Given an earlier remote reading, when received, then the clock does not move back", () => {
  const clock = HybridClock.forDevice(deviceA);
  clock.tick(noon);
  clock.receive({ wallTime: noon - 1, counter: 99, device: deviceB }, noon);
  assert.deepEqual(clock.latest, { wallTime: noon, counter: 0, device: deviceA });
});

test("Given the largest reading the server ever accepted, when received, then the next tick is at the device's own time", () => {
  const clock = HybridClock.forDevice(deviceA);
  clock.tick(noon);
  clock.receive({ wallTime: 253_402_300_799_999, counter: COUNTER_MAX, device: deviceB }, noon);
  assert.deepEqual(clock.tick(noon + 1), { wallTime: noon + 1, counter: 0, device: deviceA });
});

test("Given a clock stored holding a poisoned reading, when it ticks, then it starts again from its own time", () => {
  const clock = new HybridClock({ wallTime: 253_402_300_799_999, counter: COUNTER_MAX, device: deviceA });
  assert.ok(clock.isAhead(noon));
  assert.deepEqual(clock.tick(noon), { wallTime: noon, counter: 0, device: deviceA });
  assert.ok(!clock.isAhead(noon));
});

test("Given the same wall time and counter, when compared, then the device id breaks the tie", () => {
  const a = { wallTime: noon, counter: 0, device: deviceA };
  const b = { wallTime: noon, counter: 0, device: deviceB };
  assert.ok(compareTimestamps(a, b) < 0);
  assert.ok(compareTimestamps(b, a) > 0);
  assert.equal(compareTimestamps(a, { ...a }), 0);
});

test("Given a reading, when written and read back, then it is the same and the text sorts as the clock", () => {
  const readings = [
    { wallTime: noon, counter: 10, device: deviceA },
    { wallTime: noon, counter: 9, device: deviceB },
    { wallTime: noon - 1, counter: COUNTER_MAX, device: deviceB },
  ];
  for (const reading of readings) assert.deepEqual(parseTimestamp(formatTimestamp(reading)), reading);
  const byText = readings.map(formatTimestamp).sort();
  const byClock = [...readings].sort(compareTimestamps).map(formatTimestamp);
  assert.deepEqual(byText, byClock);
  assert.equal(formatTimestamp(readings[0]), `000001795262400000-0000000010-${deviceA}`);
});

test("Given an uppercase device id, when read, then the device is lowercase as Swift writes it", () => {
  const text = `000001795262400000-0000000000-${deviceA.toUpperCase()}`;
  assert.equal(parseTimestamp(text).device, deviceA);
});

test("Given a wall time beyond 2^53, when read, then it is refused rather than rounded", () => {
  assert.equal(parseTimestamp(`900000000000000001-0000000000-${deviceA}`), null);
});
