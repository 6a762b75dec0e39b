#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Quick start, part 2: install what is missing, build, run every test.
#   bash scripts/test.sh              Release build in build/, with the Python module,
#                                     and its tests; then the Python package installed
#                                     with pip from that build, and the Python tests
#                                     against it (scripts/python.sh)
#   bash scripts/test.sh --sanitize   ASan+UBSan build in build-asan/
#   bash scripts/test.sh --mpi        with distributed counting, in build-mpi/, as a
#                                     shared library (libxcover.so) with scalar loops
#                                     for kernels (XCOVER_NO_SIMD): the distributed
#                                     counts, the consumers against it, and every test
#                                     that runs the engine, on the loops of processors
#                                     without vectors
#   bash scripts/test.sh --tsan       ThreadSanitizer build in build-tsan/, the tests
#                                     that run several threads
#   bash scripts/test.sh --kernels [SET...]
#                                     the Release build's engine tests once per lower
#                                     kernel set this processor runs (or per SET named,
#                                     of baseline, avx2, avx512, avx512icl), each forced
#                                     with XCOVER_KERNELS (the plain run, on the same
#                                     build, covers the best set and the tests that do
#                                     not depend on the set)
#   bash scripts/test.sh --qemu-cpu MODEL...
#                                     the Release build's engine tests and CLI runs on
#                                     an emulated processor (qemu-x86_64 -cpu MODEL),
#                                     checking the kernel set it picks; several models
#                                     run side by side (each keeps one core busy)
#   bash scripts/test.sh --aarch64    cross build for 64-bit Arm in build-aarch64/, its
#                                     tests under qemu-aarch64 (those that suit an
#                                     emulator: see below)
#   bash scripts/test.sh --shared     libxcover.so (BUILD_SHARED_LIBS=ON) without MPI, in
#                                     build-shared/ (CI's --mpi run covers it)
set -euo pipefail
cd "$(dirname "$0")/.."
mode="${1:-}"
if [[ "$mode" == --qemu-cpu ]] && (($# < 2)); then
  echo "test.sh: --qemu-cpu wants a model, e.g. Nehalem" >&2
  exit 2
fi
if [[ "$mode" == --kernels ]]; then
  for set in "${@:2}"; do
    case "$set" in
      baseline | avx2 | avx512 | avx512icl) ;;
      *)
        echo "test.sh: --kernels: '$set' is not a kernel set (baseline, avx2, avx512 or" \
          "avx512icl)" >&2
        exit 2
        ;;
    esac
  done
fi
case "$mode" in
  "" | --kernels) bash scripts/setup.sh --python ;;
  *) bash scripts/setup.sh "$mode" ;;
