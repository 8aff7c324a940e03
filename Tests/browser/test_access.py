"""Who may open and write what, through the browser: the board page and the sync API with the
session cookie."""

import base64
import http.client
import json

from conftest import sign_in

PUSH = {"operations": []}


def test_a_second_user_gets_not_found_for_a_board_not_theirs(page, server):
    sign_in(page, "bob", server.bob_token)
    assert page.get_by_text("You are not a member of any board yet.").is_visible()
    answer = page.goto("/boards/team")
    assert answer.status == 404
    assert page.get_by_role("heading", name="Not found").is_visible()
    assert page.request.get(server.url + "/v1/boards/team/operations?after=0").status == 404


def test_the_session_reads_and_writes_the_board_from_its_own_page(signed_in_page, server):
    page = signed_in_page
    session = page.evaluate("fetch('/v1/session').then(answer => answer.json())")
    assert session == {"user": "ada", "boards": ["team"]}
    status = page.evaluate(
        """body => fetch('/v1/boards/team/operations', {method: 'POST', body,
                         headers: {'Content-Type': 'application/json'}}).then(answer => answer.status)""",
        json.dumps(PUSH))
    assert status == 200
    opened = page.evaluate(
        """() => new Promise(resolve => {
            const socket = new WebSocket(`ws://${location.host}/v1/boards/team/live`)
            socket.onopen = () => { socket.close(); resolve('open') }
            socket.onerror = () => resolve('error')
        })""")
    assert opened == "open"


def test_a_push_without_a_session_is_refused(page, server):
    answer = page.request.post(server.url + "/v1/boards/team/operations", data=json.dumps(PUSH),
                               headers={"Content-Type": "application/json"})
    assert answer.status == 401


def test_a_push_with_the_session_but_a_foreign_origin_is_refused(signed_in_page, server):
    answer = signed_in_page.request.post(
        server.url + "/v1/boards/team/operations", data=json.dumps(PUSH),
        headers={"Content-Type": "application/json", "Origin": "https://evil.example"})
    assert answer.status == 403
    assert answer.json()["error"]["code"] == "foreignOrigin"



def test_the_session_pulls_what_another_device_of_ada_pushed(signed_in_page, server, pm_device):
    pm_device.add("Write the spec", "--deadline", "tomorrow")
    pm_device.sync()
    page = signed_in_page.request.get(server.url + "/v1/boards/team/operations?after=0").json()
    assert page["head"] >= 1
    assert "Write the spec" in json.dumps(page)
    assert [card["title"] for card in pm_device.cards()] == ["Write the spec"]


def upgrade_status(server, cookie: str, origin: str | None) -> int:
    """The status a WebSocket upgrade of `/live` gets with the session `cookie` and `origin`."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    connection.request("GET", "/v1/boards/team/live", headers={
        "Connection": "Upgrade", "Upgrade": "websocket", "Sec-WebSocket-Version": "13",
        "Sec-WebSocket-Key": base64.b64encode(b"0123456789abcdef").decode(), "Cookie": "pm_session=" + cookie,
        **({"Origin": origin} if origin else {})})
    status = connection.getresponse().status
    connection.close()
    return status


def test_a_websocket_upgrade_with_the_session_from_another_origin_is_refused(signed_in_page, server):
    cookie = next(c["value"] for c in signed_in_page.context.cookies() if c["name"] == "pm_session")
    # hummingbird-websocket answers every refused upgrade 400 (a stranger's without a token too);
    # the same request as plain HTTP is the 403 of the Origin rule (PMWebTests.SessionAccessTests).
    assert upgrade_status(server, cookie, "https://evil.example") == 400
    assert upgrade_status(server, cookie, None) == 400
    assert upgrade_status(server, cookie, server.url) == 101
