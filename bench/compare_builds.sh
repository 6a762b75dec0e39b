#!/bin/bash
# SPDX-License-Identifier: MIT
# Two builds of xcover side by side, for a change that touches a hot path:
# the previous commit's binary against the new one on the families the
# engine serves (Sudoku sets, queens, Langford pairs, pentominoes, memo
# counts), runs alternating, best of RUNS wall seconds each, and the two
# outputs compared (a change of speed must not change an answer).
#
#   bash bench/compare_builds.sh OLD_XCOVER NEW_XCOVER [RUNS] [KERNELS...]
#
# RUNS defaults to 5. KERNELS, if given, are kernel sets to force
# (XCOVER_KERNELS) on both binaries, one table each; by default each binary
# runs the best set this processor has (`xcover --version` says which).
# The Sudoku rows read ../shared/data/sudoku (SUDOKU_DATA=DIR to point
# elsewhere) and are left out where it is absent. Prints a markdown table:
# seconds old, seconds new, new / old (under 1: the new one is faster).
set -euo pipefail
if (($# < 2)); then
  echo "usage: $0 OLD_XCOVER NEW_XCOVER [RUNS] [KERNELS...]" >&2
  exit 2
fi
old=$1 new=$2 runs=${3:-5}
kernel_sets=("${@:4}")
((${#kernel_sets[@]})) || kernel_sets=("")
data=${SUDOKU_DATA:-$(dirname "$0")/../../shared/data/sudoku}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 "$(dirname "$0")/memo_problems.py" "$work"

# name|arguments
cases=(
  "13-queens, count|queens 13 --count -j 1"
  "13-queens, whole tree|queens 13 --count --no-symmetry -j 1"
  "Langford 12, count|langford 12 --count -j 1"
  "Langford 12, whole tree|langford 12 --count --no-symmetry -j 1"
  "pentominoes 6x10, count|polyomino --board 6x10 --count -j 1"
  "pentominoes 6x10, whole tree|polyomino --board 6x10 --count --no-symmetry -j 1"
  "pentominoes 6x10, distinct|polyomino --board 6x10 --count --distinct -j 1"
  "pentominoes 6x10, two threads|polyomino --board 6x10 --count -j 2"
  "perfect matchings 26, memo|solve --count -j 1 $work/matchings26.dlx"
  "partitions of a 12-set|solve --count -j 1 $work/partitions12.dlx"
  "domino tilings 12x12|solve --count -j 1 $work/dominoes12.dlx"
)
if [[ -d "$data" ]]; then
  head -n 20000 "$data/puzzles2_17_clue" >"$work/17clue"
  grep -v '^#' "$data/puzzles6_forum_hardest_1106" >"$work/hardest1106"
  cases+=(
    "Sudoku 17-clue, 20,000, unique|sudoku --count -j 1 $work/17clue"
    "Sudoku hardest 1106, unique|sudoku --count -j 1 $work/hardest1106"
    "Sudoku kaggle 9,999, solve|sudoku -j 1 $data/puzzles0_kaggle_first9999"
  )
fi

seconds() {  # OUTPUT_FILE XCOVER ARGS...: wall seconds of one run
  local out=$1 start end
  shift
  start=$(date +%s.%N)
  "$@" >"$out" 2>/dev/null || true
  end=$(date +%s.%N)
  echo "$end - $start" | bc
}
least() { printf '%s\n' "$@" | sort -g | head -n 1; }

for kernels in "${kernel_sets[@]}"; do
  if [[ -n "$kernels" ]]; then
    export XCOVER_KERNELS=$kernels
  else
    unset XCOVER_KERNELS
  fi
  echo
  echo "old: $("$old" --version)"
  echo "new: $("$new" --version)"
  echo
  echo "| problem | old (s) | new (s) | new / old |"
  echo "| --- | ---: | ---: | ---: |"
  for case in "${cases[@]}"; do
    name=${case%%|*}
    read -r -a args <<<"${case#*|}"
    old_times=() new_times=()
    for ((r = 0; r < runs; ++r)); do
      old_times+=("$(seconds "$work/old.out" "$old" "${args[@]}")")
      new_times+=("$(seconds "$work/new.out" "$new" "${args[@]}")")
    done
    same=""
    cmp -s "$work/old.out" "$work/new.out" || same=" (outputs differ)"
    o=$(least "${old_times[@]}") n=$(least "${new_times[@]}")
    printf '| %s%s | %.3f | %.3f | %.2f |\n' "$name" "$same" "$o" "$n" "$(echo "$n / $o" | bc -l)"
  done
done
