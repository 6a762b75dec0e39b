#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Renders a picture of each kind the CLI draws with a real SVG renderer
# (librsvg's rsvg-convert), which must read it without a complaint and make a
# PNG of the size the picture declares. Skipped (77) without rsvg-convert.
#   bash tests/render_pictures.sh XCOVER
set -euo pipefail
xcover="${1:?usage: render_pictures.sh XCOVER}"
command -v rsvg-convert >/dev/null || { echo "rsvg-convert not found: skipped"; exit 77; }
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
jigsaw=AAABBBCCCAAABBBCCCAADBBBCCCDADEEEFFFDDDEEEFFFDDDEEHFFFGGGEHHIIIGGGHHHIIIGGGHHHIII
draw() {  # NAME COMMAND...: the picture NAME.svg from `xcover COMMAND...`
  local name=$1
  shift
  "$xcover" "$@" >"$scratch/$name.svg"
}
draw tiling polyomino --board 6x10 --limit 1 --format svg
draw tilings polyomino --board 3x20 --limit 2 --format svg
draw triangles polyform --lattice triangle --board 6x6 --pieces hexiamonds --limit 1 --format svg
draw hexagons polyform --lattice hex --board 4x7 --pieces tetrahexes --limit 1 --format svg
draw cubes polyform --lattice cube --board 3x3x3 --pieces soma --limit 1 --format svg
draw queens queens 8 --limit 4 --format svg
draw langford langford 7 --limit 1 --format svg
draw sudoku sudoku --generate 2 --seed 4 --format svg
draw killer sudoku --generate 1 --killer --seed 4 --format svg
draw x_windows sudoku --generate 1 --diagonals --windows --seed 4 --format svg
draw jigsaw sudoku --generate 1 --regions "$jigsaw" --seed 4 --format svg
"$xcover" sudoku --generate 1 --seed 4 | "$xcover" sudoku --format svg >"$scratch/solved.svg"
for svg in "$scratch"/*.svg; do
  png="${svg%.svg}.png"
  if ! errors=$(rsvg-convert -o "$png" "$svg" 2>&1) || [[ -n "$errors" ]]; then
    echo "rsvg-convert could not render $(basename "$svg"): $errors" >&2
    exit 1
  fi
  # The PNG's width and height (big-endian, bytes 16-23) are the SVG's.
  read -r width height < <(od -An -tu1 -j16 -N8 "$png" |
    awk '{print $1*16777216+$2*65536+$3*256+$4, $5*16777216+$6*65536+$7*256+$8}')
  declared=$(sed -n '1s/^<svg [^>]*width="\([0-9.]*\)" height="\([0-9.]*\)".*/\1 \2/p' "$svg")
  if [[ "$width $height" != "$(awk '{printf "%.0f %.0f", $1, $2}' <<<"$declared")" ]]; then
    echo "$(basename "$png") is ${width}x${height}, its SVG says $declared" >&2
    exit 1
  fi
  echo "$(basename "$svg"): ${width}x${height}"
done
