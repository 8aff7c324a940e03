#!/usr/bin/env python3
"""The client side of scripts/load/live-idle: CONNECTIONS idle WebSockets on one board's /live,
then PUSHES pushes, each timed from the moment it was sent until every connection has
received the new head. Reads the server's memory (VmRSS of PID) before and after connecting,
and, for each push, the processor time the server (PID) and this client spent between sending
it and the last connection reading its head: on one machine the two share the cores, so the
wall time alone cannot say which of them the fan-out waited for.
Python standard library only (asyncio and a few lines of RFC 6455 by hand).

    live_idle_client.py URL BOARD TOKEN PID CONNECTIONS PUSHES

Prints one line `live-idle key=value ...`; exits non-zero if a connection failed or a head
did not reach every connection.
"""

import asyncio
import base64
import json
import os
import struct
import sys
import time
import urllib.parse
import urllib.request
import uuid


def rss_mib(pid):
    with open("/proc/%d/status" % pid) as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def cpu_seconds(pid):
    """User and system time of process PID so far (/proc/PID/stat, fields 14 and 15)."""
    with open("/proc/%d/stat" % pid) as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Follower:
    """One idle live connection: it reads the heads the server sends, and answers pings."""

    def __init__(self, host, port, path, token, source):
        self.host, self.port, self.path, self.token, self.source = host, port, path, token, source
        self.head = None
        self.arrivals = {}  # head -> time.perf_counter() of its arrival
        self.changed = asyncio.Event()

    async def connect(self):
        self.reader, self.writer = await asyncio.open_connection(
            self.host, self.port, local_addr=(self.source, 0))
        key = base64.b64encode(os.urandom(16)).decode()
        self.writer.write(("GET %s HTTP/1.1\r\nHost: %s:%d\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                           "Sec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n"
                           "Authorization: Bearer %s\r\n\r\n" % (self.path, self.host, self.port, key, self.token)).encode())
        head = await self.reader.readuntil(b"\r\n\r\n")
        if b" 101 " not in head.split(b"\r\n")[0]:
            raise RuntimeError("live answered %r" % head[:80])
        await self.frame()

    async def frame(self):
        """Reads frames until a text frame (a head); answers a ping with its pong."""
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
                self.arrivals[self.head] = time.perf_counter()
                self.changed.set()
                return

    async def follow(self):
        while True:
            await self.frame()


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


async def main():
    url, board, token, pid, count, pushes = sys.argv[1:7]
    pid, count, pushes = int(pid), int(count), int(pushes)
    parts = urllib.parse.urlsplit(url)
    path = "/v1/boards/%s/live" % urllib.parse.quote(board, safe="")
    before = rss_mib(pid)
    # Several client addresses, so that ephemeral ports never run out.
    followers = [Follower(parts.hostname, parts.port, path, token, "127.0.0.%d" % (2 + n % 8)) for n in range(count)]
    started = time.perf_counter()
    gate = asyncio.Semaphore(200)

    tasks = []
    lost = []

    async def follow(follower):
        try:
            await follower.follow()
        except (OSError, asyncio.IncompleteReadError) as error:
            lost.append(error)

    async def connect(follower):
        async with gate:
            await follower.connect()
        # Reading from now on: the server pings every 30 s and closes a connection that does
        # not answer, so a connection must not wait for all the others before it reads.
        tasks.append(asyncio.ensure_future(follow(follower)))

    results = await asyncio.gather(*(connect(f) for f in followers), return_exceptions=True)
    failures = [r for r in results if isinstance(r, BaseException)]
    connect_seconds = time.perf_counter() - started
    if failures:
        print("live-idle: %d connections failed, e.g. %r" % (len(failures), failures[0]), file=sys.stderr)
        return 1
    await asyncio.sleep(2)
    after = rss_mib(pid)
    delays = []
    server_cpu, client_cpu, walls = [], [], []
    operations_path = "/v1/boards/%s/operations" % urllib.parse.quote(board, safe="")
    for number in range(pushes):
        operation = {"id": str(uuid.uuid4()), "projectId": str(uuid.uuid4()),
                     "timestamp": {"wallTime": 1763683200000 + number, "counter": 0, "device": str(uuid.uuid4())},
                     "fields": {"title": "live %d" % number, "status": "todo", "deadline": "2026-12-01"}}
        request = urllib.request.Request(
            url + operations_path, data=json.dumps({"operations": [operation]}).encode(), method="POST",
            headers={"Authorization": "Bearer " + token, "Content-Type": "application/json"})
        server_before, client_before = cpu_seconds(pid), time.process_time()
        pushed = time.perf_counter()
        answer = await asyncio.to_thread(lambda: json.loads(urllib.request.urlopen(request, timeout=60).read()))
        head = answer["results"][0]["seq"]
        deadline = time.perf_counter() + 60
        for follower in followers:
            while (follower.head or 0) < head and time.perf_counter() < deadline:
                follower.changed.clear()
                try:
                    await asyncio.wait_for(follower.changed.wait(), timeout=max(0.01, deadline - time.perf_counter()))
                except asyncio.TimeoutError:
                    break
        missing = sum(1 for f in followers if head not in f.arrivals)
        if missing or lost:
            print("live-idle: %d connections were closed, e.g. %r" % (len(lost), lost[:1]), file=sys.stderr)
            print("live-idle: head %d reached %d of %d connections" % (head, count - missing, count), file=sys.stderr)
            return 1
        server_cpu.append((cpu_seconds(pid) - server_before) * 1000)
        client_cpu.append((time.process_time() - client_before) * 1000)
        delays += [(f.arrivals[head] - pushed) * 1000 for f in followers]
        walls.append(max(f.arrivals[head] for f in followers) * 1000 - pushed * 1000)
        await asyncio.sleep(1)
    end = rss_mib(pid)
    for task in tasks:
        task.cancel()
    print("live-idle connections=%d connect_s=%.1f rss_before_mib=%.1f rss_after_mib=%.1f rss_end_mib=%.1f "
          "per_connection_kib=%.1f pushes=%d push_to_all_p50_ms=%.0f push_to_all_p99_ms=%.0f max_ms=%.0f "
          "per_push_wall_ms=%.0f server_cpu_ms=%.0f client_cpu_ms=%.0f"
          % (count, connect_seconds, before, after, end, (after - before) * 1024 / count, pushes,
             percentile(delays, 0.5), percentile(delays, 0.99), max(delays),
             sum(walls) / pushes, sum(server_cpu) / pushes, sum(client_cpu) / pushes))
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
