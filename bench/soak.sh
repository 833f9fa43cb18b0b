#!/usr/bin/env bash
# The soak of issue 10: ACTIONS (default 10^6) random legal actions per preset through the
# protocol (bench/soak.cpp), chips and cards checked after every action, the resident memory
# sampled. Builds `soak` (in build-rel/, Release, unless BUILD names another) and prints a line per preset; fails when an
# invariant breaks or the memory at the end is more than 2 MB above the memory at 10% of the run.
#   bench/soak.sh                        # every preset in rules/, 10^6 actions each
#   ACTIONS=100000 bench/soak.sh hoyle   # fewer actions, some presets
#   BUILD=/tmp/b bench/soak.sh           # another build folder
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD:-$root/build-rel}
actions=${ACTIONS:-1000000}
presets=("$@")
if ((${#presets[@]} == 0)); then
  for f in "$root"/rules/*.toml; do presets+=("$(basename "$f" .toml)"); done
fi

# A new build folder is configured for Release; an existing one (BUILD=build) is used as it is.
[ -f "$build/CMakeCache.txt" ] ||
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DINBETWEEN_BENCH=ON -DINBETWEEN_SANITIZE=OFF >/dev/null
cmake --build "$build" --target soak >/dev/null

status=0
for preset in "${presets[@]}"; do
  line=$(INBETWEEN_DATA=$root INBETWEEN_CACHE_DIR=off "$build/bench/soak" --rules "$preset" --actions "$actions" --seed 1 --players 3) ||
    { echo "$line"; echo "soak: $preset: an invariant broke (above)" >&2; status=1; continue; }
  echo "$line"
  early=$(sed -E 's/.*at 10% +([0-9]+).*/\1/' <<<"$line")
  end=$(sed -E 's/.*at end +([0-9]+).*/\1/' <<<"$line")
  if ((end > early + 2048)); then
    echo "soak: $preset: memory grew from $early KB (10% of the run) to $end KB" >&2
    status=1
  fi
done
exit $status
