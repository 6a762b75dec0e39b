#!/bin/bash
# SPDX-License-Identifier: MIT
# Start-up: 60 tiny exact-cover problems solved one process each, as a script
# that loops over many small files does, by xcover and by Knuth's DLX2 (and
# SSXCC when given), side by side.
#
#   DLX2=... [SSXCC=...] bash bench/startup.sh BUILD_DIR [REPS]
#   KNUTH=DIR bash bench/startup.sh BUILD_DIR [REPS]   # DIR/dlx2, DIR/ssxcc
#
# The problems: Knuth's 7-option example (examples/knuth_example.dlx), and
# the 4- to 8-queens written by xcover (--emit), 10 copies of each. Every
# program prints all solutions of each; xcover runs with its defaults (one
# thread per CPU), then with --threads 1. The figure is the median of REPS
# (default 5) wall-clock seconds for all 60 processes; "vs DLX2" is DLX2's time
# over this one's (above 1: faster than DLX2).
set -euo pipefail
if [ $# -lt 1 ] || [ $# -gt 2 ]; then
  echo "usage: [DLX2=P] [SSXCC=P] [KNUTH=DIR] $0 BUILD_DIR [REPS]" >&2
  exit 2
fi
build=$1 reps=${2:-5}
here=$(cd "$(dirname "$0")" && pwd)
dlx2=${DLX2:-} ssxcc=${SSXCC:-}
if [ -z "$dlx2" ] && [ -n "${KNUTH:-}" ] && [ -x "$KNUTH/dlx2" ]; then dlx2=$KNUTH/dlx2; fi
if [ -z "$ssxcc" ] && [ -n "${KNUTH:-}" ] && [ -x "$KNUTH/ssxcc" ]; then ssxcc=$KNUTH/ssxcc; fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for copy in 0 1 2 3 4 5 6 7 8 9; do
  cp "$here/../examples/knuth_example.dlx" "$work/$copy-knuth.dlx"
  for n in 4 5 6 7 8; do "$build/xcover" queens "$n" --emit > "$work/$copy-queens$n.dlx"; done
done

# Seconds for one pass over the 60 files: "$@" FILE for xcover, "$@" < FILE
# for Knuth's programs (stdin).
pass() {
  local how=$1
  shift
  local start end
  start=$(date +%s.%N)
  for f in "$work"/*.dlx; do
    if [ "$how" = arg ]; then "$@" "$f"; else "$@" < "$f"; fi
  done > /dev/null 2>&1
  end=$(date +%s.%N)
  echo "$end - $start" | bc -l
}
median() { sort -g | awk '{ v[NR] = $1 } END { printf "%.3f", v[int((NR + 1) / 2)] }'; }

declare -A seconds
names=("xcover" "xcover --threads 1")
for ((r = 0; r < reps; ++r)); do
  seconds["xcover"]+="$(pass arg "$build/xcover" solve) "
  seconds["xcover --threads 1"]+="$(pass arg "$build/xcover" solve --threads 1) "
  if [ -n "$dlx2" ]; then seconds[DLX2]+="$(pass stdin "$dlx2") "; fi
  if [ -n "$ssxcc" ]; then seconds[SSXCC]+="$(pass stdin "$ssxcc") "; fi
done
[ -n "$dlx2" ] && names+=(DLX2)
[ -n "$ssxcc" ] && names+=(SSXCC)
declare -A med
for name in "${names[@]}"; do
  med[$name]=$(tr ' ' '\n' <<< "${seconds[$name]}" | grep . | median)
done
echo "| program (60 processes) | seconds | vs DLX2 |"
echo "| --- | ---: | ---: |"
for name in "${names[@]}"; do
  ratio=-
  if [ -n "$dlx2" ]; then ratio=$(echo "${med[DLX2]} / ${med[$name]}" | bc -l | xargs printf "%.2f"); fi
  echo "| $name | ${med[$name]} | $ratio |"
done
