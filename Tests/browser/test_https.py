"""The web board over the server's own HTTPS (`pm-server serve --tls-certificate … --tls-key …`,
with `pm-server tls init`'s private CA): signing in sets a `Secure` session cookie, and a card a
`pm` device adds (trusting the CA with `--ca-file`) appears on the open board through the live
WebSocket over wss. Chromium is told to accept the private CA's certificate
(`ignore_https_errors`), as a device that installed `ca.pem` would."""

import pytest
from playwright.sync_api import expect

from board_helpers import card, wait_synced
from conftest import sign_in
from harness import PASSWORD, Device, Server


@pytest.fixture
def https_server(tmp_path, binaries):
    server = Server(tmp_path / "server", binaries, tls=True)
    server.folder.mkdir()
    server.populate()
    server.start()
    yield server
    server.stop()


@pytest.fixture
def https_page(browser, https_server):
    context = browser.new_context(
        base_url=https_server.url, locale="en-US", timezone_id="UTC", ignore_https_errors=True)
    yield context.new_page()
    context.close()


def test_given_the_server_on_https_when_ada_signs_in_then_the_cookie_is_secure_and_pm_changes_arrive_live(
    https_server, https_page, tmp_path, binaries
) -> None:
    page = https_page
    sign_in(page, "ada", PASSWORD if https_server.has_passwords else https_server.ada_token)
    cookies = {cookie["name"]: cookie for cookie in page.context.cookies()}
    assert cookies["pm_session"]["secure"] is True
    assert page.url.startswith("https://")

    page.goto("/boards/team")
    wait_synced(page)
    device_folder = tmp_path / "device"
    device_folder.mkdir()
    device = Device(device_folder, binaries, https_server)
    device.add("보안 카드", "--description", "over https")
    expect(card(page, "보안 카드", "todo")).to_be_visible(timeout=3000)
