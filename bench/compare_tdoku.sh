#!/bin/bash
# SPDX-License-Identifier: MIT
# Sudoku puzzles a second on one thread: xcover against tdoku and fsss2 in
# tdoku's own benchmark harness, on the six public sets, proving uniqueness
# (limit 2) and stopping at the first solution (limit 1, -f), with xcover's
# best kernels and with XCOVER_KERNELS=avx2. Prints a markdown table.
#
#   TDOKU_BENCH=path/to/run_benchmark bash bench/compare_tdoku.sh [REPS]
#
# TDOKU_BENCH is a run_benchmark you built with xcover registered (as
# "xcover") through bench/tdoku_shim.cpp, and with fsss2 if you want its
# column. Build tdoku's harness yourself with the shim registered; this
# repository neither ships nor builds it.
# Environment: DATA (the sets; default ../shared/data/sudoku beside the
# repository), CPU (the core to pin to, default 1), ARGS (harness options,
# default "-t3 -w1 -n20000 -e1": 3 s a solver and set after 1 s of warm-up,
# 20,000 randomly permuted puzzles, seed 1 so every run sees the same ones).
# Each run is repeated REPS times (default 2): a solver's figure is its best
# run; a ratio is xcover over tdoku within one run (same process, same
# puzzles, same load), the median over the runs. The avx2 runs time tdoku
# again for their ratio.
set -euo pipefail
reps=${1:-2}
bench=${TDOKU_BENCH:?set TDOKU_BENCH to your run_benchmark built with bench/tdoku_shim.cpp}
repo=$(cd "$(dirname "$0")/.." && pwd)
data=${DATA:-$repo/../shared/data/sudoku}
cpu=${CPU:-1}
read -ra args <<< "${ARGS:--t3 -w1 -n20000 -e1}"
sets=(puzzles0_kaggle_first9999 puzzles2_17_clue puzzles3_magictour_top1465
      puzzles5_forum_hardest_1905_11+ puzzles6_forum_hardest_1106 puzzles7_serg_benchmark)
solvers=$("$bench" -h | sed -n '/^solvers:/{n;p}')
for s in xcover tdoku; do
  [[ " $solvers " == *" $s "* ]] || { echo "$bench has no solver $s" >&2; exit 2; }
done
best=xcover,tdoku
[[ " $solvers " == *" fsss2 "* ]] && best=xcover,tdoku,fsss2

log=$(mktemp)
trap 'rm -f "$log"' EXIT

# One harness run: mode, kernels, set, rep -> lines "mode kernels set rep solver puzzles/s".
# The harness's csv line ends in solver,puzzles/s,usec,%no_guess,guesses.
run() {
  local mode=$1 kernels=$2 set=$3 rep=$4 flags=() vars=() list=$best out
  [ "$mode" = first ] && flags=(-f)
  [ "$kernels" = avx2 ] && vars=(XCOVER_KERNELS=avx2) && list=xcover,tdoku
  if ! out=$(env "${vars[@]}" taskset -c "$cpu" "$bench" "${args[@]}" "${flags[@]}" -c1 \
      -s "$list" "$data/$set" 2>>"$log"); then
    echo "$out" >&2
    cat "$log" >&2
    exit 1
  fi
  awk -F, -v p="$mode $kernels $set $rep" 'NF >= 9 {print p, $(NF-4), $(NF-3)}' <<< "$out"
}

results=$(for mode in unique first; do
  for set in "${sets[@]}"; do
    for ((rep = 1; rep <= reps; rep++)); do
      run "$mode" best "$set" "$rep"
      run "$mode" avx2 "$set" "$rep"
    done
  done
done)

echo "run_benchmark ${args[*]}, pinned to CPU $cpu, best of $reps runs;" \
  "$(sort -u "$log" | sed -n 's/^xcover shim: kernels //p' | paste -sd/) kernels"
echo
echo "$results" | awk -v sets="${sets[*]}" '
  function k(x) { return x >= 1e5 ? sprintf("%.0fk", x / 1e3) : sprintf("%.1fk", x / 1e3) }
  function median(key,   n, i, j, t, v) {  # of the ratios ratio[key, 1..]
    n = count[key]
    for (i = 1; i <= n; i++) v[i] = ratio[key, i]
    for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (v[j] < v[i]) { t = v[i]; v[i] = v[j]; v[j] = t }
    return n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
  }
  { mode = $1; kern = $2; set = $3; rep = $4; solver = $5; pps = $6
    run = mode SUBSEP kern SUBSEP set SUBSEP rep
    got[run, solver] = pps
    name = solver (solver == "xcover" && kern == "avx2" ? "_avx2" : "")
    if (solver == "tdoku" && kern == "avx2") next  # tdoku times itself in the best-kernel runs
    if (pps > top[mode, set, name]) top[mode, set, name] = pps }
  END {
    n = split(sets, s, " ")
    for (r in got) {  # r = run SUBSEP solver; a ratio for each run with both
      split(r, f, SUBSEP)
      if (f[5] != "xcover" || !((f[1], f[2], f[3], f[4], "tdoku") in got)) continue
      key = f[1] SUBSEP f[2] SUBSEP f[3]
      ratio[key, ++count[key]] = got[r] / got[f[1], f[2], f[3], f[4], "tdoku"]
    }
    print "| mode | set | xcover | xcover avx2 | tdoku | fsss2 | xcover/tdoku | xcover avx2/tdoku |"
    print "|---|---|---:|---:|---:|---:|---:|---:|"
    for (m = 1; m <= 2; m++) {
      mode = m == 1 ? "unique" : "first"
      for (i = 1; i <= n; i++) {
        set = s[i]; line = "| " (m == 1 ? "prove unique" : "first solution") " | " set
        split("xcover xcover_avx2 tdoku fsss2", names, " ")
        for (j = 1; j <= 4; j++) line = line " | " ((mode, set, names[j]) in top ? k(top[mode, set, names[j]]) : "-")
        for (j = 1; j <= 2; j++) {
          key = mode SUBSEP (j == 1 ? "best" : "avx2") SUBSEP set
          line = line " | " (count[key] ? sprintf("%.2f", median(key)) : "-")
        }
        print line " |"
      }
    }
  }'
