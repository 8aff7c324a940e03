"""The board at iPad and phone sizes, measured from the page: a fixed bar and lists that fill the
height and scroll on their own; every control at least 44 px on touch; Korean broken at spaces;
history numbers whole; the add form showing today and a primary Save; the network badge one
width whatever it says; a card's details opening at their top on a phone; dark cards raised
above their list."""

import re
from datetime import date

from playwright.sync_api import Page, expect

from board_helpers import add_card, board, card, long_press, swipe_left, tap, touch_board  # noqa: F401
from layout_probes import BAR, HISTORY_NUMBERS, LAYOUT, PENDING_BADGE, SMALL_TARGETS, WORD_BREAKS

IPAD_PORTRAIT = {"width": 820, "height": 1180}
IPAD_LANDSCAPE = {"width": 1180, "height": 820}
PHONE = {"width": 390, "height": 844}
# The width a field's placeholder needs in the field's font, and the room inside the field.
PLACEHOLDER_ROOM = """input => {
  const style = getComputedStyle(input);
  const context = document.createElement('canvas').getContext('2d');
  context.font = style.font;
  const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
  return { needed: context.measureText(input.placeholder).width, room: input.clientWidth - padding };
}"""
KOREAN = "로드맵에 테스트용 카드를 추가하고 디자인 검토를 마무리하기 위한 아주 긴 제목입니다"


def test_given_an_ipad_when_the_board_opens_then_the_bar_stays_and_each_list_fills_the_height_and_scrolls(
    board: Page, pm_device
) -> None:
    page = board
    page.set_viewport_size(IPAD_PORTRAIT)
    add_card(page, "Short board")
    layout = page.evaluate(LAYOUT)
    assert layout["pageScroll"] <= 0
    for column in layout["columns"]:
        # Lists reach down to the footer: no 40 % of empty page under a short board.
        assert column["bottom"] > layout["innerHeight"] - 80, layout
    for number in range(30):
        pm_device.add(f"Long board {number:02}")
    pm_device.sync()
    expect(page.locator("#list-todo .card")).to_have_count(31, timeout=20_000)
    layout = page.evaluate(LAYOUT)
    assert layout["pageScroll"] <= 0, "the page itself scrolls"
    cards = page.locator("#list-todo .cards")
    cards.evaluate("list => { list.scrollTop = list.scrollHeight; }")
    assert cards.evaluate("list => list.scrollTop") > 200
    assert page.evaluate(LAYOUT)["add"] == layout["add"]
    expect(card(page, "Long board 29")).to_be_in_viewport()
    expect(page.locator("#add")).to_be_in_viewport()


def test_given_a_touch_screen_when_any_control_is_shown_then_it_is_at_least_44_px(touch_board: Page) -> None:
    page = touch_board
    for size in (IPAD_PORTRAIT, PHONE):
        page.set_viewport_size(size)
        assert page.evaluate(SMALL_TARGETS, 44) == [], size
    add_card(page, "Target card")
    swipe_left(page, card(page, "Target card"))
    expect(page.locator("#toast")).to_be_visible()
    assert page.evaluate(SMALL_TARGETS, 44) == []
    page.locator("#toast-undo").click()
    long_press(page, card(page, "Target card"))
    expect(page.locator("#move-menu")).to_be_visible()
    assert page.evaluate(SMALL_TARGETS, 44) == []
    page.keyboard.press("Escape")
    page.set_viewport_size(IPAD_PORTRAIT)
    for opener, dialog in (("#add", "#form-dialog"), ("#show-help", "#help-dialog")):
        page.locator(opener).click()
        expect(page.locator(dialog)).to_be_visible()
        assert page.evaluate(SMALL_TARGETS, 44) == [], dialog
        page.keyboard.press("Escape")
        expect(page.locator(dialog)).to_be_hidden()


def test_given_a_korean_title_when_it_wraps_then_it_breaks_only_at_spaces(board: Page) -> None:
    page = board
    page.set_viewport_size(PHONE)
    add_card(page, KOREAN)
    element = card(page, KOREAN)
    assert element.evaluate("card => card.querySelector('.title').getClientRects().length") == 1
    lines = element.evaluate(
        "card => { const r = document.createRange(); r.selectNodeContents(card.querySelector('.title'));"
        " return new Set([...r.getClientRects()].map((b) => Math.round(b.top))).size; }")
    assert lines >= 2, "the title does not wrap: the test proves nothing"
    card_id = element.get_attribute("data-id")
    assert page.evaluate(WORD_BREAKS, f"#title-{card_id}") == []


