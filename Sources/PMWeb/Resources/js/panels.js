// The board's overlays: the move menu (naming the two other lists), the Undo toast, a card's
// details with its own history, and the board's history, newest first, each entry naming who
// made it; a card deleted now (by anyone) has a Restore on its latest deletion, as `pm restore`.
// Each is plain DOM from board.html filled from state; none keeps state of its own beyond what
// is open.

import { historyOf, summary } from "./history.js";
import { HEADINGS, STATUSES, isOverdue } from "./merge.js";

/** Who made an entry: `this device`, the user the server recorded, or the device id. */
export function authorOf(entry, device) {
  if (entry.operation.timestamp.device === device) return "this device";
  if (entry.author) return entry.author;
  return `device ${entry.operation.timestamp.device.slice(0, 8)}`;
}

/** The history of `entries` (store entries), newest first, each with its author. */
export function historyWithAuthors(entries, device, projectId = null) {
  const byId = new Map(entries.map((entry) => [entry.operation.id, entry]));
  const operations = entries
    .map((entry) => entry.operation)
    .filter((operation) => projectId === null || operation.projectId === projectId);
  return historyOf(operations).map((item) => ({ ...item, author: authorOf(byId.get(item.operationId), device) }));
}

/** Local date and time of a wall time, `2026-11-23 14:05`. */
export function localTime(wallTime) {
  const date = new Date(wallTime);
  const pad = (value) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * The entries that get a Restore: for each card `deletedNow(id)` says is deleted, its newest
 * deletion (`items` are newest first), so one button brings it back.
 */
export function restorableEntries(items, deletedNow) {
  const seen = new Set();
  const restorable = new Set();
  for (const item of items) {
    if (item.action !== "deleted" || seen.has(item.projectId)) continue;
    seen.add(item.projectId);
    if (deletedNow(item.projectId)) restorable.add(item);
  }
  return restorable;
}

function fillHistory(list, items, document, describe, restore = null) {
  list.replaceChildren();
  if (items.length === 0) {
    const empty = document.createElement("li");
    empty.textContent = "No history yet.";
    list.append(empty);
  }
  for (const item of items) {
    const row = document.createElement("li");
    const time = document.createElement("time");
    time.textContent = localTime(item.timestamp.wallTime);
    const who = document.createElement("span");
    who.className = "author";
    who.textContent = item.author;
    const text = document.createElement("span");
    text.className = "summary";
    text.textContent = describe(item);
    row.append(time, " ", who, " ", text);
    if (restore?.entries.has(item)) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "restore";
      button.textContent = "Restore";
      button.setAttribute("aria-label", `Restore "${item.title}"`);
      button.addEventListener("click", () => restore.act(item.projectId));
      row.append(" ", button);
    }
    list.append(row);
  }
}

const GAP = 8; // pixels between a card and its popover, and the popover and the window's edge

/**
 * Where a popover of `size` stands beside `box`: to its right, else its left, else below or
 * above it; always inside `window` (`innerWidth`, `innerHeight`). No box: the window's middle.
 */
export function popoverPlace(box, size, window) {
  const { innerWidth: width, innerHeight: height } = window;
  const clamp = (value, room, extent) => Math.max(GAP, Math.min(value, room - extent - GAP));
  if (!box) {
    return {
      left: clamp((width - size.width) / 2, width, size.width),
      top: clamp((height - size.height) / 2, height, size.height),
    };
  }
  const top = clamp(box.top, height, size.height);
  if (box.right + GAP + size.width + GAP <= width) return { left: box.right + GAP, top };
  if (box.left - GAP - size.width >= GAP) return { left: box.left - GAP - size.width, top };
  const left = clamp(box.left, width, size.width);
  if (box.bottom + GAP + size.height + GAP <= height) return { left, top: box.bottom + GAP };
  return { left, top: clamp(box.top - GAP - size.height, height, size.height) };
}

/** A card's own changes: each field from → to, as `title "A" → "B"`. */
export function changeLines(item) {
  if (item.action === "added") return `added in ${HEADINGS[item.changes.find((c) => c.field === "status")?.to] ?? "TODO"}`;
  if (item.action === "deleted") return "deleted";
  if (item.action === "restored") return "restored";
  return item.changes
    .map((change) => {
      const show = (value) => (change.field === "status" ? (HEADINGS[value] ?? value) : JSON.stringify(value ?? ""));
      return `${change.field} ${show(change.from)} → ${show(change.to)}`;
    })
    .join(", ");
}

/**
 * Wires the overlays; `actions`: `move(id, status)`, `menu(id)` (the move menu beside the
 * card), `edit(id)`, `remove(id)`, `undo()`,
 * `restore(id)` and `deletedNow(id)` (whether card `id` is deleted at this moment).
 */
