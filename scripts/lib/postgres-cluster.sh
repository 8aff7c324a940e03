# A throwaway PostgreSQL 15 cluster that fails over (sourced, not run): three nodes on loopback
# ports with streaming replication, managed by pg_auto_failover (a monitor and a keeper per
# node), with one synchronous standby required (number_sync_standbys 1, so the primary's
# synchronous_standby_names is 'ANY 1 (…)' and synchronous_commit stays on): a write is
# acknowledged only once a standby holds it, and only a standby that holds every acknowledged
# write is promoted. Trust authentication, a database `pm` owned by the superuser `pm`; everything
# lives under one folder in /tmp, removed on stop. Used by scripts/test and scripts/chaos/run --failover.
#
#   source scripts/lib/postgres-cluster.sh
#   postgres_cluster_start NAME [SETTING...]  each SETTING (fsync=off, synchronous_commit=off)
#                                             is set on every node with ALTER SYSTEM
#   trap postgres_cluster_stop EXIT
#
# postgres_cluster_start sets postgres_cluster_url (postgres://pm@127.0.0.1:P1,127.0.0.1:P2,
# 127.0.0.1:P3/pm?sslmode=disable&target_session_attrs=read-write), postgres_cluster_dir,
# postgres_cluster_ports (node1 node2 node3) and postgres_cluster_monitor_port. Nodes are named
# node1, node2 and node3; the functions below take those names. Without pg_auto_failover, or when
# the cluster cannot start, it prints why and returns 1.
#
# Why these timeouts: pg_auto_failover's defaults (a node unhealthy after 20 s unheard, then 30 s
# for a lost primary to demote itself) put a failover near a minute; here the monitor checks
# every second, gives up on a node after 6 s, and waits 10 s for the old primary, which stops
# itself after 5 s without monitor or standby (network_partition_timeout): a failover takes about
# 20 s, and 6 s is still far above any pause a loaded CI runner makes.
# shellcheck shell=bash
# The variables it sets are read by the scripts that source it:
# shellcheck disable=SC2034

# postgres_free_port, the same picking of a port as the single-node cluster's.
# shellcheck source=scripts/lib/postgres.sh
source "$(dirname "${BASH_SOURCE[0]}")/postgres.sh"

postgres_cluster_dir=
postgres_cluster_url=
postgres_cluster_ports=()
postgres_cluster_monitor_port=
postgres_cluster_as=()
postgres_cluster_pg=

# Runs pg_autoctl (or another program) as the cluster's owner, with its configuration and state
# kept in the cluster's folder rather than in the owner's home.
postgres_cluster_run() { # PROGRAM [ARG...]
    "${postgres_cluster_as[@]}" env HOME="$postgres_cluster_dir" XDG_CONFIG_HOME="$postgres_cluster_dir/config" \
        XDG_DATA_HOME="$postgres_cluster_dir/share" XDG_RUNTIME_DIR="$postgres_cluster_dir/run" \
        PATH="$postgres_cluster_pg:$PATH" "$@"
}

# Starts the keeper (or monitor) of NODE in a process group of its own, which with the processes
# its postmaster starts is the node's machine (postgres_cluster_machine, postgres_cluster_kill).
postgres_cluster_launch() { # NODE
    local node=$1
    # The keeper outlives the caller, so it must not hold the caller's descriptors: a test
    # runner waiting for the caller's pipe or exit (Foundation's Process) would wait for it.
    # setsid forks only when it leads a process group already, which a background subshell does
    # not: the subshell's pid is the group's, and the keeper and postgres stay in it.
    (
        for descriptor in /proc/$BASHPID/fd/*; do
            descriptor=${descriptor##*/}
            ((descriptor <= 2)) || eval "exec $descriptor>&-" 2>/dev/null || true
        done
        # Without the test run's mark (scripts/lib/strays.sh): a node started again by a test
        # is the cluster's, stopped with it, not a stray of the step that revived it.
        exec env -u PM_TEST_RUN setsid "${postgres_cluster_as[@]}" env HOME="$postgres_cluster_dir" \
            XDG_CONFIG_HOME="$postgres_cluster_dir/config" XDG_DATA_HOME="$postgres_cluster_dir/share" \
            XDG_RUNTIME_DIR="$postgres_cluster_dir/run" PATH="$postgres_cluster_pg:$PATH" \
            pg_autoctl run --pgdata "$postgres_cluster_dir/$node"
    ) >>"$postgres_cluster_dir/$node.log" 2>&1 </dev/null &
    echo $! >"$postgres_cluster_dir/$node.group"
    # Not the caller's job: its kill is a fault or the end, not news for the caller's terminal.
    disown $!
}

