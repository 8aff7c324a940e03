#!/usr/bin/env python3
"""The client side of scripts/load/live-idle: CONNECTIONS idle WebSockets on one board's /live,
then PUSHES pushes, each timed from the moment it was sent until every connection has
received the new head. Reads the server's memory (VmRSS of PID) before and after connecting,
and, for each push, the processor time the server (PID) and this client spent between sending
it and the last connection reading its head: on one machine the two share the cores, so the
wall time alone cannot say which of them the fan-out waited for.
Python standard library only (asyncio; the WebSocket is scripts/lib/harness.py's LiveFollower).

    live_idle_client.py URL BOARD TOKEN PID CONNECTIONS PUSHES

Prints one line `live-idle key=value ...`; exits non-zero if a connection failed or a head
did not reach every connection.
"""

import asyncio
import json
import os
import sys
import time
import urllib.parse
import urllib.request
import uuid

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import harness  # noqa: E402 (scripts/lib)


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


async def main():
    url, board, token, pid, count, pushes = sys.argv[1:7]
    pid, count, pushes = int(pid), int(count), int(pushes)
    before = rss_mib(pid)
    # Several client addresses, so that ephemeral ports never run out.
    followers = [harness.LiveFollower(url, board, token, source="127.0.0.%d" % (2 + n % 8)) for n in range(count)]
    started = time.perf_counter()
    gate = asyncio.Semaphore(200)

    tasks = []
    lost = []

    async def follow(follower):
        try:
            while True:
                await follower.next_head()
        except (OSError, asyncio.IncompleteReadError) as error:
            lost.append(error)

    async def connect(follower):
        async with gate:
            await follower.connect()
            await follower.next_head()  # the head the server sends on connecting
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
             harness.percentile(delays, 50), harness.percentile(delays, 99), max(delays),
             sum(walls) / pushes, sum(server_cpu) / pushes, sum(client_cpu) / pushes))
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
