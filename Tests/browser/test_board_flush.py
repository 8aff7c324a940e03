"""The board's storage and its outbox on an iPad, in Chromium: the board asks the browser to keep
its storage and says in the help panel what it answered and how many changes wait to be sent; and
the page sends its outbox itself at the moments it runs (coming online, shown again, "Sync now"),
since Safari has no Background Sync.

The retry's own timer must not be what sends a change in the flush tests: there the page's timers
are Playwright's fake clock, paused, so only the event under test can start a round."""

from playwright.sync_api import Page, expect

from board_helpers import add_card, board, open_board, wait_synced  # noqa: F401


GRANTING = """
window.__persistAsked = 0;
const storage = navigator.storage;
storage.persisted = async () => false;
storage.persist = async () => { window.__persistAsked += 1; return true; };
"""


def test_given_a_signed_in_board_when_the_browser_grants_persistent_storage_then_the_help_panel_says_it_is_kept(
    signed_in_page: Page, server
) -> None:
    page = signed_in_page
    page.add_init_script(GRANTING)
    open_board(page, server.url)
    page.locator("#show-help").click()
    status = page.locator("#storage-status")
    expect(status).to_have_text(
        "This browser keeps the board's storage: changes not yet sent stay on this device. Every change has been sent."
    )
    assert page.evaluate("window.__persistAsked") == 1


def test_given_this_browser_when_the_board_asks_to_keep_storage_then_the_help_panel_shows_its_real_answer(
    board: Page,
) -> None:
    page = board
    page.locator("#show-help").click()
    status = page.locator("#storage-status")
    expect(status).not_to_have_attribute("data-storage", "asking")
    persisted = page.evaluate("navigator.storage.persisted()")
    expect(status).to_have_attribute("data-storage", "kept" if persisted else "not kept")


def test_given_changes_the_server_has_not_received_then_the_help_panel_says_how_many_wait(board: Page) -> None:
    page = board
    page.route("**/v1/boards/team/operations*", lambda route: route.abort())
    add_card(page, "Waiting one")
    add_card(page, "Waiting two")
    expect(page.locator("#network")).to_contain_text("2 pending")
    page.locator("#show-help").click()
    expect(page.locator("#storage-status")).to_contain_text("2 changes wait to be sent.")


def open_with_paused_timers(page: Page, server) -> Page:
    """The board with the page's timers on Playwright's clock, paused once the board is up: a
    retry scheduled after a failed push never fires by itself."""
    page.clock.install()
    open_board(page, server.url)
    wait_synced(page)
    # A number is read as seconds since 1970.
    page.clock.pause_at(page.evaluate("Date.now()") / 1000 + 1)
    return page


def wait_pending(page: Page, count: int) -> None:
    expect(page.locator("#network")).to_have_text(f"offline · {count} pending")


def add_while_pushes_fail(page: Page, title: str) -> None:
    """Adds card `title` while every push and pull fails (the network drops them), then lets the
    requests through again; the change waits, as no timer of the page runs to retry."""
    page.route("**/v1/boards/team/operations*", lambda route: route.abort())
    add_card(page, title)
    wait_pending(page, 1)
    page.unroute("**/v1/boards/team/operations*")


def sent_to_pm(page: Page, pm_device) -> list[str]:
    """Waits until the board says everything was sent, and answers the titles `pm` then pulls."""
    wait_synced(page)
    pm_device.sync()
    return [project["title"] for project in pm_device.cards()]


def test_given_a_change_made_offline_when_the_page_is_shown_again_then_it_reaches_pm_with_no_reload(
    signed_in_page: Page, server, pm_device
) -> None:
    page = open_with_paused_timers(signed_in_page, server)
    add_while_pushes_fail(page, "Sent when shown")
    # The network is back, but nothing runs the retry: the change still waits a while later.
    page.wait_for_timeout(1500)
    wait_pending(page, 1)
    # A mark on this document: a reload would make a new one without it.
    page.evaluate("() => { window.sameDocument = true; }")
    # The page is hidden (another app in front) and shown again. Headless Chromium cannot hide a
    # page, so the document reports the state and fires the event a browser fires: this proves the
    # board's answer to visibilitychange, not that an iPad fires it.
    page.evaluate(
        """() => {
        let state = "hidden";
        Object.defineProperty(document, "visibilityState", { configurable: true, get: () => state });
        document.dispatchEvent(new Event("visibilitychange"));
        state = "visible";
        document.dispatchEvent(new Event("visibilitychange"));
    }"""
    )
    assert sent_to_pm(page, pm_device) == ["Sent when shown"]
    assert page.evaluate("() => window.sameDocument") is True


def test_given_a_change_made_with_the_network_off_when_the_browser_comes_online_then_it_is_sent(
    signed_in_page: Page, server, pm_device
) -> None:
    page = open_with_paused_timers(signed_in_page, server)
    page.context.set_offline(True)
    add_card(page, "Sent when online")
    wait_pending(page, 1)
    # Playwright's offline mode fires the browser's own `online` event when it ends.
    page.context.set_offline(False)
    assert sent_to_pm(page, pm_device) == ["Sent when online"]


def test_given_a_change_waiting_when_sync_now_is_pressed_then_it_is_sent(
    signed_in_page: Page, server, pm_device
) -> None:
    page = open_with_paused_timers(signed_in_page, server)
    add_while_pushes_fail(page, "Sent by hand")
    page.get_by_role("button", name="Sync now").click()
    assert sent_to_pm(page, pm_device) == ["Sent by hand"]
