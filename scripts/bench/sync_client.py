#!/usr/bin/env python3
"""The measuring side of scripts/bench/sync: a change's way from one device to another, and a
fresh device starting from a large board. Python standard library only.

    sync_client.py latency PM URL BOARD WORKDIR [--changes 1000] [--warmup 10] [--gap-ms 20] --out JSON
        device A adds a card, device B (`pm board` open in a pseudo-terminal, holding the
        live WebSocket) merges it: t1 - t0 per change, and how long `pm add` itself took
    sync_client.py ready PM URL BOARD DATABASE [--runs 5] --out JSON
        a fresh device: `pm remote set`, then `pm sync`, timing when the snapshot is stored
        (board ready) and when the process ends (full history)
    sync_client.py summary RESULTS            print (and write) sync-summary.{md,json}

The token comes from $PM_TOKEN, as pm itself reads it, so it shows in no command line.
"""

import argparse
import codecs
import fcntl
import json
import os
import pty
import re
import select
import signal
import sqlite3
import statistics
import struct
import subprocess
import sys
import termios
import threading
import time
import unicodedata
import urllib.parse
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import harness  # noqa: E402 (scripts/lib)

COLUMNS, ROWS = 120, 40
POLL = 0.0005  # seconds between two looks at the receiving device's database
LATENCY_TARGET_MS = 50.0
START_TARGET_S = 2.0


def fail(message):
    print("sync_client.py: " + message, file=sys.stderr)
    sys.exit(1)


class TimedExit:
    """A process started now whose exit a thread blocked in waitpid times, at the moment it
    happens rather than when the measuring loop next looks; its stderr is a pipe."""

    def __init__(self, command, stdout):
        self.exited_at = None
        self.status = None
        self.started = time.perf_counter()
        self.process = subprocess.Popen(command, stdout=stdout, stderr=subprocess.PIPE)
        self.thread = threading.Thread(target=self._wait)
        self.thread.start()

    def _wait(self):
        _, self.status = os.waitpid(self.process.pid, 0)
        self.exited_at = time.perf_counter()

    def join(self):
        """Waits for the exit; returns the exit code."""
        self.thread.join()
        return os.waitstatus_to_exitcode(self.status)


def run_pm(pm, *args, database, stdin=None):
    """Runs pm to completion; fails the benchmark on a non-zero exit."""
    done = subprocess.run([pm, *args, "--database", database], input=stdin, capture_output=True, text=True)
    if done.returncode != 0:
        fail("pm %s exited %d: %s" % (" ".join(args), done.returncode, (done.stderr or done.stdout).strip()))
    return done.stdout


def read_only(database):
    """A read-only connection to a pm database (WAL), in autocommit mode: every SELECT reads the
    latest committed state."""
    connection = sqlite3.connect("file:%s?mode=ro" % database, uri=True, isolation_level=None,
                                 check_same_thread=False)
    connection.execute("PRAGMA busy_timeout = 1000")
    return connection


# --- a terminal, just enough to read the board's header ------------------------------------

class Screen:
    """A minimal terminal: what TerminalKit's renderer sends (absolute and relative cursor
    moves, CR LF, clear, SGR, private modes) applied to a grid, so the header can be read even
    when only its changed cells are redrawn."""

    CSI = re.compile(r"\x1b\[([?0-9;]*)([@-~])")

    def __init__(self, columns=COLUMNS, rows=ROWS):
        self.columns, self.rows = columns, rows
        self.clear()
        self.x = self.y = 0
        self.pending = ""

    def clear(self):
        self.grid = [[" "] * self.columns for _ in range(self.rows)]

    def feed(self, data):
        text = self.pending + data
        self.pending = ""
        i = 0
        while i < len(text):
            c = text[i]
            if c == "\x1b":
                match = self.CSI.match(text, i)
                if match is None:
                    if len(text) - i < 32 and "\x1b" not in text[i + 1:]:
                        self.pending = text[i:]  # a sequence cut between two reads
                        return
                    i += 1
                    continue
                self.control(match.group(1), match.group(2))
                i = match.end()
                continue
            if c == "\r":
                self.x = 0
            elif c == "\n":
                self.y = min(self.y + 1, self.rows - 1)
            elif unicodedata.combining(c) or c in "\u200d\ufe0f\ufe0e" or unicodedata.category(c) == "Cf":
                pass  # joins the character before
            elif c >= " ":
                width = 2 if unicodedata.east_asian_width(c) in "WF" else 1
                if 0 <= self.y < self.rows and 0 <= self.x < self.columns:
                    self.grid[self.y][self.x] = c
                    if width == 2 and self.x + 1 < self.columns:
                        self.grid[self.y][self.x + 1] = ""
                self.x += width
            i += 1

    def control(self, parameters, final):
        if parameters.startswith("?"):
            return
        numbers = [int(p) if p else 0 for p in parameters.split(";")] if parameters else []
        if final == "H":
            row = numbers[0] if numbers else 1
            column = numbers[1] if len(numbers) > 1 else 1
            self.y, self.x = max(row, 1) - 1, max(column, 1) - 1
        elif final == "C":
            self.x += numbers[0] if numbers and numbers[0] else 1
        elif final == "D":
            self.x -= numbers[0] if numbers and numbers[0] else 1
        elif final == "J" and numbers and numbers[0] == 2:
            self.clear()

    def line(self, y):
        return "".join(self.grid[y])


