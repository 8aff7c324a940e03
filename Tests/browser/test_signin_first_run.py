"""The first run: a server with no user prints a one-time link that makes the first user and
board in the browser."""

import re

import pytest

from harness import PASSWORD, Server


@pytest.fixture
def empty_server(tmp_path, binaries):
    server = Server(tmp_path / "empty", binaries)
    server.folder.mkdir()
    server.start()
    yield server
    server.stop()


@pytest.fixture
def empty_page(browser, empty_server):
    context = browser.new_context(base_url=empty_server.url, locale="en-US")
    yield context.new_page()
    context.close()


def test_the_first_run_link_makes_the_first_user_and_board_and_opens_it(empty_page, empty_server):
    line = empty_server.first_line()
    link = re.search(r"http://127\.0\.0\.1:\d+/welcome\?code=[0-9a-f]{32}", line).group(0)
    assert empty_page.goto(link).status == 200
    assert empty_page.get_by_role("heading", name="Welcome to Project Manager").is_visible()
    if not empty_server.supports_passwords():
        pytest.skip("this pm-server cannot store passwords (they come with the accounts branch)")
    empty_page.get_by_label("User name").fill("ada")
    empty_page.get_by_label("Password (8 characters or more)").fill(PASSWORD)
    empty_page.get_by_label("First board").fill("team")
    with empty_page.expect_navigation():
        empty_page.get_by_role("button", name="Create and open the board").click()
    assert empty_page.url == empty_server.url + "/boards/team"
    assert empty_page.request.get(empty_server.url + "/v1/session").json() == {"user": "ada", "boards": ["team"]}
    # The link is used up
    assert empty_page.goto(link).status == 404


def test_a_wrong_first_run_code_opens_nothing(empty_page, empty_server):
    answer = empty_page.goto("/welcome?code=" + "0" * 32)
    assert answer.status == 404
    assert empty_page.get_by_role("heading", name="This link no longer works").is_visible()
