# SPDX-License-Identifier: MIT
"""N queens through the exact-cover engine (the library's adapter): place n
queens on an n x n board, none attacking another. Rows and columns are
primary items, diagonals secondary; each option is a queen on a square, and
its key is that square, (row, column) from 0.

    >>> from xcover_dlx import queens
    >>> [queens.count(n) for n in range(1, 9)]  # OEIS A000170
    [1, 0, 0, 2, 10, 4, 40, 92]
    >>> next(queens.solutions(4))               # the column of each row's queen
    [2, 0, 3, 1]
    >>> queens.picture([2, 0, 3, 1])
    ['..Q.', 'Q...', '...Q', '.Q..']
"""
from __future__ import annotations

from typing import Iterable, Iterator

from . import _core
from ._core import Problem
from ._problem import keyed
from ._svg import Svg


def problem(n: int) -> Problem:
    """The n-queens problem: items r1..rN and c1..cN (primary), sK and dK for
    the diagonals (secondary); option_key(i) is the square (row, column) of
    option i. ProblemError when n < 1."""
    made, squares = _core._queens(n)
    return keyed(made, squares)


def columns(queens: Problem, solution: Iterable[int]) -> list[int]:
    """A solution of problem(n) as the column of the queen in each row."""
    placed = sorted(queens.option_keys(solution))
    return [column for _, column in placed]


def solutions(n: int, limit: int = 0) -> Iterator[list[int]]:
    """The solutions one at a time (limit: at most that many; 0: all), each
    the column of the queen in each row."""
    queens = problem(n)
    for solution in queens.solutions(limit):
        yield columns(queens, solution)


def count(n: int, *, threads: int = 0) -> int:
    """How many ways n queens can be placed (OEIS A000170), counted on
    `threads` threads (0: one per CPU)."""
    return problem(n).count(threads=threads).solutions


def picture(columns: Iterable[int]) -> list[str]:
    """The board, a str a row: 'Q' for a queen and '.' for an empty square."""
    return _core._queens_picture(list(columns))


def svg(columns: Iterable[int]) -> Svg:
    """The board as a picture (Svg: a str that Jupyter shows): a crown on each
    queen. ValueError for a column off the board."""
    return Svg(_core._queens_svg(list(columns)))


__all__ = ["problem", "columns", "solutions", "count", "picture", "svg"]
