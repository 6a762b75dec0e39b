#!/usr/bin/env bash
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
