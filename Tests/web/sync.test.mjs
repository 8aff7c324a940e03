// The sync round against a fake server: backoff, batching, the outbox's bookkeeping.

import assert from "node:assert/strict";
import { test } from "node:test";
import {
  BLOCKED_POLL,
  IDLE_LIMIT,
  Sync,
  SyncError,
  batches,
  retryDelay,
  statusText,
  whenIdle,
} from "../../Sources/PMWeb/Resources/js/sync.js";

const device = "00000000-0000-4000-8000-00000000000a";

function operation(number, fields = { title: `Card ${number}` }) {
  return {
    id: `00000000-0000-4000-8000-${String(number).padStart(12, "0")}`,
    projectId: `00000000-0000-4000-9000-${String(number).padStart(12, "0")}`,
    timestamp: { wallTime: 1_795_262_400_000 + number, counter: 0, device },
    fields,
  };
}

/** The store's interface, in memory. */
class FakeStore {
  constructor(outbox = []) {
    this.outbox = outbox;
    this.cursor = 0;
    this.pulled = [];
    this.seqs = new Map();
  }
  async acknowledge(results) {
    for (const { id, seq } of results) this.seqs.set(id, seq);
    const ids = new Set(results.map((result) => result.id));
    this.outbox = this.outbox.filter((op) => !ids.has(op.id));
  }
  async addPulled(entries, cursor) {
    this.pulled.push(...entries);
    this.cursor = cursor;
    const ids = new Set(entries.map((entry) => entry.operation.id));
    this.outbox = this.outbox.filter((op) => !ids.has(op.id));
    return new Set(entries.map((entry) => entry.operation.projectId));
  }
}

/** A server holding a board's operations, answering as pm-server does. */
function fakeServer({ fail = 0, status = 503 } = {}) {
  const server = { log: [], stored: [], failuresLeft: fail };
  server.fetch = async (url, init = {}) => {
    server.log.push(`${init.method ?? "GET"} ${url}`);
    if (server.failuresLeft > 0) {
      server.failuresLeft -= 1;
      if (status === 0) throw new TypeError("Failed to fetch");
      return json(status, { error: { code: "x", message: `refused with ${status}` } });
    }
    if (init.method === "POST") {
      const { operations } = JSON.parse(init.body);
      const results = operations.map((op) => {
        let index = server.stored.findIndex((kept) => kept.operation.id === op.id);
        if (index < 0) {
          server.stored.push({ operation: op, author: "ada" });
          index = server.stored.length - 1;
        }
        return { id: op.id, seq: index + 1 };
      });
      return json(200, { results });
    }
    const query = new URL(url, "http://x").searchParams;
    const after = Number(query.get("after"));
    const limit = Number(query.get("limit"));
    const page = server.stored.slice(after, after + limit).map((kept, index) => ({ seq: after + index + 1, ...kept }));
    const next = page.length ? page.at(-1).seq : after;
    return json(200, { operations: page, next, head: server.stored.length });
  };
  return server;
}

function json(status, body) {
  return { ok: status >= 200 && status < 300, status, json: async () => body };
}

function timers() {
  const pending = [];
  return {
    pending,
    setTimeout: (fn, ms) => {
      pending.push({ fn, ms });
      return pending.length;
    },
    clearTimeout: () => {},
  };
}

test("Given the n-th retry in a row, when its pause is drawn, then it is between half and all of 0.5 s · 2ⁿ⁻¹, at most 60 s", () => {
  assert.equal(retryDelay(1, () => 0), 250);
  assert.equal(retryDelay(1, () => 1), 500);
  assert.equal(retryDelay(4, () => 1), 4000);
  assert.equal(retryDelay(4, () => 0), 2000);
  assert.equal(retryDelay(30, () => 1), 60_000);
  assert.equal(retryDelay(30, () => 0), 30_000);
});