esac
tests=()
targets=()  # what to build (all when empty)
case "$mode" in
  --tsan)
    dir=build-tsan
    # The threads do not depend on the kernel set: baseline alone is built
    # (each set is a compile of the whole engine). -g1: a report's stacks
    # need the functions and lines alone, and full -g made the compiles
    # take 40% longer.
    flags=(-DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O2 -g1 -DNDEBUG"
           -DCMAKE_CXX_FLAGS=-fsanitize=thread -DCMAKE_EXE_LINKER_FLAGS=-fsanitize=thread
           -DXCOVER_BUILD_BENCH=OFF -DXCOVER_KERNEL_SETS=)
    export TSAN_OPTIONS=halt_on_error=1
    tests=(-R "thread|resum|checkpoint|uneven|across|cut_into|ordered|sudoku cli|Ctrl-C")
    targets=(--target xcover_tests)
    ;;
  --mpi)
    dir=build-mpi
    # Shared: one build proves the MPI code, the shared library (the
    # distributed counts, the command-line tool, the consumers and the
    # install against it; the plain run has the subdirectory consumer, which
    # rebuilds the whole library) and the scalar loops: its one kernel set,
    # baseline, is compiled without vectors (XCOVER_NO_SIMD), as on a
    # processor that has none (RISC-V, POWER), and every test that runs the
    # engine runs on it (70 s on two cores). Left out: what --kernels leaves
    # to the plain run (checks of the tree, the docs and the build, and the
    # signals sent to a count).
    flags=(-DCMAKE_BUILD_TYPE=Release -DXCOVER_WITH_MPI=ON -DBUILD_SHARED_LIBS=ON
           -DXCOVER_BUILD_BENCH=OFF -DXCOVER_KERNEL_SETS= -DCMAKE_CXX_FLAGS=-DXCOVER_NO_SIMD)
    tests=(-E "^consumer_subdirectory$|^kernel_objects|^python$|^clang_format$|^examples_installed$|^docs$|^man_page$|^docs_commands$|^render_pictures$|^cmake_minimum_version$|^SIGTERM and SIGHUP|killed at random|checkpoint given as a symbolic link|^polyform_published_counts$|^function_size$")
    ;;
  --sanitize)
    dir=build-asan
    # (-O0: at -O1 the tests ran faster, but the build took twice as long.)
    # The kernel sets most processors run, AVX2, and the best, AVX-512 with
    # Ice Lake's additions: each set is a compile of the whole engine (47 s
    # of CPU here), and the plain AVX-512 set touches memory as those two do
    # (it loads as the best set does, and lists set bits as AVX2 does); the
    # --kernels run tests it.
    flags=(-DCMAKE_BUILD_TYPE=Debug -DXCOVER_SANITIZE=ON -DXCOVER_BUILD_BENCH=OFF
           "-DXCOVER_KERNEL_SETS=avx2;avx512icl")
    export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
    export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
    # (The check of the kernel objects' code reads the instrumented objects
    # for a minute and learns nothing the plain run does not; the checks of
    # the sources, the docs and the install tree run no instrumented code;
    # the package and pkg-config consumers compile a small program against
    # the install, which runs a few calls the tests make anyway: 30 s of the
    # run's CPU for nothing ASan sees. The plain run has them all, and --mpi
    # the consumers against the shared library. examples_installed stays:
    # the examples' own code is checked here only, their polyomino count on
    # a smaller board (tests/run_examples.cmake). docs_commands checks that
    # the docs show what the tool prints, which the plain run checks; here it
    # cost 44 s of CPU, and reached 6 lines no other test run here reaches
    # (gcov, baseline kernels: 3 that write a generated Sudoku as a grid, 3
    # in the bit sets' search).)
    tests=(-E "^consumer_|^kernel_objects_share_only_baseline_code$|^clang_format$|^cmake_minimum_version$|^docs$|^readme_install$|^install_layout$|^docs_commands$|^polyform_published_counts$|^function_size$")
    ;;
  --shared)
    dir=build-shared
    flags=(-DCMAKE_BUILD_TYPE=Release -DBUILD_SHARED_LIBS=ON -DXCOVER_BUILD_BENCH=OFF)
    ;;
  --aarch64)
    dir=build-aarch64
    flags=(--toolchain cmake/aarch64-linux-gnu.cmake -DCMAKE_BUILD_TYPE=Release
           -DXCOVER_BUILD_BENCH=OFF)
    # Left out under the emulator: the packaging tests (nothing there depends
    # on the processor; the native runs have them), the hostile inputs (a
    # million items, 100,000 levels: minutes each), signals sent after a
    # fixed sleep (qemu's start-up outlasts it), and --memory-limit (qemu
    # ignores the guest's RLIMIT_AS, so the search never runs out).
    tests=(-E "^consumer_|^install_layout$|^hostile: |^BurrTools: hostile|Ctrl-C|killed at random|--memory-limit|^polyform_published_counts$|^function_size$")
    ;;
  "" | --kernels | --qemu-cpu)
    dir=build
    # Debian's Python, which apt's pybind11 and pytest serve.
    flags=(-DCMAKE_BUILD_TYPE=Release -DXCOVER_PYTHON=ON -DPython_EXECUTABLE=/usr/bin/python3)
    # The Python tests run once, from scripts/python.sh below, against the
    # package pip installs with this build's module; the ctest `python` runs
    # the same tests on the same module from the build tree (30 s on one core).
    tests=(-E "^python$")
    ;;
  *)
    echo "test.sh: unknown mode '$mode' (see the comment at the top)" >&2
    exit 2
    ;;
esac
# The library and the tests compiled a few files at a time, in less CPU,
# where no one edits them one at a time (XCOVER_UNITY in CMakeLists.txt): all
# but the plain build, which also checks that each file compiles on its own.
if [[ "$dir" != build ]]; then
  flags+=(-DXCOVER_UNITY=ON)
