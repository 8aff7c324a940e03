// Deadline notifications (Web Push), the board's side: the help panel's "Notify me of deadlines"
// switch. The server sends one message per card and deadline to every browser subscribed to the
// board (sw.js shows it); this module subscribes this browser with its push service and hands
// the subscription to the server, or takes it back.
//
// The permission is asked only when the person turns the switch on, never on load: a browser
// that asks unprompted is refused, and Safari then never asks again.
//
// A browser has one push subscription for the whole site, shared by every board it is turned on
// for; which boards those are is remembered here (`pm.notify:BOARD`, the endpoint), since the
// server has no way to ask. Turning one board off leaves the subscription to the others; the
// last one off, or signing out, ends it with the push service too.

/** Where the remembered boards are kept: `pm.notify:BOARD` holds the endpoint it was given. */
export const notifyKey = (board) => `pm.notify:${board}`;

/**
 * Whether this browser can be notified at all: "ready"; "insecure" (a page not served over https
 * gets no service worker and no push); "home screen" (Safari on an iPad or iPhone gives push to
 * a board added to the Home Screen only: a Safari tab has no PushManager, and `standalone` is
 * false); or "unsupported".
 */
export function support({ serviceWorker, Notification, PushManager, standalone, secure }) {
  if (secure === false) return "insecure";
  if (serviceWorker && Notification && PushManager) return "ready";
  return standalone === false ? "home screen" : "unsupported";
}

/** The help panel's words for the switch in `state`, with `detail` (why a request failed). */
export function notifyText(state, detail = "") {
  switch (state) {
    case "on":
      return "On: this browser shows a notification when a card on this board falls due (from 09:00 on its deadline), even with the board closed.";
    case "off":
      return "Off. Turning it on asks this browser's permission to show notifications.";
    case "asking":
      return "Turning notifications on…";
    case "stopping":
      return "Turning notifications off…";
    case "dismissed":
      return "Notifications were not allowed, so they stay off. Turn the switch on to be asked again.";
    case "blocked":
      return "Notifications are blocked for this site in the browser's settings: allow them there, then turn this on.";
    case "home screen":
      return "Add the board to your Home Screen to get notifications (Share → Add to Home Screen), then open it from there.";
    case "insecure":
      return "Notifications need the board served over https: ask whoever runs the server.";
    case "unsupported":
      return "This browser cannot show notifications from the board.";
    case "failed on":
      return `Notifications could not be turned on: ${detail}. Try again later.`;
    case "failed off":
      return `Notifications could not be turned off: ${detail}. Try again later.`;
    default:
      return "";
  }
}

/** The bytes of `text` in base64url (the server's VAPID key), as `applicationServerKey` takes them. */
export function bytesOfBase64URL(text) {
  const base64 = text.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(text.length / 4) * 4, "=");
  return Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
}

/** Whether `key` (an ArrayBuffer, or missing) holds the same bytes as `bytes`. */
function sameKey(key, bytes) {
  if (!key) return true; // a browser that does not say: assume it is the key it was given
  const held = new Uint8Array(key);
  return held.length === bytes.length && held.every((byte, index) => byte === bytes[index]);
}

/** Why a request failed, in a person's words: the server's own message when it gave one. */
async function reason(response) {
  try {
    const message = (await response.json())?.error?.message;
    if (typeof message === "string" && message) return `the server said ${message}`;
  } catch {
    // not the server's JSON error: fall through to the status
  }
  return `the server answered ${response.status}`;
}

const UNREACHABLE = "the server cannot be reached";

/**
 * The switch's logic for `board`, over the browser's parts, each passed in: `fetch`,
 * `serviceWorker` (navigator.serviceWorker), `Notification`, `PushManager`, `standalone`
 * (navigator.standalone: false in a Safari tab, undefined elsewhere), `secure`
 * (isSecureContext), `storage` (localStorage) and `timeZone()` (the IANA zone deadlines are
 * read in). Every method answers the state to draw, `{ state, detail }`.
 */
