#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Builds xcover for the web into build-wasm/: the WebAssembly module and the
# npm package in build-wasm/npm/ (what `npm pack` packs there), the page in
# build-wasm/web/ (serve it: python3 -m http.server -d build-wasm/web).
# Installs what it needs from Debian first (scripts/setup.sh --wasm).
#   bash scripts/web.sh           build
#   bash scripts/web.sh --test    build, then the Node tests, the type check
#                                 of the declarations and the browser test
set -euo pipefail
cd "$(dirname "$0")/.."
test_too=0
case "${1:-}" in
  --test) test_too=1 ;;
  "") ;;
  *) echo "usage: bash scripts/web.sh [--test]" >&2; exit 2 ;;
esac
bash scripts/setup.sh --wasm
# The page's npm packages (three.js for its 3D view), as
# web/page/package-lock.json pins them: installed again when the lock changes.
page=web/page
if ! cmp -s "$page/package-lock.json" "$page/node_modules/.xcover-lock.json"; then
  (cd "$page" && npm ci --no-audit --no-fund --loglevel=error)
  cp "$page/package-lock.json" "$page/node_modules/.xcover-lock.json"
fi
# Emscripten's JavaScript optimizer and the tests take acorn, ws and
# typescript from Debian's packages, which are where Debian's Node looks
# (another Node is not told).
export NODE_PATH="/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}"
build=build-wasm
# (XCOVER_UNITY: the library a few files a unit, as the builds of
# scripts/test.sh other than the plain one.)
emcmake cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DXCOVER_WERROR=ON \
  -DXCOVER_BUILD_APPS=OFF -DXCOVER_BUILD_TESTS=OFF -DXCOVER_BUILD_BENCH=OFF \
  -DXCOVER_INSTALL=OFF -DXCOVER_UNITY=ON >/dev/null
cmake --build "$build" -j"$(nproc)"
echo "web: the package in $build/npm, the page in $build/web" >&2
if ((test_too)); then
  node --test web/tests/
  # The declarations as a user's TypeScript sees them: the package by name.
  types="$build/types-check"
  mkdir -p "$types/node_modules"
  ln -sfn ../../npm "$types/node_modules/xcover"
  cp web/tests/types.mts "$types/"
  tsc --strict --noEmit --target es2022 --module nodenext --moduleResolution nodenext \
    "$types/types.mts"
  node web/tests/browser.mjs "$build/web"
fi
