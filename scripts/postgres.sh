#!/usr/bin/env bash
# A throwaway PostgreSQL server for tests and the local cluster, listening on 127.0.0.1 only.
#
#   scripts/postgres.sh start DIR   creates DIR, starts a server in it, prints its address
#                                   (postgres://postgres@127.0.0.1:PORT/postgres)
#   scripts/postgres.sh stop DIR    stops that server and deletes DIR
#   scripts/postgres.sh crash DIR   stops that server at once (as a crash would), keeping DIR
#   scripts/postgres.sh resume DIR  starts it again, on the same port and data
#
# Installs Debian's PostgreSQL when it is missing (as root). As root, the server runs as the
# `postgres` user (initdb refuses root); otherwise as the caller.
set -euo pipefail

command=${1:?usage: postgres.sh start|stop DIR}
dir=${2:?usage: postgres.sh start|stop DIR}

bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
if [ -z "$bin" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "==> Installing PostgreSQL" >&2
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
    bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
  else
    echo "PostgreSQL is not installed: sudo apt-get install postgresql" >&2
    exit 1
  fi
fi

as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

start_server() {
  # Durability is not wanted from a test server: no fsync, unlogged-like speed. The server gets
  # no descriptor of ours beyond /dev/null and its log: a caller waiting for this script's output
  # or its exit (a test's Process, say) must not wait for the server too.
  (
    for fd in /proc/$BASHPID/fd/*; do
      n=${fd##*/}
      [ "$n" -gt 2 ] && eval "exec $n>&-" 2>/dev/null
    done
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 \
      -o "-c listen_addresses=127.0.0.1 -p $1 -k $dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
      start </dev/null >/dev/null 2>&1
  ) || { cat "$dir/server.log" >&2; exit 1; }
}

case "$command" in
  start)
    mkdir -p "$dir"
    [ "$(id -u)" = 0 ] && chown postgres "$dir"
    as_owner "$bin/initdb" -D "$dir/data" -A trust -U postgres --no-sync -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
      || { cat "$dir/initdb.log" >&2; exit 1; }
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    echo "$port" >"$dir/port"
    start_server "$port"
    echo "postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  crash)
    as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null
    ;;
  resume)
    start_server "$(cat "$dir/port")"
    ;;
  stop)
    # Only a folder `start` made (its port file and cluster) is deleted: a mistyped DIR such as
    # /tmp must never be emptied.
    if [ ! -f "$dir/port" ] || [ ! -f "$dir/data/PG_VERSION" ]; then
      echo "postgres.sh: $dir is not a server started by postgres.sh start; nothing deleted" >&2
      exit 1
    fi
    as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
    rm -rf "$dir"
    ;;
  *)
    echo "usage: postgres.sh start|stop|crash|resume DIR" >&2
    exit 2
    ;;
esac
