// The board page: opens the board's store, draws it, turns what a person does into operations
// (applied at once, then pushed), and keeps syncing. The board's name is the page's path,
// `/boards/NAME`. Everything here is wiring; the rules live in the modules it imports.

import { createBoard } from "./board.js";
import { UndoStack, fieldsBefore, localToday, makeOperation, matches } from "./changes.js";
import { wireControls } from "./controls.js";
import { createForm } from "./form.js";
import { attachGestures } from "./gestures.js";
import { bindKeys } from "./keys.js";
import { boardOf, cardOf, STATUSES } from "./merge.js";
import { createPanels } from "./panels.js";
import { guardSignOut } from "./signout.js";
import { markCopy, openStore } from "./store.js";
import { earlySnapshot, registerServiceWorkerLater, scheduleMidnight, signedIn } from "./startup.js";
import { Sync, stateOfSnapshot, statusText } from "./sync.js";

performance.mark("pm:modules");
const boardName = decodeURIComponent(location.pathname.split("/")[2] ?? "");
const randomUUID = () => crypto.randomUUID();
const early = earlySnapshot(boardName);

const view = {
  lists: { todo: [], doing: [], done: [] },
  today: localToday(new Date()),
  filter: "",
  column: "todo",
  selectedId: null,
  doneCollapsed: localStorage.getItem("pm.doneCollapsed") === "true",
  tab: "todo",
};

let store;
/** The snapshot's cards drawn before the store is open (a first open), else empty. */
let preview = [];
let sync;
let cards = new Map();
const undoStack = new UndoStack();
const ui = {};

async function start() {
  document.getElementById("board-name").textContent = boardName;
  document.title = `${boardName} · Project Manager`;
  // Who we are is asked for beside everything else, not before it: signed out, the page
  // leaves for sign-in (and the server refuses the sync requests meanwhile).
  signedIn();
  guardSignOut(document, () => ({ store, sync }));
  ui.board = createBoard(document.getElementById("board"));
  // A first open draws the snapshot as soon as it arrives, while IndexedDB is still opening;
  // the store then takes the same cards, and the redraw finds nothing to change.
  early.then((snapshot) => {
    if (store || !snapshot) return;
    preview = snapshot.projects.map(stateOfSnapshot);
    refresh();
  });
  store = await openStore(boardName);
  preview = [];
  performance.mark("pm:store");
  markCopy(boardName, store);
  store.onOtherTab = () => refresh();
  // Signed out in another tab: this one reloads, and the server sends it to sign-in.
  store.onGone = () => {
    sync?.stop();
    location.reload();
  };
  ui.form = createForm(document, { today: () => view.today, onSave: save });
  ui.panels = createPanels(document, {
    move: (id, status) => move(id, status),
    edit: (id) => openForm(cards.get(id)),
    remove: (id) => remove(id),
    undo: () => undo(),
  });
  attachGestures(document.getElementById("board"), {
    onMove: (id, status) => move(id, status),
    onMenu: (id, x, y) => cards.has(id) && ui.panels.openMenu(cards.get(id), x, y),
    onSwipe: (id) => remove(id),
    onOpen: (id) => openDetails(id),
  });
  bindKeys(document, keyActions());
  wireControls(document, {
    view,
    refresh,
    focusSelected,
    select,
    statusOf: (id) => cards.get(id)?.status ?? null,
    add: () => openForm(null),
    undo: () => undo(),
    redo: () => redo(),
    history: () => openHistory(),
  });
  refresh();
  scheduleMidnight(
    () => view.today,
    (today) => {
      view.today = today;
      refresh();
    },
  );
  sync = new Sync({
    board: boardName,
    store,
    fetch: (...args) => fetch(...args),
    WebSocket,
    location,
    snapshot: early,
    onChange: () => {
      refresh();
      registerServiceWorkerLater();
    },
    onStatus: (status) => {
      document.getElementById("network").textContent = statusText(status);
      document.body.dataset.sync = status.phase;
      if (status.phase === "syncing") return;
      markCopy(boardName, store);
      registerServiceWorkerLater();
    },
  });
  addEventListener("online", () => sync.request());
  document.body.dataset.ready = "true";
  sync.start();
}

/** Redraws from the store's cards: filter, order, selection kept on the same card. */
function refresh() {
  cards = new Map();
  for (const state of store?.states.values() ?? preview) {
    const card = cardOf(state);
    if (card) cards.set(card.id, card);
  }
  const shown = [...cards.values()].filter((card) => matches(card, view.filter));
  view.lists = boardOf(shown);
  const list = view.lists[view.column];
  if (!list.some((card) => card.id === view.selectedId)) {
    view.selectedId = list[Math.min(view.index ?? 0, list.length - 1)]?.id ?? null;
  }
  view.index = Math.max(0, list.findIndex((card) => card.id === view.selectedId));
  view.tab = view.column;
  ui.board.render(view);
  for (const tab of document.querySelectorAll("[role=tab]")) {
    const status = tab.dataset.status;
    tab.textContent = `${status.toUpperCase()} (${view.lists[status].length})`;
    tab.setAttribute("aria-selected", String(status === view.tab));
  }
  document.getElementById("undo").disabled = !undoStack.canUndo;
  document.getElementById("redo").disabled = !undoStack.canRedo;
  document.getElementById("today").textContent = `Today ${view.today}`;
  if (cards.size > 0 && performance.getEntriesByName("pm:drawn").length === 0) performance.mark("pm:drawn");
}

