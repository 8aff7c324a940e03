"""Measurements taken from the board page itself, one JavaScript function each, shared by the
Chromium tests (`page.evaluate(PROBE, argument)`) and the WebKit ones (`run(browser, PROBE,
argument)`), so both engines are held to the same numbers."""

# How the page is laid out: how far the page itself scrolls, where the bar's + is, and each shown
# list's box.
LAYOUT = """() => {
  const box = (element) => element.getBoundingClientRect();
  const columns = [...document.querySelectorAll('.column')]
    .filter((column) => column.offsetParent !== null)
    .map((column) => ({ status: column.dataset.status, top: box(column).top, bottom: box(column).bottom }));
  const bar = box(document.querySelector('.bar'));
  return {
    pageScroll: document.scrollingElement.scrollHeight - innerHeight,
    innerHeight,
    add: box(document.getElementById('add')).top,
    barHeight: bar.height,
    footerBottom: box(document.querySelector('footer')).bottom,
    columns,
  };
}"""

# The bar: its height, each shown control's box (links, buttons, the filter), and whether the
# board's name is shortened (drawn narrower than its text).
BAR = """() => {
  const bar = document.querySelector('.bar');
  const controls = [...bar.querySelectorAll('a[href], button, input')]
    .filter((element) => element.getClientRects().length > 0 && !element.closest('[popover]:popover-open'))
    .map((element) => {
      const box = element.getBoundingClientRect();
      return { name: element.id || element.textContent.trim(), top: Math.round(box.top), width: box.width, height: box.height };
    });
  const name = document.getElementById('board-name');
  return { height: bar.getBoundingClientRect().height, controls, nameClipped: name.scrollWidth > name.clientWidth };
}"""

# The places where the text of the element matching `selector` breaks a line inside a word (not at
# a space): `[[before, after], ...]`, empty when every line ends at a space.
WORD_BREAKS = """(selector) => {
  const node = document.querySelector(selector).firstChild;
  const text = node.textContent;
  const range = document.createRange();
  const breaks = [];
  let top = null;
  for (let index = 0; index < text.length; index += 1) {
    range.setStart(node, index);
    range.setEnd(node, index + 1);
    const rects = range.getClientRects();
    if (rects.length === 0) continue;
    const here = rects[0].top;
    if (top !== null && here > top + 2 && text[index - 1] !== ' ' && text[index] !== ' ') {
      breaks.push([text.slice(Math.max(0, index - 3), index), text.slice(index, index + 3)]);
    }
    top = here;
  }
  return breaks;
}"""

# For each row of the numbered list `selector`: the room its number has inside the list's
# scrolling box, and the width the number ("12.") needs. An outside marker wider than the
# list's padding is clipped.
HISTORY_NUMBERS = """(selector) => {
  const list = document.querySelector(selector);
  const edge = list.getBoundingClientRect().left + list.clientLeft;
  const style = getComputedStyle(list);
  const probe = document.createElement('span');
  probe.style.font = style.font;
  probe.style.position = 'absolute';
  probe.style.whiteSpace = 'pre';
  document.body.append(probe);
  const rows = [...list.children].map((row, index) => {
    probe.textContent = `${index + 1}.`;
    const first = row.firstElementChild ?? row;
    return { number: index + 1, room: first.getBoundingClientRect().left - edge, needed: probe.getBoundingClientRect().width };
  });
  probe.remove();
  return rows;
}"""

# Every shown control a finger can hit (buttons, inputs, tabs, menu items) smaller than
# `minimum` pixels either way: `[{ name, width, height }]`.
SMALL_TARGETS = """(minimum) => {
  const controls = document.querySelectorAll('a[href], button, input, textarea, select, [role=tab], [role=menuitem]');
  return [...controls]
    .filter((element) => element.offsetParent !== null || element.closest('dialog[open], .menu:not([hidden])'))
    .map((element) => {
      const box = element.getBoundingClientRect();
      const name = element.id || element.getAttribute('aria-label') || element.textContent.trim();
      return { name, width: Math.round(box.width * 10) / 10, height: Math.round(box.height * 10) / 10 };
    })
    .filter((target) => target.width > 0 && (target.width < minimum || target.height < minimum));
}"""


# The count a phone shows on the network dot's corner (its `::after` badge) for the element at
# `selector`: `{ content, display, width, room }`, room being the gap to the next control.
PENDING_BADGE = """(selector) => {
  const element = document.querySelector(selector);
  const badge = getComputedStyle(element, '::after');
  const dot = element.getBoundingClientRect();
  const next = element.nextElementSibling.getBoundingClientRect();
  return { content: badge.content, display: badge.display, width: parseFloat(badge.width),
           room: next.left - dot.right };
}"""

def run(browser, probe: str, *arguments):
    """Runs `probe` in a WebDriver session (the WebKit tests)."""
    return browser.execute(f"return ({probe})(...arguments)", *arguments)