class Board:
    """`pm board` in a pseudo-terminal of COLUMNS×ROWS, its output read (and drawn on a Screen)
    by a thread, so the board never blocks on a full terminal."""

    def __init__(self, pm, database):
        env = dict(os.environ, TERM="xterm-256color", TZ="UTC")
        env.pop("NO_COLOR", None)
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
            os.execve(pm, [pm, "board", "--database", database], env)
        self.screen = Screen()
        self.lock = threading.Lock()
        self.alive = True
        self.decoder = codecs.getincrementaldecoder("utf-8")("replace")
        self.thread = threading.Thread(target=self.read, daemon=True)
        self.thread.start()

    def read(self):
        while True:
            try:
                data = os.read(self.fd, 1 << 16)
            except OSError:
                data = b""
            if not data:
                self.alive = False
                return
            with self.lock:
                self.screen.feed(self.decoder.decode(data))

    def header(self):
        with self.lock:
            return self.screen.line(0)

    def text(self):
        with self.lock:
            return "\n".join(self.screen.line(y).rstrip() for y in range(ROWS))

    def wait_for(self, words, limit):
        deadline = time.monotonic() + limit
        while time.monotonic() < deadline:
            if words in self.header():
                return True
            if not self.alive:
                fail("pm board exited:\n" + self.text())
            time.sleep(0.01)
        return False

    def quit(self):
        if self.alive:
            try:
                os.write(self.fd, b"q")
            except OSError:
                pass
            deadline = time.monotonic() + 5
            while self.alive and time.monotonic() < deadline:
                time.sleep(0.02)
        try:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid == 0:
                os.kill(self.pid, signal.SIGTERM)
                os.waitpid(self.pid, 0)
        except ChildProcessError:
            pass
        try:
            os.close(self.fd)
        except OSError:
            pass


# --- latency -------------------------------------------------------------------------------

