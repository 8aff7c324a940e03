"""The web board's core in Safari's engine: sign-in, a Korean card added, edited, moved by drag
and by the menu, deleted and brought back, a change from `pm` shown live, changes made offline
kept over a reload and sent once the server is back, and sign-out forgetting the board."""

# Finds a card by its title, as the Chromium tests do by accessible name.
CARD = """const [title, status] = arguments;
const scope = status ? document.getElementById('list-' + status) : document;
if (!scope) return null;
for (const item of scope.querySelectorAll('li[data-id]')) {
  const label = document.getElementById('title-' + item.dataset.id);
  if (label && label.textContent === title) return item;
}
return null;"""


def card(browser, title: str, status: str | None = None):
    return browser.execute(CARD, title, status)


def network(browser) -> str:
    return browser.find("#network").text


def wait_card(browser, title: str, status: str | None = None, timeout: float = 10):
    return browser.wait(f'"{title}" in {status or "a list"}', lambda: card(browser, title, status), timeout)


def wait_synced(browser, timeout: float = 15):
    browser.wait("online", lambda: network(browser) == "online", timeout)


def add_card(browser, title: str, description: str = ""):
    browser.find("#add").click()
    browser.wait("the form", lambda: browser.execute("return document.getElementById('form-dialog').open"))
    browser.find("#form-title").type(title)
    if description:
        browser.find("#form-description").type(description)
    browser.find("#form-save").click()
    return wait_card(browser, title, "todo")


def test_given_ada_signs_in_then_her_board_opens_with_a_session_cookie_no_script_can_read(board, server):
    cookie = next(cookie for cookie in board.cookies() if cookie["name"] == "pm_session")
    assert cookie["httpOnly"] is True
    assert "pm_session" not in board.execute("return document.cookie")
    assert board.find("#board-name").text == "team"


def test_given_a_korean_card_when_added_and_edited_then_pm_receives_the_edit(board, pm_device):
    add_card(board, "회의록 정리", description="다음 주 월요일까지")
    wait_synced(board)
    card(board, "회의록 정리").click()
    board.wait("the details", lambda: board.execute("return document.getElementById('detail-dialog').open"))
    board.find("#detail-edit").click()
    title = board.find("#form-title")
    title.clear()
    title.type("회의록 최종")
    board.find("#form-save").click()
    wait_card(board, "회의록 최종", "todo")
    wait_synced(board)
    pm_device.sync()
    cards = {project["title"]: project for project in pm_device.cards()}
    assert cards["회의록 최종"]["description"] == "다음 주 월요일까지"


def test_given_a_card_when_dragged_to_doing_and_moved_to_done_by_the_menu_then_pm_sees_it_there(board, pm_device):
    add_card(board, "끌어 옮기기")
    board.drag(card(board, "끌어 옮기기"), board.find("#list-doing"))
    wait_card(board, "끌어 옮기기", "doing")
    board.context_click(card(board, "끌어 옮기기"))
    board.wait("the menu", lambda: board.execute("return !document.getElementById('move-menu').hidden"))
    items = board.execute("return [...document.querySelectorAll('#move-menu [role=menuitem]')].map(i => i.textContent)")
    assert items == ["TODO", "DONE"]
    board.execute("document.querySelectorAll('#move-menu [role=menuitem]')[1].click()")
    wait_card(board, "끌어 옮기기", "done")
    wait_synced(board)
    pm_device.sync()
    assert {project["title"]: project["status"] for project in pm_device.cards()} == {"끌어 옮기기": "done"}


def test_given_a_card_when_deleted_then_undo_in_the_toast_brings_it_back(board):
    add_card(board, "지울 카드")
    card(board, "지울 카드").click()
    board.wait("the details", lambda: board.execute("return document.getElementById('detail-dialog').open"))
    board.find("#detail-delete").click()
    board.wait("the card gone", lambda: card(board, "지울 카드") is None)
    assert '지울 카드' in board.find("#toast-text").text
    board.find("#toast-undo").click()
    wait_card(board, "지울 카드", "todo")


def test_given_the_board_open_when_pm_adds_a_card_then_it_appears_without_a_reload(board, pm_device):
    wait_synced(board)
    pm_device.add("터미널에서 온 카드")
    wait_card(board, "터미널에서 온 카드", "todo", timeout=5)
    assert board.execute("return performance.getEntriesByType('navigation').length") == 1


def test_given_the_server_stopped_when_a_card_is_added_and_the_page_reloaded_then_it_reaches_pm_later(
    board, server, pm_device
):
    add_card(board, "정전 전")
    wait_synced(board)
    board.execute_async("const done = arguments[0]; navigator.serviceWorker.ready.then(() => done(true))")
    server.stop()
    add_card(board, "오프라인 카드")
    board.wait("1 pending", lambda: "1 pending" in network(board), timeout=10)
    board.reload()
    board.wait("the board drawn again", lambda: board.execute("return document.body.dataset.ready === 'true'"))
    wait_card(board, "오프라인 카드", "todo")
    server.start()
    wait_synced(board, timeout=30)
    pm_device.sync()
    assert sorted(project["title"] for project in pm_device.cards()) == ["오프라인 카드", "정전 전"]


def test_given_a_synced_board_when_signing_out_then_the_browser_keeps_nothing_of_it(board, server):
    add_card(board, "비공개 계획")
    wait_synced(board)
    board.find("#signout button").click()
    board.wait("the sign-in page", lambda: board.execute("return !!document.querySelector('input[name=user]')"))
    databases = board.execute_async(
        "const done = arguments[0]; indexedDB.databases().then(list => done(list.map(d => d.name)))")
    assert databases == []
    board.get(server.url + "/boards/team")
    board.wait("sent to sign in", lambda: board.execute("return !!document.querySelector('input[name=user]')"))
    assert "비공개 계획" not in board.execute("return document.documentElement.outerHTML")
