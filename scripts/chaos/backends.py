"""The server's database in scripts/chaos/run: one PostgreSQL shared by two pm-server processes, and
restarted at random moments; or one SQLite file, which one pm-server process owns (restarted on
the same file when it is killed). Each says how many servers to run, what else to break, and
reads back what is stored. Python standard library and psql.
"""

import asyncio
import contextlib
import os
import sqlite3


class Postgres:
    """Two servers on one PostgreSQL; `pg_ctl restart -m immediate` is one more fault."""

    name = "PostgreSQL"
    replay = ""
    servers = 2
    # kill -9 of a server, of a device, of the board, and an immediate PostgreSQL restart: how
    # often each is chosen after the first of each kind.
    faults = {"server": 3, "device": 5, "board": 2, "postgres": 1}

    def __init__(self, url, pg_ctl):
        self.database = url
        self.pg_ctl = pg_ctl

    async def inject(self, kind, run):
        """The faults of this database's own: an immediate restart, a crash for PostgreSQL."""
        assert kind == "postgres"
        process = await asyncio.create_subprocess_exec(
            *self.pg_ctl, "-m", "immediate", "-w", "restart", stdout=asyncio.subprocess.DEVNULL,
            stderr=asyncio.subprocess.DEVNULL)
        if await process.wait() != 0:
            raise SystemExit("pg_ctl restart failed")
        run.count("PostgreSQL restarts (immediate)")

    async def stored(self, board):
        """The board's operations as (id, seq, body) in seq order, and the board's head."""
        rows = await self.psql("SELECT id, seq, body FROM operations WHERE board = '%s' ORDER BY seq" % board)
        head = await self.psql("SELECT head FROM boards WHERE name = '%s'" % board)
        return [(row[0], int(row[1]), row[2]) for row in rows], int(head[0][0])

    async def psql(self, query):
        """The rows `query` returns, each split on its first two spaces."""
        process = await asyncio.create_subprocess_exec(
            "psql", self.database, "-At", "-F", " ", "-c", query, stdout=asyncio.subprocess.PIPE)
        out, _ = await process.communicate()
        return [line.split(" ", 2) for line in out.decode().splitlines() if line]


class SQLite:
    """One server on a SQLite file in the run's folder: one process owns the file, so there is
    no second server to fail over to while it is down, and nothing else to restart."""

    name = "SQLite"
    replay = " --sqlite"
    servers = 1
    faults = {"server": 3, "device": 5, "board": 2}

    def __init__(self, work):
        self.database = os.path.join(work, "server.sqlite")

    async def inject(self, kind, run):
        raise AssertionError("no fault %s on SQLite" % kind)

    async def stored(self, board):
        """The board's operations as (id, seq, body) in seq order, and the board's head: the last
        seq, as the server reads it. Read beside the running server (the file is in WAL mode)."""
        return await asyncio.to_thread(self._stored, board)

    def _stored(self, board):
        with contextlib.closing(sqlite3.connect("file:%s?mode=ro" % self.database, uri=True)) as database:
            rows = database.execute("SELECT id, seq, body FROM operation WHERE board = ? ORDER BY seq", (board,))
            rows = [(row[0], int(row[1]), row[2]) for row in rows]
            head = database.execute("SELECT coalesce(max(seq), 0) FROM operation WHERE board = ?", (board,))
            return rows, head.fetchone()[0]
