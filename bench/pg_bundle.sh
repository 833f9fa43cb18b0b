#!/usr/bin/env bash
# A relocatable PostgreSQL 15 for benchmarking on a machine that has no PostgreSQL (and no network).
#
#   pg_bundle.sh make OUT.txz     (here: Debian 12 with the postgresql-15 package installed)
#       Packs Debian's PostgreSQL 15 into an xz tar (OUT.tgz: gzip, for a machine without xz) whose
#       top folder is pg/:
#         pg/lib/postgresql/15/bin    postgres initdb pg_ctl psql createdb pg_isready
#         pg/lib/postgresql/15/lib    plpgsql.so and dict_snowball.so (what initdb loads)
#         pg/share/postgresql/15      what initdb and the server read (no extensions but plpgsql, no man pages)
#         pg/syslib                   every shared library those need except glibc's own, named by SONAME
#       PostgreSQL finds share/ and lib/ relative to its executable (it was configured with
#       bindir /usr/lib/postgresql/15/bin and datadir /usr/share/postgresql/15), so this layout
#       needs no install prefix.
#
#   pg_bundle.sh start DIR TXZ    (there, as root or not)
#       Unpacks TXZ into DIR (replacing DIR/pg and DIR/data), runs initdb in DIR/data/db (trust, user
#       postgres, UTF8, locale C.UTF-8 like the tests, no sync) and starts the server on 127.0.0.1 on
#       a free port (fsync off, no Unix socket, max_connections=300), waits until it answers a query,
#       then prints its URI and writes it to DIR/uri: postgresql://postgres@127.0.0.1:PORT/postgres.
#       The target needs glibc 2.36 or newer (Ubuntu 24.04 has 2.39). As root the server runs as the
#       `postgres` user if there is one, else as `nobody` (setpriv, or runuser). Every PostgreSQL
#       binary runs with LD_LIBRARY_PATH=DIR/pg/syslib. DIR and its parents must be traversable
#       by that user (DIR itself is made 755). PORT=N in the environment picks the port.
#
#   pg_bundle.sh stop DIR
#       Stops that server (immediate: it is throw-away), keeps its log as DIR/server.log and removes
#       DIR/data and DIR/uri. DIR/pg stays, so `start` again works.
#
# Example, on the benchmark machine:
#   bench/pg_bundle.sh start /tmp/pg .dev/pg.txz
#   psql() { LD_LIBRARY_PATH=/tmp/pg/pg/syslib /tmp/pg/pg/lib/postgresql/15/bin/psql -X "$@"; }
#   psql "$(cat /tmp/pg/uri)" -c 'create database bench'
#   build/inbetween serve --db "$(sed 's|/postgres$|/bench|' /tmp/pg/uri)" ...
#   bench/pg_bundle.sh stop /tmp/pg
set -euo pipefail

ver=15
usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2; exit 2; }
die() { echo "pg_bundle.sh: $*" >&2; exit 1; }

