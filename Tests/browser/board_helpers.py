"""Helpers for the web board's browser tests: open the board, find cards by their accessible
names, and the touch and input-method gestures that Playwright has no one-call API for (they go
through the Chrome DevTools Protocol, as a real finger or IME would reach the page)."""

import pytest
from playwright.sync_api import Locator, Page, expect


def open_board(page: Page, base_url: str, board: str = "team") -> Page:
    """Opens /boards/BOARD and waits until the board is drawn and syncing has started."""
    page.goto(f"{base_url}/boards/{board}")
    page.wait_for_selector("body[data-ready=true]")
    return page


def card(page: Page, title: str, status: str | None = None) -> Locator:
    """The card named `title` (its accessible name), in list `status` when given."""
    scope = page.locator(f"#list-{status}") if status else page
    return scope.get_by_role("listitem", name=title, exact=True)


def wait_synced(page: Page, timeout: float = 10_000) -> None:
    """Waits until the network indicator says every change reached the server."""
    expect(page.locator("#network")).to_have_text("online", timeout=timeout)


def add_card(page: Page, title: str, deadline: str = "", description: str = "") -> None:
    """Adds a card through the form, as a person would, and waits for it on the board."""
    page.locator("#add").click()
    page.locator("#form-title").fill(title)
    if deadline:
        page.locator("#form-deadline").fill(deadline)
    if description:
        page.locator("#form-description").fill(description)
    page.locator("#form-save").click()
    expect(card(page, title)).to_be_visible()


def center(locator: Locator) -> tuple[float, float]:
    box = locator.bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def _touch(page: Page, kind: str, x: float | None = None, y: float | None = None) -> None:
    points = [] if x is None else [{"x": x, "y": y}]
    _cdp(page).send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})


def _cdp(page: Page):
    if not hasattr(page, "_board_cdp"):
        page._board_cdp = page.context.new_cdp_session(page)  # type: ignore[attr-defined]
    return page._board_cdp  # type: ignore[attr-defined]


def touch_drag(
    page: Page, source: Locator, target: Locator | tuple[float, float], steps: int = 12, hold_ms: int = 700,
    linger_ms: int = 0,
) -> None:
    """A finger held on `source` for `hold_ms` (the card lifts), slid to the middle of `target`
    (or to a point), kept there `linger_ms`, and lifted (real touch events). `hold_ms=0`: a
    flick, no hold."""
    x, y = center(source)
    tx, ty = target if isinstance(target, tuple) else center(target)
    _touch(page, "touchStart", x, y)
    if hold_ms:
        page.wait_for_timeout(hold_ms)
    for step in range(1, steps + 1):
        _touch(page, "touchMove", x + (tx - x) * step / steps, y + (ty - y) * step / steps)
    if linger_ms:
        page.wait_for_timeout(linger_ms)
    _touch(page, "touchEnd")


def tap(page: Page, source: Locator) -> None:
    """A quick tap of a finger on the middle of `source` (real touch events)."""
    x, y = center(source)
    _touch(page, "touchStart", x, y)
    _touch(page, "touchEnd")


def long_press(page: Page, source: Locator, hold_ms: int = 800) -> None:
    """A finger held still on `source`."""
    x, y = center(source)
    _touch(page, "touchStart", x, y)
    page.wait_for_timeout(hold_ms)
    _touch(page, "touchEnd")


def swipe_left(page: Page, source: Locator, distance: float = 140, lift: bool = True) -> None:
    """A quick slide of a finger to the left across `source` (left down when `lift` is false;
    `lift_finger` then ends it)."""
    box = source.bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] - 10, box["y"] + box["height"] / 2
    for index, kind in enumerate(["touchStart"] + ["touchMove"] * 7):
        _touch(page, kind, x - distance * index / 7, y)
    if lift:
        lift_finger(page)


def lift_finger(page: Page) -> None:
    _touch(page, "touchEnd")


def compose(page: Page, syllables: list[str], text: str) -> None:
    """Types `text` through an input method: composition updates, the IME's Enter, commit."""
    cdp = _cdp(page)
    for part in syllables:
        cdp.send("Input.imeSetComposition", {"text": part, "selectionStart": len(part), "selectionEnd": len(part)})
    # The Enter that ends a composition reaches the page as keyCode 229 while composing.
    cdp.send("Input.dispatchKeyEvent", {"type": "rawKeyDown", "windowsVirtualKeyCode": 229, "key": "Enter", "code": "Enter"})
    cdp.send("Input.insertText", {"text": text})
    cdp.send("Input.dispatchKeyEvent", {"type": "keyUp", "windowsVirtualKeyCode": 13, "key": "Enter", "code": "Enter"})


def serious_violations(page: Page) -> list[tuple[str, str, list]]:
    """axe's violations of impact serious or critical on the page as it is now."""
    from axe_playwright_python.sync_playwright import Axe

    result = Axe().run(page)
    return [
        (violation["id"], violation["impact"], [node["target"] for node in violation["nodes"]])
        for violation in result.response["violations"]
        if violation["impact"] in ("serious", "critical")
    ]


@pytest.fixture
def board(signed_in_page: Page, server) -> Page:
    """Ada's board `team`, open, drawn and syncing (the harness's `board_page`, waited for)."""
    return open_board(signed_in_page, server.url)


@pytest.fixture
def touch_board(signed_in_page: Page, server):
    """Ada's board on a touch screen: a context with touch, signed in with the same session."""
    context = signed_in_page.context
    touch = context.browser.new_context(
        has_touch=True, storage_state=context.storage_state(), locale="en-US", timezone_id="UTC")
    page = touch.new_page()
    yield open_board(page, server.url)
    touch.close()
