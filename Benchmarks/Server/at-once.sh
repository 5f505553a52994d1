#!/usr/bin/env bash
# Two servers serving at once on one machine, each loaded by a wrk of its own (1 thread, 32 connections), for
# SECONDS (10) a pair, PAIRS (5) times, the two taking turns being started first. For each it prints the visits a
# second and the CPU the server took a visit (its user and system time from /proc over the visits wrk counted), and
# B's over A's. Serving at once, the two meet the same machine at the same moment, so their ratio does not drift
# with the machine as rounds run one after another do (short-links.sh gives the rates a server reaches alone): it
# is how a change's cost is measured, and how far the site is from the plain handler in CPU.
#
#     Benchmarks/Server/at-once.sh [SECONDS] [PAIRS]
#
# A and B are each `plain` (ServerLoad's plain handler) or the path of a switchyard-link-site, for instance one
# built from an earlier commit; by default A is plain and B the site built here. SCENARIO is one of
# short-links.lua's: redirect (the default), landing, uncached, or campaign: CAMPAIGN_LINKS per-recipient links
# (20,000 by default; more than the cache's 10,000, so that every visit reads the store), each visited once a cycle
# by each server's wrk. STORE is sqlite (the default) or postgres: a throwaway cluster, unless
# SWITCHYARD_BENCH_POSTGRES names a database. Both sites serve the same store. A pair with errors says how each
# server answered, and a site's warnings (its first five lines) follow its pair.
#
# With IN_TURN=1 the two serve in turn instead, each alone with 64 connections, A first in odd pairs and B in even
# ones; each line then also gives how busy the machine was (from /proc/stat) and, on a throwaway cluster, the
# cluster's CPU a visit. That is for what at once hides: a change that lets a server use the CPU it left idle
# while it waited (for the statement that carries a campaign's reads) serves no more visits when another server
# takes that CPU.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-10}
pairs=${2:-5}
[[ $seconds =~ ^[1-9][0-9]*$ && $pairs =~ ^[1-9][0-9]*$ ]] || { echo "SECONDS and PAIRS are whole numbers from 1" >&2; exit 2; }
source Benchmarks/Server/servers.sh
port=18090
a=${A:-plain}
b=${B:-$site}
scenario=${SCENARIO:-redirect}
for server in "$a" "$b"; do
    [ "$server" = plain ] || [ -x "$server" ] || { echo "A and B are plain or a switchyard-link-site: $server" >&2; exit 2; }
done
source Benchmarks/Server/processes.sh
source Benchmarks/Server/seeding.sh
case ${STORE:-sqlite} in
sqlite) database=$work/links.sqlite ;;
postgres)
    database=${SWITCHYARD_BENCH_POSTGRES:-}
    if [ -z "$database" ]; then
        throwaway_postgres 54394
        database=$postgres
    fi
    ;;
*) echo "STORE is sqlite or postgres" >&2; exit 2 ;;
esac
cache=5
case $scenario in
campaign)
    export CAMPAIGN_LINKS=${CAMPAIGN_LINKS:-20000}
    seed "$database" "$CAMPAIGN_LINKS" camp
    ;;
redirect | landing) UTM_SOURCE=bench seed "$database" 1000 link ;;
uncached)
    UTM_SOURCE=bench seed "$database" 1000 link
    cache=0
    ;;
*) echo "SCENARIO is redirect, landing, uncached or campaign" >&2; exit 2 ;;
esac

