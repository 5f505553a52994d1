# Sourced by the scripts that load the site beside the plain handler (short-links.sh, claims.sh, at-once.sh): checks
# for wrk, builds both in release and sets `site` and `plain` to them. Both come from the Benchmarks package (the
# site is a product of its dependency, the main package), so that they share one release build of SwiftNIO and
# Hummingbird.
command -v wrk >/dev/null || { echo "needs wrk (apt-get install wrk)" >&2; exit 2; }
(cd Benchmarks && swift build -c release --product switchyard-link-site >/dev/null 2>&1)
(cd Benchmarks && swift build -c release --product ServerLoad >/dev/null 2>&1)
site=Benchmarks/.build/release/switchyard-link-site
plain=Benchmarks/.build/release/ServerLoad
