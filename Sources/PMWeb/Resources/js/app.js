// The board page: opens the board's store, turns what a person does into operations (applied at
// once, then pushed) and into state.js's actions, and keeps syncing. The board's name is the
// page's path, `/boards/NAME`. Everything here is wiring: the rules live in the modules it
// imports, the page's state changes only in `reduce`, and only the view modules touch the DOM.

import { createBoard } from "./board.js";
import { followCardLinks } from "./cardlink.js";
import { UndoStack, fieldsBefore, makeOperation } from "./changes.js";
import { createControls } from "./controls.js";
import { createForm } from "./form.js";
import { attachGestures } from "./gestures.js";
import { bindKeys } from "./keys.js";
import { cardOf, isDeleted } from "./merge.js";
import { createNotifications, createNotifySwitch } from "./notify.js";
import { createPanels } from "./panels.js";
import { wireFlush } from "./flush.js";
import { askToKeepStorage, createStorageLine } from "./persistence.js";
import { guardSignOut } from "./signout.js";
import { earlySnapshot, registerServiceWorkerLater, scheduleMidnight, signedIn } from "./startup.js";
import { initialState, reduce, selectedCard, shifted } from "./state.js";
import { markCopy, openStore } from "./store.js";
import { Sync, stateOfSnapshot, statusText } from "./sync.js";
import { localToday } from "./today.js";
import { keepFieldsInView } from "./viewport.js";

performance.mark("pm:modules");
// The page's clock and ids: the only place they are read; every module is handed them.
const now = () => Date.now();
const randomUUID = () => crypto.randomUUID();
const boardName = decodeURIComponent(location.pathname.split("/")[2] ?? "");
const early = earlySnapshot(boardName);
const DONE_COLLAPSED = "pm.doneCollapsed";

let state = initialState({
  today: localToday(new Date(now())),
  doneCollapsed: localStorage.getItem(DONE_COLLAPSED) === "true",
});

let store;
/** The snapshot's cards drawn before the store is open (a first open), else empty. */
let preview = [];
let sync;
const undoStack = new UndoStack();
const ui = {};

/** Changes the state by `actions`, in order, then draws it once. */
function dispatch(...actions) {
  const before = state;
  for (const action of actions) state = reduce(state, action);
  if (state === before) return;
  if (state.doneCollapsed !== before.doneCollapsed) localStorage.setItem(DONE_COLLAPSED, String(state.doneCollapsed));
  ui.board?.render(state);
  ui.controls.render(state);
  if (state.cards.size > 0 && performance.getEntriesByName("pm:drawn").length === 0) performance.mark("pm:drawn");
}

/** The action that takes in the store's cards as they are now. */
function cardsNow() {
  const cards = [];
  for (const merged of store?.states.values() ?? preview) {
    const card = cardOf(merged);
    if (card) cards.push(card);
  }
  return { type: "cards", cards };
}

function refresh() {
  dispatch(cardsNow());
  ui.links?.drawn();
}

async function start() {
  ui.controls = createControls(document);
  ui.controls.showName(boardName);
  ui.storage = createStorageLine(document);
  const notifications = createNotifications({
    board: boardName,
    fetch: (...args) => fetch(...args),
    serviceWorker: navigator.serviceWorker,
    Notification: globalThis.Notification,
    PushManager: globalThis.PushManager,
    standalone: navigator.standalone,
    secure: globalThis.isSecureContext,
    storage: localStorage,
    timeZone: () => Intl.DateTimeFormat().resolvedOptions().timeZone,
  });
  ui.notify = createNotifySwitch(document, notifications);
  ui.notify.show().catch(() => {});
  keepFieldsInView(document, globalThis.visualViewport);
  // Who we are is asked for beside everything else, not before it: signed out, the page
  // leaves for sign-in (and the server refuses the sync requests meanwhile). Signed in, the
  // board asks to keep its storage (persistence.js says why), and the server is reachable.
  signedIn().then((user) => {
    if (!user) return;
    ui.controls.showUser(user);
    sync?.reachable();
    askToKeepStorage(navigator.storage).then((answer) => ui.storage.answered(answer));
    notifications.renew().catch(() => {});
  });
  guardSignOut(document, () => ({ store, sync }));
  ui.board = createBoard(ui.controls.board);
  // A first open draws the snapshot as soon as it arrives, while IndexedDB is still opening;
  // the store then takes the same cards, and the redraw finds nothing to change.
  early.then((snapshot) => {
    if (store || !snapshot) return;
    preview = snapshot.projects.map(stateOfSnapshot);
    refresh();
  });
  store = await openStore(boardName, { now, randomUUID });
  preview = [];
  performance.mark("pm:store");
  markCopy(boardName, store);
  store.onOtherTab = () => refresh();
  // Signed out in another tab: this one reloads, and the server sends it to sign-in.
  store.onGone = () => {
    sync?.stop();
    location.reload();
  };
  ui.form = createForm(document, { today: () => state.today, onSave: save });
  ui.panels = createPanels(document, {
    move: (id, status) => move(id, status),
    menu: (id) => openMenu(id),
    edit: (id) => openForm(state.cards.get(id)),
    remove: (id) => remove(id),
    undo: () => undo(),
    restore: (id) => restore(id),
    deletedNow: (id) => isDeleted(store.states.get(id)),
  });
  attachGestures(ui.controls.board, {
    onMove: (id, status) => move(id, status),
    onMenu: (id) => openMenu(id),
    onSwipe: (id) => remove(id),
    onOpen: (id) => openDetails(id),
    onLift: (id) => dispatch({ type: "lift", id }),
    onCarry: (id, over) => dispatch({ type: "carry", id, over }),
    onPutDown: () => dispatch({ type: "putDown" }),
  });
  bindKeys(document, keyActions());
  // A notification tapped opens the board at its card (#card=ID, or a message from sw.js).
  ui.links = followCardLinks({
    window: globalThis,
    serviceWorker: navigator.serviceWorker,
    open: (id) => {
      if (!state.cards.has(id)) return false;
      openDetails(id);
      return true;
    },
  });
  ui.controls.wire({
    dispatch,
    focusSelected,
    select,
    add: () => openForm(null),
    undo: () => undo(),
    redo: () => redo(),
    history: () => openHistory(),
  });
  refresh();
  scheduleMidnight(
    () => state.today,
    (today) => dispatch({ type: "today", today }),
    now,
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
      ui.controls.showNetwork(statusText(status), status.phase, status.pending);
      ui.storage.pending(status.pending);
      if (status.phase === "online") ui.links.settled();
      if (status.phase === "syncing") return;
      markCopy(boardName, store);
      registerServiceWorkerLater();
    },
  });
  wireFlush(globalThis, document, () => sync.request());
  ui.controls.ready();
  sync.start();
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

