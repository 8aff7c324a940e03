#!/usr/bin/env python3
"""The run behind scripts/chaos/run: two pm-server processes on one PostgreSQL, or one on a SQLite
file (backends.py), five pm devices changing cards in loops (each its own database,
PM_DATABASE), a sixth device with only `pm board` open in tmux, following live and adding cards
with its keys (board.py), a fault-injecting proxy between them (proxy.py; the
processes in processes.py), and kill -9 of servers, devices and the board and, on
PostgreSQL, immediate PostgreSQL restarts at random moments. Then the faults stop,
the board sends what it holds, every other device syncs until all is quiet, the board must
receive the rest by itself over its live connection, and the run checks
that nothing was lost: every operation a server acknowledged is stored exactly once, at the
place it was acknowledged with; the board's sequence has no gaps; every device holds exactly
the server's operations, the same cards as the server's snapshot and the same history as every
other device; and every card the board saved is on the server. Python standard library and tmux.

    main.py --bin-dir DIR (--postgres URL --pg-ctl JSON | --sqlite | --cluster URL --cluster-dir DIR
            [--control]) [--seconds S] [--seed N]

--pg-ctl is the pg_ctl command line (as a JSON list, with -D) that `restart` is appended to;
--sqlite puts the server's file in the run's folder; --cluster is the URL of a pg_auto_failover
cluster's three hosts, and --cluster-dir the folder scripts/lib/postgres-cluster.sh made it in
(cluster.py: the primary killed and stopped, replication cut, the monitor killed).
Prints the counts and the seed; exits 1 if anything was lost (--control, the cluster without
synchronous replication: exits 0 only if the check reported a loss).
"""

import argparse
import asyncio
import json
import os
import random
import shutil
import sys
import tempfile
import time
import urllib.request

# The scripts' shared library (scripts/lib/harness.py), which processes.py imports.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))

from backends import SQLite, Postgres
from board import BoardDevice
from cluster import Cluster
from processes import BOARD, Device, Server, kill
from proxy import Proxy

DEVICES = 5
# The longest a set-up command (pm-server user add, board add) may take: PostgreSQL is waited for
# at most 10 s (PostgresSyncRepository.reachLimit), and the work itself takes well under a second.
ADMIN_LIMIT = 60


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin-dir", required=True)
    parser.add_argument("--postgres")
    parser.add_argument("--pg-ctl")
    parser.add_argument("--sqlite", action="store_true")
    parser.add_argument("--cluster")
    parser.add_argument("--cluster-dir")
    parser.add_argument("--control", action="store_true")
    parser.add_argument("--seconds", type=float, default=300)
    parser.add_argument("--seed", type=int, default=None)
    arguments = parser.parse_args()
    chosen = [arguments.sqlite, bool(arguments.postgres and arguments.pg_ctl),
              bool(arguments.cluster and arguments.cluster_dir)]
    if chosen.count(True) != 1:
        parser.error("one of --postgres URL and --pg-ctl JSON, --sqlite, or --cluster URL and --cluster-dir DIR")
    seed = arguments.seed if arguments.seed is not None else random.randrange(1, 1_000_000)
    work = tempfile.mkdtemp(prefix="pm-chaos.")
    if arguments.cluster:
        backend = Cluster(arguments.cluster, arguments.cluster_dir, control=arguments.control)
    elif arguments.sqlite:
        backend = SQLite(work)
    else:
        backend = Postgres(arguments.postgres, json.loads(arguments.pg_ctl))
    print("chaos: seed %d on %s (replay the same choices with scripts/chaos/run%s --seed %d)" % (
        seed, backend.name, backend.replay, seed), flush=True)
    lost = True
    run = None
    try:
        run = Run(arguments, backend, seed, work)
        lost = asyncio.run(run.main())
    finally:
        if run is not None and hasattr(run, "board"):
            run.board.end()
        # A run that stopped on an error leaves no server behind either.
        for server in getattr(run, "servers", []):
            if server.process is not None and server.process.returncode is None:
                kill(server.process)
        if lost:
            if hasattr(backend, "keep_logs"):
                # The cluster's folder goes with it when the run's script ends: its logs are
                # copied first.
                backend.keep_logs(work)
            print("chaos: the devices' databases and the servers' logs are kept in %s" % work, flush=True)
        else:
            shutil.rmtree(work, ignore_errors=True)
    print("chaos: seed %d: %s" % (seed, "LOST OR DIFFERED, see above" if lost else "nothing lost"), flush=True)
    if arguments.control:
        # Without synchronous replication a failover loses acknowledged writes: the control run
        # passes when the check reports them, and fails when it saw nothing to report.
        print("chaos: control run: %s" % (
            "the check reported what the failover lost, as it must" if lost
            else "the check found nothing lost, so this run proves nothing"), flush=True)
        sys.exit(0 if lost else 1)
    sys.exit(1 if lost else 0)


