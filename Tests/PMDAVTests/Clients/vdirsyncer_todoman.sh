#!/usr/bin/env bash
# A two-way round trip through Debian's vdirsyncer and todoman against pm-server, with a real
# `pm` device on the other side: a task added in todoman reaches the `pm` device; a card the
# `pm` device moves to DONE shows as completed in todoman.
# Usage: vdirsyncer_todoman.sh SERVER_URL USER TOKEN PM_BINARY WORK_FOLDER
set -euo pipefail
url="$1" user="$2" token="$3" pm="$4" work="$5"
mkdir -p "$work/status" "$work/calendars"
cat >"$work/vdirsyncer.conf" <<CONF
[general]
status_path = "$work/status/"

[pair pm]
a = "pm_server"
b = "pm_local"
collections = ["from a"]

[storage pm_server]
type = "caldav"
url = "$url/"
username = "$user"
password = "$token"
item_types = ["VTODO"]

[storage pm_local]
type = "filesystem"
path = "$work/calendars/"
fileext = ".ics"
CONF
cat >"$work/todoman.py" <<CONF
path = "$work/calendars/*"
date_format = "%Y-%m-%d"
time_format = "%H:%M"
default_list = "team"
default_due = 0
CONF
vds() { vdirsyncer -c "$work/vdirsyncer.conf" "$@"; }
todo() { todoman -c "$work/todoman.py" "$@"; }
pmd() { "$pm" "$@" --database "$work/pm.sqlite"; }

printf 'y\ny\ny\n' | vds discover pm >/dev/null
vds sync >/dev/null

due="$(date -d '+7 days' +%Y-%m-%d)"
todo new -l team --due "$due" "Buy bread" >/dev/null
vds sync >/dev/null

# The pm device: its own database, syncing with the same board.
printf '%s' "$token" | pmd remote set "$url" --board team --token - >/dev/null
pmd sync >/dev/null
listed="$(pmd list --json)"
id="$(python3 -c '
import json, sys
cards = [c for c in json.loads(sys.argv[1]) if c["title"] == "Buy bread"]
print(cards[0]["id"] if cards else "")' "$listed")"
if [ -z "$id" ]; then
    echo "vdirsyncer_todoman: the task added in todoman did not reach the pm device: $listed" >&2
    exit 1
fi
pmd move "$id" done >/dev/null
pmd sync >/dev/null
vds sync >/dev/null

# --porcelain: JSON that stays the same across versions (and reads dates as timestamps, so
# only for listing).
todo --porcelain list --status ANY >"$work/todos.json"
python3 - "$work/todos.json" <<'PY'
import json, sys
todos = [t for t in json.load(open(sys.argv[1])) if t["summary"] == "Buy bread"]
if len(todos) != 1 or not todos[0].get("completed"):
    print(f"vdirsyncer_todoman: not completed in todoman: {todos}", file=sys.stderr)
    sys.exit(1)
print(json.dumps({"todoman": todos[0]}))
PY
