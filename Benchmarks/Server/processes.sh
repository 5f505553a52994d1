# Sourced by the load scripts (run.sh, short-links.sh, claims.sh, soak.sh, at-once.sh): their work folder, the
# servers they have running, a throwaway PostgreSQL cluster, and one exit that takes these down in order.
#
#   "$site" serve … &  pid=$!   the server a script starts
#   second_pid=$!               a second server running at the same time (at-once.sh), stopped with the first
#   stop_server                 SIGTERM to each (as an orchestrator stops it), then waits until each has exited: at
#                               most 30 s, then SIGKILL, and says so
#   throwaway_postgres PORT     starts a cluster from .ci/postgres on PORT; sets postgres to its database's address
#
# On exit the servers are stopped and waited for before the cluster is. Stopping both at once cut a running site's
# last write off in mid-statement, and that is how a stop that never ended was found; a benchmark's exit is not the
# place to find such faults again, nor to leave a process behind.
work=$(mktemp -d)
pid=""
second_pid=""
postgres_dir=""
postgres=""

# Whether process $1 still runs: a child that has exited stays a zombie (Z) until it is waited for, and `kill -0`
# succeeds on a zombie, so the state is read from /proc.
running() {
    local state
    state=$(sed 's/.*) //' "/proc/$1/stat" 2>/dev/null | cut -d ' ' -f 1)
    [ -n "$state" ] && [ "$state" != Z ]
}

stop_server() {
    local servers=() server
    for server in $pid $second_pid; do servers+=("$server"); done
    [ ${#servers[@]} -gt 0 ] || return 0
    # Not SIGINT: a shell without job control starts its background commands with SIGINT ignored, so a server that
    # does not install its own handler for it would not stop.
    kill -TERM "${servers[@]}" 2>/dev/null || true
    for _ in $(seq 300); do
        local left=0
        for server in "${servers[@]}"; do running "$server" && left=1; done
        [ "$left" = 1 ] || break
        sleep 0.1
    done
    for server in "${servers[@]}"; do
        if running "$server"; then
            echo "the server ($server) had not stopped 30 s after SIGTERM; killed" >&2
            kill -KILL "$server" 2>/dev/null || true
        fi
        wait "$server" 2>/dev/null || true
    done
    pid=""
    second_pid=""
}

throwaway_postgres() {
    postgres_dir=$(mktemp -d /tmp/switchyard-bench-postgres-XXXXXX)
    postgres=$(.ci/postgres start "$postgres_dir" "$1")
}

finish() {
    stop_server
    if [ -n "$postgres_dir" ]; then .ci/postgres stop "$postgres_dir"; fi
    rm -rf "$work"
}
trap finish EXIT
