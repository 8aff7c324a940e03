"""The board of scripts/chaos/run: one more device on which only `pm board` runs, in a tmux session
of its own (a real terminal it draws on and is typed into), syncing through the fault-injecting
proxy and following the server over its live connection. It adds cards with its keys now and
then, is killed with kill -9 and opened again like the other processes, and at the end must hold
what the server holds by itself, without a `pm sync`. Python standard library and tmux only.
"""

import asyncio
import os
import shlex
import signal
import subprocess
import time

from processes import Device

SESSION = "board"


class BoardDevice(Device):
    """A device whose only process is `pm board` in tmux."""

    def __init__(self, run, number, token):
        super().__init__(run, number, token)
        self.socket = os.path.join(run.work, "tmux-board.socket")
        self.saved = []  # titles of the cards the board closed its form on: saved on the device

    async def tmux(self, *arguments):
        """Runs tmux on the board's own server; (exit status, what it printed)."""
        process = await asyncio.create_subprocess_exec(
            "tmux", "-S", self.socket, "-f", "/dev/null", *arguments, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.DEVNULL)
        out, _ = await process.communicate()
        return process.returncode, out.decode(errors="replace")

    async def open(self):
        """Opens the board in a new session, unless it is open; the pane's process is `pm board`
        itself (exec)."""
        if await self.pid() is not None:
            return
        command = "exec env PM_DATABASE=%s NO_COLOR=1 TERM=xterm-256color %s board" % (
            shlex.quote(self.env["PM_DATABASE"]), shlex.quote(self.run.pm))
        status, _ = await self.tmux("new-session", "-d", "-s", SESSION, "-x", "100", "-y", "30", command)
        if status != 0:
            self.run.problem("device %d: tmux could not open the board" % self.number)
        self.run.count("board opened")

    async def pid(self):
        """The running board's pid, or None when it is not running."""
        status, out = await self.tmux("display-message", "-p", "-t", SESSION, "#{pane_pid}")
        return int(out) if status == 0 and out.strip().isdigit() else None

    def end(self):
        """Ends the board's tmux server, whatever state the run stopped in."""
        subprocess.run(["tmux", "-S", self.socket, "kill-server"], stderr=subprocess.DEVNULL)

    async def kill(self):
        """kill -9 of the board; its pane and session close with it. Whether it was running."""
        pid = await self.pid()
        if pid is None:
            return False
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            return False
        for _ in range(100):
            if await self.pid() is None:
                break
            await asyncio.sleep(0.05)
        return True

    async def screen(self):
        status, out = await self.tmux("capture-pane", "-p", "-t", SESSION)
        return out if status == 0 else None

    async def wait_for(self, condition, seconds):
        """The screen once `condition` holds for it; None after `seconds` or if the board is gone."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            screen = await self.screen()
            if screen is None:
                return None
            if condition(screen):
                return screen
            await asyncio.sleep(0.1)
        return None

    async def loop(self):
        await self.open()
        while not self.run.stopping:
            await asyncio.sleep(self.rng.uniform(0.5, 3))
            if not self.run.stopping and await self.pid() is not None:
                await self.add_card()

    async def add_card(self):
        """`a`, a title, Ctrl-S: the README's keys for a new project (its deadline the default)."""
        screen = await self.screen()
        if screen is None or "New project" in screen:
            return  # gone, or a form left open by a round the board did not finish
        self.serial += 1
        title = "b%d card %d" % (self.number, self.serial)
        # The first key after opening may only dismiss the banner of cards due.
        for _ in range(2):
            await self.tmux("send-keys", "-t", SESSION, "a")
            if await self.wait_for(lambda s: "New project" in s, 3):
                break
        else:
            return
        await self.tmux("send-keys", "-t", SESSION, "-l", title)
        await self.tmux("send-keys", "-t", SESSION, "C-s")
        if await self.wait_for(lambda s: "New project" not in s and "TODO (" in s, 5):
            self.saved.append(title)
            self.run.count("board: cards added with its keys")

    async def operations(self):
        """The board's database's operations, id -> server seq (None while pending)."""
        process = await asyncio.create_subprocess_exec(
            "sqlite3", "-separator", " ", self.env["PM_DATABASE"], "SELECT lower(id), serverSeq FROM operation",
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.DEVNULL)
        out, _ = await process.communicate()
        rows = [line.split(" ") for line in out.decode().splitlines() if line]
        return {row[0]: (int(row[1]) if len(row) > 1 and row[1] else None) for row in rows}

    async def wait_until(self, condition, seconds):
        """Polls the board's operations until `condition(operations)`; the seconds it took, or None."""
        started = time.monotonic()
        while time.monotonic() - started < seconds:
            if await self.pid() is None:
                await self.open()
            if condition(await self.operations()):
                return time.monotonic() - started
            await asyncio.sleep(0.25)
        return None

    async def quit(self):
        """`q`, as a user quits; the session ends with the board."""
        # A board opened again with cards due shows its banner of them until a key is pressed,
        # and that key does nothing else: the board's own cards are due today.
        if await self.wait_for(lambda s: "press any key" not in s, 0.5) is None:
            await self.tmux("send-keys", "-t", SESSION, "Escape")
            await self.wait_for(lambda s: "press any key" not in s, 5)
        await self.tmux("send-keys", "-t", SESSION, "q")
        for _ in range(100):
            if await self.pid() is None:
                return
            await asyncio.sleep(0.05)
        await self.kill()
        self.run.problem("device %d: the board did not quit on q" % self.number)