/**
 * Turns changes (`[{ projectId, fields }]`) into operations, stores them, pushes them; then
 * selects card `pick`, when given (the card just added or moved).
 */
async function commit(changes, pick = null) {
  const operations = changes.map(({ projectId, fields }) =>
    makeOperation(projectId, fields, store.clock, now(), randomUUID),
  );
  await store.addLocal(operations);
  const undoable = { type: "undoable", canUndo: undoStack.canUndo, canRedo: undoStack.canRedo };
  dispatch(cardsNow(), undoable, ...(pick ? [{ type: "pick", id: pick }] : []));
  sync?.request();
}

async function record(label, changes, pick = null) {
  undoStack.record({ label, changes });
  await commit(
    changes.map(({ projectId, after }) => ({ projectId, fields: after })),
    pick,
  );
}

const save = serial(async function save(fields, card) {
  if (card === null) {
    const projectId = randomUUID().toLowerCase();
    await record("add", [{ projectId, before: { deleted: true }, after: fields }], projectId);
  } else if (Object.keys(fields).length > 0) {
    await record("edit", [{ projectId: card.id, before: fieldsBefore(card, fields), after: fields }]);
  }
  focusSelected();
});

const move = serial(moveNow);

async function moveNow(id, status) {
  const card = state.cards.get(id);
  if (!card || card.status === status) return;
  await record("move", [{ projectId: id, before: { status: card.status }, after: { status } }], id);
}

const remove = serial(async function remove(id) {
  const card = state.cards.get(id);
  if (!card) return;
  await record("delete", [{ projectId: id, before: { deleted: false }, after: { deleted: true } }]);
  ui.panels.showToast(`Deleted "${card.title}"`);
});

/**
 * Brings back card `id`, deleted by anyone, as `pm restore` does: a new change setting
 * `deleted` to false (undo deletes it again); the history shown then tells it.
 */
const restore = serial(async function restore(id) {
  if (!isDeleted(store.states.get(id))) return;
  await record("restore", [{ projectId: id, before: { deleted: true }, after: { deleted: false } }], id);
  await openHistory();
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
  const card = state.cards.get(id);
  if (!card) return;
  dispatch({ type: "pick", id });
  ui.panels.openDetails(card, await store.entries(), store.device, state.today);
}

/** The move menu of card `id`, beside the card. */
function openMenu(id) {
  const card = state.cards.get(id);
  if (card) ui.panels.openMenu(card, ui.board.element(id)?.getBoundingClientRect() ?? null);
}

function focusSelected() {
  ui.board.focus(state);
}

function select(column, index) {
  dispatch({ type: "select", column, index });
  focusSelected();
}

function step(to) {
  dispatch({ type: "step", to });
  focusSelected();
}

/** What each key does on the board (keys.js maps keys to these names). */
function keyActions() {
  return {
    blocked: () => ui.panels.menuOpen || ui.controls.dialogOpen(),
    left: () => step("left"),
    right: () => step("right"),
    up: () => step("up"),
    down: () => step("down"),
    first: () => step("first"),
    last: () => step("last"),
    add: () => openForm(null),
    open: () => state.selectedId && openDetails(state.selectedId),
    edit: () => selectedCard(state) && openForm(selectedCard(state)),
    menu: () => state.selectedId && openMenu(state.selectedId),
    shiftLeft: () => shift(-1),
    shiftRight: () => shift(1),
    remove: () => selectedCard(state) && remove(state.selectedId),
    undo: () => undo(),
    redo: () => redo(),
    history: () => openHistory(),
    filter: () => ui.controls.focusFilter(),
    help: () => ui.controls.showHelp(),
    sync: () => sync?.request(),
  };
}

const shift = serial(async (by) => {
  const card = selectedCard(state);
  if (!card) return;
  const status = shifted(card.status, by);
  if (status) await moveNow(card.id, status);
  focusSelected();
});

async function openHistory() {
  ui.panels.openHistory(await store.entries(), store.device);
}

start().catch((error) => {
  ui.controls?.showNetwork(`error: ${error.message}`);
  throw error;
});
