#!/bin/bash
# SPDX-License-Identifier: MIT
# Variants at batch speed: N puzzles each of the classic 9x9, X-Sudoku,
# jigsaw and killer, made by `xcover sudoku --generate` (the same seed, so
# the same sets on every machine), then solved and proved unique
# (--count, limit 2) by `xcover sudoku` on THREADS threads. Prints puzzles a
# second for each and its fraction of the classic rate, then the search
# nodes a puzzle and nodes a second, and that rate's fraction of the
# classic one: the generator's puzzles of each shape differ in how hard
# they are (X-Sudoku's minimal puzzles need several times the nodes), and
# the node rate tells the cost of a shape apart from its puzzles'.
#
#   bash bench/bench_variants.sh BUILD_DIR [N] [THREADS]   (N 10000, THREADS 0: all)
set -euo pipefail
if [ $# -lt 1 ]; then
  echo "usage: $0 BUILD_DIR [N] [THREADS]" >&2
  exit 2
fi
xcover="$1/xcover" n=${2:-10000} threads=${3:-0}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Boxes with two pairs of cells traded between neighbours.
jigsaw=AAABBBCCCAAABBBCCCAADBBBCCCDADEEEFFFDDDEEEFFFDDDEEHFFFGGGEHHIIIGGGHHHIIIGGGHHHIII
declare -A shape=([classic]="" [x]="--diagonals" [jigsaw]="--regions $jigsaw" [killer]="--killer")
printf '| shape | puzzles | seconds | puzzles/s | of classic | nodes a puzzle | nodes/s | of classic |\n'
printf '|---|---:|---:|---:|---:|---:|---:|---:|\n'
classic_rate='' classic_nodes=''
for name in classic x jigsaw killer; do
  # shellcheck disable=SC2086  # the shape's options are words
  "$xcover" sudoku --generate "$n" --seed 11 ${shape[$name]} > "$work/$name.txt"
  # shellcheck disable=SC2086
  "$xcover" sudoku --count --threads "$threads" --stats ${shape[$name]} "$work/$name.txt" \
    > "$work/$name.out" 2> "$work/$name.err"
  if grep -qv '^1$' "$work/$name.out"; then
    echo "$name: a puzzle did not count 1" >&2
    exit 1
  fi
  seconds=$(awk '/^seconds /{print $2}' "$work/$name.err")
  rate=$(awk '/^puzzles per second /{print $4}' "$work/$name.err")
  nodes=$(awk '/^mean nodes per puzzle /{print $5}' "$work/$name.err")
  node_rate=$(awk -v r="$rate" -v m="$nodes" 'BEGIN{printf "%.0f", r * m}')
  classic_rate=${classic_rate:-$rate}
  classic_nodes=${classic_nodes:-$node_rate}
  printf '| %s | %s | %s | %s | %.2f | %s | %s | %.2f |\n' "$name" "$n" "$seconds" "$rate" \
    "$(awk -v r="$rate" -v c="$classic_rate" 'BEGIN{print r / c}')" "$nodes" "$node_rate" \
    "$(awk -v r="$node_rate" -v c="$classic_nodes" 'BEGIN{print r / c}')"
done
