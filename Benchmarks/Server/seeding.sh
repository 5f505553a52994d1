# Sourced by short-links.sh and at-once.sh, after processes.sh, with `site` (a switchyard-link-site) and `port` set.
#
#   seed DATABASE COUNT PREFIX   makes links PREFIX-N, N < COUNT, through the admin API of a site started on DATABASE
#                                for it (seed-links.py), each to a product of the app: a desktop gets its web fallback
#                                (302), an iPhone its landing page (200); with UTM_SOURCE set, each has that source
seed() {
    local database=$1 count=$2 prefix=$3 token start
    token=$("$site" token create "$prefix" --database "$database")
    "$site" serve Examples/shop.json --database "$database" --port "$port" --log-level error \
        --requests-per-token 100000 --requests-per-address 100000 >/dev/null &
    pid=$!
    for _ in $(seq 100); do curl -s -o /dev/null "http://127.0.0.1:$port/healthz" && break; sleep 0.1; done
    start=$(date +%s)
    python3 Benchmarks/Server/seed-links.py "http://127.0.0.1:$port" "$token" "$count" "$prefix" 8
    if [ "$count" -ge 10000 ]; then echo "seeded $count $prefix links on ${database%%:*} in $(($(date +%s) - start)) s"; fi
    stop_server
}