test("Given an outbox, when cut into batches, then each holds at most the count and a new one starts before the byte budget is passed", () => {
  const ops = Array.from({ length: 2500 }, (_, index) => operation(index + 1));
  assert.deepEqual(
    batches(ops).map((batch) => batch.length),
    [1000, 1000, 500],
  );
  const size = JSON.stringify(ops[0]).length + 1;
  assert.deepEqual(
    batches(ops.slice(0, 5), 1000, size * 2).map((batch) => batch.length),
    [2, 2, 1],
  );
  assert.deepEqual(batches([]), []);
});

test("Given an outbox, when a round runs, then it is pushed, acknowledged and pulled back with its author", async () => {
  const server = fakeServer();
  const store = new FakeStore([operation(1), operation(2)]);
  const statuses = [];
  const sync = new Sync({ board: "team", store, fetch: server.fetch, onStatus: (s) => statuses.push(s.phase) });
  await sync.request();
  assert.deepEqual(store.outbox, []);
  assert.equal(store.seqs.get(operation(2).id), 2);
  assert.equal(store.cursor, 2);
  assert.deepEqual(
    store.pulled.map((entry) => [entry.seq, entry.author]),
    [
      [1, "ada"],
      [2, "ada"],
    ],
  );
  assert.deepEqual(server.log, ["POST /v1/boards/team/operations", "GET /v1/boards/team/operations?after=0&limit=1000"]);
  assert.deepEqual(statuses, ["syncing", "online"]);
});

test("Given the server down, when a round fails, then the outbox stays and a retry is scheduled with backoff", async () => {
  const server = fakeServer({ fail: 2, status: 0 });
  const store = new FakeStore([operation(1)]);
  const clock = timers();
  const statuses = [];
  const sync = new Sync({
    board: "team",
    store,
    fetch: server.fetch,
    random: () => 1,
    setTimeout: clock.setTimeout,
    clearTimeout: clock.clearTimeout,
    onStatus: (s) => statuses.push(statusText(s)),
  });
  await sync.request();
  assert.equal(store.outbox.length, 1);
  assert.deepEqual(
    clock.pending.map((t) => t.ms),
    [500],
  );
  assert.equal(statuses.at(-1), "offline · 1 pending");
  await clock.pending[0].fn();
  await sync.running;
  assert.deepEqual(
    clock.pending.map((t) => t.ms),
    [500, 1000],
  );
  await clock.pending[1].fn();
  await sync.running;
  assert.equal(store.outbox.length, 0);
  assert.equal(statuses.at(-1), "online");
  assert.equal(server.stored.length, 1);
});

test("Given a lost answer, when the push is retried, then the server keeps one copy and the seq is the same", async () => {
  const server = fakeServer();
  const op = operation(7);
  const first = new FakeStore([op]);
  await new Sync({ board: "team", store: first, fetch: server.fetch }).request();
  const again = new FakeStore([op]);
  await new Sync({ board: "team", store: again, fetch: server.fetch }).request();
  assert.equal(server.stored.length, 1);
  assert.equal(again.seqs.get(op.id), 1);
});

test("Given a refusal (401), when a round runs, then syncing stops with the server's words and nothing retries", async () => {
  const server = fakeServer({ fail: 1, status: 401 });
  const store = new FakeStore([operation(1)]);
  const clock = timers();
  let last;
  const sync = new Sync({ board: "team", store, fetch: server.fetch, ...clock, onStatus: (s) => (last = s) });
  await sync.request();
  assert.equal(statusText(last), "error: refused with 401 · 1 pending");
  assert.equal(clock.pending.length, 0);
  assert.equal(new SyncError(503, "x").retry, true);
  assert.equal(new SyncError(404, "x").retry, false);
});

