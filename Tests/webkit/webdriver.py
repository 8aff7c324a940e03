"""A small W3C WebDriver client (python's standard library only) for WebKitGTK's WebKitWebDriver,
which starts the MiniBrowser in automation mode: Safari's engine. Enough for the board's core
tests: navigate, find, click, type, pointer drags, scripts, cookies and screenshots."""

import base64
import json
import os
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request

# What a W3C WebDriver calls an element in JSON.
ELEMENT = "element-6066-11e4-a52e-4f735466cecf"

KEYS = {"Enter": "\ue007", "Escape": "\ue00c", "Backspace": "\ue003", "Tab": "\ue004", "Control": "\ue009",
        "Shift": "\ue008", "ArrowDown": "\ue015", "ArrowUp": "\ue013", "ArrowLeft": "\ue012", "ArrowRight": "\ue014"}


class WebDriverError(Exception):
    pass


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Driver:
    """A running WebKitWebDriver; each `session()` is a fresh MiniBrowser (its storage in memory)."""

    def __init__(self, executable: str = "WebKitWebDriver"):
        self.executable = executable
        self._start()

    def _start(self):
        self.port = free_port()
        # MiniBrowser reads gtk/gtk-3.0/gtk.css: a window as narrow as a phone.
        gtk = os.path.join(os.path.dirname(os.path.abspath(__file__)), "gtk")
        # A process group of its own: stopping the driver stops the MiniBrowsers it started.
        self.process = subprocess.Popen(
            [self.executable, f"--port={self.port}"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            env={**os.environ, "XDG_CONFIG_HOME": gtk}, start_new_session=True)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    return
            except OSError:
                time.sleep(0.1)
        self.stop()
        raise WebDriverError("WebKitWebDriver did not start listening within 20 s")

    def request(self, method: str, path: str, body: dict | None = None, timeout: float = 60):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            f"http://127.0.0.1:{self.port}{path}", data=data, method=method,
            headers={"Content-Type": "application/json; charset=utf-8"})
        try:
            with urllib.request.urlopen(request, timeout=timeout) as answer:
                return json.loads(answer.read() or b"{}").get("value")
        except urllib.error.HTTPError as error:
            value = json.loads(error.read() or b"{}").get("value", {})
            raise WebDriverError(f"{method} {path}: {value.get('error')}: {value.get('message')}") from None

    def session(self, width: int = 1280, height: int = 900, dark: bool = False) -> "Session":
        """A fresh MiniBrowser; `dark`: in dark mode (the page's prefers-color-scheme is dark)."""
        # MiniBrowser's own options replace WebKitWebDriver's default, --automation, which stays.
        options = {"webkitgtk:browserOptions": {"args": ["--automation", "--dark-mode"]}} if dark else {}
        try:
            value = self.request("POST", "/session", {"capabilities": {"alwaysMatch": options}})
        except (TimeoutError, urllib.error.URLError):
            # Now and then a MiniBrowser never comes up (CI saw one in about twenty runs) and holds
            # its driver: both start afresh, once. The page under test has not been opened yet.
            self.stop()
            self._start()
            value = self.request("POST", "/session", {"capabilities": {"alwaysMatch": options}})
        session = Session(self, value["sessionId"])
        session.set_window(width, height)
        return session

    def stop(self):
        """Ends the driver and every MiniBrowser it started (its process group): asked, then made."""
        for sig, wait in ((signal.SIGTERM, 10), (signal.SIGKILL, None)):
            try:
                os.killpg(self.process.pid, sig)
                self.process.wait(timeout=wait)
            except (ProcessLookupError, subprocess.TimeoutExpired):
                pass


class Element:
    def __init__(self, session: "Session", reference: str):
        self.session = session
        self.reference = reference

    def _call(self, method: str, what: str, body: dict | None = None):
        return self.session.call(method, f"/element/{self.reference}/{what}", body)

    def click(self):
        self._call("POST", "click", {})

    def type(self, text: str):
        """Types `text` (Korean included) into the element, as keys; a newline is the Enter key, as a
        person types it (WebDriver itself drops a "\\n")."""
        self._call("POST", "value", {"text": text.replace("\n", KEYS["Enter"])})

    def clear(self):
        self._call("POST", "clear", {})

    @property
    def text(self) -> str:
        return self._call("GET", "text")

    def attribute(self, name: str):
        return self._call("GET", f"attribute/{name}")

    @property
    def rect(self) -> dict:
        return self._call("GET", "rect")

    def center(self) -> tuple[int, int]:
        rect = self.rect
        return int(rect["x"] + rect["width"] / 2), int(rect["y"] + rect["height"] / 2)

    def as_json(self) -> dict:
        return {ELEMENT: self.reference}


