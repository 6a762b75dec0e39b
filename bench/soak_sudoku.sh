#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Soak test for `xcover sudoku`: a long stream of puzzle lines through a pipe
# with several threads must give exactly one output line per input line, in
# input order, with flat memory.
#
#   bash bench/soak_sudoku.sh [SOURCE...]
#
# SOURCEs are puzzle files or directories of them (default: the public sets in
# /work/shared/data/sudoku, else the repository's samples); their puzzle
# lines are cycled to make the stream. Environment:
#   LINES=1000000      puzzle lines in the stream
#   XCOVER=build/xcover the binary (e.g. an ASan build's)
#   THREADS=2          threads for the run under test
#   CHECK_SERIAL=1     also run with --threads 1 and compare byte for byte
# Prints lines in and out, the order checks, wall time, puzzles per second,
# peak RSS (/usr/bin/time -v) and RSS sampled once a second during the run.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
lines="${LINES:-1000000}"
xcover="${XCOVER:-$root/build/xcover}"
threads="${THREADS:-2}"
check_serial="${CHECK_SERIAL:-1}"
[[ -x "$xcover" ]] || { echo "soak: no binary at $xcover (build first or set XCOVER)" >&2; exit 2; }
[[ -x /usr/bin/time ]] || { echo "soak: /usr/bin/time is missing (apt-get install time)" >&2; exit 2; }

sources=("$@")
if ((${#sources[@]} == 0)); then
  if [[ -d /work/shared/data/sudoku ]]; then
    sources=(/work/shared/data/sudoku)
  else
    sources=("$root"/tests/data/sudoku_*.txt)
  fi
fi
files=()
for source in "${sources[@]}"; do
  if [[ -d "$source" ]]; then
    for f in "$source"/puzzles*; do [[ -f "$f" ]] && files+=("$f"); done
  else
    files+=("$source")
  fi
done
((${#files[@]})) || { echo "soak: no puzzle files in ${sources[*]}" >&2; exit 2; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# The stream: the files' puzzle lines (not comments or blank lines), cycled.
cat "${files[@]}" | grep -v -e '^#' -e '^[[:space:]]*$' > "$work/pool" || true
pool=$(wc -l < "$work/pool")
((pool > 0)) || { echo "soak: no puzzle lines in ${files[*]}" >&2; exit 2; }
awk -v n="$lines" '{ p[NR] = $0 } END { for (k = 0; k < n; ++k) print p[k % NR + 1] }' \
  "$work/pool" > "$work/in"
echo "input: $lines lines cycled from $pool puzzles in ${#files[@]} file(s)"

# The run under test, its RSS sampled once a second.
start=$(date +%s.%N)
cat "$work/in" | /usr/bin/time -v -o "$work/time" "$xcover" sudoku --threads "$threads" --stats \
  > "$work/out" 2> "$work/err" &
runner=$!
: > "$work/rss"
while kill -0 "$runner" 2>/dev/null; do
  pid=$(pgrep -n -x xcover -P "$(pgrep -n -x time -P $$ || echo 1)" 2>/dev/null || true)
  [[ -n "$pid" ]] && awk '/^VmRSS/ { print $2 }' "/proc/$pid/status" >> "$work/rss" 2>/dev/null || true
  sleep 1
done
status=0
wait "$runner" || status=$?
end=$(date +%s.%N)
wall=$(echo "$end - $start" | bc)

out_lines=$(wc -l < "$work/out")
echo "exit status: $status (0: all solved; 1: some had no solution or an error)"
echo "lines out: $out_lines"
grep -E '^(puzzles|solved|no solution|errors|puzzles per second)' "$work/err" | sed 's/^/  /'
printf 'wall time: %.1f s (%s by /usr/bin/time)\n' "$wall" \
  "$(awk -F'): ' '/Elapsed \(wall clock\)/ { print $2 }' "$work/time")"
echo "peak RSS: $(awk -F': ' '/Maximum resident set size/ { print $2 }' "$work/time") KB"
if [[ -s "$work/rss" ]]; then
  awk '{ v[NR] = $1 } END {
         n = NR; q = int(n / 4) + 1; lo = hi = v[q]
         for (k = q; k <= n; ++k) { if (v[k] < lo) lo = v[k]; if (v[k] > hi) hi = v[k] }
         printf "RSS samples: %d, first %d KB, after the first quarter %d..%d KB, last %d KB\n",
                n, v[1], lo, hi, v[n] }' "$work/rss"
fi

failed=0
if ((out_lines != lines)); then
  echo "FAIL: $out_lines lines out for $lines in"
  failed=1
fi
# Order: line k of the output must be a solution of line k of the input (its
# givens kept, every row, column and box a permutation of 1-9), or a
# 'no solution' / 'error:' line. Only 9x9 puzzles are checked this way; the
# serial comparison covers every line.
paste -d ' ' "$work/in" "$work/out" | awk '
  function check(p, s,   k, g, d, u, r, c, b, row, col, box) {
    if (length(s) != 81) return "not a solution: " s
    for (k = 1; k <= 81; ++k) {
      g = substr(p, k, 1); d = substr(s, k, 1)
      if (d !~ /[1-9]/) return "not a digit at " k
      if (g != "." && g != "0" && g != d) return "given " g " at " k " became " d
    }
    for (u = 0; u < 9; ++u) {
      split("", row); split("", col); split("", box)
      for (k = 0; k < 9; ++k) {
        r = substr(s, u * 9 + k + 1, 1); c = substr(s, k * 9 + u + 1, 1)
        b = substr(s, (int(u / 3) * 3 + int(k / 3)) * 9 + (u % 3) * 3 + k % 3 + 1, 1)
        if (row[r]++ || col[c]++ || box[b]++) return "unit " u + 1 " repeats a digit"
      }
    }
    return ""
  }
  {
    if ($2 == "no" || $2 == "error:") { ++other; next }
    if (length($1) != 81 && substr($1, 82, 1) !~ /[ \t,:]/) { ++sizes; next }
    why = check(substr($1, 1, 81), $2)
    if (why == "") { ++good; next }
    print "FAIL: line " NR ": " why
    if (++fails > 20) exit 1
  }
  END { printf "order check: %d solutions match their puzzles, %d no solution or error, " \
                "%d of other sizes (not checked), %d failures\n", good, other, sizes, fails
        exit fails > 0 }' || failed=1

if [[ "$check_serial" == 1 ]]; then
  "$xcover" sudoku --threads 1 < "$work/in" > "$work/serial" 2>/dev/null || true
  if cmp -s "$work/out" "$work/serial"; then
    echo "serial check: identical to the --threads 1 output"
  else
    echo "FAIL: differs from the --threads 1 output: $(cmp "$work/out" "$work/serial" | head -1)"
    failed=1
  fi
fi
if ((failed)); then echo "soak: FAILED"; exit 1; fi
echo "soak: OK"