test("Given more than a page on the server, when pulling, then every page is taken until the head", async () => {
  const server = fakeServer();
  for (let number = 1; number <= 2500; number += 1) server.stored.push({ operation: operation(number) });
  const store = new FakeStore();
  const changed = [];
  let now = 0;
  const fetch = async (...args) => {
    now += 600;
    return server.fetch(...args);
  };
  await new Sync({ board: "team", store, fetch, now: () => now, onChange: (ids) => changed.push(ids.size) }).request();
  assert.equal(store.cursor, 2500);
  // Told each second of a long pull (every second page here), and once at its end.
  assert.deepEqual(changed, [2000, 500]);
  assert.equal(store.pulled[0].author, null);
});

test("Given a round running, when another is asked for, then one more round follows it", async () => {
  const server = fakeServer();
  const store = new FakeStore();
  const sync = new Sync({ board: "team", store, fetch: server.fetch });
  const first = sync.request();
  store.outbox.push(operation(3));
  sync.request();
  await first;
  assert.equal(store.outbox.length, 0);
  assert.equal(server.log.filter((line) => line.startsWith("POST")).length, 1);
});

test("Given an operation spelled in capitals, when pulled, then its ids are lowercase like every other", async () => {
  const server = fakeServer();
  const op = operation(9);
  server.stored.push({
    operation: {
      ...op,
      id: op.id.toUpperCase(),
      projectId: op.projectId.toUpperCase(),
      timestamp: { ...op.timestamp, device: device.toUpperCase() },
    },
  });
  const store = new FakeStore();
  await new Sync({ board: "team", store, fetch: server.fetch }).request();
  assert.deepEqual(store.pulled[0].operation, op);
});

test("Given a board on the server, when a new copy opens, then it starts from the snapshot and fills history in behind", async () => {
  const { applyOperation, cardOf, emptyState, mergeOperations } = await import("../../Sources/PMWeb/Resources/js/merge.js");
  const server = fakeServer();
  const card = operation(1, { title: "Report", deadline: "2026-12-01", status: "todo", description: "" });
  const ops = [
    card,
    { ...operation(2, { status: "doing" }), projectId: card.projectId },
    { ...operation(3, { title: "Q3 report" }), projectId: card.projectId },
  ];
  for (const op of ops) server.stored.push({ operation: op, author: "ada" });
  const merged = mergeOperations(ops).get(card.projectId);
  const shown = cardOf(merged);
  const clocks = {};
  for (const field of ["title", "description", "deadline", "status"]) clocks[field] = merged[field].timestamp;
  const fetch = async (url, init) => {
    if (url.endsWith("/projects")) return json(200, { seq: 3, projects: [{ ...shown, clocks }] });
    return server.fetch(url, init);
  };
  const store = new FakeStore();
  store.states = new Map();
  store.snapshot = 0;
  store.backfill = 0;
  store.addSnapshot = async (states, seq) => {
    for (const state of states) store.states.set(state.id, state);
    store.cursor = seq;
    store.snapshot = seq;
    return new Set(states.map((state) => state.id));
  };
  store.addBackfill = async (entries, next) => {
    for (const { operation: op } of entries) {
      if (!store.states.has(op.projectId)) store.states.set(op.projectId, emptyState(op.projectId));
      applyOperation(store.states.get(op.projectId), op);
    }
    store.backfill = next;
    store.pulled.push(...entries);
    return new Set();
  };
  const told = [];
  await new Sync({ board: "team", store, fetch, onChange: (ids) => told.push([...ids]) }).request();
  assert.deepEqual(told[0], [card.projectId]);
  assert.equal(store.cursor, 3);
  assert.equal(store.backfill, 3);
  assert.deepEqual(store.pulled.map((entry) => entry.seq), [1, 2, 3]);
  assert.deepEqual(cardOf(store.states.get(card.projectId)), shown);
});