class Session:
    def __init__(self, driver: Driver, session_id: str):
        self.driver = driver
        self.id = session_id

    def call(self, method: str, path: str, body: dict | None = None):
        return self.driver.request(method, f"/session/{self.id}{path}", body)

    def set_window(self, width: int, height: int):
        self.call("POST", "/window/rect", {"width": width, "height": height})

    def get(self, url: str):
        self.call("POST", "/url", {"url": url})

    def reload(self):
        self.call("POST", "/refresh", {})

    @property
    def url(self) -> str:
        return self.call("GET", "/url")

    def find(self, css: str) -> Element:
        value = self.call("POST", "/element", {"using": "css selector", "value": css})
        return Element(self, value[ELEMENT])

    def execute(self, script: str, *arguments):
        """Runs `script` (a function body: `return …`) with `arguments` (Elements passed as such)."""
        value = self.call("POST", "/execute/sync", {"script": script, "args": [self._json(a) for a in arguments]})
        return self._python(value)

    def execute_async(self, script: str, *arguments):
        """Runs `script`, whose last argument is the callback to call with the result."""
        value = self.call("POST", "/execute/async", {"script": script, "args": [self._json(a) for a in arguments]})
        return self._python(value)

    def wait(self, what: str, condition, timeout: float = 10):
        """Polls `condition()` until it is truthy, and returns it; fails naming `what`."""
        deadline = time.monotonic() + timeout
        last = None
        while time.monotonic() < deadline:
            try:
                last = condition()
                if last:
                    return last
            except WebDriverError:
                last = None
            time.sleep(0.1)
        raise AssertionError(f"timed out after {timeout} s waiting for {what} (last: {last!r})")

    def keys(self, *keys: str):
        """Presses keys on whatever has focus (names from KEYS, or characters)."""
        actions = []
        for key in keys:
            code = KEYS.get(key, key)
            actions += [{"type": "keyDown", "value": code}, {"type": "keyUp", "value": code}]
        self.call("POST", "/actions", {"actions": [{"type": "key", "id": "keyboard", "actions": actions}]})

    def drag(self, source: Element, target: Element, steps: int = 12):
        """Presses the primary pointer on `source`, slides to the middle of `target` and lifts."""
        x, y = source.center()
        tx, ty = target.center()
        moves = [{"type": "pointerMove", "duration": 30, "x": int(x + (tx - x) * step / steps),
                  "y": int(y + (ty - y) * step / steps)} for step in range(1, steps + 1)]
        actions = ([{"type": "pointerMove", "duration": 0, "x": x, "y": y}, {"type": "pointerDown", "button": 0},
                    {"type": "pointerMove", "duration": 50, "x": x + 30, "y": y + 5}]
                   + moves + [{"type": "pointerUp", "button": 0}])
        self.call("POST", "/actions", {"actions": [
            {"type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"}, "actions": actions}]})
        self.call("DELETE", "/actions")

    def context_click(self, element: Element):
        x, y = element.center()
        self.call("POST", "/actions", {"actions": [{"type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"},
                                                    "actions": [{"type": "pointerMove", "duration": 0, "x": x, "y": y},
                                                                {"type": "pointerDown", "button": 2},
                                                                {"type": "pointerUp", "button": 2}]}]})
        self.call("DELETE", "/actions")

    def cookies(self) -> list[dict]:
        return self.call("GET", "/cookie")

    def screenshot(self, path: str):
        with open(path, "wb") as file:
            file.write(base64.b64decode(self.call("GET", "/screenshot")))

    def close(self):
        try:
            self.call("DELETE", "")
        except (WebDriverError, OSError):
            pass

    def _json(self, value):
        return value.as_json() if isinstance(value, Element) else value

    def _python(self, value):
        if isinstance(value, dict) and ELEMENT in value:
            return Element(self, value[ELEMENT])
        if isinstance(value, list):
            return [self._python(item) for item in value]
        return value


def have_webkit() -> bool:
    return bool(shutil_which("WebKitWebDriver")) and bool(os.environ.get("DISPLAY"))


def shutil_which(name: str):
    import shutil
    return shutil.which(name)
