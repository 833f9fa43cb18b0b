#!/usr/bin/env bash
# Draws docs/images/learning_curve_hoyle.png from the CSV that docs/examples/learn_hoyle.py writes
# (--csv): the greedy policy's chips per game and win rate on the held-out games against the
# training steps, with 95% intervals, and the baselines measured in the same run as dashed lines.
#   docs/scripts/learning-curve.sh CURVE.csv [OUT.png]   (default: docs/images/learning_curve_hoyle.png)
# The run behind the chart in docs/python.md ("A learning agent"):
#   PYTHONPATH=build/python INBETWEEN_DATA=. /usr/bin/python3 docs/examples/learn_hoyle.py \
#       --set deals_per_dealer=5 --csv docs/images/learning_curve_hoyle.csv
#   docs/scripts/learning-curve.sh docs/images/learning_curve_hoyle.csv
set -euo pipefail
csv=${1:?usage: docs/scripts/learning-curve.sh CURVE.csv [OUT.png]}
out=${2:-"$(dirname "$0")/../images/learning_curve_hoyle.png"}
title=${TITLE:-"Hoyle heads-up, ten deals (deals_per_dealer=5): A2C against the sensible bot, 2,000 held-out games"}
gnuplot <<EOF
set terminal pngcairo size 900,780 font "sans,11" background "white"
set termoption noenhanced
set output "$out"
set datafile separator ","
set datafile columnheaders
set grid
set autoscale xfix
set key below
set xlabel "training steps (thousands)"
stats "$csv" using "random_actions_chips" nooutput; random_chips = STATS_max
stats "$csv" using "sensible_bot_chips" nooutput; sensible_chips = STATS_max
stats "$csv" using "optimal_bot_chips" nooutput; optimal_chips = STATS_max
stats "$csv" using "random_actions_win" nooutput; random_win = STATS_max
stats "$csv" using "sensible_bot_win" nooutput; sensible_win = STATS_max
stats "$csv" using "optimal_bot_win" nooutput; optimal_win = STATS_max
set multiplot layout 2,1 title "$title"
set ylabel "chips per game, held-out games"
plot "$csv" using (column("steps")/1000):"chips":"chips_ci95" with yerrorlines lw 2 pt 7 lc rgb "#1f77b4" title "learner (greedy), 95% interval", \
     random_chips with lines dt 2 lw 2 lc rgb "#7f7f7f" title sprintf("random legal actions: %.2f", random_chips), \
     sensible_chips with lines dt 2 lw 2 lc rgb "#2ca02c" title sprintf("sensible bot in the seat: %.2f", sensible_chips), \
     optimal_chips with lines dt 2 lw 2 lc rgb "#d62728" title sprintf("optimal bot in the seat: %.2f", optimal_chips)
set ylabel "win rate (a tie counts as a win)"
set format y "%.0f%%"
plot "$csv" using (column("steps")/1000):(100*column("win")):(100*column("win_ci95")) with yerrorlines lw 2 pt 7 lc rgb "#1f77b4" title "learner (greedy), 95% interval", \
     100*random_win with lines dt 2 lw 2 lc rgb "#7f7f7f" title sprintf("random legal actions: %.1f%%", 100*random_win), \
     100*sensible_win with lines dt 2 lw 2 lc rgb "#2ca02c" title sprintf("sensible bot in the seat: %.1f%%", 100*sensible_win), \
     100*optimal_win with lines dt 2 lw 2 lc rgb "#d62728" title sprintf("optimal bot in the seat: %.1f%%", 100*optimal_win)
unset multiplot
EOF
echo "wrote $out"
