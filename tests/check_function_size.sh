#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# No function over 120 lines in the library, the CLI or the Python module,
# but the search loop (src/engine/search.hpp's loop(), one state machine
# that reads best whole): clang-tidy's readability-function-size check over
# every file a build compiles (its compile_commands.json).
#   check_function_size.sh BUILD_DIR SOURCE_DIR [CMAKE_OPTION...]
# The files are read as a unity build compiles them (XCOVER_UNITY), a few
# sources to a unit, each unit's headers parsed once rather than once a
# source (half the CPU): a configure in BUILD_DIR/function_size, with
# the CMAKE_OPTIONs given (-DXCOVER_PYTHON=ON for the module, say), writes
# the units and their compilation database, and compiles nothing. Of the
# kernel sets, each the engine (src/engine/search.hpp) under other
# instructions, baseline alone is read.
# Exit 77 (skipped) without clang-tidy.
# The WebAssembly bindings (web/src), which em++ compiles in another build,
# are read with the flags em++ gives clang (`em++ --cflags`) where em++ is
# installed.
set -euo pipefail
build=$1/function_size
source=$(cd "$2" && pwd)
if ! command -v clang-tidy >/dev/null; then
  echo "check_function_size: no clang-tidy: skipped"
  exit 77
fi
rm -rf "$build"
cmake -S "$source" -B "$build" "${@:3}" -DXCOVER_UNITY=ON -DXCOVER_KERNEL_SETS= \
  -DXCOVER_BUILD_TESTS=OFF -DXCOVER_BUILD_BENCH=OFF -DCMAKE_EXPORT_COMPILE_COMMANDS=ON >/dev/null
mapfile -t files < <(python3 - "$build" "$source" <<'EOF'
import json, os, sys
build, source = sys.argv[1], sys.argv[2]
seen = set()
for entry in json.load(open(os.path.join(build, "compile_commands.json"))):
    path = entry["file"]
    ours = any(path.startswith(os.path.join(source, part) + "/")
               for part in ("src", "apps", "python/src"))
    unity = "/Unity/unity_" in path
    if (ours or unity) and path not in seen:
        seen.add(path)
        print(path)
EOF
)
if ((${#files[@]} == 0)); then
  echo "check_function_size: no source of src/, apps/ or python/src in $build" >&2
  exit 1
fi
config="{CheckOptions: [{key: readability-function-size.LineThreshold, value: 120}]}"
report=$(printf '%s\n' "${files[@]}" |
  xargs -P "$(nproc)" -n 4 clang-tidy -p "$build" --quiet \
    --extra-arg=-Wno-unknown-warning-option \
    --header-filter="^$source/(src|apps|python/src)/" \
    --checks='-*,readability-function-size' --config="$config" 2>/dev/null |
  grep -A1 'readability-function-size' || true)
if command -v em++ >/dev/null; then
  read -r -a wasm_flags <<<"$(em++ --cflags 2>/dev/null)"
  web=$(for file in "$source"/web/src/*.cpp; do
    clang-tidy --quiet "$file" --checks='-*,readability-function-size' --config="$config" -- \
      -std=c++20 -I"$source/include" -I"$source/src" -I"$build/include" "${wasm_flags[@]}" \
      -fexceptions 2>/dev/null
  done | grep -A1 'readability-function-size' || true)
  report+=$'\n'$web
  files+=("$source"/web/src/*.cpp)
else
  echo "check_function_size: no em++: web/src not read"
fi
# A header's function is reported once for every file that includes it.
found=$(grep -o "^$source/[^ ]*: warning: function '[^']*'" <<<"$report" |
  python3 -c "
import os, sys
for line in sys.stdin:
    path, _, name = line.rstrip().partition(': warning: function ')
    file, _, place = path.partition(':')
    print(os.path.relpath(os.path.normpath(file), sys.argv[1]) + ':' + place, name)
" "$source" | sort -u |
  grep -v "^src/engine/search.hpp:[0-9:]* 'loop'$" || true)
echo "check_function_size: read ${#files[@]} files"
if [[ -n "$found" ]]; then
  echo "functions over 120 lines (split them):"
  sed 's/^/  /' <<<"$found"
  exit 1
fi
echo "no function over 120 lines but the search loop"
