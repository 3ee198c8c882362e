#!/usr/bin/env bash
# Builds a release: `dist/cocktailbook-<version>-linux-<arch>.tar.gz` holding the binary (the Swift
# runtime and Foundation linked in statically, --static-swift-stdlib), its resource bundles, the
# systemd unit and the README. The machine that runs it needs only the Debian packages the README
# lists (SQLite, zlib, libjpeg-turbo, libstdc++ and the C runtime). `scripts/release-check.sh` unpacks and tries it.
set -euo pipefail
cd "$(dirname "$0")/.."

version=$(tr -d '[:space:]' < VERSION)
arch=$(uname -m)
name="cocktailbook-${version}-linux-${arch}"

echo "==> Building cocktailbook ${version} (release, static Swift runtime)"
swift build -c release --product cocktailbook --static-swift-stdlib
bin=$(swift build -c release --show-bin-path)

stage=$(mktemp -d /tmp/cocktailbook-release.XXXXXX)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/$name"
cp "$bin/cocktailbook" "$stage/$name/"
strip "$stage/$name/cocktailbook" 2>/dev/null || true
for bundle in "$bin"/*.resources; do cp -RL "$bundle" "$stage/$name/"; done
if commit=$(git rev-parse HEAD 2>/dev/null); then
  echo "$commit" > "$stage/$name/CocktailBook_cocktailbook.resources/COMMIT"
fi
cp deploy/cocktailbook.service README.md "$stage/$name/"

mkdir -p dist
tar -C "$stage" -czf "dist/$name.tar.gz" "$name"
echo "dist/$name.tar.gz"
