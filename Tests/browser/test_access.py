"""Who may open and write what, through the browser: the board page and the sync API with the
session cookie."""

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