# ---------------------------------------------------------------------------------------------- make
make_bundle() {
  local out=$1 src=/usr/lib/postgresql/$ver share=/usr/share/postgresql/$ver
  [ -x "$src/bin/postgres" ] || die "no $src/bin/postgres here (apt-get install postgresql-$ver)"
  for tool in objdump xz ldd dpkg-query; do command -v $tool >/dev/null || die "make needs $tool"; done
  # (global: the EXIT trap uses it)
  stage=$(mktemp -d /tmp/pg_bundle.XXXXXX)
  trap 'rm -rf "$stage"' EXIT
  local pg=$stage/pg
  mkdir -p "$pg/lib/postgresql/$ver/bin" "$pg/lib/postgresql/$ver/lib" "$pg/share/postgresql/$ver" "$pg/syslib"

  cp "$src"/bin/{postgres,initdb,pg_ctl,psql,createdb,pg_isready} "$pg/lib/postgresql/$ver/bin/"
  # initdb loads plpgsql (CREATE EXTENSION plpgsql) and dict_snowball (text search); nothing else is
  # needed while clients use UTF8 (the encoding conversions, *_and_*.so, are left out)
  cp "$src"/lib/{plpgsql,dict_snowball}.so "$pg/lib/postgresql/$ver/lib/"
  # the share folder without the man pages and without extensions other than plpgsql
  cp -r "$share"/. "$pg/share/postgresql/$ver/"
  rm -rf "$pg/share/postgresql/$ver/man" "$pg/share/postgresql/$ver/contrib"
  find "$pg/share/postgresql/$ver/extension" -type f ! -name 'plpgsql*' -delete

  # every library they need that glibc does not provide (the target's glibc must be as new: see check_glibc)
  local lib real soname
  for lib in $(ldd "$pg"/lib/postgresql/$ver/bin/* "$pg"/lib/postgresql/$ver/lib/*.so |
               awk '$2 == "=>" && $3 ~ /^\// { print $3 }' | sort -u); do
    real=$(readlink -f "$lib")
    # glibc's libraries (libc, libm, libresolv, ld-linux...) must come from the target, matching its libc
    if dpkg-query -S "$real" 2>/dev/null | grep -q '^libc6[:]' ||
       dpkg-query -S "$lib" 2>/dev/null | grep -q '^libc6[:]'; then continue; fi
    soname=$(objdump -p "$real" | awk '$1 == "SONAME" { print $2 }')
    cp "$real" "$pg/syslib/${soname:-$(basename "$lib")}"
  done
  chmod -R u=rwX,go=rX "$pg"

  # the bundle must run from where it is: nothing resolved outside syslib but glibc, paths relative
  local missing
  missing=$(LD_LIBRARY_PATH=$pg/syslib ldd "$pg"/lib/postgresql/$ver/bin/* "$pg"/lib/postgresql/$ver/lib/*.so |
            grep -E 'not found|=> /(usr/)?lib' | grep -vE '/lib(c|m|dl|pthread|rt|resolv)\.so|ld-linux' || true)
  [ -z "$missing" ] || die "libraries resolved outside the bundle: $missing"
  chmod 755 "$stage"
  local as=()  # initdb refuses to run as root, even for --show
  [ "$(id -u)" -ne 0 ] || as=(setpriv --reuid=nobody --regid="$(id -g nobody)" --clear-groups --)
  "${as[@]}" env LD_LIBRARY_PATH="$pg/syslib" "$pg/lib/postgresql/$ver/bin/initdb" --show -D "$stage/none" 2>&1 |
    grep -qx "share_path=$pg/share/postgresql/$ver" || die "initdb does not find its share folder relative to itself"
  echo "pg_bundle.sh: $(LD_LIBRARY_PATH=$pg/syslib "$pg/lib/postgresql/$ver/bin/postgres" --version)," \
       "needs glibc $(check_glibc "$pg")"

  mkdir -p "$(dirname "$out")"
  local compress=(xz --x86 --lzma2=preset=9e)  # --x86: the branch filter, 5% smaller
  case $out in *.tgz | *.tar.gz) compress=(gzip -9) ;; esac  # for a machine without xz (xz-utils)
  tar --sort=name --owner=0 --group=0 --numeric-owner -C "$stage" -cf - pg | "${compress[@]}" >"$out.tmp"
  mv "$out.tmp" "$out"
  echo "pg_bundle.sh: $out ($(du -h "$out" | cut -f1))"
}

# the newest GLIBC_x.y symbol version any file of the bundle asks for
check_glibc() {
  find "$1" -type f \( -name '*.so*' -o -perm -u+x \) -exec objdump -T {} + 2>/dev/null |
    grep -o 'GLIBC_[0-9.]*' | sed 's/GLIBC_//' | sort -uV | tail -1
}

# ---------------------------------------------------------------------------------------- start/stop
setup_owner() {  # sets user, owner (uid:gid) and run_as: how to run a command as the server's user
  if [ "$(id -u)" -ne 0 ]; then run_as=(); user=$(id -un); owner=$(id -u):$(id -g); return; fi
  user=postgres
  id -u "$user" >/dev/null 2>&1 || user=nobody
  id -u "$user" >/dev/null 2>&1 || die "as root the server needs a user to run as: neither postgres nor nobody exists"
  owner=$(id -u "$user"):$(id -g "$user")
  if command -v setpriv >/dev/null; then
    run_as=(setpriv --reuid="$(id -u "$user")" --regid="$(id -g "$user")" --clear-groups --)
  elif command -v runuser >/dev/null; then
    run_as=(runuser -u "$user" --)
  else
    die "as root this needs setpriv or runuser to drop to $user"
  fi
}

pg() {  # pg BINARY ARGS...: a bundled binary, as the owner, with the bundled libraries
  "${run_as[@]}" env HOME="$dir" LD_LIBRARY_PATH="$dir/pg/syslib" "$dir/pg/lib/postgresql/$ver/bin/$1" "${@:2}"
}

stop_server() {
  local db=$dir/data/db
  if [ -f "$db/postmaster.pid" ]; then
    local pid exe=$dir/pg/lib/postgresql/$ver/bin/postgres
    pid=$(head -1 "$db/postmaster.pid")
    pg pg_ctl -D "$db" -m immediate -w -t 30 stop >/dev/null 2>&1 ||
      # a pid file left by a killed server names some other process by now, or none: only this bundle's
      if [ "$(readlink "/proc/$pid/exe" 2>/dev/null)" = "$exe" ]; then kill -KILL "$pid"; fi
    # pg_ctl returns once the pid file is gone, a moment before the process is
    for _ in $(seq 100); do
      [ "$(readlink "/proc/$pid/exe" 2>/dev/null)" = "$exe" ] || break
      sleep 0.05
    done
  fi
  [ -f "$dir/data/log" ] && cp "$dir/data/log" "$dir/server.log"
  rm -rf "$dir/data" "$dir/uri"
}

port_in_use() {  # listening on TCP PORT (any address)? reads /proc, no python/ss needed
  local hex
  hex=$(printf ':%04X ' "$1")
  cat /proc/net/tcp /proc/net/tcp6 2>/dev/null | awk -v p="$hex" '$4 == "0A" && index($2 " ", p)' | grep -q .
}

start_server() {
  local txz=$1 t0=$SECONDS
  [ -f "$txz" ] || die "no bundle $txz"
  txz=$(readlink -f "$txz")
  setup_owner
  mkdir -p "$dir"
  stop_server  # one left by an earlier start
  rm -rf "$dir/pg"
  if [ "$(head -c 6 "$txz" | od -An -tx1 | tr -d ' \n')" = fd377a585a00 ] && ! command -v xz >/dev/null; then
    die "no xz here to unpack $txz: install xz-utils, or make the bundle as .tgz (gzip)"
  fi
  tar -xf "$txz" -C "$dir" --no-same-owner  # GNU tar sees the compression itself
  chmod 755 "$dir"
  [ -x "$dir/pg/lib/postgresql/$ver/bin/postgres" ] || die "$txz holds no pg/lib/postgresql/$ver/bin/postgres"
  pg postgres --version >/dev/null 2>&1 ||
    die "$owner cannot run $dir/pg/lib/postgresql/$ver/bin/postgres (is every parent of $dir traversable by it?): $(pg postgres --version 2>&1 | tail -3)"

  mkdir -p "$dir/data"
  chown "$owner" "$dir/data"
  chmod 700 "$dir/data"
  # C.UTF-8 like the tests (they inherit LANG=C.UTF-8); plain C where glibc has no C.UTF-8
  local locale=C.UTF-8
  locale -a 2>/dev/null | grep -qixE 'c\.utf-?8' || [ -d /usr/lib/locale/C.utf8 ] || locale=C
  pg initdb -D "$dir/data/db" -A trust -U postgres --no-sync -E UTF8 --locale=$locale >"$dir/initdb.log" 2>&1 ||
    { cat "$dir/initdb.log" >&2; die "initdb failed"; }

  local port tries=0
  while :; do
    port=${PORT:-$((20000 + RANDOM % 30000))}
    if [ -z "${PORT:-}" ] && port_in_use "$port"; then continue; fi
    if pg pg_ctl -D "$dir/data/db" -l "$dir/data/log" -w -t 60 \
         -o "-h 127.0.0.1 -p $port -k '' -F -c max_connections=300" start >/dev/null; then break; fi
    tries=$((tries + 1))
    if [ -n "${PORT:-}" ] || [ $tries -ge 5 ] || ! grep -q 'could not bind\|Address already in use' "$dir/data/log"; then
      cat "$dir/data/log" >&2; die "the server did not start"
    fi
  done
  # pg_ctl -w waits for the postmaster to say it is ready; also check a TCP client gets an answer
  local ok=
  for _ in $(seq 50); do
    if pg psql -X -h 127.0.0.1 -p "$port" -U postgres -d postgres -Atqc 'select 1' >/dev/null 2>&1; then ok=1; break; fi
    sleep 0.1
  done
  [ -n "$ok" ] || { cat "$dir/data/log" >&2; die "the server does not answer on 127.0.0.1:$port"; }
  echo "postgresql://postgres@127.0.0.1:$port/postgres" >"$dir/uri"
  echo "pg_bundle.sh: $(cat "$dir/uri") (server runs as $user, started in $((SECONDS - t0)) s)"
  [ -e /usr/share/zoneinfo/UTC ] ||
    echo "pg_bundle.sh: no /usr/share/zoneinfo (tzdata) here: the server's time zone is UTC0, and SET TIME ZONE 'UTC' (or PGTZ) fails" >&2
}

case ${1:-} in
  make)  [ $# -eq 2 ] || usage; make_bundle "$2" ;;
  start) [ $# -eq 3 ] || usage; dir=$(readlink -m "$2"); start_server "$3" ;;
  stop)  [ $# -eq 2 ] || usage; dir=$(readlink -m "$2"); setup_owner; stop_server ;;
  *) usage ;;
esac
