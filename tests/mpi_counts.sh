#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Counts across 1, 2 and 3 MPI ranks equal the single-threaded counts.
#   tests/mpi_counts.sh XCOVER_BINARY
set -euo pipefail
xcover=$1
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1  # CI runs as root
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
"$xcover" queens 10 --emit > "$scratch/queens10.dlx"
"$xcover" langford 8 --emit > "$scratch/langford8.dlx"
"$xcover" polyomino --board 3x20 --emit > "$scratch/pentominoes3x20.dlx"
# Multiplicities (Algorithm M): 18 copies of a domino, and the same with a
# range (16:18|D: the board still takes 18).
printf 'piece D x18\n##\n' > "$scratch/dominoes.txt"
"$xcover" polyomino --board 6x6 --emit "$scratch/dominoes.txt" > "$scratch/dominoes6x6.dlx"
sed '1s/^18|D /16:18|D /' "$scratch/dominoes6x6.dlx" > "$scratch/dominoes6x6-range.dlx"
rm "$scratch/dominoes.txt"
# Ranges (0..3 of each of five tetrominoes), whose pieces leave options out.
tetrominoes() {
  local range=$1
  printf 'piece I %s\n####\n\npiece O %s\n##\n##\n\npiece T %s\n###\n.#.\n\n' \
    "$range" "$range" "$range"
  printf 'piece L %s\n#.\n#.\n##\n\npiece S %s\n.##\n##.\n' "$range" "$range"
}
tetrominoes 0..3 > "$scratch/tetrominoes.txt"
"$xcover" polyform --board 4x6 --emit "$scratch/tetrominoes.txt" > "$scratch/tetrominoes4x6.dlx"
rm "$scratch/tetrominoes.txt"
cat > "$scratch/colours.dlx" <<'PROBLEM'
a b c d | x y
a x:red
a x:blue y
b x:red
b y:green
c x:blue
c y
d
d x:red y:green
PROBLEM
failed=0
for problem in "$scratch"/*.dlx; do
  expected=$("$xcover" solve --count --threads 1 "$problem")
  for ranks in 1 2 3; do
    got=$(mpirun --oversubscribe -np "$ranks" "$xcover" solve --mpi --count "$problem")
    if [[ "$got" == "$expected" ]]; then
      echo "ok   $(basename "$problem") ranks=$ranks count=$got"
    else
      echo "FAIL $(basename "$problem") ranks=$ranks count=$got expected=$expected"
      failed=1
    fi
  done
done
# Checkpoints: a count stopped by the time limit resumes, on another number
# of ranks, to the single-run total; a periodic checkpoint of a finished count
# holds nothing pending; a checkpoint of another problem is refused.
"$xcover" polyomino --board 6x10 --emit > "$scratch/pentominoes6x10.dlx"
total=9356
set +e
got=$(mpirun --oversubscribe -np 2 "$xcover" solve --mpi --count --time-limit 0.2 \
      --checkpoint "$scratch/stop.ckpt" --checkpoint-every 0.05 "$scratch/pentominoes6x10.dlx" 2>/dev/null)
status=$?
set -e
if [[ $status -eq 0 ]]; then
  [[ "$got" == "$total" ]] || { echo "FAIL unstopped count $got"; failed=1; }
  echo "ok   the count ended before the time limit: $got"
else
  got=$(mpirun --oversubscribe -np 3 "$xcover" solve --mpi --count --resume "$scratch/stop.ckpt" \
        "$scratch/pentominoes6x10.dlx")
  if [[ "$got" == "$total" ]]; then
    echo "ok   stopped (exit $status), resumed on 3 ranks: $got"
  else
    echo "FAIL stopped (exit $status), resumed on 3 ranks: $got, expected $total"
    failed=1
  fi
fi
# The same with multiplicities: 0..4 of each tetromino on 5x8, 451,180
# tilings (a second on one thread).
tetrominoes 0..4 > "$scratch/tetrominoes.txt"
"$xcover" polyform --board 5x8 --emit "$scratch/tetrominoes.txt" > "$scratch/ranges.dlx"
set +e
got=$(mpirun --oversubscribe -np 2 "$xcover" solve --mpi --count --time-limit 0.2 \
      --checkpoint "$scratch/ranges.ckpt" --checkpoint-every 0.05 "$scratch/ranges.dlx" 2>/dev/null)
status=$?
set -e
if [[ $status -eq 0 ]]; then
  [[ "$got" == 451180 ]] || { echo "FAIL unstopped count with ranges $got"; failed=1; }
  echo "ok   the count with ranges ended before the time limit: $got"
else
  got=$(mpirun --oversubscribe -np 3 "$xcover" solve --mpi --count --resume "$scratch/ranges.ckpt" \
        "$scratch/ranges.dlx")
  if [[ "$got" == 451180 ]]; then
    echo "ok   ranges stopped (exit $status), resumed on 3 ranks: $got"
  else
    echo "FAIL ranges stopped (exit $status), resumed on 3 ranks: $got, expected 451180"
    failed=1
  fi
fi
got=$(mpirun --oversubscribe -np 2 "$xcover" solve --mpi --count --checkpoint "$scratch/full.ckpt" \
      --checkpoint-every 0.05 "$scratch/pentominoes6x10.dlx")
if [[ "$got" == "$total" ]] && grep -q "^pending 0$" "$scratch/full.ckpt" &&
   grep -q "^solutions $total$" "$scratch/full.ckpt"; then
  echo "ok   periodic checkpoints, final state complete"
else
  echo "FAIL periodic checkpoints: count $got, file: $(head -8 "$scratch/full.ckpt" | tr '\n' ' ')"
  failed=1
fi
set +e
err=$(timeout 60 mpirun --oversubscribe -np 2 "$xcover" solve --mpi --count \
      --resume "$scratch/full.ckpt" "$scratch/queens10.dlx" 2>&1 >/dev/null)
status=$?
set -e
if [[ $status -ne 0 && $status -ne 124 && "$err" == *"different problem"* ]]; then
  echo "ok   a checkpoint of another problem is refused"
else
  echo "FAIL resuming another problem's checkpoint: exit $status, $err"
  failed=1
fi
# A usage error on every rank is exit status 2.
set +e
mpirun --oversubscribe -np 2 "$xcover" solve --mpi "$scratch/queens10.dlx" 2>/dev/null
status=$?
set -e
if [[ $status -ne 2 ]]; then
  echo "FAIL --mpi without --count gave exit status $status, not 2"
  failed=1
fi
exit $failed
