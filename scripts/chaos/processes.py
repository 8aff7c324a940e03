"""The processes of scripts/chaos/run: a pm-server on the run's database, restarted on its port, and a
pm device changing cards in a loop in its own database. Python standard library only.
"""

import asyncio
import json
import os
import random
import signal

import harness  # scripts/lib, on the path main.py sets

BOARD = "chaos"


def kill(process):
    """kill -9 by pid. Not Process.send_signal: it polls the child first, which can reap one
    that has just exited under asyncio's child watcher, and the exit status is then lost."""
    try:
        os.kill(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


class Server:
    """One pm-server process on the run's database, restarted on the same port."""

    def __init__(self, run, number):
        self.run = run
        self.number = number
        self.port = harness.free_port()
        self.process = None
        self.log = open(os.path.join(run.work, "server%d.log" % number), "ab")

    async def start(self):
        while True:
            self.process = await asyncio.create_subprocess_exec(
                self.run.pm_server, "serve", "--port", str(self.port), "--database", self.run.backend.database,
                "--log-level", "error", stdout=self.log, stderr=self.log)
            for _ in range(300):
                if self.process.returncode is not None:
                    break
                if await asyncio.to_thread(self.healthy):
                    return
                await asyncio.sleep(0.1)
            # It could not start (PostgreSQL restarting, say): try again.
            if self.process.returncode is None:
                self.process.kill()
            await self.process.wait()
            self.run.count("server start retried")
            await asyncio.sleep(0.5)

    def healthy(self):
        return harness.healthy("http://127.0.0.1:%d" % self.port, timeout=2)

    async def kill(self):
        kill(self.process)
        await self.process.wait()


class Device:
    """One pm device: its own database, changing cards in a loop."""

    def __init__(self, run, number, token):
        self.run = run
        self.number = number
        self.rng = random.Random(run.seed * 100 + number)
        self.env = dict(os.environ, PM_DATABASE=os.path.join(run.work, "device%d.sqlite" % number), NO_COLOR="1")
        self.env.pop("PM_TOKEN", None)
        self.token = token
        self.cards = []
        self.process = None
        self.serial = 0

    async def pm(self, *arguments):
        """Runs pm; returns (exit status, stdout, stderr); -9 when the run killed it."""
        self.process = await asyncio.create_subprocess_exec(
            self.run.pm, *arguments, env=self.env, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE)
        out, err = await self.process.communicate()
        status = self.process.returncode
        self.process = None
        return status, out.decode(), err.decode()

    async def side_sync(self):
        process = await asyncio.create_subprocess_exec(
            self.run.pm, "sync", env=self.env, stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE)
        _, err = await process.communicate()
        self.run.count("pm sync beside another command")
        if process.returncode not in (0, 4):
            self.run.problem("device %d: pm sync beside another command exited %d: %s" % (
                self.number, process.returncode, err.decode().strip()))

    async def set_remote(self, url):
        status, _, err = await self.pm("remote", "set", url, "--board", BOARD, "--token", self.token)
        if status != 0:
            raise SystemExit("device %d: pm remote set failed: %s" % (self.number, err))

    async def loop(self):
        while not self.run.stopping:
            await self.step()

    async def step(self):
        choice = self.rng.choices(["add", "edit", "move", "delete", "sync", "list"], [30, 20, 20, 6, 16, 8])[0]
        if choice in ("edit", "move", "delete") and not self.cards:
            choice = "add"
        if choice == "add":
            self.serial += 1
            arguments = ["add", "d%d card %d" % (self.number, self.serial), "--json"]
            if self.rng.random() < 0.5:
                arguments += ["--description", "from device %d, seed %d" % (self.number, self.run.seed)]
        elif choice == "edit":
            card = self.rng.choice(self.cards)
            arguments = ["edit", card, "--title", "d%d edit %d" % (self.number, self.rng.randrange(1000))]
            if self.rng.random() < 0.5:
                arguments += ["--deadline", "+%dd" % self.rng.randrange(1, 30)]
        elif choice == "move":
            arguments = ["move", self.rng.choice(self.cards), self.rng.choice(["todo", "doing", "done"])]
        elif choice == "delete":
            card = self.rng.choice(self.cards)
            self.cards.remove(card)
            arguments = ["delete", card]
        elif choice == "sync":
            arguments = ["sync", "--json"]
        else:
            arguments = ["list", "--json"]
        if choice != "sync" and self.rng.random() < 0.1:
            # Now and then a second pm at once on the same database, as a board's own syncing
            # beside a command in another terminal would be.
            (status, out, err), _ = await asyncio.gather(self.pm(*arguments), self.side_sync())
        else:
            status, out, err = await self.pm(*arguments)
        self.run.count("pm " + choice)
        if status == -signal.SIGKILL:
            return
        if status < 0 or status not in (0, 1, 2, 4):
            # A crash, or an exit the product never gives for these commands.
            self.run.problem("device %d: pm %s exited %d: %s" % (self.number, " ".join(arguments), status, err.strip()))
            return
        if status == 0 and choice in ("add", "edit", "move", "delete"):
            # A move to the list a card is in already changes nothing and makes no operation.
            self.run.count("changes reported done")
        if status == 4:
            self.run.count("pm sync failed (exit 4)")
        if status == 0 and choice == "add":
            self.cards.append(json.loads(out)["id"])
            self.run.added.add(self.cards[-1].lower())
        if status == 0 and choice == "list":
            self.cards = [card["id"] for card in json.loads(out)]

    async def state(self):
        """The device's cards, history and operations (id -> server seq), once all is quiet."""
        _, cards, _ = await self.pm("list", "--json")
        _, history, _ = await self.pm("history", "--json", "--limit", "0")
        process = await asyncio.create_subprocess_exec(
            "sqlite3", "-json", self.env["PM_DATABASE"], "SELECT id, serverSeq FROM operation",
            stdout=asyncio.subprocess.PIPE)
        rows, _ = await process.communicate()
        operations = {row["id"].lower(): row["serverSeq"] for row in json.loads(rows or b"[]")}
        return json.loads(cards), json.loads(history), operations
