// Opening the board at a card (cardlink.js): the address's #card=ID and the service worker's
// openCard message, over a fake window and service worker.

import assert from "node:assert/strict";
import { test } from "node:test";
import { cardInHash, followCardLinks } from "../../Sources/PMWeb/Resources/js/cardlink.js";

const CARD = "0f8e6b2a-1c3d-4e5f-8a9b-0c1d2e3f4a5b";

/** A window at `/boards/team` + `hash`, and a service worker; `cards` are the ids on the board. */
function page(hash = "") {
  const listeners = {};
  const window = {
    location: { pathname: "/boards/team", search: "", hash },
    history: {
      state: null,
      replaceState: (_state, _title, url) => {
        window.location.hash = "";
        window.replaced.push(url);
      },
    },
    replaced: [],
    addEventListener: (type, listener) => (listeners[`window:${type}`] = listener),
  };
  let started = 0;
  const serviceWorker = {
    addEventListener: (type, listener) => (listeners[`worker:${type}`] = listener),
    startMessages: () => (started += 1),
  };
  const cards = new Set();
  const opened = [];
  const links = followCardLinks({
    window,
    serviceWorker,
    open: (id) => {
      if (!cards.has(id)) return false;
      opened.push(id);
      return true;
    },
  });
  return {
    window,
    links,
    cards,
    opened,
    started: () => started,
    message: (data) => listeners["worker:message"]({ data }),
    hashchange: (hash) => {
      window.location.hash = hash;
      listeners["window:hashchange"]();
    },
  };
}

test("An address names a card by #card= and a full id; anything else names none", () => {
  assert.equal(cardInHash(`#card=${CARD}`), CARD);
  assert.equal(cardInHash(`#card=${CARD.toUpperCase()}`), CARD);
  assert.equal(cardInHash("#card=0f8e"), null);
  assert.equal(cardInHash(`#card=${CARD}&x`), null);
  assert.equal(cardInHash(""), null);
  assert.equal(cardInHash(undefined), null);
});

test("Given the board opened at #card=ID, when the card is drawn, then its details open once and the address loses the hash", () => {
  const board = page(`#card=${CARD}`);
  assert.deepEqual(board.window.replaced, ["/boards/team"]);
  board.links.drawn();
  assert.deepEqual(board.opened, []);

  board.cards.add(CARD);
  board.links.drawn();
  board.links.drawn();

  assert.deepEqual(board.opened, [CARD]);
});

test("Given an open board, when the service worker says openCard, then the card's details open", () => {
  const board = page();
  board.cards.add(CARD);
  assert.equal(board.started(), 1);
  board.message({ type: "something else", card: CARD });
  board.message({ type: "openCard" });
  assert.deepEqual(board.opened, []);
  board.message({ type: "openCard", card: CARD.toUpperCase() });
  assert.deepEqual(board.opened, [CARD]);
});

test("Given the address changed to #card=ID on an open board, then the card's details open", () => {
  const board = page();
  board.cards.add(CARD);
  board.hashchange(`#card=${CARD}`);
  assert.deepEqual(board.opened, [CARD]);
  assert.deepEqual(board.window.replaced, ["/boards/team"]);
});

test("Given a card the board never gets, when syncing settles, then it is given up and opens nothing later", () => {
  const board = page(`#card=${CARD}`);
  board.links.settled();
  board.cards.add(CARD);
  board.links.drawn();
  assert.deepEqual(board.opened, []);
});