# Starts SERVER (plain, or a site's path) on PORT, in the background.
start() {
    if [ "$1" = plain ]; then
        "$plain" plain "$2" >/dev/null 2>&1 &
    else
        "$1" serve Examples/shop.json --database "$database" --port "$2" --log-level warning --cache-seconds "$cache" \
            >/dev/null 2>"$work/warnings-$2" &
    fi
}
# The CPU process $1 has used: its user and system time, in clock ticks.
cpu() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
# The CPU the throwaway cluster's processes have used, in clock ticks; 0 without one.
cluster_cpu() {
    local postmaster
    postmaster=$(head -1 "$postgres_dir/data/postmaster.pid" 2>/dev/null) || { echo 0; return; }
    pgrep -P "$postmaster" | while read -r p; do awk '{ print $14 + $15 }' "/proc/$p/stat" 2>/dev/null; done |
        awk '{ t += $1 } END { print t + 0 }'
}
# The machine's busy and idle time so far, in clock ticks (/proc/stat's first line).
machine() { awk '/^cpu / { print $2 + $3 + $4 + $7 + $8, $5 + $6 }' /proc/stat; }
# Prints what each site of the pair logged (its first five lines), and forgets it.
warnings() {
    local p
    for p in $((port + 1)) $((port + 2)); do
        if [ -s "$work/warnings-$p" ]; then
            echo "        $([ "$p" = $((port + 1)) ] && echo A || echo B) logged:"
            head -5 "$work/warnings-$p" | cut -c 1-240 | sed 's/^/          /'
            rm "$work/warnings-$p"
        fi
    done
}
connections=32
[ -n "${IN_TURN:-}" ] && connections=64
# Loads PORT with the scenario (as plain when SERVER is plain) into FILE.
load() {
    local mode=switchyard
    [ "$1" = plain ] && mode=plain
    SCENARIO=$scenario SERVER_LOAD_MODE=$mode THREADS=1 timeout $((seconds + 30)) \
        wrk -t 1 -c "$connections" -d "${seconds}s" -s Benchmarks/Server/short-links.lua "http://127.0.0.1:$2" >"$3"
}
# Waits until the server on PORT answers its health check.
ready() {
    for _ in $(seq 100); do curl -s -o /dev/null "http://127.0.0.1:$1/healthz" && break; sleep 0.1; done
}
# Serves SERVER alone on PORT, loaded into FILE, and writes to FILE.cpu its CPU, the cluster's, and the machine's
# busy and idle time over the load, in clock ticks.
alone() {
    local before cluster_before machine_before
    start "$1" "$2"
    pid=$!
    ready "$2"
    before=$(cpu "$pid")
    cluster_before=$(cluster_cpu)
    machine_before=$(machine)
    load "$1" "$2" "$3"
    echo "$(($(cpu "$pid") - before)) $(($(cluster_cpu) - cluster_before)) $(machine) $machine_before" >"$3.cpu"
    stop_server
    pid=""
}
# Serves A and B at once, each loaded into its FILE, and writes to each FILE.cpu the server's CPU over the load (the
# cluster and the machine are shared, so they are not given). Odd pairs start A first, even pairs B.
together() {
    local a_before b_before a_load
    if [ $(($1 % 2)) = 1 ]; then
        start "$a" $((port + 1))
        pid=$!
        start "$b" $((port + 2))
        second_pid=$!
    else
        start "$b" $((port + 2))
        second_pid=$!
        start "$a" $((port + 1))
        pid=$!
    fi
    ready $((port + 1))
    ready $((port + 2))
    a_before=$(cpu "$pid")
    b_before=$(cpu "$second_pid")
    load "$a" $((port + 1)) "$work/a.txt" &
    a_load=$!
    load "$b" $((port + 2)) "$work/b.txt"
    wait "$a_load"
    echo "$(($(cpu "$pid") - a_before)) 0 0 0 0 0" >"$work/a.txt.cpu"
    echo "$(($(cpu "$second_pid") - b_before)) 0 0 0 0 0" >"$work/b.txt.cpu"
    stop_server
}

if [ -n "${IN_TURN:-}" ]; then
    echo "$scenario on ${STORE:-sqlite}, $(nproc) cores, each server alone with 64 connections, ${seconds} s each"
else
    echo "$scenario on ${STORE:-sqlite}, $(nproc) cores, each server 32 connections, ${seconds} s a pair"
fi
echo "A: $a"
echo "B: $b"
: >"$work/ratios"
for n in $(seq "$pairs"); do
    if [ -z "${IN_TURN:-}" ]; then
        together "$n"
    elif [ $((n % 2)) = 1 ]; then
        alone "$a" $((port + 1)) "$work/a.txt"
        alone "$b" $((port + 2)) "$work/b.txt"
    else
        alone "$b" $((port + 2)) "$work/b.txt"
        alone "$a" $((port + 1)) "$work/a.txt"
    fi
    python3 - "$work/a.txt" "$work/b.txt" "$(getconf CLK_TCK)" "$n" "$work/ratios" "${IN_TURN:-}" <<'PAIR'
import sys
a_file, b_file, ticks, n, ratios, in_turn = sys.argv[1:]
def result(path):
    line = next(line for line in open(path) if line.startswith("RESULT"))
    r = {k: v for k, v in (field.split("=", 1) for field in line.split()[1:])}
    server, cluster, busy, idle, busy_before, idle_before = map(int, open(path + ".cpu").read().split())
    visits = max(int(r["requests"]), 1)
    r["us"] = server / int(ticks) / visits * 1e6
    r["cluster"] = cluster / int(ticks) / visits * 1e6
    r["busy"] = 100 * (busy - busy_before) / max(busy - busy_before + idle - idle_before, 1)
    return r
a, b = result(a_file), result(b_file)
def line(name, r):
    text = f"{name} {float(r['rate']):8.0f}/s {r['us']:6.1f} µs a visit"
    if in_turn:
        cluster = f"  cluster {r['cluster']:4.1f} µs" if r["cluster"] > 0 else ""
        text += f"{cluster}  busy {r['busy']:3.0f} %  p99 {int(r['p99_us']) / 1000:5.2f} ms"
    return text
cpu_ratio, rate_ratio = b["us"] / a["us"], float(b["rate"]) / float(a["rate"])
print(f"pair {n}  {line('A', a)}  {line('B', b)}  B/A CPU a visit {cpu_ratio:.3f}, visits {rate_ratio:.3f}"
      f"  errors {a['errors']}/{b['errors']}")
for name, r in (("A", a), ("B", b)):
    if r["errors"] != "0":
        print(f"        {name}'s answers by status: {r['statuses']}")
open(ratios, "a").write(f"{cpu_ratio} {rate_ratio}\n")
PAIR
    warnings
done
python3 - "$work/ratios" <<'SUMMARY'
import statistics, sys
pairs = [tuple(map(float, line.split())) for line in open(sys.argv[1])]
for name, values in (("CPU a visit", [p[0] for p in pairs]), ("visits a second", [p[1] for p in pairs])):
    print(f"B/A {name}: median {statistics.median(values):.3f} ({min(values):.3f} to {max(values):.3f})")
SUMMARY
