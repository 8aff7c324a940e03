"""The browser as one more device: a change made by `pm` on another device appears within a
second without a reload; history names the user who made each change (and `this device` for
the browser's own); with the server stopped, three changes survive a reload and reach a `pm`
device once the server is back."""

import time

from playwright.sync_api import Page, expect

from board_helpers import add_card, board, card, wait_synced  # noqa: F401


def pm_titles(pm_device) -> dict[str, str]:
    """The `pm` device's cards after a sync: title → list."""
    pm_device.sync()
    return {project["title"]: project["status"] for project in pm_device.cards()}


def test_given_the_board_open_when_pm_adds_a_card_on_another_device_then_it_appears_within_a_second(
    board: Page, pm_device
) -> None:
    page = board
    wait_synced(page)
    pm_device.add("From the terminal", "--description", "pushed by pm")
    started = time.monotonic()
    expect(card(page, "From the terminal", "todo")).to_be_visible(timeout=1000)
    assert time.monotonic() - started < 1.0
    # No reload happened: the page is the same document.
    assert page.evaluate("() => performance.getEntriesByType('navigation').length") == 1


def test_given_changes_from_pm_and_the_browser_when_history_opens_then_it_names_the_user_and_this_device(
    board: Page, pm_device
) -> None:
    page = board
    pm_device.add("Made by ada in pm")
    expect(card(page, "Made by ada in pm")).to_be_visible(timeout=5000)
    add_card(page, "Made here")
    wait_synced(page)
    page.locator("#show-history").click()
    rows = page.locator("#history-list li")
    expect(rows.filter(has_text='Added "Made here" to TODO').locator(".author")).to_have_text("this device")
    # The server records who pushed each operation and sends it on pull.
    expect(rows.filter(has_text='Added "Made by ada in pm" to TODO').locator(".author")).to_have_text("ada")
    expect(rows.first).to_contain_text('Added "Made here"')


def test_given_the_server_stopped_when_three_changes_are_made_and_the_page_reloaded_then_pm_receives_all_three(
    board: Page, server, pm_device
) -> None:
    page = board
    add_card(page, "Before the outage")
    wait_synced(page)
    # The service worker has the page and its modules by now.
    page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
    server.stop()
    add_card(page, "Offline one")
    card(page, "Before the outage").focus()
    page.keyboard.press("L")
    expect(card(page, "Before the outage", "doing")).to_be_visible()
    add_card(page, "Offline two")
    expect(page.locator("#network")).to_contain_text("3 pending", timeout=10_000)
    page.reload()
    page.wait_for_selector("body[data-ready=true]")
    expect(card(page, "Offline one", "todo")).to_be_visible()
    expect(card(page, "Offline two", "todo")).to_be_visible()
    expect(card(page, "Before the outage", "doing")).to_be_visible()
    expect(page.locator("#network")).to_contain_text("3 pending")
    server.start()
    wait_synced(page, timeout=30_000)
    cards = pm_titles(pm_device)
    assert cards["Offline one"] == "todo"
    assert cards["Offline two"] == "todo"
    assert cards["Before the outage"] == "doing"
