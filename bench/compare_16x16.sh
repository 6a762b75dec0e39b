#!/bin/bash
# SPDX-License-Identifier: MIT
# Proves 20 hard 16x16 Sudoku puzzles unique with xcover and with Knuth's
# SSXCC (and DLX2) on the same exact-cover files, and prints a markdown table.
#
#   SSXCC=PATH [DLX2=PATH] bash bench/compare_16x16.sh BUILD_DIR [REPS]
#
# BUILD_DIR holds a Release build of xcover; SSXCC and DLX2 are your own
# builds of Knuth's programs (this repository neither ships nor builds them).
# The puzzles are xcover's minimal ones (--generate 20 --boxes 4x4 --seed 1);
# bench/sudoku_to_dlx.py writes each in the style of Knuth's SUDOKU-DLX
# (givens removed). Every program stops at 2 solutions (--limit 2, `t2`), on
# one thread. A figure is the median of REPS runs (default 3) of the CPU
# seconds (user + system) of all 20 puzzles, one process each but for
# `xcover sudoku`, which reads the 20 lines itself; "startup" is the same 20
# processes on Knuth's 7-option example, to subtract. Nodes are each
# program's own count (SSXCC makes a chain of forced moves one node; the
# Sudoku solver commits singles ahead and branches on the most clashes).
set -euo pipefail
if [ $# -lt 1 ] || [ $# -gt 2 ] || [ -z "${SSXCC:-}" ]; then
  echo "usage: SSXCC=PATH [DLX2=PATH] $0 BUILD_DIR [REPS]" >&2
  exit 2
fi
xc=$1/xcover reps=${2:-3}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$xc" sudoku --generate 20 --boxes 4x4 --seed 1 > "$work/puzzles.txt"
i=0
while read -r line; do
  i=$((i + 1))
  python3 "$here/sudoku_to_dlx.py" <<< "$line" > "$work/p$(printf %02d $i).dlx"
done < "$work/puzzles.txt"
for i in $(seq -w 1 20); do cp "$here/../examples/knuth_example.dlx" "$work/t$i.tiny"; done

# run GLOB CMD...: CMD < each file of GLOB, one process each; prints the CPU
# seconds of them all, then the nodes their statistics (stderr) sum to.
run() {
  local glob=$1
  shift
  : > "$work/err"
  /usr/bin/time -o "$work/time" -f '%U %S' bash -c \
    'for f in $1; do "${@:2}" < "$f" > /dev/null 2>> "$0"; done; true' "$work/err" "$glob" "$@"
  awk '{ print $1 + $2 }' "$work/time"
  awk '/^nodes/ { n += $2 }
       /^Altogether/ { for (i = 2; i <= NF; ++i) if ($i ~ /^nodes/) n += $(i - 1) }
       END { print n + 0 }' "$work/err"
}
sudoku() {  # the Sudoku solver on the 20 lines, in one process
  /usr/bin/time -o "$work/time" -f '%U %S' "$xc" sudoku --boxes 4x4 --count --limit 2 -j 1 \
    -f csv "$work/puzzles.txt" > "$work/csv"
  awk '{ print $1 + $2 }' "$work/time"
  awk -F, 'NR > 1 { n += $4 } END { print n + 0 }' "$work/csv"
}
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

declare -A cmd=(
  [auto]="$xc solve --count --stats --limit 2 -j 1"
  [bitsets]="$xc solve --count --stats --limit 2 -j 1 --layout bitsets"
  [links]="$xc solve --count --stats --limit 2 -j 1 --layout links"
  [sparse]="$xc solve --count --stats --limit 2 -j 1 --layout sparse"
  [ssxcc]="$SSXCC t2"
  [dlx2]="${DLX2:-} t2"
)
keys="auto bitsets links sparse sudoku ssxcc"
[ -n "${DLX2:-}" ] && keys+=" dlx2"
declare -A t n
for _ in $(seq "$reps"); do
  for k in $keys; do
    if [ "$k" = sudoku ]; then sudoku > "$work/one"; else run "$work/p*.dlx" ${cmd[$k]} > "$work/one"; fi
    sed -n 1p "$work/one" >> "$work/t.$k"
    n[$k]=$(sed -n 2p "$work/one")
  done
  run "$work/t*.tiny" "$xc" solve --count -j 1 | sed -n 1p >> "$work/t.start.xcover"
  run "$work/t*.tiny" "$SSXCC" | sed -n 1p >> "$work/t.start.ssxcc"
done
for k in $keys; do t[$k]=$(median < "$work/t.$k"); done

# Which layout the automatic choice took, file by file (by the bytes it used).
declare -A took
for f in "$work"/p*.dlx; do
  a=$($xc solve "$f" --count --stats --limit 2 -j 1 2>&1 >/dev/null | awk '/^bytes/ { print $2 }')
  for l in bitsets links sparse; do
    b=$($xc solve "$f" --count --stats --limit 2 -j 1 --layout $l 2>&1 >/dev/null | awk '/^bytes/ { print $2 }')
    [ "$a" = "$b" ] && took[$l]=$((${took[$l]:-0} + 1)) && break
  done
done

echo "load average: $(cut -d' ' -f1-3 /proc/loadavg); 20 puzzles, median of $reps runs, CPU seconds (user + system)"
echo "automatic layout took: $(for l in "${!took[@]}"; do printf '%s on %d ' "$l" "${took[$l]}"; done)"
# "less startup": the seconds less the startup of the program's processes
# (the Sudoku solver's one process: a twentieth of xcover's; DLX2's taken as SSXCC's).
sx=$(median < "$work/t.start.xcover") ss=$(median < "$work/t.start.ssxcc")
echo "startup of 20 processes (Knuth's 7-option example): xcover $sx s, SSXCC $ss s"
echo
declare -A start=([auto]=$sx [bitsets]=$sx [links]=$sx [sparse]=$sx
  [sudoku]=$(awk -v s="$sx" 'BEGIN { print s / 20 }') [ssxcc]=$ss [dlx2]=$ss)
declare -A label=([auto]="xcover solve (auto)" [bitsets]="xcover solve --layout bitsets"
  [links]="xcover solve --layout links" [sparse]="xcover solve --layout sparse"
  [sudoku]="xcover sudoku --boxes 4x4 --count" [ssxcc]="SSXCC t2" [dlx2]="DLX2 t2")
echo "| program | seconds | less startup | nodes | SSXCC / this | less startup |"
echo "| --- | ---: | ---: | ---: | ---: | ---: |"
for k in $keys; do
  awk -v l="${label[$k]}" -v t="${t[$k]}" -v s="${start[$k]}" -v n="${n[$k]}" \
    -v a="${t[ssxcc]}" -v as="${start[ssxcc]}" 'BEGIN {
      printf "| %s | %.3f | %.3f | %d | %.2fx | %.2fx |\n", l, t, t - s, n,
        (t > 0 ? a / t : 0), (t - s > 0 ? (a - as) / (t - s) : 0) }'
done
