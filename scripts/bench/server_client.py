#!/usr/bin/env python3
"""The client side of scripts/bench/server: fills a board, times a client fetching it, checks
answers, and prints the summary table. Python standard library only.

    server_client.py fill URL TOKEN BOARD COUNT      push COUNT operations in batches of 1,000
    server_client.py head URL TOKEN BOARD            print the board's head seq
    server_client.py fetch URL TOKEN BOARD [--runs N] page through the board from after=0
    server_client.py snapshot URL TOKEN BOARD [--runs N]  GET the board's projects
    server_client.py check-page RESPONSE AFTER LIMIT  check a pull answer read from a file
    server_client.py check-push BODY RESPONSE        check a push answer against its body
    server_client.py summary RESULTS BACKEND... [--only push]   print (and write) the summary table

URL is the server's base (http://127.0.0.1:PORT). Timed commands print one line
`NAME-result key=value ...` that the summary reads back from the results files.
"""

import argparse
import http.client
import json
import os
import random
import statistics
import sys
import time
import urllib.parse
import uuid

BATCH = 1000
BASE_WALL_TIME = 1763683200000  # 2025-11-21T00:00:00Z

# Targets on SQLite, in operations per second.
PULL_TARGET = 100_000
PUSH_TARGET = 20_000
# The speed targets for push (docs/benchmarks.md, "Sync server").
PUSH_SPEED_TARGETS = {"sqlite": 150_000, "postgres": 60_000}


def fail(message):
    print("server_client.py: " + message, file=sys.stderr)
    sys.exit(1)


class Client:
    """One keep-alive HTTP connection, as a device's sync client would hold."""

    def __init__(self, url, token):
        parts = urllib.parse.urlsplit(url)
        self.connection = http.client.HTTPConnection(parts.hostname, parts.port or 80, timeout=120)
        self.headers = {"Authorization": "Bearer " + token}

    def request(self, method, path, body=None):
        headers = dict(self.headers)
        if body is not None:
            headers["Content-Type"] = "application/json"
        self.connection.request(method, path, body=body, headers=headers)
        response = self.connection.getresponse()
        data = response.read()
        if response.status != 200:
            fail("%s %s answered %d: %s" % (method, path, response.status, data[:300].decode("utf-8", "replace")))
        return data


def board_path(board, rest):
    return "/v1/boards/%s/%s" % (urllib.parse.quote(board, safe=""), rest)


def head(client, board):
    return json.loads(client.request("GET", board_path(board, "operations?after=0&limit=1")))["head"]


# --- fill ----------------------------------------------------------------------------------

WORDS = ["기획서", "review", "배포", "Q3", "회의록", "budget", "정리", "send", "notes", "팀", "fix", "report",
         "고객", "demo", "일정", "test"]
DEADLINES = ["2025-12-24", "2026-01-15", "2026-02-28", "2026-03-31", "2026-06-30", "2026-11-01"]


def fill_operations(count, seed=1):
    """`count` operations: in each group of five, two cards created (title, status, deadline, a
    quarter with a description) and three edits of cards created earlier anywhere on the board
    (a move, a new title, a new deadline; one edit in 50 deletes the card)."""
    rng = random.Random(seed)
    devices = [str(uuid.UUID(int=rng.getrandbits(128), version=4)) for _ in range(3)]
    cards = []
    operations = []

    def title():
        return " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 8))) + " #%d" % rng.randint(1, 999)

    for n in range(count):
        if n % 5 < 2 or not cards:
            card = str(uuid.UUID(int=rng.getrandbits(128), version=4))
            cards.append(card)
            fields = {"title": title(), "status": rng.choice(["todo", "todo", "doing"]),
                      "deadline": rng.choice(DEADLINES)}
            if rng.random() < 0.25:
                fields["description"] = "Notes for " + title()
        else:
            card = rng.choice(cards)
            kind = rng.random()
            if kind < 0.02:
                fields = {"deleted": True}
            elif kind < 0.6:
                fields = {"status": rng.choice(["todo", "doing", "done"])}
            elif kind < 0.85:
                fields = {"title": title()}
            else:
                fields = {"deadline": rng.choice(DEADLINES)}
        operations.append({
            "id": str(uuid.UUID(int=rng.getrandbits(128), version=4)),
            "projectId": card,
            "timestamp": {"wallTime": BASE_WALL_TIME + n, "counter": 0, "device": devices[n % 3]},
            "fields": fields,
        })
    return operations, len(cards)


def command_fill(args):
    operations, cards = fill_operations(args.count)
    bodies = [json.dumps({"operations": operations[i:i + BATCH]}, ensure_ascii=False).encode()
              for i in range(0, len(operations), BATCH)]
    client = Client(args.url, args.token)
    before = head(client, args.board)
    start = time.perf_counter()
    for body in bodies:
        client.request("POST", board_path(args.board, "operations"), body)
    seconds = time.perf_counter() - start
    after = head(client, args.board)
    if after - before != args.count:
        fail("the board's head moved from %d to %d, expected %d new operations" % (before, after, args.count))
    print("fill-result operations=%d cards=%d requests=%d seconds=%.3f ops_per_s=%.0f"
          % (args.count, cards, len(bodies), seconds, args.count / seconds))


