#!/usr/bin/env bash
# Builds pot_bench and three_bench in Release (build-rel/) and prints every engine figure as a
# ratio to the bare limit of dealing (Limit: 3 cards by partial Fisher-Yates from 52, pcg32 with
# Lemire's bounded draw), measured in the same run of the same binary. Extra arguments go to
# both benchmarks, e.g. --benchmark_min_time=2.
#   bench/run.sh                      # 3 repetitions, medians
#   REPS=5 bench/run.sh               # more repetitions
#   BUILD=/tmp/b bench/run.sh         # another build folder
#   SCALE=1 bench/run.sh              # also scale_bench: every preset by decks 1..8 and players 2..6
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD:-$root/build-rel}
reps=${REPS:-3}
benches=(pot_bench three_bench)
[ -n "${SCALE:-}" ] && benches+=(scale_bench)

cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DINBETWEEN_BENCH=ON -DINBETWEEN_SANITIZE=OFF -DINBETWEEN_PYTHON=OFF >/dev/null
cmake --build "$build" --target "${benches[@]}"

# The console report goes to a log (shown if the run fails); the tables below read the JSON.
for b in "${benches[@]}"; do
  INBETWEEN_DATA=$root "$build/bench/$b" --benchmark_repetitions="$reps" --benchmark_report_aggregates_only=true \
    --benchmark_out="$build/$b.json" --benchmark_out_format=json "$@" >"$build/$b.log" 2>&1 ||
    { cat "$build/$b.log"; exit 1; }
done

python3 - "$build" "${benches[@]}" <<'PY'
import json, sys

build, benches = sys.argv[1], sys.argv[2:]

def si(x):
    for unit, scale in (("G", 1e9), ("M", 1e6), ("k", 1e3)):
        if x >= scale:
            return f"{x / scale:.2f}{unit}"
    return f"{x:.2f}"

def medians(bench):
    data = json.load(open(f"{build}/{bench}.json"))
    rows = {}
    for b in data["benchmarks"]:
        if b.get("run_type") == "aggregate" and b.get("aggregate_name") != "median":
            continue
        rows[b["run_name"]] = b
    return data, rows

data, rows = medians("pot_bench")
ctx = data["context"]
print(f"{ctx.get('host_name', '?')}: {ctx.get('num_cpus', '?')} CPUs at {ctx.get('mhz_per_cpu', '?')} MHz, "
      f"load {', '.join(f'{l:.2f}' for l in ctx.get('load_avg', []))}; medians of "
      f"{rows and next(iter(rows.values())).get('repetitions', 1)} runs, rates per CPU second")
print()
limit = rows["Limit"]["hands/s"]
print(f"Limit (3 cards from 52, pcg32 + Lemire): {si(limit)} hands/s; pcg64 + Lemire "
      f"{si(rows['LimitPcg64Lemire']['hands/s'])}; pcg64 + PCG's dividing draw {si(rows['LimitPcg64Divide']['hands/s'])}")
# Floor/<preset> (random bots) and Floor/<preset>/sensible, keyed "<preset>/<bot>"
floors = {}
for name, b in rows.items():
    if name.startswith("Floor/"):
        parts = name.split("/")[1:]
        floors[f"{parts[0]}/{parts[1] if len(parts) > 1 else 'random'}"] = b["hands/s"]
print("Floor (a hand with nothing else done, 4 bots; bench/floor.h): " +
      "; ".join(f"{p} {si(h)} hands/s = {h / limit:.1%} of Limit" for p, h in floors.items()))
print()
print(f"{'benchmark':<34}{'hands/s':>10}{'vs limit':>10}{'cards/hand':>11}{'allocs/hand':>12}{'allocs/game':>12}"
      f"{'vs BareShoe':>12}")
presets = sorted({name.split("/")[1] for name in rows if name.startswith(("Engine/", "BareShoe/"))})
for preset in presets:
    bare = rows.get(f"BareShoe/{preset}")
    for name, b in rows.items():
        if not name.startswith(f"Engine/{preset}/"):
            continue
        vs_bare = f"{b['hands/s'] / bare['hands-equiv/s']:.1%}" if bare else "-"
        print(f"{name:<34}{si(b['hands/s']):>10}{b['hands/s'] / limit:>10.1%}{b['cards/hand']:>11.3f}"
              f"{b['allocs/hand']:>12.3f}{b['allocs/game']:>12.1f}{vs_bare:>12}")
print()
print("vs limit = engine hands/s / Limit hands/s (the headline ratio; issue 8 asks >= 25%).")
print("vs BareShoe = against this preset's own shoe drawing the same cards per hand with no rules.")
print("engine vs its floor: " + "; ".join(
    f"{p} {rows[f'Engine/{p}']['hands/s'] / h:.1%}" for p, h in floors.items() if f"Engine/{p}" in rows))

if "three_bench" in benches:
    data, rows = medians("three_bench")
    limit = rows["Limit"]["hands/s"]
    print()
    print(f"ThreeBeTween (three_bench; its own Limit: {si(limit)} hands/s); a turn (draw, bank or pass) as a hand")
    print(f"{'benchmark':<34}{'games/s':>10}{'turns/s':>10}{'vs limit':>10}{'turns/game':>11}")
    for name, b in rows.items():
        if name.startswith("BM_ThreeBeTween"):
            print(f"{name:<34}{si(b['games/s']):>10}{si(b['turns/s']):>10}{b['turns/s'] / limit:>10.1%}{b['turns/game']:>11.1f}")

if "scale_bench" in benches:
    data, rows = medians("scale_bench")
    print()
    print("scale_bench: sensible bots; decks:0 = the preset's own decks")
    print(f"{'benchmark':<44}{'hands/s':>10}{'games/s':>10}{'hands/game':>11}")
    for name, b in rows.items():
        print(f"{name:<44}{si(b['hands/s']):>10}{si(b['games/s']):>10}{b['hands/game']:>11.1f}")
PY
