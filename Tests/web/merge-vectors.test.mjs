// Merging and history in JavaScript reproduce the Swift domain's seeded scenarios exactly:
// operations from three devices, shuffled and partly duplicated.

import assert from "node:assert/strict";
import { test } from "node:test";
import { formatTimestamp } from "../../Sources/PMWeb/Resources/js/clock.js";
import { historyOf, summary } from "../../Sources/PMWeb/Resources/js/history.js";
import {
  boardOf,
  cardOf,
  isOverdue,
  mergeOperations,
  overdueCount,
} from "../../Sources/PMWeb/Resources/js/merge.js";
import { shape, vectors } from "./vectors.mjs";

const { today, scenarios } = vectors("merge");

for (const scenario of scenarios) {
  const states = mergeOperations(scenario.operations);
  const cards = [...states.values()].map(cardOf).filter(Boolean);
  const board = boardOf(cards);

  test(`Given scenario ${scenario.seed}, when merged, then every register is Swift's`, () => {
    const sorted = [...states.values()].sort((a, b) => (a.id < b.id ? -1 : 1));
    assert.deepEqual(sorted.map(shape), scenario.states);
  });

  test(`Given scenario ${scenario.seed}, when shown, then the cards, lists and overdue are Swift's`, () => {
    const shown = ["todo", "doing", "done"].flatMap((status) => board[status]);
    assert.deepEqual(
      shown.map((card) => ({ ...card, overdue: isOverdue(card, today) })),
      scenario.cards,
    );
    for (const status of ["todo", "doing", "done"]) {
      assert.deepEqual(board[status].map((card) => card.id), scenario.board[status]);
    }
    assert.equal(overdueCount(cards, today), scenario.overdueCount);
  });

  test(`Given scenario ${scenario.seed}, when history is derived, then entries and sentences are Swift's`, () => {
    const entries = historyOf(scenario.operations).map((entry) => ({
      ...entry,
      timestamp: formatTimestamp(entry.timestamp),
      summary: summary(entry),
    }));
    assert.deepEqual(entries, scenario.history);
  });
}
