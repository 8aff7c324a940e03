#!/usr/bin/env python3
"""The client side of scripts/load/devices: DEVICES devices against one pm-server for SECONDS, each
pushing small batches of new cards and edits, pulling what the others pushed, and following the
board live on a WebSocket, as `pm` devices do. At the end it pulls the whole board and checks
that every operation the server acknowledged is stored exactly once, and that nothing else is.
Python standard library only (the WebSocket is scripts/lib/harness.py's LiveFollower).

    devices_client.py URL BOARD SECONDS TOKEN...     one device per token (tokens may repeat)

Prints one line `load-result key=value ...` and exits non-zero if anything was lost.
"""

import asyncio
import http.client
import json
import os
import random
import sys
import threading
import time
import urllib.parse
import uuid

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import harness  # noqa: E402 (scripts/lib)

BASE_WALL_TIME = 1763683200000


class Device(threading.Thread):
    """Pushes one to five operations, pulls to the head, waits a little, over and over."""

    def __init__(self, number, url, board, token, until):
        super().__init__(daemon=True)
        parts = urllib.parse.urlsplit(url)
        self.connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=60)
        self.headers = {"Authorization": "Bearer " + token, "Content-Type": "application/json"}
        self.path = "/v1/boards/%s/operations" % urllib.parse.quote(board, safe="")
        self.number = number
        self.device = str(uuid.uuid4())
        self.until = until
        self.random = random.Random(number)
        self.counter = 0
        self.cards = []
        self.cursor = 0
        self.acknowledged = {}  # operation id -> seq
        self.push_seconds = []
        self.errors = []

    def operation(self):
        self.counter += 1
        fields = {}
        if not self.cards or self.random.random() < 0.4:
            card = str(uuid.uuid4())
            self.cards.append(card)
            fields = {"title": "카드 %d-%d" % (self.number, self.counter), "status": "todo",
                      "deadline": "2026-12-%02d" % self.random.randint(1, 28)}
        else:
            card = self.random.choice(self.cards)
            fields = self.random.choice([{"status": self.random.choice(["todo", "doing", "done"])},
                                         {"title": "고친 제목 %d" % self.counter},
                                         {"description": ("설명 " * self.random.randint(1, 50)).strip()}])
        return {"id": str(uuid.uuid4()), "projectId": card,
                "timestamp": {"wallTime": BASE_WALL_TIME + self.counter, "counter": 0, "device": self.device},
                "fields": fields}

    def request(self, method, path, body=None):
        self.connection.request(method, path, body=body, headers=self.headers)
        response = self.connection.getresponse()
        data = response.read()
        if response.status != 200:
            raise RuntimeError("%s %s answered %d: %s" % (method, path, response.status, data[:200]))
        return json.loads(data)

    def run(self):
        try:
            while time.time() < self.until:
                batch = [self.operation() for _ in range(self.random.randint(1, 5))]
                started = time.perf_counter()
                answer = self.request("POST", self.path, json.dumps({"operations": batch}))
                self.push_seconds.append(time.perf_counter() - started)
                for result in answer["results"]:
                    self.acknowledged[result["id"]] = result["seq"]
                while True:
                    page = self.request("GET", "%s?after=%d&limit=1000" % (self.path, self.cursor))
                    self.cursor = page["next"]
                    if page["next"] >= page["head"] or not page["operations"]:
                        break
                time.sleep(self.random.uniform(0.05, 0.2))
        except Exception as error:  # counted, and fails the run
            self.errors.append(repr(error))


class LiveFollower(threading.Thread):
    """A WebSocket on /live that counts the heads announced (and answers pings), until `until`."""

    def __init__(self, url, board, token, until):
        super().__init__(daemon=True)
        self.live = harness.LiveFollower(url, board, token)
        self.until = until
        self.errors = []

    @property
    def frames(self):
        return self.live.frames

    def run(self):
        try:
            asyncio.run(self.follow())
        except Exception as error:  # counted, and fails the run
            self.errors.append(repr(error))

    async def follow(self):
        await self.live.connect()
        try:
            while (left := self.until - time.time()) > 0:
                try:
                    await asyncio.wait_for(self.live.next_head(), left)
                except asyncio.TimeoutError:
                    break
        finally:
            self.live.close()


def main():
    url, board, seconds, tokens = sys.argv[1], sys.argv[2], float(sys.argv[3]), sys.argv[4:]
    until = time.time() + seconds
    followers = [LiveFollower(url, board, token, until) for token in tokens]
    devices = [Device(number, url, board, token, until) for number, token in enumerate(tokens)]
    for thread in followers + devices:
        thread.start()
    for thread in devices + followers:
        thread.join(seconds + 120)
    acknowledged = {}
    for device in devices:
        acknowledged.update(device.acknowledged)
    # Every operation on the board, read back from the start.
    checker = Device(-1, url, board, tokens[0], 0)
    stored, after = [], 0
    while True:
        page = checker.request("GET", "%s?after=%d&limit=1000" % (checker.path, after))
        stored += [(entry["operation"]["id"], entry["seq"]) for entry in page["operations"]]
        after = page["next"]
        if not page["operations"] or after >= page["head"]:
            break
    stored_ids = [identifier for identifier, _ in stored]
    duplicated = len(stored_ids) - len(set(stored_ids))
    missing = [identifier for identifier in acknowledged if identifier not in set(stored_ids)]
    wrong_seq = [identifier for identifier, seq in stored if identifier in acknowledged and acknowledged[identifier] != seq]
    unexpected = len(set(stored_ids) - set(acknowledged))
    pushes = [value for device in devices for value in device.push_seconds]
    errors = [error for thread in devices + followers for error in thread.errors]
    print("load-result devices=%d seconds=%g pushes=%d acknowledged=%d stored=%d missing=%d duplicated=%d "
          "wrong_seq=%d unexpected=%d push_p50_ms=%.1f push_p99_ms=%.1f live_frames=%d errors=%d"
          % (len(devices), seconds, len(pushes), len(acknowledged), len(stored_ids), len(missing), duplicated,
             len(wrong_seq), unexpected, 1000 * harness.percentile(pushes, 50) if pushes else 0,
             1000 * harness.percentile(pushes, 99) if pushes else 0, sum(f.frames for f in followers), len(errors)))
    for error in errors[:5]:
        print("error: " + error, file=sys.stderr)
    lost = missing or duplicated or wrong_seq or unexpected or errors or not acknowledged
    sys.exit(1 if lost else 0)


if __name__ == "__main__":
    main()
