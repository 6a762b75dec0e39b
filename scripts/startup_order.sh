#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Writes apps/startup_order.ld: the functions that short runs of the tool
# execute, in a linker script that places them together at the start of the
# program's code (apps/CMakeLists.txt links the static tool with it).
#   bash scripts/startup_order.sh [BUILD_DIR]
#
# Why: the kernel maps a program's code 64 KiB at a time, one page fault for
# each such window a run touches, and the code one short run needs was spread
# over some 45 windows of the 5 MB tool; each fault cost 4-7 us on the
# development machine, as much as the rest of a tiny problem's run together
# (docs/performance.md, "Start-up"). The runs here are those of
# bench/startup.sh (Knuth's example, 4- to 8-queens, with and without
# --threads 1) and --version, each under valgrind's callgrind, which lists
# every function executed. Valgrind hides AVX-512 from the program, so each
# kernel set's function is listed under every set's namespace too.
#
# Only functions with sections of their own are placed: the C library's
# objects could be named too, but placing the hundred a run touches saved 4
# faults and no time.
#
# Rerun it after changes to the code those runs go through (the CLI, the
# reader, the layout plan, the engine's set-up); a stale list places fewer
# functions, and tests/check_startup_order.sh says when most are gone.
# Needs valgrind (callgrind_annotate comes with it).
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build}"
xcover="$build/xcover"
[[ -x "$xcover" ]] || { echo "startup_order.sh: no $xcover (build first)" >&2; exit 1; }
command -v valgrind >/dev/null || { echo "startup_order.sh: needs valgrind" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp examples/knuth_example.dlx "$work/knuth.dlx"
for n in 4 5 6 7 8; do "$xcover" queens "$n" --emit > "$work/queens$n.dlx"; done
run=0
profile() {  # ARGS...: one run under callgrind
  run=$((run + 1))
  valgrind --tool=callgrind --demangle=no --callgrind-out-file="$work/run$run.out" \
    "$xcover" "$@" > /dev/null 2>&1 || true
}
profile --version
for f in "$work"/*.dlx; do
  profile solve "$f"
  profile solve --threads 1 "$f"
done
# Every function with its own section name that the runs executed: names the
# linker script can spell (no quotes, no spaces), most executed first.
for out in "$work"/run*.out; do
  callgrind_annotate --threshold=100 "$out" 2>/dev/null |
    sed -n 's/^ *\([0-9,]*\) .*???:\([A-Za-z0-9_.$]*\) \[.*/\1 \2/p'
done | tr -d , | awk '{ cost[$2] += $1 } END { for (n in cost) print cost[n], n }' |
  sort -k1,1nr -k2,2 | awk '{ print $2 }' > "$work/names"
# The kernel sets' namespaces, as mangled names spell them.
sets="8baseline 4avx2 6avx512 9avx512icl"
{
  echo "/* SPDX-License-Identifier: MIT"
  echo "   Written by scripts/startup_order.sh: the functions short runs of the tool"
  echo "   execute, placed together before the rest of the code, so that a run"
  echo "   touches few 64 KiB windows of it. Sections of functions not in the"
  echo "   program are ignored. */"
  echo "SECTIONS"
  echo "{"
  echo "  .text.startup_path :"
  echo "  {"
  # The functions of no kernel set first; then each set's, set after set,
  # so that the one a processor runs lies together.
  awk -v sets="$sets" '
    BEGIN { n = split(sets, set, " ") }
    function emit(name) { if (!(name in done)) { done[name] = 1; print "    *(.text." name ")" } }
    {
      kernel = 0
      for (k = 1; k <= n; ++k)
        if (index($0, "6detail" set[k]) > 0) kernel = k
      if (kernel == 0) emit($0)
      else { ++count; name[count] = $0; from[count] = set[kernel] }
    }
    END {
      for (j = 1; j <= n; ++j)
        for (i = 1; i <= count; ++i) {
          other = name[i]
          gsub("6detail" from[i], "6detail" set[j], other)
          emit(other)
        }
    }' "$work/names"
  echo "  }"
  echo "}"
  echo "INSERT BEFORE .text;"
} > apps/startup_order.ld
echo "apps/startup_order.ld: $(grep -c '^    \*(' apps/startup_order.ld) functions from $run runs"
