"""The web board over the server's own HTTPS (`pm-server serve --tls-certificate … --tls-key …`,
with `pm-server tls init`'s private CA): signing in sets a `Secure` session cookie, and a card a
`pm` device adds (trusting the CA with `--ca-file`) appears on the open board through the live
WebSocket over wss. Chromium is told to accept the private CA's certificate
(`ignore_https_errors`), as a device that installed `ca.pem` would."""

import caldav
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


def test_given_the_server_on_https_when_a_caldav_client_trusting_the_ca_uses_it_then_it_lists_and_creates_tasks(
    https_server, tmp_path, binaries
) -> None:
    # Given a card added by a pm device over https
    device_folder = tmp_path / "device"
    device_folder.mkdir()
    device = Device(device_folder, binaries, https_server)
    device.add("달력 카드")

    # When python's caldav client, trusting the private CA, lists the board's tasks and saves one
    secret = PASSWORD if https_server.has_passwords else https_server.ada_token
    client = caldav.DAVClient(url=https_server.url, username="ada", password=secret,
                              ssl_verify_cert=str(https_server.ca_file))
    calendars = client.principal().calendars()
    summaries = {todo.icalendar_component["summary"] for todo in calendars[0].todos()}
    calendars[0].save_todo(summary="From CalDAV over https")

    # Then it saw the card, and the card it saved reaches the device
    assert "달력 카드" in summaries
    device.sync()
    assert "From CalDAV over https" in {project["title"] for project in device.cards()}


def test_given_the_server_on_https_when_a_caldav_client_does_not_trust_the_ca_then_it_is_refused(
    https_server,
) -> None:
    client = caldav.DAVClient(url=https_server.url, username="ada", password="irrelevant")
    with pytest.raises(Exception, match="(?i)certificate"):
        client.principal()
