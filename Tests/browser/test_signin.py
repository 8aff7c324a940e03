"""Signing in and out of the web board in a real browser."""

import re

import pytest
from axe_playwright_python.sync_playwright import Axe

from conftest import sign_in
from harness import PASSWORD


def session_cookie(page):
    return next((cookie for cookie in page.context.cookies() if cookie["name"] == "pm_session"), None)


def test_ada_signs_in_with_her_password_and_sees_her_boards(page, server):
    if not server.has_passwords:
        pytest.skip("this pm-server has no `user password` command (passwords come with the accounts branch)")
    sign_in(page, "ada", PASSWORD)
    assert page.url == server.url + "/"
    assert page.get_by_role("link", name="team").is_visible()
    cookie = session_cookie(page)
    assert cookie["httpOnly"] and cookie["sameSite"] == "Strict" and cookie["path"] == "/"


def test_ada_signs_in_with_a_token_and_is_taken_to_the_page_she_asked_for(page, server):
    page.goto("/boards/team")
    # Signed out, the board sends her to sign in first, and back afterwards
    assert page.url == server.url + "/?next=/boards/team"
    page.get_by_label("User name").fill("ada")
    page.get_by_label("Password or token").fill(server.ada_token)
    with page.expect_navigation():
        page.get_by_role("button", name="Sign in").click()
    assert page.url == server.url + "/boards/team"
    assert session_cookie(page) is not None
    # A script on the page cannot read the session
    assert "pm_session" not in page.evaluate("document.cookie")


def test_a_wrong_password_is_refused_with_a_message_and_no_session(page, server):
    page.goto("/")
    page.get_by_label("User name").fill("ada")
    page.get_by_label("Password or token").fill("not her password")
    with page.expect_navigation() as navigation:
        page.get_by_role("button", name="Sign in").click()
    assert navigation.value.status == 401
    assert page.get_by_role("alert").inner_text() == "Wrong user name, password or token."
    assert page.get_by_label("User name").input_value() == "ada"
    assert session_cookie(page) is None


def test_signing_out_ends_the_session(signed_in_page, server):
    page = signed_in_page
    with page.expect_navigation():
        page.get_by_role("button", name="Sign out").click()
    assert page.get_by_role("button", name="Sign in").is_visible()
    assert session_cookie(page) is None
    assert page.request.get(server.url + "/v1/session").status == 401


def test_five_failed_sign_ins_make_the_sixth_wait_even_with_the_right_secret(page, server):
    for _ in range(5):
        sign_in(page, "ada", "not her password")
    page.goto("/")
    page.get_by_label("User name").fill("ada")
    page.get_by_label("Password or token").fill(server.ada_token)
    with page.expect_navigation() as navigation:
        page.get_by_role("button", name="Sign in").click()
    assert navigation.value.status == 429
    assert int(navigation.value.headers["retry-after"]) > 0
    assert re.search(r"Too many failed sign-ins .* Try again in \d+ seconds\.", page.get_by_role("alert").inner_text())
    assert session_cookie(page) is None


def test_the_sign_in_page_has_no_serious_accessibility_violation(page):
    page.goto("/")
    results = Axe().run(page)
    serious = [v["id"] for v in results.response["violations"] if v.get("impact") in ("serious", "critical")]
    assert serious == [], results.generate_report()


def test_a_session_survives_a_server_restart(signed_in_page, server):
    server.stop()
    server.start()
    answer = signed_in_page.request.get(server.url + "/v1/session")
    assert answer.status == 200
    assert answer.json() == {"user": "ada", "boards": ["team"]}
