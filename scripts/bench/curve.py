#!/usr/bin/env python3
"""The cost curve: how pm's costs grow with the board, from 1,000 to 1,000,000 cards.

    curve.py measure PM PM_SERVER DATA [--sizes 1000,10000,100000,1000000] --out JSON
        for each size: `pm import` of board-N.pm.json (from `data.py DATA --curve`) into a
        new database, `pm list`, the board's first frame, key to frame and peak memory (through
        board.py's pseudo-terminal), and a new device's start on a pm-server board holding
        the same cards (sync_client.py ready: board ready, full history)
    curve.py report JSON --markdown MD [--plot PNG]
        the table and the growth between sizes (and, with matplotlib, a log-log plot)

The measuring half is Python's standard library only; the plot needs matplotlib (scripts/bench/run
--curve installs it into a virtual environment of its own). The token of the pm-server user is
passed to pm through $PM_TOKEN, as scripts/bench/sync does.
"""

import argparse
import json
import math
import os
import shutil
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import board as board_bench  # noqa: E402 (board.py beside this file: the pseudo-terminal timing)
import harness  # noqa: E402 (scripts/lib)

HERE = os.path.dirname(os.path.abspath(__file__))

# (key, label, unit) of every figure, in the table's order.
FIGURES = [
    ("list_s", "`pm list`", "s"),
    ("list_cpu_s", "`pm list`, CPU (user + system)", "s"),
    ("first_frame_s", "board first frame", "s"),
    ("key_to_frame_s", "key to frame (median)", "s"),
    ("import_s", "`pm import`", "s"),
    ("import_cpu_s", "`pm import`, CPU (user + system)", "s"),
    ("ready_s", "new device: board ready", "s"),
    ("full_s", "new device: whole history", "s"),
    ("board_memory_mb", "board peak memory", "MB"),
    ("import_memory_mb", "`pm import` peak memory", "MB"),
]


def fail(message):
    print("curve.py: " + message, file=sys.stderr)
    sys.exit(1)


