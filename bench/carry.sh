#!/usr/bin/env bash
# The server's benchmarks on a bigger machine that has none of our packages and no network (the
# lent 16-core machine, Ubuntu 24.04): what to carry there, and how to set it up on arrival.
#
#   carry.sh make BUILD OUT     (here, Debian 12)
#       Fills OUT with what bench/cores.sh needs: BUILD's inbetween and bench/lobby_bench, stripped
#       (BUILD configured without MPI, e.g. -DINBETWEEN_MPI=OFF -DCMAKE_BUILD_TYPE=RelWithDebInfo);
#       lib.txz, every shared library they load but glibc's and the C++ runtime's (which the
#       target has, newer); this machine's node as node.xz and web/node_modules/ws as ws/.
#       OUT stays under the 64 MiB a device call carries unless pg.txz (bench/pg_bundle.sh) joins it.
#
#   carry.sh unpack OUT          (there, from the repository's root)
#       Unpacks node and the libraries into OUT and puts ws where bench/serve_tables.mjs looks for
#       it (web/node_modules/ws); prints the two variables to export:
#         eval "$(bash bench/carry.sh unpack .dev)" && bash bench/cores.sh .dev serve paced
set -euo pipefail

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2; exit 2; }
die() { echo "carry.sh: $*" >&2; exit 1; }

make_carry() {
  local build=$1 out=$2
  local programs=("$build/inbetween" "$build/bench/lobby_bench")
  for p in "${programs[@]}"; do [ -x "$p" ] || die "no $p (build it first)"; done
  mkdir -p "$out"
  install -m 755 -s "${programs[0]}" "$out/inbetween"
  install -m 755 -s "${programs[1]}" "$out/lobby_bench"
  local stage
  stage=$(mktemp -d /tmp/carry.XXXXXX)
  mkdir -p "$stage/lib"
  # Every library by its SONAME, glibc's own and the C++ runtime left to the target.
  ldd "${programs[@]}" | awk '$2 == "=>" && $3 ~ /^\// {print $1, $3}' | sort -u | while read -r name path; do
    case $name in
      libc.so.*|libm.so.*|libdl.so.*|librt.so.*|libpthread.so.*|libresolv.so.*|libutil.so.*|ld-linux*|libstdc++.so.*|libgcc_s.so.*) ;;
      *) cp -L "$path" "$stage/lib/$name" ;;
    esac
  done
  tar cJf "$out/lib.txz" -C "$stage" lib
  rm -rf "$stage"
  xz -c "$(command -v node)" >"$out/node.xz"
  rm -rf "$out/ws"
  cp -r web/node_modules/ws "$out/ws"
  du -sh "$out"
}

unpack_carry() {
  local out=$1
  [ -f "$out/node.xz" ] && [ -f "$out/lib.txz" ] || die "$out holds no node.xz or lib.txz (carry.sh make)"
  xz -dc "$out/node.xz" >"$out/node"
  chmod 755 "$out/node"
  tar xJf "$out/lib.txz" -C "$out"
  mkdir -p web/node_modules
  rm -rf web/node_modules/ws
  cp -r "$out/ws" web/node_modules/ws
  echo "export PATH=$(realpath "$out"):\$PATH LD_LIBRARY_PATH=$(realpath "$out")/lib"
}

case ${1:-} in
  make) [ $# -eq 3 ] || usage; make_carry "$2" "$3" ;;
  unpack) [ $# -eq 2 ] || usage; unpack_carry "$2" ;;
  *) usage ;;
esac
