"""The board under a finger, as the iPad's own apps behave (Chromium with touch emulation): hold
to lift a card, then drag it, onto the empty part of another list or onto a phone's tab; a
finger that moves without holding scrolls and moves no card; a hold let go opens a popover
beside the card; the first tap after a drag or a swipe opens a card; a swipe shows what it will
do; a drag near a list's edge scrolls it."""

import re

from playwright.sync_api import Page, expect

from board_helpers import (  # noqa: F401
    add_card,
    board,
    card,
    center,
    lift_finger,
    long_press,
    swipe_left,
    tap,
    touch_board,
    touch_drag,
)

IPAD_LANDSCAPE = {"width": 1180, "height": 820}
PHONE = {"width": 390, "height": 844}


def test_given_a_drag_or_a_swipe_when_the_next_card_is_tapped_then_its_details_open(touch_board: Page) -> None:
    page = touch_board
    page.set_viewport_size(IPAD_LANDSCAPE)
    for title in ("Dragged", "Swiped", "Tapped"):
        add_card(page, title)
    touch_drag(page, card(page, "Dragged"), page.locator("#list-doing"))
    expect(card(page, "Dragged", "doing")).to_be_visible()
    tap(page, card(page, "Tapped"))
    details = page.locator("#detail-dialog")
    expect(details).to_be_visible()
    expect(page.locator("#detail-title")).to_have_text("Tapped")
    page.locator("#detail-close").click()
    swipe_left(page, card(page, "Swiped"))
    expect(card(page, "Swiped")).to_have_count(0)
    # A tap at once would only stop the swipe's fling (Chromium drops such a tap, as Safari does).
    page.wait_for_timeout(600)
    tap(page, card(page, "Dragged"))
    expect(details).to_be_visible()
    expect(page.locator("#detail-title")).to_have_text("Dragged")


def test_given_a_held_card_when_dragged_onto_the_empty_part_of_another_list_then_it_moves_there(
    touch_board: Page,
) -> None:
    page = touch_board
    page.set_viewport_size(IPAD_LANDSCAPE)
    add_card(page, "Far drop")
    doing = page.locator("#list-doing").bounding_box()
    assert doing is not None
    # Far below DOING's (absent) cards: the list is as tall as the board, and all of it takes the drop.
    below = (doing["x"] + doing["width"] / 2, doing["y"] + doing["height"] - 40)
    assert below[1] > 600
    touch_drag(page, card(page, "Far drop"), below, linger_ms=100)
    expect(card(page, "Far drop", "doing")).to_be_visible()


def test_given_a_finger_that_moves_without_holding_when_it_flicks_then_no_card_moves(touch_board: Page) -> None:
    page = touch_board
    page.set_viewport_size(IPAD_LANDSCAPE)
    add_card(page, "Flicked")
    x, y = center(card(page, "Flicked"))
    for target in ((x, y + 300), (x + 300, y + 250), (x + 420, y + 40)):
        touch_drag(page, card(page, "Flicked"), target, hold_ms=0)
    page.wait_for_timeout(300)
    expect(card(page, "Flicked", "todo")).to_be_visible()
    expect(page.locator("#move-menu")).to_be_hidden()
    expect(page.locator(".card.dragging, .ghost")).to_have_count(0)


def test_given_a_phone_when_a_held_card_is_dragged_onto_a_tab_then_it_moves_to_that_list(touch_board: Page) -> None:
    page = touch_board
    page.set_viewport_size(PHONE)
    add_card(page, "To the tab")
    tab = page.get_by_role("tab", name=re.compile("^DOING"))
    touch_drag(page, card(page, "To the tab"), tab, linger_ms=100)
    expect(page.get_by_role("tab", name="DOING (1)")).to_be_visible()


def test_given_a_long_list_when_a_held_card_is_dragged_to_its_bottom_edge_then_the_list_scrolls(
    touch_board: Page, pm_device
) -> None:
    page = touch_board
    page.set_viewport_size(IPAD_LANDSCAPE)
    for number in range(24):
        pm_device.add(f"Card {number:02}")
    pm_device.sync()
    expect(page.locator("#list-todo .card")).to_have_count(24, timeout=20_000)
    cards = page.locator("#list-todo .cards")
    assert cards.evaluate("list => list.scrollHeight > list.clientHeight")
    box = cards.bounding_box()
    assert box is not None
    edge = (box["x"] + box["width"] / 2, box["y"] + box["height"] - 8)
    touch_drag(page, card(page, "Card 00"), edge, linger_ms=800)
    assert cards.evaluate("list => list.scrollTop") > 100


def test_given_a_held_card_when_let_go_without_moving_then_a_popover_opens_beside_it(touch_board: Page) -> None:
    page = touch_board
    page.set_viewport_size(IPAD_LANDSCAPE)
    add_card(page, "Popover card")
    held = card(page, "Popover card")
    long_press(page, held)
    menu = page.locator("#move-menu")
    expect(menu).to_be_visible()
    expect(menu.locator(".menu-heading")).to_have_text("Move to")
    beside(menu.bounding_box(), held.bounding_box())
    # The held card keeps the focus; Escape on a keyboard still closes the popover.
    expect(held).to_be_focused()
    page.keyboard.press("Escape")
    expect(menu).to_be_hidden()
    # From the card's details, "Move…" opens the same popover beside the card, not in the void.
    tap(page, held)
    page.locator("#detail-move").click()
    expect(menu).to_be_visible()
    beside(menu.bounding_box(), held.bounding_box())


def beside(menu, box) -> None:
    assert menu is not None and box is not None
    right_of = menu["x"] >= box["x"] + box["width"]
    left_of = menu["x"] + menu["width"] <= box["x"]
    assert right_of or left_of, (menu, box)
    assert abs(menu["y"] - box["y"]) < 2, (menu, box)


def test_given_a_swipe_under_way_when_the_finger_is_still_down_then_the_card_shows_delete(touch_board: Page) -> None:
    page = touch_board
    add_card(page, "Half swiped")
    swipe_left(page, card(page, "Half swiped"), lift=False)
    label = card(page, "Half swiped").locator(".swipe-label")
    expect(label).to_have_text("Delete")
    expect(label).to_be_visible()
    lift_finger(page)
    expect(card(page, "Half swiped")).to_have_count(0)
    page.locator("#show-help").click()
    help_dialog = page.locator("#help-dialog")
    expect(help_dialog).to_contain_text("Swipe left")
    expect(help_dialog).to_contain_text("Hold, then drag")
