#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Builds the libFuzzer targets with clang in build-fuzz/ and runs each for
# SECONDS (default 30), as many at once as there are cores, on a scratch copy
# of its seed corpus, so that runs do not grow the repository. Fails when any
# target finds a crash, a leak or a broken invariant; the input that did it
# is kept under build-fuzz/crashes/.
#   bash tests/fuzz/run.sh 30
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds="${1:-30}"
targets=(fuzz_dlx_reader fuzz_sudoku_line fuzz_sudoku_rules fuzz_polyomino fuzz_checkpoint)
build=build-fuzz

bash scripts/setup.sh --fuzz  # clang and its fuzzer runtime
source_dir=.
# Baseline kernels alone: the readers and the search's logic are the same in
# every set, and each set is a compile of the whole engine. The rest of the
# library a few files a unit (XCOVER_UNITY): built once, never edited here.
flags=(-DXCOVER_FUZZ=ON -DXCOVER_BUILD_APPS=OFF -DXCOVER_BUILD_TESTS=OFF
       -DXCOVER_BUILD_BENCH=OFF -DXCOVER_INSTALL=OFF -DXCOVER_NATIVE=OFF -DXCOVER_KERNEL_SETS=
       -DXCOVER_UNITY=ON)
generator=()
command -v ninja >/dev/null && generator=(-G Ninja)
# RelWithDebInfo's -O2 without its -g: tests/fuzz/CMakeLists.txt asks for
# line tables, all a crash report needs.
cmake -S "$source_dir" -B "$build" "${generator[@]}" -DCMAKE_CXX_COMPILER=clang++ \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O2 -DNDEBUG" \
  -DXCOVER_WERROR=ON "${flags[@]}" >/dev/null
cmake --build "$build" -j "$(nproc)" --target "${targets[@]}"

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$build/crashes"
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
# One target per core at a time: each still runs for SECONDS.
run_target() {
  local target=$1 corpus="$scratch/$1"
  mkdir -p "$corpus"
  cp tests/fuzz/corpus/"$target"/* "$corpus"/
  # -rss_limit_mb: an input that needs more memory than this is a bug too.
  if "$build/$target" "$corpus" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
       -max_len=4096 -print_final_stats=1 -artifact_prefix="$build/crashes/$target-" \
       2>"$scratch/$target.log"; then
    touch "$scratch/$target.passed"
  fi
}
running=0
for target in "${targets[@]}"; do
  if ((running >= $(nproc))); then
    wait -n || true
    running=$((running - 1))
  fi
  run_target "$target" &
  running=$((running + 1))
done
wait
failed=()
for target in "${targets[@]}"; do
  echo "== $target: ${seconds}s"
  if [[ -e "$scratch/$target.passed" ]]; then
    grep -E '^(#[0-9]+ +DONE|stat::number_of_executed_units|stat::peak_rss_mb)|cov: ' \
      "$scratch/$target.log" | tail -n 3
  else
    failed+=("$target")
    tail -n 60 "$scratch/$target.log" >&2
  fi
done
if ((${#failed[@]})); then
  echo "run.sh: crashes in ${failed[*]}; inputs under $build/crashes/" >&2
  exit 1
fi
echo "run.sh: no crashes"
