"""Fixtures of the WebKit tests: the web board in Safari's engine (WebKitGTK's MiniBrowser,
started by Debian's `WebKitWebDriver` in automation mode), driven by the W3C WebDriver client in
`webdriver.py`, against the same real `pm-server` and `pm` device as the Chromium tests (the
`Server` and `Device` of `Tests/browser/harness.py`).

- `webkit`: one WebKitWebDriver for the session; `browser`: a fresh MiniBrowser per test (its
  storage is kept in memory: it survives reloads, not the session).
- `board`: that browser signed in as ada through the form and on `/boards/team`, drawn.

Run under an X server and a D-Bus session of its own:
`dbus-run-session --config-file=Tests/webkit/session-bus.conf -- xvfb-run -a \
.venv-test/bin/pytest Tests/webkit` (scripts/test does)."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "browser"))

from harness import PASSWORD, Device, Server, bin_dir  # noqa: E402
from webdriver import Driver  # noqa: E402


@pytest.fixture(scope="session")
def webkit():
    driver = Driver()
    yield driver
    driver.stop()


@pytest.fixture
def server(tmp_path):
    server = Server(tmp_path / "server", bin_dir())
    server.folder.mkdir()
    server.populate()
    server.start()
    yield server
    server.stop()


@pytest.fixture
def pm_device(tmp_path, server):
    (tmp_path / "device").mkdir()
    return Device(tmp_path / "device", bin_dir(), server)


@pytest.fixture
def browser(webkit):
    session = webkit.session()
    yield session
    session.close()


def sign_in(browser, server, user: str = "ada", secret: str = PASSWORD):
    browser.get(server.url + "/")
    browser.find("input[name=user]").type(user)
    browser.find("input[name=secret]").type(secret)
    browser.find("button[type=submit]").click()
    # The sign-in form and the boards list share the address "/": only the list has a Sign out
    # form, so waiting for the address alone let the next step cut the sign-in short.
    browser.wait(
        "the boards list",
        lambda: browser.url == server.url + "/"
        and browser.execute("return document.querySelector('form[action=\"/signout\"]') !== null"),
    )


@pytest.fixture
def board(browser, server):
    sign_in(browser, server)
    browser.get(server.url + "/boards/team")
    browser.wait("the board drawn", lambda: browser.execute("return document.body.dataset.ready === 'true'"))
    return browser
