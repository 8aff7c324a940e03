"""Deadline notifications from the web board, in Chromium against a real `pm-server`: the help
panel's "Notify me of deadlines" switch subscribes this browser and the server stores the
subscription (a card due today then reaches the push service, once), turning it off or signing out
removes it, and a tapped notification's address (`#card=ID`) or the service worker's message opens
the card's details.

Headless Chromium cannot reach a real push service offline, so an init script stands in for its
`PushManager`: `subscribe` answers a subscription made by the tests' own push service
(Tests/PMWebPushTests/PushService/push_service.py: real P-256 keys, and it checks the VAPID token
and decrypts each message as a browser would). Everything else is the real page, service worker,
server and `pm-server remind --once`."""

import base64
import json
import os
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from board_helpers import card, open_board, wait_synced
from conftest import sign_in
from harness import PASSWORD

PUSH_SERVICE = Path(__file__).resolve().parents[1] / "PMWebPushTests" / "PushService" / "push_service.py"
SWITCH = "Notify me of deadlines"

# The browser's PushManager, replaced: its subscription is the push service's (OFFER), kept in
# localStorage so a reload finds it, and every call is logged there for the test to read.
FAKE_PUSH = """
(() => {
  if (typeof PushManager === "undefined") return;
  const OFFER = %s;
  const read = () => JSON.parse(localStorage.getItem("test.push") ?? "null");
  const log = (entry) => {
    const list = JSON.parse(localStorage.getItem("test.pushLog") ?? "[]");
    list.push(entry);
    localStorage.setItem("test.pushLog", JSON.stringify(list));
  };
  const made = (held) => held && {
    endpoint: held.endpoint,
    expirationTime: null,
    options: { userVisibleOnly: true, applicationServerKey: Uint8Array.from(held.key).buffer },
    toJSON: () => ({ endpoint: held.endpoint, expirationTime: null, keys: held.keys }),
    unsubscribe: async () => {
      log({ call: "unsubscribe", endpoint: held.endpoint });
      localStorage.removeItem("test.push");
      return true;
    },
  };
  PushManager.prototype.getSubscription = async function () { return made(read()); };
  PushManager.prototype.subscribe = async function (options) {
    const key = Array.from(new Uint8Array(options.applicationServerKey));
    log({ call: "subscribe", userVisibleOnly: options.userVisibleOnly, key });
    const held = { endpoint: OFFER.endpoint, keys: OFFER.keys, key };
    localStorage.setItem("test.push", JSON.stringify(held));
    return made(held);
  };
})();
"""


class PushService:
    """The tests' push service (a real process): subscriptions it makes, messages it received."""

    def __init__(self):
        python = os.environ.get("PM_TEST_PYTHON", sys.executable)
        self.process = subprocess.Popen([python, str(PUSH_SERVICE)], stdout=subprocess.PIPE, text=True)
        self.url = f"http://127.0.0.1:{self.process.stdout.readline().strip()}"

    def _call(self, method: str, path: str, body=None):
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.url + path, data=data, method=method)
        with urllib.request.urlopen(request, timeout=10) as answer:
            return json.loads(answer.read())

    def subscription(self) -> dict:
        """A new subscription, as a browser's push service makes one: {id, endpoint, keys}."""
        return self._call("POST", "/subscriptions", {"answers": [201]})

    def received(self) -> list:
        return self._call("GET", "/received")

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)


@pytest.fixture
def push_service():
    service = PushService()
    yield service
    service.stop()


@pytest.fixture(autouse=True)
def http_push_endpoints(monkeypatch):
    """The server takes the tests' push service's http endpoints (real ones are https only)."""
    monkeypatch.setenv("PM_SERVER_PUSH_ENDPOINT_SCHEMES", "https,http")


@pytest.fixture
def offer(push_service) -> dict:
    return push_service.subscription()


@pytest.fixture
def notify_page(context, server, offer) -> Page:
    """Ada's board `team` in a browser allowed to notify, whose PushManager answers `offer`."""
    context.add_init_script(FAKE_PUSH % json.dumps(offer))
    context.grant_permissions(["notifications"], origin=server.url)
    page = context.new_page()
    sign_in(page, "ada", PASSWORD if server.has_passwords else server.ada_token)
    open_board(page, server.url)
    wait_synced(page)
    return page