let queue = Promise.resolve();

/**
 * Runs actions one after another: each reads the cards only after the one before has stored
 * its change, so `L L` pressed quickly moves a card two lists, not the same one twice.
 */
function serial(action) {
  return (...args) => {
    const run = queue.then(() => action(...args));
    queue = run.catch((error) => console.error(error));
    return run;
  };
}

/** Turns changes (`[{ projectId, fields }]`) into operations, stores them, pushes them. */
async function commit(changes) {
  const operations = changes.map(({ projectId, fields }) =>
    makeOperation(projectId, fields, store.clock, Date.now(), randomUUID),
  );
  await store.addLocal(operations);
  refresh();
  sync?.request();
}

async function record(label, changes) {
  undoStack.record({ label, changes });
  await commit(changes.map(({ projectId, after }) => ({ projectId, fields: after })));
}

const save = serial(async function save(fields, card) {
  if (card === null) {
    const projectId = randomUUID().toLowerCase();
    view.column = "todo";
    view.selectedId = projectId;
    await record("add", [{ projectId, before: { deleted: true }, after: fields }]);
  } else if (Object.keys(fields).length > 0) {
    await record("edit", [{ projectId: card.id, before: fieldsBefore(card, fields), after: fields }]);
  }
  focusSelected();
});

const move = serial(moveNow);

async function moveNow(id, status) {
  const card = cards.get(id);
  if (!card || card.status === status) return;
  view.column = status;
  view.selectedId = id;
  await record("move", [{ projectId: id, before: { status: card.status }, after: { status } }]);
}

const remove = serial(async function remove(id) {
  const card = cards.get(id);
  if (!card) return;
  await record("delete", [{ projectId: id, before: { deleted: false }, after: { deleted: true } }]);
  ui.panels.showToast(`Deleted "${card.title}"`);
});

const undo = serial(async function undo() {
  const step = undoStack.undo();
  if (step) await commit(step.changes);
});

const redo = serial(async function redo() {
  const step = undoStack.redo();
  if (step) await commit(step.changes);
});

function openForm(card) {
  ui.panels.closeMenu();
  ui.form.open(card ?? null);
}

async function openDetails(id) {
  const card = cards.get(id);
  if (!card) return;
  view.column = card.status;
  view.selectedId = id;
  refresh();
  ui.panels.openDetails(card, await store.entries(), store.device, view.today);
}

function focusSelected() {
  const element = view.selectedId && ui.board.element(view.selectedId);
  if (element) element.focus();
  else document.getElementById(`list-${view.column}`)?.focus();
}

function select(column, index) {
  view.column = column;
  const list = view.lists[column];
  view.index = Math.max(0, Math.min(index, list.length - 1));
  view.selectedId = list[view.index]?.id ?? null;
  refresh();
  focusSelected();
}

function selected() {
  return view.selectedId ? cards.get(view.selectedId) : null;
}

/** What each key does on the board (keys.js maps keys to these names). */
function keyActions() {
  const step = (delta) => {
    const index = STATUSES.indexOf(view.column) + delta;
    if (index >= 0 && index < STATUSES.length) select(STATUSES[index], view.index ?? 0);
  };
  return {
    blocked: () => ui.panels.menuOpen || document.querySelector("dialog[open]") !== null,
    left: () => step(-1),
    right: () => step(1),
    up: () => select(view.column, (view.index ?? 0) - 1),
    down: () => select(view.column, (view.index ?? 0) + 1),
    first: () => select(view.column, 0),
    last: () => select(view.column, view.lists[view.column].length - 1),
    add: () => openForm(null),
    open: () => view.selectedId && openDetails(view.selectedId),
    edit: () => selected() && openForm(selected()),
    menu: () => {
      const card = selected();
      const box = card && ui.board.element(card.id)?.getBoundingClientRect();
      if (box) ui.panels.openMenu(card, box.left + 16, box.top + 16);
    },
    shiftLeft: () => shift(-1),
    shiftRight: () => shift(1),
    remove: () => selected() && remove(view.selectedId),
    undo: () => undo(),
    redo: () => redo(),
    history: () => openHistory(),
    filter: () => document.getElementById("filter").focus(),
    help: () => document.getElementById("help-dialog").showModal(),
    sync: () => sync?.request(),
  };
}

const shift = serial(async (delta) => {
  const card = selected();
  if (!card) return;
  const index = STATUSES.indexOf(card.status) + delta;
  if (index >= 0 && index < STATUSES.length) await moveNow(card.id, STATUSES[index]);
  focusSelected();
});

async function openHistory() {
  ui.panels.openHistory(await store.entries(), store.device);
}

start().catch((error) => {
  document.getElementById("network").textContent = `error: ${error.message}`;
  throw error;
});