# SQL on NODE (node1…node3, or monitor), as the superuser, printing unaligned rows.
postgres_cluster_sql() { # NODE SQL [DATABASE]
    local port
    port=$(postgres_cluster_port "$1")
    "$postgres_cluster_pg/psql" -h 127.0.0.1 -p "$port" -U pm -d "${3:-pm}" -XAtq -c "$2"
}

postgres_cluster_port() { # NODE
    case $1 in
        monitor) echo "$postgres_cluster_monitor_port" ;;
        node[1-3]) echo "${postgres_cluster_ports[${1#node} - 1]}" ;;
    esac
}

postgres_cluster_start() { # NAME [SETTING...]
    local name=$1 node port monitor attempt setting
    shift
    postgres_cluster_pg=/usr/lib/postgresql/15/bin
    if ! command -v pg_autoctl >/dev/null || [[ ! -x $postgres_cluster_pg/postgres ]]; then
        echo "$0: pg_auto_failover for PostgreSQL 15 is missing (apt-get install -y postgresql-15-auto-failover)" >&2
        return 1
    fi
    postgres_cluster_dir=$(mktemp -d "/tmp/pm-$name-cluster.XXXXXX")
    mkdir -p "$postgres_cluster_dir/run"
    postgres_cluster_as=()
    if [[ $(id -u) == 0 ]]; then
        # PostgreSQL refuses to run as root: the cluster belongs to the postgres user.
        chmod 755 "$postgres_cluster_dir"
        chown -R postgres "$postgres_cluster_dir"
        postgres_cluster_as=(runuser -u postgres --)
    fi
    postgres_cluster_monitor_port=$(postgres_free_port)
    postgres_cluster_ports=()
    for node in 1 2 3; do postgres_cluster_ports+=("$(postgres_free_port)"); done
    postgres_cluster_run pg_autoctl create monitor --pgdata "$postgres_cluster_dir/monitor" \
        --pgport "$postgres_cluster_monitor_port" --hostname 127.0.0.1 --auth trust --no-ssl \
        >"$postgres_cluster_dir/create-monitor.log" 2>&1 || {
        cat "$postgres_cluster_dir/create-monitor.log" >&2
        echo "$0: the pg_auto_failover monitor could not be made" >&2
        return 1
    }
    postgres_cluster_launch monitor
    monitor="postgres://autoctl_node@127.0.0.1:$postgres_cluster_monitor_port/pg_auto_failover?sslmode=disable"
    for node in 1 2 3; do
        # One node at a time: the first becomes the primary, the others clone it.
        postgres_cluster_run pg_autoctl create postgres --pgdata "$postgres_cluster_dir/node$node" \
            --pgport "${postgres_cluster_ports[node - 1]}" --hostname 127.0.0.1 --name "node$node" \
            --monitor "$monitor" --auth trust --no-ssl --dbname pm --username pm \
            >"$postgres_cluster_dir/create-node$node.log" 2>&1 || {
            cat "$postgres_cluster_dir/create-node$node.log" >&2
            echo "$0: pg_auto_failover node$node could not be made" >&2
            return 1
        }
        # A primary cut off from the monitor and every standby stops within 5 s (not 20): the
        # monitor's wait for it (primary_demote_timeout, below) can then be 10 s (not 30).
        postgres_cluster_run pg_autoctl config set --pgdata "$postgres_cluster_dir/node$node" \
            timeout.network_partition_timeout 5 >>"$postgres_cluster_dir/settings.log" 2>&1 || return 1
        postgres_cluster_launch "node$node"
        postgres_cluster_wait_states "$node" || return 1
    done
    postgres_cluster_as_monitor "ALTER SYSTEM SET pgautofailover.health_check_period = 1000" \
        "ALTER SYSTEM SET pgautofailover.health_check_timeout = 1000" \
        "ALTER SYSTEM SET pgautofailover.health_check_max_retries = 1" \
        "ALTER SYSTEM SET pgautofailover.health_check_retry_delay = 500" \
        "ALTER SYSTEM SET pgautofailover.node_considered_unhealthy_timeout = 6000" \
        "ALTER SYSTEM SET pgautofailover.primary_demote_timeout = 10000" \
        "SELECT pg_reload_conf()" >/dev/null || return 1
    postgres_cluster_run pg_autoctl set formation number-sync-standbys 1 \
        --pgdata "$postgres_cluster_dir/node1" >>"$postgres_cluster_dir/settings.log" 2>&1 || {
        cat "$postgres_cluster_dir/settings.log" >&2
        return 1
    }
    for node in 1 2 3; do
        postgres_cluster_as_owner "node$node" "CREATE ROLE pm SUPERUSER LOGIN" >/dev/null 2>&1 || true
    done
    for setting in "$@"; do
        for node in 1 2 3; do
            postgres_cluster_sql "node$node" "ALTER SYSTEM SET ${setting%%=*} = '${setting#*=}'" &&
                postgres_cluster_sql "node$node" "SELECT pg_reload_conf()" >/dev/null || return 1
        done
    done
    postgres_cluster_url="postgres://pm@127.0.0.1:${postgres_cluster_ports[0]},127.0.0.1:${postgres_cluster_ports[1]}"
    postgres_cluster_url+=",127.0.0.1:${postgres_cluster_ports[2]}/pm?sslmode=disable&target_session_attrs=read-write"
    # What postgres_cluster_attach reads back, for a test or a second script working on the cluster.
    # declare -g, so that they are global when read back inside a function.
    declare -p postgres_cluster_url postgres_cluster_ports postgres_cluster_monitor_port postgres_cluster_pg \
        postgres_cluster_as | sed 's/^declare -/declare -g -/' >"$postgres_cluster_dir/cluster.env"
}

