#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Exact cover of sets, with items of any hashable type and solutions read
back as the keys of the chosen subsets.

    python3 examples/python/subsets.py

First Knuth's example (subsets A..F of 1..7, one cover: B D F), then the
domino tilings of a board whose cells are (row, column) tuples, and a
problem kept with pickle, labels and keys included.
"""
import itertools
import pickle
import sys

import xcover_dlx as xc

Cell = tuple[int, int]


# %% Subsets by key; the elements (1..7) become the primary items.
def knuth() -> list[list[str]]:
    p = xc.Problem.from_subsets({"A": [1, 4, 7], "B": [1, 4], "C": [4, 5, 7],
                                 "D": [3, 5, 6], "E": [2, 3, 6, 7], "F": [2, 7]})
    return [sorted(p.option_keys(s)) for s in p.solutions()]


# %% Dominoes on a board: an option per domino, its cells as tuples.
def dominoes(rows: int, columns: int) -> xc.Problem:
    cells = list(itertools.product(range(rows), range(columns)))
    return xc.Problem.from_subsets(
        {(cell, step): [cell, (cell[0] + step[0], cell[1] + step[1])]
         for cell in cells for step in ((0, 1), (1, 0))
         if cell[0] + step[0] < rows and cell[1] + step[1] < columns})


def picture(problem: xc.Problem, solution: list[int], rows: int, columns: int) -> list[str]:
    """'-' and '|' for each domino's first cell, '+' for its second."""
    grid: dict[Cell, str] = {}
    for (first, step), (_, second) in zip(problem.option_keys(solution),
                                          (problem.option_items(o) for o in solution)):
        grid[first], grid[second] = ("-" if step == (0, 1) else "|"), "+"
    return ["".join(grid[r, c] for c in range(columns)) for r in range(rows)]


def main() -> int:
    print("Knuth's example:", knuth())
    board = dominoes(4, 4)
    print(f"4x4 board: {board.count().solutions} domino tilings")  # OEIS A004003: 36
    first = board.solve()
    assert first is not None
    print("\n".join(picture(board, first, 4, 4)))
    kept = pickle.loads(pickle.dumps(dominoes(6, 6)))  # items, keys and all
    print(f"6x6 board, pickled and back: {kept.count().solutions} tilings; "
          f"first cell {kept.items[0]}, first key {kept.option_key(0)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
