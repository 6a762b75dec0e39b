#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Writes a Sudoku puzzle line as an exact-cover problem in Knuth's DLX format.

    python3 bench/sudoku_to_dlx.py < puzzle.txt > puzzle.dlx

The first puzzle line read (side N = n*n, N*N cells row by row, '.' or '0'
a blank, digits 1-9 then A-Z) becomes, in the style of Knuth's SUDOKU-DLX,
a problem with the givens already removed: items only for what is still open
(pRC: cell filled, rRD: row R has digit D, cCD: column C has D, bXD: box X
has D; all primary, in that order), and one option "pRC rRD cCD bXD" for
each digit D still allowed in each blank cell. Rows, columns and boxes are
numbered 0-9 then a-z; digits keep the puzzle's symbols. Both `xcover solve`
and Knuth's DLX1/DLX2/SSXCC read the result (names stay under 8 characters).
"""
import math
import sys

SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
INDEX = "0123456789abcdefghijklmnopqrstuvwxyz"


def convert(line):
    cells = line.split()[0] if line.split() else ""
    side = math.isqrt(len(cells))
    box = math.isqrt(side)
    if box < 2 or box ** 4 != len(cells) or side > len(SYMBOLS):
        sys.exit(f"sudoku_to_dlx: a line of {len(cells)} cells is not a square Sudoku")
    digits = SYMBOLS[:side]
    name = INDEX[:side]
    grid = [[None] * side for _ in range(side)]  # digit index or None
    used = {"r": set(), "c": set(), "b": set()}  # (unit, digit) pairs given
    for i, ch in enumerate(cells.upper()):
        r, c = divmod(i, side)
        if ch in ".0":
            continue
        d = digits.find(ch)
        x = (r // box) * box + c // box
        if d < 0 or (r, d) in used["r"] or (c, d) in used["c"] or (x, d) in used["b"]:
            sys.exit(f"sudoku_to_dlx: bad or clashing given {ch!r} at cell {i}")
        grid[r][c] = d
        used["r"].add((r, d))
        used["c"].add((c, d))
        used["b"].add((x, d))

    out = ["|sudoku " + cells]
    # The items line: open cells, then the missing digits of rows, columns, boxes.
    items = [f"p{name[r]}{name[c]}" for r in range(side) for c in range(side) if grid[r][c] is None]
    for kind in "rcb":
        items += [f"{kind}{name[u]}{digits[d]}" for u in range(side) for d in range(side)
                  if (u, d) not in used[kind]]
    out.append(" ".join(items))
    # One option per candidate: a blank cell and a digit its row, column and box lack.
    for r in range(side):
        for c in range(side):
            if grid[r][c] is not None:
                continue
            x = (r // box) * box + c // box
            for d in range(side):
                if (r, d) in used["r"] or (c, d) in used["c"] or (x, d) in used["b"]:
                    continue
                out.append(f"p{name[r]}{name[c]} r{name[r]}{digits[d]} "
                           f"c{name[c]}{digits[d]} b{name[x]}{digits[d]}")
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    for text in sys.stdin:
        if text.strip() and not text.startswith("#"):
            sys.stdout.write(convert(text))
            break
