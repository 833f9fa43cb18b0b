#!/bin/bash
# The server's instructions a move (a benchmark, not a test): `inbetween serve` under
# valgrind's callgrind while bench/serve_load.mjs plays 20 unpaced tables on it for 20 s; prints
# the instructions of the whole process (every thread, start and stop included) divided by the
# moves it stored (calls of Room::commit), and that figure less the checkpointer's thread. Unlike
# a time, the second figure moves little from run to run on a busy or shared machine (bench/README.md,
# "Less JSON a move" and "Fewer checkpoints"); the kernel's part (the system calls) is not in it.
# Needs valgrind (Debian: valgrind) and Node.js with web/node_modules.
#   bash bench/serve_instructions.sh BINARY [TABLES] [SECONDS]
set -euo pipefail
binary=$(realpath "$1")
tables=${2:-20}
seconds=${3:-20}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf '#!/bin/sh\nexec valgrind -q --tool=callgrind --callgrind-out-file=%s/callgrind.out %s "$@"\n' "$work" "$binary" > "$work/serve"
chmod +x "$work/serve"
node "$here/serve_load.mjs" --binary "$work/serve" --tables "$tables" --seconds "$seconds" --procs 1 --settle 1 --bot-delay-ms 0 | grep '^moves'
# The server writes its figures as it stops, after the load has ended.
for _ in $(seq 60); do [ -s "$work/callgrind.out" ] && ! pgrep -f "callgrind-out-file=$work" > /dev/null && break; sleep 1; done
total=$(callgrind_annotate "$work/callgrind.out" | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }')
moves=$(callgrind_annotate --inclusive=yes --tree=caller "$work/callgrind.out" \
  | grep -B3 '\* .*Room::commit(' | grep '<' | grep -o '([0-9,]*x)' | tr -d '(),x' | paste -sd+ | bc)
# The checkpointer's thread copies the log into the file at its own pace: how many moves one copy
# covers depends on the timing, and its share of a move varied 29,000-44,000 between runs of one
# build. The rest is the figure to compare builds by.
copying=$(callgrind_annotate --inclusive=yes --threshold=100 "$work/callgrind.out" | grep -F 'WalCheckpointer::run()' | grep -F src/server \
  | head -1 | awk '{ gsub(",", "", $1); print $1 }' || true)
copying=${copying:-0}
echo "instructions $total, moves stored $moves: $((total / moves)) instructions a move"
echo "less the checkpointer's thread ($((copying / moves)) a move): $(((total - copying) / moves)) instructions a move"