def api(server, method: str, path: str) -> int:
    """The status of `METHOD path` asked with ada's token."""
    request = urllib.request.Request(server.url + path, method=method,
                                     headers={"Authorization": f"Bearer {server.ada_token}"})
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status
    except urllib.error.HTTPError as error:
        return error.code


def stored(server, endpoint: str) -> bool:
    """Whether the server holds ada's subscription of `endpoint` to `team`. Asked by deleting it
    (a 204 took it away, a 404 found none): only for the end of a test."""
    query = urllib.parse.urlencode({"endpoint": endpoint})
    status = api(server, "DELETE", f"/v1/boards/team/push/subscriptions?{query}")
    assert status in (204, 404), status
    return status == 204


def push_log(page: Page) -> list:
    return page.evaluate("() => JSON.parse(localStorage.getItem('test.pushLog') ?? '[]')")


def switch(page: Page):
    """Opens the help panel and answers the switch."""
    if not page.locator("#help-dialog").is_visible():
        page.locator("#show-help").click()
    return page.get_by_role("switch", name=SWITCH)


def remind_at(server, when: datetime) -> str:
    """Runs `pm-server remind --once` with the server's time pinned to `when`."""
    os.environ["PM_NOW"] = when.strftime("%Y-%m-%dT%H:%M:%SZ")
    try:
        return server.command("remind", "--once", "--push-endpoint-schemes", "https,http")
    finally:
        del os.environ["PM_NOW"]


def due_time(deadline: str) -> datetime:
    """A moment of `deadline`'s day (UTC, the browser's zone) past 09:00 and within hours of now,
    so the push service, which checks the VAPID token's expiry against its own clock, takes it."""
    now = datetime.now(timezone.utc)
    day = datetime.fromisoformat(deadline).replace(tzinfo=timezone.utc)
    return max(now, day + timedelta(hours=9, minutes=1))


def messages_for(push_service, offer: dict, wait_s: float = 10) -> list:
    """The messages the push service received for `offer`, once at least one came (or none)."""
    deadline = time.monotonic() + wait_s
    while True:
        found = [message for message in push_service.received() if message["id"] == offer["id"]]
        if found or time.monotonic() > deadline:
            return found
        time.sleep(0.2)


def test_given_the_switch_turned_on_when_a_card_falls_due_then_one_push_names_it_and_off_removes_it(
    notify_page: Page, server, push_service, offer, pm_device
) -> None:
    page = notify_page
    # Given a card due today (today in UTC, the browser's zone), and the switch off on load
    pm_device.environment["TZ"] = "UTC"
    pm_device.add("보고서 제출", "--deadline", "today", "--description", "to the board")
    today = pm_device.cards()[0]["deadline"]
    notify = switch(page)
    expect(page.locator("#notify-status")).to_have_attribute("data-notify", "off")
    expect(notify).not_to_be_checked()
    assert push_log(page) == []

    # When ada turns it on
    notify.click()

    # Then the browser subscribed with the server's key and the server stored the subscription
    expect(page.locator("#notify-status")).to_have_attribute("data-notify", "on")
    expect(notify).to_be_checked()
    expect(page.locator("#notify-status")).to_contain_text("On: this browser shows a notification")
    key = json.loads(page.request.get("/v1/push/key").text())["publicKey"]
    subscribed = [entry for entry in push_log(page) if entry["call"] == "subscribe"]
    assert len(subscribed) == 1
    assert subscribed[0]["userVisibleOnly"] is True
    assert bytes(subscribed[0]["key"]) == base64.urlsafe_b64decode(key + "=" * (-len(key) % 4))
    # and the card falling due reaches the push service once, encrypted for this browser, naming it
    remind_at(server, due_time(today))
    assert messages_for(push_service, offer)
    time.sleep(1)  # (serve sends every minute too: a second message would show by now)
    received = [message for message in push_service.received() if message["id"] == offer["id"]]
    assert len(received) == 1, received
    assert received[0]["problems"] == []
    notice = json.loads(received[0]["payload"])
    assert notice["title"] == "보고서 제출"
    assert notice["body"].startswith("Due today · TODO")
    assert notice["url"] == f"/boards/team#card={pm_device.cards()[0]['id']}"

    # And a reload shows the switch on
    page.reload()
    page.wait_for_selector("body[data-ready=true]")
    expect(switch(page)).to_be_checked()

    # When ada turns it off
    switch(page).click()

    # Then the browser's subscription ended and the server no longer has it: a second card due
    # today reaches nobody
    expect(page.locator("#notify-status")).to_have_attribute("data-notify", "off")
    expect(switch(page)).not_to_be_checked()
    assert [entry["call"] for entry in push_log(page)] == ["subscribe", "unsubscribe"]
    pm_device.add("Second card", "--deadline", "today")
    remind_at(server, due_time(today))
    assert len([message for message in push_service.received() if message["id"] == offer["id"]]) == 1
    assert not stored(server, offer["endpoint"])