def timed(command, stdout=subprocess.DEVNULL):
    """Runs `command` to its end; returns (seconds, peak resident memory in bytes, CPU seconds:
    user and system). On a loaded machine the CPU time moves much less than the wall time."""
    started = time.perf_counter()
    process = subprocess.Popen(command, stdout=stdout, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - started
    process.returncode = os.waitstatus_to_exitcode(status)
    stderr = process.stderr.read().decode()
    process.stderr.close()
    if process.returncode != 0:
        fail("%s exited %d: %s" % (" ".join(command), process.returncode, stderr.strip()))
    return elapsed, usage.ru_maxrss * 1024, usage.ru_utime + usage.ru_stime


def remove_database(path):
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(path + suffix):
            os.remove(path + suffix)


def runs_for(size):
    """Fewer runs where one run takes long."""
    return 5 if size <= 10_000 else 3 if size <= 100_000 else 1


def measure_size(args, size, server, board_bench, work, results, save):
    pm = args.pm
    export = os.path.join(args.data, "board-%d.pm.json" % size)
    if not os.path.exists(export):
        fail("%s is missing: run data.py %s --curve" % (export, args.data))
    database = os.path.join(work, "board-%d.sqlite" % size)
    runs = runs_for(size)
    figures = {"size": size, "runs": runs}

    imports = []
    for _ in range(runs):
        remove_database(database)
        imports.append(timed([pm, "import", export, "--database", database]))
    figures["import_s"] = statistics.median(t for t, _, _ in imports)
    figures["import_cpu_s"] = statistics.median(c for _, _, c in imports)
    figures["import_memory_mb"] = max(m for _, m, _ in imports) / 1e6
    save(figures)
    print("  %s cards: import %.3f s" % (format(size, ","), figures["import_s"]), file=sys.stderr)

    # Every card is listed, one a line under its list's heading.
    listed = subprocess.run([pm, "list", "--database", database], capture_output=True, check=True).stdout
    shown = sum(1 for line in listed.splitlines() if line.startswith(b"  "))
    if shown != size:
        fail("pm list showed %d cards of %d" % (shown, size))
    lists = [timed([pm, "list", "--database", database]) for _ in range(runs + 2)]
    figures["list_s"] = statistics.median(t for t, _, _ in lists[2:])
    figures["list_cpu_s"] = statistics.median(c for _, _, c in lists[2:])
    figures["list_memory_mb"] = max(m for _, m, _ in lists) / 1e6

    firsts, keys, peaks = [], [], []
    for _ in range(max(runs, 2)):
        first, latencies, peak = board_bench.run_once(pm, database, args.keys)
        firsts.append(first)
        keys += latencies
        peaks.append(peak)
    figures["first_frame_s"] = statistics.median(firsts)
    figures["key_to_frame_s"] = statistics.median(keys)
    figures["board_memory_mb"] = max(peaks) / 1e6
    save(figures)
    print("  %s cards: list %.3f s, first frame %.3f s, key %.2f ms, board %.0f MB"
          % (format(size, ","), figures["list_s"], figures["first_frame_s"], figures["key_to_frame_s"] * 1000,
             figures["board_memory_mb"]), file=sys.stderr)

    # The same cards on the server, pushed by a device holding them, then a new device starts.
    board = "curve-%d" % size
    server.add_board(board)
    pusher = os.path.join(work, "pusher-%d.sqlite" % size)
    remove_database(pusher)
    shutil.copy(database, pusher)
    for suffix in ("-wal", "-shm"):
        if os.path.exists(database + suffix):
            shutil.copy(database + suffix, pusher + suffix)
    subprocess.run([pm, "remote", "set", server.url, "--board", board, "--database", pusher],
                   capture_output=True, check=True)
    pushed, _, _ = timed([pm, "sync", "--database", pusher])
    figures["push_all_s"] = pushed
    remove_database(pusher)
    ready_json = os.path.join(results, "curve-ready-%d.json" % size)
    fresh = os.path.join(work, "fresh-%d.sqlite" % size)
    subprocess.run([sys.executable, os.path.join(HERE, "sync_client.py"), "ready", pm, server.url, board, fresh,
                    "--operations", str(size), "--runs", str(runs), "--out", ready_json],
                   stdout=subprocess.DEVNULL, check=True)
    remove_database(fresh)
    with open(ready_json) as f:
        ready = json.load(f)
    figures["ready_s"] = ready["remote_set_s"] + ready["ready_s"]
    figures["full_s"] = ready["remote_set_s"] + ready["full_s"]
    print("  %s cards: pushed in %.1f s; new device ready %.3f s, whole history %.3f s"
          % (format(size, ","), pushed, figures["ready_s"], figures["full_s"]), file=sys.stderr)
    remove_database(database)
    return figures


def command_measure(args):
    work = os.path.join(args.data, "curve-work")
    results = os.path.dirname(os.path.abspath(args.out))
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    server = harness.ThrowawayServer(args.pm_server, work, "curve")
    os.environ["PM_TOKEN"] = server.token
    rows = []
    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())

    def save(row):
        """Writes what is measured so far (a size's figures as they come), so a long run that is
        cut off leaves what it has."""
        row["load_after"] = os.getloadavg()[0]
        with open(args.out, "w") as f:
            json.dump({"rows": rows + [row], "nproc": os.cpu_count(), "started": started}, f, indent=1)

    try:
        for size in (int(s) for s in args.sizes.split(",")):
            load = os.getloadavg()
            row = measure_size(args, size, server, board_bench, work, results,
                               lambda partial: save(dict(partial, load_before=load[0])))
            row["load_before"] = load[0]
            save(row)
            rows.append(row)
    finally:
        server.stop()
        shutil.rmtree(work, ignore_errors=True)


def growth(rows, key):
    """For each step between sizes: the exponent k of t ∝ n^k over the step, and k for n log n."""
    steps = []
    for low, high in zip(rows, rows[1:]):
        if key == "size" or (low.get(key) and high.get(key)):
            ratio = high["size"] / low["size"]
            k = math.log(high[key] / low[key]) / math.log(ratio) if key != "size" else 1.0
            nlogn = math.log(high["size"] * math.log(high["size"]) / (low["size"] * math.log(low["size"]))) / math.log(ratio)
            steps.append((low["size"], high["size"], k, nlogn))
    return steps


