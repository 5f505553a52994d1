#!/usr/bin/env bash
# A soak at the campaign's load: switchyard-link-site (release) on SQLite, 100,000 links made through the admin API,
# visited by wrk (2 threads, 64 connections) in the campaign's order for SECONDS (600), every visit a store read.
# Every 10 s it prints the site's resident memory; at the end, the requests, the errors (socket errors and answers
# other than 302) and the memory's first, last and largest samples after the first minute (the cache filling).
#
#     Benchmarks/Server/soak.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-600}
command -v wrk >/dev/null || { echo "needs wrk (apt-get install wrk)" >&2; exit 2; }
(cd Benchmarks && swift build -c release --product switchyard-link-site >/dev/null 2>&1)
site=Benchmarks/.build/release/switchyard-link-site
port=18097
work=$(mktemp -d)
trap 'kill "${pid:-}" 2>/dev/null || true; rm -rf "$work"' EXIT
database=$work/links.sqlite
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
    echo "$elapsed s  rss $((rss / 1024)) MiB"
    [ "$elapsed" -gt 60 ] && echo "$rss" >>"$work/rss"
done
wait "$load"
grep RESULT "$work/wrk.txt"
awk 'NR == 1 { first = $1 } { last = $1; if ($1 > max) max = $1 }
    END { printf "memory after the first minute: first %d MiB, last %d MiB, largest %d MiB\n", first / 1024, last / 1024, max / 1024 }' \
    "$work/rss"
curl -s "http://127.0.0.1:$port/readyz"
