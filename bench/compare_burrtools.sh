#!/bin/bash
# SPDX-License-Identifier: MIT
# Times xcover's polyform adapter against BurrTools' command-line solver
# burrTxt, and against Knuth's generators (polyomino-dlx, polyiamond-dlx,
# polycube-dlx) whose output DLX1 solves, and prints two markdown tables.
#
#   BURRTXT=... KNUTH=DIR bash bench/compare_burrtools.sh BUILD_DIR [REPS]
#   PUZZLES="soma pentominoes-6x10" bash bench/compare_burrtools.sh BUILD_DIR
#   BURRTXT=... EXAMPLES=DIR bash bench/compare_burrtools.sh BUILD_DIR [REPS]
#
# EXAMPLES=DIR adds a third table: every problem of every .xmpuzzle in DIR
# (BurrTools' own examples/ folder: not shipped here), `burrTxt -q -o K`
# against `xcover polyform FILE --problem K+1 --distinct --count --threads
# 1`; a problem burrTxt finds no place for a piece in counts 0. EXAMPLES=fetch
# clones BurrTools' repository (github.com/burr-tools/burr-tools) once into
# ${XDG_CACHE_HOME:-~/.cache}/xcover-bench/burr-tools and takes its examples/.
#
# BUILD_DIR holds a Release build of xcover; BURRTXT is your own build of
# burrTxt and KNUTH a folder of your own builds of Knuth's programs
# (DIR/polyomino-dlx, DIR/polyiamond-dlx, DIR/polycube-dlx, DIR/dlx1; DLX1=P
# overrides the last). This repository neither ships nor builds them; a
# program not given gets a '-' column, and so does a run that fails.
#
# The first table: the BurrTools puzzles of examples/polyforms, counted up
# to rotation and reflection: `burrTxt -q FILE` (its "assemblies"; burrTxt
# counts distinct solutions by default and runs on one thread) against
# `xcover polyform FILE --distinct --count --threads 1`, and, where xcover
# has the puzzle built in, against the built-in (--pieces, --board).
# The second: the spec files of tests/data/polyform/knuth, every solution
# (the board is not turned): the generator's .dlx file, made once before the
# timing, solved by DLX1 and by `xcover solve FILE --count --threads 1`,
# against `xcover polyform SPEC --count --threads 1`, which reads the spec
# and builds the problem itself: "polyform / solve" should not pass 1.
#
# Each figure is the median of REPS runs (default 3) of CPU seconds (user +
# system: fairer than wall time on a shared machine), the runs alternating
# between programs; "vs P" is P's time over xcover's. PUZZLES lists the
# puzzles to run by file name without extension (default: all). The slow
# ones, in CPU time a run: Bedlam, burrTxt about 2 minutes and DLX1 (every
# solution) over an hour; pentacubes-3x4x5, burrTxt 40 s and DLX1 2 minutes.
set -euo pipefail
if [ $# -lt 1 ] || [ $# -gt 2 ]; then
  echo "usage: [BURRTXT=P] [KNUTH=DIR] [DLX1=P] [PUZZLES=...] $0 BUILD_DIR [REPS]" >&2
  exit 2
fi
build=$1 reps=${2:-3}
root=$(cd "$(dirname "$0")/.." && pwd)
xcover=$build/xcover
burrtxt=${BURRTXT:-}
knuth=${KNUTH:-}
dlx1=${DLX1:-}
if [ -z "$dlx1" ] && [ -n "$knuth" ] && [ -x "$knuth/dlx1" ]; then dlx1=$knuth/dlx1; fi
for p in "$xcover" $burrtxt $dlx1; do
  [ -x "$p" ] || { echo "$p: not an executable" >&2; exit 2; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Puzzle name -> xcover's built-in arguments for it ('' where there is none).
declare -A builtin=(
  [pentominoes-6x10]="--pieces pentominoes --board 6x10"
  [pentominoes-5x12]="--pieces pentominoes --board 5x12"
  [pentominoes-4x15]="--pieces pentominoes --board 4x15"
  [pentominoes-3x20]="--pieces pentominoes --board 3x20"
  [soma]="--lattice cube --pieces soma --board 3x3x3"
  [pentacubes-3x4x5]="--lattice cube --pieces pentominoes --board 3x4x5"
  [pentacubes-2x5x6]="--lattice cube --pieces pentominoes --board 2x5x6"
  [pentacubes-2x3x10]="--lattice cube --pieces pentominoes --board 2x3x10"
  [bedlam]="--lattice cube --pieces bedlam --board 4x4x4"
)
burr_puzzles="pentominoes-6x10 pentominoes-5x12 pentominoes-4x15 pentominoes-3x20 soma
  pentacubes-3x4x5 pentacubes-2x5x6 pentacubes-2x3x10 bedlam pentominoes-5x5-range
  pentominoes-8x8-centre"
specs="pentominoes-6x10.polyomino pentominoes-5x12.polyomino pentominoes-4x15.polyomino
  pentominoes-3x20.polyomino soma.polycube pentacubes-3x4x5.polycube pentacubes-2x5x6.polycube
  pentacubes-2x3x10.polycube bedlam.polycube hexiamonds-6x6.polyiamond hexiamonds-4x9.polyiamond
  tetrahexes-4x7.polyiamond tetrahexes-2x14.polyiamond"
chosen() { [ -z "${PUZZLES:-}" ] || [[ " $PUZZLES " == *" ${1%.*} "* ]]; }

# One run of a command: CPU seconds and the count on one line, nothing if it
# failed. $1 = how to read the count (last: stdout's last line, burr: burrTxt's
# "N assemblies", knuth: DLX1's "Altogether N solutions"), $2 = a file for
# standard input or '-', then the command.
run() {
  local how=$1 input=$2 out
  shift 2
  [ "$input" = - ] && input=/dev/null
  if ! /usr/bin/time -o "$work/time" -f '%U %S' "$@" < "$input" > "$work/out" 2> "$work/err"; then
    return 0
  fi
  case $how in
    last) out=$(grep -E '^[0-9]+$' "$work/out" | tail -n 1) ;;
    burr) out=$(awk '/ assemblies and / { print $1 } /can be place nowhere/ { print 0 }' "$work/out") ;;
    knuth) out=$(awk '/^Altogether/ { print $2 }' "$work/err") ;;
  esac
  [ -n "$out" ] && awk -v c="$out" '{ print $1 + $2, c }' "$work/time"
  return 0
}

