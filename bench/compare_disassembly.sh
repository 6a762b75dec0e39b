#!/bin/bash
# SPDX-License-Identifier: MIT
# Disassembly against BurrTools' burrTxt -d: for each .xmpuzzle in DIR
# (BurrTools' own examples/ folder: not shipped here), the first problem's
# assemblies and solutions (assemblies that come apart), their levels, and
# the time of each, side by side in one run.
#
#   BURRTXT=P bash bench/compare_disassembly.sh BUILD_DIR DIR [RUNS]
#
# burrTxt runs as `burrTxt -d FILE` (it prints "level: 5.2.1" for each
# solution), xcover as `xcover polyform FILE --distinct --disassemble
# --threads 1` (each solution printed starts with "level 5.2.1, M moves").
# The levels of the two are compared as lists sorted; a level is BurrTools'
# reading of one way to take the puzzle apart, and where two positions at
# the same depth split it, the two programs may take different ones (the
# first number, the moves until the first part comes off, is the same
# whichever). Seconds: the least of RUNS wall-clock runs (default 3), the
# programs in turn. A file on a grid neither moves pieces on (spheres,
# rhombic, tetra-octa: xcover exits 2, burrTxt -d stops) gets a row that
# says so.
set -euo pipefail
if [ $# -lt 2 ] || [ $# -gt 3 ] || [ -z "${BURRTXT:-}" ]; then
  echo "usage: BURRTXT=P $0 BUILD_DIR DIR [RUNS]" >&2
  exit 2
fi
xcover=$1/xcover examples=$2 runs=${3:-3}
burrtxt=$BURRTXT
for p in "$xcover" "$burrtxt"; do
  [ -x "$p" ] || { echo "$p: not an executable" >&2; exit 2; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# seconds OUT ERR COMMAND...: wall seconds of one run; its exit code in $work/rc
seconds() {
  local out=$1 err=$2 start end rc=0
  shift 2
  start=$(date +%s.%N)
  timeout 600 "$@" >"$out" 2>"$err" || rc=$?
  end=$(date +%s.%N)
  echo "$rc" >"$work/rc"
  echo "$end - $start" | bc
}
least() { printf '%s\n' "$@" | sort -g | head -n 1; }

echo "$("$xcover" --version); one thread, least of $runs wall-clock runs, seconds"
echo
echo "| example | assemblies: burrTxt | xcover | solutions: burrTxt | xcover | levels | burrTxt s | xcover s | vs burrTxt |"
echo "| --- | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: |"
for file in "$examples"/*.xmpuzzle; do
  name=$(basename "$file" .xmpuzzle)
  bt=() xc=()
  for ((r = 0; r < runs; ++r)); do
    bt+=("$(seconds "$work/bt.out" "$work/bt.err" "$burrtxt" -d "$file")")
    bt_rc=$(cat "$work/rc")
    xc+=("$(seconds "$work/xc.out" "$work/xc.err" "$xcover" polyform "$file" --distinct \
      --disassemble --threads 1)")
    xc_rc=$(cat "$work/rc")
    if [ "$xc_rc" = 2 ] || [ "$bt_rc" != 0 ]; then break; fi
  done
  if [ "$xc_rc" = 2 ]; then
    echo "| $name | - | - | - | - | xcover: $(grep -v '^Try ' "$work/xc.err" | tail -n 1 | head -c 90 | tr '|' ' ') | - | - | - |"
    continue
  fi
  if [ "$bt_rc" != 0 ]; then
    echo "| $name | - | - | - | - | burrTxt -d failed ($bt_rc) | - | - | - |"
    continue
  fi
  read -r bt_asm bt_sol < <(sed -n 's/^\([0-9]*\) assemblies and \([0-9]*\) solutions.*/\1 \2/p' \
    "$work/bt.out" | tail -n 1)
  xc_asm=$(sed -n 's/.*: \([0-9]*\) assembl.* found;.*/\1/p' "$work/xc.err" | tail -n 1)
  xc_sol=$(grep -c '^level ' "$work/xc.out" || true)
  sed -n 's/^level: *//p' "$work/bt.out" | sort >"$work/bt.levels"
  sed -n 's/^level \([0-9.]*\),.*/\1/p' "$work/xc.out" | sort >"$work/xc.levels"
  if cmp -s "$work/bt.levels" "$work/xc.levels"; then
    levels=same
  else
    levels="differ: burrTxt $(paste -sd' ' "$work/bt.levels" | head -c 60), xcover $(paste -sd' ' "$work/xc.levels" | head -c 60)"
  fi
  tb=$(least "${bt[@]}") tx=$(least "${xc[@]}")
  printf '| %s | %s | %s | %s | %s | %s | %.3f | %.3f | %.2fx |\n' "$name" "$bt_asm" "$xc_asm" \
    "$bt_sol" "$xc_sol" "$levels" "$tb" "$tx" "$(echo "$tb / $tx" | bc -l)"
done
