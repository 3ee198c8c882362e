#!/usr/bin/env bash
# Fuzzes the JSON API of a live server against its OpenAPI document with schemathesis, every
# check on: once as the owner of a book without accounts, once as an account with a token.
# Only 127.0.0.1 is contacted. Usage: scripts/schemathesis.sh [BINARY]   (exit 1 on any finding)
# The seed is fixed so that the test command gives the same verdict every time; explore with
# SCHEMATHESIS_SEED=$RANDOM SCHEMATHESIS_EXAMPLES=500 scripts/schemathesis.sh.
set -euo pipefail
cd "$(dirname "$0")/.."

binary=${1:-$(swift build --show-bin-path)/cocktailbook}
[ -x .venv/bin/schemathesis ] || { echo "schemathesis is missing: run ./scripts/test.sh once (it prepares .venv)" >&2; exit 1; }
work=$(mktemp -d)
pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT

free_port() { .venv/bin/python -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

# Runs in this shell, not in a command substitution: a server started in a subshell would not
# be in `pids`, and would outlive the script.
serve() { # serve DATABASE → sets `port` once the catalog is ready
  port=$(free_port)
  "$binary" serve --port "$port" --database "$1" --source-latency 0 --bcrypt-cost 4 >"$work/server-$port.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 1 200); do
    if .venv/bin/python -c 'import sys, urllib.request; sys.exit(0 if b"\"state\":\"ready\"" in urllib.request.urlopen(sys.argv[1], timeout=1).read() else 1)' \
        "http://127.0.0.1:$port/api/v1/catalog" 2>/dev/null; then return; fi
    sleep 0.05
  done
  echo "the server did not become ready" >&2; cat "$work"/server-*.log >&2; exit 1
}

# POST /drafts/from-page fetches whatever address it is given, and tests never reach beyond
# 127.0.0.1: it is left out here and tested against local fixture pages instead
# (RecipeFromPageTests, Tests/e2e/test_recipes_io.py).
fuzz() { # fuzz PORT [extra schemathesis arguments…]
  local port=$1; shift
  SCHEMATHESIS_HOOKS=scripts/schemathesis_hooks.py .venv/bin/schemathesis --config-file scripts/schemathesis.toml run "http://127.0.0.1:$port/api/v1/openapi.json" --url "http://127.0.0.1:$port/api/v1" \
    --exclude-path /drafts/from-page --checks all --max-examples "${SCHEMATHESIS_EXAMPLES:-100}" --request-timeout 10 --no-color \
    --seed "${SCHEMATHESIS_SEED:-20261124}" "$@" || {
    # What the server said is the first thing to read when a check fails (a crash above all).
    echo "==> the server's log (last 40 lines)" >&2; tail -n 40 "$work/server-$port.log" >&2; return 1
  }
}

echo "==> schemathesis: a book without accounts (the implicit owner)"
serve "$work/owner.sqlite"
fuzz "$port"

echo "==> schemathesis: a book with accounts, as a member with an API token"
printf 'admin password\n' | "$binary" user add ada --admin --password-stdin --database "$work/accounts.sqlite" --bcrypt-cost 4 >/dev/null
printf 'member password\n' | "$binary" user add max --password-stdin --database "$work/accounts.sqlite" --bcrypt-cost 4 >/dev/null
token=$("$binary" user token max --label schemathesis --database "$work/accounts.sqlite")
serve "$work/accounts.sqlite"
fuzz "$port" --header "Authorization: Bearer $token"