median() { sort -g | awk '{ v[NR] = $1 } END { if (NR) print v[int((NR + 1) / 2)]; else print "-" }'; }
ratio() {  # $1 over $2, or '-' (also where $2 is 0: below the clock's 0.01 s)
  if [ "$1" = - ] || [ "$2" = - ]; then echo -; else awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2fx", a / b; else print "-" }'; fi
}

# Runs the programs of one row REPS times, alternating; leaves t[KEY] (the
# median time) and n[KEY] (the count, '-' if none). Each program is a key and
# a command line in cmd[KEY] (empty: not run), with its count's kind in how[KEY]
# and its standard input in stdin[KEY].
declare -A cmd how stdin t n
measure() {
  local k
  for k in "$@"; do : > "$work/t.$k"; n[$k]=-; done
  for _ in $(seq "$reps"); do
    for k in "$@"; do
      [ -z "${cmd[$k]}" ] && continue
      # shellcheck disable=SC2086 # a command line, split on purpose
      run "${how[$k]}" "${stdin[$k]}" ${cmd[$k]} > "$work/one"
      if [ -s "$work/one" ]; then
        cut -d' ' -f1 "$work/one" >> "$work/t.$k"
        n[$k]=$(cut -d' ' -f2 "$work/one")
      fi
    done
  done
  for k in "$@"; do t[$k]=$(median < "$work/t.$k"); done
}

# A count that differs from the row's first known count gets a '!'.
counts() {
  local first=- k out=""
  for k in "$@"; do [ "$first" = - ] && first=${n[$k]}; done
  for k in "$@"; do
    if [ "${n[$k]}" != - ] && [ "${n[$k]}" != "$first" ]; then out+=" | ${n[$k]}!"; else out+=" | ${n[$k]}"; fi
  done
  echo "$out"
}