# Works on the cluster of another script (the folder it printed as postgres_cluster_dir), for
# the functions below; postgres_cluster_stop is left to the script that started it.
postgres_cluster_attach() { # FOLDER
    postgres_cluster_dir=$1
    # shellcheck disable=SC1091
    source "$postgres_cluster_dir/cluster.env"
}

# Kills the primary's machine (postgres_cluster_kill), waits up to 90 s for the monitor to report
# another primary, prints `OLD NEW SECONDS`, and starts the old node again, to rejoin as a standby.
postgres_cluster_failover() {
    local old new start attempt
    old=$(postgres_cluster_primary)
    [[ -n $old ]] || {
        echo "$0: the cluster has no primary to kill" >&2
        return 1
    }
    start=$(date +%s.%N)
    postgres_cluster_kill "$old"
    for attempt in $(seq 1 180); do
        new=$(postgres_cluster_primary)
        [[ -n $new && $new != "$old" ]] && break
        sleep 0.5
    done
    [[ -n $new && $new != "$old" ]] || {
        echo "$0: no new primary within 90 s; the monitor reports:" >&2
        postgres_cluster_states >&2
        return 1
    }
    echo "$old $new $(python3 -c "import sys; print(round($(date +%s.%N) - $start, 1))")"
    postgres_cluster_revive "$old"
}

# SQL on the monitor's database, as the cluster's owner (the monitor has no role pm): each
# statement on its own, since ALTER SYSTEM refuses to run in a transaction.
postgres_cluster_as_monitor() { # SQL...
    local statements=() statement
    for statement in "$@"; do statements+=(-c "$statement"); done
    postgres_cluster_run "$postgres_cluster_pg/psql" -h 127.0.0.1 -p "$postgres_cluster_monitor_port" \
        -d pg_auto_failover -XAtq "${statements[@]}"
}

# SQL on NODE as the cluster's owner: before the role pm exists.
postgres_cluster_as_owner() { # NODE SQL
    postgres_cluster_run "$postgres_cluster_pg/psql" -h 127.0.0.1 -p "$(postgres_cluster_port "$1")" \
        -d pm -XAtq -c "$2"
}

# The nodes' states as the monitor reports them, one `nodename reportedstate goalstate` a line.
postgres_cluster_states() {
    postgres_cluster_as_monitor \
        "SELECT nodename, reportedstate, goalstate FROM pgautofailover.node ORDER BY nodename" 2>/dev/null |
        tr '|' ' '
}

