"""The browser tests' world: a real `pm-server serve` on a temporary SQLite file and a free
port, its users and board made with the real `pm-server` commands, and the real `pm` CLI as
another device. The binaries are the ones `swift build` made (`PM_BIN_DIR` overrides)."""

import json
import os
import re
import shutil
import signal
import socket
import ssl
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[2]
PASSWORD = "correct horse"


def bin_dir() -> Path:
    """Where `pm` and `pm-server` are: `$PM_BIN_DIR`, else `swift build --show-bin-path`."""
    given = os.environ.get("PM_BIN_DIR")
    if given:
        return Path(given)
    scratch = os.environ.get("SWIFT_SCRATCH")
    command = ["swift", "build", "--show-bin-path"] + (["--scratch-path", scratch] if scratch else [])
    path = subprocess.run(command, cwd=REPOSITORY, check=True, capture_output=True, text=True).stdout.strip()
    return Path(path)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Server:
    """One `pm-server serve` on `database`, stopped and started again on the same port and file
    (to test what a restart keeps), with user `ada` (password `correct horse` and a token),
    user `bob` (a token) and board `team` (ada a member)."""

    def __init__(self, folder: Path, binaries: Path, tls: bool = False):
        self.folder = folder
        self.binaries = binaries
        self.database = folder / "pm-server.sqlite"
        self.port = free_port()
        # With `tls`, `start` serves HTTPS with a certificate of `pm-server tls init`'s private
        # CA, whose certificate is `ca_file`.
        self.tls = tls
        self.ca_file = folder / "tls" / "ca.pem" if tls else None
        self.url = f"{'https' if tls else 'http'}://127.0.0.1:{self.port}"
        self.process = None
        self.log = folder / "server.log"
        self.output = ""
        self.ada_token = ""
        self.bob_token = ""
        # Whether this pm-server sets passwords (`pm-server user password`).
        self.has_passwords = False

    def command(self, *arguments: str, stdin: str | None = None) -> str:
        """Runs `pm-server ARGUMENTS --database FILE` and answers its standard output."""
        result = subprocess.run(
            [str(self.binaries / "pm-server"), *arguments, "--database", str(self.database)],
            input=stdin, capture_output=True, text=True, timeout=60)
        if result.returncode != 0:
            raise RuntimeError(f"pm-server {' '.join(arguments)} failed: {result.stderr}")
        return result.stdout

    def populate(self):
        self.ada_token = self.command("user", "add", "ada").strip()
        self.bob_token = self.command("user", "add", "bob").strip()
        try:
            self.command("user", "password", "ada", stdin=PASSWORD + "\n")
            self.has_passwords = True
        except RuntimeError:
            self.has_passwords = False
        self.command("board", "add", "team", "--member", "ada")

    def supports_passwords(self) -> bool:
        """Whether this pm-server has `user password` (passwords arrive with the accounts work)."""
        result = subprocess.run([str(self.binaries / "pm-server"), "user", "--help"],
                                capture_output=True, text=True, timeout=60)
        return re.search(r"^\s+password\b", result.stdout, re.MULTILINE) is not None

    def start(self):
        """Starts serving and waits until `/health` answers."""
        log = open(self.log, "a")
        tls_options = []
        context = None
        if self.tls:
            tls = self.folder / "tls"
            if not self.ca_file.exists():
                subprocess.run([str(self.binaries / "pm-server"), "tls", "init", "--host", "127.0.0.1",
                                "--folder", str(tls)], check=True, capture_output=True, timeout=60)
            tls_options = ["--tls-certificate", str(tls / "server.pem"), "--tls-key", str(tls / "server-key.pem")]
            context = ssl.create_default_context(cafile=str(self.ca_file))
        self.process = subprocess.Popen(
            [str(self.binaries / "pm-server"), "serve", "--host", "127.0.0.1", "--port", str(self.port),
             "--database", str(self.database), "--log-level", "warning", *tls_options],
            stdout=subprocess.PIPE, stderr=log, text=True)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"pm-server exited: {self.log.read_text()}")
            try:
                with urllib.request.urlopen(self.url + "/health", timeout=1, context=context) as answer:
                    if answer.status == 200:
                        return
            except (urllib.error.URLError, ConnectionError, OSError):
                time.sleep(0.05)
        raise RuntimeError("pm-server did not answer /health within 30 s")

    def first_line(self) -> str:
        """The first line the server printed on standard output (the first-run link, when it
        started with no user); it is printed before the server answers, so it is there once
        ``start`` returns."""
        return self.process.stdout.readline()

    def stop(self):
        """Stops the server (SIGTERM, as a person's Ctrl-C would) and waits for it."""
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None


class Device:
    """The real `pm` CLI on a database of its own: another device of ada's, syncing with board
    `team` on the server with ada's token."""

    def __init__(self, folder: Path, binaries: Path, server: Server):
        self.binaries = binaries
        self.database = folder / "device.sqlite"
        self.environment = {**os.environ, "HOME": str(folder), "XDG_DATA_HOME": str(folder / "data"),
                            "TZ": os.environ.get("TZ", "UTC"), "NO_COLOR": "1"}
        trust = ["--ca-file", str(server.ca_file)] if server.ca_file else []
        self.pm("remote", "set", server.url, "--board", "team", "--token", "-", *trust,
                stdin=server.ada_token + "\n")

    def pm(self, *arguments: str, stdin: str | None = None, check: bool = True) -> subprocess.CompletedProcess:
        """Runs `pm ARGUMENTS --database FILE`."""
        result = subprocess.run(
            [str(self.binaries / "pm"), *arguments, "--database", str(self.database)],
            input=stdin, capture_output=True, text=True, timeout=60, env=self.environment)
        if check and result.returncode != 0:
            raise RuntimeError(f"pm {' '.join(arguments)} failed ({result.returncode}): {result.stderr}")
        return result

    def add(self, title: str, *options: str) -> str:
        """Adds a card (pushed at once while the server is up) and answers `pm add`'s output."""
        return self.pm("add", title, *options).stdout

    def sync(self):
        self.pm("sync")

    def cards(self) -> list:
        """Every card this device holds, as `pm list --json` prints them."""
        return json.loads(self.pm("list", "--json").stdout)