export function createPanels(document, actions) {
  const menu = document.getElementById("move-menu");
  const toast = document.getElementById("toast");
  let toastTimer = null;
  let menuReturn = null;

  function closeMenu() {
    if (menu.hidden) return;
    menu.hidden = true;
    menu.replaceChildren();
    menuReturn?.focus?.();
  }

  menu.addEventListener("keydown", (event) => {
    const items = [...menu.querySelectorAll("[role=menuitem]")];
    const index = items.indexOf(document.activeElement);
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      items[(index + step + items.length) % items.length].focus();
    } else if (event.key === "Escape") {
      event.preventDefault();
      closeMenu();
    } else if (event.key === "1" || event.key === "2") {
      items[Number(event.key) - 1]?.click();
    }
    event.stopPropagation();
  });
  document.addEventListener("pointerdown", (event) => {
    if (!menu.hidden && !menu.contains(event.target)) closeMenu();
  });
  // After a hold the card keeps the focus (its keys act on it), so an iPad keyboard's Escape is
  // heard on the page, not in the menu; the board's own keys wait while the menu is open.
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || menu.hidden || menu.contains(event.target)) return;
    event.preventDefault();
    closeMenu();
  });

  const details = {
    dialog: document.getElementById("detail-dialog"),
    id: null,
  };
  document.getElementById("detail-close").addEventListener("click", () => details.dialog.close());
  document.getElementById("detail-edit").addEventListener("click", () => {
    details.dialog.close();
    actions.edit(details.id);
  });
  document.getElementById("detail-delete").addEventListener("click", () => {
    details.dialog.close();
    actions.remove(details.id);
  });
  document.getElementById("detail-move").addEventListener("click", () => {
    details.dialog.close();
    actions.menu(details.id);
  });
  const historyDialog = document.getElementById("history-dialog");
  document.getElementById("history-close").addEventListener("click", () => historyDialog.close());
  document.getElementById("toast-undo").addEventListener("click", () => {
    panels.hideToast();
    actions.undo();
  });

  const panels = {
    /**
     * The menu for `card`, beside `box` (the card's place on the page): one item per other
     * list, the seeds' popover, where the hand that held the card does not cover it.
     */
    openMenu(card, box) {
      menuReturn = document.activeElement;
      menu.replaceChildren();
      const heading = document.createElement("p");
      heading.className = "menu-heading";
      heading.textContent = "Move to";
      menu.append(heading);
      menu.setAttribute("aria-label", `Move "${card.title}" to`);
      for (const status of STATUSES.filter((s) => s !== card.status)) {
        const item = document.createElement("button");
        item.type = "button";
        item.setAttribute("role", "menuitem");
        item.textContent = HEADINGS[status];
        item.addEventListener("click", () => {
          closeMenu();
          actions.move(card.id, status);
        });
        menu.append(item);
      }
      menu.hidden = false;
      const place = popoverPlace(box, { width: menu.offsetWidth, height: menu.offsetHeight }, document.defaultView);
      menu.style.left = `${place.left}px`;
      menu.style.top = `${place.top}px`;
      menu.querySelector("[role=menuitem]").focus();
    },
    closeMenu,
    get menuOpen() {
      return !menu.hidden;
    },

    /** A short message with an Undo button, gone after a few seconds. */
    showToast(text) {
      document.getElementById("toast-text").textContent = text;
      toast.hidden = false;
      clearTimeout(toastTimer);
      toastTimer = setTimeout(() => panels.hideToast(), 8000);
    },
    hideToast() {
      toast.hidden = true;
      clearTimeout(toastTimer);
    },

    /** The details of `card`, with its own history from `entries`. */
    openDetails(card, entries, device, today) {
      details.id = card.id;
      details.card = card;
      document.getElementById("detail-title").textContent = card.title;
      document.getElementById("detail-list").textContent = HEADINGS[card.status];
      const late = isOverdue(card, today);
      const deadline = document.getElementById("detail-deadline");
      deadline.textContent = late ? `${card.deadline} overdue` : card.deadline;
      deadline.classList.toggle("overdue", late);
      document.getElementById("detail-description").textContent = card.description || "(no description)";
      const items = historyWithAuthors(entries, device, card.id);
      fillHistory(document.getElementById("detail-history"), items, document, changeLines);
      if (!details.dialog.open) details.dialog.showModal();
      // The top of the details (the title) in view, not the Close at the bottom.
      details.dialog.scrollTop = 0;
      document.getElementById("detail-close").focus({ preventScroll: true });
    },

    /**
     * The whole board's history, newest first, with the CLI's sentences and each author; a card
     * deleted now can be restored from its deletion.
     */
    openHistory(entries, device) {
      const items = historyWithAuthors(entries, device);
      document.getElementById("history-heading").textContent = `History (${items.length})`;
      const restore = { entries: restorableEntries(items, actions.deletedNow), act: actions.restore };
      fillHistory(document.getElementById("history-list"), items, document, summary, restore);
      if (!historyDialog.open) historyDialog.showModal();
      document.getElementById("history-close").focus();
    },
  };
  return panels;
}
