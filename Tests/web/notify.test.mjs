// The "Notify me of deadlines" switch (notify.js) over fakes of the browser's parts: the
// permission, the service worker's push manager, the server's routes and localStorage.

import assert from "node:assert/strict";
import { test } from "node:test";
import {
  bytesOfBase64URL,
  createNotifications,
  createNotifySwitch,
  forgetNotifications,
  notifyText,
  support,
} from "../../Sources/PMWeb/Resources/js/notify.js";

// The server's VAPID key as GET /v1/push/key serves it: 65 bytes, 0x04 first.
const KEY_BYTES = Uint8Array.from({ length: 65 }, (_, index) => (index === 0 ? 4 : index));
const PUBLIC_KEY = Buffer.from(KEY_BYTES).toString("base64url");
const ENDPOINT = "https://push.example/send/abc?x=1&y=2";

/** localStorage's methods, its entries as own properties (so Object.keys lists them, as in a browser). */
class FakeStorage {
  getItem(key) {
    return Object.hasOwn(this, key) ? this[key] : null;
  }
  setItem(key, value) {
    this[key] = String(value);
  }
  removeItem(key) {
    delete this[key];
  }
}

/** A browser: permission `permission` (answering `answer` when asked), a push subscription held when `held`. */
function browser({ permission = "default", answer = "granted", held = false, heldKey = KEY_BYTES } = {}) {
  const done = { asked: 0, registered: [], subscribed: [], unsubscribed: [] };
  const subscriptionOf = (key) => {
    const subscription = {
      endpoint: ENDPOINT,
      options: { applicationServerKey: key.buffer.slice(0) },
      toJSON: () => ({ endpoint: ENDPOINT, expirationTime: null, keys: { p256dh: "BPUB", auth: "AUTH" } }),
      unsubscribe: async () => {
        done.unsubscribed.push(subscription.endpoint);
        pushManager.current = null;
        return true;
      },
    };
    return subscription;
  };
  const pushManager = {
    current: held ? subscriptionOf(heldKey) : null,
    getSubscription: async () => pushManager.current,
    subscribe: async (options) => {
      done.subscribed.push(options);
      pushManager.current = subscriptionOf(options.applicationServerKey);
      return pushManager.current;
    },
  };
  const registration = { pushManager };
  let installed = held;
  const serviceWorker = {
    register: async (url) => {
      done.registered.push(url);
      installed = true;
      return registration;
    },
    get ready() {
      return Promise.resolve(registration);
    },
    getRegistration: async () => (installed ? registration : undefined),
  };
  const Notification = {
    permission,
    requestPermission: async () => {
      done.asked += 1;
      Notification.permission = answer;
      return answer;
    },
  };
  return { serviceWorker, Notification, PushManager: function PushManager() {}, pushManager, done };
}

/** The server: answers by "METHOD path" from `answers` (a status, or "offline"); records every request. */
function server(answers = {}) {
  const requests = [];
  const fetch = async (url, options = {}) => {
    const method = options.method ?? "GET";
    requests.push({ method, url, body: options.body ? JSON.parse(options.body) : undefined });
    const path = url.split("?")[0];
    const answer = answers[`${method} ${path}`] ?? (method === "POST" ? 201 : method === "DELETE" ? 204 : 200);
    if (answer === "offline") throw new TypeError("Failed to fetch");
    const body =
      answer >= 400
        ? { error: { code: "pushEndpoint", message: "endpoint must be an absolute https URL with a host" } }
        : { publicKey: PUBLIC_KEY };
    return { ok: answer < 300, status: answer, json: async () => body };
  };
  return { fetch, requests };
}

function notifications(world, { board = "team", storage = new FakeStorage(), fetch, secure = true, standalone } = {}) {
  return createNotifications({
    board,
    fetch,
    serviceWorker: world.serviceWorker,
    Notification: world.Notification,
    PushManager: world.PushManager,
    standalone,
    secure,
    storage,
    timeZone: () => "Asia/Seoul",
  });
}

test("Given a board just opened, when the switch is drawn, then it is off and nothing was asked or sent", async () => {
  const world = browser();
  const { fetch, requests } = server();
  assert.deepEqual(await notifications(world, { fetch }).current(), { state: "off" });
  assert.equal(world.done.asked, 0);
  assert.deepEqual(world.done.subscribed, []);
  assert.deepEqual(requests, []);
});

