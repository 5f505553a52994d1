#!/usr/bin/env bash
# The command-line tool's bulk throughput, beside the machine's own floor, in one run (each command best of three):
#   wc -l over the links; the same file read in Swift, line by line, routing nothing (ReadFloor.swift);
#   switchyard route --json from standard input to /dev/null; switchyard audit of Examples/shop.json against
#   Examples/shop-next.json.
# The links come from generate-links.py (fixed seed), made once and kept in $LINKS_DIR.
#
#     Benchmarks/CLI/run.sh [LINES]     # 10,000,000 lines unless told
set -euo pipefail
cd "$(dirname "$0")/../.."
lines=${1:-10000000}
dir=${LINKS_DIR:-${TMPDIR:-/tmp}/switchyard-cli-bench}
links="$dir/links-$lines.txt"
mkdir -p "$dir"
[ -f "$links" ] || python3 Benchmarks/CLI/generate-links.py "$lines" "$links"
swift build -c release --product switchyard --scratch-path .build-release >/dev/null
swiftc -O Benchmarks/CLI/ReadFloor.swift -o "$dir/read-floor"
tool=.build-release/release/switchyard

# Runs a command three times, and prints its fastest and slowest time, its lines a second at the fastest, and its
# largest peak memory (the machine is shared: one run can be slow for reasons of its own).
measure() {
    local name=$1
    shift
    : >"$dir/times.txt"
    for _ in 1 2 3; do
        /usr/bin/time -o "$dir/time.txt" -f "%e %M" "$@" >/dev/null 2>&1 || true
        tail -1 "$dir/time.txt" >>"$dir/times.txt"
    done
    sort -n "$dir/times.txt" | awk -v name="$name" -v lines="$lines" '
        NR == 1 { best = $1 } { worst = $1; if ($2 > memory) memory = $2 }
        END {
            rate = best > 0 ? sprintf("%12.0f", lines / best) : "   (too fast)"
            printf "%-34s %7.2f s (slowest %6.2f)  %s lines/s  %6.1f MB peak RSS\n", name, best, worst, rate, memory / 1024
        }'
}

echo "$lines lines, $(du -h "$links" | cut -f1), $(nproc) cores"
measure "wc -l" wc -l "$links"
measure "read in Swift, no routing" "$dir/read-floor" "$links"
measure "route --json < links > /dev/null" sh -c "$tool route --json Examples/shop.json < '$links'"
measure "audit shop.json shop-next.json" "$tool" audit --quiet Examples/shop.json Examples/shop-next.json "$links"
measure "audit, one thread" "$tool" audit --quiet --threads 1 Examples/shop.json Examples/shop-next.json "$links"
