#!/usr/bin/env bash
# Quick start, part 1: install what is missing, build (Release), run the demo.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j "$(nproc)" --target xcover_cli >/dev/null

echo "== xcover solve examples/knuth_example.dlx   (Knuth's example from 'Dancing Links')"
build/xcover solve examples/knuth_example.dlx
echo "== xcover solve --count --stats examples/queens8.dlx"
build/xcover solve --count --stats examples/queens8.dlx
