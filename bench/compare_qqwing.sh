#!/bin/bash
# SPDX-License-Identifier: MIT
# Making Sudoku puzzles, xcover against QQWing (Debian's qqwing), one thread
# each: N unique minimal 9x9 puzzles of any level, N of each of QQWing's
# levels, and 16x16 puzzles (which QQWing does not make). Each puzzle set is
# then rated by `xcover sudoku --rate`, so the levels can be compared.
#
#   bash bench/compare_qqwing.sh BUILD_DIR [N]      (N default 1000)
set -euo pipefail
if [ $# -lt 1 ]; then
  echo "usage: $0 BUILD_DIR [N]" >&2
  exit 2
fi
build=$1 n=${2:-1000}
xcover="$build/xcover"
command -v qqwing >/dev/null || { echo "needs qqwing: apt-get install qqwing" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

seconds() {  # seconds of one run of the command, its output into $out
  local start end
  start=$(date +%s.%N)
  "$@" > "$out"
  end=$(date +%s.%N)
  echo "$end - $start" | bc -l
}
levels() {  # how many puzzles of $out xcover rates at each level
  "$xcover" sudoku --rate "$out" | awk '{n[$1]++} END {printf "simple %d, easy %d, intermediate %d, expert %d", n["simple"], n["easy"], n["intermediate"], n["expert"]}'
}

echo "| what | QQWing | xcover | faster |"
echo "|---|---:|---:|---:|"
row() {  # label, qqwing args..., --, xcover args...
  local label=$1
  shift
  local q=() x=()
  while [ "$1" != -- ]; do q+=("$1"); shift; done
  shift
  x=("$@")
  out="$work/q.txt"
  local tq
  tq=$(seconds qqwing "${q[@]}")
  local lq
  lq=$(levels)
  out="$work/x.txt"
  local tx
  tx=$(seconds "$xcover" sudoku -j 1 "${x[@]}")
  local lx
  lx=$(levels)
  printf '| %s | %.3f s | %.3f s | %.1fx |\n' "$label" "$tq" "$tx" "$(echo "$tq / $tx" | bc -l)"
  echo "  rated by xcover: QQWing's $lq; xcover's $lx" >&2
}
row "$n 9x9, any level" --generate "$n" --one-line -- --generate "$n" --seed 1
for level in simple easy intermediate expert; do
  row "$((n / 10)) 9x9, $level" --generate "$((n / 10))" --difficulty "$level" --one-line \
      -- --generate "$((n / 10))" --difficulty "$level" --seed 1
done
out="$work/x16.txt"
t16=$(seconds "$xcover" sudoku -j 1 --generate 20 --boxes 4x4 --seed 1)
printf '| 20 16x16 (QQWing: none) | - | %.3f s | %.3f s each |\n' "$t16" "$(echo "$t16 / 20" | bc -l)"
