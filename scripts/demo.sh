#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Quick start, part 1: install what is missing, build (Release), run the demo.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j "$(nproc)" --target xcover_cli >/dev/null

echo "== xcover sudoku examples/sudoku_sample.txt --stats   (one solution line per puzzle line)"
build/xcover sudoku examples/sudoku_sample.txt --stats
echo "== xcover solve examples/knuth_example.dlx   (Knuth's example from 'Dancing Links')"
build/xcover solve examples/knuth_example.dlx
echo "== xcover queens 8 --emit | xcover solve --count"
build/xcover queens 8 --emit | build/xcover solve --count
echo "== xcover polyomino --board 6x10 --limit 1   (the 12 pentominoes)"
build/xcover polyomino --board 6x10 --limit 1 --threads 1
echo "== xcover polyform examples/polyforms/soma.xmpuzzle --distinct --count   (BurrTools' Soma cube)"
build/xcover polyform examples/polyforms/soma.xmpuzzle --distinct --count --threads 1
echo "== xcover polyform --lattice cube examples/polyforms/lidded-box.txt --disassemble --moves   (how it comes apart)"
build/xcover polyform --lattice cube examples/polyforms/lidded-box.txt --disassemble --moves --threads 1
echo "== xcover langford 7 --limit 1"
build/xcover langford 7 --limit 1 --threads 1
