#!/bin/bash
# SPDX-License-Identifier: MIT
# Counts with xcover (the automatic choice, --memo and --no-memo) against
# Knuth's DLX6 (DLX2 with a memo of sub-problems) and DXZ (Nishino et al.'s
# dancing links with a decision diagram) on the families where the memo pays
# or does not, and prints a markdown table of wall seconds and counts.
#
#   DLX6=PATH DXZ=PATH bash bench/compare_memo.sh BUILD_DIR [TIMEOUT]
#
# BUILD_DIR holds a Release build of xcover; DLX6 is your own build of
# Knuth's dlx6, DXZ a program that reads Knuth's format (no colours) on
# standard input and prints the count as the last number of its output
# (this repository neither ships nor builds either; without one, its column
# reads '-'). Each run is cut at TIMEOUT seconds (default 60): '>T'.
# Problems, written here in Knuth's format: perfect matchings of 18 to 30
# points (OEIS A001147), partitions of a 12-set (Bell numbers), domino
# tilings of 8x8 to 16x16 boards (A004003: the 16x16 count passes 2^64, and
# DLX6's 64-bit counts wrap), three 10x10 boards side by side (A004003
# cubed), labelled Steiner triple systems on 13
# points (A030128), labelled Kirkman triple systems on 9 and 15 points
# (resolved into numbered days), Latin squares of order 6 (A002860) and
# reduced ones of order 7 and 8 (A000315), and, where plain search wins, 13-queens,
# Langford 12 and the 6x10 pentominoes (xcover's adapters, --emit).
set -euo pipefail
if [ $# -lt 1 ] || [ $# -gt 2 ]; then
  echo "usage: [DLX6=PATH] $0 BUILD_DIR [TIMEOUT]" >&2
  exit 2
fi
build=$1 limit=${2:-60}
xcover=$build/xcover
dlx6=${DLX6:-}
dxz=${DXZ:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 "$(dirname "$0")/memo_problems.py" "$work"
"$xcover" queens 13 --emit >"$work/queens13.dlx"
"$xcover" langford 12 --emit >"$work/langford12.dlx"
"$xcover" polyomino --board 6x10 --emit >"$work/pentominoes6x10.dlx"

# Wall seconds and the count a command prints (the last number of its output).
run() {
  local start end text
  start=$(date +%s.%N)
  if ! text=$(timeout "$limit" "$@" 2>&1); then
    echo ">$limit"
    return
  fi
  end=$(date +%s.%N)
  # (DLX6 says "Altogether N solutions"; xcover prints the count alone.)
  local count
  count=$(grep -o 'Altogether [0-9]*' <<<"$text" | grep -o '[0-9]*$' || true)
  [ -n "$count" ] || count=$(grep -o '^[0-9]\{1,\}$' <<<"$text" | tail -n 1)
  printf '%.2f (%s)\n' "$(echo "$end - $start" | bc)" "$count"
}

echo "| problem | xcover (automatic) | --memo | --memo, all threads | --no-memo | DLX6 | DXZ |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"
for name in matchings18 matchings22 matchings26 matchings30 partitions12 dominoes8 dominoes12 \
            dominoes16 boards3x10 triples13 kirkman9 kirkman15 latin6 reduced7 reduced8 \
            queens13 langford12 pentominoes6x10; do
  file=$work/$name.dlx
  row="| $name | $(run "$xcover" solve --count --threads 1 "$file")"
  row+=" | $(run "$xcover" solve --count --memo --threads 1 "$file")"
  row+=" | $(run "$xcover" solve --count --memo "$file")"
  row+=" | $(run "$xcover" solve --count --no-memo --threads 1 "$file")"
  if [ -n "$dlx6" ]; then
    row+=" | $(run sh -c "\"$dlx6\" <\"$file\"")"
  else
    row+=" | -"
  fi
  if [ -n "$dxz" ]; then
    row+=" | $(run sh -c "\"$dxz\" <\"$file\"")"
  else
    row+=" | -"
  fi
  echo "$row |"
done
