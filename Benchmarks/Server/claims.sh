#!/usr/bin/env bash
# Deferred links' claims under load: switchyard-link-site (release) serving Examples/shop.json, on SQLite and on
# PostgreSQL, beside a plain Hummingbird handler (ServerLoad plain) in the same run. Two scenarios of claims.lua:
# "claim" (an iPhone's landing page, then its store redirect, which writes the claim and two counts) and "redeem"
# (the app redeems the claims the first scenario made, each once; a token asked again gets 409 and counts a
# re-open). wrk (Debian's) holds 64 connections on loopback for SECONDS (10) a round; each round alternates plain
# first. It prints requests a second, p50 and p99, the statuses, and each round's ratio to the plain round before.
#
#     Benchmarks/Server/claims.sh [SECONDS]
# PostgreSQL: a throwaway cluster from .ci/postgres, unless SWITCHYARD_BENCH_POSTGRES names a database.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-10}
source Benchmarks/Server/servers.sh
port=18091
source Benchmarks/Server/processes.sh
postgres=${SWITCHYARD_BENCH_POSTGRES:-}
if [ -z "$postgres" ]; then throwaway_postgres 54392; fi

serve() {
    "$site" serve Examples/shop.json --database "$1" --port "$port" --log-level error \
        --requests-per-token 100000 --requests-per-address 100000 &
    pid=$!
    for _ in $(seq 100); do curl -s -o /dev/null "http://127.0.0.1:$port/api/openapi.json" && break; sleep 0.1; done
}

# The link `bench`, into the app: an iPhone gets its landing page with "Get the app".
seed() {
    local token
    token=$("$site" token create bench --database "$1")
    serve "$1"
    curl -s -o /dev/null -w '%{http_code}\n' -X POST -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
        -d '{"slug":"bench","target":"myapp://product/1988"}' "http://127.0.0.1:$port/api/admin/links" | grep -q 201
    stop_server
}

# One round of SCENARIO against the command after it; prints the RESULT line's figures.
round() {
    local name=$1 scenario=$2; shift 2
    "$@" >/dev/null &
    pid=$!
    for _ in $(seq 100); do curl -s -o /dev/null "http://127.0.0.1:$port/api/openapi.json" && break; sleep 0.1; done
    local mode=switchyard
    [ "$name" = plain ] && mode=plain
    SCENARIO=$scenario SERVER_LOAD_MODE=$mode TOKENS="$work/tokens" timeout $((seconds + 30)) \
        wrk -t 2 -c 64 -d "${seconds}s" --latency -s Benchmarks/Server/claims.lua "http://127.0.0.1:$port" \
        >"$work/wrk.txt"
    stop_server
    awk -v name="$name" -v scenario="$scenario" -v plain="${plain_rate:-0}" '/^RESULT/ {
        for (i = 2; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = substr($i, length(kv[1]) + 2) }
        ratio = plain > 0 && name != "plain" ? sprintf("%.2f x plain", v["rate"] / plain) : ""
        printf "%-7s %-9s %8d req/s  p50 %6.2f ms  p99 %6.2f ms  errors %d  %s  [%s]\n", scenario, name, v["rate"],
            v["p50_us"] / 1000, v["p99_us"] / 1000, v["errors"], ratio, v["statuses"]
        print v["rate"] > "'"$work"'/rate" }' "$work/wrk.txt"
}

# The tokens of the open claims, read from the database: what the app would have been given.
tokens() {
    if [ "$1" = sqlite ]; then
        python3 -c 'import sqlite3,sys; [print(t) for (t,) in sqlite3.connect(sys.argv[1]).execute("SELECT token FROM claims WHERE redeemed_at IS NULL")]' \
            "$work/links.sqlite" >"$work/tokens"
    else
        psql -X -A -t -d "$postgres" -c "SELECT token FROM claims WHERE redeemed_at IS NULL" >"$work/tokens"
    fi
    echo "        ($(wc -l <"$work/tokens") open claims to redeem)"
}

seed "$work/links.sqlite"
seed "$postgres"
echo "$(nproc) cores, 64 connections, ${seconds} s a round, $(wrk --version 2>&1 | head -1 | cut -d' ' -f1-2)"
for store in sqlite postgres; do
    database="$work/links.sqlite"
    [ "$store" = postgres ] && database=$postgres
    for scenario in claim redeem; do
        [ "$scenario" = redeem ] && tokens "$store"
        plain_rate=""
        round plain "$scenario" "$plain" plain "$port"
        plain_rate=$(cat "$work/rate")
        round "$store" "$scenario" "$site" serve Examples/shop.json --database "$database" --port "$port" \
            --log-level error --requests-per-address 100000
    done
done
