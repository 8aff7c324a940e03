// The board kept in the browser's IndexedDB: every operation (with its seq and author once the
// server has them), the merged card states, the outbox, the pull cursor, the device id and the
// clock. The browser is one more device of the sync protocol, so it holds what `pm` holds in
// its SQLite file, and every change is one transaction: a reload, a closed tab or a crash loses
// nothing and never leaves cards that disagree with the operations.

import { HybridClock } from "./clock.js";
import { CARD_FIELDS, applyOperation, emptyState } from "./merge.js";

const VERSION = 1;

/** Wraps an IDBRequest in a promise. */
function request(req) {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/** Resolves when `transaction` commits, rejects when it aborts. */
function committed(transaction) {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onabort = () => reject(transaction.error ?? new Error("transaction aborted"));
    transaction.onerror = () => reject(transaction.error);
  });
}

function upgrade(db) {
  // Operations made here, by id: { id, operation }, kept for history until a pull brings them.
  db.createObjectStore("operations", { keyPath: "id" });
  // Pulled operations, a page per record keyed by its first seq: { entries: [{ seq, operation,
  // author }] }. One write per page rather than a thousand is what makes a first open quick.
  db.createObjectStore("pages");
  // The merged registers of each card (merge.js's state), so opening the board reads cards,
  // not every operation ever made.
  db.createObjectStore("cards", { keyPath: "id" });
  // Local operations the server has not acknowledged: { id, operation }.
  db.createObjectStore("outbox", { keyPath: "id" });
  // device, cursor, clock.
  db.createObjectStore("meta");
}

/** The localStorage key that says this browser holds a copy of `board` (a hint, not the data). */
export const copyKey = (board) => `pm.copy:${board}`;

/**
 * Whether this browser holds a copy of `board`, known without opening IndexedDB: a first open
 * can then ask for the snapshot at once, and a reopen does not ask for one it will not use.
 */
export function hasCopy(board, storage = globalThis.localStorage) {
  try {
    return storage.getItem(copyKey(board)) !== null;
  } catch {
    return false;
  }
}

/** Notes that this browser holds a copy of `board` once `store` has pulled any of it. */
export function markCopy(board, store, storage = globalThis.localStorage) {
  if (store.cursor === 0) return;
  try {
    storage.setItem(copyKey(board), "1");
  } catch {
    // Storage full or refused: the next open asks for a snapshot it may not need, no more.
  }
}

/** Opens (creating when new) the store of board `board`; `now()` is the page's clock (milliseconds). */
export async function openStore(board, { now, indexedDB = globalThis.indexedDB, randomUUID }) {
  const open = indexedDB.open(`pm-board:${board}`, VERSION);
  open.onupgradeneeded = () => upgrade(open.result);
  const db = await request(open);
  const store = new Store(db, `pm-board:${board}`, now);
  // Another tab is deleting the board (signing out): let go of it so the deletion can go on.
  db.onversionchange = () => {
    store.close();
    store.onGone();
  };
  await store.load(randomUUID ?? (() => crypto.randomUUID()));
  if (globalThis.BroadcastChannel) store.listen(new BroadcastChannel(`pm-board:${board}`));
  return store;
}

/** One board's data: read once into memory, written through in transactions. */
export class Store {
  constructor(db, name, now) {
    this.db = db;
    /** The wall time (milliseconds), against which the clock bounds what it takes in. */
    this.now = now;
    /** The database's name, `pm-board:NAME`. */
    this.name = name;
    /** Card states by id, as merge.js keeps them. */
    this.states = new Map();
    /** Operations not yet acknowledged, in the order they were made. */
    this.outbox = [];
    this.cursor = 0;
    /** The seq a first open started from (0: it replayed everything) and how far history behind it is filled in. */
    this.snapshot = 0;
    this.backfill = 0;
    this.device = null;
    this.clock = null;
    this.channel = null;
    /** Told the ids of cards another tab of this browser changed. */
    this.onOtherTab = () => {};
    /** Told when another tab deleted this board's database (it signed out). */
    this.onGone = () => {};
  }

