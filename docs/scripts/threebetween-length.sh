#!/usr/bin/env bash
# Regenerates the two ThreeBeTween tables of docs/simulate.md from real runs (seed 1):
# minutes per game and the target for 15 minutes at 2-6 players, and what rule changes do.
#   docs/scripts/threebetween-length.sh [path/to/inbetween]     (default: build/inbetween)
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=${1:-build/inbetween}
seats() { local s=bot; for ((i = 1; i < $1; i++)); do s+=",bot"; done; echo "$s"; }
# Reads simulate's JSON on stdin and prints the cells named by $1.
cells() {
  python3 -c '
import json, sys
j = json.load(sys.stdin)
m, s = j["minutes"], j["seats"]
minutes = "%.2f ± %.2f" % (m["mean"], m["ci95"])
if sys.argv[1] == "length":
    print("%s | %.1f | %.1f" % (minutes, m["median"], m["p90"]))
elif sys.argv[1] == "four":
    b = s[0]["bust_rate"]
    print("%s | %.1f%% ± %.1f%%" % (minutes, 100 * b["mean"], 100 * b["ci95"]))
else:
    w = s[0]["win_rate"]
    print("%.1f%% ± %.1f%% | %.1f against %.1f" % (100 * w["mean"], 100 * w["ci95"], s[0]["score"]["mean"], s[1]["score"]["mean"]))
' "$1"
}

echo "| players | minutes per game at target 100 (mean, 95%) | median | 90th percentile | target for 15 minutes |"
echo "|---|---|---|---|---|"
for n in 2 3 4 5 6; do
  m=$("$bin" simulate --rules threebetween --players "$(seats "$n")" --games 2000 --format json 2>/dev/null | cells length)
  fit=$("$bin" simulate --rules threebetween --players "$(seats "$n")" --games 2000 --sweep target=20..300:5 --until minutes=15 2>/dev/null |
        tail -1 | sed -E 's/target = ([0-9]+): the first value where minutes per game reaches 15 \(([^)]*)\); at target = ([0-9]+): (.*)/\1 (\2; \3 gives \4)/')
  echo "| $n | $m | $fit |"
done

echo
echo "| rules | minutes, 4 sensible players | busts per turn, seat 1 of those | optimal against sensible, 2 players: optimal's win rate | points per game, optimal against sensible |"
echo "|---|---|---|---|---|"
for v in "" "replacement=false" "wild_pair_busts=true" "spaces=4"; do
  set_args=()
  [ -n "$v" ] && set_args=(--set "$v")
  four=$("$bin" simulate --rules threebetween "${set_args[@]}" --players "$(seats 4)" --games 2000 --format json 2>/dev/null | cells four)
  games=2000
  [ "$v" = "spaces=4" ] && games=1000
  duel=$("$bin" simulate --rules threebetween "${set_args[@]}" --players bot:optimal,bot:sensible --games $games --format json 2>/dev/null | cells duel)
  echo "| ${v:-standard} | $four | $duel ($games games) |"
done
