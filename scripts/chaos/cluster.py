"""The server's database in scripts/chaos/run --failover: a three-node PostgreSQL cluster managed by
pg_auto_failover (scripts/lib/postgres-cluster.sh), shared by two pm-server processes that reach
it by a URL of all three hosts, and broken at random moments: the primary's machine killed
(kill -9 of its keeper, postmaster and every postgres process), the primary stopped (SIGSTOP of
its postgres processes) for longer than the monitor waits and then let go (SIGCONT), the
replication link cut (the primary's WAL senders stopped, so nothing reaches the standbys, for a
few seconds) and the monitor killed. Every fault ends with the cluster whole again: the killed
node started again, as a standby. Reads back what is stored from the final primary, and checks
that every standby holds the same (no node kept writes of its own) and that one timeline at a
time took writes.

The control run (`control`, with synchronous_commit=local on every node) kills the primary once,
with the link cut first, and leaves that node out: its commits no standby had are what a
failover loses there (a node holding them did not rejoin: its crash recovery before pg_rewind
stalled, most likely for a WAL sender the kill used to leave stopped, which postgres-cluster.sh
now kills with the node). The run's own check must then report them lost.
Python standard library and bash.
"""

import asyncio
import os
import subprocess
import time

LIBRARY = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib", "postgres-cluster.sh")