test("Given a snapshot asked for before the store opened, when a first open syncs, then it is used, not asked for again", async () => {
  const card = operation(1, { title: "Early", deadline: "2026-12-01", status: "todo", description: "" });
  const clocks = {
    title: card.timestamp, description: card.timestamp, deadline: card.timestamp, status: card.timestamp,
  };
  const shown = { id: card.projectId, title: "Early", description: "", deadline: "2026-12-01", status: "todo", createdAt: "x", updatedAt: "x" };
  const server = fakeServer();
  server.stored.push({ operation: card, author: "ada" });
  const asked = [];
  const fetch = async (url, init) => {
    asked.push(url);
    if (url.endsWith("/projects")) return json(200, { seq: 1, projects: [{ ...shown, clocks }] });
    return server.fetch(url, init);
  };
  const early = Promise.resolve({ seq: 1, projects: [{ ...shown, clocks }] });
  const store = new FakeStore();
  store.states = new Map();
  store.snapshot = 0;
  store.backfill = 0;
  store.addSnapshot = async (states, seq) => {
    for (const state of states) store.states.set(state.id, state);
    store.cursor = seq;
    store.snapshot = seq;
    return new Set(states.map((state) => state.id));
  };
  store.addBackfill = async (entries, next) => {
    store.backfill = next;
    return new Set();
  };
  await new Sync({ board: "team", store, fetch, snapshot: early }).request();
  assert.equal(store.states.get(card.projectId).title.value, "Early");
  assert.ok(!asked.some((url) => url.endsWith("/projects")), asked.join(", "));
});

test("Given a snapshot asked for early, when the store already holds the board, then it is not used", async () => {
  const server = fakeServer();
  server.stored.push({ operation: operation(1), author: "ada" });
  const store = new FakeStore();
  store.states = new Map([["kept", {}]]);
  store.cursor = 0;
  let added = false;
  store.addSnapshot = async () => {
    added = true;
    return new Set();
  };
  const early = Promise.resolve({ seq: 9, projects: [] });
  const sync = new Sync({ board: "team", store, fetch: server.fetch, snapshot: early });
  await sync.request();
  assert.equal(added, false);
  assert.equal(store.cursor, 1);
  assert.equal(sync.early, null);
});

test("Given a snapshot asked for early that failed, when the round runs, then it asks for it again", async () => {
  const server = fakeServer();
  const asked = [];
  const fetch = async (url, init) => {
    asked.push(url);
    if (url.endsWith("/projects")) return json(200, { seq: 0, projects: [] });
    return server.fetch(url, init);
  };
  const store = new FakeStore();
  store.states = new Map();
  store.addSnapshot = async () => new Set();
  await new Sync({ board: "team", store, fetch, snapshot: Promise.resolve(null) }).request();
  assert.equal(asked.filter((url) => url.endsWith("/projects")).length, 1);
});

/** WebSockets that never connect on their own: the test opens or closes each one. */
function fakeSockets() {
  const made = [];
  class FakeSocket {
    constructor(url) {
      this.url = url;
      made.push(this);
    }
    close() {}
  }
  return { made, WebSocket: FakeSocket };
}

/** A Sync following /live through fake sockets, its timers held by `clock`, retries at full pause. */
function liveSync(server, store, clock, sockets, extra = {}) {
  return new Sync({
    board: "team",
    store,
    fetch: server.fetch,
    WebSocket: sockets.WebSocket,
    location: { protocol: "https:", host: "pm.example.com" },
    random: () => 1,
    setTimeout: clock.setTimeout,
    clearTimeout: clock.clearTimeout,
    ...extra,
  });
}

