"""Moving and deleting by hand: drag to DOING with the mouse and with a finger, the long-press
and right-click menu naming the two other lists, swipe left to delete with an Undo toast, and
undo / redo (Ctrl-Z / Ctrl-Shift-Z) of this browser's own actions."""

import re

from playwright.sync_api import Page, expect

from board_helpers import (  # noqa: F401
    add_card,
    board,
    card,
    center,
    long_press,
    swipe_left,
    touch_board,
    touch_drag,
    wait_synced,
)


def test_given_a_card_when_dragged_to_doing_with_the_mouse_then_it_moves_there(board: Page) -> None:
    page = board
    add_card(page, "Mouse card")
    x, y = center(card(page, "Mouse card"))
    tx, ty = center(page.locator("#list-doing"))
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 30, y + 5, steps=4)
    page.mouse.move(tx, ty, steps=12)
    expect(page.locator("#list-doing")).to_have_class(re.compile(r"\bdrop-target\b"))
    page.mouse.up()
    expect(card(page, "Mouse card", "doing")).to_be_visible()
    expect(page.get_by_role("region", name="TODO (0)")).to_be_visible()
    wait_synced(page)


def test_given_a_card_when_dragged_to_doing_with_a_finger_then_it_moves_there(touch_board: Page) -> None:
    page = touch_board
    add_card(page, "Touch card")
    touch_drag(page, card(page, "Touch card"), page.locator("#list-doing"))
    expect(card(page, "Touch card", "doing")).to_be_visible()


def test_given_a_card_when_long_pressed_or_right_clicked_then_a_menu_names_the_two_other_lists(
    touch_board: Page,
) -> None:
    page = touch_board
    add_card(page, "Held card")
    long_press(page, card(page, "Held card"))
    menu = page.get_by_role("menu")
    expect(menu).to_be_visible()
    expect(menu.get_by_role("menuitem")).to_have_text(["DOING", "DONE"])
    menu.get_by_role("menuitem", name="DONE").click()
    expect(card(page, "Held card", "done")).to_be_visible()
    card(page, "Held card").click(button="right")
    expect(menu.get_by_role("menuitem")).to_have_text(["TODO", "DOING"])
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    expect(card(page, "Held card", "doing")).to_be_visible()


def test_given_a_card_when_swiped_left_then_it_is_deleted_and_undo_brings_it_back(touch_board: Page) -> None:
    page = touch_board
    add_card(page, "Swiped card")
    swipe_left(page, card(page, "Swiped card"))
    toast = page.locator("#toast")
    expect(toast).to_contain_text('Deleted "Swiped card"')
    expect(card(page, "Swiped card")).to_have_count(0)
    toast.get_by_role("button", name="Undo").click()
    expect(card(page, "Swiped card", "todo")).to_be_visible()


def test_given_own_actions_when_undone_and_redone_with_the_keys_then_each_is_a_new_synced_change(
    board: Page,
) -> None:
    page = board
    add_card(page, "Undo me")
    card(page, "Undo me").focus()
    page.keyboard.press("L")
    expect(card(page, "Undo me", "doing")).to_be_visible()
    page.keyboard.press("Control+z")
    expect(card(page, "Undo me", "todo")).to_be_visible()
    page.keyboard.press("Control+Shift+Z")
    expect(card(page, "Undo me", "doing")).to_be_visible()
    page.keyboard.press("Delete")
    expect(card(page, "Undo me")).to_have_count(0)
    page.keyboard.press("u")
    expect(card(page, "Undo me", "doing")).to_be_visible()
    wait_synced(page)
    page.locator("#show-history").click()
    history = page.locator("#history-list li")
    expect(history.first).to_contain_text('Restored "Undo me"')
    expect(history.nth(1)).to_contain_text('Deleted "Undo me"')
    expect(history.nth(2)).to_contain_text('Moved "Undo me" from TODO to DOING')
    expect(history.nth(3)).to_contain_text('Moved "Undo me" from DOING to TODO')
