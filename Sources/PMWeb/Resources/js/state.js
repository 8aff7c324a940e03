// The board page's state and the one place it changes: `reduce(state, action)`, as the terminal
// board's `BoardState.reduce`. Pure: no DOM, no store, no clock; app.js dispatches actions and
// the view modules draw what it returns. Every action leaves the selection on a shown card
// (or none when its list is empty), so no drawer has to repair it.

import { STATUSES, boardOf } from "./merge.js";

/**
 * The state before any card is known. `today` is the local day (ISO); `doneCollapsed` whether
 * DONE starts folded (the browser remembers it).
 */
export function initialState({ today, doneCollapsed = false }) {
  return {
    /** Every visible card, by id (filtered or not). */
    cards: new Map(),
    /** The shown cards, `{ todo, doing, done }`, each in list order. */
    lists: { todo: [], doing: [], done: [] },
    today,
    filter: "",
    /** The list the selection is in (and the tab a narrow screen shows). */
    column: "todo",
    index: 0,
    selectedId: null,
    doneCollapsed,
    tab: "todo",
    canUndo: false,
    canRedo: false,
    /**
     * The card a finger or mouse holds, or `null`: `{ id, carried, over }`, lifted by a hold
     * (`carried` false) or carried (`carried` true) over list `over` (a status, or `null`).
     */
    drag: null,
  };
}

/**
 * The state after `action`:
 * - `{ type: "cards", cards }`: the store's visible cards, now (the selection stays on its card);
 * - `{ type: "filter", text }`: shows only the cards matching `text`;
 * - `{ type: "select", column, index }`: the card at `index` of `column` (clamped);
 * - `{ type: "pick", id }`: card `id`, in whichever list it is (unknown: nothing changes);
 * - `{ type: "step", to }`: `left` / `right` (the same place in the next list), `up` / `down`,
 *   `first` / `last`;
 * - `{ type: "toggleDone" }`: folds or unfolds DONE;
 * - `{ type: "today", today }`: the day rolled over;
 * - `{ type: "undoable", canUndo, canRedo }`: what the undo stack holds;
 * - `{ type: "lift", id }`: card `id` is held (a finger's hold, before it moves);
 * - `{ type: "carry", id, over }`: card `id` follows the pointer, over list `over` (or none);
 * - `{ type: "putDown" }`: the held card is let go (the move itself is an operation, not state).
 */
export function reduce(state, action) {
  switch (action.type) {
    case "cards": {
      const cards = new Map(action.cards.map((card) => [card.id, card]));
      return settled({ ...state, cards, lists: listsOf(cards, state.filter) });
    }
    case "filter":
      if (action.text === state.filter) return state;
      return settled({ ...state, filter: action.text, lists: listsOf(state.cards, action.text) });
    case "select":
      return selectAt(state, action.column, action.index);
    case "pick": {
      const card = state.cards.get(action.id);
      if (!card || (card.id === state.selectedId && card.status === state.column)) return state;
      return settled({ ...state, column: card.status, selectedId: card.id });
    }
    case "step":
      return stepped(state, action.to);
    case "toggleDone":
      return { ...state, doneCollapsed: !state.doneCollapsed };
    case "today":
      return action.today === state.today ? state : { ...state, today: action.today };
    case "undoable":
      return { ...state, canUndo: action.canUndo, canRedo: action.canRedo };
    case "lift":
      return state.cards.has(action.id) ? { ...state, drag: { id: action.id, carried: false, over: null } } : state;
    case "carry": {
      const { drag } = state;
      if (drag?.id === action.id && drag.carried && drag.over === action.over) return state;
      return { ...state, drag: { id: action.id, carried: true, over: action.over } };
    }
    case "putDown":
      return state.drag === null ? state : { ...state, drag: null };
    default:
      throw new Error(`unknown board action "${action.type}"`);
  }
}

/** The selected card, or `null`. */
export function selectedCard(state) {
  return state.selectedId === null ? null : (state.cards.get(state.selectedId) ?? null);
}

/** The list a carried card would be dropped into now (not its own), or `null`. */
export function dropTarget(state) {
  const { drag } = state;
  if (!drag?.carried || drag.over === null) return null;
  return drag.over === state.cards.get(drag.id)?.status ? null : drag.over;
}

/** The list to the left (-1) or right (+1) of `status`, or `null` at the edge, as `H` / `L`. */
export function shifted(status, step) {
  const index = STATUSES.indexOf(status) + step;
  return index >= 0 && index < STATUSES.length ? STATUSES[index] : null;
}

/** Whether `card` matches the filter: in title or description, ignoring case and accents. */
export function matches(card, filter) {
  if (!filter) return true;
  const fold = (text) =>
    text
      .normalize("NFD")
      .replace(/\p{Mn}/gu, "")
      .toLocaleLowerCase();
  const needle = fold(filter);
  return fold(card.title).includes(needle) || fold(card.description).includes(needle);
}

function listsOf(cards, filter) {
  return boardOf([...cards.values()].filter((card) => matches(card, filter)));
}

function selectAt(state, column, index) {
  const list = state.lists[column];
  const at = Math.max(0, Math.min(index, list.length - 1));
  return settled({ ...state, column, index: at, selectedId: list[at]?.id ?? null });
}

function stepped(state, to) {
  switch (to) {
    case "left":
    case "right": {
      const column = shifted(state.column, to === "left" ? -1 : 1);
      return column ? selectAt(state, column, state.index) : state;
    }
    case "up":
      return selectAt(state, state.column, state.index - 1);
    case "down":
      return selectAt(state, state.column, state.index + 1);
    case "first":
      return selectAt(state, state.column, 0);
    case "last":
      return selectAt(state, state.column, state.lists[state.column].length - 1);
    default:
      throw new Error(`unknown step "${to}"`);
  }
}

/**
 * The selection made whole: a selected card no longer in its list (moved away, deleted,
 * filtered out) gives its place to the card now at the same index, and the index follows the
 * selected card.
 */
function settled(state) {
  const list = state.lists[state.column];
  let selectedId = state.selectedId;
  if (!list.some((card) => card.id === selectedId)) {
    selectedId = list[Math.min(state.index, list.length - 1)]?.id ?? null;
  }
  const index = Math.max(0, list.findIndex((card) => card.id === selectedId));
  return { ...state, selectedId, index, tab: state.column };
}
