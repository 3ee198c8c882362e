#!/usr/bin/env bash
# The HTTP benchmark of BENCHMARKS.md: Cocktail Book against nginx serving the very same bytes.
#
#   scripts/bench-http.sh [--sizes 311,10000] [--duration 10] [--connections 64] [--rounds 3]
#
# Builds in release mode, writes the synthetic catalogs, and for each size starts the app on a
# fresh database (the first start), restarts it on that database (the cached start), saves every
# route's response body, serves those files with nginx, runs wrk against both in turn and prints
# req/s, p99 and their ratio, plus the resident set and start-up times. Installs wrk and nginx
# from apt when they are missing.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
command -v wrk >/dev/null || missing+=(wrk)
command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || missing+=(nginx)
if [ ${#missing[@]} -gt 0 ]; then
    echo "installing ${missing[*]} from apt" >&2
    apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

swift build -c release --product cocktailbook >/dev/null
swift build -c release --product cocktailbook-search-bench >/dev/null
bin="$(swift build -c release --show-bin-path)"
exec python3 scripts/bench_http.py --app "$bin/cocktailbook" --catalog-writer "$bin/cocktailbook-search-bench" "$@"