test("Given the switch turned on and allowed, then the browser subscribes with the server's key and the server gets the subscription and time zone", async () => {
  const world = browser();
  const { fetch, requests } = server();
  const storage = new FakeStorage();
  const board = notifications(world, { fetch, storage, board: "팀 board" });

  assert.deepEqual(await board.turnOn(), { state: "on" });

  assert.equal(world.done.asked, 1);
  assert.deepEqual(world.done.registered, ["/sw.js"]);
  assert.equal(world.done.subscribed.length, 1);
  assert.equal(world.done.subscribed[0].userVisibleOnly, true);
  assert.deepEqual([...world.done.subscribed[0].applicationServerKey], [...KEY_BYTES]);
  assert.deepEqual(requests, [
    { method: "GET", url: "/v1/push/key", body: undefined },
    {
      method: "POST",
      url: "/v1/boards/%ED%8C%80%20board/push/subscriptions",
      body: {
        endpoint: ENDPOINT,
        expirationTime: null,
        keys: { p256dh: "BPUB", auth: "AUTH" },
        timeZone: "Asia/Seoul",
      },
    },
  ]);
  // And a reload shows it on, without asking again
  assert.deepEqual(await board.current(), { state: "on" });
  assert.equal(world.done.asked, 1);
});

test("Given permission already granted, when turned on, then the browser is not asked again", async () => {
  const world = browser({ permission: "granted" });
  const { fetch } = server();
  assert.deepEqual(await notifications(world, { fetch }).turnOn(), { state: "on" });
  assert.equal(world.done.asked, 0);
});

test("Given the person refuses or dismisses the question, then nothing is subscribed or sent", async () => {
  for (const [answer, state] of [
    ["denied", "blocked"],
    ["default", "dismissed"],
  ]) {
    const world = browser({ answer });
    const { fetch, requests } = server();
    assert.deepEqual(await notifications(world, { fetch }).turnOn(), { state });
    assert.deepEqual(world.done.subscribed, []);
    assert.deepEqual(requests, []);
  }
});

