"""What the Python scripts share (harness.sh is the bash side): a free port, a throwaway pm-server
with a user and boards that answers /health, a follower of a board's live WebSocket, and the
one percentile every published pNN figure is computed with. Python standard library only.

A script beside this folder imports it with

    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
    import harness
"""

import asyncio
import base64
import json
import os
import socket
import struct
import subprocess
import time
import urllib.parse
import urllib.request


def free_port(host="127.0.0.1"):
    """A TCP port nothing listens on now (the kernel's pick; it may be taken before it is used)."""
    with socket.socket() as probe:
        probe.bind((host, 0))
        return probe.getsockname()[1]


def percentile(values, p):
    """The nearest-rank p-th percentile (0 < p ≤ 100): the smallest value that at least p % of
    `values` do not exceed, the value at rank ⌈n·p/100⌉. Always one of the values measured, never
    an interpolation, so a p99 is a latency some request really had; p50 of an even count is the
    lower middle value. Raises ValueError on no values."""
    if not values:
        raise ValueError("no values to take a percentile of")
    if not 0 < p <= 100:
        raise ValueError("p must be above 0 and at most 100, not %r" % p)
    ordered = sorted(values)
    # The rank in integers, so that 99 % of 1,000 is rank 990 and not 991 by a rounding error.
    rank = max(1, -(-len(ordered) * p // 100))
    return ordered[int(rank) - 1]


def healthy(url, timeout=1):
    """Whether the pm-server at `url` answers GET /health with 200."""
    try:
        with urllib.request.urlopen(url + "/health", timeout=timeout) as answer:
            return answer.status == 200
    except OSError:
        return False


class ThrowawayServer:
    """A pm-server on a new SQLite file in `folder` (its log beside it), with `user`, their token
    and `boards` they are a member of, serving on a free port of `host` until stop(). The
    constructor returns once /health answers, and raises SystemExit if it never does."""

    def __init__(self, binary, folder, user, boards=(), host="127.0.0.1", log_level="warning", seconds=20):
        self.binary = binary
        self.user = user
        self.database = os.path.join(folder, "pm-server.sqlite")
        self.token = self.admin("user", "add", user).strip().splitlines()[-1]
        for board in boards:
            self.add_board(board)
        self.port = free_port(host)
        self.url = "http://%s:%d" % (host, self.port)
        self.log_path = os.path.join(folder, "pm-server.log")
        self.log = open(self.log_path, "w")
        self.process = subprocess.Popen(
            [binary, "serve", "--host", host, "--port", str(self.port), "--log-level", log_level,
             "--database", self.database], stdout=self.log, stderr=self.log)
        deadline = time.monotonic() + seconds
        while not healthy(self.url):
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                with open(self.log_path) as log:
                    raise SystemExit("pm-server %s: %s/health never answered; its log:\n%s" % (
                        "exited" if self.process.returncode else "did not start", self.url, log.read()[-3000:]))
            time.sleep(0.05)

    def admin(self, *arguments):
        """Runs `pm-server ARGUMENTS --database` on this server's file; returns what it printed."""
        return subprocess.run([self.binary, *arguments, "--database", self.database],
                              capture_output=True, text=True, check=True).stdout

    def add_board(self, name):
        self.admin("board", "add", name, "--member", self.user)

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
        self.process.wait()
        self.log.close()


class LiveFollower:
    """One client of a board's /live WebSocket (RFC 6455 by hand, a client's masked pong to every
    ping): `connect`, then `next_head` for each head the server announces. `source` picks the
    local address, so that many followers can share one server without running out of ports."""

    def __init__(self, url, board, token, source=None):
        parts = urllib.parse.urlsplit(url)
        self.host, self.port = parts.hostname, parts.port
        self.path = "/v1/boards/%s/live" % urllib.parse.quote(board, safe="")
        self.token = token
        self.source = source
        self.head = None
        self.frames = 0  # heads received
        self.arrivals = {}  # head -> time.perf_counter() when it arrived
        self.changed = asyncio.Event()

    async def connect(self):
        """Opens the connection and upgrades it; raises if the server does not answer 101."""
        self.reader, self.writer = await asyncio.open_connection(
            self.host, self.port, local_addr=(self.source, 0) if self.source else None)
        key = base64.b64encode(os.urandom(16)).decode()
        self.writer.write(("GET %s HTTP/1.1\r\nHost: %s:%d\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                           "Sec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n"
                           "Authorization: Bearer %s\r\n\r\n" % (self.path, self.host, self.port, key, self.token)).encode())
        head = await self.reader.readuntil(b"\r\n\r\n")
        if b" 101 " not in head.split(b"\r\n")[0]:
            raise RuntimeError("live answered %r" % head[:80])

    async def next_head(self):
        """Reads frames until the next head (a text frame) and returns it, answering pings on
        the way; raises ConnectionError when the server closes the connection."""
        while True:
            first, second = await self.reader.readexactly(2)
            length = second & 0x7F
            if length == 126:
                length = struct.unpack("!H", await self.reader.readexactly(2))[0]
            elif length == 127:
                length = struct.unpack("!Q", await self.reader.readexactly(8))[0]
            payload = await self.reader.readexactly(length)
            opcode = first & 0x0F
            if opcode == 0x9:
                mask = os.urandom(4)
                masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
                self.writer.write(bytes([0x8A, 0x80 | len(payload)]) + mask + masked)
                continue
            if opcode == 0x8:
                raise ConnectionError("the server closed the live connection")
            if opcode == 0x1:
                self.head = json.loads(payload)["head"]
                self.frames += 1
                self.arrivals[self.head] = time.perf_counter()
                self.changed.set()
                return self.head

    def close(self):
        self.writer.transport.abort()