export function createNotifications(parts) {
  const { board, fetch, serviceWorker, Notification, storage, timeZone } = parts;
  const path = `/v1/boards/${encodeURIComponent(board)}/push/subscriptions`;

  const otherBoardsUsing = (endpoint) =>
    Object.keys(storage).filter(
      (key) => key.startsWith(notifyKey("")) && key !== notifyKey(board) && storage.getItem(key) === endpoint,
    );

  /** This browser's push subscription, or null (none, or no service worker yet). */
  async function subscription() {
    const registration = await serviceWorker.getRegistration();
    return (await registration?.pushManager.getSubscription()) ?? null;
  }

  /** Posts `held` to the board, with the time zone its deadlines are read in. */
  function post(held) {
    const zone = timeZone();
    return fetch(path, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ...held.toJSON(), ...(zone ? { timeZone: zone } : {}) }),
    });
  }

  /** Ends `held` with the push service unless another board of this browser still uses it. */
  async function release(held) {
    if (otherBoardsUsing(held.endpoint).length === 0) await held.unsubscribe().catch(() => false);
  }

  /** The state before anything is asked: what the switch shows on load. */
  async function current() {
    const supported = support(parts);
    if (supported !== "ready") return { state: supported };
    if (Notification.permission === "denied") return { state: "blocked" };
    const held = await subscription().catch(() => null);
    const remembered = storage.getItem(notifyKey(board));
    if (held && Notification.permission === "granted" && remembered === held.endpoint) return { state: "on" };
    // A remembered endpoint the browser no longer holds (it ended, or permission was reset).
    if (remembered !== null) storage.removeItem(notifyKey(board));
    return { state: "off" };
  }

  /** Asks the permission, subscribes with the push service, and tells the server. */
  async function turnOn() {
    const supported = support(parts);
    if (supported !== "ready") return { state: supported };
    const permission =
      Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
    if (permission === "denied") return { state: "blocked" };
    if (permission !== "granted") return { state: "dismissed" };
    let response;
    try {
      response = await fetch("/v1/push/key", { credentials: "same-origin" });
    } catch {
      return { state: "failed on", detail: UNREACHABLE };
    }
    if (!response.ok) return { state: "failed on", detail: await reason(response) };
    const key = bytesOfBase64URL((await response.json()).publicKey);
    let held;
    try {
      // The worker is installed once the board has drawn; it may not be yet.
      await serviceWorker.register("/sw.js");
      const registration = await serviceWorker.ready;
      held = await registration.pushManager.getSubscription();
      // A subscription made with another key (the server's database was replaced) cannot be reused.
      if (held && !sameKey(held.options?.applicationServerKey, key)) {
        await held.unsubscribe();
        held = null;
      }
      held ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    } catch (error) {
      return { state: "failed on", detail: `the browser's push service refused (${error?.message ?? error})` };
    }
    let stored;
    try {
      stored = await post(held);
    } catch {
      await release(held);
      return { state: "failed on", detail: UNREACHABLE };
    }
    if (!stored.ok) {
      await release(held);
      return { state: "failed on", detail: await reason(stored) };
    }
    storage.setItem(notifyKey(board), held.endpoint);
    return { state: "on" };
  }

  /** Tells the server to stop, then ends the subscription unless another board uses it. */
  async function turnOff() {
    const held = await subscription().catch(() => null);
    if (held) {
      let response;
      try {
        response = await fetch(`${path}?endpoint=${encodeURIComponent(held.endpoint)}`, {
          method: "DELETE",
          credentials: "same-origin",
        });
      } catch {
        return { state: "failed off", detail: UNREACHABLE };
      }
      // 404: the server had already dropped it (its push service said it was gone).
      if (!response.ok && response.status !== 404) return { state: "failed off", detail: await reason(response) };
    }
    storage.removeItem(notifyKey(board));
    if (held) await release(held);
    return { state: "off" };
  }

  /**
   * Posts the subscription again when the switch is on, once signed in: the server keeps it
   * (reminders already sent included), under this session and the browser's time zone now, so
   * one that ended with an expired session, or a trip to another zone, is mended.
   */
  async function renew() {
    if ((await current()).state !== "on") return;
    const held = await subscription();
    if (held) await post(held).catch(() => null);
  }

  return { current, turnOn, turnOff, renew };
}

/**
 * Signing out: this browser's push subscription is ended with its push service and the boards it
 * was for are forgotten, so the next person to sign in here is not sent the last one's cards (the
 * server drops the subscriptions of the session as it ends). Never holds the sign-out up long.
 */
export async function forgetNotifications({
  serviceWorker,
  storage,
  wait = (ms) => new Promise((r) => setTimeout(r, ms)),
}) {
  for (const key of Object.keys(storage)) if (key.startsWith(notifyKey(""))) storage.removeItem(key);
  if (!serviceWorker) return;
  const ended = (async () => {
    const registration = await serviceWorker.getRegistration();
    const held = await registration?.pushManager?.getSubscription();
    await held?.unsubscribe();
  })().catch(() => {});
  await Promise.race([ended, wait(3000)]);
}

/**
 * The switch in the help panel (`#notify`, a checkbox with role=switch) and its line of words
 * (`#notify-status`), drawn from `notifications`' answers. `show()` draws the state on load.
 */
export function createNotifySwitch(document, notifications) {
  const input = document.getElementById("notify");
  const line = document.getElementById("notify-status");
  if (!input || !line) return { show: async () => {} };
  const draw = ({ state, detail }) => {
    input.checked = state === "on" || state === "asking" || state === "failed off";
    // Only on and off can be changed; the rest wait, or need something outside the page.
    input.disabled = !["on", "off", "dismissed", "failed on", "failed off"].includes(state);
    line.textContent = notifyText(state, detail);
    line.dataset.notify = state;
  };
  input.addEventListener("change", async () => {
    const turningOn = input.checked;
    draw({ state: turningOn ? "asking" : "stopping" });
    draw(await (turningOn ? notifications.turnOn() : notifications.turnOff()));
  });
  return {
    async show() {
      draw(await notifications.current());
    },
  };
}