def command_latency(args):
    a = os.path.join(args.workdir, "device-a.sqlite")
    b = os.path.join(args.workdir, "device-b.sqlite")
    for database in (a, b):
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(database + suffix):
                os.remove(database + suffix)
        # An empty board, then the remote (the token from $PM_TOKEN).
        run_pm(args.pm, "list", database=database)
        run_pm(args.pm, "remote", "set", args.url, "--board", args.board, database=database)

    board = Board(args.pm, b)
    try:
        if not board.wait_for("● synced", 30):
            fail("device B's board did not reach '● synced' within 30 s; its screen:\n" + board.text())
        print("device B: pm board open, header: %s" % board.header().strip(), file=sys.stderr)
        watch = read_only(b)
        latencies, add_times, after_exit, unpushed = [], [], [], 0
        total = args.warmup + args.changes
        for n in range(1, total + 1):
            title = "카드 %d" % n
            last = watch.execute("SELECT coalesce(max(seq), 0) FROM operation").fetchone()[0]
            adding = TimedExit([args.pm, "add", title, "--deadline", "+3d", "--database", a], subprocess.DEVNULL)
            t0 = adding.started
            while True:
                row = watch.execute("SELECT title FROM operation WHERE seq > ? AND title = ? LIMIT 1",
                                    (last, title)).fetchone()
                if row is not None:
                    t1 = time.perf_counter()
                    break
                if time.perf_counter() - t0 > args.timeout:
                    adding.join()
                    fail("change %d (%r) did not reach device B within %.0f s; B's screen:\n%s"
                         % (n, title, args.timeout, board.text()))
                time.sleep(POLL)
            code = adding.join()
            stderr = adding.process.stderr.read().decode("utf-8", "replace").strip()
            adding.process.stderr.close()
            if code != 0 or stderr:
                fail("pm add %r exited %d: %s" % (title, code, stderr))
            if not board.alive:
                fail("device B's board exited")

            # Did the command push its change itself (auto-push), or did it wait in A's outbox?
            pushed = sqlite3.connect("file:%s?mode=ro" % a, uri=True).execute(
                "SELECT serverSeq IS NOT NULL FROM operation WHERE title = ? ORDER BY seq DESC LIMIT 1",
                (title,)).fetchone()
            if not pushed or not pushed[0]:
                unpushed += 1
            if n > args.warmup:
                latencies.append((t1 - t0) * 1000)
                add_times.append((adding.exited_at - t0) * 1000)
                after_exit.append((t1 - adding.exited_at) * 1000)
            if n % 100 == 0:
                print("  %d/%d changes, last %.1f ms (pm add %.1f ms)"
                      % (n, total, (t1 - t0) * 1000, (adding.exited_at - t0) * 1000), file=sys.stderr)
            time.sleep(args.gap_ms / 1000)

        cards_b = watch.execute("SELECT count(*) FROM project").fetchone()[0]
        header = board.header().strip()
    finally:
        board.quit()
    if cards_b != total:
        fail("device B holds %d cards after %d adds" % (cards_b, total))
    if unpushed:
        fail("%d of %d pm add commands left their change in the outbox (no auto-push)" % (unpushed, total))

    def stats(values):
        figures = {"p%d" % p: harness.percentile(values, p) for p in (50, 90, 99)}
        return dict(figures, max=max(values), min=min(values), mean=statistics.fmean(values))
    result = {
        "changes": len(latencies), "warmup": args.warmup, "gap_ms": args.gap_ms, "poll_ms": POLL * 1000,
        "latency_ms": stats(latencies), "pm_add_ms": stats(add_times), "merged_after_add_exit_ms": stats(after_exit),
        "merged_before_add_exit": sum(1 for v in after_exit if v < 0),
        "cards_on_b": cards_b, "header_after": header, "target_p99_ms": LATENCY_TARGET_MS,
        "samples_ms": [round(v, 3) for v in latencies], "pm_add_samples_ms": [round(v, 3) for v in add_times],
    }
    with open(args.out, "w") as f:
        json.dump(result, f, indent=1)
    l, p = result["latency_ms"], result["pm_add_ms"]
    print("latency-result changes=%d p50=%.2f p90=%.2f p99=%.2f max=%.2f add_p50=%.2f add_p99=%.2f"
          % (len(latencies), l["p50"], l["p90"], l["p99"], l["max"], p["p50"], p["p99"]))


# --- fresh device --------------------------------------------------------------------------

