// The board page's reducer, as the terminal board's Reducer*Tests: selection and filter rules,
// driven by actions alone (no DOM, no store).

import assert from "node:assert/strict";
import { test } from "node:test";
import { dropTarget, initialState, reduce, selectedCard } from "../../Sources/PMWeb/Resources/js/state.js";

const today = "2026-11-23";

/** A visible card as merge.js's `cardOf` gives it; `n` orders it (deadline, then creation). */
function card(n, title, status = "todo", description = "") {
  return {
    id: `0000000${n}-0000-4000-8000-000000000000`,
    title,
    description,
    deadline: `2026-12-${String(10 + n).padStart(2, "0")}`,
    status,
    createdAt: n,
    updatedAt: n,
  };
}

const cards = [
  card(1, "Write spec"),
  card(2, "Review draft"),
  card(3, "Café order", "todo", "beans"),
  card(4, "Deploy", "doing"),
  card(5, "Invoice", "done"),
];

/** The state after `actions`, from a board holding `cards`. */
function after(...actions) {
  return [{ type: "cards", cards }, ...actions].reduce(reduce, initialState({ today }));
}

const titles = (list) => list.map((item) => item.title);

test("Given cards arrive, when nothing was selected, then the first card of TODO is selected and the lists are in list order", () => {
  const state = after();
  assert.equal(selectedCard(state).title, "Write spec");
  assert.deepEqual(titles(state.lists.todo), ["Write spec", "Review draft", "Café order"]);
  assert.deepEqual(titles(state.lists.doing), ["Deploy"]);
  assert.equal(state.index, 0);
  assert.equal(state.tab, "todo");
});

test("Given a selected card, when it is moved to another list, then the selection stays at its place in the old list", () => {
  const moved = cards.map((item) => (item.title === "Review draft" ? { ...item, status: "doing" } : item));
  const state = reduce(after({ type: "select", column: "todo", index: 1 }), { type: "cards", cards: moved });
  assert.equal(state.column, "todo");
  assert.equal(selectedCard(state).title, "Café order");
  assert.equal(state.index, 1);
});

test("Given the last card of a list is selected, when it is deleted, then the card above it is selected", () => {
  const state = reduce(after({ type: "step", to: "last" }), { type: "cards", cards: cards.slice(0, 2).concat(cards.slice(3)) });
  assert.equal(selectedCard(state).title, "Review draft");
  assert.equal(state.index, 1);
});

test("Given a list, when up, down, first and last are pressed, then the selection moves and stops at the ends", () => {
  assert.equal(selectedCard(after({ type: "step", to: "up" })).title, "Write spec");
  assert.equal(selectedCard(after({ type: "step", to: "down" })).title, "Review draft");
  assert.equal(selectedCard(after({ type: "step", to: "last" }, { type: "step", to: "down" })).title, "Café order");
  assert.equal(selectedCard(after({ type: "step", to: "last" }, { type: "step", to: "first" })).title, "Write spec");
});

test("Given the third card of TODO, when right is pressed, then DOING's card at that place (or its last) is selected", () => {
  const state = after({ type: "select", column: "todo", index: 2 }, { type: "step", to: "right" });
  assert.equal(state.column, "doing");
  assert.equal(state.tab, "doing");
  assert.equal(selectedCard(state).title, "Deploy");
});

test("Given DONE or TODO at the edge, when right or left is pressed past it, then nothing changes", () => {
  const done = after({ type: "select", column: "done", index: 0 });
  assert.equal(reduce(done, { type: "step", to: "right" }), done);
  const todo = after();
  assert.equal(reduce(todo, { type: "step", to: "left" }), todo);
});

test("Given an empty list, when it is selected, then no card is selected and the column still holds the place", () => {
  const state = reduce(after(), { type: "cards", cards: cards.filter((item) => item.status !== "doing") });
  const empty = reduce(state, { type: "select", column: "doing", index: 3 });
  assert.equal(empty.column, "doing");
  assert.equal(empty.selectedId, null);
  assert.equal(selectedCard(empty), null);
  assert.equal(empty.index, 0);
});

test("Given a filter, when it is typed, then only matching cards show, ignoring case and accents, in title or description", () => {
  const state = after({ type: "filter", text: "CAFE" });
  assert.deepEqual(titles(state.lists.todo), ["Café order"]);
  assert.deepEqual(state.lists.doing, []);
  assert.deepEqual(titles(after({ type: "filter", text: "beans" }).lists.todo), ["Café order"]);
});

test("Given a selected card, when the filter hides it, then the card now at its place is selected; when cleared, the lists come back", () => {
  const filtered = after({ type: "filter", text: "r" });
  assert.deepEqual(titles(filtered.lists.todo), ["Write spec", "Review draft", "Café order"]);
  const hidden = after({ type: "step", to: "down" }, { type: "filter", text: "spec" });
  assert.equal(selectedCard(hidden).title, "Write spec");
  const cleared = reduce(hidden, { type: "filter", text: "" });
  assert.equal(cleared.lists.todo.length, 3);
  assert.equal(selectedCard(cleared).title, "Write spec");
});

test("Given the filter, when the same text is typed again, then the state is the same object (nothing to draw)", () => {
  const state = after({ type: "filter", text: "spec" });
  assert.equal(reduce(state, { type: "filter", text: "spec" }), state);
});

test("Given a card in another list, when it is picked (focused, opened, added or moved), then its list and place are selected", () => {
  const state = after({ type: "pick", id: cards[4].id });
  assert.equal(state.column, "done");
  assert.equal(state.tab, "done");
  assert.equal(selectedCard(state).title, "Invoice");
  assert.equal(reduce(state, { type: "pick", id: "unknown" }), state);
  assert.equal(reduce(state, { type: "pick", id: cards[4].id }), state);
});

test("Given DONE, when its fold is toggled, then it folds and unfolds; the day rolls over; undo's buttons follow the stack", () => {
  const folded = after({ type: "toggleDone" });
  assert.equal(folded.doneCollapsed, true);
  assert.equal(reduce(folded, { type: "toggleDone" }).doneCollapsed, false);
  assert.equal(after({ type: "today", today: "2026-11-24" }).today, "2026-11-24");
  const undoable = after({ type: "undoable", canUndo: true, canRedo: false });
  assert.deepEqual([undoable.canUndo, undoable.canRedo], [true, false]);
});

test("Given an action the board does not know, when reduced, then it throws naming it", () => {
  assert.throws(() => after({ type: "dance" }), /unknown board action "dance"/);
});

test("Given a held card, when it is lifted, carried over lists and put down, then the drag is state and lights only another list", () => {
  const id = cards[0].id;
  const lifted = after({ type: "lift", id });
  assert.deepEqual(lifted.drag, { id, carried: false, over: null });
  assert.equal(dropTarget(lifted), null);
  // Over its own list nothing lights; over DOING, DOING does.
  const home = reduce(lifted, { type: "carry", id, over: "todo" });
  assert.equal(dropTarget(home), null);
  const over = reduce(home, { type: "carry", id, over: "doing" });
  assert.equal(dropTarget(over), "doing");
  // The same place again changes nothing (no redraw per pointer move).
  assert.equal(reduce(over, { type: "carry", id, over: "doing" }), over);
  const down = reduce(over, { type: "putDown" });
  assert.equal(down.drag, null);
  assert.equal(reduce(down, { type: "putDown" }), down);
  // A card no longer on the board cannot be lifted.
  assert.equal(after({ type: "lift", id: "gone" }).drag, null);
});
