#!/usr/bin/env bash
# Runs the same benchmarks from two builds and prints the medians side by side with the ratio
# new/old (for "before/after" figures: build the old commit in a worktree). The two builds take
# turns run by run (old, new, old, new, ...), so a machine whose speed drifts (a shared VM)
# slows both alike.
#   bench/compare.sh OLD_CHECKOUT OLD_BUILD NEW_CHECKOUT NEW_BUILD [BENCH...]
#   e.g. git worktree add /tmp/old 883db1a && cmake -S /tmp/old -B /tmp/old/build-rel -G Ninja \
#          -DCMAKE_BUILD_TYPE=Release && cmake --build /tmp/old/build-rel
#        bench/compare.sh /tmp/old /tmp/old/build-rel . build-rel pot_bench three_bench
# REPS (default 7) runs of each; each checkout is its own INBETWEEN_DATA.
set -euo pipefail
old_src=$1 old_build=$2 new_src=$3 new_build=$4
shift 4
benches=("$@")
((${#benches[@]})) || benches=(pot_bench three_bench odds_bench protocol_bench)
reps=${REPS:-7}
out=$(mktemp -d)
for b in "${benches[@]}"; do
  for ((r = 1; r <= reps; ++r)); do
    for side in old new; do
      if [ "$side" = old ]; then src=$old_src build=$old_build; else src=$new_src build=$new_build; fi
      INBETWEEN_DATA=$src INBETWEEN_CACHE_DIR=off "$build/bench/$b" --benchmark_out="$out/$b.$side.$r.json" \
        --benchmark_out_format=json >"$out/$b.$side.log" 2>&1 || { cat "$out/$b.$side.log"; exit 1; }
    done
  done
done
python3 - "$out" "$reps" "${benches[@]}" <<'PY'
import json, statistics, sys
out, reps, benches = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
def figure(row):
    # A rate counter where there is one (higher is better; hands/s before cards/s), else CPU time.
    rates = sorted((k for k in row if k.endswith("/s") and isinstance(row[k], (int, float))), key=lambda k: (k == "cards/s", k))
    return (rates[0], row[rates[0]]) if rates else ("cpu " + row.get("time_unit", "ns"), row["cpu_time"])
def medians(bench, side):
    runs = {}
    for r in range(1, reps + 1):
        for row in json.load(open(f"{out}/{bench}.{side}.{r}.json"))["benchmarks"]:
            key, value = figure(row)
            runs.setdefault(row["name"], (key, []))[1].append(value)
    return {name: (key, statistics.median(values)) for name, (key, values) in runs.items()}
def fmt(v):
    return "-" if v is None else (f"{v / 1e6:.2f} M" if v >= 1e6 else f"{v / 1e3:.1f} k" if v >= 1e3 else f"{v:.3g}")
print(f"{'benchmark':40} {'figure':14} {'old':>10} {'new':>10} {'new/old':>8}   (medians of {reps} runs each, taken in turns)")
for bench in benches:
    old, new = medians(bench, "old"), medians(bench, "new")
    for name, (key, nv) in new.items():
        ov = old[name][1] if name in old else None
        ratio = f"{nv / ov:8.2f}" if ov else "       -"
        print(f"{name:40} {key:14} {fmt(ov):>10} {fmt(nv):>10} {ratio}")
PY
