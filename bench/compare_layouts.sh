#!/bin/bash
# SPDX-License-Identifier: MIT
# Times every layout on the same search trees, problem by problem, and says
# whether the automatic choice took the fastest: a markdown table.
#
#   bash bench/compare_layouts.sh BUILD_DIR [REPS] [NODES]
#
# BUILD_DIR holds a Release build of xcover. Each problem is counted on one
# thread without the memo (`solve --count --no-memo -j 1`), stopped after
# NODES search nodes (default 500000) or sooner when it is done, so that the
# layouts walk the same tree: a figure is the fewest nanoseconds a node of
# REPS runs (default 3), from --stats. The nodes, updates and solutions
# must agree between layouts, else the row says so. Sparse sets are timed
# only where there are colours; a row whose runs took under 20 ms (the
# search ended first) is marked too short to time.
#
# The problems: 16x16 and 25x25 Sudoku with K givens revealed at random from
# a shuffled solution, written by bench/sudoku_to_dlx.py (givens removed, as
# Knuth's SUDOKU-DLX: about 2,700 options at 30 givens of 16x16), the empty
# 16x16 grid (all 4,096 candidates), N queens, dominoes on R x C boards,
# Langford pairs and pentominoes.
# The columns: options (those with a primary item), words (64 options a
# word of a set), "density" (the sum over items of their options squared,
# over words x options: the figure the automatic choice compares with),
# ns a node on each layout, the layout `--layout auto` took and, when that
# is not the fastest, by how much it loses.
set -euo pipefail
if [ $# -lt 1 ] || [ $# -gt 3 ]; then
  echo "usage: $0 BUILD_DIR [REPS] [NODES]" >&2
  exit 2
fi
xc=$1/xcover reps=${2:-3} nodes=${3:-500000}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# sudoku SIDE BOXES GIVENS SEED: a puzzle line with GIVENS cells of a
# solution shown, the solution shuffled (digits relabelled, rows within
# bands, bands, columns within stacks, stacks) by SEED.
sudoku() {
  local side=$1 boxes=$2 givens=$3 seed=$4
  printf '%*s\n' $((side * side)) '' | tr ' ' . |
    "$xc" sudoku --boxes "$boxes" -j 1 |
    python3 -c '
import random, sys
line, box, givens, seed = sys.stdin.read().split()[0], int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
side = box * box
rng = random.Random(seed)
symbols = sorted(set(line))
relabel = dict(zip(symbols, rng.sample(symbols, side)))
def order():
    bands = rng.sample(range(box), box)
    return [b * box + k for b in bands for k in rng.sample(range(box), box)]
rows, cols = order(), order()
grid = [[relabel[line[r * side + c]] for c in cols] for r in rows]
shown = set(rng.sample(range(side * side), givens))
print("".join(grid[i // side][i % side] if i in shown else "." for i in range(side * side)))
' "${boxes%x*}" "$givens" "$seed" | python3 "$here/sudoku_to_dlx.py"
}

add() {  # add NAME: the problem is on standard input (in a pipeline's subshell)
  cat > "$work/$1.dlx"
  echo "$1" >> "$work/names"
}
for givens in 30 45 60 80 100; do
  for seed in 1 2; do sudoku 16 4x4 "$givens" "$seed" | add "sudoku16-g$givens-s$seed"; done
done
sudoku 16 4x4 0 1 | add sudoku16-empty
for givens in 150 200 225 250 300; do
  sudoku 25 5x5 "$givens" 1 | add "sudoku25-g$givens"
done
for n in 20 32 40 48 54 56 60 63 64; do "$xc" queens "$n" --emit | add "queens-$n"; done
# Dominoes on an R x C board: few options clash with each (at most 6), the
# sparse end of the range.
for board in 20x40 24x40 30x40 36x40; do
  awk -v R="${board%x*}" -v C="${board#*x}" 'BEGIN {
    for (i = 0; i < R; ++i) for (j = 0; j < C; ++j) printf "%sr%dc%d", (i || j ? " " : ""), i, j
    print ""
    for (i = 0; i < R; ++i) for (j = 0; j < C; ++j) {
      if (j + 1 < C) printf "r%dc%d r%dc%d\n", i, j, i, j + 1
      if (i + 1 < R) printf "r%dc%d r%dc%d\n", i, j, i + 1, j
    }
  }' | add "dominoes-$board"
done
for n in 12 15 16 19 20; do "$xc" langford "$n" --emit | add "langford-$n"; done
for board in 6x10 5x12 4x15 3x20 8x8-centre; do
  "$xc" polyomino --board "$board" --emit | add "pentominoes-$board"
done

# shape FILE: options, words and density, as the automatic choice counts
# them (an option counts if it has a primary item; colours are cut off).
shape() {
  awk '
    /^[[:space:]]*\|/ || NF == 0 { next }
    !items { for (i = 1; i <= NF && $i != "|"; ++i) primary[$i] = 1; items = 1; next }
    {
      has = 0
      for (i = 1; i <= NF; ++i) { sub(/:.*/, "", $i); has += ($i in primary) }
      if (!has) next
      ++options
      for (i = 1; i <= NF; ++i) ++column[$i]
      if (/:/) colours = 1
    }
    END {
      words = int((options + 63) / 64)
      if (words < 1) words = 1
      for (x in column) sum += column[x] * column[x]
      printf "%d %d %.2f %d\n", options, words, sum / (words * options), colours + 0
    }' "$1"
}

# stats FILE LAYOUT: "nodes seconds layout-that-ran tree" of one node-limited
# run, the tree's nodes, updates and solutions joined by commas.
stats() {
  "$xc" solve "$1" --count --no-memo -j 1 --no-progress --stats --node-limit "$nodes" \
    --layout "$2" 2>&1 > /dev/null |
    awk '/^nodes/ { n = $2 } /^updates/ { u = $2 } /^solutions/ { m = $2 }
         /^seconds/ { s = $2 } /^layout/ { l = $2 }
         END { print n, s, l, n "," u "," m }'
}

echo "load average: $(cut -d' ' -f1-3 /proc/loadavg); ns a node, fewest of $reps runs of" \
  "at most $nodes nodes (solve --count --no-memo -j 1)"
echo
echo "| problem | options | words | density | nodes | links | bitsets | sparse | auto | auto's loss |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: |"
while read -r name; do
  f=$work/$name.dlx
  read -r options words density colours < <(shape "$f")
  layouts="links bitsets"
  [ "$colours" = 1 ] && layouts+=" sparse"
  declare -A best=() count=() trees=() shortest=()
  for _ in $(seq "$reps"); do
    for l in $layouts; do
      read -r n s _ tree < <(stats "$f" "$l")
      count[$l]=$n trees[$l]=$tree
      ns=$(awk -v s="$s" -v n="$n" 'BEGIN { printf "%.0f", (n > 0 ? s * 1e9 / n : 0) }')
      if [ -z "${best[$l]:-}" ] || [ "$ns" -lt "${best[$l]}" ]; then best[$l]=$ns; fi
      # (--stats gives milliseconds: a run under 20 of them is too short to time.)
      shortest[$l]=$(awk -v s="$s" -v t="${shortest[$l]:-9e9}" 'BEGIN { print (s < t ? s : t) }')
    done
  done
  read -r _ _ auto _ < <(stats "$f" auto)
  fastest=links same=yes
  for l in $layouts; do
    [ "${best[$l]}" -lt "${best[$fastest]}" ] && fastest=$l
    [ "${trees[$l]}" = "${trees[links]}" ] || same="no: ${trees[links]} against ${trees[$l]}"
  done
  loss=-
  if [ -n "${best[$auto]:-}" ] && [ "$auto" != "$fastest" ]; then
    loss=$(awk -v a="${best[$auto]}" -v b="${best[$fastest]}" 'BEGIN { printf "%.2fx", a / b }')
  fi
  [ "$same" = yes ] || loss="$loss; trees differ: $same"
  for l in $layouts; do
    awk -v s="${shortest[$l]}" 'BEGIN { exit !(s < 0.02) }' && loss="too short to time"
  done
  printf '| %s | %d | %d | %s | %d | %s | %s | %s | %s | %s |\n' "$name" "$options" "$words" \
    "$density" "${count[links]}" "${best[links]}" "${best[bitsets]}" "${best[sparse]:--}" \
    "$auto" "$loss"
  unset best count trees shortest
done < "$work/names"
