# SPDX-License-Identifier: MIT
"""Sudoku of box size 2 to 5 (4x4, 9x9, 16x16, 25x25) through the exact-cover
engine. A puzzle is one line of cells row by row ('.' or '0' for a blank,
digits 1-9 then letters A-P) or a list of rows (cells as one-character str,
or as int with 0 for a blank); solutions come back in the shape given.

    >>> from xcover_dlx import sudoku
    >>> sudoku.solve("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")[:9]
    '483921657'
"""
from ._core import sudoku as _sudoku
from ._svg import Svg

solve = _sudoku.solve
count = _sudoku.count
solve_all = _sudoku.solve_all
conflict = _sudoku.conflict
is_solution = _sudoku.is_solution
to_grid = _sudoku.to_grid
Rules = _sudoku.Rules


def _svg(self, puzzle, solution=None):
    """The puzzle as a picture (Svg: a str that Jupyter shows), with its
    solution when given: givens black, digits found blue, regions, diagonals,
    windows and cages drawn."""
    return Svg(self._svg(puzzle, solution))


Rules.svg = _svg

__all__ = ["solve", "count", "solve_all", "conflict", "is_solution", "to_grid", "Rules"]
