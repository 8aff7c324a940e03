// The browser's sync round and its live follow, as docs/sync-protocol.md and PMSync's engine:
// push the outbox (idempotent by operation id, so a retry after a lost answer is harmless),
// pull to the head, and follow `/live`, which announces heads. A failure goes offline and
// retries after a backoff; a refusal retrying cannot fix (401, 404, other 4xx) stops until asked.
// The session cookie goes with every same-origin request, so no token is handled here.

import { CARD_FIELDS } from "./merge.js";

// The limits, pauses and retry rule below are pinned to the Swift client's by the shared
// vectors (Tests/Vectors/protocol.json, checked by Tests/web/protocol-vectors.test.mjs).

/**
 * Push limits inside the server's (PushRequest: 1,000 operations, 1 MiB body), as `pm` aims
 * (SyncRound.batchBytes). The budget counts UTF-8 bytes, as the server does.
 */
export const BATCH_COUNT = 1000;
export const BATCH_BYTES = 768 * 1024;

/** The first retry's full pause and the longest, in milliseconds (PMSync's `Backoff`). */
export const BACKOFF_BASE = 500;
export const BACKOFF_CAP = 60_000;

/**
 * How long the n-th retry in a row waits, in milliseconds: between half and all of
 * 500 · 2ⁿ⁻¹, at most 60 s (the jitter keeps many browsers from retrying in step).
 */
export function retryDelay(attempt, random = Math.random) {
  const full = Math.min(BACKOFF_CAP, BACKOFF_BASE * 2 ** Math.max(0, attempt - 1));
  return Math.round(full / 2 + (random() * full) / 2);
}

/**
 * Whether an answer of HTTP `status` (not 2xx) is worth retrying, as the Swift client decides
 * (SyncTransportError): timeouts, rate limits and server faults pass, and a left-over 1xx or
 * 3xx is a misconfiguration that may yet be fixed; every other 4xx needs the user.
 */
export function isRetryable(status) {
  return status === 408 || status === 429 || status < 400 || status >= 500;
}

const utf8 = new TextEncoder();

/**
 * How often the board checks the server while live updates are blocked, in milliseconds: a
 * proxy that drops the WebSocket upgrade must not leave the board quiet.
 */
export const BLOCKED_POLL = 10_000;

/** Live sockets in a row that never opened, while the server answered, before live is blocked. */
export const BLOCKED_AFTER = 2;

/**
 * How long filling in the history behind a snapshot waits for the page to be idle, in ms. Without
 * a limit a browser may put the idle callback off indefinitely (a page kept busy, a tab in the
 * background), and the round waiting on it would hold back every later one: the board would show
 * the snapshot's cards and take no other device's change until then.
 */
export const IDLE_LIMIT = 1000;

/** Resolves once the page is idle, or after `limit` ms (`requestIdle` is `requestIdleCallback`,
 * absent in Safari, where the next timer turn stands for it). */
export function whenIdle(requestIdle, setTimer, limit = IDLE_LIMIT) {
  return new Promise((resolve) => {
    if (requestIdle) requestIdle(() => resolve(), { timeout: limit });
    else setTimer(resolve, 0);
  });
}

/** The outbox cut into push bodies of at most `count` operations and about `bytes` bytes. */
export function batches(operations, count = BATCH_COUNT, bytes = BATCH_BYTES) {
  const result = [];
  let batch = [];
  let size = 0;
  for (const operation of operations) {
    const length = utf8.encode(JSON.stringify(operation)).length + 1;
    if (batch.length > 0 && (batch.length >= count || size + length > bytes)) {
      result.push(batch);
      batch = [];
      size = 0;
    }
    batch.push(operation);
    size += length;
  }
  if (batch.length > 0) result.push(batch);
  return result;
}

/** A refusal from the server: retrying will not help (`status` 4xx) unless `retry`. */
export class SyncError extends Error {
  constructor(status, message) {
    super(message);
    this.name = "SyncError";
    this.status = status;
    this.retry = isRetryable(status);
  }
}

async function checked(response) {
  if (response.ok) return response.json();
  let message = `the server answered ${response.status}`;
  try {
    const body = await response.json();
    if (body?.error?.message) message = body.error.message;
  } catch {
    // Not JSON (a proxy's page): the status says enough.
  }
  throw new SyncError(response.status, message);
}

/**
 * Keeps a store in step with the server. `store` is store.js's Store (or a fake with the same
 * `outbox`, `cursor`, `acknowledge`, `addPulled`); `onChange(ids)` is told which cards changed,
 * `onStatus({ phase, pending, message })` how syncing goes.
 */