  /** Lets go of the database (before it is deleted); the store is not used after this. */
  close() {
    this.channel?.close();
    this.channel = null;
    this.db.close();
  }

  /**
   * Tabs of one board share the device id, the clock and the database: each tells the others
   * of its changes, so they show them at once and never read the same clock twice.
   */
  listen(channel) {
    this.channel = channel;
    channel.onmessage = ({ data }) => {
      const changed = new Set();
      for (const operation of data.operations) {
        this.clock.receive(operation.timestamp, this.now());
        let state = this.states.get(operation.projectId);
        if (!state) {
          state = emptyState(operation.projectId);
          this.states.set(state.id, state);
        }
        if (applyOperation(state, operation)) changed.add(state.id);
        if (data.local && !this.outbox.some((queued) => queued.id === operation.id)) this.outbox.push(operation);
      }
      if (!data.local) {
        // Pulled by the other tab: ours among them are on the server, out of the outbox.
        const arrived = new Set(data.operations.map((operation) => operation.id));
        this.outbox = this.outbox.filter((operation) => !arrived.has(operation.id));
      }
      if (changed.size > 0) this.onOtherTab(changed);
    };
  }

  async load(randomUUID) {
    const tx = this.db.transaction(["cards", "outbox", "meta"], "readwrite");
    const done = committed(tx);
    const meta = tx.objectStore("meta");
    const [cards, outbox, device, cursor, latest, snapshot, backfill] = await Promise.all([
      request(tx.objectStore("cards").getAll()),
      request(tx.objectStore("outbox").getAll()),
      request(meta.get("device")),
      request(meta.get("cursor")),
      request(meta.get("clock")),
      request(meta.get("snapshot")),
      request(meta.get("backfill")),
    ]);
    this.snapshot = snapshot ?? 0;
    this.backfill = backfill ?? 0;
    for (const state of cards) this.states.set(state.id, state);
    this.outbox = outbox.map((entry) => entry.operation).sort(byClock);
    this.cursor = cursor ?? 0;
    // The device id is made once and kept: the clock's tie-breaker and "this device" in history.
    this.device = device ?? randomUUID().toLowerCase();
    if (!device) tx.objectStore("meta").put(this.device, "device");
    this.clock = latest ? new HybridClock(latest) : HybridClock.forDevice(this.device);
    await done;
  }

  /**
   * Stores operations made here: merged into the cards, kept, and queued in the outbox, in one
   * transaction. Returns the ids of the cards that changed.
   */
  async addLocal(operations) {
    const tx = this.db.transaction(["operations", "cards", "outbox", "meta"], "readwrite");
    const done = committed(tx);
    const changed = this.#merge(tx, operations);
    for (const operation of operations) {
      tx.objectStore("operations").put({ id: operation.id, operation });
      tx.objectStore("outbox").put({ id: operation.id, operation });
    }
    tx.objectStore("meta").put(this.clock.latest, "clock");
    await done;
    this.outbox.push(...operations);
    this.channel?.postMessage({ operations, local: true });
    return changed;
  }

  /**
   * Stores a page of pulled entries (`{ seq, operation, author }`) and the new cursor in one
   * transaction, so a crash neither skips nor repeats a page. An entry of ours leaves the outbox.
   */
  async addPulled(entries, cursor) {
    // Relaxed: a pulled page lost to a power cut is lost with its cursor (same transaction),
    // and simply pulled again; skipping the flush to disk makes a first open several times faster.
    const tx = this.db.transaction(["pages", "cards", "outbox", "meta"], "readwrite", { durability: "relaxed" });
    const done = committed(tx);
    const operations = entries.map((entry) => entry.operation);
    const now = this.now();
    for (const operation of operations) this.clock.receive(operation.timestamp, now);
    const changed = this.#merge(tx, operations);
    if (entries.length > 0) tx.objectStore("pages").put({ entries }, entries[0].seq);
    const arrived = new Set(operations.map((operation) => operation.id));
    for (const operation of this.outbox) if (arrived.has(operation.id)) tx.objectStore("outbox").delete(operation.id);
    tx.objectStore("meta").put(cursor, "cursor");
    tx.objectStore("meta").put(this.clock.latest, "clock");
    await done;
    this.cursor = cursor;
    this.outbox = this.outbox.filter((operation) => !arrived.has(operation.id));
    if (changed.size > 0) {
      this.channel?.postMessage({ operations: entries.map((entry) => entry.operation), local: false });
    }
    return changed;
  }