def command_ready(args):
    database = args.database
    runs = []
    # The cards the server's snapshot holds (those not deleted): what a ready board must show.
    request = urllib.request.Request("%s/v1/boards/%s/projects" % (args.url, urllib.parse.quote(args.board, safe="")),
                                     headers={"Authorization": "Bearer " + os.environ["PM_TOKEN"]})
    with urllib.request.urlopen(request, timeout=60) as answer:
        expected = len(json.load(answer)["projects"])
    for run in range(args.runs):
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(database + suffix):
                os.remove(database + suffix)
        start = time.perf_counter()
        run_pm(args.pm, "remote", "set", args.url, "--board", args.board, database=database)
        remote_set = time.perf_counter() - start
        watch = read_only(database)

        syncing = TimedExit([args.pm, "sync", "--database", database], subprocess.PIPE)
        t0 = syncing.started
        ready = None
        first = None
        # The snapshot's cards are stored a page at a time (AppDatabase.storeJoinPage): the
        # first card in the file is the board showing cards. The remote's cursor moves off 0
        # once the last page is in (AppDatabase.finishJoin): the board is whole. (A build that
        # stores every card and the cursor in one transaction gives the two the same time.)
        while syncing.exited_at is None:
            try:
                if first is None and watch.execute("SELECT 1 FROM project LIMIT 1").fetchone():
                    first = time.perf_counter() - t0
                cursor = watch.execute("SELECT cursor FROM remote").fetchone()[0]
            except sqlite3.OperationalError:  # locked for an instant by the writer's checkpoint
                cursor = 0
            if cursor > 0:
                ready = time.perf_counter() - t0
                if first is None:
                    first = ready
                break
            time.sleep(0.001)
        # The snapshot holds the cards not deleted; the backfill adds rows for deleted ones.
        cards_at_ready = watch.execute("SELECT count(*) FROM project WHERE deleted IS NOT 1").fetchone()[0]
        listed = None
        if run == 0 and ready is not None:
            # Once, untimed: `pm list` works while the history is still being fetched.
            output = run_pm(args.pm, "list", database=database)
            listed = sum(1 for line in output.splitlines() if line.startswith("  "))
        code = syncing.join()
        full = syncing.exited_at - t0
        stdout = syncing.process.stdout.read().decode()
        stderr = syncing.process.stderr.read().decode()
        if code != 0:
            fail("pm sync exited %d: %s" % (code, stderr.strip()))
        if "started from the server's cards" not in stdout:
            fail("pm sync did not start from the snapshot: %s" % stdout.strip())
        if ready is None:
            fail("pm sync ended before its cursor moved: %s" % stdout.strip())
        operations = watch.execute("SELECT count(*) FROM operation").fetchone()[0]
        live = watch.execute("SELECT count(*) FROM project WHERE deleted IS NOT 1").fetchone()[0]
        watch.close()
        if cards_at_ready != live or live != expected:
            fail("cards when ready %d, after the full sync %d, in the server's snapshot %d" % (cards_at_ready, live, expected))
        if operations != args.operations:
            fail("the device holds %d operations after pm sync, the board %d" % (operations, args.operations))
        if listed is not None and listed != live:
            fail("pm list during the backfill showed %d cards, the board has %d" % (listed, live))
        runs.append({"remote_set_s": remote_set, "first_s": first, "ready_s": ready, "full_s": full,
                     "output": stdout.strip()})
        print("  run %d: remote set %.3f s, first cards shown %.3f s, board whole %.3f s, full history %.3f s (%s)"
              % (run + 1, remote_set, first, ready, full, stdout.strip()), file=sys.stderr)
        if listed is not None:
            print("  pm list while the history was fetched: %d cards" % listed, file=sys.stderr)

    def median(key):
        return statistics.median(r[key] for r in runs)
    result = {
        "runs": runs, "live_cards": expected, "operations": args.operations,
        "remote_set_s": median("remote_set_s"), "first_s": median("first_s"), "ready_s": median("ready_s"),
        "full_s": median("full_s"),
        "ready_max_s": max(r["ready_s"] for r in runs), "full_max_s": max(r["full_s"] for r in runs),
        "target_s": START_TARGET_S,
    }
    with open(args.out, "w") as f:
        json.dump(result, f, indent=1)
    print("ready-result runs=%d cards=%d remote_set=%.3f first=%.3f ready=%.3f full=%.3f"
          % (len(runs), expected, result["remote_set_s"], result["first_s"], result["ready_s"], result["full_s"]))


# --- summary -------------------------------------------------------------------------------

