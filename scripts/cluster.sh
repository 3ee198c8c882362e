#!/usr/bin/env bash
# Several instances of the book on one PostgreSQL database, behind nginx, on this machine.
#
#   scripts/cluster.sh [--instances 3] [--port 8080]
#       starts a throwaway PostgreSQL (127.0.0.1 only), the instances on free ports and nginx on
#       --port in front; runs until Ctrl-C, then stops everything and deletes its folder.
#   scripts/cluster.sh --load [--duration 20] [--connections 32]
#       the same, then a mixed read/write load (pages, searches, details, TheCocktailDB API,
#       favorites marked and unmarked): against one instance directly, against the balancer,
#       and against the balancer while one instance is killed half-way. Prints req/s, p99 and
#       the failed requests of each run, then stops.
#
# Builds the app in release mode; installs nginx and wrk from apt when they are missing (as root).
set -euo pipefail
cd "$(dirname "$0")/.."

instances=3 port=8080 load=0 duration=20 connections=32
while [ $# -gt 0 ]; do
  case "$1" in
    --instances) instances=$2; shift 2 ;;
    --port) port=$2; shift 2 ;;
    --load) load=1; shift ;;
    --duration) duration=$2; shift 2 ;;
    --connections) connections=$2; shift 2 ;;
    -h|--help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "cluster.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
[ "$instances" -ge 2 ] 2>/dev/null || { echo "cluster.sh: --instances must be 2 or more" >&2; exit 2; }