class Cluster:
    """Two servers on a pg_auto_failover cluster; its faults are the database machine's."""

    name = "a PostgreSQL cluster (pg_auto_failover)"
    replay = " --failover"
    servers = 2
    faults = {"server": 1, "device": 4, "board": 1, "primary-kill": 2, "primary-stop": 1, "replication-cut": 1,
              "monitor-kill": 1}

    def __init__(self, url, folder, control=False):
        self.database = url
        self.folder = folder
        self.control = control
        self.left_out = None  # the control run's killed primary, never started again
        self.outages = []  # seconds from a primary's death to the next push a server acknowledged
        if control:
            self.faults = {"server": 1, "device": 4, "board": 1, "primary-kill": 2}

    async def cluster(self, command):
        """Runs `command` with the cluster's functions (postgres-cluster.sh) and returns its output."""
        process = await asyncio.create_subprocess_exec(
            "bash", "-c", 'source "$1" && postgres_cluster_attach "$2" && %s' % command, "bash", LIBRARY,
            self.folder, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
        out, err = await process.communicate()
        if process.returncode != 0:
            raise SystemExit("postgres-cluster.sh: %s failed: %s" % (command, err.decode()))
        return out.decode().strip()

    def keep_logs(self, folder):
        """Copies the cluster's logs and the monitor's state and events into `folder`/cluster."""
        subprocess.run(["bash", "-c", 'source "$1" && postgres_cluster_attach "$2" && postgres_cluster_keep_logs "$3"',
                        "bash", LIBRARY, self.folder, folder], check=False)
        print("chaos: the cluster's logs are kept in %s" % os.path.join(folder, "cluster"), flush=True)

    async def waits(self):
        """The monitor's states and, on each node, what the pm database's sessions wait for and the
        standbys it streams to: where a hung command's query stands."""
        lines = [await self.cluster("postgres_cluster_states")]
        for node in ("node1", "node2", "node3"):
            for query in ("SELECT pid, state, wait_event_type, wait_event, left(query, 60) FROM pg_stat_activity "
                          "WHERE datname = 'pm' AND pid <> pg_backend_pid()",
                          "SELECT 'synchronous_standby_names', current_setting('synchronous_standby_names')",
                          "SELECT application_name, state, sync_state FROM pg_stat_replication"):
                try:
                    lines.append("%s: %s" % (node, await self.cluster(
                        "postgres_cluster_sql %s %s" % (node, shell_quote(query)))))
                except SystemExit as error:
                    lines.append("%s: %s" % (node, error))
        return "\n".join(lines)

    async def inject(self, kind, run):
        if self.left_out:
            # After the control run's kill the cluster stays short of a node, and the database is
            # left alone.
            return
        # With the monitor just started again no node is reported primary for a few seconds: the
        # fault waits for one rather than being skipped, so that a short run has every kind.
        primary = await self.primary()
        if kind == "primary-kill":
            # Half the time with the replication link cut first: the primary then holds commits
            # that no standby has, which synchronous replication must never have acknowledged
            # (the control run, without it, shows what the check sees when they were).
            cut = self.control or run.rng.random() < 0.5
            if cut:
                await self.cluster("postgres_cluster_cut_replication STOP")
                await asyncio.sleep(run.rng.uniform(1, 3))
            await self.cluster("postgres_cluster_kill %s" % primary)
            # Timed from the kill's end: while the kill lists and stops the node's processes, its
            # backends still commit.
            died = time.monotonic()
            if cut:
                await self.cluster("postgres_cluster_cut_replication CONT")
                run.count("failover: kill -9 of the primary's machine, replication cut")
            else:
                run.count("failover: kill -9 of the primary's machine")
            await self.wait_for_new_primary(primary, run)
            if self.control:
                self.left_out = primary
                run.count("control: the killed primary left out")
                await self.outage(died, run)
                return
            await self.cluster("postgres_cluster_revive %s" % primary)
            await self.outage(died, run)
            await self.whole(run)
        elif kind == "primary-stop":
            # Past the monitor's 6 s: it promotes a standby while the old primary is frozen, which
            # on waking must not take writes (it cannot: its standbys follow the new one).
            stopped = time.monotonic()
            await self.cluster("postgres_cluster_signal %s STOP" % primary)
            run.count("failover: SIGSTOP of the primary past the monitor's timeout")
            await asyncio.sleep(run.rng.uniform(9, 14))
            await self.cluster("postgres_cluster_signal %s CONT" % primary)
            if await self.cluster("postgres_cluster_primary") != primary:
                await self.outage(stopped, run)
            await self.whole(run)
        elif kind == "replication-cut":
            await self.cluster("postgres_cluster_cut_replication STOP")
            run.count("failover: replication link cut")
            await asyncio.sleep(run.rng.uniform(2, 5))
            await self.cluster("postgres_cluster_cut_replication CONT")
        elif kind == "monitor-kill":
            await self.cluster("postgres_cluster_kill monitor")
            run.count("failover: kill -9 of the monitor")
            await asyncio.sleep(run.rng.uniform(1, 4))
            await self.cluster("postgres_cluster_revive monitor")
        else:
            raise AssertionError("no fault %s on a cluster" % kind)

    async def wait_for_new_primary(self, old, run):
        for _ in range(240):
            current = await self.cluster("postgres_cluster_primary")
            if current and current != old:
                run.count("failovers")
                return current
            await asyncio.sleep(0.5)
        raise SystemExit("no new primary within 120 s of killing %s" % old)

    async def outage(self, since, run):
        """Waits (up to 60 s) for a server to acknowledge the first push sent after `since`."""
        for _ in range(600):
            answered = run.proxy.first_acknowledged_after(since)
            if answered is not None:
                self.outages.append(answered - since)
                return
            await asyncio.sleep(0.1)
        run.problem("no push was acknowledged within 60 s of the primary's death")

    async def whole(self, run):
        """Waits for three nodes, each at its goal, before the next fault (for a primary alone when
        the control run left a node out)."""
        if self.left_out:
            await self.primary()
            return
        try:
            await self.cluster("postgres_cluster_wait_states 3")
        except SystemExit as error:
            run.problem(str(error))

    async def stored(self, board):
        """The board's operations as (id, seq, body) in seq order, and the board's head, read on the
        final primary."""
        rows = await self.psql("primary", "SELECT id, seq, body FROM operations WHERE board = '%s' ORDER BY seq" % board)
        head = await self.psql("primary", "SELECT head FROM boards WHERE name = '%s'" % board)
        return [(row[0], int(row[1]), row[2]) for row in rows], int(head[0][0])

    async def psql(self, node, query):
        """The rows `query` returns on `node` (or on the primary), each split on its first two spaces."""
        if node == "primary":
            node = await self.primary()
        out = await self.cluster("postgres_cluster_sql %s %s" % (node, shell_quote(query)))
        return [line.split("|", 2) for line in out.splitlines() if line]

    async def primary(self):
        """The primary, waiting (up to 120 s) while a failover leaves none."""
        for _ in range(240):
            node = await self.cluster("postgres_cluster_primary")
            if node:
                return node
            await asyncio.sleep(0.5)
        raise SystemExit("the cluster has had no primary for 120 s")

    async def check(self, run, board):
        """What a cluster must hold at the end: every standby the primary's operations and no
        more (a node that had taken writes on a timeline of its own would differ, or would have
        had them rewound away, which the acknowledged operations' check sees); and the outages."""
        await self.whole(run)
        primary = await self.primary()
        expected = [row[0] for row in await self.psql(primary, "SELECT id FROM operations WHERE board = '%s' "
                                                                  "ORDER BY seq" % board)]
        lsn = (await self.psql(primary, "SELECT pg_current_wal_lsn()"))[0][0]
        for node in ("node1", "node2", "node3"):
            if node == self.left_out:
                continue
            if node != primary:
                for _ in range(100):
                    caught_up = await self.psql(node, "SELECT pg_last_wal_replay_lsn() >= '%s'" % lsn)
                    if caught_up[0][0] == "t":
                        break
                    await asyncio.sleep(0.1)
            held = [row[0] for row in await self.psql(node, "SELECT id FROM operations WHERE board = '%s' "
                                                               "ORDER BY seq" % board)]
            if held != expected:
                run.problem("%s holds %d operations, the primary %s %d" % (node, len(held), primary, len(expected)))
        if self.outages:
            run.count("failover: longest write outage, ms", round(max(self.outages) * 1000))
            run.count("failover: shortest write outage, ms", round(min(self.outages) * 1000))


def shell_quote(text):
    return "'" + text.replace("'", "'\\''") + "'"
