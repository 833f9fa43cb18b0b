#!/usr/bin/env bash
# Regenerates the two ThreeBeTween tables of docs/simulate.md from real runs (seed 1):
# minutes per game and the target for 15 minutes at 2-6 players, and what rule changes do.
#   docs/scripts/threebetween-length.sh [path/to/inbetween]     (default: build/inbetween)
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=${1:-build/inbetween}
seats() { local s=bot; for ((i = 1; i < $1; i++)); do s+=",bot"; done; echo "$s"; }
field() { python3 -c "import json,sys; j=json.load(sys.stdin); print($1)"; }

echo "| players | minutes per game at target 100 (mean, 95%) | median | 90th percentile | target for 15 minutes |"
echo "|---|---|---|---|---|"
for n in 2 3 4 5 6; do
  m=$("$bin" simulate --rules threebetween --players "$(seats $n)" --games 2000 --format json 2>/dev/null |
      field 'f"{j[\"minutes\"][\"mean\"]:.2f} ± {j[\"minutes\"][\"ci95\"]:.2f} | {j[\"minutes\"][\"median\"]:.1f} | {j[\"minutes\"][\"p90\"]:.1f}"')
  fit=$("$bin" simulate --rules threebetween --players "$(seats $n)" --games 2000 --sweep target=20..300:5 --until minutes=15 2>/dev/null | tail -1 |
        sed -E 's/target = ([0-9]+): the first value where minutes per game reaches 15 \(([^)]*)\); at target = ([0-9]+): (.*)/\1 (\2; \3 gives \4)/')
  echo "| $n | $m | $fit |"
done

echo
echo "| rules | minutes, 4 sensible players | busts per turn (sensible) | optimal vs sensible, 2 players: win rate of optimal | points per game, optimal − sensible |"
echo "|---|---|---|---|---|"
for v in "" "replacement=false" "wild_pair_busts=true" "spaces=4"; do
  set_args=()
  [ -n "$v" ] && set_args=(--set "$v")
  four=$("$bin" simulate --rules threebetween "${set_args[@]}" --players "$(seats 4)" --games 2000 --format json 2>/dev/null |
         field 'f"{j[\"minutes\"][\"mean\"]:.2f} ± {j[\"minutes\"][\"ci95\"]:.2f} | {100*j[\"seats\"][0][\"bust_rate\"][\"mean\"]:.1f}% ± {100*j[\"seats\"][0][\"bust_rate\"][\"ci95\"]:.1f}%"')
  games=2000
  [ "$v" = "spaces=4" ] && games=1000
  duel=$("$bin" simulate --rules threebetween "${set_args[@]}" --players bot:optimal,bot:sensible --games $games --format json 2>/dev/null |
         field 'f"{100*j[\"seats\"][0][\"win_rate\"][\"mean\"]:.1f}% ± {100*j[\"seats\"][0][\"win_rate\"][\"ci95\"]:.1f}% | {j[\"seats\"][0][\"score\"][\"mean\"]-j[\"seats\"][1][\"score\"][\"mean\"]:+.1f}"')
  echo "| ${v:-standard} | $four | $duel ($games games) |"
done