# Waits (up to 120 s) until COUNT nodes report the states they are meant to be in, each at its
# goal: a lone node `single`, else one primary and the rest secondaries.
postgres_cluster_wait_states() { # COUNT
    local attempt states
    for attempt in $(seq 1 240); do
        states=$(postgres_cluster_states)
        if [[ $(grep -c . <<<"$states") == "$1" ]] &&
            ! awk '$2 != $3 { bad = 1 } END { exit !bad }' <<<"$states" &&
            [[ $(awk '$2 == "primary" || $2 == "single"' <<<"$states" | grep -c .) == 1 ]] &&
            [[ $1 == 1 || $(awk '$2 == "secondary"' <<<"$states" | grep -c .) == $(($1 - 1)) ]]; then
            return 0
        fi
        sleep 0.5
    done
    echo "$0: the cluster did not settle; the monitor reports:" >&2
    echo "$states" >&2
    return 1
}

# The node the monitor reports as primary, or nothing.
postgres_cluster_primary() {
    postgres_cluster_states | awk '$2 == "primary" && $3 == "primary" { print $1 }' | head -n 1
}

# The pid of NODE's postmaster.
postgres_cluster_postmaster() { # NODE
    head -n 1 "$postgres_cluster_dir/$1/postmaster.pid" 2>/dev/null
}

# Stops NODE's machine where it stands (SIGSTOP) and prints the pid of each of its processes: its
# keeper's process group (keeper and postmaster) and every process a process of the group started.
# The group alone is not the machine: each process a postmaster starts (backends, WAL senders,
# the checkpointer) leads a process group and session of its own. Stopped first, the postmaster
# starts no process between this listing and what the caller does with it.
postgres_cluster_machine() { # NODE
    local group members
    group=$(cat "$postgres_cluster_dir/$1.group" 2>/dev/null) || return 0
    kill -STOP -- "-$group" 2>/dev/null || true
    members=$(pgrep -g "$group" | paste -sd,)
    [[ -z $members ]] || { tr ',' '\n' <<<"$members"; pgrep -P "$members"; }
}

# Which of PIDS (one a line) are still running: not gone, and not zombies waiting to be reaped.
postgres_cluster_running() { # PIDS
    [[ -z $1 ]] || ps -o pid=,stat= -p "$(paste -sd, <<<"$1")" | awk '$2 !~ /^Z/ { print $1 }'
}

# Kills NODE's machine with SIGKILL: keeper, postmaster and every process the postmaster started
# die together, so nothing restarts the postgres in place. A kill of the keeper's group alone
# (as before) left the postmaster's children orphaned; most exit on seeing their postmaster
# gone, but a WAL sender the replication cut had stopped stays stopped for ever, holding the
# node's shared memory, and the node's PostgreSQL then refuses to start ("pre-existing shared
# memory block … is still in use"): the node never rejoined.
postgres_cluster_kill() { # NODE
    local pids attempt
    pids=$(postgres_cluster_machine "$1")
    # shellcheck disable=SC2086
    [[ -z $pids ]] || kill -KILL $pids 2>/dev/null || true
    rm -f "$postgres_cluster_dir/$1.group"
    for attempt in $(seq 1 50); do
        [[ -n $(postgres_cluster_running "$pids") ]] || break
        sleep 0.1
    done
    # As after a reboot, no process of the node is left; but the pid files of its postmaster and
    # keeper are, and a pid in them may still be taken when the node is started again (by a
    # killed process not yet reaped, or on a busy machine by another process), which PostgreSQL
    # or pg_autoctl would take for itself running and never start ("An instance of pg_autoctl is
    # already running"). A reboot empties the runtime folder the keeper's file is in.
    rm -f "$postgres_cluster_dir/$1/postmaster.pid" \
        "$postgres_cluster_dir/run/pg_autoctl$postgres_cluster_dir/$1/pg_autoctl.pid"
}

# Starts NODE's keeper again (after postgres_cluster_kill): it rejoins as a standby.
postgres_cluster_revive() { # NODE
    postgres_cluster_launch "$1"
}