missing=()
command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || missing+=(nginx)
[ "$load" = 0 ] || command -v wrk >/dev/null || missing+=(wrk)
command -v curl >/dev/null || missing+=(curl)
command -v psql >/dev/null || missing+=(postgresql-client)
if [ ${#missing[@]} -gt 0 ]; then
  echo "==> Installing ${missing[*]} from apt" >&2
  apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi
nginx_bin=$(command -v nginx || echo /usr/sbin/nginx)

echo "==> Building (release)" >&2
swift build -c release --product cocktailbook >/dev/null
app="$(swift build -c release --show-bin-path)/cocktailbook"

work=$(mktemp -d /tmp/cocktailbook-cluster.XXXXXX)
chmod 755 "$work"
pids=()
cleanup() {
  trap - EXIT INT TERM
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  [ -f "$work/nginx.pid" ] && "$nginx_bin" -p "$work/nginx" -c "$work/nginx/nginx.conf" -s stop 2>/dev/null || true
  wait 2>/dev/null || true
  ./scripts/postgres.sh stop "$work/pg"
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

echo "==> PostgreSQL" >&2
server=$(./scripts/postgres.sh start "$work/pg")
psql "$server" -qc "CREATE DATABASE cocktailbook"
database="${server%/postgres}/cocktailbook"

ports=()
for i in $(seq 1 "$instances"); do
  p=$(free_port)
  ports+=("$p")
  # Each instance gets its own data folder: nothing on local disk is shared.
  XDG_DATA_HOME="$work/data$i" COCKTAILBOOK_LOG_LEVEL=warning \
    "$app" serve --port "$p" --database "$database" --trust-proxy >"$work/app$i.log" 2>&1 &
  pids+=($!)
done
for i in "${!ports[@]}"; do
  for _ in $(seq 1 120); do
    curl -fsS "http://127.0.0.1:${ports[$i]}/readyz" >/dev/null 2>&1 && break
    sleep 0.5
  done
  curl -fsS "http://127.0.0.1:${ports[$i]}/readyz" >/dev/null || { echo "instance $((i + 1)) did not get ready:" >&2; cat "$work/app$((i + 1)).log" >&2; exit 1; }
done
echo "==> ${instances} instances on ports ${ports[*]}" >&2

mkdir -p "$work/nginx/logs"
{
  echo "worker_processes 1; pid $work/nginx.pid; error_log $work/nginx/error.log warn; daemon on;"
  echo "events { worker_connections 2048; }"
  echo "http {"
  echo "  access_log off;"
  echo "  client_body_temp_path $work/nginx/body; proxy_temp_path $work/nginx/proxy;"
  echo "  fastcgi_temp_path $work/nginx/fastcgi; uwsgi_temp_path $work/nginx/uwsgi; scgi_temp_path $work/nginx/scgi;"
  echo "  upstream book {"
  for p in "${ports[@]}"; do echo "    server 127.0.0.1:$p max_fails=1 fail_timeout=5s;"; done
  echo "    keepalive 64;"
  echo "  }"
  echo "  server {"
  echo "    listen 127.0.0.1:$port;"
  echo "    location / {"
  echo "      proxy_pass http://book;"
  echo "      proxy_http_version 1.1;"
  echo "      proxy_set_header Connection \"\";"
  echo "      proxy_set_header Host \$http_host;"
  echo "      proxy_set_header X-Forwarded-For \$remote_addr;"
  echo "      proxy_set_header X-Forwarded-Proto \$scheme;"
  echo "      proxy_set_header X-Forwarded-Host \$http_host;"
  # A request the dead instance could not take goes to the next one; PUT and DELETE are
  # idempotent, so nginx may send them again.
  echo "      proxy_next_upstream error timeout http_502 http_503;"
  echo "      proxy_connect_timeout 1s;"
  echo "    }"
  echo "  }"
  echo "}"
} >"$work/nginx/nginx.conf"
"$nginx_bin" -p "$work/nginx" -c "$work/nginx/nginx.conf"
curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null || { echo "nginx does not answer on $port" >&2; cat "$work/nginx/error.log" >&2; exit 1; }

# Behind the proxy nobody is the owner of a book without accounts (a forwarded request is never
# this machine's own): an admin signs in, and the load's writes use the admin's token.
password=$(python3 -c 'import secrets; print(secrets.token_hex(12))')
printf '%s\n' "$password" | "$app" user add admin --admin --password-stdin --database "$database" >/dev/null
token=$("$app" user token admin --label load --scope admin --database "$database")

if [ "$load" = 0 ]; then
  echo "Cocktail Book: ${instances} instances behind http://127.0.0.1:$port (PostgreSQL $database). Ctrl-C stops everything."
  echo "Sign in as admin with the password $password."
  wait "${pids[0]}"
  exit 0
fi

# The load: nine reads for every write, reads spread over five routes, writes marking and
# unmarking favorites of the 170 bundled drinks.
cat >"$work/mixed.lua" <<'LUA'
local reads = { "/", "/cocktails/30", "/api/v1/cocktails?q=gin", "/api/v1/cocktails/30", "/api/json/v1/1/search.php?s=margarita" }
local n = 0
request = function()
  n = n + 1
  if n % 10 == 0 then
    local id = math.floor(n / 10) % 170
    local method = (math.floor(n / 10) % 2 == 0) and "PUT" or "DELETE"
    return wrk.format(method, "/api/v1/favorites/" .. id, { ["Authorization"] = "Bearer " .. os.getenv("COCKTAILBOOK_LOAD_TOKEN") })
  end
  return wrk.format("GET", reads[n % #reads + 1])
end
LUA

run_load() { # name url [kill-pid]
  local name=$1 url=$2 victim=${3:-}
  if [ -n "$victim" ]; then (sleep $((duration / 2)); kill -9 "$victim" 2>/dev/null) & fi
  COCKTAILBOOK_LOAD_TOKEN=$token wrk -t2 -c"$connections" -d"${duration}s" --latency --timeout 5s -s "$work/mixed.lua" "$url" >"$work/wrk-$name.txt" 2>&1 || true
  local rps p99 total non2xx socket
  rps=$(awk '/Requests\/sec/ {print $2}' "$work/wrk-$name.txt")
  p99=$(awk '$1 == "99%" {print $2}' "$work/wrk-$name.txt")
  total=$(awk '/requests in/ {print $1}' "$work/wrk-$name.txt")
  non2xx=$(awk '/Non-2xx or 3xx responses/ {print $5}' "$work/wrk-$name.txt")
  socket=$(awk '/Socket errors/ {s = 0; for (i = 4; i <= NF; i += 2) s += $i; print s}' "$work/wrk-$name.txt")
  printf '%-44s %10s %10s %10s %8s\n' "$name" "${rps:-?}" "${p99:-?}" "${total:-?}" "$(( ${non2xx:-0} + ${socket:-0} ))"
}

echo
echo "Mixed load, wrk -t2 -c$connections, ${duration}s each, on $(nproc) cores (9 reads : 1 write)"
printf '%-44s %10s %10s %10s %8s\n' "run" "req/s" "p99" "requests" "failed"
run_load "one instance, directly" "http://127.0.0.1:${ports[0]}"
run_load "${instances} instances behind nginx" "http://127.0.0.1:$port"
run_load "${instances} behind nginx, one killed at $((duration / 2))s" "http://127.0.0.1:$port" "${pids[1]}"
echo
echo "Favorites on the database after the runs: $(psql "$database" -tAc 'SELECT count(*) FROM favorite')"
echo "(wrk's full reports were in $work, deleted on exit)"
