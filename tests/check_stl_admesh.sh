#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The CLI's solids (--format stl) as a real mesh checker reads them: ADMesh
# (Debian's admesh, which scripts/setup.sh installs) must find each piece
# one part and each solution a part per piece, with no disconnected or
# degenerate facet and nothing to fix (edges, normals, facets reversed,
# added or removed), of their cells' volume; and the combinations that make
# no sense are refused. Skipped (77) without admesh, or while the tiling
# commands do not offer --format stl.
#   bash tests/check_stl_admesh.sh XCOVER
set -euo pipefail
xcover="${1:?usage: check_stl_admesh.sh XCOVER}"
command -v admesh >/dev/null || { echo "admesh not found: skipped"; exit 77; }
if ! "$xcover" polyform --help | grep -q -- '--explode'; then
  echo "xcover polyform does not offer --format stl: skipped"
  exit 77
fi
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
failures=0

# The figure admesh reports after LABEL: its "Final" column where it has
# two, else its only one.
figure() {  # REPORT LABEL
  sed -n "s/^$2 *: *\([-0-9.e+]*\) *\([-0-9.e+]*\).*/\1 \2/p" "$1" |
    awk 'NR == 1 { print ($2 == "" ? $1 : $2) }'
}

# One STL file: PARTS parts of VOLUME cubic millimetres (to 0.1%, admesh
# adding up floats; '-': any), nothing wrong.
check() {  # FILE PARTS VOLUME
  local file=$1 parts=$2 volume=$3 report="$1.report" label got bad=""
  if ! admesh "$file" >"$report" 2>&1; then
    echo "admesh could not read $(basename "$file"):" >&2
    cat "$report" >&2
    failures=$((failures + 1))
    return
  fi
  for label in 'Total disconnected facets' 'Degenerate facets' 'Edges fixed' \
    'Facets removed' 'Facets added' 'Facets reversed' 'Backwards edges' 'Normals fixed'; do
    got=$(figure "$report" "$label")
    [[ "$got" == 0 ]] || bad+=" $label: ${got:-missing};"
  done
  got=$(figure "$report" 'Number of parts')
  [[ "$parts" == - || "$got" == "$parts" ]] || bad+=" parts: ${got:-missing}, not $parts;"
  got=$(sed -n 's/.*Volume *: *\([-0-9.e+]*\).*/\1/p' "$report" | head -n 1)
  [[ "$volume" == - ]] || awk -v got="${got:-0}" -v want="$volume" \
    'BEGIN { d = got - want; exit !(d < 1e-3 * want && -d < 1e-3 * want) }' ||
    bad+=" volume: ${got:-missing}, not $volume;"
  if [[ -n "$bad" ]]; then
    echo "$file:$bad" >&2
    failures=$((failures + 1))
  else
    echo "$file: $parts part(s), volume $got"
  fi
}

# A cell's volume in mm^3 at the default scale (an edge 10 mm).
square=1000
triangle=$(awk 'BEGIN { printf "%.6f", 1000 * sqrt(3) / 4 }')
hexagon=$(awk 'BEGIN { printf "%.6f", 1000 * 3 * sqrt(3) / 2 }')
times() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.6f", a * b }'; }

# The first solution into DIR: the assembly (a part per piece, the board's
# volume) and each piece alone (one part, CELLS cells; soma's V has 3).
solution_files() {  # DIR PIECES BOARD_CELLS CELL CELLS XCOVER_ARGS...
  local set=$1 dir="$scratch/$1" pieces=$2 board=$3 cell=$4 cells=$5 file name
  shift 5
  "$xcover" "$@" --limit 1 --format stl --output "$dir" >"$dir.list"
  [[ "$(head -n 1 "$dir.list")" == "$dir/solution-1.stl" ]] || {
    echo "$set: the files written: $(tr '\n' ' ' <"$dir.list")" >&2
    failures=$((failures + 1))
  }
  check "$dir/solution-1.stl" "$pieces" "$(times "$board" "$cell")"
  while IFS= read -r file; do
    name=$(basename "$file" .stl)
    [[ "$name" == solution-1 ]] && continue
    if [[ "$set" == soma && "$name" == solution-1-V ]]; then
      check "$file" 1 "$(times 3 "$cell")"
    else
      check "$file" 1 "$(times "$cells" "$cell")"
    fi
  done <"$dir.list"
}
solution_files soma 7 27 "$square" 4 polyform --lattice cube --board 3x3x3 --pieces soma
solution_files pentominoes 12 60 "$square" 5 polyomino --board 6x10
solution_files hexiamonds 12 72 "$triangle" 6 polyform --lattice triangle --board 6x6 \
  --pieces hexiamonds