def test_given_a_long_history_when_shown_then_every_number_is_whole(board: Page) -> None:
    page = board
    add_card(page, "Numbered")
    for number in range(11):
        card(page, "Numbered" if number == 0 else f"Numbered {number}").focus()
        page.keyboard.press("e")
        page.locator("#form-title").fill(f"Numbered {number + 1}")
        page.keyboard.press("Enter")
        expect(card(page, f"Numbered {number + 1}")).to_be_visible()
    page.locator("#show-history").click()
    expect(page.locator("#history-list li")).to_have_count(12)
    rows = page.evaluate(HISTORY_NUMBERS, "#history-list")
    assert len(rows) == 12
    for row in rows:
        assert row["room"] >= row["needed"], row
    page.keyboard.press("Escape")
    card(page, "Numbered 11").click()
    expect(page.locator("#detail-history li")).to_have_count(12)
    for row in page.evaluate(HISTORY_NUMBERS, "#detail-history"):
        assert row["room"] >= row["needed"], row


def test_given_the_add_form_when_opened_then_the_deadline_shows_today_and_save_stands_out(board: Page) -> None:
    page = board
    page.locator("#add").click()
    expect(page.locator("#form-deadline")).to_have_value(date.today().isoformat())
    background = "button => getComputedStyle(button).backgroundColor"
    assert page.locator("#form-save").evaluate(background) != page.locator("#form-cancel").evaluate(background)
    # Today shown is today meant: closing the untouched form asks nothing.
    page.keyboard.press("Escape")
    expect(page.locator("#form-dialog")).to_be_hidden()


def test_given_the_network_badge_when_its_words_change_then_its_width_and_the_bar_stay(board: Page) -> None:
    page = board
    page.set_viewport_size(IPAD_PORTRAIT)
    network = page.locator("#network")
    expect(network).to_have_text("online")
    width = network.bounding_box()["width"]
    bar = page.evaluate(LAYOUT)["barHeight"]
    page.evaluate("() => { document.getElementById('network').textContent = 'offline · 12 pending'; }")
    assert network.bounding_box()["width"] == width
    assert page.evaluate(LAYOUT)["barHeight"] == bar
    assert bar < 70, "the iPad's bar takes two rows"


def test_given_a_touch_ipad_and_a_long_board_name_when_the_bar_is_drawn_then_it_is_one_row_with_the_name_shortened(
    touch_board: Page,
) -> None:
    page = touch_board
    page.evaluate("() => { document.getElementById('board-name').textContent = 'A board with a rather long name'; }")
    for size in (IPAD_PORTRAIT, IPAD_LANDSCAPE):
        page.set_viewport_size(size)
        bar = page.evaluate(BAR)
        assert len({control["top"] for control in bar["controls"]}) == 1, (size, bar)
        assert bar["height"] <= 70, (size, bar)
        assert bar["nameClipped"], size


def test_given_an_ipad_when_the_bar_is_drawn_then_the_filters_placeholder_is_whole(board: Page) -> None:
    page = board
    for size in (IPAD_PORTRAIT, IPAD_LANDSCAPE):
        page.set_viewport_size(size)
        room = page.locator("#filter").evaluate(PLACEHOLDER_ROOM)
        assert room["needed"] <= room["room"], (size, room)


def test_given_a_phone_when_a_long_card_opens_then_its_details_show_the_title_first(touch_board: Page) -> None:
    page = touch_board
    page.set_viewport_size(PHONE)
    add_card(page, "Long details", description="\n".join(f"line {n}" for n in range(80)))
    tap(page, card(page, "Long details"))
    expect(page.locator("#detail-dialog")).to_be_visible()
    expect(page.locator("#detail-title")).to_be_in_viewport()
    assert page.locator("#detail-dialog").evaluate("dialog => dialog.scrollTop") == 0


def test_given_dark_mode_when_the_board_is_drawn_then_cards_are_lighter_than_their_list(board: Page) -> None:
    page = board
    page.emulate_media(color_scheme="dark")
    add_card(page, "Dark card")
    add_card(page, "Other card")
    luminance = """element => {
      const [r, g, b] = getComputedStyle(element).backgroundColor.match(/\\d+/g).map(Number);
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    }"""
    # The card that is not selected: the selection has a colour of its own.
    card_light = page.locator("#list-todo .card:not(.selected)").first.evaluate(luminance)
    list_light = page.locator("#list-todo").evaluate(luminance)
    assert card_light > list_light