test("Given notifications blocked in the browser's settings, when the board opens, then the switch says so", async () => {
  const world = browser({ permission: "denied" });
  const { fetch } = server();
  assert.deepEqual(await notifications(world, { fetch }).current(), { state: "blocked" });
  assert.match(notifyText("blocked"), /blocked for this site in the browser's settings/);
});

test("Given the server refuses the subscription, then the switch stays off, says why, and the browser's subscription is ended", async () => {
  const world = browser();
  const { fetch } = server({ "POST /v1/boards/team/push/subscriptions": 422 });
  const storage = new FakeStorage();
  const board = notifications(world, { fetch, storage });

  const answer = await board.turnOn();

  assert.equal(answer.state, "failed on");
  assert.equal(answer.detail, "the server said endpoint must be an absolute https URL with a host");
  assert.equal(
    notifyText(answer.state, answer.detail),
    "Notifications could not be turned on: the server said endpoint must be an absolute https URL with a host. Try again later.",
  );
  assert.deepEqual(world.done.unsubscribed, [ENDPOINT]);
  assert.deepEqual(Object.keys(storage), []);
  assert.deepEqual(await board.current(), { state: "off" });
});

test("Given the server cannot be reached, when turned on, then the switch stays off and says so", async () => {
  const world = browser();
  const { fetch } = server({ "GET /v1/push/key": "offline" });
  const answer = await notifications(world, { fetch }).turnOn();
  assert.deepEqual(answer, { state: "failed on", detail: "the server cannot be reached" });
  assert.deepEqual(world.done.subscribed, []);
});

test("Given a subscription made with another server key, when turned on, then it is ended and a new one made", async () => {
  const other = Uint8Array.from(KEY_BYTES, (byte, index) => (index === 0 ? 4 : 255 - byte));
  const world = browser({ permission: "granted", held: true, heldKey: other });
  const { fetch } = server();
  assert.deepEqual(await notifications(world, { fetch }).turnOn(), { state: "on" });
  assert.deepEqual(world.done.unsubscribed, [ENDPOINT]);
  assert.equal(world.done.subscribed.length, 1);
});

test("Given the switch on, when turned off, then the server is told which endpoint and the browser's subscription ends", async () => {
  const world = browser({ permission: "granted" });
  const { fetch, requests } = server();
  const storage = new FakeStorage();
  const board = notifications(world, { fetch, storage });
  await board.turnOn();
  requests.length = 0;

  assert.deepEqual(await board.turnOff(), { state: "off" });

  assert.deepEqual(requests, [
    {
      method: "DELETE",
      url: `/v1/boards/team/push/subscriptions?endpoint=${encodeURIComponent(ENDPOINT)}`,
      body: undefined,
    },
  ]);
  assert.deepEqual(world.done.unsubscribed, [ENDPOINT]);
  assert.deepEqual(await board.current(), { state: "off" });
});

test("Given two boards notified in this browser, when one is turned off, then the other keeps the subscription", async () => {
  const world = browser({ permission: "granted" });
  const { fetch } = server();
  const storage = new FakeStorage();
  const team = notifications(world, { fetch, storage, board: "team" });
  const home = notifications(world, { fetch, storage, board: "home" });
  await team.turnOn();
  await home.turnOn();

  assert.deepEqual(await team.turnOff(), { state: "off" });

  assert.deepEqual(world.done.unsubscribed, []);
  assert.deepEqual(await home.current(), { state: "on" });
  assert.deepEqual(await team.current(), { state: "off" });
});

/** A board whose switch is on, and whose server then answers turning off with `answer`. */
async function onThenOff(answer) {
  const world = browser({ permission: "granted" });
  const answers = {};
  const { fetch } = server(answers);
  const board = notifications(world, { fetch });
  await board.turnOn();
  answers["DELETE /v1/boards/team/push/subscriptions"] = answer;
  return { world, board };
}

test("Given the server cannot be reached, when turned off, then the switch stays on and says so", async () => {
  const { world, board } = await onThenOff("offline");

  assert.deepEqual(await board.turnOff(), { state: "failed off", detail: "the server cannot be reached" });
  assert.deepEqual(world.done.unsubscribed, []);
  assert.deepEqual(await board.current(), { state: "on" });
});

test("Given the server had already dropped the subscription (404), when turned off, then it is off", async () => {
  const { world, board } = await onThenOff(404);
  assert.deepEqual(await board.turnOff(), { state: "off" });
  assert.deepEqual(world.done.unsubscribed, [ENDPOINT]);
});

test("Given a subscription this board never turned on, when the board opens, then its switch is off", async () => {
  const world = browser({ permission: "granted", held: true });
  const { fetch } = server();
  const storage = new FakeStorage();
  storage.setItem("pm.notify:home", ENDPOINT);
  assert.deepEqual(await notifications(world, { fetch, storage, board: "team" }).current(), { state: "off" });
  // and a board remembered whose subscription the browser ended is off, and forgotten
  storage.setItem("pm.notify:team", "https://push.example/send/ended");
  assert.deepEqual(await notifications(world, { fetch, storage, board: "team" }).current(), { state: "off" });
  assert.equal(storage.getItem("pm.notify:team"), null);
});

test("Given the switch on, when signed in again, then the subscription is posted again with the time zone; off, nothing is sent", async () => {
  const world = browser({ permission: "granted" });
  const { fetch, requests } = server();
  const board = notifications(world, { fetch });
  await board.renew();
  assert.deepEqual(requests, []);
  await board.turnOn();
  requests.length = 0;
  await board.renew();
  assert.deepEqual(
    requests.map(({ method, url, body }) => [method, url, body.timeZone]),
    [["POST", "/v1/boards/team/push/subscriptions", "Asia/Seoul"]],
  );
});

test("Given a browser without push, then the switch says why: https, the Home Screen, or not at all", async () => {
  const parts = { serviceWorker: {}, Notification: {}, PushManager: function PushManager() {} };
  assert.equal(support({ ...parts, secure: true }), "ready");
  assert.equal(support({ ...parts, secure: false }), "insecure");
  // Safari on an iPad, in a tab: no PushManager, navigator.standalone false
  assert.equal(support({ serviceWorker: {}, secure: true, standalone: false }), "home screen");
  assert.equal(support({ serviceWorker: {}, secure: true }), "unsupported");
  assert.equal(
    notifyText("home screen"),
    "Add the board to your Home Screen to get notifications (Share → Add to Home Screen), then open it from there.",
  );
  const world = { ...browser(), PushManager: undefined };
  const { fetch, requests } = server();
  const board = notifications(world, { fetch, standalone: false });
  assert.deepEqual(await board.current(), { state: "home screen" });
  assert.deepEqual(await board.turnOn(), { state: "home screen" });
  assert.equal(world.done.asked, 0);
  assert.deepEqual(requests, []);
});

test("Given signing out, then the browser's subscription ends and only the notified boards are forgotten", async () => {
  const world = browser({ permission: "granted", held: true });
  const storage = new FakeStorage();
  storage.setItem("pm.notify:team", ENDPOINT);
  storage.setItem("pm.doneCollapsed", "true");
  await forgetNotifications({ serviceWorker: world.serviceWorker, storage });
  assert.deepEqual(world.done.unsubscribed, [ENDPOINT]);
  assert.deepEqual(Object.keys(storage), ["pm.doneCollapsed"]);
});

test("Given a push service that never answers, when signing out, then the sign-out does not wait for it", async () => {
  const world = browser({ permission: "granted", held: true });
  world.pushManager.current.unsubscribe = () => new Promise(() => {});
  const waited = [];
  await forgetNotifications({
    serviceWorker: world.serviceWorker,
    storage: new FakeStorage(),
    wait: async (ms) => waited.push(ms),
  });
  assert.deepEqual(waited, [3000]);
});

test("base64url keys decode to their bytes", () => {
  assert.deepEqual([...bytesOfBase64URL(PUBLIC_KEY)], [...KEY_BYTES]);
  assert.deepEqual([...bytesOfBase64URL("_-8")], [0xff, 0xef]);
});

/** The help panel's switch and line, as much of the DOM as createNotifySwitch uses. */
function panel() {
  const listeners = {};
  const input = {
    checked: false,
    disabled: false,
    addEventListener: (type, listener) => (listeners[type] = listener),
  };
  const line = { textContent: "", dataset: {} };
  const document = { getElementById: (id) => ({ notify: input, "notify-status": line })[id] ?? null };
  return { document, input, line, change: () => listeners.change() };
}

test("Given the switch on the page, when turned on and the server refuses, then it is drawn off with the reason", async () => {
  const world = browser();
  const { fetch } = server({ "POST /v1/boards/team/push/subscriptions": 422 });
  const view = panel();
  const notifySwitch = createNotifySwitch(view.document, notifications(world, { fetch }));
  await notifySwitch.show();
  assert.equal(view.input.checked, false);
  assert.equal(view.line.dataset.notify, "off");
  assert.equal(world.done.asked, 0);

  view.input.checked = true;
  const turning = view.change();
  assert.equal(view.line.dataset.notify, "asking");
  assert.equal(view.input.disabled, true);
  await turning;

  assert.equal(view.input.checked, false);
  assert.equal(view.input.disabled, false);
  assert.match(view.line.textContent, /^Notifications could not be turned on: the server said/);
});

test("Given the switch on the page, when turned on and then off, then it is drawn on, then off", async () => {
  const world = browser();
  const { fetch } = server();
  const view = panel();
  createNotifySwitch(view.document, notifications(world, { fetch }));
  view.input.checked = true;
  await view.change();
  assert.equal(view.input.checked, true);
  assert.equal(view.line.dataset.notify, "on");
  view.input.checked = false;
  await view.change();
  assert.equal(view.input.checked, false);
  assert.equal(view.line.dataset.notify, "off");
});

test("Given notifications blocked, when the switch is drawn, then it cannot be turned on and says where to allow them", async () => {
  const world = browser({ permission: "denied" });
  const { fetch } = server();
  const view = panel();
  await createNotifySwitch(view.document, notifications(world, { fetch })).show();
  assert.equal(view.input.disabled, true);
  assert.equal(view.input.checked, false);
  assert.match(view.line.textContent, /allow them there/);
});
