#!/usr/bin/env bash
# Runs every test: the formatter's lint, the Swift suites (domain, store, HTTP, CLI) with the store contract against
# SQLite and a throwaway PostgreSQL server, the real-browser suite and schemathesis against a
# live server with the OpenAPI document.
# Installs what the browser suite needs on first use: Debian's chromium, libzbar0 (the QR code
# decoder the e2e suite reads the encoder's images back with) and nginx with openssl (the reverse
# proxy test; all when run as root with apt-get) and a
# Python virtual environment in .venv with the pinned packages.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v chromium >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "==> Installing chromium for the browser tests"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "The browser tests need Debian's chromium: sudo apt-get install chromium" >&2
    exit 1
  fi
fi

# The reverse proxy test runs the book behind a real nginx terminating TLS (openssl makes its
# certificate).
if ! command -v nginx >/dev/null 2>&1 && [ ! -x /usr/sbin/nginx ] || ! command -v openssl >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "==> Installing nginx and openssl for the reverse proxy test"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx openssl >/dev/null
  else
    echo "The reverse proxy test needs nginx and openssl: sudo apt-get install nginx openssl" >&2
    exit 1
  fi
fi

# pyzbar finds the library the way this does.
if ! python3 -c 'import ctypes.util, sys; sys.exit(ctypes.util.find_library("zbar") is None)'; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "==> Installing libzbar0 for the QR code tests"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libzbar0 >/dev/null
  else
    echo "The QR code tests need Debian's libzbar0: sudo apt-get install libzbar0" >&2
    exit 1
  fi
fi

if [ ! -x .venv/bin/pytest ] || ! cmp -s Tests/e2e/requirements.txt .venv/requirements.txt; then
  echo "==> Preparing the Python environment for the browser tests"
  python3 -m venv .venv
  .venv/bin/pip install --quiet --disable-pip-version-check -r Tests/e2e/requirements.txt
  cp Tests/e2e/requirements.txt .venv/requirements.txt
fi

echo "==> Formatting (swift format lint, .swift-format)"
swift format lint --strict --recursive --parallel Sources Packages/CocktailsAPI/Sources Packages/CocktailsAPI/Tests \
  Packages/CocktailsAPI/Package.swift Tests Package.swift

echo "==> Building"
swift build --build-tests

echo "==> Starting a throwaway PostgreSQL for the store contract"
pg_dir=$(mktemp -d /tmp/cocktailbook-pg.XXXXXX)
trap './scripts/postgres.sh stop "$pg_dir"' EXIT
export COCKTAILBOOK_TEST_POSTGRES
COCKTAILBOOK_TEST_POSTGRES=$(./scripts/postgres.sh start "$pg_dir")
export COCKTAILBOOK_REQUIRE_POSTGRES=1

echo "==> Swift tests"
# Line by line, so that the log shows progress as it happens; a run that makes no progress for
# ten minutes (a test waiting for something that never comes) is ended, naming the tests still
# running, instead of holding CI until its own limit.
swift_log=$(mktemp /tmp/cocktailbook-swift-tests.XXXXXX)
stdbuf -oL -eL swift test --skip-build >"$swift_log" 2>&1 &
swift_pid=$!
tail -n +1 -f "$swift_log" --pid="$swift_pid" &
tail_pid=$!
last_size=-1 quiet=0
while kill -0 "$swift_pid" 2>/dev/null; do
  sleep 5
  size=$(stat -c %s "$swift_log")
  if [ "$size" -eq "$last_size" ]; then quiet=$((quiet + 5)); else quiet=0 last_size=$size; fi
  if [ "$quiet" -ge 600 ]; then
    echo "==> The Swift tests made no progress for 10 minutes; ending them. Still running:" >&2
    python3 scripts/pending-tests.py "$swift_log" >&2
    pkill -9 -f CocktailBookPackageTests.xctest || true
    break
  fi
done
swift_status=0
wait "$swift_pid" || swift_status=$?
wait "$tail_pid" || true # it prints the last lines, then ends with the tests
rm -f "$swift_log"
[ "$swift_status" -eq 0 ] || exit "$swift_status"

echo "==> schemathesis against a live server"
./scripts/schemathesis.sh "$(swift build --show-bin-path)/cocktailbook"

echo "==> Browser tests"
COCKTAILBOOK_BINARY="$(swift build --show-bin-path)/cocktailbook" .venv/bin/pytest Tests/e2e -q