echo "load average: $(cut -d' ' -f1-3 /proc/loadavg); median of $reps runs, CPU seconds (user + system), one thread"
echo
echo "BurrTools puzzles (examples/polyforms), solutions up to rotation and reflection:"
echo
echo "| puzzle | distinct: burrTxt | xcover file | xcover built-in | burrTxt | xcover file | xcover built-in | vs burrTxt |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
for puzzle in $burr_puzzles; do
  chosen "$puzzle" || continue
  file=$root/examples/polyforms/$puzzle.xmpuzzle
  cmd[burr]=${burrtxt:+$burrtxt -q $file} how[burr]=burr stdin[burr]=-
  cmd[file]="$xcover polyform $file --distinct --count --threads 1" how[file]=last stdin[file]=-
  cmd[builtin]="" how[builtin]=last stdin[builtin]=-
  [ -n "${builtin[$puzzle]:-}" ] && cmd[builtin]="$xcover polyform ${builtin[$puzzle]} --distinct --count --threads 1"
  measure burr file builtin
  echo "| $puzzle$(counts burr file builtin) | ${t[burr]} | ${t[file]} | ${t[builtin]} | $(ratio "${t[burr]}" "${t[file]}") |"
done

echo
echo "Knuth's spec files (tests/data/polyform/knuth), every solution: the generator's .dlx by DLX1 and by xcover solve, the spec by xcover polyform:"
echo
echo "| spec | all: DLX1 | xcover solve | xcover polyform | DLX1 | xcover solve | xcover polyform | polyform / solve | vs DLX1 |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
for spec in $specs; do
  chosen "$spec" || continue
  file=$root/tests/data/polyform/knuth/$spec
  generator=$knuth/${spec##*.}-dlx
  dlx=$work/$spec.dlx
  : > "$dlx"
  if [ -n "$knuth" ] && [ -x "$generator" ]; then "$generator" < "$file" > "$dlx" 2> /dev/null || : > "$dlx"; fi
  cmd[dlx1]="" cmd[solve]=""
  if [ -s "$dlx" ]; then
    # (The engine against DLX1 on the same tree: --no-symmetry.)
    cmd[dlx1]=$dlx1 cmd[solve]="$xcover solve $dlx --count --threads 1 --no-symmetry"
  fi
  how[dlx1]=knuth stdin[dlx1]=$dlx how[solve]=last stdin[solve]=-
  cmd[polyform]="$xcover polyform $file --count --threads 1" how[polyform]=last stdin[polyform]=-
  measure dlx1 solve polyform
  echo "| $spec$(counts dlx1 solve polyform) | ${t[dlx1]} | ${t[solve]} | ${t[polyform]} | $(ratio "${t[polyform]}" "${t[solve]}") | $(ratio "${t[dlx1]}" "${t[polyform]}") |"
done

if [ "${EXAMPLES:-}" = fetch ]; then
  cache=${XDG_CACHE_HOME:-$HOME/.cache}/xcover-bench/burr-tools
  [ -d "$cache/examples" ] ||
    git clone --quiet --depth 1 https://github.com/burr-tools/burr-tools "$cache" >&2
  EXAMPLES=$cache/examples
fi
if [ -n "${EXAMPLES:-}" ]; then
  echo
  echo "BurrTools' examples ($EXAMPLES), each problem, assemblies up to rotation and reflection:"
  echo
  echo "| example | problem | distinct: burrTxt | xcover | burrTxt | xcover | vs burrTxt |"
  echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"
  for file in "$EXAMPLES"/*.xmpuzzle; do
    example=$(basename "$file" .xmpuzzle)
    chosen "$example" || continue
    problems=$(gzip -dcf "$file" | grep -c '<problem[ >]' || true)
    for k in $(seq 0 $((problems - 1))); do
      cmd[burr]=${burrtxt:+$burrtxt -q -o $k $file} how[burr]=burr stdin[burr]=-
      cmd[file]="$xcover polyform $file --problem $((k + 1)) --distinct --count --threads 1"
      how[file]=last stdin[file]=-
      measure burr file
      echo "| $example | $((k + 1))$(counts burr file) | ${t[burr]} | ${t[file]} | $(ratio "${t[burr]}" "${t[file]}") |"
    done
  done
fi