# Sends SIGNAL (STOP, CONT) to NODE's postgres: its postmaster and every process it started, not
# its keeper, as when the machine's disk or scheduler hangs and its network answers.
postgres_cluster_signal() { # NODE SIGNAL
    local postmaster
    postmaster=$(postgres_cluster_postmaster "$1")
    [[ -n $postmaster ]] || return 0
    # shellcheck disable=SC2046
    kill "-$2" "$postmaster" $(ps -o pid= --ppid "$postmaster") 2>/dev/null || true
}

# Cuts the replication link (STOP) or mends it (CONT): STOP stops the primary's WAL senders (WAL
# stays on the primary, whose commits then wait for a standby, as with a broken network), CONT
# lets go the very senders STOP stopped, wherever the primary is by then (they are noted in the
# cluster's folder). The senders, not the standbys' receivers: a stopped receiver's socket still
# takes in what is sent, and it would have the WAL after all.
postgres_cluster_cut_replication() { # STOP | CONT
    local postmaster senders cut=$postgres_cluster_dir/replication-cut
    if [[ $1 == CONT ]]; then
        # shellcheck disable=SC2046
        [[ ! -s $cut ]] || kill -CONT $(cat "$cut") 2>/dev/null || true
        rm -f "$cut"
        return 0
    fi
    postmaster=$(postgres_cluster_postmaster "$(postgres_cluster_primary)")
    [[ -n $postmaster ]] || return 0
    senders=$(ps -o pid=,args= --ppid "$postmaster" | awk '/walsender/ { print $1 }')
    [[ -n $senders ]] || return 0
    echo "$senders" >>"$cut"
    # shellcheck disable=SC2086
    kill -STOP $senders 2>/dev/null || true
}

# Copies into FOLDER/cluster what tells how the cluster went, for a run that failed: each keeper's
# and the monitor's output (NODE.log, from pg_autoctl run), what creating them printed, each
# node's PostgreSQL log (NODE-postgres/, with startup.log) and the monitor's last word on the
# nodes (show-state.txt, show-events.txt). Never fails.
postgres_cluster_keep_logs() { # FOLDER
    local into=$1/cluster node
    [[ -n $postgres_cluster_dir && -d $postgres_cluster_dir ]] || return 0
    mkdir -p "$into"
    cp "$postgres_cluster_dir"/*.log "$into/" 2>/dev/null || true
    for node in monitor node1 node2 node3; do
        mkdir -p "$into/$node-postgres"
        cp -r "$postgres_cluster_dir/$node/log/." "$postgres_cluster_dir/$node/startup.log" \
            "$into/$node-postgres/" 2>/dev/null || true
    done
    local monitor="postgres://autoctl_node@127.0.0.1:$postgres_cluster_monitor_port/pg_auto_failover?sslmode=disable"
    timeout 20 "${postgres_cluster_as[@]}" env PATH="$postgres_cluster_pg:$PATH" \
        pg_autoctl show state --monitor "$monitor" >"$into/show-state.txt" 2>&1 || true
    timeout 20 "${postgres_cluster_as[@]}" env PATH="$postgres_cluster_pg:$PATH" \
        pg_autoctl show events --count 1000 --monitor "$monitor" >"$into/show-events.txt" 2>&1 || true
    return 0
}

# Stops every process of the cluster at once and removes its folder. Safe in an EXIT trap and
# under set -e: never fails, and a second call does nothing.
postgres_cluster_stop() {
    local node pids postmaster attempt
    if [[ -n $postgres_cluster_dir ]]; then
        # Every machine stopped and listed (postgres_cluster_machine), then all killed at once.
        pids=$(for node in node1 node2 node3 monitor; do
            postgres_cluster_machine "$node"
            # A postgres whose keeper died first is in no group: its pid file names it.
            postmaster=$(postgres_cluster_postmaster "$node")
            if [[ -n $postmaster && $(ps -o comm= -p "$postmaster") == postgres ]]; then
                echo "$postmaster"
                pgrep -P "$postmaster"
            fi
        done)
        # shellcheck disable=SC2086
        [[ -z $pids ]] || kill -KILL $pids 2>/dev/null || true
        # A killed process may still be writing its files for a moment: wait for them to end.
        for attempt in $(seq 1 50); do
            [[ -n $(postgres_cluster_running "$pids") ]] || break
            sleep 0.1
        done
        rm -rf "$postgres_cluster_dir"
    fi
    postgres_cluster_dir=''
    postgres_cluster_url=''
    postgres_cluster_ports=()
    return 0
}
