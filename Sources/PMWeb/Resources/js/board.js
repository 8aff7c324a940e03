// Draws the three lists: a function of the view state, as BoardView.render is for the terminal.
// The columns are made once; each render walks the cards in order and touches only a card
// whose text changed or that is out of place, so a pulled change redraws one card, not the
// board (what keeps a board of thousands of cards quick).

import { HEADINGS, STATUSES, isOverdue } from "./merge.js";
import { dropTarget } from "./state.js";

/** The words a card shows, as a key: a card is redrawn only when this changes. */
function signature(card, today) {
  return `${card.title}\u0000${card.description}\u0000${card.deadline}\u0000${isOverdue(card, today)}`;
}

const ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text made safe to stand in HTML, as text or inside a quoted attribute. */
export function escapeHTML(text) {
  return String(text).replace(/[&<>"']/g, (character) => ESCAPES[character]);
}

/**
 * A card as HTML: the same element drawCard and renderList make one call at a time. Used to
 * fill an empty list in one parse, which is several times quicker for thousands of cards.
 */
export function cardHTML(card, today, selected) {
  const id = escapeHTML(card.id);
  const late = isOverdue(card, today);
  const classes = `card${late ? " overdue" : ""}${selected ? " selected" : ""}`;
  const state = selected ? ' aria-current="true" tabindex="0"' : ' tabindex="-1"';
  const description = card.description ? `<span class="description">${escapeHTML(card.description)}</span>` : "";
  const deadline = escapeHTML(late ? `${card.deadline} overdue` : card.deadline);
  return (
    `<li class="${classes}" data-id="${id}"${state} aria-labelledby="title-${id}" aria-describedby="details-${id}">` +
    `<span class="title" id="title-${id}">${escapeHTML(card.title)}</span>` +
    `<span id="details-${id}" class="details">${description}<span class="deadline">${deadline}</span></span></li>`
  );
}

/** Makes the board's columns inside `root`; returns the renderer. */
export function createBoard(root, document = root.ownerDocument) {
  const columns = {};
  for (const status of STATUSES) {
    const section = document.createElement("section");
    section.className = "column";
    section.id = `list-${status}`;
    section.dataset.status = status;
    // An empty list can still hold the keyboard's place.
    section.tabIndex = -1;
    section.setAttribute("role", "region");
    section.setAttribute("aria-labelledby", `heading-${status}`);
    const header = document.createElement("div");
    header.className = "column-header";
    const heading = document.createElement("h2");
    heading.id = `heading-${status}`;
    header.append(heading);
    let toggle = null;
    if (status === "done") {
      // DONE grows forever; folded, its cards are not drawn at all.
      toggle = document.createElement("button");
      toggle.type = "button";
      toggle.id = "collapse-done";
      toggle.className = "collapse";
      header.append(toggle);
    }
    const list = document.createElement("ul");
    list.className = "cards";
    list.setAttribute("aria-labelledby", `heading-${status}`);
    // Said when a filter leaves the list empty, rather than an empty box.
    const empty = document.createElement("p");
    empty.className = "empty";
    empty.textContent = "No matching cards";
    empty.hidden = true;
    section.append(header, empty, list);
    root.append(section);
    columns[status] = { section, heading, list, toggle, empty, items: new Map() };
  }

  function drawCard(item, card, today) {
    const { element } = item;
    element.replaceChildren();
    const title = document.createElement("span");
    title.className = "title";
    title.id = `title-${card.id}`;
    title.textContent = card.title;
    element.append(title);
    const details = document.createElement("span");
    details.id = `details-${card.id}`;
    details.className = "details";
    if (card.description) {
      const description = document.createElement("span");
      description.className = "description";
      description.textContent = card.description;
      details.append(description);
    }
    const deadline = document.createElement("span");
    deadline.className = "deadline";
    const late = isOverdue(card, today);
    deadline.textContent = late ? `${card.deadline} overdue` : card.deadline;
    element.classList.toggle("overdue", late);
    details.append(deadline);
    element.append(details);
  }

  function renderList(status, cards, view) {
    const column = columns[status];
    const folded = status === "done" && view.doneCollapsed;
    column.heading.textContent = `${HEADINGS[status]} (${cards.length})`;
    if (column.toggle) {
      column.toggle.textContent = folded ? "Show" : "Hide";
      column.toggle.setAttribute("aria-label", folded ? "Show the DONE cards" : "Hide the DONE cards");
      column.toggle.setAttribute("aria-expanded", String(!folded));
    }
    column.section.classList.toggle("collapsed", folded);
    column.section.classList.toggle("active", view.tab === status);
    column.section.classList.toggle("drop-target", dropTarget(view) === status);
    const shown = folded ? [] : cards;
    column.empty.hidden = !(view.filter && cards.length === 0);
    if (column.items.size === 0 && shown.length > 1) {
      fillList(column, shown, view);
      return;
    }
    const keep = new Set();
    let cursor = column.list.firstChild;
    for (const card of shown) {
      keep.add(card.id);
      let item = column.items.get(card.id);
      if (!item) {
        const element = document.createElement("li");
        element.className = "card";
        element.dataset.id = card.id;
        element.tabIndex = -1;
        element.setAttribute("aria-labelledby", `title-${card.id}`);
        element.setAttribute("aria-describedby", `details-${card.id}`);
        item = { element, signature: null };
        column.items.set(card.id, item);
      }
      const text = signature(card, view.today);
      if (item.signature !== text) {
        drawCard(item, card, view.today);
        item.signature = text;
      }
      const selected = view.selectedId === card.id;
      if (item.element.classList.contains("selected") !== selected) {
        item.element.classList.toggle("selected", selected);
        item.element.setAttribute("aria-current", String(selected));
      }
      const held = view.drag?.id === card.id;
      item.element.classList.toggle("lifted", held && !view.drag.carried);
      item.element.classList.toggle("dragging", held && view.drag.carried);
      // Roving focus: only the selected card is in the tab order.
      const tabIndex = selected ? 0 : -1;
      if (item.element.tabIndex !== tabIndex) item.element.tabIndex = tabIndex;
      if (cursor === item.element) {
        cursor = cursor.nextSibling;
      } else {
        column.list.insertBefore(item.element, cursor);
      }
    }
    for (const [id, item] of column.items) {
      if (!keep.has(id)) {
        item.element.remove();
        column.items.delete(id);
      }
    }
  }

  /** Fills an empty list with `cards` in one parse, and remembers each card's element. */
  function fillList(column, cards, view) {
    column.list.innerHTML = cards.map((card) => cardHTML(card, view.today, view.selectedId === card.id)).join("");
    let element = column.list.firstElementChild;
    for (const card of cards) {
      column.items.set(card.id, { element, signature: signature(card, view.today) });
      element = element.nextElementSibling;
    }
  }

  return {
    columns,
    /** Draws `view`: `{ lists, today, selectedId, doneCollapsed, tab, filter, drag }`. */
    render(view) {
      for (const status of STATUSES) renderList(status, view.lists[status], view);
    },
    /** Gives focus to `state`'s selected card, or to its list when none is selected. */
    focus(state) {
      const element = state.selectedId && this.element(state.selectedId);
      if (element) element.focus();
      else columns[state.column]?.section.focus();
    },
    /** The card element of `id`, if drawn. */
    element(id) {
      for (const status of STATUSES) {
        const item = columns[status].items.get(id);
        if (item) return item.element;
      }
      return null;
    },
  };
}
