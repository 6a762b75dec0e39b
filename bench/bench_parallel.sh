#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Speed-up of counting on threads and MPI ranks: pentominoes 6x10, 14-queens
# and Langford pairs of 12 (each a count split by symmetry, from the same
# matrices as .dlx files), and 20,000 X-Sudoku lines proved unique (made by
# `xcover sudoku --generate --seed 11 --diagonals`, the same on every
# machine; the ordered batch runner), each with 1 and 2 threads, and the
# .dlx counts with mpirun -np 1 and 2. Each figure is the least of RUNS
# (default 5) runs, the ways of a problem taken in turn. Release build; run
# it on a quiet machine, and say which kernels ran (printed first).
#   bash bench/bench_parallel.sh [BUILD_DIR] [RUNS]   (a build with
#                          -DXCOVER_WITH_MPI=ON also runs the MPI rows)
set -euo pipefail
build=${1:-build} runs=${2:-5}
xcover=$build/xcover
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
"$xcover" polyomino --board 6x10 --emit > "$scratch/pentominoes6x10.dlx"
"$xcover" queens 14 --emit > "$scratch/queens14.dlx"
"$xcover" langford 12 --emit > "$scratch/langford12.dlx"
"$xcover" sudoku --generate 20000 --seed 11 --diagonals > "$scratch/x-sudoku.txt" 2> /dev/null
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

# The least of $runs runs of each way of one problem (commands as words:
# the paths must not hold spaces), the ways in turn so that a noisy moment
# costs every way alike: fills walls[] and searches[].
best_of() {  # COMMAND...
  local r k wall search
  walls=() searches=()
  for ((r = 0; r < runs; ++r)); do
    k=0
    for way in "$@"; do
      # shellcheck disable=SC2086  # the command's words
      read -r wall search < <(measure $way)
      if ((r == 0)) || (($(echo "$wall < ${walls[k]}" | bc -l))); then walls[k]=$wall; fi
      if ((r == 0)) || (($(echo "$search < ${searches[k]}" | bc -l))); then searches[k]=$search; fi
      k=$((k + 1))
    done
  done
}

row() {  # problem, way, wall, search, base wall, base search
  printf '| %s | %s | %.3f | %.3f | %.2f | %.2f |\n' "$1" "$2" "$3" "$4" \
    "$(echo "$5 / $3" | bc -l)" "$(echo "$6 / $4" | bc -l)"
}

echo "$("$xcover" --version); load average: $(cut -d' ' -f1-3 /proc/loadavg); least of $runs"
printf '| problem | way | wall s | search s | speed-up (wall) | speed-up (search) |\n'
printf '| --- | --- | ---: | ---: | ---: | ---: |\n'
for problem in pentominoes6x10 queens14 langford12; do
  file=$scratch/$problem.dlx
  ways=("$xcover solve --count --threads 1 $file" "$xcover solve --count --threads 2 $file")
  names=("1 thread" "2 threads")
  if [[ $mpi == yes ]]; then
    for ranks in 1 2; do
      ways+=("mpirun --oversubscribe -np $ranks $xcover solve --mpi --count $file")
      names+=("mpirun -np $ranks")
    done
  fi
  best_of "${ways[@]}"
  for k in "${!names[@]}"; do
    row "$problem" "${names[k]}" "${walls[k]}" "${searches[k]}" "${walls[0]}" "${searches[0]}"
  done
done
lines=$scratch/x-sudoku.txt
best_of "$xcover sudoku --count --diagonals --threads 1 $lines" \
  "$xcover sudoku --count --diagonals --threads 2 $lines"
names=("1 thread" "2 threads")
for k in 0 1; do
  row "X-Sudoku, 20,000 lines" "${names[k]}" "${walls[k]}" "${searches[k]}" "${walls[0]}" \
    "${searches[0]}"
done
