# Processes a test run leaves behind. `strays_mark` gives the run an id that every process it
# starts inherits (PM_TEST_RUN, in its environment); `strays_check STEP` finds the processes
# that still carry it once STEP has ended: a pm-server a test never stopped, a tmux server, a
# child orphaned when a test runner crashed. Each one found is named, killed, and fails the run,
# so a leak is fixed where it starts rather than piling up pass after pass.
# Sourced by scripts/test.

strays_mark() {
    PM_TEST_RUN="$(date -u +%Y%m%dT%H%M%S)-$$-$RANDOM"
    export PM_TEST_RUN
}

# The ids of the processes carrying this run's mark, read from /proc without starting a process
# (which would carry the mark itself).
strays_find() {
    local environ pid entry
    for environ in /proc/[0-9]*/environ; do
        pid="${environ#/proc/}"
        pid="${pid%/environ}"
        [ "$pid" = "$$" ] || [ "$pid" = "$BASHPID" ] && continue
        # A process gone since the listing, or not ours to read, is not one of the run's.
        {
            while IFS= read -r -d '' entry; do
                if [ "$entry" = "PM_TEST_RUN=$PM_TEST_RUN" ]; then
                    echo "$pid"
                    break
                fi
            done <"$environ"
        } 2>/dev/null || true
    done
}

strays_check() {
    local step="$1" pids=()
    [ -n "${PM_TEST_RUN:-}" ] || return 0
    mapfile -t pids < <(strays_find)
    ((${#pids[@]})) || return 0
    # A process ending as the step ends (a server told to stop, not yet gone) gets a second.
    sleep 1
    mapfile -t pids < <(strays_find)
    ((${#pids[@]})) || return 0
    echo "scripts/test: these processes outlived $step, which started them:" >&2
    ps -o pid=,etime=,args= -p "$(IFS=,; echo "${pids[*]}")" >&2 || true
    kill -9 "${pids[@]}" 2>/dev/null || true
    return 1
}
