#!/bin/bash
# SPDX-License-Identifier: MIT
# NEON against scalar loops on 64-bit Arm, where no Arm machine is at hand:
# the instructions each build executes on the same searches under
# qemu-aarch64 (bench/qemu_insn_count.c, a qemu plugin, counts them), and
# the two outputs compared. Instructions are what emulation can show; time
# under an emulator says nothing about a real processor's.
#
#   bash bench/neon_instructions.sh NEON_XCOVER SCALAR_XCOVER
#
# Both are aarch64 builds of the CLI: the default one, and one configured
# with -DCMAKE_CXX_FLAGS=-DXCOVER_NO_NEON (the scalar loops of a processor
# without vectors), for example
#   cmake -S . -B build-aarch64 --toolchain cmake/aarch64-linux-gnu.cmake \
#     -DCMAKE_BUILD_TYPE=Release && cmake --build build-aarch64 --target xcover_cli
# and the same in build-aarch64-scalar with the flag. Needs qemu-user and
# gcc (scripts/setup.sh --aarch64). Prints a markdown table: instructions
# scalar, NEON, NEON / scalar (under 1: NEON executes fewer).
set -euo pipefail
if (($# != 2)); then
  echo "usage: $0 NEON_XCOVER SCALAR_XCOVER" >&2
  exit 2
fi
neon=$1 scalar=$2
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
gcc -O2 -shared -fPIC -o "$work/count.so" "$here/qemu_insn_count.c"
sysroot=/usr/aarch64-linux-gnu

# The instructions one run executes; its output in $work/out.$2.
count() {  # XCOVER NAME ARGS...
  local xcover=$1 name=$2
  shift 2
  qemu-aarch64 -L "$sysroot" -plugin "$work/count.so" -d plugin -D "$work/log" \
    "$xcover" "$@" >"$work/out.$name" 2>/dev/null
  sed -n 's/^instructions //p' "$work/log"
}

qemu-aarch64 -L "$sysroot" "$neon" queens 12 --emit >"$work/queens12.dlx"
# name|arguments
cases=(
  "12-queens, count|queens 12 --count -j 1"
  "12-queens, whole tree|queens 12 --count --no-symmetry -j 1"
  "12-queens as .dlx, links layout|solve --count --layout links -j 1 $work/queens12.dlx"
  "Langford 11, count|langford 11 --count -j 1"
  "Langford 11, whole tree|langford 11 --count --no-symmetry -j 1"
  "pentominoes 3x20, count|polyomino --board 3x20 --count -j 1"
  "pentominoes 5x12, count|polyomino --board 5x12 --count -j 1"
  "pentominoes 6x10, whole tree|polyomino --board 6x10 --count --no-symmetry -j 1"
  "Sudoku, 12 of the hardest|sudoku -j 1 $here/../tests/data/sudoku_hardest_sample.txt"
)
echo "| search | scalar instructions | NEON instructions | NEON / scalar |"
echo "|---|---:|---:|---:|"
for c in "${cases[@]}"; do
  name=${c%%|*} args=${c#*|}
  # shellcheck disable=SC2086
  s=$(count "$scalar" scalar $args)
  # shellcheck disable=SC2086
  n=$(count "$neon" neon $args)
  if ! cmp -s "$work/out.scalar" "$work/out.neon"; then
    echo "neon_instructions.sh: the two builds differ on $name" >&2
    exit 1
  fi
  awk -v name="$name" -v s="$s" -v n="$n" \
    'BEGIN { printf "| %s | %.0f | %.0f | %.3f |\n", name, s, n, n / s }'
done