export class Sync {
  constructor({
    board, store, fetch, WebSocket, setTimeout, clearTimeout, random, now, idle, location, onChange, onStatus, snapshot,
  }) {
    this.base = `/v1/boards/${encodeURIComponent(board)}`;
    /**
     * A snapshot asked for before the store was open: a promise of its body (`{ seq, projects }`),
     * or of `null` when that request failed (the round then asks itself, and reports why).
     */
    this.early = snapshot ?? null;
    this.store = store;
    this.fetch = fetch;
    this.WebSocket = WebSocket;
    this.setTimeout = setTimeout ?? globalThis.setTimeout.bind(globalThis);
    this.clearTimeout = clearTimeout ?? globalThis.clearTimeout.bind(globalThis);
    this.random = random ?? Math.random;
    this.now = now ?? (() => performance.now());
    /** Resolves once the page is idle: history is filled in only after the board is drawn. */
    this.idle = idle ?? (() => whenIdle(globalThis.requestIdleCallback?.bind(globalThis), this.setTimeout));
    this.location = location;
    this.onChange = onChange ?? (() => {});
    this.onStatus = onStatus ?? (() => {});
    this.phase = "offline";
    this.message = null;
    this.failures = 0;
    this.timer = null;
    this.running = null;
    this.again = false;
    this.socket = null;
    this.socketFailures = 0;
    /** Sockets in a row that closed without ever opening. */
    this.unopened = 0;
    /**
     * Whether live updates are blocked: the server answers rounds but `/live` never opens (a
     * proxy dropped the upgrade). The board then says so and checks every BLOCKED_POLL ms.
     */
    this.liveBlocked = false;
  }

  /** Starts: a round now and the live socket. */
  start() {
    this.stopped = false;
    this.connect();
    return this.request();
  }

  /**
   * Asks for a round (after a local change, a head above the cursor, coming back online). A
   * round already running is followed by one more, so nothing asked for is missed.
   */
  request() {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    if (this.timer) {
      this.clearTimeout(this.timer);
      this.timer = null;
    }
    this.running = this.loop().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /**
   * Another request to the server just succeeded (the session asked at start, the live socket
   * opening): the server is reachable, so changes waiting out a retry's backoff go now. Only
   * while offline: a round running or online has them in hand, and an error waits to be asked.
   */
  reachable() {
    if (this.stopped || this.running || this.phase !== "offline" || this.store.outbox.length === 0) return;
    this.request();
  }

  async loop() {
    do {
      this.again = false;
      this.report("syncing");
      try {
        await this.round();
        this.failures = 0;
        this.report("online");
        if (this.liveBlocked && !this.again && !this.stopped) {
          this.timer = this.setTimeout(() => {
            this.timer = null;
            this.request();
          }, BLOCKED_POLL);
        }
      } catch (error) {
        if (error instanceof SyncError && !error.retry) {
          this.report("error", error.message);
          return;
        }
        this.failures += 1;
        this.report("offline");
        this.timer = this.setTimeout(() => {
          this.timer = null;
          this.request();
        }, retryDelay(this.failures, this.random));
        return;
      }
    } while (this.again);
  }

  /**
   * One round: a new copy starts from the snapshot; push the outbox in batches; pull until the
   * cursor reaches the head; then fill in any history still missing behind the snapshot.
   */
  async round() {
    const store = this.store;
    // A snapshot asked for early is used by the first round only, and only if still wanted.
    const early = this.early;
    this.early = null;
    if (store.addSnapshot && store.cursor === 0 && store.states.size === 0 && store.outbox.length === 0) {
      const snapshot =
        (await early?.catch(() => null)) ??
        (await checked(await this.fetch(`${this.base}/projects`, { credentials: "same-origin" })));
      if (snapshot.seq > 0) {
        const states = snapshot.projects.map(stateOfSnapshot);
        // The cards are in memory as soon as the store is called: draw them while they are
        // written (the server holds them; a failed write only means fetching them again).
        const saving = store.addSnapshot(states, snapshot.seq);
        this.onChange(new Set(states.map((state) => state.id)));
        await saving;
      }
    }
    for (const batch of batches([...this.store.outbox])) {
      const response = await this.fetch(`${this.base}/operations`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ operations: batch }),
        credentials: "same-origin",
      });
      const { results } = await checked(response);
      await this.store.acknowledge(results);
    }
    // Cards changed by pulled pages, told at the end, or each second on a long first pull: a
    // redraw per page of a thousand would cost more than the pull itself.
    let changed = new Set();
    let told = this.now();
    const tell = () => {
      if (changed.size > 0) this.onChange(changed);
      changed = new Set();
      told = this.now();
    };
    for (;;) {
      const after = this.store.cursor;
      const page = await this.pull(after, 1000);
      if (page.head < after) {
        // The server's board is shorter than what we pulled: it was reset or replaced.
        throw new SyncError(409, "the server's board is older than this browser's copy; nothing was changed");
      }
      if (page.operations.length > 0) {
        const entries = page.operations.map(entryOf);
        for (const id of await this.store.addPulled(entries, page.next)) changed.add(id);
        if (this.now() - told >= 1000) tell();
      }
      if (page.next >= page.head || page.operations.length === 0) break;
    }
    tell();
    // The history behind a snapshot is not needed to use the board: let the draw finish first.
    if (store.addBackfill && store.backfill < store.snapshot) await this.idle();
    while (store.addBackfill && store.backfill < store.snapshot) {
      const limit = Math.min(1000, store.snapshot - store.backfill);
      const page = await this.pull(store.backfill, limit);
      if (page.operations.length === 0) break;
      const entries = page.operations.map(entryOf);
      const changed = await store.addBackfill(entries, page.next);
      if (changed.size > 0) this.onChange(changed);
    }
  }

  async pull(after, limit) {
    const response = await this.fetch(`${this.base}/operations?after=${after}&limit=${limit}`, {
      credentials: "same-origin",
    });
    return checked(response);
  }

  /** Follows `/live`; a head above the cursor asks for a round; a closed socket reconnects. */
  connect() {
    if (!this.WebSocket || !this.location || this.stopped) return;
    const scheme = this.location.protocol === "https:" ? "wss:" : "ws:";
    const socket = new this.WebSocket(`${scheme}//${this.location.host}${this.base}/live`);
    this.socket = socket;
    let opened = false;
    socket.onopen = () => {
      opened = true;
      this.reachable();
      this.socketFailures = 0;
      this.unopened = 0;
      if (this.liveBlocked) {
        // Live again: the poll stops (the next round, asked for by the socket's head, ends it).
        this.liveBlocked = false;
        if (this.timer && this.phase === "online") {
          this.clearTimeout(this.timer);
          this.timer = null;
        }
        this.report(this.phase, this.message);
      }
    };
    socket.onmessage = (event) => {
      let head;
      try {
        head = JSON.parse(event.data).head;
      } catch {
        return;
      }
      if (typeof head === "number" && (head > this.store.cursor || this.phase !== "online")) this.request();
    };
    socket.onclose = () => {
      if (this.socket !== socket || this.stopped) return;
      this.socket = null;
      this.socketFailures += 1;
      this.unopened = opened ? 0 : this.unopened + 1;
      // The server answers rounds (online) yet the socket never opens: something between drops
      // the upgrade. Say so, and poll (the round asked for below schedules the next).
      if (!this.liveBlocked && this.unopened >= BLOCKED_AFTER && this.phase === "online") this.liveBlocked = true;
      this.setTimeout(() => this.connect(), retryDelay(this.socketFailures, this.random));
      // The server may be gone: a round tells (and starts the backoff) rather than waiting.
      if (this.phase === "online") this.request();
    };
  }

  /** Stops following (the page is going away). */
  stop() {
    this.stopped = true;
    if (this.timer) this.clearTimeout(this.timer);
    this.socket?.close();
    this.socket = null;
  }

  report(phase, message = null) {
    this.phase = phase;
    this.message = message;
    this.onStatus({ phase, pending: this.store.outbox.length, message, liveBlocked: this.liveBlocked });
  }
}