  /**
   * Starts a new copy from the server's snapshot (cards with their field clocks, as of `seq`):
   * the board shows at once, and the operations before `seq` are filled in behind it.
   */
  async addSnapshot(states, seq) {
    // In memory at once, written a moment later: the caller draws the cards in between, so
    // copying thousands of records into the transaction does not hold the first sight of them.
    const now = this.now();
    for (const state of states) {
      this.states.set(state.id, state);
      for (const field of CARD_FIELDS) {
        if (state[field]) this.clock.receive(state[field].timestamp, now);
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
    const tx = this.db.transaction(["cards", "meta"], "readwrite", { durability: "relaxed" });
    const done = committed(tx);
    for (const state of states) tx.objectStore("cards").put(state);
    tx.objectStore("meta").put(seq, "cursor");
    tx.objectStore("meta").put(seq, "snapshot");
    tx.objectStore("meta").put(0, "backfill");
    tx.objectStore("meta").put(this.clock.latest, "clock");
    await done;
    this.cursor = seq;
    this.snapshot = seq;
    this.backfill = 0;
    return new Set(states.map((state) => state.id));
  }

  /** Stores a page of the history behind the snapshot; the cursor stays where it is. */
  async addBackfill(entries, next) {
    const tx = this.db.transaction(["pages", "cards", "meta"], "readwrite", { durability: "relaxed" });
    const done = committed(tx);
    const operations = entries.map((entry) => entry.operation);
    const now = this.now();
    for (const operation of operations) this.clock.receive(operation.timestamp, now);
    const changed = this.#merge(tx, operations);
    if (entries.length > 0) tx.objectStore("pages").put({ entries }, entries[0].seq);
    tx.objectStore("meta").put(next, "backfill");
    tx.objectStore("meta").put(this.clock.latest, "clock");
    await done;
    this.backfill = next;
    return changed;
  }

  /** Takes acknowledged operations (`[{ id, seq }]`) out of the outbox; only now are they safe. */
  async acknowledge(results) {
    const tx = this.db.transaction("outbox", "readwrite");
    const done = committed(tx);
    for (const { id } of results) tx.objectStore("outbox").delete(id);
    await done;
    const ids = new Set(results.map((result) => result.id));
    this.outbox = this.outbox.filter((operation) => !ids.has(operation.id));
  }

  /**
   * Every operation held, `{ operation, seq, author }`: pulled ones with the server's seq and
   * author, our own not yet pulled back with `null` for both.
   */
  async entries() {
    const tx = this.db.transaction(["pages", "operations"], "readonly");
    const [pages, local] = await Promise.all([
      request(tx.objectStore("pages").getAll()),
      request(tx.objectStore("operations").getAll()),
    ]);
    const byId = new Map();
    for (const { operation } of local) byId.set(operation.id, { operation, seq: null, author: null });
    for (const page of pages) for (const entry of page.entries) byId.set(entry.operation.id, entry);
    return [...byId.values()];
  }

  /** Merges operations into the in-memory states and writes the cards that changed, in `tx`. */
  #merge(tx, operations) {
    const changed = new Set();
    for (const operation of operations) {
      let state = this.states.get(operation.projectId);
      if (!state) {
        state = emptyState(operation.projectId);
        this.states.set(state.id, state);
      }
      if (applyOperation(state, operation)) changed.add(state.id);
    }
    for (const id of changed) tx.objectStore("cards").put(this.states.get(id));
    return changed;
  }
}

function byClock(a, b) {
  const x = a.timestamp;
  const y = b.timestamp;
  return x.wallTime - y.wallTime || x.counter - y.counter;
}
