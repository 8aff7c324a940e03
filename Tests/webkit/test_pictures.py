"""The README's pictures of the board in Safari's engine (WebKitGTK's MiniBrowser): a phone, an
iPad upright and on its side, light and dark (MiniBrowser's dark mode), the board of Korean cards
of `Tests/browser/pictures.py`. Each picture is taken at its size in CSS pixels once every card
stands in its list and the board is synced."""

from pathlib import Path

from conftest import sign_in
from pictures import CARDS, SCHEMES, SIZES, folder, name, png_size, seed
from test_core import wait_card, wait_synced


# The window's outer and inner sizes.
SIZES_NOW = "return [outerWidth, outerHeight, innerWidth, innerHeight]"


def frame_of(browser, width: int, height: int):
    """The window's frame once it stands at `width`×`height`, else None: the page's own size
    follows a resize a moment later (CI read the old one once, and asked for a negative width)."""
    outer_width, outer_height, inner_width, inner_height = browser.execute(SIZES_NOW)
    if (outer_width, outer_height) != (width, height) or inner_width > width or inner_height > height:
        return None
    return (outer_width - inner_width, outer_height - inner_height)


def resize(browser, width: int, height: int) -> None:
    """Makes the page itself `width`×`height` (the window's frame added), laid out again."""
    browser.set_window(width, height)
    frame = browser.wait(f"the window at {width}×{height}", lambda: frame_of(browser, width, height))
    # Asked again when the page has not taken the size within 5 s: once in a CI run the
    # MiniBrowser's window stayed at its earlier size after the request.
    for attempt in range(3):
        browser.set_window(width + frame[0], height + frame[1])
        try:
            browser.wait(f"{width}×{height}", lambda: browser.execute("return [innerWidth, innerHeight]") == [width, height],
                         timeout=5)
            break
        except AssertionError:
            if attempt == 2:
                raise
    browser.execute_async("const done = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(() => done(true)))")


def test_pictures_of_the_board_at_phone_and_ipad_sizes_light_and_dark_for_the_readme(
    webkit, server, pm_device, tmp_path: Path
):
    seed(pm_device)
    pictures = folder(tmp_path)
    for scheme in SCHEMES:
        browser = webkit.session(dark=scheme == "dark")
        try:
            sign_in(browser, server)
            browser.get(server.url + "/boards/team")
            browser.wait("the board drawn", lambda: browser.execute("return document.body.dataset.ready === 'true'"))
            assert browser.execute("return matchMedia('(prefers-color-scheme: dark)').matches") == (scheme == "dark")
            for title, status, _, _ in CARDS:
                wait_card(browser, title, status, timeout=20)
            wait_synced(browser)
            for size, (width, height) in SIZES.items():
                resize(browser, width, height)
                path = pictures / name("webkit", size, scheme)
                browser.screenshot(str(path))
                assert png_size(path) == (width, height)
        finally:
            browser.close()