# --- fetch and snapshot --------------------------------------------------------------------

def command_head(args):
    print(head(Client(args.url, args.token), args.board))


def command_fetch(args):
    """A new device catching up: pull from after=0, 1,000 at a time, until next == head,
    decoding every page; timed whole, connection set-up included."""
    times = []
    for _ in range(args.runs):
        start = time.perf_counter()
        client = Client(args.url, args.token)
        after, pages, count, last_head = 0, 0, 0, None
        while True:
            page = json.loads(client.request("GET", board_path(args.board, "operations?after=%d&limit=%d"
                                                                 % (after, BATCH))))
            pages += 1
            for expected, item in enumerate(page["operations"], start=after + 1):
                if item["seq"] != expected:
                    fail("page after %d holds seq %d where %d was expected" % (after, item["seq"], expected))
            count += len(page["operations"])
            after, last_head = page["next"], page["head"]
            if page["next"] == page["head"]:
                break
        times.append(time.perf_counter() - start)
        client.connection.close()
        if count != last_head:
            fail("fetched %d operations, the board's head is %d" % (count, last_head))
    median = statistics.median(times)
    print("fetch-result operations=%d pages=%d runs=%d seconds=%.3f min_seconds=%.3f max_seconds=%.3f ops_per_s=%.0f"
          % (count, pages, len(times), median, min(times), max(times), count / median))


def command_snapshot(args):
    times = []
    for _ in range(args.runs):
        start = time.perf_counter()
        client = Client(args.url, args.token)
        data = client.request("GET", board_path(args.board, "projects"))
        snapshot = json.loads(data)
        times.append(time.perf_counter() - start)
        client.connection.close()
    median = statistics.median(times)
    print("snapshot-result projects=%d seq=%d bytes=%d runs=%d seconds=%.3f min_seconds=%.3f max_seconds=%.3f"
          % (len(snapshot["projects"]), snapshot["seq"], len(data), len(times), median, min(times), max(times)))


# --- checks --------------------------------------------------------------------------------

def command_check_page(args):
    with open(args.response, "rb") as f:
        page = json.load(f)
    seqs = [item["seq"] for item in page["operations"]]
    if seqs != list(range(args.after + 1, args.after + 1 + args.limit)):
        fail("a pull after %d with limit %d answered %d operations (seq %s…)"
             % (args.after, args.limit, len(seqs), seqs[:3]))
    print("pull answer: %d operations, seq %d to %d, head %d" % (len(seqs), seqs[0], seqs[-1], page["head"]))


def command_check_push(args):
    with open(args.body, "rb") as f:
        operations = json.load(f)["operations"]
    with open(args.response, "rb") as f:
        results = json.load(f)["results"]
    if [r["id"].lower() for r in results] != [o["id"] for o in operations]:
        fail("the push answer does not name the pushed operations in order")
    seqs = [r["seq"] for r in results]
    if seqs != list(range(seqs[0], seqs[0] + len(seqs))) or len(set(seqs)) != len(operations):
        fail("the push answer's seqs are not %d new consecutive numbers" % len(operations))
    print("push answer: %d new operations, seq %d to %d" % (len(seqs), seqs[0], seqs[-1]))


# --- summary -------------------------------------------------------------------------------

def read_result(path, name):
    """The key=value pairs of the `NAME-result` line in a results file."""
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith(name + "-result "):
                return {k: float(v) for k, v in (pair.split("=", 1) for pair in line.split()[1:])}
    fail("no %s-result line in %s" % (name, path))


