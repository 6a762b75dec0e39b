#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Builds the manual (docs/Doxyfile: the guide pages and the API reference)
# into BUILD_DIR/docs/html, failing on any warning: an undocumented public
# declaration, a broken link. Exit 77 (skipped) without doxygen.
#   bash scripts/docs.sh [BUILD_DIR]      (default build; it must be configured:
#                                         the version header is generated there)
set -euo pipefail
cd "$(dirname "$0")/.."
build="$(realpath "${1:-build}")"
command -v doxygen >/dev/null || { echo "doxygen not found: skipped"; exit 77; }
[[ -f "$build/include/xcover/version.hpp" ]] || {
  echo "docs.sh: $build/include/xcover/version.hpp is missing: configure $build first" >&2
  exit 1
}
rm -rf "$build/docs"
mkdir -p "$build/docs"
XCOVER_DOCS_OUT="$build/docs" XCOVER_VERSION_INCLUDE="$build/include" doxygen docs/Doxyfile
echo "the manual: $build/docs/html/index.html"
