"""How the board looks and is driven: a narrow phone shows one list at a time with tabs; the
keyboard alone can add, open, move, delete, undo and filter; DONE folds; the day rolls over at
midnight without a reload. (The README's pictures are test_board_pictures.py's.)"""

import re
from datetime import date, datetime, time, timedelta

from playwright.sync_api import Page, expect

from board_helpers import add_card, board, card, wait_synced  # noqa: F401


def test_given_a_phone_when_the_board_opens_then_one_list_shows_at_a_time_with_tabs(board: Page) -> None:
    page = board
    page.set_viewport_size({"width": 390, "height": 844})
    add_card(page, "Phone card")
    expect(page.locator("#list-todo")).to_be_visible()
    expect(page.locator("#list-doing")).to_be_hidden()
    expect(page.locator("#list-done")).to_be_hidden()
    page.get_by_role("tab", name="DOING (0)").click()
    expect(page.locator("#list-doing")).to_be_visible()
    expect(page.locator("#list-todo")).to_be_hidden()
    expect(page.get_by_role("tab", name="DOING (0)")).to_have_attribute("aria-selected", "true")
    page.get_by_role("tab", name="TODO (1)").click()
    card(page, "Phone card").click(button="right")
    page.get_by_role("menuitem", name="DOING").click()
    expect(page.get_by_role("tab", name="DOING (1)")).to_have_attribute("aria-selected", "true")
    expect(card(page, "Phone card", "doing")).to_be_visible()
    # Nothing sticks out sideways on a phone.
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390


def test_given_only_a_keyboard_when_working_the_board_then_every_action_has_a_key(board: Page) -> None:
    page = board
    for title in ("Alpha", "Beta"):
        page.keyboard.press("a")
        page.keyboard.type(title)
        page.keyboard.press("Enter")
        expect(card(page, title)).to_be_focused()
    page.keyboard.press("ArrowUp")
    expect(card(page, "Alpha")).to_be_focused()
    page.keyboard.press("L")
    expect(card(page, "Alpha", "doing")).to_be_focused()
    page.keyboard.press("ArrowLeft")
    expect(card(page, "Beta", "todo")).to_be_focused()
    page.keyboard.press("e")
    page.keyboard.press("End")
    page.keyboard.type(" edited")
    page.keyboard.press("Enter")
    expect(card(page, "Beta edited", "todo")).to_be_focused()
    page.keyboard.press("m")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    expect(card(page, "Beta edited", "done")).to_be_visible()
    page.keyboard.press("/")
    page.keyboard.type("alp")
    expect(page.locator(".card")).to_have_count(1)
    page.keyboard.press("Escape")
    expect(page.locator(".card")).to_have_count(2)
    page.keyboard.press("ArrowLeft")
    expect(card(page, "Alpha", "doing")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#detail-dialog")).to_be_visible()
    page.keyboard.press("Escape")
    page.keyboard.press("d")
    expect(card(page, "Alpha")).to_have_count(0)
    page.keyboard.press("u")
    expect(card(page, "Alpha", "doing")).to_be_visible()
    page.keyboard.press("?")
    expect(page.locator("#help-dialog")).to_be_visible()
    page.keyboard.press("Escape")
    page.keyboard.press("y")
    expect(page.locator("#history-dialog")).to_be_visible()


def test_given_done_cards_when_done_is_folded_then_its_cards_are_not_drawn_and_the_count_stays(
    board: Page,
) -> None:
    page = board
    add_card(page, "Finished")
    card(page, "Finished").focus()
    page.keyboard.press("L")
    page.keyboard.press("L")
    expect(card(page, "Finished", "done")).to_be_visible()
    page.get_by_role("button", name="Hide the DONE cards").click()
    expect(card(page, "Finished")).to_have_count(0)
    expect(page.get_by_role("region", name="DONE (1)")).to_be_visible()
    page.reload()
    page.wait_for_selector("body[data-ready=true]")
    expect(page.get_by_role("button", name="Show the DONE cards")).to_have_attribute("aria-expanded", "false")
    page.get_by_role("button", name="Show the DONE cards").click()
    expect(card(page, "Finished", "done")).to_be_visible()


def test_given_a_card_due_today_when_midnight_passes_then_it_turns_overdue_without_a_reload(
    board: Page,
) -> None:
    page = board
    # The page's clock stands at noon today, whatever the real time of day, so thirteen hours
    # later is tomorrow (running a whole day on from 23:30 would land on the day after).
    page.clock.install(time=datetime.combine(date.today(), time(12, 0)))
    page.reload()
    page.wait_for_selector("body[data-ready=true]")
    add_card(page, "Due today")
    due = card(page, "Due today")
    expect(due).not_to_contain_text("overdue")
    page.clock.run_for(13 * 60 * 60 * 1000)
    tomorrow = (date.today() + timedelta(days=1)).isoformat()
    expect(page.locator("#today")).to_have_text(f"Today {tomorrow}")
    expect(due).to_contain_text("overdue")
    expect(due).to_have_class(re.compile(r"\boverdue\b"))
