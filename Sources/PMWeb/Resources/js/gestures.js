// Drag, long-press and swipe on cards, with pointer events so that one path serves the mouse,
// a finger and a pen, the way the iPad's own apps behave (Reminders, Files):
// - a mouse drags a card as soon as it moves a little; held still it opens the move menu (the
//   seeds' popover), as a right-click does;
// - a finger must hold first: the card lifts, then follows the finger; a hold released without
//   moving opens the popover; a finger that moves without holding scrolls the list, and a quick
//   slide to the left deletes (a red "Delete" grows behind it as it goes).
// While a card is dragged, the list under it scrolls when the pointer nears its top or bottom,
// and a list's tab (one list at a time on a phone) takes the drop too.

const SLOP = 8; // pixels a press may wander and still be a press, not a drag
const HOLD = 450; // milliseconds of stillness that make a long-press (a lift, on touch)
const SWIPE = 80; // pixels to the left that make a swipe
const EDGE = 48; // pixels from a list's top or bottom where a drag scrolls it
const SPEED = 14; // pixels a list scrolls per frame at its very edge
// The click a mouse's drag ends with comes at once; a later click is a new tap, never swallowed.
const CLICK_AFTER = 350;

/**
 * Listens on `root` (the board). `handlers`: `onMove(id, status)`, `onMenu(id)` (the popover,
 * beside the card), `onSwipe(id)`, `onOpen(id)`; and the held card's state, which the board
 * draws (lifted, carried, the list it is over): `onLift(id)`, `onCarry(id, over)`, `onPutDown()`.
 * Only what moves with every frame stays here: where the pointer is, the copy that follows it,
 * and a swipe's red.
 */
