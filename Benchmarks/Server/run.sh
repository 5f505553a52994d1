#!/usr/bin/env bash
# The universal-link server under load: Examples/shop.json served by SwitchyardServer, beside a plain Hummingbird
# handler that returns a fixed string, in one run. wrk (Debian's package) holds 64 connections on loopback for
# SECONDS (30 unless told) per round, with the mix in load.lua; the rounds alternate, plain first, ROUNDS times (2).
# It reports requests a second, p50/p99 latency, the answers by status, errors (socket errors, and answers whose
# statuses do not match the mix), and the server's memory:
# its resident size 5 s in, half way and at the end (growth over the run), and its peak.
#
#     Benchmarks/Server/run.sh [SECONDS] [ROUNDS]
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-30}
rounds=${2:-2}
command -v wrk >/dev/null || { echo "needs wrk (apt-get install wrk)" >&2; exit 2; }
(cd Benchmarks && swift build -c release --product ServerLoad >/dev/null 2>&1)
server=Benchmarks/.build/release/ServerLoad
port=18080
source Benchmarks/Server/processes.sh

# One round: start the server, wait for it to answer, load it, sample its memory once a second, stop it.
round() {
    local mode=$1
    "$server" "$mode" "$port" Examples/shop.json &
    pid=$!
    for _ in $(seq 50); do curl -s -o /dev/null "http://127.0.0.1:$port/nowhere" && break; sleep 0.1; done
    (for _ in $(seq $((seconds + 5))); do awk '/VmRSS/ { print $2 }' "/proc/$pid/status" 2>/dev/null; sleep 1; done) \
        >"$work/rss" &
    local sampler=$!
    # wrk stops by itself after SECONDS (and after its request bound); timeout is the last resort.
    SERVER_LOAD_MODE=$mode timeout $((seconds + 30)) wrk -t 2 -c 64 -d "${seconds}s" --latency -s Benchmarks/Server/load.lua \
        "http://127.0.0.1:$port" >"$work/wrk.txt"
    kill "$sampler" 2>/dev/null || true
    local peak first middle last
    first=$(sed -n '6p' "$work/rss")
    first=${first:-$(head -1 "$work/rss")}
    middle=$(sed -n "$((seconds / 2 + 1))p" "$work/rss")
    middle=${middle:-$first}
    peak=$(awk '/VmHWM/ { print $2 }' "/proc/$pid/status")
    last=$(awk '/VmRSS/ { print $2 }' "/proc/$pid/status")
    stop_server
    awk -v mode="$mode" -v peak="$peak" -v rss="$first $middle $last" '
        /^RESULT/ {
            for (i = 2; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = substr($i, length(kv[1]) + 2) }
            split(rss, r, " ")
            printf "%-10s %9d req/s  p50 %6.2f ms  p99 %6.2f ms  errors %d  RSS %5.1f, %5.1f, %5.1f MB, peak %5.1f MB  [%s]\n",
                mode, v["rate"], v["p50_us"] / 1000, v["p99_us"] / 1000, v["errors"], r[1] / 1024, r[2] / 1024, r[3] / 1024,
                peak / 1024, v["statuses"]
        }' "$work/wrk.txt"
}

echo "$(nproc) cores, 64 connections, ${seconds} s a round, $(wrk --version 2>&1 | head -1 | cut -d' ' -f1-2)"
for _ in $(seq "$rounds"); do
    round plain
    round switchyard
done
