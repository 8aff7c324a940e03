"""A card a teammate deleted comes back from the board's history, as `pm restore ID` brings it
back: a Restore on its deletion, a new change that shows on the board and reaches `pm`."""

from playwright.sync_api import Page, expect

from board_helpers import board, card, wait_synced  # noqa: F401


def test_given_a_card_a_teammate_deleted_when_restored_from_history_then_it_is_back_on_the_board_and_in_pm(
    board: Page, pm_device
) -> None:
    page = board
    pm_device.add("Budget review", "--description", "deleted by a teammate")
    expect(card(page, "Budget review")).to_be_visible(timeout=5000)
    (project,) = [project for project in pm_device.cards() if project["title"] == "Budget review"]
    pm_device.pm("delete", project["id"])
    expect(card(page, "Budget review")).to_have_count(0, timeout=5000)
    wait_synced(page)

    page.locator("#show-history").click()
    rows = page.locator("#history-list li")
    deleted = rows.filter(has_text='Deleted "Budget review"')
    expect(deleted.locator(".author")).to_have_text("ada")
    # Only the deletion offers Restore: the card's other entries do not.
    expect(rows.get_by_role("button", name='Restore "Budget review"')).to_have_count(1)
    deleted.get_by_role("button", name='Restore "Budget review"').click()

    # The history tells the restore, and the card has nothing left to restore.
    expect(rows.first).to_contain_text('Restored "Budget review"')
    expect(rows.first.locator(".author")).to_have_text("this device")
    expect(rows.get_by_role("button", name='Restore "Budget review"')).to_have_count(0)
    page.locator("#history-close").click()
    expect(card(page, "Budget review", "todo")).to_be_visible()
    wait_synced(page)
    pm_device.sync()
    assert [p["title"] for p in pm_device.cards()].count("Budget review") == 1

    # Undo deletes it again, as `pm undo` after `pm restore` does.
    page.locator("#undo").click()
    expect(card(page, "Budget review")).to_have_count(0)
