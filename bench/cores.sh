#!/usr/bin/env bash
# How the table server and simulate grow with cores (issue 20), on a machine of 16 or more cores:
#   - serve_load.mjs, 400 tables unpaced, the server pinned to 1, 2, 4 and 8 cores (`--threads`
#     as many), its clients pinned to the upper half of the cores so they never share the server's;
#   - 2,000 and 4,000 tables with bots paced at 700 ms, the server on 8 cores;
#   - lobby_bench (the lobby without the network) at 1, 2, 4, ... threads;
#   - simulate hoyle and red-dog at --threads 1, 2, 4, 8, 16: games a second.
#   bench/cores.sh [BIN_DIR]   (BIN_DIR holds inbetween and lobby_bench; default build, build/bench)
# Needs node and web/node_modules/ws. Prints every figure as it is measured.
set -u
cd "$(dirname "$0")/.."
bin=${1:-build}
inbetween=$bin/inbetween; [ -x "$inbetween" ] || inbetween=$bin/src/inbetween
[ -x "$inbetween" ] || inbetween=build/inbetween
lobby_bench=$bin/lobby_bench; [ -x "$lobby_bench" ] || lobby_bench=build/bench/lobby_bench
cores=$(nproc)
half=$((cores / 2))
clients="$half-$((cores - 1))"
export INBETWEEN_DATA=$PWD
echo "== $(nproc) cores: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)"

for c in 1 2 4 8; do
  [ "$c" -le "$half" ] || break
  echo "== serve_load: 400 tables unpaced, server --threads $c on cores 0-$((c - 1)), clients on $clients"
  taskset -c "$clients" node bench/serve_load.mjs --binary "$inbetween" --tables 400 --seconds 10 --bot-delay-ms 0 \
    --procs 6 --settle 2 --server-args "--threads $c" --taskset "0-$((c - 1))"
done

for t in 2000 4000; do
  c=$((half < 8 ? half : 8))
  echo "== serve_load: $t tables paced 700 ms, server --threads $c on cores 0-$((c - 1)), clients on $clients"
  taskset -c "$clients" node bench/serve_load.mjs --binary "$inbetween" --tables "$t" --seconds 15 \
    --procs 6 --settle 2 --server-args "--threads $c" --taskset "0-$((c - 1))"
done

echo "== lobby_bench (SQLite file, then in memory)"
"$lobby_bench" --benchmark_min_time=2 2>&1 | grep -E 'BM_|^-' 
LOBBY_BENCH_MEMORY=1 "$lobby_bench" --benchmark_min_time=2 2>&1 | grep -E 'BM_'

for preset in hoyle red-dog; do
  for t in 1 2 4 8 16; do
    [ "$t" -le "$cores" ] || break
    echo -n "simulate --rules $preset --threads $t: "
    "$inbetween" simulate --rules "$preset" --games $((t * 1000000)) --threads "$t" --seed 1 2>&1 >/dev/null | tail -1
  done
done