def read(file):
    """What a command wrote to `file` (a temporary file its output went to)."""
    file.seek(0)
    return file.read().decode(errors="replace")


class Run:
    def __init__(self, arguments, backend, seed, work):
        self.seed = seed
        self.rng = random.Random(seed)
        self.work = work
        self.seconds = arguments.seconds
        self.pm = os.path.join(arguments.bin_dir, "pm")
        self.pm_server = os.path.join(arguments.bin_dir, "pm-server")
        self.backend = backend
        self.stopping = False
        self.counts = {}
        self.faults = {}
        self.problems = []
        self.added = set()  # every card a pm add reported done

    def count(self, name, by=1):
        self.counts[name] = self.counts.get(name, 0) + by

    def problem(self, text):
        print("chaos: PROBLEM: " + text, flush=True)
        self.problems.append(text)

    async def admin(self, *arguments):
        # Its output goes to files rather than pipes, so that what a hung command said before it
        # hung is still there to print.
        with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
            process = await asyncio.create_subprocess_exec(
                self.pm_server, *arguments, "--database", self.backend.database, stdout=out, stderr=err)
            # A command that hangs fails the run, named, rather than hanging it (and CI) for good.
            try:
                await asyncio.wait_for(process.wait(), ADMIN_LIMIT)
            except asyncio.TimeoutError:
                await self.diagnose(process.pid)
                process.kill()
                await process.wait()
                raise SystemExit("pm-server %s did not end within %d s; it printed:\n%s%s" % (
                    " ".join(arguments), ADMIN_LIMIT, read(out), read(err)))
            if process.returncode != 0:
                raise SystemExit("pm-server %s failed: %s" % (" ".join(arguments), read(err)))
            return read(out).strip()

    async def diagnose(self, pid):
        """Prints where a hung command waits: its threads' stacks (gdb) and, on a cluster, what each
        node's sessions wait for and which standbys the primary counts as synchronous."""
        if shutil.which("gdb"):
            stacks = await asyncio.create_subprocess_exec(
                "gdb", "-p", str(pid), "-batch", "-ex", "thread apply all bt", stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.STDOUT)
            out, _ = await stacks.communicate()
            frames = [line for line in out.decode(errors="replace").splitlines() if line.startswith(("Thread", "#"))]
            print("chaos: the hung command's stacks:\n" + "\n".join(frames[:300]), flush=True)
        if hasattr(self.backend, "waits"):
            print("chaos: the cluster meanwhile:\n" + await self.backend.waits(), flush=True)

    async def main(self):
        # Devices 1 to DEVICES run pm commands; one more runs the board.
        tokens = [await self.admin("user", "add", "device%d" % n) for n in range(1, DEVICES + 2)]
        await self.admin("board", "add", BOARD, *sum((["--member", "device%d" % n] for n in range(1, DEVICES + 2)), []))
        self.servers = [Server(self, n) for n in range(1, self.backend.servers + 1)]
        for server in self.servers:
            await server.start()
        self.proxy = Proxy(random.Random(self.seed + 1), [server.port for server in self.servers], self.faults)
        await self.proxy.start()
        self.devices = [Device(self, n, tokens[n - 1]) for n in range(1, DEVICES + 1)]
        self.board = BoardDevice(self, DEVICES + 1, tokens[DEVICES])
        for device in self.devices + [self.board]:
            await device.set_remote("http://127.0.0.1:%d" % self.proxy.port)
        started = time.monotonic()
        loops = [asyncio.ensure_future(device.loop()) for device in self.devices + [self.board]]
        await self.inject_until(started + self.seconds)
        self.stopping = True
        await asyncio.gather(*loops)
        self.proxy.faults = False
        for server in self.servers:
            if server.process.returncode is not None:
                await server.start()
        await self.board_settles()
        self.count("chaos seconds", round(time.monotonic() - started))
        lost = await self.check()
        for server in self.servers:
            await server.kill()
        await self.proxy.close()
        return lost or bool(self.problems)

    async def inject_until(self, deadline):
        """Kills servers, devices and the board, and breaks the database as its backend does,
        at random moments until `deadline`."""
        kinds = list(self.backend.faults)
        # One of each kind first, so that even a short run has them all.
        first = self.rng.sample(kinds, len(kinds))
        while time.monotonic() < deadline:
            await asyncio.sleep(self.rng.uniform(0.5, 3))
            kind = first.pop() if first else self.rng.choices(kinds, list(self.backend.faults.values()))[0]
            if kind == "server":
                server = self.rng.choice(self.servers)
                await server.kill()
                self.count("kill -9 of a server")
                await asyncio.sleep(self.rng.uniform(0.1, 2))
                await server.start()
            elif kind == "board":
                if await self.board.kill():
                    self.count("kill -9 of the board")
                await asyncio.sleep(self.rng.uniform(0.1, 2))
                await self.board.open()
            elif kind == "device":
                device = self.rng.choice(self.devices)
                # Somewhere inside its next command, or the one running.
                await asyncio.sleep(self.rng.uniform(0, 0.3))
                if device.process is not None and device.process.returncode is None:
                    kill(device.process)
                    self.count("kill -9 of a device")
            else:
                await self.backend.inject(kind, self)

    async def board_settles(self):
        """The board sends all it holds; the other devices settle; then the board must receive
        the rest over its live connection, with no pm sync on its database. Up to 120 s each: an
        offline board backs off up to a minute before it tries again."""
        await self.board.open()
        sent = await self.board.wait_until(lambda operations: None not in operations.values(), 120)
        if sent is None:
            self.problem("the board still had changes to send 120 s after the faults stopped")
        await self.settle()
        rows, _ = await self.stored()
        stored = {operation: seq for operation, seq in rows}
        received = await self.board.wait_until(lambda operations: operations == stored, 120)
        if received is None:
            self.problem("the board did not receive the server's operations within 120 s of the others settling")
        else:
            self.count("board: seconds to catch up after the others settled", round(received))
        await self.board.quit()

    async def settle(self):
        """Every device syncs, over and over, until a round in which nobody sends or receives."""
        for attempt in range(1, 61):
            quiet, heads = True, set()
            for device in self.devices:
                status, out, err = await device.pm("sync", "--json")
                if status != 0:
                    quiet = False
                    print("chaos: settling: device %d: %s" % (device.number, err.strip()), flush=True)
                    continue
                report = json.loads(out)
                heads.add(report["head"])
                if report["pushed"] or report["pulled"] or report["pending"]:
                    quiet = False
            if quiet and len(heads) == 1:
                self.count("settling rounds", attempt)
                return
            await asyncio.sleep(0.5)
        self.problem("the devices did not settle within 60 rounds of pm sync")

    def get(self, server, path, token):
        request = urllib.request.Request(
            "http://127.0.0.1:%d/v1/boards/%s/%s" % (server.port, BOARD, path),
            headers={"Authorization": "Bearer " + token})
        with urllib.request.urlopen(request, timeout=30) as answer:
            return json.loads(answer.read())

    async def stored(self):
        rows, head = await self.backend.stored(BOARD)
        self.stored_bodies = "\n".join(body for _, _, body in rows).lower()
        return [(operation.lower(), seq) for operation, seq, _ in rows], head

    async def check(self):
        rows, head = await self.stored()
        stored = {}
        for operation, seq in rows:
            stored.setdefault(operation, []).append(seq)
        lost = []
        duplicated = [operation for operation, seqs in stored.items() if len(seqs) > 1]
        if [seq for _, seq in rows] != list(range(1, len(rows) + 1)) or head != len(rows):
            lost.append("the board's sequence is not 1…%d without gaps (head %d)" % (len(rows), head))
        acknowledged = self.proxy.acknowledged
        for operation, seqs in acknowledged.items():
            if operation not in stored:
                lost.append("acknowledged %s (seq %s) is not stored" % (operation, sorted(seqs)))
            elif set(stored[operation]) != seqs:
                lost.append("acknowledged %s at %s, stored at %s" % (operation, sorted(seqs), stored[operation]))
        unstored = [card for card in self.added if card not in self.stored_bodies]
        if unstored:
            lost.append("%d cards whose pm add was reported done are not on the server" % len(unstored))
        token = self.devices[0].token
        snapshots = [self.get(server, "projects", token) for server in self.servers]
        server_cards = self.cards(snapshots[0]["projects"])
        if snapshots[0]["seq"] != head or any(self.cards(s["projects"]) != server_cards for s in snapshots):
            lost.append("the servers' snapshots differ, or are not at the head")
        unsaved = [title for title in self.board.saved if '"%s"' % title not in self.stored_bodies]
        if unsaved:
            lost.append("%d cards the board saved are not on the server" % len(unsaved))
        histories = []
        for device in self.devices + [self.board]:
            cards, history, operations = await device.state()
            missing = [operation for operation in operations if operation not in stored]
            if missing:
                lost.append("device %d holds %d operations the server lacks" % (device.number, len(missing)))
            if set(operations) != set(stored):
                lost.append("device %d lacks %d of the server's operations" % (
                    device.number, len(set(stored) - set(operations))))
            wrong = [o for o, seq in operations.items() if seq is not None and o in stored and stored[o] != [seq]]
            if wrong:
                lost.append("device %d has %d operations at another seq than the server" % (device.number, len(wrong)))
            if self.cards(cards) != server_cards:
                lost.append("device %d's cards differ from the server's snapshot" % device.number)
            # `by` and `byThisDevice` say who made a change as each device sees it ("this device"
            # for its own), so they differ by design; the rest must be the same everywhere.
            shared = [{k: v for k, v in entry.items() if k not in ("by", "byThisDevice")} for entry in history]
            histories.append(sorted(json.dumps(entry, sort_keys=True) for entry in shared))
        if any(history != histories[0] for history in histories):
            lost.append("the devices' histories differ")
        if hasattr(self.backend, "check"):
            await self.backend.check(self, BOARD)
        self.count("operations stored", len(rows))
        self.count("operations acknowledged by a server", len(acknowledged))
        self.count("cards at the end", len(server_cards))
        for line in lost + ["duplicated: %s" % d for d in duplicated]:
            self.problem(line)
        width = max(len(name) for name in list(self.counts) + list(self.faults))
        for name, value in sorted(self.counts.items()):
            print("chaos: %-*s %d" % (width, name, value))
        for name, value in sorted(self.faults.items()):
            print("chaos: %-*s %d" % (width, "proxy: " + name, value))
        print("chaos: lost %d, duplicated %d" % (len(lost), len(duplicated)), flush=True)
        return bool(lost or duplicated)

    @staticmethod
    def cards(cards):
        return sorted(
            (card["id"].lower(), card["title"], card.get("description") or "", str(card["deadline"]), card["status"])
            for card in cards)


if __name__ == "__main__":
    main()