def test_given_a_phone_when_the_board_opens_then_the_bar_is_one_row_and_the_tab_alone_names_the_list(
    touch_board: Page,
) -> None:
    page = touch_board
    page.set_viewport_size(PHONE)
    page.evaluate("() => { document.getElementById('board-name').textContent = 'A board with a rather long name'; }")
    bar = page.evaluate(BAR)
    assert bar["height"] <= 60, bar
    # One row: every control of the bar stands on one top, none narrower than a finger.
    assert len({control["top"] for control in bar["controls"]}) == 1, bar
    assert all(control["width"] >= 44 and control["height"] >= 44 for control in bar["controls"]), bar
    assert bar["nameClipped"], "a long name is not shortened"
    # The network is a dot, its words still what a screen reader reads.
    expect(page.get_by_role("status")).to_have_text("online")
    dot = page.locator("#network").bounding_box()
    assert dot is not None and dot["width"] <= 16, dot
    heading = page.locator("#heading-todo").bounding_box()
    assert heading is not None and heading["width"] <= 1, "the list repeats its tab's name"
    expect(page.get_by_role("tab", name="TODO (0)")).to_be_visible()


def test_given_a_phone_when_changes_wait_to_be_sent_then_the_dot_shows_their_count_and_clears_once_sent(
    touch_board: Page,
) -> None:
    page = touch_board
    page.set_viewport_size(PHONE)
    # Given the server out of reach and two cards added
    page.route("**/v1/**", lambda route: route.abort())
    add_card(page, "First offline")
    add_card(page, "Second offline")
    expect(page.locator("#network")).to_contain_text("2 pending", timeout=10_000)
    # Then the dot carries the count as a badge, with room before the next control
    badge = page.evaluate(PENDING_BADGE, "#network")
    assert badge["content"] == '"2"', badge
    # (the badge starts 0.4rem into the 0.85rem dot: it reaches past the dot by its width less 7 px)
    assert badge["width"] > 0 and badge["room"] >= badge["width"] - 7, badge
    # And once the server is back and they are sent, the badge is gone
    page.unroute("**/v1/**")
    page.get_by_role("button", name="Sync now").click()
    expect(page.locator("#network")).not_to_contain_text("pending", timeout=15_000)
    assert page.evaluate(PENDING_BADGE, "#network")["content"] in ("none", "normal"), "the badge stayed"


def test_given_a_phone_when_search_is_tapped_then_the_filter_opens_over_the_bar_and_cancel_clears_it(
    touch_board: Page,
) -> None:
    page = touch_board
    page.set_viewport_size(PHONE)
    add_card(page, "Findable")
    add_card(page, "Other")
    expect(page.locator("#filter")).to_be_hidden()
    tap(page, page.get_by_role("button", name="Filter cards"))
    expect(page.locator("#filter")).to_be_focused()
    page.keyboard.type("find")
    expect(card(page, "Other")).to_have_count(0)
    bar = page.evaluate(BAR)
    assert bar["height"] <= 60, bar
    assert page.locator("#filter").bounding_box()["width"] > 200, "the filter does not open over the bar"
    expect(page.locator("#add")).to_be_hidden()
    tap(page, page.get_by_role("button", name="Cancel"))
    expect(page.locator("#filter")).to_be_hidden()
    expect(card(page, "Other")).to_be_visible()
    expect(page.locator("#add")).to_be_visible()


def test_given_a_phone_when_more_is_tapped_then_the_bars_other_buttons_are_there_and_a_choice_closes_it(
    touch_board: Page,
) -> None:
    page = touch_board
    page.set_viewport_size(PHONE)
    add_card(page, "Undone")
    expect(page.locator("#undo")).to_be_hidden()
    tap(page, page.get_by_role("button", name="More"))
    menu = page.locator("#bar-more")
    for name in ("Undo", "Redo", "History", "Help", "Sign out"):
        expect(menu.get_by_role("button", name=name, exact=True)).to_be_visible()
    assert page.evaluate(SMALL_TARGETS, 44) == []
    tap(page, menu.get_by_role("button", name="Undo", exact=True))
    expect(card(page, "Undone")).to_have_count(0)
    expect(menu).to_be_hidden()
    tap(page, page.get_by_role("button", name="More"))
    tap(page, menu.get_by_role("button", name="Help", exact=True))
    expect(page.locator("#help-dialog")).to_be_visible()
    expect(menu).to_be_hidden()


def test_given_a_filter_matching_nothing_when_typed_then_the_lists_say_so_and_the_boards_list_is_a_tap_away(
    board: Page,
) -> None:
    page = board
    add_card(page, "Findable")
    page.locator("#filter").fill("zzz")
    expect(page.locator("#list-todo .empty")).to_have_text("No matching cards")
    expect(page.locator("#list-todo .empty")).to_be_visible()
    page.locator("#filter").fill("find")
    expect(page.locator("#list-todo .empty")).to_be_hidden()
    page.get_by_role("link", name="All boards").click()
    expect(page).to_have_url(re.compile(r"/$"))
