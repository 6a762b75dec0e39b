#!/usr/bin/env bash
# Quick start, part 2: install what is missing, build, run every test.
#   bash scripts/test.sh              Release build in build/
#   bash scripts/test.sh --sanitize   ASan+UBSan build in build-asan/
#   bash scripts/test.sh --mpi        with distributed counting, in build-mpi/
#   bash scripts/test.sh --tsan       ThreadSanitizer build in build-tsan/, the tests
#                                     that run several threads
#   bash scripts/test.sh --portable   without -march=native, in build-portable/: the
#                                     engine's paths for processors without AVX-512
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh "${1:-}"
tests=()
if [[ "${1:-}" == "--tsan" ]]; then
  dir=build-tsan
  flags=(-DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS=-fsanitize=thread
         -DCMAKE_EXE_LINKER_FLAGS=-fsanitize=thread -DXCOVER_BUILD_BENCH=OFF)
  export TSAN_OPTIONS=halt_on_error=1
  tests=(-R "thread|resum|checkpoint|uneven|across|cut_into|ordered|sudoku cli|Ctrl-C")
elif [[ "${1:-}" == "--mpi" ]]; then
  dir=build-mpi
  flags=(-DCMAKE_BUILD_TYPE=Release -DXCOVER_WITH_MPI=ON)
elif [[ "${1:-}" == "--portable" ]]; then
  dir=build-portable
  flags=(-DCMAKE_BUILD_TYPE=Release -DXCOVER_NATIVE=OFF -DXCOVER_BUILD_BENCH=OFF)
elif [[ "${1:-}" == "--sanitize" ]]; then
  dir=build-asan
  flags=(-DCMAKE_BUILD_TYPE=Debug -DXCOVER_SANITIZE=ON)
  export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
  export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
else
  dir=build
  flags=(-DCMAKE_BUILD_TYPE=Release)
fi
cmake -S . -B "$dir" "${flags[@]}" -DXCOVER_WERROR=ON -DXCOVER_BUILD_TESTS=ON >/dev/null
cmake --build "$dir" -j "$(nproc)"
ctest --test-dir "$dir" --output-on-failure -j "$(nproc)" "${tests[@]}"
