"""The board as an installed iPad app, in Chromium: its manifest and icons (Chromium's own
installability check included), safe-area insets under a status bar, and the focused field kept
above the on-screen keyboard."""

import json

from playwright.sync_api import Page

from board_helpers import board, open_board  # noqa: F401


def cdp(page: Page):
    return page.context.new_cdp_session(page)


def test_given_the_board_then_chromium_reads_its_manifest_with_no_error_and_every_icon_loads(board: Page) -> None:
    page = board
    manifest = cdp(page).send("Page.getAppManifest")
    assert manifest["url"].endswith("/manifest.webmanifest")
    assert manifest["errors"] == []
    parsed = json.loads(manifest["data"])
    assert parsed["display"] == "standalone"
    answer = page.request.get("/manifest.webmanifest")
    assert answer.headers["content-type"] == "application/manifest+json"
    assert answer.headers["x-content-type-options"] == "nosniff"
    icons = [icon["src"] for icon in parsed["icons"]]
    touch = page.locator("link[rel=apple-touch-icon]").get_attribute("href")
    for src in [*icons, touch]:
        image = page.request.get(src)
        assert image.status == 200, src
        assert image.headers["content-type"] == "image/png", src
    # Chromium's own installability check (its "Install app" menu item) finds nothing missing in
    # the board; it only notes that a test's browser context is incognito, where nothing installs.
    errors = cdp(page).send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert [error["errorId"] for error in errors if error["errorId"] != "in-incognito"] == []


def test_given_an_ipad_status_bar_when_installed_then_the_bar_keeps_below_the_safe_area_inset(board: Page) -> None:
    page = board
    session = cdp(page)
    session.send("Emulation.setSafeAreaInsetsOverride", {"insets": {"top": 24, "left": 0, "right": 0, "bottom": 20}})
    title = page.locator("#board-name").bounding_box()
    assert title is not None and title["y"] >= 24
    assert page.evaluate("getComputedStyle(document.querySelector('.bar')).paddingTop") == "32px"
    assert page.evaluate("getComputedStyle(document.querySelector('footer')).paddingBottom") == "20px"


# A visual viewport the test moves, as an iPad's keyboard moves the real one (Chromium shrinks
# the page itself instead): this proves what the board does with the reports, not an iPad's.
KEYBOARD = """
const view = new EventTarget();
view.offsetTop = 0; view.offsetLeft = 0; view.scale = 1;
Object.defineProperty(view, "height", { get: () => window.__keyboardHeight ?? innerHeight });
Object.defineProperty(view, "width", { get: () => innerWidth });
Object.defineProperty(window, "visualViewport", { configurable: true, value: view });
"""


def test_given_the_on_screen_keyboard_when_it_covers_the_description_then_the_field_is_scrolled_above_it(
    signed_in_page: Page, server
) -> None:
    page = signed_in_page
    page.set_viewport_size({"width": 820, "height": 1180})
    page.add_init_script(KEYBOARD)
    open_board(page, server.url)
    page.locator("#add").click()
    description = page.locator("#form-description")
    description.fill("\n".join(f"line {n}" for n in range(1, 7)))
    box = description.bounding_box()
    assert box is not None
    keyboard_top = 420
    assert box["y"] + box["height"] > keyboard_top, "the field starts out where the keyboard will be"
    page.evaluate(f"window.__keyboardHeight = {keyboard_top}; visualViewport.dispatchEvent(new Event('resize'))")
    # Polled from here: the page's policy forbids the string evaluation wait_for_function uses.
    field = "() => { const b = document.getElementById('form-description').getBoundingClientRect(); return [b.top, b.bottom]; }"
    for _ in range(50):
        top, bottom = page.evaluate(field)
        if top >= 0 and bottom <= keyboard_top:
            break
        page.wait_for_timeout(100)
    assert 0 <= top and bottom <= keyboard_top, (top, bottom)
    dialog = page.locator("#form-dialog").bounding_box()
    assert dialog is not None and dialog["y"] + dialog["height"] <= keyboard_top
