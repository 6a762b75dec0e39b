#!/bin/bash
# SPDX-License-Identifier: MIT
# Every kernel set this processor runs, on each family the engine serves,
# side by side in one run: seconds per set (forced with XCOVER_KERNELS),
# each set's time over the best set's, and the fastest peer at hand on the
# same problem (SSXCC on exact cover, the whole tree as it searches;
# burrTxt on the BurrTools puzzles), with xcover's best over the peer's.
#
#   [SSXCC=P] [KNUTH=DIR] [BURRTXT=P] [BEDLAM=1] [SUDOKU_DATA=DIR] \
#     bash bench/kernels.sh BUILD_DIR [RUNS]
#
# RUNS (default 3): each time the least of that many wall-clock runs, one
# thread. KNUTH=DIR finds ssxcc there. Bedlam (tens of seconds a run and
# set) only with BEDLAM=1. The Sudoku rows read ../shared/data/sudoku and
# are left out where it is absent; Sudoku's peer, tdoku, runs in its own
# harness (bench/compare_tdoku.sh). The outputs of the sets must agree.
set -euo pipefail
if (($# < 1 || $# > 2)); then
  echo "usage: [SSXCC=P] [KNUTH=DIR] [BURRTXT=P] [BEDLAM=1] $0 BUILD_DIR [RUNS]" >&2
  exit 2
fi
build=$1 runs=${2:-3}
here=$(cd "$(dirname "$0")" && pwd)
xcover=$build/xcover
ssxcc=${SSXCC:-}
if [[ -z "$ssxcc" && -n "${KNUTH:-}" && -x "$KNUTH/ssxcc" ]]; then ssxcc=$KNUTH/ssxcc; fi
burrtxt=${BURRTXT:-}
data=${SUDOKU_DATA:-$here/../../shared/data/sudoku}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

version=$("$xcover" --version)
supported=${version##*this processor supports }
read -r -a sets <<<"${supported%)*}"
if ((${#sets[@]} == 0)); then
  echo "kernels.sh: cannot read the kernel sets from: $version" >&2
  exit 1
fi

python3 "$here/memo_problems.py" "$work"
"$xcover" queens 13 --emit >"$work/queens13.dlx"
"$xcover" langford 12 --emit >"$work/langford12.dlx"
"$xcover" polyomino --board 6x10 --emit >"$work/pento6x10.dlx"
bash "$here/word_squares.sh" 5 >"$work/squares5.dlx"
polyforms=$here/../examples/polyforms

# name|xcover's arguments|peer|the peer's input (ssxcc: stdin; burrtxt: a file)
cases=(
  "13-queens, whole tree|solve --count --no-symmetry $work/queens13.dlx|ssxcc|$work/queens13.dlx"
  "13-queens, count|queens 13 --count||"
  "Langford 12, whole tree|solve --count --no-symmetry $work/langford12.dlx|ssxcc|$work/langford12.dlx"
  "pentominoes 6x10, whole tree|solve --count --no-symmetry $work/pento6x10.dlx|ssxcc|$work/pento6x10.dlx"
  "pentominoes 6x10, distinct|polyform $polyforms/pentominoes-6x10.xmpuzzle --count --distinct|burrtxt|$polyforms/pentominoes-6x10.xmpuzzle"
  "pentacubes 3x4x5, distinct|polyform $polyforms/pentacubes-3x4x5.xmpuzzle --count --distinct|burrtxt|$polyforms/pentacubes-3x4x5.xmpuzzle"
  "word squares 5x5, first 1000|solve --limit 1000 $work/squares5.dlx|ssxcc-1000|$work/squares5.dlx"
  "perfect matchings 26, memo|solve --count $work/matchings26.dlx||"
  "domino tilings 12x12, memo|solve --count $work/dominoes12.dlx||"
)
if [[ "${BEDLAM:-0}" == 1 ]]; then
  cases+=("Bedlam cube, distinct|polyform $polyforms/bedlam.xmpuzzle --count --distinct|burrtxt|$polyforms/bedlam.xmpuzzle")
fi
if [[ -d "$data" ]]; then
  head -n 20000 "$data/puzzles2_17_clue" >"$work/17clue"
  grep -v '^#' "$data/puzzles6_forum_hardest_1106" >"$work/hardest1106"
  cases+=(
    "Sudoku 17-clue, 20,000, unique|sudoku --count $work/17clue||"
    "Sudoku hardest 1106, unique|sudoku --count $work/hardest1106||"
  )
fi

seconds() {  # OUTPUT_FILE STDIN COMMAND...: wall seconds of one run
  local out=$1 input=$2 start end status=0
  shift 2
  start=$(date +%s.%N)
  "$@" <"$input" >"$out" 2>"$work/err" || status=$?
  end=$(date +%s.%N)
  # (3: a limit stopped the search, as the word squares' --limit asks.)
  if ((status != 0 && status != 3)) && [[ "$1" == "$xcover" ]]; then
    echo "kernels.sh: $* failed ($status): $(head -n 3 "$work/err")" >&2
    exit 1
  fi
  echo "$end - $start" | bc
}
best_of() {  # OUTPUT_FILE STDIN COMMAND...: the least of $runs runs
  local times=() r
  for ((r = 0; r < runs; ++r)); do times+=("$(seconds "$@")"); done
  printf '%s\n' "${times[@]}" | sort -g | head -n 1
}

echo "$version; one thread, least of $runs wall-clock runs, seconds"
echo
header="| family |" rule="| --- |"
for s in "${sets[@]}"; do header+=" $s |" rule+=" ---: |"; done
for s in "${sets[@]}"; do header+=" $s / best |" rule+=" ---: |"; done
echo "$header peer | peer (s) | peer / best xcover |"
echo "$rule --- | ---: | ---: |"
for c in "${cases[@]}"; do
  IFS='|' read -r name args peer input <<<"$c"
  read -r -a argv <<<"$args"
  declare -A t=()
  best=""
  differ=""
  for s in "${sets[@]}"; do
    t[$s]=$(XCOVER_KERNELS=$s best_of "$work/out.$s" /dev/null "$xcover" "${argv[@]}" --threads 1) ||
      exit 1
    if [[ -z "$best" ]] || (($(echo "${t[$s]} < $best" | bc))); then best=${t[$s]}; fi
    cmp -s "$work/out.${sets[0]}" "$work/out.$s" || differ=" (outputs differ: $s)"
  done
  row="| $name$differ |"
  for s in "${sets[@]}"; do row+=" $(printf '%.3f' "${t[$s]}") |"; done
  for s in "${sets[@]}"; do row+=" $(printf '%.2f' "$(echo "${t[$s]} / $best" | bc -l)") |"; done
  p="-" pt="-" ratio="-"
  case $peer in
    ssxcc | ssxcc-1000)
      if [[ -n "$ssxcc" ]]; then
        p=SSXCC
        extra=()
        [[ "$peer" == ssxcc-1000 ]] && extra=(t1000)
        pt=$(best_of "$work/peer.out" "$input" "$ssxcc" "${extra[@]}")
      fi
      ;;
    burrtxt)
      if [[ -n "$burrtxt" ]]; then
        p=burrTxt
        pt=$(best_of "$work/peer.out" /dev/null "$burrtxt" -q "$input")
      fi
      ;;
  esac
  if [[ "$pt" != - ]]; then
    ratio=$(printf '%.2fx' "$(echo "$pt / $best" | bc -l)")
    pt=$(printf '%.3f' "$pt")
  fi
  echo "$row $p | $pt | $ratio |"
done
