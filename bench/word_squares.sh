#!/bin/bash
# SPDX-License-Identifier: MIT
# Writes the n x n word squares problem as an XCC problem in Knuth's .dlx
# format, from a word list (default: Debian's `wamerican`,
# /usr/share/dict/american-english).
#
#   bash bench/word_squares.sh N [WORDLIST] > squares.dlx
#
# The words are the list's lines of exactly N lowercase letters a-z (so no
# capitals, apostrophes or accents), each once. The model is Knuth's XCC one:
#   primary items   r1..rN (row i holds a word), c1..cN (column j holds one);
#   secondary items ij, the cell in row i and column j, coloured by its letter;
#   options         "ri i1:l1 i2:l2 ... iN:lN" for each word l1..lN and row i,
#                   "cj 1j:l1 2j:l2 ... Nj:lN" for each word and column j.
# A solution is a square whose rows and columns are all words. Words may
# repeat, and a symmetric square (rows = columns) is one solution, like any
# other. With wamerican 2020.12.07 (Debian 12/13) there are 2,442 four-letter
# words and 2,923,225 4x4 squares, as Knuth's DLX2 and SSXCC count them;
# 4,667 five-letter words.
set -euo pipefail
if [ $# -lt 1 ] || [ $# -gt 2 ]; then
  echo "usage: $0 N [WORDLIST]" >&2
  exit 2
fi
n=$1 list=${2:-/usr/share/dict/american-english}
case $n in
  [2-9]) ;;
  *) echo "$0: N must be 2..9, not '$n'" >&2; exit 2 ;;
esac
if [ ! -r "$list" ]; then
  echo "$0: cannot read word list '$list' (install Debian's wamerican)" >&2
  exit 1
fi
LC_ALL=C grep -x "[a-z]\{$n\}" "$list" | LC_ALL=C sort -u | LC_ALL=C awk -v n="$n" '
  BEGIN {
    line = ""
    for (i = 1; i <= n; ++i) line = line "r" i " "
    for (j = 1; j <= n; ++j) line = line "c" j " "
    line = line "|"
    for (i = 1; i <= n; ++i) for (j = 1; j <= n; ++j) line = line " " i j
    print line
  }
  { w[NR] = $0 }
  END {
    for (i = 1; i <= n; ++i)
      for (k = 1; k <= NR; ++k) {
        line = "r" i
        for (j = 1; j <= n; ++j) line = line " " i j ":" substr(w[k], j, 1)
        print line
      }
    for (j = 1; j <= n; ++j)
      for (k = 1; k <= NR; ++k) {
        line = "c" j
        for (i = 1; i <= n; ++i) line = line " " i j ":" substr(w[k], i, 1)
        print line
      }
  }'
