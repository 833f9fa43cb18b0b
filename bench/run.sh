#!/usr/bin/env bash
# Builds pot_bench in Release (build-bench/) and prints engine hands/s beside the bare card-draw
# limit, with the ratio. Extra arguments go to the benchmark, e.g. --benchmark_min_time=2.
#   bench/run.sh                      # 3 repetitions, medians
#   REPS=5 bench/run.sh               # more repetitions
#   BUILD=/tmp/b bench/run.sh         # another build folder
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD:-$root/build-bench}
reps=${REPS:-3}
out=$build/pot_bench.json

cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DINBETWEEN_BENCH=ON -DINBETWEEN_SANITIZE=OFF >/dev/null
cmake --build "$build" --target pot_bench

# The console report goes to a log (shown if the run fails); the table below reads the JSON.
"$build/bench/pot_bench" --benchmark_repetitions="$reps" --benchmark_report_aggregates_only=true \
  --benchmark_out="$out" --benchmark_out_format=json "$@" >"$build/pot_bench.log" 2>&1 ||
  { cat "$build/pot_bench.log"; exit 1; }

python3 - "$out" <<'EOF'
import json, sys

data = json.load(open(sys.argv[1]))
rows = {}
for b in data["benchmarks"]:
    if b.get("run_type") == "aggregate" and b.get("aggregate_name") != "median":
        continue
    rows[b["run_name"]] = b

def si(x):
    for unit, scale in (("G", 1e9), ("M", 1e6), ("k", 1e3)):
        if x >= scale:
            return f"{x / scale:.2f}{unit}"
    return f"{x:.2f}"

ctx = data["context"]
print(f"{ctx.get('host_name', '?')}: {ctx.get('num_cpus', '?')} CPUs at {ctx.get('mhz_per_cpu', '?')} MHz, "
      f"load {', '.join(f'{l:.2f}' for l in ctx.get('load_avg', []))}; medians of "
      f"{rows and next(iter(rows.values())).get('repetitions', 1)} runs, rates per CPU second")
print()
print(f"{'benchmark':<26}{'hands/s':>10}{'cards/s':>10}{'cards/hand':>11}{'allocs/hand':>12}{'allocs/game':>12}"
      f"{'vs bare':>9}")
presets = sorted({name.split("/")[1] for name in rows if name.startswith(("Engine/", "BareShoe/"))})
for preset in presets:
    bare = rows.get(f"BareShoe/{preset}")
    for name, b in rows.items():
        if not name.startswith(f"Engine/{preset}/"):
            continue
        ratio = f"{b['hands/s'] / bare['hands-equiv/s']:.1%}" if bare else "-"
        print(f"{name:<26}{si(b['hands/s']):>10}{si(b['cards/s']):>10}{b['cards/hand']:>11.3f}"
              f"{b['allocs/hand']:>12.3f}{b['allocs/game']:>12.1f}{ratio:>9}")
    if bare:
        print(f"{'BareShoe/' + preset:<26}{si(bare['hands-equiv/s']):>10}{si(bare['cards/s']):>10}"
              f"{bare['cards/hand']:>11.3f}{'-':>12}{'-':>12}{'100%':>9}")
print()
print("BareShoe hands/s = hands-equivalent: its cards/s divided by the engine's cards per hand.")
EOF
