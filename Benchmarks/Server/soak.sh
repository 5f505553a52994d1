#!/usr/bin/env bash
# A soak at the campaign's load: switchyard-link-site (release) on SQLite (or, with STORE=postgres, on a throwaway
# PostgreSQL cluster from .ci/postgres), 100,000 links made through the admin API,
# visited by wrk (2 threads, 64 connections) in the campaign's order for SECONDS (600), every visit a store read.
# Every 10 s it prints the site's resident memory and threads; at the end, the requests, the errors (socket errors and
# answers other than 302) and, after the first minute (the cache filling), the memory's first, smallest, largest and
# last samples and its drift: the mean of the last minute's samples less the mean of the second minute's.
# SWITCHYARD_BENCH_SITE names a switchyard-link-site already built (of an earlier commit, to soak two side by side)
# instead of this one's release build.
#
#     Benchmarks/Server/soak.sh [SECONDS]
#     SWITCHYARD_BENCH_SITE=/tmp/site-of-abc1234 Benchmarks/Server/soak.sh
#     STORE=postgres Benchmarks/Server/soak.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-600}
command -v wrk >/dev/null || { echo "needs wrk (apt-get install wrk)" >&2; exit 2; }
site=${SWITCHYARD_BENCH_SITE:-}
if [ -z "$site" ]; then
    (cd Benchmarks && swift build -c release --product switchyard-link-site >/dev/null 2>&1)
    site=Benchmarks/.build/release/switchyard-link-site
fi
port=18097
source Benchmarks/Server/processes.sh
case ${STORE:-sqlite} in
sqlite) database=$work/links.sqlite ;;
postgres)
    throwaway_postgres 54393
    database=$postgres
    ;;
*) echo "STORE is sqlite or postgres" >&2; exit 2 ;;
esac
token=$("$site" token create soak --database "$database")
"$site" serve Examples/shop.json --database "$database" --port "$port" --log-level error \
    --requests-per-token 100000 --requests-per-address 100000 >/dev/null &
pid=$!
for _ in $(seq 100); do curl -s -o /dev/null "http://127.0.0.1:$port/healthz" && break; sleep 0.1; done
python3 Benchmarks/Server/seed-links.py "http://127.0.0.1:$port" "$token" 100000 camp 8
SCENARIO=campaign CAMPAIGN_LINKS=100000 wrk -t 2 -c 64 -d "${seconds}s" --latency -s Benchmarks/Server/short-links.lua \
    "http://127.0.0.1:$port" >"$work/wrk.txt" &
load=$!
: >"$work/rss"
elapsed=0
while kill -0 "$load" 2>/dev/null; do
    sleep 10
    elapsed=$((elapsed + 10))
    rss=$(awk '/^VmRSS/ { print $2 }' "/proc/$pid/status")
    echo "$elapsed s  rss $((rss / 1024)) MiB  threads $(ls "/proc/$pid/task" | wc -l)"
    [ "$elapsed" -gt 60 ] && echo "$rss" >>"$work/rss"
done
wait "$load"
grep RESULT "$work/wrk.txt"
# Samples are in KiB, 6 a minute; the drift needs at least 2 minutes of them.
awk '{ s[NR] = $1; if (NR == 1 || $1 < min) min = $1; if ($1 > max) max = $1 }
    END {
        if (NR == 0) { print "memory: no sample after the first minute (a soak of over 70 s has some)"; exit }
        printf "memory after the first minute: first %d MiB, smallest %d MiB, largest %d MiB, last %d MiB\n",
            s[1] / 1024, min / 1024, max / 1024, s[NR] / 1024
        if (NR >= 12) {
            for (i = 1; i <= 6; i++) { early += s[i]; late += s[NR - 6 + i] }
            printf "drift: %+.1f MiB (the last minute against the second)\n", (late - early) / 6 / 1024
        }
    }' "$work/rss"
curl -s "http://127.0.0.1:$port/readyz"
