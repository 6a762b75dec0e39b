#!/bin/bash
# SPDX-License-Identifier: MIT
# Times xcover against Knuth's DLX1 and SSXCC on the same files, side by side.
#
#   bash bench/compare_knuth.sh BUILD_DIR DLX1 SSXCC [REPS]
#
# BUILD_DIR holds a Release build of xcover; DLX1 and SSXCC are your own
# builds of Knuth's programs (this repository neither ships nor builds them).
# The problems are written by xcover's own adapters (`--emit`), and each
# program reads the same file. Prints the median wall time of REPS runs
# (default 5), runs alternating between programs so that load hits all alike.
set -euo pipefail
if [ $# -lt 3 ]; then
  echo "usage: $0 BUILD_DIR DLX1 SSXCC [REPS]" >&2
  exit 2
fi
build=$1 dlx1=$2 ssxcc=$3 reps=${4:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$build/xcover" queens 13 --emit > "$work/queens13.dlx"
"$build/xcover" langford 12 --emit > "$work/langford12.dlx"
"$build/xcover" polyomino --board 6x10 --emit > "$work/pento6x10.dlx"

# Wall seconds of one run of a command reading FILE on standard input.
seconds() {
  local file=$1
  shift
  local start end
  start=$(date +%s.%N)
  "$@" < "$file" > /dev/null 2>&1
  end=$(date +%s.%N)
  echo "$end - $start" | bc
}

median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

echo "load average: $(cut -d' ' -f1-3 /proc/loadavg); median of $reps runs, wall seconds"
echo "| problem | xcover | DLX1 | SSXCC | vs DLX1 | vs SSXCC |"
echo "| --- | ---: | ---: | ---: | ---: | ---: |"
for problem in queens13 langford12 pento6x10; do
  file=$work/$problem.dlx
  : > "$work/x" ; : > "$work/d" ; : > "$work/s"
  for _ in $(seq "$reps"); do
    seconds "$file" "$build/xcover" solve --count --threads 1 >> "$work/x"
    seconds "$file" "$dlx1" >> "$work/d"
    seconds "$file" "$ssxcc" >> "$work/s"
  done
  x=$(median < "$work/x") d=$(median < "$work/d") s=$(median < "$work/s")
  printf '| %s | %.3f | %.3f | %.3f | %.2fx | %.2fx |\n' "$problem" "$x" "$d" "$s" \
    "$(echo "$d / $x" | bc -l)" "$(echo "$s / $x" | bc -l)"
done
