#!/usr/bin/env bash
# Builds the container image of deploy/Containerfile and tries it (not part of the README's test
# command). No image registry is reachable here, so the base is made from Debian packages with
# debootstrap (the mirror apt uses, the machine's own release) and imported into podman; the
# release archive is the one scripts/release.sh makes (built first when dist/ has none). Then it
# runs `--version`, creates the first admin in a named volume, serves on 127.0.0.1 and asks for
# a page, checks the server runs as the image's own user, stops it with SIGTERM, and starts it again
# on the same volume to see the account kept. Installs podman, runc and debootstrap with apt when
# they are missing, as root.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)

missing=()
for tool in podman runc debootstrap curl; do command -v "$tool" >/dev/null 2>&1 || missing+=("$tool"); done
if ((${#missing[@]})); then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

version=$(tr -d '[:space:]' < VERSION)
archive="dist/cocktailbook-${version}-linux-$(uname -m).tar.gz"
[ -f "$archive" ] || archive=$(./scripts/release.sh | tail -n 1)
suite=$(. /etc/os-release && echo "$VERSION_CODENAME")
mirror=$(awk '/^URIs:/ { print $2; exit }' /etc/apt/sources.list.d/debian.sources 2>/dev/null || true)
mirror=${mirror:-http://deb.debian.org/debian}
base="localhost/cocktailbook-base:${suite}"
image="localhost/cocktailbook:${version}"
name="cocktailbook-check-$$"
volume="cocktailbook-check-$$"

# podman as this kind of machine allows it: crun refuses a cgroup v1/v2 hybrid, which runc takes,
# and a container's limits may only be lowered, not raised to podman's defaults.
podman=(podman --runtime runc)
limits=(--ulimit nofile=4096:4096 --ulimit nproc=1024:1024)

work=$(mktemp -d /tmp/cocktailbook-container.XXXXXX)
cleanup() {
  "${podman[@]}" rm -f "$name" >/dev/null 2>&1 || true
  "${podman[@]}" volume rm -f "$volume" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

echo "==> Base image: Debian ${suite} (minbase) from ${mirror}, with the libraries the binary links"
debootstrap --variant=minbase --include=libsqlite3-0,zlib1g,libjpeg62-turbo,libstdc++6,ca-certificates \
  "$suite" "$work/rootfs" "$mirror" >"$work/debootstrap.log" 2>&1 || { tail -20 "$work/debootstrap.log" >&2; exit 1; }
# What a server never reads: package caches, documentation, manuals, translations of tools.
rm -rf "$work/rootfs/var/cache/apt/archives/"*.deb "$work/rootfs/var/lib/apt/lists/"* \
  "$work/rootfs/usr/share/doc/"* "$work/rootfs/usr/share/man/"* "$work/rootfs/usr/share/info/"* \
  "$work/rootfs/usr/share/locale/"*
tar -C "$work/rootfs" -c . | "${podman[@]}" import --change 'CMD ["/bin/bash"]' - "$base" >/dev/null

echo "==> Image ${image} from ${archive}"
mkdir "$work/context"
cp "$archive" "$work/context/cocktailbook.tar.gz"
"${podman[@]}" build "${limits[@]}" --quiet --build-arg BASE="$base" -f deploy/Containerfile -t "$image" "$work/context"
"${podman[@]}" image ls --format '{{.Repository}}:{{.Tag}} {{.Size}}' "$image"

run=("${podman[@]}" run --rm "${limits[@]}")
echo "==> --version"
shown=$("${run[@]}" "$image" --version)
echo "$shown"
[[ "$shown" == "$version"* ]] || { echo "unexpected version: $shown" >&2; exit 1; }

echo "==> The first admin, in a named volume"
"${podman[@]}" volume create "$volume" >/dev/null
echo "a long enough password" | "${run[@]}" -i -v "$volume:/var/lib/cocktailbook" "$image" \
  user add ada --admin --password-stdin

echo "==> serve (on 127.0.0.1 of this machine), a page, then SIGTERM"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
serve() {
  "${podman[@]}" run -d --name "$name" "${limits[@]}" --network host -v "$volume:/var/lib/cocktailbook" "$image" \
    serve --host 127.0.0.1 --port "$port" --source-latency 0 >/dev/null
  for _ in $(seq 1 600); do
    curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && return 0
    sleep 0.1
  done
  "${podman[@]}" logs "$name" >&2
  return 1
}
serve
for _ in $(seq 1 600); do
  curl -fsS "http://127.0.0.1:$port/api/v1/catalog" 2>/dev/null | grep -q '"state":"ready"' && break
  sleep 0.1
done
page=$(curl -fsS "http://127.0.0.1:$port/cocktails/30")
grep -q "Negroni" <<<"$page" || { echo "the page did not answer with the Negroni" >&2; exit 1; }
echo "served /cocktails/30 (the Negroni)"
user=$("${podman[@]}" exec "$name" id -un)
[ "$user" = "cocktailbook" ] || { echo "the server runs as $user" >&2; exit 1; }
echo "runs as $user"
"${podman[@]}" stop -t 15 "$name" >/dev/null
code=$("${podman[@]}" inspect "$name" --format '{{.State.ExitCode}}')
[ "$code" = "0" ] || { echo "the server exited with $code on SIGTERM" >&2; "${podman[@]}" logs "$name" >&2; exit 1; }
echo "stopped cleanly on SIGTERM"
"${podman[@]}" rm "$name" >/dev/null

echo "==> Again on the same volume: the account is still there"
listed=$("${run[@]}" -v "$volume:/var/lib/cocktailbook" "$image" user list)
grep -q "^ada  *admin" <<<"$listed" || { echo "the volume lost the account: $listed" >&2; exit 1; }
echo "$listed"
echo "==> container check passed in $(( $(date +%s) - started )) s"
