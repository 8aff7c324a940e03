"""Signing out forgets the board in this browser: IndexedDB and the service worker's cache are
emptied, so the next person at a shared computer sees nothing of it. Unsent changes are sent
first; offline, the page asks before dropping them and Cancel keeps them (and the session)."""

from playwright.sync_api import Page, expect

from board_helpers import add_card, board, card, wait_synced  # noqa: F401

BOARDS = "() => indexedDB.databases().then(list => list.map(database => database.name))"
# Every page any cache holds (the service worker may cache the sign-in page's style sheet again;
# it holds nothing of a user's).
CACHED = """() => caches.keys().then(names => Promise.all(names.map(name =>
    caches.open(name).then(cache => cache.keys()).then(requests => requests.map(r => new URL(r.url).pathname))
))).then(lists => lists.flat())"""


def sign_out(page: Page) -> None:
    page.get_by_role("button", name="Sign out").click()


def test_given_a_synced_board_when_signing_out_then_the_browser_keeps_nothing_of_it(
    board: Page, server, pm_device
) -> None:
    page = board
    add_card(page, "Private plans", description="not for the next person")
    wait_synced(page)
    page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
    assert "pm-board:team" in page.evaluate(BOARDS)
    for _ in range(100):
        if "/boards/team" in page.evaluate(CACHED):
            break
        page.wait_for_timeout(100)
    assert "/boards/team" in page.evaluate(CACHED)
    # When ada signs out
    with page.expect_navigation():
        sign_out(page)
    # Then the sign-in page shows, and IndexedDB and the cache hold nothing of the board
    expect(page.get_by_label("User name")).to_be_visible()
    assert page.evaluate(BOARDS) == []
    assert [path for path in page.evaluate(CACHED) if not path.startswith("/static/")] == []
    page.reload()
    expect(page.get_by_label("User name")).to_be_visible()
    page.goto("/boards/team")
    expect(page.get_by_label("User name")).to_be_visible()
    assert "Private plans" not in page.content()
    # The card itself is safe on the server
    pm_device.sync()
    assert [project["title"] for project in pm_device.cards()] == ["Private plans"]


def test_given_unsent_changes_online_when_signing_out_then_they_are_sent_first(
    board: Page, server, pm_device
) -> None:
    page = board
    wait_synced(page)
    server.stop()
    add_card(page, "Made while the server was away")
    expect(page.locator("#network")).to_contain_text("1 pending", timeout=10_000)
    server.start()
    with page.expect_navigation():
        sign_out(page)
    expect(page.get_by_label("User name")).to_be_visible()
    assert page.evaluate(BOARDS) == []
    pm_device.sync()
    assert [project["title"] for project in pm_device.cards()] == ["Made while the server was away"]


def test_given_unsent_changes_offline_when_signing_out_then_it_asks_and_cancel_keeps_them(
    board: Page, server, pm_device
) -> None:
    page = board
    wait_synced(page)
    page.context.set_offline(True)
    add_card(page, "Written on the train")
    add_card(page, "Also on the train")
    expect(page.locator("#network")).to_contain_text("2 pending", timeout=10_000)
    # When ada signs out, the changes cannot be sent: the page asks
    sign_out(page)
    question = page.get_by_role("alertdialog", name="2 changes not sent yet will be lost — sign out anyway?")
    expect(question).to_be_visible()
    expect(page.get_by_role("button", name="Cancel")).to_be_focused()
    # Cancel: still signed in, on the board, with both changes waiting
    page.get_by_role("button", name="Cancel").click()
    expect(question).to_be_hidden()
    assert page.url.endswith("/boards/team")
    expect(card(page, "Written on the train", "todo")).to_be_visible()
    expect(page.locator("#network")).to_contain_text("2 pending")
    assert "pm-board:team" in page.evaluate(BOARDS)
    # And back online they reach the server, the session intact
    page.context.set_offline(False)
    page.keyboard.press("s")
    wait_synced(page, timeout=30_000)
    pm_device.sync()
    assert sorted(project["title"] for project in pm_device.cards()) == ["Also on the train", "Written on the train"]


def test_given_unsent_changes_offline_when_signing_out_anyway_then_they_are_dropped_with_the_board(
    board: Page, server, pm_device
) -> None:
    page = board
    wait_synced(page)
    # The sync API unreachable (the sign-out form's own post still goes through)
    page.route("**/v1/**", lambda route: route.abort())
    add_card(page, "Never sent")
    expect(page.locator("#network")).to_contain_text("1 pending", timeout=10_000)
    sign_out(page)
    expect(page.get_by_role("alertdialog", name="1 change not sent yet will be lost — sign out anyway?")).to_be_visible()
    with page.expect_navigation():
        page.get_by_role("button", name="Sign out anyway").click()
    expect(page.get_by_label("User name")).to_be_visible()
    assert page.evaluate(BOARDS) == []
    pm_device.sync()
    assert pm_device.cards() == []
