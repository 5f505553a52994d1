#!/usr/bin/env bash
# Short links under load: switchyard-link-site (release) serving Examples/shop.json, on SQLite and on PostgreSQL,
# beside a plain Hummingbird handler (ServerLoad plain) in the same run. For each scenario of short-links.lua
# (a cached redirect, a cached landing page, uncached reads of 1,000 links, and a campaign: 100,000 per-recipient
# links each visited once, the cache on) and each store, the rounds alternate,
# plain first, ROUNDS times (2); wrk (Debian's) holds 64 connections on loopback for SECONDS (20) a round. Clicks are
# recorded and written in batches throughout, as in production. It prints requests a second, p50 and p99, errors,
# and each round's ratio to the plain round before it; at the end, each round's rate and p99 against the mean of the
# plain rounds before and after it (a plain round closes each scenario, so that every round has one after it).
#
#     Benchmarks/Server/short-links.sh [SECONDS] [ROUNDS]
# PostgreSQL: a throwaway cluster from .ci/postgres, unless SWITCHYARD_BENCH_POSTGRES names a database.
# In the campaign on PostgreSQL, pgbench -S (select-only, 64 clients, 2 threads) runs on the same cluster after the
# plain round, against a pgbench database of scale 1 (100,000 accounts), and the site's rate is also given against
# its transactions a second: each visit needs one read, as each of its transactions is one; then pgbench -S -M
# prepared, the same select as a prepared statement, as the site's read is (on some machines nearly twice the
# transactions a second of the first). In the campaign a second floor runs after the plain round: plain-hop, the
# plain handler waiting once for an empty job on NIO's thread pool (what any handler pays to wait for blocking work,
# as a SQLite read is, without the work), with its ratio to plain.
# SCENARIOS and STORES pick some of them (default: all but the campaign, whose seeding takes minutes). SWITCHYARD_BENCH_BASELINE names a switchyard-link-site built
# from an earlier commit: each round of the site is then followed by one of the baseline on the same store, with its
# own ratio to the same plain round, so that a change is measured against what it changes, side by side; the two
# take turns going first.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-20}
rounds=${2:-2}
source Benchmarks/Server/servers.sh
port=18090
source Benchmarks/Server/processes.sh
source Benchmarks/Server/seeding.sh
postgres=${SWITCHYARD_BENCH_POSTGRES:-}
if [ -z "$postgres" ]; then throwaway_postgres 54391; fi

# One round: start the server, load it with SCENARIO, stop it; prints the RESULT line's figures.
round() {
    local name=$1 scenario=$2; shift 2
    "$@" >/dev/null &
    pid=$!
    for _ in $(seq 100); do curl -s -o /dev/null "http://127.0.0.1:$port/s/warm" && break; sleep 0.1; done
    local mode=switchyard
    [[ $name == plain* ]] && mode=plain
    SCENARIO=$scenario SERVER_LOAD_MODE=$mode timeout $((seconds + 30)) \
        wrk -t 2 -c 64 -d "${seconds}s" --latency -s Benchmarks/Server/short-links.lua "http://127.0.0.1:$port" \
        >"$work/wrk.txt"
    stop_server
    awk -v name="$name" -v scenario="$scenario" -v plain="${plain_rate:-0}" -v pgbench="${pgbench_rate:-0}" \
        -v prepared="${pgbench_prepared_rate:-0}" '/^RESULT/ {
        for (i = 2; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = substr($i, length(kv[1]) + 2) }
        ratio = plain > 0 && name != "plain" ? sprintf("%.2f x plain", v["rate"] / plain) : ""
        if (pgbench > 0 && name != "plain") ratio = ratio sprintf(", %.2f x pgbench -S", v["rate"] / pgbench)
        if (prepared > 0 && name != "plain") ratio = ratio sprintf(" (%.2f x -M prepared)", v["rate"] / prepared)
        printf "%-9s %-10s %8d req/s  p50 %6.2f ms  p99 %6.2f ms  errors %d  %s  [%s]\n", scenario, name, v["rate"],
            v["p50_us"] / 1000, v["p99_us"] / 1000, v["errors"], ratio, v["statuses"]
        print v["rate"] > "'"$work"'/rate"
        print scenario, name, v["rate"], v["p99_us"] >> "'"$work"'/rounds" }' "$work/wrk.txt"
}

scenarios=${SCENARIOS:-redirect landing uncached}
# The links of the other scenarios: link-N, N < 1000, with a UTM source.
UTM_SOURCE=bench seed "$work/links.sqlite" 1000 link
case " ${STORES:-sqlite postgres} " in *" postgres "*) UTM_SOURCE=bench seed "$postgres" 1000 link ;; esac

