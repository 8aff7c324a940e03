// Drag, long-press and swipe on cards, with pointer events so that one path serves the mouse,
// a finger and a pen. A card follows the pointer once it has moved a little; dropped over
// another list it moves there. Held still it opens the move menu (the seeds' popover), as a
// right-click does. On touch, a quick slide to the left that stays in its own list deletes.

const SLOP = 8; // pixels a press may wander and still be a press, not a drag
const HOLD = 500; // milliseconds of stillness that make a long-press
const SWIPE = 80; // pixels to the left that make a swipe

/**
 * Listens on `root` (the board). `handlers`: `onMove(id, status)`, `onMenu(id, x, y)`,
 * `onSwipe(id)`, `onOpen(id)`.
 */
export function attachGestures(root, handlers, document = root.ownerDocument) {
  let press = null;
  let swallowClick = false;

  function listAt(x, y) {
    const target = document.elementFromPoint(x, y);
    return target?.closest?.(".column")?.dataset.status ?? null;
  }

  function highlight(status) {
    for (const column of root.querySelectorAll(".column")) {
      column.classList.toggle("drop-target", column.dataset.status === status);
    }
  }

  function finish() {
    if (!press) return;
    clearTimeout(press.timer);
    press.card.classList.remove("dragging");
    press.card.style.transform = "";
    highlight(null);
    press = null;
  }

  root.addEventListener("pointerdown", (event) => {
    const card = event.target.closest(".card");
    if (!card || event.button !== 0) return;
    finish();
    const from = card.closest(".column").dataset.status;
    press = {
      card,
      id: card.dataset.id,
      from,
      pointer: event.pointerId,
      type: event.pointerType,
      x: event.clientX,
      y: event.clientY,
      dragging: false,
      held: false,
      timer: setTimeout(() => {
        if (!press || press.dragging) return;
        press.held = true;
        handlers.onMenu(press.id, press.x, press.y);
      }, HOLD),
    };
  });

  root.addEventListener("pointermove", (event) => {
    if (!press || event.pointerId !== press.pointer || press.held) return;
    const dx = event.clientX - press.x;
    const dy = event.clientY - press.y;
    if (!press.dragging) {
      if (Math.hypot(dx, dy) < SLOP) return;
      clearTimeout(press.timer);
      press.dragging = true;
      press.card.classList.add("dragging");
      // Captured, the card keeps getting the pointer's moves wherever it goes.
      press.card.setPointerCapture?.(event.pointerId);
    }
    press.card.style.transform = `translate(${dx}px, ${dy}px)`;
    const over = listAt(event.clientX, event.clientY);
    highlight(over !== press.from ? over : null);
  });

  root.addEventListener("pointerup", (event) => {
    if (!press || event.pointerId !== press.pointer) return;
    const { id, from, dragging, held, type } = press;
    const dx = event.clientX - press.x;
    const dy = event.clientY - press.y;
    // The card sits under the pointer while dragged: look beneath it for the list.
    press.card.style.visibility = "hidden";
    const over = listAt(event.clientX, event.clientY);
    press.card.style.visibility = "";
    finish();
    if (held) {
      swallowClick = true;
      return;
    }
    if (!dragging) return;
    swallowClick = true;
    if (over && over !== from) handlers.onMove(id, over);
    else if (type !== "mouse" && dx < -SWIPE && Math.abs(dy) < SWIPE / 2) handlers.onSwipe(id);
  });

  root.addEventListener("pointercancel", finish);

  root.addEventListener(
    "click",
    (event) => {
      const card = event.target.closest(".card");
      if (swallowClick) {
        // The click that ends a drag or a long-press is not an "open".
        swallowClick = false;
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
    // A touch long-press fires this too, after our own timer: one menu is enough.
    if (press?.held) return;
    finish();
    handlers.onMenu(card.dataset.id, event.clientX, event.clientY);
  });
}
