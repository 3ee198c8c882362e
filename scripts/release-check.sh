#!/usr/bin/env bash
# Checks a release as a household would install it (not part of the README's test command; it
# builds in release mode, about ten minutes here): builds it with scripts/release.sh, unpacks it
# into an empty folder, makes sure the binary needs no Swift library (ldd), runs `--version`,
# then `serve` on a fresh database with the Swift toolchain out of its environment and asks it
# for a page; and verifies deploy/cocktailbook.service with `systemd-analyze verify`. Installs
# systemd (for systemd-analyze) with apt when it is missing, as root.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)

if ! command -v systemd-analyze >/dev/null 2>&1; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq systemd >/dev/null
fi

archive=$(./scripts/release.sh | tail -n 1)
work=$(mktemp -d /tmp/cocktailbook-release-check.XXXXXX)
trap 'kill "${server:-0}" 2>/dev/null || true; rm -rf "$work"' EXIT
tar -C "$work" -xzf "$archive"
app=$(echo "$work"/cocktailbook-*/cocktailbook)

echo "==> Shared libraries the binary needs"
ldd "$app"
if ldd "$app" | grep -E 'libswift|libFoundation|/opt/swift' >/dev/null; then
  echo "The release binary still needs the Swift toolchain's libraries." >&2
  exit 1
fi

echo "==> --version"
version=$(env -i PATH=/usr/bin:/bin "$app" --version)
echo "$version"
[[ "$version" == "$(tr -d '[:space:]' < VERSION)"* ]] || { echo "unexpected version: $version" >&2; exit 1; }

echo "==> serve, away from the toolchain"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
(cd "$work" && env -i PATH=/usr/bin:/bin HOME="$work" "$app" serve --host 127.0.0.1 --port "$port" \
  --database "$work/book.sqlite" --source-latency 0 >"$work/serve.log" 2>&1) &
server=$!
for _ in $(seq 1 600); do
  curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break
  sleep 0.1
done
for _ in $(seq 1 600); do
  curl -fsS "http://127.0.0.1:$port/api/v1/catalog" 2>/dev/null | grep -q '"state":"ready"' && break
  sleep 0.1
done
page=$(curl -fsS "http://127.0.0.1:$port/cocktails/30")
grep -q "Negroni" <<<"$page" || { echo "the page did not answer with the Negroni" >&2; cat "$work/serve.log" >&2; exit 1; }
echo "served /cocktails/30 (the Negroni)"

echo "==> systemd-analyze verify"
unit="$work/cocktailbook.service"
sed "s|/opt/cocktailbook/cocktailbook|$app|" deploy/cocktailbook.service > "$unit"
systemd-analyze verify "$unit"
echo "==> release check passed in $(( $(date +%s) - started )) s"