# The campaign's links, camp-N for N < CAMPAIGN_LINKS.
campaign_links=${CAMPAIGN_LINKS:-100000}
export CAMPAIGN_LINKS=$campaign_links
pgbench_address=()
case " $scenarios " in *" campaign "*)
    case " ${STORES:-sqlite postgres} " in *" sqlite "*) seed "$work/links.sqlite" "$campaign_links" camp ;; esac
    case " ${STORES:-sqlite postgres} " in *" postgres "*)
        seed "$postgres" "$campaign_links" camp
        # postgres://USER@HOST:PORT/DATABASE: pgbench's own database beside it, on the same cluster.
        [[ $postgres =~ ^postgres://([^@:]+)(:[^@]*)?@([^:/]+):([0-9]+)/ ]] || { echo "cannot read $postgres" >&2; exit 2; }
        pgbench_address=(-h "${BASH_REMATCH[3]}" -p "${BASH_REMATCH[4]}" -U "${BASH_REMATCH[1]}")
        createdb "${pgbench_address[@]}" pgbench 2>/dev/null || true
        pgbench "${pgbench_address[@]}" -i -s 1 -q pgbench >/dev/null 2>&1
        ;;
    esac
    ;;
esac
echo "$(nproc) cores, 64 connections, ${seconds} s a round, $(wrk --version 2>&1 | head -1 | cut -d' ' -f1-2)"
baseline=${SWITCHYARD_BENCH_BASELINE:-}
declare -A turns=()
for scenario in $scenarios; do
    cache=5
    [ "$scenario" = uncached ] && cache=0
    for _ in $(seq "$rounds"); do
        for store in ${STORES:-sqlite postgres}; do
            plain_rate=""
            pgbench_rate=""
            pgbench_prepared_rate=""
            round plain "$scenario" "$plain" plain "$port"
            plain_rate=$(cat "$work/rate")
            if [ "$scenario" = campaign ]; then round plain-hop "$scenario" "$plain" plain-hop "$port"; fi
            if [ "$scenario" = campaign ] && [ "$store" = postgres ]; then
                pgbench_rate=$(pgbench "${pgbench_address[@]}" -S -n -c 64 -j 2 -T "$seconds" pgbench 2>/dev/null |
                    awk '/^tps/ { printf "%d", $3 }')
                printf '%-9s %-10s %8d tps    (select-only, 64 clients, the same cluster)\n' campaign "pgbench-S" \
                    "$pgbench_rate"
                # The site's read is a statement prepared once a connection: the same select, prepared.
                pgbench_prepared_rate=$(pgbench "${pgbench_address[@]}" -S -M prepared -n -c 64 -j 2 -T "$seconds" \
                    pgbench 2>/dev/null | awk '/^tps/ { printf "%d", $3 }')
                printf '%-9s %-10s %8d tps    (the same, -M prepared)\n' campaign "pgbench-SP" "$pgbench_prepared_rate"
            fi
            database="$work/links.sqlite"
            [ "$store" = postgres ] && database=$postgres
            # With a baseline, the two take turns going first on each store, so that neither always runs on a warmer
            # machine (a turn counted across stores gave each store the same order in every round).
            order="site base"
            [ -n "$baseline" ] && [ $((${turns[$store]:-0} % 2)) = 1 ] && order="base site"
            turns[$store]=$((${turns[$store]:-0} + 1))
            for build in $order; do
                if [ "$build" = site ]; then
                    round "$store" "$scenario" "$site" serve Examples/shop.json --database "$database" --port "$port" \
                        --log-level error --cache-seconds "$cache"
                elif [ -n "$baseline" ]; then
                    round "$store-base" "$scenario" "$baseline" serve Examples/shop.json --database "$database" \
                        --port "$port" --log-level error --cache-seconds "$cache"
                fi
            done
        done
    done
    # The last round of the site gets a plain round after it too, as every other one has.
    round plain "$scenario" "$plain" plain "$port"
done
# Each round of the site or the baseline against the plain rounds run just before and just after it: the machine's
# speed drifts between rounds (the plain handler alone varies by a fifth over a run), and the mean of the two rounds
# around a round is nearer to what plain would have done in its place than the one before it alone.
echo
echo "each round against the mean of the plain rounds before and after it (rate, then p99 over plain's p99):"
python3 - "$work/rounds" <<'SUMMARY'
import sys
rounds = [line.split() for line in open(sys.argv[1])]
summary = {}
for i, (scenario, name, rate, p99) in enumerate(rounds):
    if name.startswith("plain"):
        continue
    around = [r for r in (next((r for r in reversed(rounds[:i]) if r[0] == scenario and r[1] == "plain"), None),
                          next((r for r in rounds[i + 1:] if r[0] == scenario and r[1] == "plain"), None)) if r]
    plain_rate = sum(float(r[2]) for r in around) / len(around)
    plain_p99 = sum(float(r[3]) for r in around) / len(around)
    summary.setdefault((scenario, name), []).append((float(rate) / plain_rate, float(p99) / plain_p99))
for (scenario, name), ratios in summary.items():
    rates = " ".join(f"{rate:.2f}" for rate, _ in ratios)
    p99s = " ".join(f"{p99:.2f}" for _, p99 in ratios)
    print(f"{scenario:<9} {name:<14} {rates}  x plain    p99 {p99s}  x plain's")
SUMMARY