test("Given the server answering but /live never opening, when two sockets fail, then the board says live updates are blocked and checks every 10 s", async () => {
  const server = fakeServer();
  const store = new FakeStore();
  const clock = timers();
  const sockets = fakeSockets();
  const statuses = [];
  const sync = liveSync(server, store, clock, sockets, { onStatus: (s) => statuses.push(statusText(s)) });
  await sync.start();
  assert.equal(sockets.made[0].url, "wss://pm.example.com/v1/boards/team/live");
  assert.equal(statuses.at(-1), "online");
  // A proxy answers the upgrade with an ordinary page: the socket closes without opening.
  sockets.made[0].onclose();
  await sync.running;
  assert.equal(statuses.at(-1), "online", "one failed socket is not yet a blocked one");
  await clock.pending.find((t) => t.ms === 500).fn();
  sockets.made[1].onclose();
  await sync.running;
  assert.equal(statuses.at(-1), "live updates blocked — checking every 10 s");
  assert.equal(BLOCKED_POLL, 10_000);
  // The board keeps up by polling: the scheduled check pulls what another device pushed.
  const poll = clock.pending.filter((t) => t.ms === BLOCKED_POLL);
  assert.equal(poll.length, 1);
  server.stored.push({ operation: operation(7), author: "ada" });
  await poll[0].fn();
  await sync.running;
  assert.equal(store.cursor, 1);
  assert.equal(clock.pending.filter((t) => t.ms === BLOCKED_POLL).length, 2, "each check schedules the next");
  // Once a socket opens, live updates are back and the words say so.
  const retry = clock.pending.filter((t) => t.ms !== BLOCKED_POLL).at(-1);
  retry.fn();
  sockets.made.at(-1).onopen();
  assert.equal(statuses.at(-1), "online");
  sync.stop();
});

test("Given blocked live updates, when the status is shown, then they are named only while the server answers, with what is pending", () => {
  assert.equal(statusText({ phase: "online", pending: 2, liveBlocked: true }), "live updates blocked — checking every 10 s · 2 pending");
  assert.equal(statusText({ phase: "offline", pending: 0, liveBlocked: true }), "offline");
  assert.equal(statusText({ phase: "online", pending: 0, liveBlocked: false }), "online");
});

test("Given changes waiting out a retry's backoff, when another request to the server succeeds, then they are sent at once", async () => {
  const server = fakeServer({ fail: 1, status: 0 });
  const store = new FakeStore([operation(1)]);
  const clock = timers();
  const sockets = fakeSockets();
  const sync = liveSync(server, store, clock, sockets);
  await sync.start();
  assert.equal(sync.phase, "offline");
  assert.deepEqual(store.outbox, [operation(1)], "the first push failed: the change waits for the retry");
  // The live socket opens before the retry's pause is over: the server is back.
  sockets.made[0].onopen();
  await sync.running;
  assert.deepEqual(store.outbox, []);
  assert.equal(sync.phase, "online");
  assert.equal(server.log.filter((line) => line.startsWith("POST")).length, 2);
  // Online with nothing waiting, a later success asks for nothing.
  sync.reachable();
  assert.equal(sync.running, null);
  sync.stop();
});

test("Given a refusal (4xx), when another request succeeds, then the board still waits to be asked", async () => {
  const server = fakeServer({ fail: 1, status: 403 });
  const store = new FakeStore([operation(1)]);
  const sync = new Sync({ board: "team", store, fetch: server.fetch });
  await sync.request();
  assert.equal(sync.phase, "error");
  sync.reachable();
  assert.equal(sync.running, null);
  assert.equal(server.log.length, 1);
});

test("Given a browser with idle callbacks, when the history waits for an idle page, then it asks for one within IDLE_LIMIT", async () => {
  const asked = [];
  const idle = whenIdle((callback, options) => asked.push({ callback, options }), () => assert.fail("no timer"));
  assert.deepEqual(asked.map(({ options }) => options), [{ timeout: IDLE_LIMIT }]);
  let resolved = false;
  idle.then(() => (resolved = true));
  await Promise.resolve();
  assert.equal(resolved, false, "not before the browser calls back");
  asked[0].callback({ didTimeout: true });
  await idle;
});

test("Given a browser without idle callbacks (Safari), when the history waits for an idle page, then the next timer turn stands for it", async () => {
  const timers = [];
  const idle = whenIdle(undefined, (callback, delay) => timers.push({ callback, delay }));
  assert.deepEqual(timers.map(({ delay }) => delay), [0]);
  timers[0].callback();
  await idle;
});
