#!/usr/bin/env python3
"""A new device joining a board, two builds of `pm` side by side: one throwaway `pm-server`
(SQLite, loopback) holding a board of N operations, then `sync_client.py ready` with each `pm`
in turn, run after run, so both meet the same machine.

    side_by_side.py PM_BEFORE PM_NOW PM_SERVER [--operations 100000] [--runs 3] [--out JSON]

Each `ready` run times, from `pm sync`'s start: the first card in the device's file (the board
shows cards), the remote's cursor leaving 0 (the board whole), and `pm sync`'s exit (the whole
history). Prints one line per run and the medians; Python standard library only.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
import harness  # noqa: E402 (scripts/lib)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before")
    parser.add_argument("now")
    parser.add_argument("pm_server")
    parser.add_argument("--operations", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--out")
    parser.add_argument("--from", dest="export", help="fill the board by `pm import` of this file and `pm sync`")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="pm-new-device-") as work:
        server = harness.ThrowawayServer(args.pm_server, work, "bench", boards=["big"])
        try:
            os.environ["PM_TOKEN"] = server.token
            if args.export:
                pusher = os.path.join(work, "pusher.sqlite")
                for command in (["import", args.export], ["remote", "set", server.url, "--board", "big"], ["sync"]):
                    subprocess.run([args.now, *command, "--database", pusher], check=True, stdout=subprocess.DEVNULL)
                for suffix in ("", "-wal", "-shm"):
                    if os.path.exists(pusher + suffix):
                        os.remove(pusher + suffix)
            else:
                subprocess.run([sys.executable, os.path.join(HERE, "server_client.py"), "fill", server.url,
                                server.token, "big", str(args.operations)], check=True, stdout=subprocess.DEVNULL)
            print("board of %d operations; load average %s" % (args.operations, os.getloadavg()), file=sys.stderr)
            results = {"before": [], "now": []}
            for run in range(args.runs):
                for name in ("before", "now"):
                    out = os.path.join(work, "ready.json")
                    subprocess.run([sys.executable, os.path.join(HERE, "sync_client.py"), "ready",
                                    getattr(args, name), server.url, "big", os.path.join(work, "device.sqlite"),
                                    "--operations", str(args.operations), "--runs", "1", "--out", out],
                                   check=True, stdout=subprocess.DEVNULL)
                    with open(out) as f:
                        ready = json.load(f)["runs"][0]
                    figures = {key: ready["remote_set_s"] + ready[key] for key in ("first_s", "ready_s", "full_s")}
                    results[name].append(figures)
                    print("run %d %-6s first cards %.3f s, board whole %.3f s, whole history %.3f s (load %.2f)"
                          % (run + 1, name, figures["first_s"], figures["ready_s"], figures["full_s"],
                             os.getloadavg()[0]), file=sys.stderr)
        finally:
            server.stop()
    for name in ("before", "now"):
        medians = {key: statistics.median(r[key] for r in results[name]) for key in ("first_s", "ready_s", "full_s")}
        print("%-6s median: first cards %.3f s, board whole %.3f s, whole history %.3f s"
              % (name, medians["first_s"], medians["ready_s"], medians["full_s"]))
    if args.out:
        with open(args.out, "w") as f:
            json.dump({"operations": args.operations, "at": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
                       "runs": results}, f, indent=1)


if __name__ == "__main__":
    main()
