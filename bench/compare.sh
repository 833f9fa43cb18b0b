#!/usr/bin/env bash
# Runs the same benchmarks from two builds, alternating, and prints the medians side by side
# with the ratio new/old (for "before/after" figures: build the old commit in a worktree).
#   bench/compare.sh OLD_CHECKOUT OLD_BUILD NEW_CHECKOUT NEW_BUILD [BENCH...]
#   e.g. git worktree add /tmp/old 883db1a && cmake -S /tmp/old -B /tmp/old/build-rel -G Ninja \
#          -DCMAKE_BUILD_TYPE=Release && cmake --build /tmp/old/build-rel
#        bench/compare.sh /tmp/old /tmp/old/build-rel . build-rel pot_bench three_bench
# REPS (default 5) repetitions of each; each checkout is its own INBETWEEN_DATA.
set -euo pipefail
old_src=$1 old_build=$2 new_src=$3 new_build=$4
shift 4
benches=("$@")
((${#benches[@]})) || benches=(pot_bench three_bench odds_bench protocol_bench)
reps=${REPS:-5}
out=$(mktemp -d)
for b in "${benches[@]}"; do
  for side in old new; do
    if [ "$side" = old ]; then src=$old_src build=$old_build; else src=$new_src build=$new_build; fi
    INBETWEEN_DATA=$src INBETWEEN_CACHE_DIR=off "$build/bench/$b" --benchmark_repetitions="$reps" \
      --benchmark_report_aggregates_only=true --benchmark_out="$out/$b.$side.json" --benchmark_out_format=json \
      >"$out/$b.$side.log" 2>&1 || { cat "$out/$b.$side.log"; exit 1; }
  done
done
python3 - "$out" "${benches[@]}" <<'PY'
import json, sys
out, benches = sys.argv[1], sys.argv[2:]
def medians(path):
    rows = {}
    for b in json.load(open(path))["benchmarks"]:
        if b.get("aggregate_name") == "median":
            rows[b["run_name"]] = b
    return rows
print(f"{'benchmark':44} {'figure':14} {'old':>12} {'new':>12} {'new/old':>8}")
for bench in benches:
    old, new = medians(f"{out}/{bench}.old.json"), medians(f"{out}/{bench}.new.json")
    for name, n in new.items():
        o = old.get(name)
        # A rate counter where there is one (higher is better), else the CPU time per iteration.
        rates = sorted((k for k in n if k.endswith("/s") and isinstance(n[k], (int, float))),
                       key=lambda k: (k == "cards/s", k))  # hands/s before cards/s
        key = rates[0] if rates else "cpu_time"
        unit = key if rates else "cpu " + n.get("time_unit", "ns")
        nv = n[key]
        ov = o.get(key) if o else None
        ratio = f"{nv / ov:8.2f}" if ov else "       -"
        fmt = lambda v: "-" if v is None else (f"{v / 1e6:.2f} M" if v >= 1e6 else f"{v / 1e3:.1f} k" if v >= 1e3 else f"{v:.3g}")
        print(f"{name:44} {unit:14} {fmt(ov):>12} {fmt(nv):>12} {ratio}")
PY
