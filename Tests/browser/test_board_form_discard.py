"""Leaving the add and edit form: Esc or Cancel on a form left as it was closes it; on a changed
form they ask "Discard changes?" in the page ("Keep editing" keeps the typing, "Discard" closes
without a write); the Esc that ends an input method's composition neither closes nor asks."""

from playwright.sync_api import Page, expect

from board_helpers import _cdp, add_card, board, card, wait_synced  # noqa: F401


def question(page: Page):
    return page.get_by_role("alertdialog", name="Discard changes?")


def test_given_an_unchanged_form_when_esc_or_cancel_then_it_closes_without_asking(board: Page) -> None:
    page = board
    form = page.locator("#form-dialog")
    page.keyboard.press("a")
    expect(form).to_be_visible()
    page.keyboard.press("Escape")
    expect(form).to_be_hidden()
    expect(question(page)).to_have_count(0)
    # An edit form opened on a card and left as it was closes on Cancel.
    add_card(page, "Kept")
    card(page, "Kept").focus()
    page.keyboard.press("e")
    expect(page.locator("#form-title")).to_have_value("Kept")
    page.locator("#form-cancel").click()
    expect(form).to_be_hidden()
    expect(question(page)).to_have_count(0)


def test_given_a_changed_form_when_esc_then_it_asks_and_keep_editing_keeps_the_text(board: Page) -> None:
    page = board
    form = page.locator("#form-dialog")
    page.keyboard.press("a")
    page.locator("#form-title").fill("Half typed")
    page.keyboard.press("Escape")
    expect(question(page)).to_be_visible()
    # The safe answer has the focus, and both answers are buttons a keyboard reaches.
    expect(page.get_by_role("button", name="Keep editing")).to_be_focused()
    page.get_by_role("button", name="Keep editing").click()
    expect(question(page)).to_be_hidden()
    expect(form).to_be_visible()
    expect(page.locator("#form-title")).to_have_value("Half typed")
    expect(page.locator("#form-title")).to_be_focused()
    # Esc on the question is the safe answer too.
    page.locator("#form-cancel").click()
    expect(question(page)).to_be_visible()
    page.keyboard.press("Escape")
    expect(question(page)).to_be_hidden()
    expect(form).to_be_visible()
    expect(page.locator("#form-title")).to_have_value("Half typed")


def test_given_a_changed_edit_form_when_discarded_then_it_closes_and_nothing_is_written(board: Page) -> None:
    page = board
    add_card(page, "Original", description="first words")
    wait_synced(page)
    card(page, "Original").focus()
    page.keyboard.press("e")
    page.locator("#form-title").fill("Changed my mind")
    page.locator("#form-description").fill("other words")
    page.keyboard.press("Escape")
    page.get_by_role("button", name="Discard").click()
    expect(page.locator("#form-dialog")).to_be_hidden()
    expect(question(page)).to_be_hidden()
    expect(card(page, "Original", "todo")).to_contain_text("first words")
    expect(card(page, "Changed my mind")).to_have_count(0)
    # No operation was made: nothing waits to be sent and the history holds the add alone.
    expect(page.locator("#network")).to_have_text("online")
    page.locator("#show-history").click()
    expect(page.locator("#history-list li")).to_have_count(1)
    expect(page.locator("#history-list li")).to_contain_text('Added "Original"')


def test_given_korean_being_composed_when_esc_ends_the_composition_then_the_form_stays_open(board: Page) -> None:
    page = board
    form = page.locator("#form-dialog")
    page.keyboard.press("a")
    cdp = _cdp(page)
    for part in ["ㅎ", "하", "한"]:
        cdp.send("Input.imeSetComposition", {"text": part, "selectionStart": len(part), "selectionEnd": len(part)})
    # While composing, the IME's Esc reaches the page as keyCode 229; it only ends the syllable.
    cdp.send("Input.dispatchKeyEvent", {"type": "rawKeyDown", "windowsVirtualKeyCode": 229, "key": "Escape", "code": "Escape"})
    cdp.send("Input.insertText", {"text": "한"})
    cdp.send("Input.dispatchKeyEvent", {"type": "keyUp", "windowsVirtualKeyCode": 27, "key": "Escape", "code": "Escape"})
    page.wait_for_timeout(300)
    expect(form).to_be_visible()
    expect(question(page)).to_have_count(0)
    expect(page.locator("#form-title")).to_have_value("한")
    # Composition over, Esc is Esc again: the changed form asks.
    page.keyboard.press("Escape")
    expect(question(page)).to_be_visible()