solution_files tetrahexes 7 28 "$hexagon" 4 polyform --lattice hex --board 4x7 \
  --pieces tetrahexes

# BurrTools' other grids (tests/data/polyform): prisms, spheres (as their
# Voronoi cells, rhombic dodecahedra, centres a sphere's diameter, 10 mm,
# apart), the rhombic grid's tetrahedra and tetra-octa's tetrahedra and
# octahedra's eighths: the first solution of each, nothing to fix. The
# hexiamonds are a part each; the other files' pieces, runs of cells cut
# from the board, need not be connected (the board's whole mesh is checked
# in test_stl.cpp).
data="$(dirname "$0")/data/polyform"
grid_files() {  # NAME FILE PIECES BOARD_VOLUME PIECE_PARTS
  local dir="$scratch/$1" file
  "$xcover" polyform "$data/$2" --limit 1 --format stl --output "$dir" >"$dir.list"
  check "$dir/solution-1.stl" "$3" "$4"
  while IFS= read -r file; do
    [[ "$(basename "$file" .stl)" == solution-1 ]] || check "$file" "$5" -
  done <"$dir.list"
}
grid_files prisms hexiamonds-4x9-triangles.xmpuzzle 12 "$(times 72 "$triangle")" 1
grid_files spheres spheres-pyramid-3.xmpuzzle - "$(awk 'BEGIN { printf "%.6f", 14000 / sqrt(2) }')" -
grid_files rhombic rhombic-two-cubes.xmpuzzle - 2000 -
grid_files tetra-octa tetra-octa-four-cubes.xmpuzzle - 4000 -

# One solution on standard output, exploded, at another scale.
"$xcover" polyform --lattice hex --board 4x7 --pieces tetrahexes --format stl --explode 1 \
  >"$scratch/tetrahexes.stl"
check "$scratch/tetrahexes.stl" 7 "$(times 28 "$hexagon")"
"$xcover" polyform --lattice cube --board 3x3x3 --pieces soma --format stl --explode 0.5 \
  --scale 1 >"$scratch/soma.stl"
check "$scratch/soma.stl" 7 27

# Squares that meet at a corner alone: their prisms share an edge four
# ways, which admesh takes as two parts meeting there, with nothing to fix.
printf 'board\n#.\n.#\npiece K\n#.\n.#\n' >"$scratch/corner.txt"
"$xcover" polyomino "$scratch/corner.txt" --format stl >"$scratch/corner.stl"
check "$scratch/corner.stl" 2 2000

# What makes no sense is refused (exit 2) with a message, and writes nothing.
refused() {  # WHAT XCOVER_ARGS...
  local what=$1 code=0
  shift
  "$xcover" "$@" >"$scratch/refused.out" 2>"$scratch/refused.err" || code=$?
  if [[ $code != 2 || -s "$scratch/refused.out" ]] || ! grep -q -- "$what" "$scratch/refused.err"
  then
    echo "xcover $*: exit $code, not 2 with '$what' (and nothing on stdout)" >&2
    failures=$((failures + 1))
  fi
}
refused "--count prints a number" polyomino --format stl --count
refused "--emit writes the problem" polyomino --format stl --emit
refused "--color colours the text" polyomino --format stl --color always
refused "--output is for --format stl" polyomino --output "$scratch/x"
refused "--explode is for --format stl" polyomino --format svg --explode 1
refused "one solution to standard output" polyomino --format stl --limit 2
refused "--explode must be 0 or more" polyomino --format stl --explode -1
refused "--scale must be more than 0" polyomino --format stl --scale 0
refused "--format must be text or svg" queens 8 --format stl
[[ ! -e "$scratch/x" ]] || { echo "--output without --format stl made its directory" >&2; exit 1; }

((failures == 0))
