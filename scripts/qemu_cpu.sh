#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Runs a Release build's engine tests and a few CLI runs on an emulated
# processor, and checks the kernel set the library picks there by itself
# (scripts/test.sh --qemu-cpu MODEL... builds, then calls this once per model).
#   bash scripts/qemu_cpu.sh MODEL [BUILD_DIR]
# MODEL is a qemu CPU model, with feature changes if wanted ("Haswell,-bmi2");
# XCOVER_EXPECT_KERNELS names the expected set for models the table below
# does not know.
#
# qemu's emulator (TCG) runs no AVX-512 at all (Debian 12's QEMU 7.2): it
# withholds those CPUID bits from every model, so the AVX-512 kernels cannot
# run here, and a Skylake-Server must get avx2.
set -euo pipefail
cd "$(dirname "$0")/.."
model="${1:?usage: qemu_cpu.sh MODEL [BUILD_DIR]}"
dir="${2:-build}"
expected="${XCOVER_EXPECT_KERNELS:-}"
if [[ -z "$expected" ]]; then
  case "$model" in
    Nehalem | SandyBridge) expected=baseline ;;  # SSE4.2 and POPCNT; AVX without AVX2
    Haswell | Skylake-Server) expected=avx2 ;;
    *)
      echo "qemu_cpu.sh: which kernel set should $model get? Set XCOVER_EXPECT_KERNELS." >&2
      exit 2
      ;;
  esac
fi
unset XCOVER_KERNELS
qemu=(qemu-x86_64 -cpu "$model")
# qemu warns about each feature of the model it does not emulate.
quiet() { grep -v "TCG doesn't support requested feature" || true; }

echo "== qemu -cpu $model: kernels expected: $expected"
# The tests of the library, the engine on both layouts among them (the CLI
# tests would start the CLI outside the emulator, and the hostile-input ones
# are slow there and do not depend on the processor). What the emulator
# checks is the code each test reaches: with instructions the processor
# lacks, it would stop there. Left out, those that reach no line the other
# tests here do not (gcov, on the whole library), whose many cases or big
# counts took 37% of the run: random problems against brute force, the
# subset rule's and the counted bit sets' random problems, pentomino,
# polyform and Langford counts, and BurrTools' hostile files (parsing alone).
# The native runs check every case with every set (scripts/test.sh and its
# --kernels).
repeats="polyomino: the same tilings with forced moves ahead*,the subset rule keeps*"
repeats+=",both layouts agree with brute force on 1500 random problems"
repeats+=",the counted bit sets search the links' tree*,polyomino: pentominoes on 3x20 and 4x15*"
repeats+=",langford: counts are twice OEIS A014552*,pentominoes on 3x20 and 8x8-centre*"
repeats+=",polyform: published counts*,polyform: distinct tilings against brute force*"
repeats+=",knuth spec: the*samples tile*,BurrTools: hostile input*"
XCOVER_EXPECT_KERNELS=$expected "${qemu[@]}" "$dir/xcover_tests" --no-intro \
  -sfe='*_cli.cpp,*test_hostile_input.cpp' -tce="*CLI*,$repeats" 2> >(quiet >&2)

# The CLI on both layouts: the same output and counters as on this machine's
# processor (times aside, and the kernel set and the bytes held: each set
# pads its arrays to its own vector width).
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
"$dir/xcover" queens 9 --emit >"$scratch/queens.dlx"
runs=(
  "solve --count --stats --threads 1 --layout links $scratch/queens.dlx"
  "solve --count --stats --threads 1 --layout bitsets $scratch/queens.dlx"
  "solve --stats --threads 1 --layout bitsets --propagate --item-choice most-clashes tests/data/knuth_example.dlx"
  "sudoku --stats --threads 1 tests/data/sudoku_hardest_sample.txt"
  "polyomino --count --stats --threads 1 --board 3x20"
)
for run in "${runs[@]}"; do
  # shellcheck disable=SC2086  # the run is a list of words
  "$dir/xcover" $run >"$scratch/native.out" 2>"$scratch/native.err"
  # shellcheck disable=SC2086
  "${qemu[@]}" "$dir/xcover" $run >"$scratch/qemu.out" 2>"$scratch/qemu.err"
  for f in native qemu; do
    quiet <"$scratch/$f.err" | grep -v -e seconds -e "per second" -e "^kernels " -e "^bytes " \
      >"$scratch/$f.stats" || true
  done
  if ! cmp -s "$scratch/native.out" "$scratch/qemu.out" ||
     ! cmp -s "$scratch/native.stats" "$scratch/qemu.stats"; then
    echo "qemu_cpu.sh: xcover $run differs under -cpu $model:" >&2
    diff "$scratch/native.out" "$scratch/qemu.out" | head -n 10 >&2
    diff "$scratch/native.stats" "$scratch/qemu.stats" | head -n 10 >&2
    exit 1
  fi
  echo "xcover $run: same output and counters ($(wc -l <"$scratch/qemu.out") lines)"
done
echo "qemu -cpu $model: passed with kernels $expected"
