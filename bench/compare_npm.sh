#!/bin/bash
# SPDX-License-Identifier: MIT
# Times xcover's npm package (WebAssembly, one thread) against the
# pure-JavaScript dancing-links packages on npm: dancing-links, dlx and
# @algorithm.ts/dlx, side by side in one run on the same matrices, and the
# native CLI with its baseline kernels (the WebAssembly-vs-native target);
# prints a markdown table (bench/compare_npm.mjs does the work; see there).
#
#   bash bench/compare_npm.sh
#   XCOVER_NPM=DIR XCOVER_CLI=P NPM_PEERS=DIR RUNS=3 bash bench/compare_npm.sh
#   PROBLEMS="queens13 sudoku-kaggle" SKIP="dlx:sudoku-hardest" bash bench/compare_npm.sh
#
# The peers are installed outside the repository, in NPM_PEERS (default
# /tmp/xcover-npm-peers; kept, and reused when all three are there). XCOVER_NPM
# is the built package (default build-wasm/npm), XCOVER_CLI the native CLI
# (default build/xcover; a '-' column without it). Problems: 13-queens,
# Langford 12, the 6x10 pentominoes and a seeded random matrix, all
# solutions counted; 10,000 Sudoku solved and proved unique, from
# SUDOKU_EASY (default: the Kaggle set) and SUDOKU_HARD (default: the
# forum's hardest 1106, cycled), both under /work/shared/data/sudoku.
# Each figure is the best of RUNS (default 3) wall times, a run slower than
# CAP (60) seconds is not repeated, and one still going after TIMEOUT (600)
# is stopped. Node 20 or later. Exit status 1 if any answer is wrong.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
peers=${NPM_PEERS:-/tmp/xcover-npm-peers}
export XCOVER_CLI=${XCOVER_CLI:-$root/build/xcover}
xcover_npm=${XCOVER_NPM:-$root/build-wasm/npm}
case $xcover_npm in /*) ;; *) xcover_npm=$root/$xcover_npm ;; esac

command -v node > /dev/null || { echo "node not found (Node 20 or later)" >&2; exit 2; }
major=$(node -p 'process.versions.node.split(".")[0]')
[ "$major" -ge 20 ] || { echo "node $(node --version): Node 20 or later wanted" >&2; exit 2; }

# --no-save and a prefix of their own: nothing lands in the repository.
installed=1
for p in dancing-links dlx @algorithm.ts/dlx; do
  [ -f "$peers/node_modules/$p/package.json" ] || installed=0
done
if [ "$installed" = 0 ]; then
  mkdir -p "$peers"
  echo "installing the peers into $peers" >&2
  npm install --no-save --no-audit --no-fund --prefix "$peers" dancing-links dlx @algorithm.ts/dlx >&2
fi
for p in dancing-links dlx @algorithm.ts/dlx; do
  echo "$p $(node -p "require('$peers/node_modules/$p/package.json').version")" >&2
done

exec node "$root/bench/compare_npm.mjs" "$peers" "$xcover_npm"
