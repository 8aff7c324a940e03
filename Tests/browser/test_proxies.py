"""pm-server behind Debian's nginx and Caddy, each with TLS, run from the configurations in
`deploy/` (see proxies.py): through each proxy a `pm` device syncs (trusting the private CA with
`--ca-file`), the web board in chromium signs in, shows a change from `pm` live over the
proxied WebSocket and pushes one that `pm` then pulls, and python's `caldav` client lists and
creates a task. Behind an nginx that drops the WebSocket upgrade, the board says "live updates
blocked — checking every 10 s" and still shows a change from `pm` by polling."""

import subprocess
import types

import caldav
import pytest
from playwright.sync_api import expect

from board_helpers import add_card, card, wait_synced
from conftest import sign_in
from harness import PASSWORD, Device, Server
from proxies import Proxy
from terminal_board import TerminalBoard


@pytest.fixture
def backend(tmp_path, binaries):
    """A plain-http pm-server on loopback, as behind a proxy, and the private CA's files."""
    server = Server(tmp_path / "server", binaries)
    server.folder.mkdir()
    server.populate()
    server.start()
    tls = tmp_path / "tls"
    subprocess.run([str(binaries / "pm-server"), "tls", "init", "--host", "127.0.0.1", "--host", "localhost",
                    "--folder", str(tls)],
                   check=True, capture_output=True, timeout=60)
    yield server, tls
    server.stop()


def proxied(kind: str, tmp_path, backend, without_upgrade: bool = False) -> tuple[Proxy, types.SimpleNamespace]:
    """Starts `kind` in front of the backend; answers it and the server as devices reach it."""
    server, tls = backend
    proxy = Proxy(kind, tmp_path / kind, tls, server.port, without_upgrade=without_upgrade)
    proxy.start()
    through = types.SimpleNamespace(url=proxy.url, ca_file=tls / "ca.pem", ada_token=server.ada_token)
    return proxy, through


def device(tmp_path, binaries, through, name: str) -> Device:
    folder = tmp_path / name
    folder.mkdir()
    return Device(folder, binaries, through)


def secret(server) -> str:
    return PASSWORD if server.has_passwords else server.ada_token


@pytest.mark.parametrize("kind", ["nginx", "caddy"])
def test_given_pm_server_behind_the_shipped_proxy_config_when_pm_the_board_and_caldav_use_it_then_all_work_live(
    kind, tmp_path, binaries, backend, browser
) -> None:
    server, tls = backend
    proxy, through = proxied(kind, tmp_path, backend)
    try:
        # A pm device syncs through the proxy, trusting the private CA.
        phone = device(tmp_path, binaries, through, "phone")
        phone.add("프록시 카드", "--description", f"through {kind}")
        laptop = device(tmp_path, binaries, through, "laptop")
        laptop.sync()
        assert "프록시 카드" in {project["title"] for project in laptop.cards()}

        # pm board follows the board live through the proxy: a change from the phone shows at
        # once (well under the 10 s a blocked board would wait).
        terminal = TerminalBoard(laptop)
        try:
            terminal.wait_for("● synced", timeout=15)
            phone.add("Live to the terminal")
            assert terminal.wait_for("Live to the terminal", timeout=5) < 5
        finally:
            terminal.stop()

        # The board signs in through the proxy: the cookie is Secure (X-Forwarded-Proto) and the
        # writes' Origin matches the Host the proxy passed on.
        context = browser.new_context(base_url=proxy.url, locale="en-US", timezone_id="UTC",
                                      ignore_https_errors=True)
        page = context.new_page()
        sign_in(page, "ada", secret(server))
        cookies = {cookie["name"]: cookie for cookie in context.cookies()}
        assert cookies["pm_session"]["secure"] is True
        page.goto("/boards/team")
        wait_synced(page)
        expect(card(page, "프록시 카드", "todo")).to_be_visible()

        # A change from pm arrives live over the proxied WebSocket (well under the 10 s poll).
        phone.add("Live through the proxy")
        expect(card(page, "Live through the proxy", "todo")).to_be_visible(timeout=3000)
        expect(page.locator("#network")).to_have_text("online")

        # A change made on the board reaches pm.
        add_card(page, "From the browser")
        wait_synced(page)
        laptop.sync()
        assert "From the browser" in {project["title"] for project in laptop.cards()}
        context.close()

        # python's caldav client lists the board's tasks and creates one through the proxy.
        client = caldav.DAVClient(url=proxy.url, username="ada", password=secret(server),
                                  ssl_verify_cert=str(tls / "ca.pem"))
        calendars = client.principal().calendars()
        assert len(calendars) == 1
        summaries = {todo.icalendar_component["summary"] for todo in calendars[0].todos()}
        assert {"프록시 카드", "From the browser"} <= summaries
        calendars[0].save_todo(summary="From CalDAV")
        laptop.sync()
        assert "From CalDAV" in {project["title"] for project in laptop.cards()}
    finally:
        proxy.stop()


def test_given_an_nginx_that_drops_the_websocket_upgrade_when_pm_adds_a_card_then_the_board_says_live_is_blocked_and_still_shows_it(
    tmp_path, binaries, backend, browser
) -> None:
    server, _ = backend
    proxy, through = proxied("nginx", tmp_path, backend, without_upgrade=True)
    try:
        phone = device(tmp_path, binaries, through, "phone")
        context = browser.new_context(base_url=proxy.url, locale="en-US", timezone_id="UTC",
                                      ignore_https_errors=True)
        page = context.new_page()
        sign_in(page, "ada", secret(server))
        terminal = TerminalBoard(device(tmp_path, binaries, through, "laptop"))
        page.goto("/boards/team")
        network = page.locator("#network")
        expect(network).to_have_text("live updates blocked — checking every 10 s", timeout=10_000)

        # Not quiet: the board's next check (within 10 s) shows a change pm pushed.
        phone.add("카드 without live")
        expect(card(page, "카드 without live", "todo")).to_be_visible(timeout=15_000)
        expect(network).to_have_text("live updates blocked — checking every 10 s")
        context.close()

        # pm board says the same in its footer and shows the card by its own checks.
        try:
            terminal.wait_for("live updates blocked — checking every 10 s", timeout=15)
            terminal.wait_for("카드 without live", timeout=15)
        finally:
            terminal.stop()
    finally:
        proxy.stop()
