"""The details people notice (issue 28, item 14), measured from the page: no focus ring left on a
card after a hold; no text selected by a mouse dragged across the lists' headings; the first
card (the keyboard's selection) not lit on a touch screen; the answers that destroy something
("Discard", "Sign out anyway") red; and on the boards list the boards, not Sign out, the main
thing."""

from playwright.sync_api import Locator, Page, expect

from board_helpers import _touch, add_card, board, card, long_press, touch_board, wait_synced  # noqa: F401

IPAD_LANDSCAPE = {"width": 1180, "height": 820}

# An element's computed style, the properties asked for.
STYLE = "(element, names) => Object.fromEntries(names.map((name) => [name, getComputedStyle(element)[name]]))"


def style(locator: Locator, *names: str) -> dict:
    return locator.evaluate(STYLE, list(names))


def tap_at(page: Page, x: float, y: float) -> None:
    """A quick tap of a finger at a point of the page."""
    _touch(page, "touchStart", x, y)
    _touch(page, "touchEnd")


def rgb(colour: str) -> tuple[int, ...]:
    return tuple(int(part) for part in colour[colour.index("(") + 1 : colour.index(")")].split(",")[:3])


def test_given_a_touch_screen_when_a_card_is_held_and_its_popover_closed_then_no_focus_ring_stays(
    touch_board: Page,
) -> None:
    page = touch_board
    page.set_viewport_size(IPAD_LANDSCAPE)
    add_card(page, "Held")
    add_card(page, "Other")
    held = card(page, "Held")
    long_press(page, held)
    expect(page.locator("#move-menu")).to_be_visible()
    # The held card has the focus (the keys act on it), and no ring is drawn around it.
    expect(held).to_be_focused()
    assert style(held, "outlineStyle")["outlineStyle"] == "none"
    # A tap beside the popover closes it; still no ring, on the card or wherever the focus went.
    lists = page.locator("#list-doing").bounding_box()
    assert lists is not None
    tap_at(page, lists["x"] + lists["width"] / 2, lists["y"] + lists["height"] - 40)
    expect(page.locator("#move-menu")).to_be_hidden()
    assert style(held, "outlineStyle")["outlineStyle"] == "none"
    assert page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle") == "none"


def test_given_a_mouse_dragged_across_the_lists_headings_then_no_text_is_selected(board: Page) -> None:
    page = board
    todo = page.locator("#heading-todo").bounding_box()
    done = page.locator("#heading-done").bounding_box()
    assert todo is not None and done is not None
    page.mouse.move(todo["x"] - 4, todo["y"] + todo["height"] / 2)
    page.mouse.down()
    page.mouse.move(done["x"] + done["width"], done["y"] + done["height"] / 2, steps=10)
    page.mouse.up()
    assert page.evaluate("() => getSelection().toString()") == ""
    # The same drag across the footer's words does select them: the drag itself selects text.
    today = page.locator("#today").bounding_box()
    assert today is not None
    page.mouse.move(today["x"], today["y"] + today["height"] / 2)
    page.mouse.down()
    page.mouse.move(today["x"] + today["width"], today["y"] + today["height"] / 2, steps=10)
    page.mouse.up()
    assert "Today" in page.evaluate("() => getSelection().toString()")


def test_given_a_touch_screen_when_the_board_opens_then_the_first_card_is_not_lit(touch_board: Page) -> None:
    page = touch_board
    add_card(page, "First")
    add_card(page, "Second")
    page.reload()
    page.wait_for_selector("body[data-ready=true]")
    first = page.locator("#list-todo .card").first
    second = page.locator("#list-todo .card").nth(1)
    # The keyboard's selection is there (the test would prove nothing otherwise), but not drawn.
    expect(first).to_have_class("card selected")
    names = ("backgroundColor", "borderTopColor")
    assert style(first, *names) == style(second, *names)


def test_given_a_desktop_when_the_board_opens_then_the_keyboards_selection_is_lit(board: Page) -> None:
    page = board
    add_card(page, "First")
    add_card(page, "Second")
    first = page.locator("#list-todo .card.selected")
    other = page.locator("#list-todo .card:not(.selected)")
    assert style(first, "backgroundColor") != style(other, "backgroundColor")


def destructive(button: Locator) -> bool:
    """Red text: the colour of a button whose answer destroys something."""
    red, green, blue = rgb(style(button, "color")["color"])
    return red > green + 60 and red > blue + 60


def test_given_a_question_whose_yes_destroys_something_then_that_button_is_red_and_the_safe_one_is_not(
    board: Page,
) -> None:
    page = board
    page.locator("#add").click()
    page.locator("#form-title").fill("Half typed")
    page.keyboard.press("Escape")
    discard = page.get_by_role("button", name="Discard", exact=True)
    expect(discard).to_be_visible()
    assert destructive(discard)
    assert not destructive(page.get_by_role("button", name="Keep editing"))
    page.get_by_role("button", name="Discard", exact=True).click()
    wait_synced(page)
    page.route("**/v1/**", lambda route: route.abort())
    add_card(page, "Unsent")
    expect(page.locator("#network")).to_contain_text("1 pending", timeout=10_000)
    page.get_by_role("button", name="Sign out").click()
    anyway = page.get_by_role("button", name="Sign out anyway")
    expect(anyway).to_be_visible()
    assert destructive(anyway)
    assert not destructive(page.get_by_role("button", name="Cancel"))
    page.get_by_role("button", name="Cancel").click()


def test_given_the_boards_list_then_the_boards_are_the_main_thing_and_sign_out_is_a_plain_button(
    signed_in_page: Page,
) -> None:
    page = signed_in_page
    expect(page.get_by_role("heading", name="Your boards")).to_be_visible()
    sign_out = page.get_by_role("button", name="Sign out")
    # Not filled: the page has no filled button for Sign out to outweigh the boards with.
    assert style(sign_out, "backgroundColor")["backgroundColor"] == "rgba(0, 0, 0, 0)"
    assert sign_out.bounding_box()["height"] >= 44
    board = page.get_by_role("link", name="team", exact=True)
    row = board.bounding_box()
    page_width = page.locator("main").evaluate("main => main.clientWidth")
    assert row["height"] >= 44 and row["width"] >= 0.8 * page_width - 32, (row, page_width)
    assert int(style(board, "fontWeight")["fontWeight"]) >= 600