def test_given_notifications_on_when_signing_out_then_the_subscription_is_gone_from_browser_and_server(
    notify_page: Page, server, offer
) -> None:
    page = notify_page
    switch(page).click()
    expect(page.locator("#notify-status")).to_have_attribute("data-notify", "on")
    page.locator("#help-close").click()

    with page.expect_navigation():
        page.get_by_role("button", name="Sign out").click()

    expect(page.get_by_label("User name")).to_be_visible()
    assert [entry["call"] for entry in push_log(page)] == ["subscribe", "unsubscribe"]
    assert page.evaluate("() => Object.keys(localStorage).filter(key => key.startsWith('pm.notify:'))") == []
    assert not stored(server, offer["endpoint"])


def test_given_the_server_refusing_when_turned_on_then_the_switch_stays_off_and_says_why(
    notify_page: Page, server, offer
) -> None:
    page = notify_page
    page.route("**/push/subscriptions", lambda route: route.fulfill(
        status=503, content_type="application/json",
        body=json.dumps({"error": {"code": "unavailable", "message": "the database is busy"}})))

    switch(page).click()

    expect(page.locator("#notify-status")).to_have_text(
        "Notifications could not be turned on: the server said the database is busy. Try again later.")
    expect(switch(page)).not_to_be_checked()
    expect(switch(page)).to_be_enabled()
    assert [entry["call"] for entry in push_log(page)] == ["subscribe", "unsubscribe"]
    assert not stored(server, offer["endpoint"])


def test_given_a_notification_tapped_when_the_board_opens_at_its_card_then_the_details_show(
    signed_in_page: Page, server, pm_device
) -> None:
    page = signed_in_page
    pm_device.add("Tapped card", "--deadline", "tomorrow", "--description", "opened from a notification")
    ident = next(project["id"] for project in pm_device.cards() if project["title"] == "Tapped card")

    page.goto(f"{server.url}/boards/team#card={ident}")

    expect(page.locator("#detail-dialog")).to_be_visible()
    expect(page.locator("#detail-title")).to_have_text("Tapped card")
    expect(page.locator("#detail-description")).to_have_text("opened from a notification")
    # The address loses the card: a reload does not open it again
    assert page.evaluate("() => location.hash") == ""
    page.reload()
    page.wait_for_selector("body[data-ready=true]")
    expect(card(page, "Tapped card")).to_be_visible()
    expect(page.locator("#detail-dialog")).to_be_hidden()


def test_given_an_open_board_when_the_service_worker_names_a_card_then_its_details_show(
    signed_in_page: Page, server, pm_device
) -> None:
    page = signed_in_page
    pm_device.add("Named by the worker", "--deadline", "tomorrow")
    ident = next(project["id"] for project in pm_device.cards() if project["title"] == "Named by the worker")
    open_board(page, server.url)
    expect(card(page, "Named by the worker")).to_be_visible()
    page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
    worker = next(worker for worker in page.context.service_workers if worker.url.endswith("/sw.js"))

    # As sw.js's notificationclick does for a window already on the board
    worker.evaluate(
        """(card) => self.clients.matchAll({ type: "window", includeUncontrolled: true })
            .then((windows) => windows.forEach((client) => client.postMessage({ type: "openCard", card })))""",
        ident,
    )

    expect(page.locator("#detail-dialog")).to_be_visible()
    expect(page.locator("#detail-title")).to_have_text("Named by the worker")
