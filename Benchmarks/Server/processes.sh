# Sourced by the load scripts (run.sh, short-links.sh, claims.sh, soak.sh): their work folder, the server they have
# running, a throwaway PostgreSQL cluster, and one exit that takes these down in order.
#
#   "$site" serve … &  pid=$!   the server a script starts; one at a time
#   stop_server                 SIGTERM to it (as an orchestrator stops it), then waits until it has exited: at most
#                               30 s, then SIGKILL, and says so
#   throwaway_postgres PORT     starts a cluster from .ci/postgres on PORT; sets postgres to its database's address
#
# On exit the server is stopped and waited for before the cluster is. Stopping both at once cut a running site's last
# write off in mid-statement, and that is how a stop that never ended was found; a benchmark's exit is not the place
# to find such faults again, nor to leave a process behind.
work=$(mktemp -d)
pid=""
postgres_dir=""
postgres=""

# Whether the server still runs: a child that has exited stays a zombie (Z) until it is waited for, and `kill -0`
# succeeds on a zombie, so the state is read from /proc.
server_running() {
    local state
    state=$(sed 's/.*) //' "/proc/$pid/stat" 2>/dev/null | cut -d ' ' -f 1)
    [ -n "$state" ] && [ "$state" != Z ]
}

stop_server() {
    [ -n "$pid" ] || return 0
    # Not SIGINT: a shell without job control starts its background commands with SIGINT ignored, so a server that
    # does not install its own handler for it would not stop.
    kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 300); do server_running || break; sleep 0.1; done
    if server_running; then
        echo "the server ($pid) had not stopped 30 s after SIGTERM; killed" >&2
        kill -KILL "$pid" 2>/dev/null || true
    fi
    wait "$pid" 2>/dev/null || true
    pid=""
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
