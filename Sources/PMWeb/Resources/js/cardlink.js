// Opening the board at a card: tapping a deadline notification opens `/boards/NAME#card=ID`, or,
// when a window is already on the board, the service worker tells it `{type: "openCard", card}`
// (sw.js). Either way the card's details open once the card is on the board: a first open draws
// the cards only after the snapshot arrives.

const CARD_IN_HASH = /^#card=([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** The card id `hash` (`location.hash`) names, `#card=ID`, lowercased as the store keys it; else null. */
export function cardInHash(hash) {
  const match = CARD_IN_HASH.exec(hash ?? "");
  return match ? match[1].toLowerCase() : null;
}

/**
 * Follows the links to a card: the address's `#card=ID` (taken off the address at once, so a
 * reload or a shared link does not open it again), a later `hashchange`, and the service worker's
 * `openCard` messages. `open(id)` opens card `id`'s details and answers whether the card was
 * there to open; a card not there yet is tried again on every `drawn()`, until `settled()` says
 * the board has every card it will get (a card deleted meanwhile then opens nothing).
 * `window` gives `location`, `history` and `addEventListener`; `serviceWorker` may be missing.
 */
export function followCardLinks({ window, serviceWorker, open }) {
  let wanted = null;

  const tryOpen = () => {
    // Taken before opening: opening draws the board again, which must not open it twice.
    const id = wanted;
    wanted = null;
    if (id !== null && !open(id)) wanted = id;
  };

  const fromAddress = () => {
    const id = cardInHash(window.location.hash);
    if (id === null) return;
    window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
    wanted = id;
    tryOpen();
  };

  fromAddress();
  window.addEventListener("hashchange", fromAddress);
  serviceWorker?.addEventListener("message", (event) => {
    const message = event.data;
    if (message?.type !== "openCard" || typeof message.card !== "string") return;
    wanted = message.card.toLowerCase();
    tryOpen();
  });
  // Messages wait in a queue until the page says it listens (else until it has loaded).
  serviceWorker?.startMessages?.();

  return {
    /** The board has drawn: open the wanted card if it is there now. */
    drawn: tryOpen,
    /** The board has every card it will get for now: a wanted card still missing is given up. */
    settled() {
      tryOpen();
      wanted = null;
    },
  };
}