export function attachGestures(root, handlers, document = root.ownerDocument) {
  const view = document.defaultView;
  let press = null;
  // The card whose gesture just ended, and until when a click on it is that gesture's own.
  let swallow = null;

  function listAt(x, y) {
    const target = document.elementFromPoint(x, y);
    const place = target?.closest?.(".column, [role=tab]");
    return place?.dataset.status ?? null;
  }

  function finish() {
    if (!press) return;
    clearTimeout(press.timer);
    view.cancelAnimationFrame(press.frame);
    press.ghost?.remove();
    press.card.classList.remove("swiping", "armed");
    press.card.style.removeProperty("--swipe");
    press.card.querySelector(".swipe-label")?.remove();
    if (press.held || press.dragging) handlers.onPutDown();
    press = null;
  }

  /** A copy of the card that follows the pointer above every list (a list clips its own cards). */
  function lift(event) {
    const box = press.card.getBoundingClientRect();
    const ghost = press.card.cloneNode(true);
    for (const element of [ghost, ...ghost.querySelectorAll("[id]")]) element.removeAttribute("id");
    ghost.removeAttribute("tabindex");
    ghost.setAttribute("aria-hidden", "true");
    ghost.classList.add("ghost");
    ghost.classList.remove("lifted", "selected");
    Object.assign(ghost.style, { left: `${box.left}px`, top: `${box.top}px`, width: `${box.width}px` });
    document.body.append(ghost);
    press.ghost = ghost;
    press.dragging = true;
    // Captured, the card keeps getting the pointer's moves wherever it goes.
    press.card.setPointerCapture?.(event.pointerId);
    scrollLoop();
  }

  /** Each frame of a drag: the list under the pointer scrolls when the pointer nears its edge. */
  function scrollLoop() {
    if (!press?.dragging) return;
    const target = document.elementFromPoint(press.lastX, press.lastY);
    const list = target?.closest?.(".column")?.querySelector(".cards");
    if (list) {
      const box = list.getBoundingClientRect();
      const top = press.lastY - box.top;
      const bottom = box.bottom - press.lastY;
      if (top < EDGE) list.scrollTop -= Math.ceil((SPEED * (EDGE - Math.max(top, 0))) / EDGE);
      else if (bottom < EDGE) list.scrollTop += Math.ceil((SPEED * (EDGE - Math.max(bottom, 0))) / EDGE);
    }
    press.frame = view.requestAnimationFrame(scrollLoop);
  }

  function follow(dx, dy) {
    press.ghost.style.transform = `translate(${dx}px, ${dy}px)`;
    handlers.onCarry(press.id, listAt(press.lastX, press.lastY));
  }

  function showSwipe(dx, dy) {
    const sideways = dx < -SLOP && Math.abs(dy) < Math.abs(dx);
    press.card.classList.toggle("swiping", sideways);
    if (!sideways) return;
    press.card.style.setProperty("--swipe", `${Math.min(-dx, press.card.offsetWidth)}px`);
    if (!press.card.querySelector(".swipe-label")) {
      const label = document.createElement("span");
      label.className = "swipe-label";
      label.setAttribute("aria-hidden", "true");
      label.textContent = "Delete";
      press.card.append(label);
    }
    press.card.classList.toggle("armed", -dx >= SWIPE);
  }

  root.addEventListener("pointerdown", (event) => {
    const card = event.target.closest(".card");
    if (!card || event.button !== 0) return;
    finish();
    const touch = event.pointerType !== "mouse";
    press = {
      card,
      id: card.dataset.id,
      from: card.closest(".column").dataset.status,
      pointer: event.pointerId,
      touch,
      x: event.clientX,
      y: event.clientY,
      lastX: event.clientX,
      lastY: event.clientY,
      moved: false,
      dragging: false,
      held: false,
      timer: setTimeout(() => {
        if (!press || press.moved || press.dragging) return;
        press.held = true;
        if (press.touch) handlers.onLift(press.id);
        else handlers.onMenu(press.id);
      }, HOLD),
    };
  });

  root.addEventListener("pointermove", (event) => {
    if (!press || event.pointerId !== press.pointer) return;
    press.lastX = event.clientX;
    press.lastY = event.clientY;
    const dx = event.clientX - press.x;
    const dy = event.clientY - press.y;
    if (press.dragging) return follow(dx, dy);
    if (Math.hypot(dx, dy) < SLOP) return;
    if (press.touch && !press.held) {
      // Not held: the finger scrolls (the browser's) or swipes; it never drags.
      press.moved = true;
      clearTimeout(press.timer);
      showSwipe(dx, dy);
      return;
    }
    if (!press.touch && press.held) return; // the mouse's menu is open
    clearTimeout(press.timer);
    lift(event);
    follow(dx, dy);
  });

  // Once a card is lifted the finger carries it: the page must not scroll under it.
  root.addEventListener(
    "touchmove",
    (event) => {
      if (press?.held || press?.dragging) event.preventDefault();
    },
    { passive: false },
  );

  root.addEventListener("pointerup", (event) => {
    if (!press || event.pointerId !== press.pointer) return;
    const { id, card, from, dragging, held, moved, touch } = press;
    const dx = event.clientX - press.x;
    const dy = event.clientY - press.y;
    const over = dragging ? listAt(event.clientX, event.clientY) : null;
    finish();
    if (dragging || held || moved) swallow = { card, until: event.timeStamp + CLICK_AFTER };
    if (dragging) {
      if (over && over !== from) handlers.onMove(id, over);
    } else if (held) {
      if (touch) handlers.onMenu(id);
    } else if (moved && dx < -SWIPE && Math.abs(dy) < SWIPE / 2) {
      handlers.onSwipe(id);
    }
  });

  root.addEventListener("pointercancel", finish);

  root.addEventListener(
    "click",
    (event) => {
      const card = event.target.closest(".card");
      const own = swallow && swallow.card === card && event.timeStamp <= swallow.until;
      swallow = null;
      if (own) {
        // The click that ends a drag or a long-press on this card is not an "open".
        event.stopPropagation();
        return;
      }
      if (card) handlers.onOpen(card.dataset.id);
    },
    true,
  );

  root.addEventListener("contextmenu", (event) => {
    const card = event.target.closest(".card");
    if (!card) return;
    event.preventDefault();
    // A finger's long-press fires this too: the lift (and its release) decide, not this.
    if (press?.touch || event.pointerType === "touch") return;
    finish();
    handlers.onMenu(card.dataset.id);
  });
}
