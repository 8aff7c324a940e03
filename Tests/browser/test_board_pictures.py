"""The README's pictures of the board in Chromium: a phone, an iPad upright and on its side (touch
screens), light and dark, and a laptop; the board of Korean cards of `pictures.py`. Each picture
is taken once every card stands in its list and the board is synced, at its size in CSS pixels."""

from pathlib import Path

from playwright.sync_api import Page, expect

from board_helpers import board, card, touch_board, wait_synced  # noqa: F401
from pictures import CARDS, SCHEMES, SIZES, folder, name, png_size, seed

# Two animation frames: whatever a resize or a colour scheme changes is laid out and painted.
SETTLED = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"


def drawn(page: Page) -> None:
    """Waits until every card of the pictures stands in its list and the board is synced."""
    for title, status, _, _ in CARDS:
        expect(card(page, title, status)).to_have_count(1, timeout=20_000)
    wait_synced(page)


def test_pictures_of_the_board_on_touch_screens_and_a_laptop_light_and_dark_for_the_readme(
    touch_board: Page, board: Page, pm_device, tmp_path: Path
) -> None:
    seed(pm_device)
    pictures = folder(tmp_path)
    drawn(touch_board)
    for size, (width, height) in SIZES.items():
        for scheme in SCHEMES:
            touch_board.set_viewport_size({"width": width, "height": height})
            touch_board.emulate_media(color_scheme=scheme)
            touch_board.evaluate(SETTLED)
            path = pictures / name("chromium", size, scheme)
            touch_board.screenshot(path=str(path))
            assert png_size(path) == (width, height)
    drawn(board)
    board.set_viewport_size({"width": 1200, "height": 560})
    board.locator("#board").click(position={"x": 5, "y": 5})
    board.evaluate(SETTLED)
    path = pictures / name("chromium", "laptop", "light")
    board.screenshot(path=str(path))
    assert png_size(path) == (1200, 560)
