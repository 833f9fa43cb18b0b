#!/usr/bin/env bash
# How the table server and simulate grow with cores (issues 20 and 23), on a machine of 16 or more
# cores. Parts (all by default; name some to run only those):
#   serve     serve_load.mjs, 400 tables unpaced, the server pinned to 1, 2, 4 and 8 cores
#             (`--threads` as many), its clients pinned to the upper half of the cores;
#   paced     2,000 tables with bots paced at 700 ms, the server on 2 and on 8 cores; 4,000 on 8;
#   lobby     lobby_bench (the lobby without the network) at 1, 2, 4, ... threads;
#   simulate  simulate hoyle and red-dog at --threads 1, 2, 4, 8, 16: games a second;
#   pg        several servers on one PostgreSQL (docs/scale-out.md): 1, 2 and 4 nodes of 2 cores
#             each, PostgreSQL on 4 cores of its own, 400 tables unpaced; 1,000 tables paced
#             over 3 nodes. PostgreSQL from $PG_URI (a database the run may create databases
#             in), else started from the bundle BIN_DIR/pg.txz (bench/pg_bundle.sh).
#   bench/cores.sh [BIN_DIR] [PART...]   (BIN_DIR holds inbetween and lobby_bench; default build)
# On a machine without our packages, BIN_DIR is what bench/carry.sh made and unpacked there.
# Needs node and web/node_modules/ws. Prints every figure as it is measured.
set -u
cd "$(dirname "$0")/.."
bin=${1:-build}
shift || true
parts=${*:-serve paced lobby simulate pg}
want() { [[ " $parts " == *" $1 "* ]]; }
inbetween=$bin/inbetween; [ -x "$inbetween" ] || inbetween=$bin/src/inbetween
[ -x "$inbetween" ] || inbetween=build/inbetween
lobby_bench=$bin/lobby_bench; [ -x "$lobby_bench" ] || lobby_bench=build/bench/lobby_bench
cores=$(nproc)
half=$((cores / 2))
clients="$half-$((cores - 1))"
export INBETWEEN_DATA=$PWD
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"  # 4,000 tables are 16,000 sockets on each side
echo "== $(nproc) cores: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2); open files $(ulimit -n)"

if want serve; then
  for c in 1 2 4 8; do
    [ "$c" -le "$half" ] || break
    echo "== serve_load: 400 tables unpaced, server --threads $c on cores 0-$((c - 1)), clients on $clients"
    taskset -c "$clients" node bench/serve_load.mjs --binary "$inbetween" --tables 400 --seconds 10 --bot-delay-ms 0 \
      --procs 6 --settle 2 --server-args "--threads $c" --taskset "0-$((c - 1))"
  done
fi

if want paced; then
  for run in "2000 2" "2000 8" "4000 8"; do
    read -r t c <<<"$run"
    [ "$c" -le "$half" ] || continue
    echo "== serve_load: $t tables paced 700 ms, server --threads $c on cores 0-$((c - 1)), clients on $clients"
    taskset -c "$clients" node bench/serve_load.mjs --binary "$inbetween" --tables "$t" --seconds 15 \
      --procs 6 --settle 2 --server-args "--threads $c" --taskset "0-$((c - 1))"
  done
fi

if want lobby; then
  echo "== lobby_bench (SQLite file, then in memory)"
  "$lobby_bench" --benchmark_min_time=2 2>&1 | grep -E 'BM_|^-'
  LOBBY_BENCH_MEMORY=1 "$lobby_bench" --benchmark_min_time=2 2>&1 | grep -E 'BM_'
fi

if want simulate; then
  for preset in hoyle red-dog; do
    for t in 1 2 4 8 16; do
      [ "$t" -le "$cores" ] || break
      echo -n "simulate --rules $preset --threads $t: "
      "$inbetween" simulate --rules "$preset" --games $((t * 1000000)) --threads "$t" --seed 1 2>&1 >/dev/null | tail -1
    done
  done
fi

if want pg && [ "$cores" -ge 16 ]; then
  pg_dir=""
  uri=${PG_URI:-}
  psql=(psql -X)
  if [ -z "$uri" ]; then
    pg_dir=$(mktemp -d)
    bash bench/pg_bundle.sh start "$pg_dir" "$bin/pg.txz" >/dev/null || { echo "== pg: PostgreSQL did not start"; exit 1; }
    uri=$(cat "$pg_dir/uri")
    psql=(env LD_LIBRARY_PATH="$pg_dir/pg/syslib" "$pg_dir/pg/lib/postgresql/15/bin/psql" -X)
    # PostgreSQL on cores 8-11: its backends, forked later, inherit the postmaster's cores.
    taskset -acp 8-11 "$(head -1 "$pg_dir/data/db/postmaster.pid")" >/dev/null
  fi
  server=${uri%/*}
  n=0
  # Nodes two cores each from core 0, the clients on 12-15.
  for run in "1 400 0" "2 400 0" "4 400 0" "3 1000 700"; do
    read -r nodes t delay <<<"$run"
    n=$((n + 1))
    "${psql[@]}" "$uri" -qc "CREATE DATABASE cores$n" || continue
    pins=$(for i in $(seq 0 $((nodes - 1))); do printf '%s-%s/' $((2 * i)) $((2 * i + 1)); done)
    echo "== pg: $nodes nodes (cores ${pins%/}), $t tables, bots paced $delay ms, PostgreSQL on 8-11, clients on 12-15"
    taskset -c 12-15 node bench/serve_load.mjs --binary "$inbetween" --tables "$t" --seconds 10 --bot-delay-ms "$delay" \
      --procs 4 --settle 1 --db "$server/cores$n" --nodes "$nodes" --server-args "--threads 2" --taskset "${pins%/}"
  done
  [ -z "$pg_dir" ] || bash bench/pg_bundle.sh stop "$pg_dir"
fi
