#!/usr/bin/env bash
# Measures the main page's weight and how fast the server answers it from the cached catalog.
# Usage: scripts/bench-pages.sh [REQUESTS] [CATALOG]   (builds in release mode, uses a temporary
# database; CATALOG is a catalog file to serve instead of the bundled one)
set -euo pipefail
cd "$(dirname "$0")/.."
requests=${1:-500}
catalog=()
if [ -n "${2:-}" ]; then catalog=(--catalog "$(realpath "$2")"); fi
swift build -c release --product cocktailbook >/dev/null
bin="$(swift build -c release --show-bin-path)/cocktailbook"
dir=$(mktemp -d)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
"$bin" serve --port "$port" --database "$dir/bench.sqlite" --source-latency 0 "${catalog[@]}" >"$dir/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; rm -rf "$dir"' EXIT
base="http://127.0.0.1:$port"
until curl -sf "$base/api/v1/catalog" | grep -q '"ready"'; do sleep 0.1; done

html=$(curl -s "$base/" | wc -c)
css=$(curl -s "$base$(curl -s "$base/" | grep -o '/assets/app.css[^"]*')" | wc -c)
js=$(curl -s "$base$(curl -s "$base/" | grep -o '/assets/app.js[^"]*')" | wc -c)
echo "main page ($(curl -s "$base/api/v1/catalog" | grep -o '"count":[0-9]*' | cut -d: -f2) cocktails) weight: HTML $html B + CSS $css B + JS $js B = $((html + css + js)) B (budget 61440 B)"

# Sequential requests over one keep-alive connection; time from request sent to first byte.
urls=$(for _ in $(seq "$requests"); do printf 'url = "%s/"\noutput = /dev/null\n' "$base"; done)
echo "$urls" | curl -s -K - -w '%{time_starttransfer}\n' >"$dir/times"
sort -n "$dir/times" | awk -v n="$requests" '
  { t[NR] = $1 * 1000 }
  END { printf "GET / from cache over %d requests: p50 %.2f ms, p99 %.2f ms, max %.2f ms (target < 5 ms)\n", n, t[int(n*0.5)], t[int(n*0.99)], t[n] }'
