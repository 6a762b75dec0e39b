#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Checks that every tracked C++ file is laid out as .clang-format says.
#   bash scripts/check_format.sh         names each file clang-format would change; exit 1 if any
#   bash scripts/check_format.sh --fix   reformats them in place
# The tree is laid out by Debian 12's clang-format, version 14 (scripts/setup.sh
# installs it); other versions place some constructs differently, so with
# another version, without clang-format, or outside a git checkout the check
# is skipped: exit 77, which ctest reports as skipped. CLANG_FORMAT names
# another binary (e.g. clang-format-14).
set -euo pipefail
cd "$(dirname "$0")/.."
clang_format="${CLANG_FORMAT:-clang-format}"
wanted=14
fix=0
case "${1:-}" in
  "") ;;
  --fix) fix=1 ;;
  *)
    echo "check_format.sh: unknown option '$1' (see the comment at the top)" >&2
    exit 2
    ;;
esac
skip() {
  echo "check_format: $*: skipped"
  exit 77
}
command -v "$clang_format" >/dev/null 2>&1 || skip "$clang_format not found"
version="$("$clang_format" --version | sed -n 's/.*clang-format version \([0-9]*\)\..*/\1/p')"
[[ "$version" == "$wanted" ]] ||
  skip "$clang_format is version ${version:-unknown}; the tree is laid out by version $wanted"
git rev-parse --is-inside-work-tree >/dev/null 2>&1 || skip "not a git checkout"

mapfile -t files < <(git ls-files -- '*.cpp' '*.hpp' '*.h')
((${#files[@]})) || skip "no C++ files tracked"
if ((fix)); then
  "$clang_format" -i -- "${files[@]}"
  exit
fi
# One run over every file (one process per file takes many times longer): it
# names each line it would change as FILE:LINE:COLUMN: error: ...
status=0
report="$("$clang_format" --dry-run --Werror -- "${files[@]}" 2>&1)" || status=$?
mapfile -t bad < <(sed -n 's/^\(.*\):[0-9]*:[0-9]*: error: .*/\1/p' <<<"$report" | sort -u)
if ((status != 0 && ${#bad[@]} == 0)); then
  echo "$report" >&2
  echo "check_format: $clang_format failed (status $status)" >&2
  exit 1
fi
if ((${#bad[@]})); then
  printf 'check_format: not as .clang-format lays it out: %s\n' "${bad[@]}" >&2
  echo "check_format: ${#bad[@]} of ${#files[@]} files;" \
       "'bash scripts/check_format.sh --fix' reformats them" >&2
  exit 1
fi
echo "check_format: ${#files[@]} files as .clang-format lays them out (clang-format $version)"
