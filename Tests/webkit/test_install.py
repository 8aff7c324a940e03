"""The board as an iPad app in Safari's engine: the page links its manifest and Home Screen icon
and WebKit is served them with the right types, the board asks WebKit to keep its storage and the
help panel shows the answer, and the README's picture of the board at an iPad's size in portrait
(taken into the test's own folder: only scripts/docs/ipad-screenshot, which sets PM_SCREENSHOTS,
writes docs/images/). What only a real iPad can show is listed in docs/ipad.md."""

import os
import struct
from pathlib import Path

from test_core import card, wait_card, wait_synced


def add_for_picture(browser, title: str, description: str = ""):
    """Adds a card for the picture: the buttons pressed by script, which a busy machine cannot make
    miss (test_core adds cards by real clicks), the words typed by WebDriver."""
    browser.execute("document.getElementById('add').click()")
    browser.wait("the form", lambda: browser.execute("return document.getElementById('form-dialog').open"))
    browser.find("#form-title").type(title)
    if description:
        browser.find("#form-description").type(description)
    browser.execute("document.getElementById('form-save').click()")
    wait_card(browser, title, "todo")
    browser.wait("the form closed", lambda: browser.execute("return !document.getElementById('form-dialog').open"))


# Fetched by the page itself, as WebKit asks for them: the type and the first bytes.
FETCH = """const [path, done] = [arguments[0], arguments[arguments.length - 1]];
fetch(path).then(async (r) => done([r.status, r.headers.get('content-type'), [...new Uint8Array(await r.arrayBuffer()).slice(0, 4)]]),
                 (e) => done(String(e)));"""


def test_given_the_board_in_webkit_then_its_manifest_and_home_screen_icon_are_linked_and_served(board):
    manifest = board.execute("return document.querySelector('link[rel=manifest]').getAttribute('href')")
    icon = board.execute("return document.querySelector('link[rel=apple-touch-icon]').getAttribute('href')")
    assert board.execute("return document.querySelector('meta[name=viewport]').content").endswith("viewport-fit=cover")
    status, kind, _ = board.execute_async(FETCH, manifest)
    assert (status, kind) == (200, "application/manifest+json")
    status, kind, magic = board.execute_async(FETCH, icon)
    assert (status, kind, magic) == (200, "image/png", [0x89, 0x50, 0x4E, 0x47])


def test_given_a_signed_in_board_in_webkit_then_the_help_panel_shows_what_webkit_answered_about_keeping_storage(board):
    board.find("#show-help").click()
    answer = board.wait(
        "an answer about storage",
        lambda: (lambda value: value if value != "asking" else None)(
            board.execute("return document.getElementById('storage-status').dataset.storage")
        ),
    )
    persisted = board.execute_async(
        "const done = arguments[0]; navigator.storage?.persisted ? navigator.storage.persisted().then(done, () => done(null)) : done(null);"
    )
    expected = {True: "kept", False: "not kept", None: "unknown"}[persisted]
    assert answer == expected
    assert "Every change has been sent." in board.find("#storage-status").text


def test_screenshot_of_the_board_at_ipad_size_for_the_readme(board, tmp_path: Path):
    screenshot = Path(os.environ.get("PM_SCREENSHOTS") or tmp_path) / "ipad-board.png"
    # An iPad Air's screen in portrait, in CSS pixels: the page's own size, the window's frame added.
    board.set_window(820, 1180)
    frame = board.execute("return [outerWidth - innerWidth, outerHeight - innerHeight]")
    board.set_window(820 + frame[0], 1180 + frame[1])
    board.wait("the iPad's size", lambda: board.execute("return [innerWidth, innerHeight]") == [820, 1180])
    # Laid out again at that size before anything is clicked (a click aims at the last layout).
    board.execute_async("const done = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(() => done(true)))")
    add_for_picture(board, "분기 보고서 쓰기", description="매출 표 정리\n팀 리뷰 받기")
    add_for_picture(board, "Plan the offsite", description="Venue, agenda and travel for twelve people")
    add_for_picture(board, "Fix the login bug", description="Safari drops the session cookie")
    add_for_picture(board, "Ship 1.0")
    # Moved by the terminal board's key L (one list right), on the card focused (and so selected).
    for title, lists in (("Fix the login bug", ["doing"]), ("Ship 1.0", ["doing", "done"])):
        for to in lists:
            board.execute("arguments[0].focus()", card(board, title))
            board.wait(f'"{title}" selected', lambda: "selected" in card(board, title).attribute("class"))
            board.keys("L")
            wait_card(board, title, to)
    board.wait("the moves drawn", lambda: card(board, "Ship 1.0", "done") and card(board, "Fix the login bug", "doing"))
    wait_synced(board)
    board.execute("document.activeElement?.blur()")
    screenshot.parent.mkdir(parents=True, exist_ok=True)
    board.screenshot(str(screenshot))
    # The picture shows the board as set up: nothing moved back meanwhile.
    assert card(board, "Ship 1.0", "done") and card(board, "Fix the login bug", "doing")
    width, height = struct.unpack(">II", screenshot.read_bytes()[16:24])
    assert (width, height) == (820, 1180)
