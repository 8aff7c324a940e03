"""The board's layout in Safari's engine, measured with the same probes as the Chromium tests
(`Tests/browser/layout_probes.py`): lists that fill the height under a bar that stays, Korean
broken at spaces, a phone's bar in one row, the count of waiting changes on a phone's network dot, history numbers
drawn whole ("1." not read as "l."), and a description's lines kept apart on its card."""

from layout_probes import BAR, HISTORY_NUMBERS, LAYOUT, PENDING_BADGE, WORD_BREAKS, run
from test_core import add_card, card

KOREAN = "로드맵에 테스트용 카드를 추가하고 디자인 검토를 마무리하기 위한 아주 긴 제목입니다"


def test_given_an_ipad_sized_window_when_the_board_opens_then_the_lists_fill_the_height_and_the_page_stays(
    board, pm_device
):
    board.set_window(820, 1180)
    for number in range(30):
        pm_device.add(f"Long board {number:02}")
    pm_device.sync()
    board.wait("30 cards", lambda: board.execute("return document.querySelectorAll('#list-todo .card').length") == 30, 20)
    layout = run(board, LAYOUT)
    assert layout["pageScroll"] <= 0, layout
    for column in layout["columns"]:
        assert column["bottom"] > layout["innerHeight"] - 80, layout
    board.execute("const list = document.querySelector('#list-todo .cards'); list.scrollTop = list.scrollHeight;")
    assert board.execute("return document.querySelector('#list-todo .cards').scrollTop") > 200
    assert run(board, LAYOUT)["add"] == layout["add"]


def test_given_a_korean_title_when_it_wraps_then_it_breaks_only_at_spaces(board):
    board.set_window(390, 844)
    add_card(board, KOREAN)
    card_id = card(board, KOREAN).attribute("data-id")
    lines = (
        "const r = document.createRange(); r.selectNodeContents(document.getElementById(arguments[0]));"
        " return new Set([...r.getClientRects()].map((b) => Math.round(b.top))).size;")
    # A card just drawn may not be laid out yet (content-visibility): wait for its lines.
    board.wait("the title wrapped (else the test proves nothing)", lambda: board.execute(lines, f"title-{card_id}") >= 2)
    assert run(board, WORD_BREAKS, f"#title-{card_id}") == []


def test_given_a_phone_sized_window_when_the_board_opens_then_the_bar_is_one_row(board):
    board.set_window(390, 844)
    board.wait("a phone's width", lambda: board.execute("return innerWidth") == 390)
    bar = run(board, BAR)
    assert bar["height"] <= 60, bar
    assert len({control["top"] for control in bar["controls"]}) == 1, bar
    assert [control["name"] for control in bar["controls"]] == ["‹ Boards", "sync-now", "search-open", "add", "more"], bar


def test_given_a_phone_when_changes_wait_to_be_sent_then_the_dot_shows_their_count_and_clears_once_sent(
    board, server
):
    # The dot's words stay in the page for screen readers, though a phone shows only the dot.
    def network():
        return board.execute("return document.getElementById('network').textContent")

    board.set_window(390, 844)
    board.wait("a phone's width", lambda: board.execute("return innerWidth") == 390)
    board.wait("online", lambda: network() == "online", 15)
    # Given the server stopped and two Korean cards added
    server.stop()
    add_card(board, "첫 오프라인 카드")
    add_card(board, "둘째 오프라인 카드")
    board.wait("2 pending", lambda: "2 pending" in network(), 10)
    # Then the dot carries the count as a badge, with room before the next control
    badge = run(board, PENDING_BADGE, "#network")
    assert badge["content"] == '"2"', badge
    # (the badge starts 0.4rem into the 0.85rem dot: it reaches past the dot by its width less 7 px)
    assert badge["width"] > 0 and badge["room"] >= badge["width"] - 7, badge
    # And once the server is back and they are sent, the badge is gone
    server.start()
    board.wait("online", lambda: network() == "online", 30)
    assert run(board, PENDING_BADGE, "#network")["content"] in ("none", "normal"), "the badge stayed"

def test_given_a_long_history_when_shown_then_every_number_is_whole(board, pm_device):
    for number in range(12):
        pm_device.add(f"Numbered {number:02}")
    pm_device.sync()
    board.wait("12 cards", lambda: board.execute("return document.querySelectorAll('.card').length") == 12, 20)
    board.find("#show-history").click()
    board.wait("the history", lambda: board.execute("return document.querySelectorAll('#history-list li').length") == 12)
    for row in run(board, HISTORY_NUMBERS, "#history-list"):
        assert row["room"] >= row["needed"], row



# Where each of the given words of the card's description is drawn: the top of its first letter.
WORD_TOPS = """(id, words) => {
  const node = document.getElementById(id).querySelector('.description').firstChild;
  const range = document.createRange();
  const tops = words.map((word) => {
    const at = node.textContent.indexOf(word);
    range.setStart(node, at);
    range.setEnd(node, at + 1);
    // WebKit also gives an empty box at the end of the line before, for a letter after a newline.
    return [...range.getClientRects()].find((box) => box.width > 0)?.top;
  });
  // A card just drawn may not be laid out yet (content-visibility): no answer until it is.
  return tops.includes(undefined) ? null : tops.map(Math.round);
}"""


def test_given_a_two_line_description_typed_in_the_form_when_its_card_is_drawn_then_the_lines_stay_apart(board):
    # A person's Enter in the description starts a new line (WebDriver's "\n" is sent as Enter).
    add_card(board, "Two lines", description="매출 표 정리\n팀 리뷰 받기")
    card_id = card(board, "Two lines").attribute("data-id")
    description = "return document.getElementById(arguments[0]).querySelector('.description').textContent"
    assert board.execute(description, f"details-{card_id}") == "매출 표 정리\n팀 리뷰 받기"
    # Drawn on two lines: "팀" starts the second, under "매출" (not joined onto "정리팀").
    first, second = board.wait(
        "the description laid out", lambda: run(board, WORD_TOPS, f"details-{card_id}", ["매출", "팀"]))
    assert second > first, (first, second)