def command_summary(args):
    names = {"sqlite": "SQLite", "postgres": "PostgreSQL",
             "sqlite-baseline": "SQLite, baseline", "postgres-baseline": "PostgreSQL, baseline"}
    rows = [
        "| backend | health req/s (p99) | push ops/s (p99 per batch) | pull ops/s (p99 per page) "
        "| fetch board from empty | snapshot | fill, 1 client |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    cpu_rows = [
        "| backend | health req per server CPU-s | push ops per server CPU-s | pull ops per server CPU-s "
        "| server CPU used in push / pull runs |",
        "| --- | ---: | ---: | ---: | ---: |",
    ]
    verdicts = []

    def label(backend):
        # Rounds after the first are named BACKEND-N or BACKEND-baseline-N.
        base, _, number = backend.rpartition("-")
        if base and number.isdigit():
            return "%s, round %s" % (names.get(base, base), number)
        return names.get(backend, backend)
    if args.only == "push":
        rows = ["| backend | push ops/s (p99 per batch) | push ops per server CPU-s | server CPU in the push run |",
                "| --- | ---: | ---: | ---: |"]
        cpu_rows = []
    for backend in args.backends:
        def result(what, name):
            return read_result(os.path.join(args.results, "server-%s-%s.txt" % (backend, what)), name)
        if args.only == "push":
            push, cpu = result("push", "wrk"), result("push", "cpu")["seconds"]
            push_ops = push["rps"] * BATCH
            rows.append("| %s | %s (%.0f ms) | %s | %.0f %% of one core |" % (
                label(backend), format(round(push_ops), ","), push["latency_p99_ms"],
                format(round(push["requests"] * BATCH / cpu), ",") if cpu > 0 else "–",
                100 * cpu / push["seconds"]))
            target = PUSH_SPEED_TARGETS.get(backend)
            if target:
                verdicts.append("- %s push ≥ %s ops/s (speed target): **%s** (%s ops/s)" % (
                    names[backend], format(target, ","), "met" if push_ops >= target else "not met",
                    format(round(push_ops), ",")))
            continue
        health, push, pull = result("health", "wrk"), result("push", "wrk"), result("pull", "wrk")
        fetch, snapshot, fill = result("fetch", "fetch"), result("snapshot", "snapshot"), result("fill", "fill")
        push_ops, pull_ops = push["rps"] * BATCH, pull["rps"] * BATCH
        rows.append("| %s | %s (%.1f ms) | %s (%.0f ms) | %s (%.0f ms) | %.2f s (%s ops/s) | %.2f s (%s cards) | %s ops/s |" % (
            label(backend), format(round(health["rps"]), ","), health["latency_p99_ms"],
            format(round(push_ops), ","), push["latency_p99_ms"], format(round(pull_ops), ","),
            pull["latency_p99_ms"], fetch["seconds"], format(round(fetch["ops_per_s"]), ","),
            snapshot["seconds"], format(round(snapshot["projects"]), ","), format(round(fill["ops_per_s"]), ",")))
        cpu = {what: result(what, "cpu")["seconds"] for what in ("health", "push", "pull")}
        seconds = {"health": health, "push": push, "pull": pull}

        def per_cpu(what, unit):
            r = seconds[what]
            return format(round(r["requests"] * unit / cpu[what]), ",") if cpu[what] > 0 else "–"
        cpu_rows.append("| %s | %s | %s | %s | %.0f %% / %.0f %% of one core |" % (
            label(backend), per_cpu("health", 1), per_cpu("push", BATCH), per_cpu("pull", BATCH),
            100 * cpu["push"] / push["seconds"], 100 * cpu["pull"] / pull["seconds"]))
        if backend == "sqlite":
            verdicts.append("- SQLite pull ≥ %s ops/s: **%s** (%s ops/s)" % (
                format(PULL_TARGET, ","), "met" if pull_ops >= PULL_TARGET else "not met", format(round(pull_ops), ",")))
            verdicts.append("- SQLite push ≥ %s ops/s: **%s** (%s ops/s)" % (
                format(PUSH_TARGET, ","), "met" if push_ops >= PUSH_TARGET else "not met", format(round(push_ops), ",")))
        target = PUSH_SPEED_TARGETS.get(backend)
        if target:
            verdicts.append("- %s push ≥ %s ops/s (speed target): **%s** (%s ops/s)" % (
                names[backend], format(target, ","), "met" if push_ops >= target else "not met",
                format(round(push_ops), ",")))
    text = "\n".join(rows) + "\n\n" + ("\n".join(cpu_rows) + "\n\n" if cpu_rows else "") + "\n".join(verdicts) + (
        "\n" if verdicts else "")
    with open(os.path.join(args.results, "server-summary.md"), "w", encoding="utf-8") as f:
        f.write(text)
    print(text)
    # The speed targets are reported, not enforced: --strict keeps to the targets above.
    if args.strict and any("not met" in v and "speed target" not in v for v in verdicts):
        sys.exit(1)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)

    def server(name, function):
        p = sub.add_parser(name)
        p.add_argument("url")
        p.add_argument("token")
        p.add_argument("board")
        p.set_defaults(function=function)
        return p

    server("fill", command_fill).add_argument("count", type=int)
    server("head", command_head)
    server("fetch", command_fetch).add_argument("--runs", type=int, default=3)
    server("snapshot", command_snapshot).add_argument("--runs", type=int, default=3)
    p = sub.add_parser("check-page")
    p.add_argument("response")
    p.add_argument("after", type=int)
    p.add_argument("limit", type=int)
    p.set_defaults(function=command_check_page)
    p = sub.add_parser("check-push")
    p.add_argument("body")
    p.add_argument("response")
    p.set_defaults(function=command_check_push)
    p = sub.add_parser("summary")
    p.add_argument("results")
    p.add_argument("backends", nargs="+")
    p.add_argument("--strict", action="store_true")
    p.add_argument("--only", choices=["push"], help="the results hold the pushes alone")
    p.set_defaults(function=command_summary)
    args = parser.parse_args()
    args.function(args)


if __name__ == "__main__":
    main()
