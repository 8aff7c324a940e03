// Merging and history in JavaScript, on their own: the properties that make replicas agree.

import assert from "node:assert/strict";
import { test } from "node:test";
import { historyOf, summary } from "../../Sources/PMWeb/Resources/js/history.js";
import {
  applyOperation,
  boardOf,
  cardOf,
  emptyState,
  mergeOperations,
} from "../../Sources/PMWeb/Resources/js/merge.js";

const card = "00000000-0000-4000-8000-000000000100";
const deviceA = "00000000-0000-4000-8000-00000000000a";
const deviceB = "00000000-0000-4000-8000-00000000000b";
const noon = 1_795_262_400_000;

/** Operation `number` on the card, `seconds` after noon on `device`. */
function operation(number, seconds, fields, device = deviceA, counter = 0) {
  return {
    id: `00000000-0000-4000-8000-${String(number).padStart(12, "0")}`,
    projectId: card,
    timestamp: { wallTime: noon + seconds * 1000, counter, device },
    fields,
  };
}

const added = operation(1, 0, { title: "Write spec", description: "", deadline: "2026-12-01", status: "todo" });
const moved = operation(2, 60, { status: "doing" }, deviceB);
const renamed = operation(3, 30, { title: "Write the spec" });
const deleted = operation(4, 90, { deleted: true }, deviceB);
const restored = operation(5, 120, { deleted: false });

/** Every order of `items`. */
function permutations(items) {
  if (items.length <= 1) return [items];
  return items.flatMap((item, index) =>
    permutations([...items.slice(0, index), ...items.slice(index + 1)]).map((rest) => [item, ...rest]),
  );
}

test("Given the same operations in every order, some twice, when merged, then the card is the same", () => {
  const operations = [added, moved, renamed, deleted, restored];
  const expected = cardOf(mergeOperations(operations).get(card));
  for (const order of permutations(operations)) {
    assert.deepEqual(cardOf(mergeOperations([...order, order[0], order[2]]).get(card)), expected);
  }
  assert.equal(expected.title, "Write the spec");
  assert.equal(expected.status, "doing");
  assert.equal(expected.createdAt, noon);
  assert.equal(expected.updatedAt, noon + 120_000);
});

test("Given an operation applied twice, when applied again, then nothing changes", () => {
  const state = emptyState(card);
  assert.equal(applyOperation(state, added), true);
  assert.equal(applyOperation(state, added), false);
});

test("Given two writes at the same wall time and counter, when merged, then the higher device id wins", () => {
  const fromA = operation(6, 10, { title: "From A" }, deviceA);
  const fromB = operation(7, 10, { title: "From B" }, deviceB);
  for (const order of [[added, fromA, fromB], [added, fromB, fromA]]) {
    assert.equal(cardOf(mergeOperations(order).get(card)).title, "From B");
  }
});

test("Given a delete and a later restore, when merged, then the card shows again; without it, it is hidden", () => {
  assert.equal(cardOf(mergeOperations([added, deleted]).get(card)), null);
  assert.notEqual(cardOf(mergeOperations([added, deleted, restored]).get(card)), null);
});

test("Given a card with no deadline set, when shown, then it is due on its creation day (UTC)", () => {
  const bare = operation(8, 0, { title: "Bare" });
  assert.equal(cardOf(mergeOperations([bare]).get(card)).deadline, "2026-11-21");
});

test("Given cards due the same day, when listed, then older first and then by id", () => {
  const cards = [
    { id: "b", deadline: "2026-12-01", createdAt: 2, status: "todo" },
    { id: "c", deadline: "2026-11-30", createdAt: 9, status: "todo" },
    { id: "a", deadline: "2026-12-01", createdAt: 2, status: "todo" },
    { id: "d", deadline: "2026-12-01", createdAt: 1, status: "todo" },
  ];
  assert.deepEqual(boardOf(cards).todo.map((each) => each.id), ["c", "d", "a", "b"]);
});

test("Given a card's life, when history is derived, then the CLI's sentences come newest first", () => {
  const sentences = historyOf([restored, deleted, moved, renamed, added]).map(summary);
  assert.deepEqual(sentences, [
    'Restored "Write the spec"',
    'Deleted "Write the spec"',
    'Moved "Write the spec" from TODO to DOING',
    'Edited "Write spec": title "Write spec" → "Write the spec"',
    'Added "Write spec" to TODO',
  ]);
});

test("Given a long or multi-line description, when summarised, then the first line is cut to 40 characters", () => {
  const long = operation(9, 10, { description: "\n" + "👩‍💻".repeat(45) });
  const lines = operation(10, 20, { description: "first\nsecond" });
  const [second, first] = historyOf([added, long, lines]).map(summary);
  assert.equal(first, `Edited "Write spec": description "" → "${"👩‍💻".repeat(39)}…"`);
  assert.equal(second, `Edited "Write spec": description "${"👩‍💻".repeat(39)}…" → "first…"`);
});
