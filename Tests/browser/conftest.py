"""Fixtures of the browser tests (pytest + Playwright for Python, Debian's chromium headless):

- `server`: a real `pm-server serve` on a temporary SQLite file and a free port, with user `ada`
  (password `correct horse` = `PASSWORD`, token `server.ada_token`), user `bob`
  (`server.bob_token`), board `team` (ada a member). `server.url`, `server.stop()`,
  `server.start()` (same port and data: a restart), `server.command("board", "add", …)`.
- `pm_device`: the real `pm` CLI as another device of ada's, its remote set to board `team`:
  `pm_device.add("Title", "--deadline", "tomorrow")`, `.sync()`, `.cards()`, `.pm(…)`.
- `browser`: one headless chromium for the session; `context`/`page`: a fresh browser context
  (no cookies) and page per test, on `server.url`.
- `signed_in_page`: `page` signed in as ada through the sign-in form (on the boards list, `/`);
  `board_page`: the same page opened on `/boards/team`.

Run: `scripts/test` (or `.venv-test/bin/pytest Tests/browser` once `swift build` has made the
binaries; `PM_BIN_DIR` names another folder of them)."""

import os
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

from harness import PASSWORD, Device, Server, bin_dir

CHROMIUM = os.environ.get("PM_TEST_CHROMIUM", "/usr/bin/chromium")


@pytest.fixture(scope="session")
def binaries() -> Path:
    return bin_dir()


@pytest.fixture
def server(tmp_path, binaries):
    server = Server(tmp_path / "server", binaries)
    server.folder.mkdir()
    server.populate()
    server.start()
    yield server
    server.stop()


@pytest.fixture
def pm_device(tmp_path, binaries, server):
    folder = tmp_path / "device"
    folder.mkdir()
    return Device(folder, binaries, server)


@pytest.fixture(scope="session")
def playwright_instance():
    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="session")
def browser(playwright_instance):
    browser = playwright_instance.chromium.launch(executable_path=CHROMIUM, headless=True)
    yield browser
    browser.close()


@pytest.fixture
def context(browser, server):
    context = browser.new_context(base_url=server.url, locale="en-US", timezone_id="UTC")
    yield context
    context.close()


@pytest.fixture
def page(context):
    return context.new_page()


def sign_in(page, user: str, secret: str, path: str = "/"):
    """Signs in through the form on `path` (the sign-in page) and waits for the next page."""
    page.goto(path)
    page.get_by_label("User name").fill(user)
    page.get_by_label("Password or token").fill(secret)
    with page.expect_navigation():
        page.get_by_role("button", name="Sign in").click()


@pytest.fixture
def signed_in_page(page, server):
    sign_in(page, "ada", PASSWORD if server.has_passwords else server.ada_token)
    return page


@pytest.fixture
def board_page(signed_in_page):
    signed_in_page.goto("/boards/team")
    return signed_in_page