def command_summary(args):
    def load(name):
        with open(os.path.join(args.results, name)) as f:
            return json.load(f)
    latency = load("sync-latency.json")
    ready = load("sync-ready.json")
    start = load("sync-start.json")["results"][0]  # hyperfine's export
    l, p, e = latency["latency_ms"], latency["pm_add_ms"], latency["merged_after_add_exit_ms"]
    whole = {"mean": start["mean"], "stddev": start.get("stddev") or 0.0, "median": start["median"],
             "min": start["min"], "max": start["max"], "runs": len(start["times"])}
    verdict_latency = "met" if l["p99"] < LATENCY_TARGET_MS else "not met"
    verdict_ready = "met" if ready["ready_s"] + ready["remote_set_s"] < START_TARGET_S else "not met"
    # The start target is the board ready: the device shows the whole board and follows the
    # stream. The older history arrives after it, in the same `pm sync`; it is reported, and
    # has no target of its own (docs/benchmarks.md, "Sync: from one device to another").
    lines = [
        "| figure | p50 | p90 | p99 | max | target | result |",
        "| --- | ---: | ---: | ---: | ---: | ---: | --- |",
        "| `pm add` on A → merged on B (%s changes) | %.1f ms | %.1f ms | %.1f ms | %.1f ms | p99 < 50 ms | %s |" % (
            format(latency["changes"], ","), l["p50"], l["p90"], l["p99"], l["max"], verdict_latency),
        "| `pm add` alone (its process, push included) | %.1f ms | %.1f ms | %.1f ms | %.1f ms | | |" % (
            p["p50"], p["p90"], p["p99"], p["max"]),
        "| merged on B after `pm add` exited | %.1f ms | %.1f ms | %.1f ms | %.1f ms | | |" % (
            e["p50"], e["p90"], e["p99"], e["max"]),
        "",
        "| fresh device, board of %s operations (%s cards) | median | min | max | runs | target | result |" % (
            format(ready["operations"], ","), format(ready["live_cards"], ",")),
        "| --- | ---: | ---: | ---: | ---: | ---: | --- |",
        "| board ready: `pm remote set`, then `pm sync` until the snapshot is stored | %.2f s | %.2f s | %.2f s | %d | < 2 s | %s |" % (
            ready["remote_set_s"] + ready["ready_s"],
            min(r["remote_set_s"] + r["ready_s"] for r in ready["runs"]),
            max(r["remote_set_s"] + r["ready_s"] for r in ready["runs"]), len(ready["runs"]), verdict_ready),
        "| full history: `pm remote set … && pm sync` (hyperfine, whole processes) | %.2f s | %.2f s | %.2f s | %d | | |" % (
            whole["median"], whole["min"], whole["max"], whole["runs"]),
    ]
    text = "\n".join(lines) + "\n"
    summary = {
        "latency_ms": l, "pm_add_ms": p, "merged_after_add_exit_ms": e, "changes": latency["changes"],
        "ready_s": ready["remote_set_s"] + ready["ready_s"], "sync_until_ready_s": ready["ready_s"],
        "remote_set_s": ready["remote_set_s"], "full_s": whole, "full_in_ready_runs_s": ready["full_s"],
        "live_cards": ready["live_cards"], "operations": ready["operations"],
        "verdicts": {"latency": verdict_latency, "ready": verdict_ready},
    }
    with open(os.path.join(args.results, "sync-summary.md"), "w") as f:
        f.write(text)
    with open(os.path.join(args.results, "sync-summary.json"), "w") as f:
        json.dump(summary, f, indent=1)
    print(text)
    if args.strict and "not met" in summary["verdicts"].values():
        sys.exit(1)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    latency = commands.add_parser("latency")
    latency.add_argument("pm")
    latency.add_argument("url")
    latency.add_argument("board")
    latency.add_argument("workdir")
    latency.add_argument("--changes", type=int, default=1000)
    latency.add_argument("--warmup", type=int, default=10)
    latency.add_argument("--gap-ms", type=float, default=20.0)
    latency.add_argument("--timeout", type=float, default=10.0)
    latency.add_argument("--out", required=True)
    latency.set_defaults(run=command_latency)
    ready = commands.add_parser("ready")
    ready.add_argument("pm")
    ready.add_argument("url")
    ready.add_argument("board")
    ready.add_argument("database")
    ready.add_argument("--operations", type=int, required=True)
    ready.add_argument("--runs", type=int, default=5)
    ready.add_argument("--out", required=True)
    ready.set_defaults(run=command_ready)
    summary = commands.add_parser("summary")
    summary.add_argument("results")
    summary.add_argument("--strict", action="store_true")
    summary.set_defaults(run=command_summary)
    args = parser.parse_args()
    if args.command != "summary" and not os.environ.get("PM_TOKEN"):
        fail("PM_TOKEN is not set")
    args.run(args)


if __name__ == "__main__":
    main()
