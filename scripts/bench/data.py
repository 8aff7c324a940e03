#!/usr/bin/env python3
"""Generates the data scripts/bench/run measures with: the same cards for pm and for Taskwarrior.

    scripts/bench/data.py OUTDIR [--today YYYY-MM-DD]
    scripts/bench/data.py OUTDIR --curve [--sizes 1000,10000,100000,1000000]

Writes into OUTDIR (stdlib only, deterministic: a fixed seed per file, deadlines relative
to --today, default today in UTC):

  board-1000.pm.json      pm export ("projectmanager-export" v1) of a 1,000-card board
  board-1000.task.json    the same cards as a JSON array for `task import`
  board-10000.pm.json     the same for a 10,000-card board
  board-10000.task.json
  import-100000.pm.json   pm export of 100,000 new TODO cards, one create operation each
  import-100000.sql       the same 100,000 rows as the `project` rows pm derives from them,
                          for the sqlite3 shell, in one transaction (the floor)

With --curve it writes only the pm exports of the cost curve, board-N.pm.json for each size
(the cards of board-1000 and board-10000 are the same as above), written operation by operation
so that a board of 1,000,000 cards needs no more memory than its list of cards.

Cards: titles mix Korean and ASCII words (1-8 words, at most 100 characters); deadlines run
from 30 days before to 365 days after today, so some are overdue; a quarter have a
description. Board statuses are 70 % TODO and 30 % DOING (Taskwarrior: pending, and pending
with a start time, i.e. +ACTIVE); DONE cards are left out because `task list` hides
completed tasks, and both lists must show every card for the comparison to be fair.
"""

import argparse
import datetime
import json
import os
import random
import sys
import uuid

KOREAN = [
    "기획서", "디자인", "검토", "회의", "배포", "테스트", "문서", "정리", "예산", "보고서",
    "고객", "인터뷰", "마케팅", "출시", "버그", "수정", "서버", "이전", "앱", "업데이트",
    "한글", "프로젝트", "일정", "준비", "발표", "자료", "계약", "확인", "팀", "워크숍",
]
ASCII = [
    "write", "spec", "review", "release", "notes", "fix", "login", "bug", "deploy", "server",
    "update", "docs", "plan", "Q3", "budget", "call", "client", "design", "sync", "backup",
    "migrate", "database", "iPad", "board", "draft", "launch", "API", "tests", "refactor", "v2",
]
DESCRIPTIONS = [
    "두 쪽 이내로 정리하고 팀장님께 공유",
    "Check the numbers with finance before Friday",
    "회의 전에 자료 출력\nbring the laptop",
    "Ask the client about the new deadline",
]

# pm's `project` table, copied from Sources/PMStore/AppDatabase+Schema.swift (migration "v1").
# scripts/bench/run checks that the floor's columns still match the ones pm creates.
PROJECT_TABLE = """CREATE TABLE project (
    id TEXT PRIMARY KEY NOT NULL CHECK (length(id) = 36),
    title TEXT, titleClock TEXT,
    description TEXT, descriptionClock TEXT,
    deadline TEXT, deadlineClock TEXT,
    status TEXT CHECK (status IS NULL OR status IN ('todo', 'doing', 'done')), statusClock TEXT,
    deleted INTEGER CHECK (deleted IS NULL OR deleted IN (0, 1)), deletedClock TEXT,
    createdAt INTEGER NOT NULL,
    updatedAt INTEGER NOT NULL
);"""

PROJECT_COLUMNS = (
    "id, title, titleClock, description, descriptionClock, deadline, deadlineClock, "
    "status, statusClock, deleted, deletedClock, createdAt, updatedAt"
)


def title(rng):
    words = []
    for _ in range(rng.randint(1, 8)):
        words.append(rng.choice(KOREAN if rng.random() < 0.5 else ASCII))
    text = " ".join(words)
    if rng.random() < 0.2:
        text += " #" + str(rng.randint(1, 999))
    return text[:100]


