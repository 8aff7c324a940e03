// The board's buttons and fields outside the lists: the filter, add, undo / redo, history and
// help, the list tabs, DONE's fold, and selecting a card by giving it focus. Each only asks
// app.js (through `actions`) to act; none keeps state of its own.

/**
 * Wires the controls. `actions`: `view` (app.js's view state), `refresh()`, `focusSelected()`,
 * `select(status, index)`, `statusOf(id)` (a card's list, or null), `add()`, `undo()`,
 * `redo()`, `history()`.
 */
export function wireControls(document, actions) {
  const { view, refresh, focusSelected } = actions;
  const filter = document.getElementById("filter");
  filter.addEventListener("input", () => {
    view.filter = filter.value;
    refresh();
  });
  filter.addEventListener("keydown", (event) => {
    if (event.key === "Escape") {
      filter.value = "";
      view.filter = "";
      refresh();
      focusSelected();
    } else if (event.key === "Enter" || event.key === "ArrowDown") {
      event.preventDefault();
      focusSelected();
    }
  });
  document.getElementById("add").addEventListener("click", () => actions.add());
  document.getElementById("undo").addEventListener("click", () => actions.undo());
  document.getElementById("redo").addEventListener("click", () => actions.redo());
  document.getElementById("show-history").addEventListener("click", () => actions.history());
  document.getElementById("show-help").addEventListener("click", () => document.getElementById("help-dialog").showModal());
  document.getElementById("help-close").addEventListener("click", () => document.getElementById("help-dialog").close());
  for (const tab of document.querySelectorAll("[role=tab]")) {
    tab.addEventListener("click", () => actions.select(tab.dataset.status, 0));
  }
  const board = document.getElementById("board");
  board.addEventListener("click", (event) => {
    if (event.target.closest("#collapse-done")) {
      view.doneCollapsed = !view.doneCollapsed;
      localStorage.setItem("pm.doneCollapsed", String(view.doneCollapsed));
      refresh();
    }
  });
  board.addEventListener("focusin", (event) => {
    // Tabbing or clicking onto a card selects it, so the keys act on what has focus.
    const card = event.target.closest(".card");
    const status = card ? actions.statusOf(card.dataset.id) : null;
    if (card && card.dataset.id !== view.selectedId && status) {
      view.column = status;
      view.selectedId = card.dataset.id;
      refresh();
    }
  });
}
