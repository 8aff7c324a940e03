// The board's keys, as the terminal board's (BoardView.helpLines): arrows or h j k l to move,
// a / + add, Enter open, e edit, m move menu, H / L shift, d / Delete delete, u undo, y history,
// / filter, ? help, s sync; and the browser's own Ctrl-Z / Ctrl-Shift-Z for undo and redo.

/** The action a key press names, or `null`. Pure, so the table is tested without a page. */
export function actionFor(event) {
  const control = event.ctrlKey || event.metaKey;
  if (control) {
    const key = event.key.toLowerCase();
    if (key === "z") return event.shiftKey ? "redo" : "undo";
    if (key === "y") return "redo";
    return null;
  }
  if (event.altKey) return null;
  switch (event.key) {
    case "ArrowLeft":
    case "h":
      return "left";
    case "ArrowRight":
    case "l":
      return "right";
    case "ArrowUp":
    case "k":
      return "up";
    case "ArrowDown":
    case "j":
      return "down";
    case "Home":
    case "g":
      return "first";
    case "End":
    case "G":
      return "last";
    case "a":
    case "+":
      return "add";
    case "Enter":
      return "open";
    case "e":
      return "edit";
    case "m":
      return "menu";
    case "H":
      return "shiftLeft";
    case "L":
      return "shiftRight";
    case "d":
    case "Delete":
      return "remove";
    case "u":
      return "undo";
    case "y":
      return "history";
    case "/":
      return "filter";
    case "?":
      return "help";
    case "s":
      return "sync";
    default:
      return null;
  }
}

/** Listens for the board's keys; `actions` maps each name to what it does (and `blocked()`). */
export function bindKeys(document, actions) {
  document.addEventListener("keydown", (event) => {
    if (event.defaultPrevented || event.isComposing || event.keyCode === 229) return;
    if (actions.blocked()) return;
    const name = actionFor(event);
    if (!name) return;
    // In a text field keys type (and Ctrl-Z undoes typing); on a button Enter presses it.
    const target = event.target;
    if (target.closest?.("input, textarea, select, [contenteditable=true]")) return;
    if (target.closest?.("button, a") && (event.key === "Enter" || event.key === " ")) return;
    event.preventDefault();
    actions[name]();
  });
}
