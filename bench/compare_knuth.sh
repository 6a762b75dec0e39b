#!/bin/bash
# SPDX-License-Identifier: MIT
# Times xcover against Knuth's DLX1, DLX2, DLX3 and SSXCC on the same files,
# side by side, and prints a markdown table.
#
#   DLX1=... DLX2=... DLX3=... SSXCC=... bash bench/compare_knuth.sh BUILD_DIR [REPS]
#   KNUTH=DIR bash bench/compare_knuth.sh BUILD_DIR [REPS]   # DIR/dlx1, DIR/dlx2, ...
#
# BUILD_DIR holds a Release build of xcover; the others are your own builds
# of Knuth's programs (this repository neither ships nor builds them); a
# program not given gets a '-' column. Problems: 13-queens, Langford 12 and
# the 6x10 pentominoes (all solutions; written by xcover's adapters, --emit),
# then the word squares of bench/word_squares.sh (colours, so not for DLX1):
# 4x4 all solutions and 5x5 the first 1,000 (xcover --limit 1000, Knuth's
# `t1000`). WORDS=0 leaves the word squares out (4x4 takes about a minute a
# program). Each figure is the median of REPS runs (default 3) of CPU seconds
# (user + system: fairer than wall time on a shared machine), the runs
# alternating between programs; "vs P" is P's time over xcover's. Nodes are
# each program's own count: Knuth's DLX programs and xcover's plain bit sets
# enter a node even where an item has no option left; SSXCC and xcover's
# links, sparse sets and counted bit sets with colours do not (and SSXCC makes a chain of forced moves one node).
set -euo pipefail
if [ $# -lt 1 ] || [ $# -gt 2 ]; then
  echo "usage: [DLX1=P] [DLX2=P] [DLX3=P] [SSXCC=P] [KNUTH=DIR] $0 BUILD_DIR [REPS]" >&2
  exit 2
fi
build=$1 reps=${2:-3}
here=$(cd "$(dirname "$0")" && pwd)
knuth=${KNUTH:-}
declare -A prog
for p in dlx1 dlx2 dlx3 ssxcc; do
  var=${p^^}
  prog[$p]=${!var:-}
  if [ -z "${prog[$p]}" ] && [ -n "$knuth" ] && [ -x "$knuth/$p" ]; then prog[$p]=$knuth/$p; fi
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$build/xcover" queens 13 --emit > "$work/queens13.dlx"
"$build/xcover" langford 12 --emit > "$work/langford12.dlx"
"$build/xcover" polyomino --board 6x10 --emit > "$work/pento6x10.dlx"
problems="queens13 langford12 pento6x10"
if [ "${WORDS:-1}" != 0 ]; then
  bash "$here/word_squares.sh" 4 > "$work/squares4.dlx"
  bash "$here/word_squares.sh" 5 > "$work/squares5.dlx"
  problems="$problems squares4 squares5"
fi

# One run: CPU seconds on stdout's first line, nodes on the second.
# $1 = program key, $2 = problem.
run() {
  local key=$1 problem=$2 file=$work/$2.dlx limit=0 out
  [ "$problem" = squares5 ] && limit=1000
  if [ "$key" = xcover ]; then
    # (--no-symmetry: the same tree as Knuth's programs search, engine
    # against engine; a count split by symmetry searches part of it.)
    local args=(solve "$file" --count --stats --threads 1 --no-symmetry)
    [ "$limit" != 0 ] && args+=(--limit "$limit")
    out=$( { /usr/bin/time -f 'cpu %U %S' "$build/xcover" "${args[@]}" > /dev/null; } 2>&1 || true)
    awk '/^cpu/ { print $2 + $3 } /^nodes/ { n = $2 } END { print n }' <<< "$out"
  else
    local args=()
    [ "$limit" != 0 ] && args+=("t$limit")
    out=$( { /usr/bin/time -f 'cpu %U %S' "${prog[$key]}" "${args[@]}" < "$file" > /dev/null; } 2>&1 || true)
    awk '/^cpu/ { print $2 + $3 }
         /^Altogether/ { for (i = 2; i <= NF; ++i) if ($i ~ /^nodes/) n = $(i - 1) }
         END { print n }' <<< "$out"
  fi
}

median() { sort -g | awk '{ v[NR] = $1 } END { if (NR) print v[int((NR + 1) / 2)]; else print "-" }'; }

keys="xcover dlx1 dlx2 dlx3 ssxcc"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg); median of $reps runs, CPU seconds (user + system)"
echo
echo "| problem | xcover | DLX1 | DLX2 | DLX3 | SSXCC | vs DLX1 | vs DLX2 | vs DLX3 | vs SSXCC | nodes: xcover | DLX2 | SSXCC |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
for problem in $problems; do
  for k in $keys; do : > "$work/t.$k"; : > "$work/n.$k"; done
  for _ in $(seq "$reps"); do
    for k in $keys; do
      [ "$k" != xcover ] && [ -z "${prog[$k]}" ] && continue
      [ "$k" = dlx1 ] && [[ $problem == squares* ]] && continue  # no colours
      run "$k" "$problem" > "$work/one"
      sed -n 1p "$work/one" >> "$work/t.$k"
      sed -n 2p "$work/one" > "$work/n.$k"
    done
  done
  declare -A t n
  for k in $keys; do
    t[$k]=$(grep . "$work/t.$k" | median || true)
    n[$k]=$(cat "$work/n.$k")
    [ -z "${n[$k]}" ] && n[$k]=-
  done
  row="| $problem | ${t[xcover]}"
  for k in dlx1 dlx2 dlx3 ssxcc; do row+=" | ${t[$k]}"; done
  for k in dlx1 dlx2 dlx3 ssxcc; do
    if [ "${t[$k]}" = - ] || [ "${t[xcover]}" = - ]; then
      row+=" | -"
    else
      row+=" | $(awk -v a="${t[$k]}" -v b="${t[xcover]}" 'BEGIN { printf "%.2fx", (b > 0 ? a / b : 0) }')"
    fi
  done
  row+=" | ${n[xcover]} | ${n[dlx2]} | ${n[ssxcc]} |"
  echo "$row"
done
