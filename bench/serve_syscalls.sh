#!/bin/bash
# The server's system calls a move (a benchmark, not a test): `inbetween serve` counted by
# `perf stat` from its start to its end while bench/serve_load.mjs plays unpaced tables on it;
# prints each kind of call divided by the moves its database holds afterwards. Unlike a time,
# these counts hardly move between runs on a busy or shared machine (docs/performance.md, "One write
# a commit"). Needs perf (Debian: linux-perf), python3 and Node.js with web/node_modules.
#   bash bench/serve_syscalls.sh BINARY [TABLES] [SECONDS] [THREADS]
set -euo pipefail
binary=$(realpath "$1")
tables=${2:-200}
seconds=${3:-10}
threads=${4:-2}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
events=syscalls:sys_enter_sendmsg,syscalls:sys_enter_recvmsg,syscalls:sys_enter_pwrite64,syscalls:sys_enter_pread64,syscalls:sys_enter_fdatasync,syscalls:sys_enter_fcntl,syscalls:sys_enter_futex,syscalls:sys_enter_epoll_wait,syscalls:sys_enter_timerfd_settime,syscalls:sys_enter_epoll_ctl
# The wrapper the load generator starts as its server: the server, and perf on it until it ends.
cat > "$work/serve" <<WRAP
#!/bin/bash
for ((i = 1; i <= \$#; i++)); do [ "\${!i}" = --db ] && j=\$((i + 1)) && echo "\${!j}" > "$work/db"; done
"$binary" "\$@" &
server=\$!
perf stat -x, -e $events -p \$server -o "$work/counts" &
trap 'kill \$server' TERM
wait \$server
wait
WRAP
chmod +x "$work/serve"
node "$here/serve_load.mjs" --binary "$work/serve" --tables "$tables" --seconds "$seconds" --procs 2 --settle 1 --bot-delay-ms 0 \
  --server-args "--threads $threads" | grep -E '^moves|^people'
for _ in $(seq 30); do [ -s "$work/counts" ] && grep -q epoll_ctl "$work/counts" && break; sleep 1; done
moves=$(python3 -c "import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute('SELECT COUNT(*) FROM moves').fetchone()[0])" "$(cat "$work/db")")
echo "moves stored $moves; system calls a move:"
awk -F, -v moves="$moves" '$3 ~ /syscalls:/ { sub("syscalls:sys_enter_", "", $3); printf "  %-16s %7.3f\n", $3, $1 / moves }' "$work/counts"
