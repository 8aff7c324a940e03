#!/usr/bin/env python3
"""Times the full-screen board as a user meets it, through a real pseudo-terminal.

For a database given on the command line: the time from starting `pm board` to its first frame
being written; the time from each key press (j/k, moving the selection) to the frame that answers
it; and the process's peak memory (ru_maxrss from wait4). Prints one JSON object.

    scripts/bench/board.py PM_BINARY DATABASE [--keys 200] [--runs 5]
"""
import argparse
import fcntl
import json
import os
import pty
import select
import signal
import statistics
import struct
import sys
import termios
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import harness  # noqa: E402 (scripts/lib)

COLUMNS, ROWS = 120, 40


def drain(fd, quiet):
    """Reads output until none arrives for `quiet` seconds; returns the time of the last byte."""
    last = None
    while True:
        ready, _, _ = select.select([fd], [], [], quiet)
        if not ready:
            return last
        try:
            if not os.read(fd, 1 << 16):
                return last
        except OSError:  # the board has exited
            return last
        last = time.monotonic()


def first_frame_end(fd, marker=b"Project Manager", limit=30.0):
    """Reads until the first frame (the one that draws the header) has arrived whole; returns
    the time of its last byte. Raw-mode set-up codes come earlier and do not count."""
    seen = b""
    deadline = time.monotonic() + limit
    while marker not in seen:
        ready, _, _ = select.select([fd], [], [], max(0.0, deadline - time.monotonic()))
        if not ready:
            raise SystemExit("the board drew no frame")
        seen += os.read(fd, 1 << 16)
    last = time.monotonic()
    return drain(fd, 0.03) or last


def run_once(binary, database, keys):
    env = dict(os.environ, TERM="xterm-256color", NO_COLOR="", TZ="UTC")
    started = time.monotonic()
    pid, fd = pty.fork()
    if pid == 0:
        # The size is set on the terminal before the board starts, so it draws once, at it.
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
        os.execve(binary, [binary, "board", "--database", database], env)
    first_frame = first_frame_end(fd) - started
    os.write(fd, b"x")  # any key dismisses the opening banner
    drain(fd, 0.05)
    latencies = []
    for index in range(keys):
        key = b"j" if (index // 20) % 2 == 0 else b"k"
        sent = time.monotonic()
        os.write(fd, key)
        ready, _, _ = select.select([fd], [], [], 2.0)
        if not ready:
            continue  # at the end of a list a key may change nothing on screen
        arrived = time.monotonic()
        latencies.append(arrived - sent)
        drain(fd, 0.005)
    os.write(fd, b"q")
    drain(fd, 0.2)
    _, status, usage = os.wait4(pid, 0)
    os.close(fd)
    return first_frame, latencies, usage.ru_maxrss * 1024


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("database")
    parser.add_argument("--keys", type=int, default=200)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    firsts, latencies, peaks = [], [], []
    for _ in range(args.runs):
        first, keys, peak = run_once(args.binary, args.database, args.keys)
        firsts.append(first)
        latencies += keys
        peaks.append(peak)
    result = {
        "database": args.database,
        "first_frame_ms_median": round(statistics.median(firsts) * 1000, 1),
        "first_frame_ms_max": round(max(firsts) * 1000, 1),
        "key_to_frame_ms_median": round(statistics.median(latencies) * 1000, 2),
        "key_to_frame_ms_p99": round(harness.percentile(latencies, 99) * 1000, 2),
        "keys_measured": len(latencies),
        "peak_memory_mb": round(max(peaks) / 1e6, 1),
    }
    print(json.dumps(result))


if __name__ == "__main__":
    main()