fi
cmake -S . -B "$dir" "${flags[@]}" -DXCOVER_WERROR=ON -DXCOVER_BUILD_TESTS=ON >/dev/null
cmake --build "$dir" -j "$(nproc)" "${targets[@]}"

if [[ "$mode" == --qemu-cpu ]]; then
  # The emulator runs the tests one at a time on one core: the models run
  # at once, up to one per core, each one's output printed when it is done.
  logs="$(mktemp -d)"
  trap 'rm -rf "$logs"' EXIT
  run_model() {  # MODEL INDEX
    local status=0
    bash scripts/qemu_cpu.sh "$1" "$dir" >"$logs/$2" 2>&1 || status=$?
    echo "$status" >"$logs/$2.status"
  }
  models=("${@:2}") failed=() running=0
  for i in "${!models[@]}"; do
    if ((running >= $(nproc))); then
      wait -n || true
      running=$((running - 1))
    fi
    run_model "${models[i]}" "$i" &
    running=$((running + 1))
  done
  wait
  for i in "${!models[@]}"; do
    cat "$logs/$i"
    [[ "$(cat "$logs/$i.status")" == 0 ]] || failed+=("${models[i]}")
  done
  if ((${#failed[@]})); then
    echo "test.sh: --qemu-cpu failed on ${failed[*]}" >&2
    exit 1
  fi
  exit
elif [[ "$mode" != --kernels ]]; then
  # The tests that build a project (consumer_subdirectory builds the whole
  # library) build on every core, as the other tests leave them idle.
  export CMAKE_BUILD_PARALLEL_LEVEL="${CMAKE_BUILD_PARALLEL_LEVEL:-$(nproc)}"
  ctest --test-dir "$dir" --output-on-failure -j "$(nproc)" "${tests[@]}"
  if [[ -z "$mode" ]]; then
    # The package pip installs takes its module from this build (Python ON,
    # Debian's Python) rather than building the library a second time.
    XCOVER_PYTHON_FROM_BUILD="$PWD/$dir" bash scripts/python.sh
  fi
  exit
fi

# The plain run (same build) ran every test with the best set this processor
# runs, and the ones that do not depend on the kernel set: packaging (the
# consumers, the install, the examples built against it), the check of the
# objects, the docs (the manual, the man page, the commands the docs show,
# the pictures rendered, the CMake version check), and the CLI's handling of
# signals and checkpoint files (a count stopped by SIGTERM, SIGHUP or kill -9,
# a checkpoint through a symbolic link: the engine's stops and resumes are the
# library's tests, which run here). Each lower set runs every other test that
# runs the engine (the library's and the CLI's, which inherits XCOVER_KERNELS).
once="^consumer_|^kernel_objects|^install_layout$|^readme_|^python$|^clang_format$|^examples_installed$"
once+="|^docs$|^man_page$|^docs_commands$|^render_pictures$|^cmake_minimum_version$"
once+="|^SIGTERM and SIGHUP|killed at random|checkpoint given as a symbolic link"
once+="|^polyform_published_counts$|^function_size$"
best=$("$dir/xcover" --version | sed -n 's/.*(kernels: \([a-z0-9]*\);.*/\1/p')
sets=("${@:2}")
((${#sets[@]})) || sets=(baseline avx2 avx512 avx512icl)
ran=() skipped=()
for set in "${sets[@]}"; do
  if [[ "$set" == "$best" ]]; then
    echo "== kernels $set: the best this processor runs, which the plain run tested"
    continue
  fi
  # The library itself says whether this processor runs the set: the CLI
  # refuses XCOVER_KERNELS naming one it does not.
  if ! refusal=$(XCOVER_KERNELS=$set "$dir/xcover" solve --count \
                   tests/data/knuth_example.dlx 2>&1 >/dev/null); then
    if [[ "$refusal" == *"this processor cannot run these kernels"* ]]; then
      echo "== kernels $set: skipped, this processor lacks it"
      skipped+=("$set")
      continue
    fi
    echo "$refusal" >&2
    exit 1
  fi
  echo "== kernels $set"
  XCOVER_KERNELS=$set XCOVER_EXPECT_KERNELS=$set \
    ctest --test-dir "$dir" --output-on-failure -j "$(nproc)" -E "$once"
  ran+=("$set")
done
echo "kernels: tests passed with ${ran[*]} (and $best in the plain run); skipped (not run by" \
  "this processor): ${skipped[*]:-none}"
