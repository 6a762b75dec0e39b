#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Speed-up of counting on threads and MPI ranks: pentominoes 6x10 and
# 14-queens, each counted with 1 and 2 threads and with mpirun -np 1 and 2.
# Release build; run it on a quiet machine.
#   bash bench/bench_parallel.sh [BUILD_DIR]   (a build with -DXCOVER_WITH_MPI=ON
#                                               also runs the MPI rows)
set -euo pipefail
build=${1:-build}
xcover=$build/xcover
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
"$xcover" polyomino --board 6x10 --emit > "$scratch/pentominoes6x10.dlx"
"$xcover" queens 14 --emit > "$scratch/queens14.dlx"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
mpi=no
"$xcover" solve --help | grep -q -- '--mpi' && command -v mpirun >/dev/null && mpi=yes

# Prints "WALL SEARCH": wall seconds of the whole command, and the search's
# own seconds from --stats (without process and MPI start-up).
measure() {
  local start end search
  start=$(date +%s.%N)
  search=$("$@" --stats 2>&1 >/dev/null | awk '$1 == "seconds" { print $2 }')
  end=$(date +%s.%N)
  echo "$(echo "$end - $start" | bc -l) $search"
}

row() {  # problem, way, wall, search, base search
  printf '| %s | %s | %.2f | %.2f | %.2f |\n' "$1" "$2" "$3" "$4" "$(echo "$5 / $4" | bc -l)"
}

echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '| problem | way | wall s | search s | speed-up (search) |\n| --- | --- | --- | --- | --- |\n'
for problem in pentominoes6x10 queens14; do
  file=$scratch/$problem.dlx
  read -r wall base < <(measure "$xcover" solve --count --threads 1 "$file")
  row "$problem" "1 thread" "$wall" "$base" "$base"
  read -r wall search < <(measure "$xcover" solve --count --threads 2 "$file")
  row "$problem" "2 threads" "$wall" "$search" "$base"
  if [[ $mpi == yes ]]; then
    for ranks in 1 2; do
      read -r wall search < <(measure mpirun --oversubscribe -np "$ranks" "$xcover" solve --mpi \
                                --count "$file")
      row "$problem" "mpirun -np $ranks" "$wall" "$search" "$base"
    done
  fi
done
