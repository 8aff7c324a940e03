# What the bash scripts share (sourced, not run; harness.py is the Python side): a free port and
# a throwaway pm-server with a user and boards that answers /health.
#
#   source scripts/lib/harness.sh
#   free_port [HOST]                       a TCP port nothing listens on now (default 127.0.0.1)
#   pm_server_user BINARY DATABASE USER [BOARD...]
#                                          adds USER and prints their token; adds each BOARD with
#                                          USER its member
#   pm_server_start BINARY DATABASE LOG HOST [SERVE-OPTION...]
#                                          `pm-server serve` on a free port of HOST, its output
#                                          appended to LOG (- leaves it on the script's own); returns
#                                          once /health answers, or fails with the log's end
#   pm_server_stop                         stops it (safe to call when none runs, as from a trap)
#   radicale_start FOLDER                  Debian's Radicale, the CalDAV server pm-server is
#                                          measured and checked beside: on a free port of
#                                          127.0.0.2, no authentication, its files in FOLDER
#   radicale_stop                          stops it (safe to call when none runs)
#   warn_if_busy NAME                      says on stderr, as NAME, when the load average is above
#                                          a quarter of the cores: others will disturb the figures
#   machine_lines                          the machine (cores, CPU, Swift, kernel) and
#   source_lines                           the source measured (commit, uncommitted changes in
#                                          Sources) and the date, one fact a line, for a
#                                          benchmark's record of what it ran on
#
# pm_server_start sets pm_server_pid, pm_server_port and pm_server_url; radicale_start sets
# radicale_pid and radicale_url (ending in /). Variables put before it
# (PM_NOW=… pm_server_start …) reach the server.
# shellcheck shell=bash

free_port() {
    python3 -c 'import socket, sys; s = socket.socket(); s.bind((sys.argv[1], 0)); print(s.getsockname()[1])' \
        "${1:-127.0.0.1}"
}

pm_server_user() {
    local binary=$1 database=$2 user=$3 token board
    shift 3
    token=$("$binary" user add "$user" --database "$database" | tail -n 1)
    [[ $token =~ ^pm_[0-9a-f]{40}$ ]] || { echo "harness: pm-server user add $user printed no token: $token" >&2; return 1; }
    for board; do
        "$binary" board add "$board" --member "$user" --database "$database" >/dev/null
    done
    echo "$token"
}

# Kept when sourced again (postgres.sh sources this file too).
pm_server_pid=${pm_server_pid:-}
pm_server_port=${pm_server_port:-}
pm_server_url=${pm_server_url:-}
radicale_pid=${radicale_pid:-}
radicale_url=${radicale_url:-}

# Runs CHECK... every 0.1 s until it succeeds, for at most 20 s, and while process PID lives.
harness_wait() {
    local pid=$1 attempt
    shift
    for attempt in $(seq 200); do
        "$@" 2>/dev/null && return 0
        kill -0 "$pid" 2>/dev/null || return 1
        sleep 0.1
    done
    return 1
}

# Stops process PID if it runs, and reaps it.
harness_stop() {
    [[ -n $1 ]] || return 0
    kill "$1" 2>/dev/null || true
    wait "$1" 2>/dev/null || true
}

pm_server_start() {
    local binary=$1 database=$2 log=$3 host=$4
    shift 4
    pm_server_port=$(free_port "$host")
    pm_server_url=http://$host:$pm_server_port
    local serve=("$binary" serve --host "$host" --port "$pm_server_port" --database "$database" "$@")
    if [[ $log == - ]]; then
        "${serve[@]}" &
    else
        "${serve[@]}" >>"$log" 2>&1 &
    fi
    pm_server_pid=$!
    # Python rather than curl: every machine that runs the scripts has it.
    harness_wait "$pm_server_pid" python3 -c 'import sys, urllib.request; urllib.request.urlopen(sys.argv[1], timeout=1)' \
        "$pm_server_url/health" && return 0
    echo "harness: pm-server on $pm_server_url never answered /health" >&2
    [[ $log == - ]] || tail -n 50 "$log" >&2
    pm_server_stop
    return 1
}

pm_server_stop() {
    harness_stop "$pm_server_pid"
    pm_server_pid=
}

radicale_start() {
    local folder=$1 port
    port=$(free_port 127.0.0.2)
    radicale_url=http://127.0.0.2:$port/
    cat >"$folder/radicale.conf" <<CONF
[server]
hosts = 127.0.0.2:$port
[auth]
type = none
[storage]
filesystem_folder = $folder/radicale
[logging]
level = warning
CONF
    # Debian's python3, which has the radicale package (the test venv does not).
    /usr/bin/python3 -m radicale --config "$folder/radicale.conf" >"$folder/radicale.log" 2>&1 &
    radicale_pid=$!
    harness_wait "$radicale_pid" bash -c 'exec 3<>"/dev/tcp/127.0.0.2/$1"' - "$port" && return 0
    echo "harness: radicale never listened on $radicale_url" >&2
    tail -n 20 "$folder/radicale.log" >&2
    radicale_stop
    return 1
}

radicale_stop() {
    harness_stop "$radicale_pid"
    radicale_pid=
}

warn_if_busy() {
    local load
    load=$(cut -d' ' -f1 /proc/loadavg)
    if awk -v load="$load" -v cores="$(nproc)" 'BEGIN { exit !(load > cores / 4) }'; then
        echo "$1: warning: load average $load on $(nproc) cores; other processes will disturb the figures" >&2
    fi
}

machine_lines() {
    echo "nproc: $(nproc)"
    echo "CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')"
    echo "Swift: $(swift --version 2>/dev/null | head -1 || echo unknown)"
    echo "kernel: $(uname -sr)"
}

source_lines() {
    local root
    root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
    echo "source: $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)$(git -C "$root" status --porcelain \
        --untracked-files=no -- Sources Package.swift 2>/dev/null | grep -q . && echo ' with uncommitted changes in Sources')"
    echo "date: $(date -u '+%Y-%m-%d %H:%M UTC')"
}
