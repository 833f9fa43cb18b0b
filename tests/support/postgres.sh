#!/usr/bin/env bash
# A throw-away PostgreSQL for the tests (a CTest fixture, tests/CMakeLists.txt):
#   postgres.sh start STATE   initdb in a new temporary folder, start it on 127.0.0.1 on a free port
#                             (trust, no fsync), and write its URI to STATE/uri
#   postgres.sh stop STATE    stop it and remove its folder
# PostgreSQL refuses to run as root: as root, it runs as the `postgres` user (Debian's package).
set -euo pipefail
cmd=${1:?start or stop}
state=${2:?state folder}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[ -x "$bin/initdb" ] || { echo "postgres.sh: no PostgreSQL in /usr/lib/postgresql (apt-get install postgresql)" >&2; exit 1; }
as_owner() { if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

stop() {
  [ -f "$state/data" ] || return 0
  local data
  data=$(cat "$state/data")
  as_owner "$bin/pg_ctl" -D "$data/db" -m immediate -w stop >/dev/null 2>&1 || true
  rm -rf "$data" "$state/data" "$state/uri"
}

case $cmd in
  start)
    stop  # one left by a run that was killed
    mkdir -p "$state"
    data=$(mktemp -d /tmp/inbetween-pg.XXXXXX)
    [ "$(id -u)" -eq 0 ] && chown postgres "$data"
    echo "$data" >"$state/data"
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    as_owner "$bin/initdb" -D "$data/db" -A trust -U postgres --no-sync >"$state/initdb.log" 2>&1 ||
      { cat "$state/initdb.log" >&2; exit 1; }
    as_owner "$bin/pg_ctl" -D "$data/db" -l "$data/log" -w -t 60 -o "-h 127.0.0.1 -p $port -k $data -F -c max_connections=200" start >/dev/null ||
      { cat "$data/log" >&2; exit 1; }
    echo "postgresql://postgres@127.0.0.1:$port/postgres" >"$state/uri"
    echo "postgres.sh: $(cat "$state/uri")"
    ;;
  stop) stop ;;
  *) echo "postgres.sh: start or stop" >&2; exit 2 ;;
esac
