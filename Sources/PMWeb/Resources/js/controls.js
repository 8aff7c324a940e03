// The page around the lists: the bar (board name, network indicator, filter, add, undo / redo,
// history, help), the list tabs, the footer's today, and DONE's fold. A view module: it draws
// from the board's state and turns what a person does into actions for app.js; it keeps no
// state of its own (on a phone, whether search or More is open is the page's: an attribute of
// the bar, and the popover's own).

import { HEADINGS } from "./merge.js";
import { dropTarget } from "./state.js";

/** Finds the page's controls in `document`; `wire(actions)` starts listening once the board can act. */
export function createControls(document) {
  const element = (id) => document.getElementById(id);
  const filter = element("filter");
  const network = element("network");
  const undo = element("undo");
  const redo = element("redo");
  const today = element("today");
  const help = element("help-dialog");
  const board = element("board");
  const bar = document.querySelector(".bar");
  const more = element("bar-more");
  const tabs = [...document.querySelectorAll("[role=tab]")];
  // On a phone the filter opens over the bar (the attribute board.css reads); wider, it is always there.
  const openFilter = () => {
    bar.dataset.search = "open";
    filter.focus();
  };

  return {
    /** The element the lists are drawn in. */
    board,

    /** Names the board in the bar and the window's title. */
    showName(name) {
      element("board-name").textContent = name;
      document.title = `${name} · Project Manager`;
    },

    /** Says who is signed in, on the Sign out button. */
    showUser(user) {
      element("signout").title = `Signed in as ${user}`;
    },

    /**
     * The network indicator's words, the phase the page's tests and styles read, and the count of
     * changes waiting to be sent, which a phone shows beside its dot as an app's badge.
     */
    showNetwork(text, phase = null, pending = 0) {
      network.textContent = text;
      // On a phone the badge is a dot: a finger held on it (or a mouse over it) still shows the words.
      network.title = text;
      if (phase) document.body.dataset.sync = phase;
      if (pending > 0) network.dataset.pending = String(pending);
      else delete network.dataset.pending;
    },

    /** Marks the page ready (the board acts on input from now on). */
    ready() {
      document.body.dataset.ready = "true";
    },

    /** Draws the tabs' counts and selection, undo / redo, and today from `state`. */
    render(state) {
      for (const tab of tabs) {
        const status = tab.dataset.status;
        tab.textContent = `${HEADINGS[status]} (${state.lists[status].length})`;
        tab.setAttribute("aria-selected", String(status === state.tab));
        // On a phone a carried card is dropped on a tab: it lights as a list does.
        tab.classList.toggle("drop-target", dropTarget(state) === status);
      }
      undo.disabled = !state.canUndo;
      redo.disabled = !state.canRedo;
      today.textContent = `Today ${state.today}`;
    },

    /** Focuses the filter; on a phone, opens it over the bar first. */
    focusFilter: openFilter,

    showHelp() {
      help.showModal();
    },

    /** Whether a dialog is open (the board's keys then belong to it). */
    dialogOpen() {
      return document.querySelector("dialog[open]") !== null;
    },

    /**
     * Listens. `actions`: `dispatch(action)` (state.js's actions), `focusSelected()`,
     * `select(status, index)`, `add()`, `undo()`, `redo()`, `history()`.
     */
    wire(actions) {
      const { dispatch, focusSelected } = actions;
      filter.addEventListener("input", () => dispatch({ type: "filter", text: filter.value }));
      // On a phone: Cancel (or Esc) clears the filter and closes it, as an iPhone's search does.
      const closeSearch = () => {
        filter.value = "";
        dispatch({ type: "filter", text: "" });
        delete bar.dataset.search;
      };
      element("search-open").addEventListener("click", openFilter);
      element("search-cancel").addEventListener("click", () => {
        closeSearch();
        element("search-open").focus();
      });
      // A choice in More closes it (the popover would stay open under a dialog in some browsers).
      more.addEventListener("click", (event) => {
        if (event.target.closest("button") && more.matches?.(":popover-open")) more.hidePopover();
      });
      filter.addEventListener("keydown", (event) => {
        if (event.key === "Escape") {
          closeSearch();
          focusSelected();
        } else if (event.key === "Enter" || event.key === "ArrowDown") {
          event.preventDefault();
          focusSelected();
        }
      });
      element("add").addEventListener("click", () => actions.add());
      undo.addEventListener("click", () => actions.undo());
      redo.addEventListener("click", () => actions.redo());
      element("show-history").addEventListener("click", () => actions.history());
      element("show-help").addEventListener("click", () => help.showModal());
      element("help-close").addEventListener("click", () => help.close());
      for (const tab of tabs) {
        tab.addEventListener("click", () => actions.select(tab.dataset.status, 0));
      }
      board.addEventListener("click", (event) => {
        if (event.target.closest("#collapse-done")) dispatch({ type: "toggleDone" });
      });
      board.addEventListener("focusin", (event) => {
        // Tabbing or clicking onto a card selects it, so the keys act on what has focus.
        const card = event.target.closest(".card");
        if (card) dispatch({ type: "pick", id: card.dataset.id });
      });
    },
  };
}