def short(size):
    return {1_000: "1k", 10_000: "10k", 100_000: "100k", 1_000_000: "1M"}.get(size, format(size, ","))


def value(v, unit):
    if unit == "MB":
        return "%.0f MB" % v
    return "%.2f ms" % (v * 1000) if v < 0.01 else "%.0f ms" % (v * 1000) if v < 1 else "%.2f s" % v


def command_report(args):
    with open(args.json) as f:
        document = json.load(f)
    rows = document["rows"]
    lines = ["| figure | " + " | ".join(short(r["size"]) for r in rows) + " | growth, step by step (k in n^k) |",
             "| --- | " + " | ".join("---:" for _ in rows) + " | --- |"]
    for key, label, unit in FIGURES:
        steps = growth(rows, key)
        text = ", ".join("%s→%s %.2f" % (short(a), short(b), k) for a, b, k, _ in steps)
        cells = " | ".join(value(r[key], unit) if key in r else "—" for r in rows)
        lines.append("| %s | %s | %s |" % (label, cells, text))
    lines.append("| load average before / after | %s | |"
                 % " | ".join("%.1f / %.1f" % (r["load_before"], r["load_after"]) for r in rows))
    lines.append("")
    lines.append("n log n would give k = %s over the same steps; k above it means faster growth than n log n."
                 % ", ".join("%.2f" % nl for _, _, _, nl in growth(rows, "size")))
    with open(args.markdown, "w") as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join(lines))
    if args.plot:
        plot(rows, args.plot, document.get("started"))


def plot(rows, path, started=None):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    sizes = [r["size"] for r in rows]
    figure, (times, memory) = plt.subplots(1, 2, figsize=(12, 5), gridspec_kw={"width_ratios": [2, 1]})
    # A colour of its own for each figure, none of them the guides' grey (the default cycle's
    # eighth colour is grey, which made "new device: whole history" look like a guide).
    palette = [plt.get_cmap("tab20")(i) for i in (0, 2, 4, 6, 8, 10, 12, 16, 18, 1)]
    for (key, label, unit), colour in zip(FIGURES, palette):
        axes = memory if unit == "MB" else times
        measured = [(r["size"], r[key]) for r in rows if key in r]
        axes.plot([n for n, _ in measured], [v for _, v in measured], marker="o", color=colour,
                  label=label.replace("`", ""))
    # Guides through the smallest board's list time: n and n log n.
    base = rows[0]["list_s"]
    for label, curve, style in (("∝ n", lambda n: n, ":"), ("∝ n log n", lambda n: n * math.log(n), "--")):
        times.plot(sizes, [base * curve(n) / curve(sizes[0]) for n in sizes], linestyle=style, color="gray",
                   label=label)
    for axes, ylabel in ((times, "seconds"), (memory, "MB")):
        axes.set_xscale("log")
        axes.set_yscale("log")
        axes.set_xlabel("cards")
        axes.set_ylabel(ylabel)
        axes.grid(True, which="both", alpha=0.3)
        axes.legend(fontsize=8)
    times.set_title("pm's costs by board size (release build)")
    memory.set_title("peak memory")
    # When and under what load: a figure taken on a busy machine says so on its face.
    loads = [r[key] for r in rows for key in ("load_before", "load_after") if key in r]
    caption = "measured %s on %d cores, load average %.1f–%.1f" % (
        started or "at an unrecorded time", os.cpu_count() or 0, min(loads), max(loads))
    figure.text(0.5, 0.005, caption, ha="center", fontsize=9, color="dimgray")
    figure.tight_layout(rect=(0, 0.03, 1, 1))
    figure.savefig(path, dpi=110)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    measure = commands.add_parser("measure")
    measure.add_argument("pm")
    measure.add_argument("pm_server")
    measure.add_argument("data")
    measure.add_argument("--sizes", default="1000,10000,100000,1000000")
    measure.add_argument("--keys", type=int, default=100)
    measure.add_argument("--out", required=True)
    report = commands.add_parser("report")
    report.add_argument("json")
    report.add_argument("--markdown", required=True)
    report.add_argument("--plot")
    args = parser.parse_args()
    {"measure": command_measure, "report": command_report}[args.command](args)


if __name__ == "__main__":
    main()
