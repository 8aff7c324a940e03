"""The fault-injecting TCP proxy of scripts/chaos/run: devices connect to it, it connects each
connection to one of the servers at random and, while faults are on, drops connections, delays
them, or forwards the request and cuts the answer (before its first byte or part-way through).
It reads every answer the servers send, whether or not the device gets it, so that the run knows
each operation a server acknowledged. Python standard library only.
"""

import asyncio
import collections
import json
import time


class ResponseReader:
    """Splits the bytes a server sends on one connection into HTTP/1.1 answers, until a 101: what
    follows it (a board's live WebSocket) is not HTTP and is only passed on."""

    def __init__(self):
        self.buffer = b""
        self.upgraded = False

    def feed(self, data):
        """Adds `data`; returns the answers it completed, each as (status, body)."""
        if self.upgraded:
            return []
        self.buffer += data
        answers = []
        while True:
            answer = self._next()
            if answer is None:
                return answers
            answers.append(answer)

    def _next(self):
        end = self.buffer.find(b"\r\n\r\n")
        if end < 0:
            return None
        lines = self.buffer[:end].decode("latin-1").split("\r\n")
        try:
            status = int(lines[0].split(" ")[1])
        except (IndexError, ValueError):
            return None
        headers = {}
        for line in lines[1:]:
            name, _, value = line.partition(":")
            headers[name.strip().lower()] = value.strip()
        start = end + 4
        if status == 101:
            self.upgraded = True
            self.buffer = b""
            return status, b""
        if headers.get("transfer-encoding", "").lower() == "chunked":
            body, position = b"", start
            while True:
                line_end = self.buffer.find(b"\r\n", position)
                if line_end < 0:
                    return None
                size = int(self.buffer[position:line_end].split(b";")[0], 16)
                chunk_start = line_end + 2
                if len(self.buffer) < chunk_start + size + 2:
                    return None
                body += self.buffer[chunk_start : chunk_start + size]
                position = chunk_start + size + 2
                if size == 0:
                    self.buffer = self.buffer[position:]
                    return status, body
        length = int(headers.get("content-length", "0"))
        if len(self.buffer) < start + length:
            return None
        body = self.buffer[start : start + length]
        self.buffer = self.buffer[start + length :]
        return status, body


class Proxy:
    """Listens on 127.0.0.1 and forwards each connection to a random server of `upstreams`."""

    # Of the connections while faults are on: how each is treated (the rest pass untouched).
    FAULTS = (("drop", 0.08), ("delay", 0.15), ("cut-before-answer", 0.08), ("cut-mid-answer", 0.08))

    def __init__(self, rng, upstreams, stats):
        self.rng = rng
        self.upstreams = upstreams
        self.stats = stats
        self.faults = True
        self.acknowledged = {}  # operation id -> set of seqs the servers answered with
        # (sent, answered) in time.monotonic() of each push answered 200 with results, the last
        # ten thousand: a failover's outage is timed to the first push *sent* after the death.
        self.acknowledged_pushes = collections.deque(maxlen=10_000)
        self.server = None
        self.port = None

    async def start(self):
        self.server = await asyncio.start_server(self._handle, "127.0.0.1", 0)
        self.port = self.server.sockets[0].getsockname()[1]
        self.connections = set()

    async def close(self):
        """Stops listening and ends the connections still open."""
        self.server.close()
        for task in list(self.connections):
            task.cancel()
        await asyncio.gather(*self.connections, return_exceptions=True)

    def _fault(self):
        if not self.faults:
            return None
        roll = self.rng.random()
        for name, share in self.FAULTS:
            if roll < share:
                return name
            roll -= share
        return None

    def first_acknowledged_after(self, since):
        """When the first push sent after `since` was acknowledged, or None."""
        return min((answered for sent, answered in self.acknowledged_pushes if sent > since), default=None)

    def _record(self, answers, sent):
        for status, body in answers:
            if status != 200:
                continue
            try:
                results = json.loads(body).get("results")
            except (ValueError, AttributeError):
                continue
            for result in results or []:
                self.acknowledged.setdefault(result["id"].lower(), set()).add(result["seq"])
            if results:
                self.acknowledged_pushes.append((sent, time.monotonic()))

    async def _handle(self, client_reader, client_writer):
        task = asyncio.current_task()
        self.connections.add(task)
        try:
            await self._forward(client_reader, client_writer)
        finally:
            self.connections.discard(task)

    async def _forward(self, client_reader, client_writer):
        fault = self._fault()
        port = self.rng.choice(self.upstreams)
        delay = self.rng.uniform(0.05, 1.5) if fault == "delay" else 0
        if fault:
            self.stats[fault] = self.stats.get(fault, 0) + 1
        if fault == "drop":
            client_writer.transport.abort()
            return
        try:
            server_reader, server_writer = await asyncio.open_connection("127.0.0.1", port)
        except OSError:
            self.stats["server-down"] = self.stats.get("server-down", 0) + 1
            client_writer.transport.abort()
            return
        reader = ResponseReader()
        # When the latest request on this connection went to the server (HTTP/1.1 answers in order).
        sent = [time.monotonic()]

        async def upstream():
            first = True
            try:
                while data := await client_reader.read(65536):
                    if first and delay:
                        await asyncio.sleep(delay)
                    first = False
                    sent[0] = time.monotonic()
                    server_writer.write(data)
                    await server_writer.drain()
            finally:
                # The device is gone: so is the server's side, which ends the answers' side.
                server_writer.transport.abort()

        async def downstream():
            while data := await server_reader.read(65536):
                answers = reader.feed(data)
                self._record(answers, sent[0])
                if any(status == 101 for status, _ in answers):
                    self.stats["live upgrades"] = self.stats.get("live upgrades", 0) + 1
                if fault in ("cut-before-answer", "cut-mid-answer"):
                    # Read the whole answer first, so what the server acknowledged is known.
                    while not answers and (more := await server_reader.read(65536)):
                        data += more
                        answers = reader.feed(more)
                        self._record(answers, sent[0])
                    if fault == "cut-mid-answer" and len(data) > 1:
                        client_writer.write(data[: self.rng.randrange(1, len(data))])
                        await client_writer.drain()
                    return
                client_writer.write(data)
                await client_writer.drain()

        tasks = [asyncio.ensure_future(upstream()), asyncio.ensure_future(downstream())]
        try:
            # The connection lasts as long as its answers' side: the server closing it, the
            # device going (which closes the server's side), or a cut.
            await asyncio.wait([tasks[1]])
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            client_writer.transport.abort()
            server_writer.transport.abort()