def cards(count, seed, today, statuses):
    """`count` cards as dicts; the same seed gives the same cards."""
    rng = random.Random(seed)
    devices = [str(uuid.UUID(int=rng.getrandbits(128), version=4)) for _ in range(3)]
    # Created over the last 90 days, in order, a few seconds apart.
    start = datetime.datetime.combine(today, datetime.time(), datetime.timezone.utc)
    wall = int(start.timestamp() * 1000) - 90 * 86_400_000
    step = max(1, 90 * 86_400_000 // (count + 1))
    result = []
    for _ in range(count):
        wall += rng.randint(1, step)
        result.append({
            "id": str(uuid.UUID(int=rng.getrandbits(128), version=4)),
            "op": str(uuid.UUID(int=rng.getrandbits(128), version=4)),
            "title": title(rng),
            "description": rng.choice(DESCRIPTIONS) if rng.random() < 0.25 else "",
            "deadline": today + datetime.timedelta(days=rng.randint(-30, 365)),
            "status": rng.choices(statuses[0], statuses[1])[0],
            "wall": wall,
            "device": rng.choice(devices),
        })
    return result


def clock(card):
    """HybridTimestamp.description: `<18-digit wall>-<10-digit counter>-<device>`."""
    return "%018d-%010d-%s" % (card["wall"], 0, card["device"])


def create_operation(card):
    """The operation that creates `card`, as a pm export holds it."""
    return {
        "id": card["op"],
        "projectId": card["id"],
        "timestamp": {"wallTime": card["wall"], "counter": 0, "device": card["device"]},
        "fields": {
            "title": card["title"],
            "description": card["description"],
            "deadline": card["deadline"].isoformat(),
            "status": card["status"],
            "deleted": False,
        },
    }


def pm_export(items, today):
    operations = [create_operation(card) for card in items]
    return {
        "format": "projectmanager-export",
        "version": 1,
        "exportedAt": today.isoformat() + "T00:00:00Z",
        "projects": [],
        "history": [],
        "operations": operations,
    }


def write_pm_export(path, items, today):
    """pm_export(items, today) written as write_json would, one operation at a time."""
    with open(path, "w", encoding="utf-8") as out:
        out.write('{"format":"projectmanager-export","version":1,"exportedAt":"%sT00:00:00Z",'
                  '"projects":[],"history":[],"operations":[' % today.isoformat())
        for index, card in enumerate(items):
            operation = create_operation(card)
            out.write(("," if index else "") + json.dumps(operation, ensure_ascii=False, separators=(",", ":")))
        out.write("]}\n")


def task_time(millis):
    return datetime.datetime.fromtimestamp(millis / 1000, datetime.timezone.utc).strftime("%Y%m%dT%H%M%SZ")


def task_export(items):
    tasks = []
    for card in items:
        entry = task_time(card["wall"])
        task = {
            "uuid": card["id"],
            "description": card["title"],
            "status": "pending",
            "entry": entry,
            "modified": entry,
            "due": card["deadline"].strftime("%Y%m%dT000000Z"),
        }
        if card["status"] == "doing":
            task["start"] = entry
        if card["description"]:
            task["annotations"] = [{"entry": entry, "description": card["description"]}]
        tasks.append(task)
    return tasks


def sql_text(value):
    return "'" + value.replace("'", "''") + "'"


def floor_sql(items, out):
    out.write(PROJECT_TABLE + "\nBEGIN;\n")
    for start in range(0, len(items), 500):
        out.write("INSERT INTO project (%s) VALUES\n" % PROJECT_COLUMNS)
        rows = []
        for card in items[start:start + 500]:
            stamp = sql_text(clock(card))
            rows.append("(%s, %s, %s, %s, %s, %s, %s, %s, %s, 0, %s, %d, %d)" % (
                sql_text(card["id"]), sql_text(card["title"]), stamp, sql_text(card["description"]), stamp,
                sql_text(card["deadline"].isoformat()), stamp, sql_text(card["status"]), stamp, stamp,
                card["wall"], card["wall"]))
        out.write(",\n".join(rows) + ";\n")
    out.write("COMMIT;\n")


def write_json(path, value):
    with open(path, "w", encoding="utf-8") as out:
        json.dump(value, out, ensure_ascii=False, separators=(",", ":"))
        out.write("\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("outdir")
    parser.add_argument("--today", type=datetime.date.fromisoformat,
                        default=datetime.datetime.now(datetime.timezone.utc).date())
    parser.add_argument("--curve", action="store_true", help="write only the cost curve's boards")
    parser.add_argument("--sizes", default="1000,10000,100000,1000000", help="the cost curve's board sizes")
    args = parser.parse_args()
    os.makedirs(args.outdir, exist_ok=True)
    today = args.today

    if args.curve:
        for count in (int(size) for size in args.sizes.split(",")):
            path = os.path.join(args.outdir, "board-%d.pm.json" % count)
            items = cards(count, seed=count, today=today, statuses=(["todo", "doing"], [70, 30]))
            write_pm_export(path, items, today)
            print("data.py: wrote a board of %s cards to %s" % (format(count, ","), path), file=sys.stderr)
        return

    for count in (1000, 10000):
        items = cards(count, seed=count, today=today, statuses=(["todo", "doing"], [70, 30]))
        write_json(os.path.join(args.outdir, "board-%d.pm.json" % count), pm_export(items, today))
        write_json(os.path.join(args.outdir, "board-%d.task.json" % count), task_export(items))

    items = cards(100000, seed=100000, today=today, statuses=(["todo"], [1]))
    write_json(os.path.join(args.outdir, "import-100000.pm.json"), pm_export(items, today))
    with open(os.path.join(args.outdir, "import-100000.sql"), "w", encoding="utf-8") as out:
        floor_sql(items, out)
    print("data.py: wrote boards of 1,000 and 10,000 and an import of 100,000 to %s" % args.outdir,
          file=sys.stderr)


if __name__ == "__main__":
    main()
