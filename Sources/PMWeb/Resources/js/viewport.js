// The on-screen keyboard never hides the field being typed in. On an iPad the keyboard covers the
// bottom of the page without resizing it: only the visual viewport shrinks (and may scroll), so a
// dialog centred in the page can sit behind the keyboard. The part still visible is written to
// CSS variables (board.css keeps an open dialog inside it, its fields scrolling within), and the
// focused field is scrolled into that part whenever the visual viewport changes.

/**
 * The part of a page `layoutHeight` pixels tall that the visual viewport `view` (`offsetTop`,
 * `height`; none: all of it) shows, and how much is covered below it (the keyboard).
 */
export function visibleArea(layoutHeight, view) {
  if (!view) return { top: 0, height: layoutHeight, covered: 0 };
  const top = Math.max(0, Math.min(view.offsetTop, layoutHeight));
  const height = Math.max(0, Math.min(view.height, layoutHeight - top));
  return { top, height, covered: layoutHeight - top - height };
}

/** Whether a box (`top`, `bottom`, in the page's pixels) is not wholly inside `area`. */
export function isHidden(box, area) {
  return box.top < area.top || box.bottom > area.top + area.height;
}

/** Whether `element` is a field the keyboard types into. */
function typesText(element) {
  return element?.matches?.("input:not([type=checkbox]):not([type=radio]):not([type=button]), textarea, [contenteditable]") ?? false;
}

/**
 * Follows `view` (`visualViewport`) and keeps the focused field visible; writes `--pm-visible-top`,
 * `--pm-visible-height` and `--pm-keyboard` (pixels) on the root element. A browser without a
 * visual viewport resizes the page itself, and nothing is done.
 */
export function keepFieldsInView(document, view) {
  if (!view) return;
  const root = document.documentElement;
  const follow = (event) => {
    const area = visibleArea(root.clientHeight, view);
    root.style.setProperty("--pm-visible-top", `${area.top}px`);
    root.style.setProperty("--pm-visible-height", `${area.height}px`);
    root.style.setProperty("--pm-keyboard", `${area.covered}px`);
    const field = document.activeElement;
    // A scroll is often the person's own: only the variables follow it, the field is not pulled back.
    if (event?.type === "scroll" || !typesText(field)) return;
    // After the new variables have laid the dialog out again.
    requestAnimationFrame(() => {
      if (isHidden(field.getBoundingClientRect(), area)) field.scrollIntoView({ block: "nearest" });
    });
  };
  view.addEventListener("resize", follow);
  view.addEventListener("scroll", follow);
  // A field focused while the keyboard is already up.
  document.addEventListener("focusin", follow);
  follow();
}
