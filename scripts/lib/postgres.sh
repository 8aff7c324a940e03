# A throwaway PostgreSQL cluster for the scripts (sourced, not run): trust authentication, a
# database `pm` owned by the user `pm`, listening on 127.0.0.1 on a free port with its socket in
# its own folder under /tmp, removed on stop. Used by scripts/test, chaos/run, load/devices and
# bench/server.
#
#   source scripts/lib/postgres.sh
#   postgres_start NAME [SETTING...]   NAME names the folder (/tmp/pm-NAME-postgres.XXXXXX);
#                                      each SETTING (fsync=off, say) goes to postgres as -c
#   trap postgres_stop EXIT            or call postgres_stop from the script's own cleanup
#
# postgres_start sets postgres_url (postgres://pm@127.0.0.1:PORT/pm?sslmode=disable),
# postgres_port, postgres_dir, postgres_pg (the folder of initdb and pg_ctl), postgres_as (the
# command prefix that runs a program as the cluster's owner: empty, or runuser for root) and
# postgres_ctl (pg_ctl with the cluster's -D and -l, for `restart`, which keeps the options it
# was started with, or `stop`). Without a PostgreSQL, or when it cannot start, it prints why
# (and the log) and returns 1.
# shellcheck shell=bash
# The variables it sets are read by the scripts that source it:
# shellcheck disable=SC2034

postgres_dir=
postgres_url=
postgres_port=
postgres_pg=
postgres_as=()
postgres_ctl=()

# The folder of PostgreSQL's server programs (initdb, pg_ctl), or nothing if they are missing.
postgres_bin() {
    if command -v pg_config >/dev/null && [[ -x "$(pg_config --bindir)/initdb" ]]; then
        pg_config --bindir
    else
        local newest
        newest=$(printf '%s\n' /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
        [[ -z $newest || ! -x $newest/initdb ]] || echo "$newest"
    fi
}

source "$(dirname "${BASH_SOURCE[0]}")/harness.sh"
# The name the cluster scripts know; the port comes from the scripts' one free_port.
postgres_free_port() { free_port 127.0.0.1; }

postgres_start() { # NAME [SETTING...]
    local name=$1 setting options attempt
    shift
    postgres_pg=$(postgres_bin)
    if [[ -z $postgres_pg ]]; then
        echo "$0: PostgreSQL is missing (apt-get install -y postgresql)" >&2
        return 1
    fi
    postgres_dir=$(mktemp -d "/tmp/pm-$name-postgres.XXXXXX")
    postgres_as=()
    if [[ $(id -u) == 0 ]]; then
        # PostgreSQL refuses to run as root: the cluster belongs to the postgres user.
        chmod 755 "$postgres_dir"
        chown postgres "$postgres_dir"
        postgres_as=(runuser -u postgres --)
    fi
    postgres_ctl=("${postgres_as[@]}" "$postgres_pg/pg_ctl" -D "$postgres_dir/data" -l "$postgres_dir/server.log")
    "${postgres_as[@]}" "$postgres_pg/initdb" -D "$postgres_dir/data" -U pm --auth=trust \
        >"$postgres_dir/initdb.log" 2>&1 || {
        cat "$postgres_dir/initdb.log" >&2
        echo "$0: initdb failed" >&2
        return 1
    }
    # The free port is free when asked, not when PostgreSQL binds it: another process on this
    # machine may take it in between, so a failed start tries another.
    for attempt in 1 2 3; do
        postgres_port=$(postgres_free_port)
        options="-k $postgres_dir -p $postgres_port -c listen_addresses=127.0.0.1 -c max_connections=200"
        for setting in "$@"; do options+=" -c $setting"; done
        if "${postgres_ctl[@]}" -w -o "$options" start >/dev/null; then
            break
        fi
        if ((attempt == 3)) || ! grep -q 'could not bind\|Address already in use' "$postgres_dir/server.log"; then
            cat "$postgres_dir/server.log" >&2
            echo "$0: PostgreSQL did not start" >&2
            return 1
        fi
    done
    postgres_createdb pm || return 1
    postgres_url="postgres://pm@127.0.0.1:$postgres_port/pm?sslmode=disable"
}

# Another database on the running cluster, owned by pm: its URL is postgres_url with /NAME.
postgres_createdb() { # NAME
    "${postgres_as[@]}" "$postgres_pg/createdb" -h 127.0.0.1 -p "$postgres_port" -U pm "$1"
}

# Stops the cluster at once (immediate: its data is thrown away) and removes its folder. Safe in
# an EXIT trap and under set -e: it never fails, does nothing when no cluster was started, and a
# second call does nothing either.
postgres_stop() {
    if [[ -n $postgres_dir ]]; then
        "${postgres_ctl[@]}" -m immediate -w stop >/dev/null 2>&1 || true
        rm -rf "$postgres_dir"
    fi
    postgres_dir=''
    postgres_url=''
    postgres_port=''
    return 0
}