/** A pull's entry as the store keeps it. */
function entryOf({ seq, operation, author }) {
  return { seq, operation: normalized(operation), author: author ?? null };
}

/**
 * A card of the snapshot as merge.js's state: each field's register with the clock of the
 * write that set it (a field never written keeps no register, so any later write wins).
 */
export function stateOfSnapshot(project) {
  const state = {
    id: project.id.toLowerCase(),
    createdAt: project.createdAt,
    updatedAt: project.updatedAt,
    deleted: null,
  };
  for (const field of CARD_FIELDS) {
    const clock = project.clocks[field];
    state[field] = clock
      ? { value: project[field], timestamp: { ...clock, device: clock.device.toLowerCase() } }
      : null;
  }
  return state;
}

/**
 * An operation with its ids in lowercase, as Swift writes them and as this browser keys its
 * cards: an id spelled in capitals by some other writer is still the same card.
 */
export function normalized(operation) {
  return {
    ...operation,
    id: operation.id.toLowerCase(),
    projectId: operation.projectId.toLowerCase(),
    timestamp: { ...operation.timestamp, device: operation.timestamp.device.toLowerCase() },
  };
}

/**
 * The network indicator's words: online / syncing / offline · N pending / error, and, while the
 * server answers but live updates cannot get through, "live updates blocked — checking every 10 s".
 */
export function statusText({ phase, pending, message, liveBlocked = false }) {
  const waiting = pending > 0 ? ` · ${pending} pending` : "";
  if (phase === "error") return `error: ${message}${waiting}`;
  if (phase === "online" && liveBlocked) return `live updates blocked — checking every ${BLOCKED_POLL / 1000} s${waiting}`;
  return `${phase}${waiting}`;
}
