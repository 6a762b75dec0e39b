#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Piet Hein's Soma cube with xcover_dlx: seven pieces of unit cubes (one of
three cubes, six of four) fill a 3x3x3 cube. Every piece may be turned any
of the 24 ways a solid can; the mirror pieces A and B are not mirrored.

    python3 examples/python/soma.py          # count every packing, show one
    python3 examples/python/soma.py --all    # print every packing, a line each

Exact cover: an item per piece and per cell of the cube, an option per
placement of a piece. The count covers each packing in all 24 turns of the
whole cube and its mirror image (which swaps A and B), so the number of
essentially different packings is the count / 48.
"""
# %% The pieces: unit cubes as (x, y, z).
import itertools
import sys
from typing import Callable, Iterator

import xcover_dlx as xc

Cell = tuple[int, int, int]
PIECES: dict[str, list[Cell]] = {
    "V": [(0, 0, 0), (1, 0, 0), (0, 1, 0)],
    "L": [(0, 0, 0), (1, 0, 0), (2, 0, 0), (0, 1, 0)],
    "T": [(0, 0, 0), (1, 0, 0), (2, 0, 0), (1, 1, 0)],
    "Z": [(0, 0, 0), (1, 0, 0), (1, 1, 0), (2, 1, 0)],
    "A": [(0, 0, 0), (1, 0, 0), (1, 1, 0), (1, 1, 1)],  # right-handed screw
    "B": [(0, 0, 1), (1, 0, 1), (1, 1, 1), (1, 1, 0)],  # left-handed screw
    "P": [(0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 0, 1)],  # three arms from a corner
}
SIDE = 3


# %% Every way to put each piece in the cube: turn it, then shift it.
def turns() -> list[Callable[[Cell], Cell]]:
    """The 24 rotations of space, as functions on (x, y, z): every
    permutation of the axes with signs whose determinant is +1."""
    found = []
    for axes in itertools.permutations(range(3)):
        parity = sum(1 for i in range(3) for j in range(i) if axes[j] > axes[i]) % 2
        for signs in itertools.product((1, -1), repeat=3):
            if (signs[0] * signs[1] * signs[2] == 1) == (parity == 0):
                found.append(rotation(axes, signs))
    return found


def rotation(axes: tuple[int, ...], signs: tuple[int, ...]) -> Callable[[Cell], Cell]:
    def turn(p: Cell) -> Cell:
        return (signs[0] * p[axes[0]], signs[1] * p[axes[1]], signs[2] * p[axes[2]])
    return turn


def placements(cells: list[Cell]) -> Iterator[list[Cell]]:
    shapes: set[tuple[Cell, ...]] = set()
    for turn in turns():
        turned = [turn(c) for c in cells]
        low = [min(c[i] for c in turned) for i in range(3)]
        shapes.add(tuple(sorted((x - low[0], y - low[1], z - low[2]) for x, y, z in turned)))
    for shape in sorted(shapes):
        size = [1 + max(c[i] for c in shape) for i in range(3)]
        for dx, dy, dz in itertools.product(*(range(SIDE - s + 1) for s in size)):
            yield [(x + dx, y + dy, z + dz) for x, y, z in shape]


# %% The exact-cover problem: each piece once, each cell once.
def name(cell: Cell) -> str:
    return "".join(map(str, cell))


def soma_problem() -> xc.Problem:
    cells = [(x, y, z) for x, y, z in itertools.product(range(SIDE), repeat=3)]
    options = [[piece] + [name(c) for c in place]
               for piece, shape in PIECES.items() for place in placements(shape)]
    return xc.Problem(primary=list(PIECES) + [name(c) for c in cells], options=options)


# %% A solution is a list of option indices; each option names its piece and cells.
def picture(problem: xc.Problem, solution: list[int]) -> str:
    """The cube in three layers (z = 0, 1, 2), each cell by its piece."""
    grid = {}
    for option in solution:
        piece, *cells = problem.option(option)
        for cell in cells:
            grid[cell] = piece
    return "   ".join(" ".join("".join(grid[f"{x}{y}{z}"] for x in range(SIDE))
                               for y in range(SIDE)) for z in range(SIDE))


# %% Count them all (the search runs in C++, without the GIL; Ctrl-C stops it), show one.
def main(argv: list[str]) -> int:
    problem = soma_problem()
    if "--all" in argv:
        for solution in problem.solutions():
            print(picture(problem, solution))
        return 0
    result = problem.count()
    print(f"{problem.option_count} placements; {result.solutions} packings "
          f"({result.solutions // 48} up to rotation and reflection) "
          f"in {result.statistics.seconds:.2f} s")
    first = problem.solve()
    assert first is not None
    print("one of them, layer by layer:", picture(problem, first))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
