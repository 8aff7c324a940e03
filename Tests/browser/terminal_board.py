"""The real `pm board` on a pseudo-terminal of 100×30, as a person runs it: what it draws is
read back as text (escape sequences removed), so a test can wait for words on its screen."""

import fcntl
import os
import re
import select
import signal
import struct
import subprocess
import termios
import time

ESCAPES = re.compile(rb"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Za-z0-9]|\x1b[=>]")


class TerminalBoard:
    def __init__(self, device):
        self.output = b""
        main, child = os.openpty()
        fcntl.ioctl(child, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
        self.main = main
        self.process = subprocess.Popen(
            [str(device.binaries / "pm"), "board", "--database", str(device.database)],
            stdin=child, stdout=child, stderr=child, close_fds=True, start_new_session=True,
            env={**device.environment, "TERM": "xterm-256color"})
        os.close(child)

    def text(self) -> str:
        """Everything drawn so far, without escape sequences."""
        return ESCAPES.sub(b"", self.output).decode("utf-8", errors="replace")

    def wait_for(self, words: str, timeout: float) -> float:
        """Waits until `words` are on the screen; answers how long that took."""
        started = time.monotonic()
        while time.monotonic() - started < timeout:
            ready, _, _ = select.select([self.main], [], [], 0.1)
            if ready:
                try:
                    self.output += os.read(self.main, 65536)
                except OSError:
                    break
            if words in self.text():
                return time.monotonic() - started
        raise AssertionError(f"pm board did not show {words!r} within {timeout} s; it shows:\n{self.text()[-2000:]}")

    def stop(self):
        if self.process.poll() is None:
            os.write(self.main, b"q")
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
        os.close(self.main)
