# SPDX-License-Identifier: MIT
"""Polyomino tilings through the exact-cover engine: a board (a built-in name
such as "6x10", or a list of rows of '#' and '.') and pieces (the 12
pentominoes, or a dict of name: rows, or name: (rows, copies) for identical
copies), each piece placed once, turned and flipped.

    >>> from xcover_dlx import polyomino
    >>> polyomino.Tiling("3x20").count().solutions
    8
    >>> t = polyomino.Tiling(["###", "###"], {"D": (["##"], 3)})
    >>> t.svg(next(t.solutions())).startswith("<svg")   # a picture, shown in Jupyter
    True
    >>> sorted(t.picture(s) for s in t.solutions())
    [['D:1 D:1 D:2', 'D:3 D:3 D:2'], ['D:1 D:2 D:2', 'D:1 D:3 D:3'], ['D:1 D:2 D:3', 'D:1 D:2 D:3']]

Counts are raw exact-cover counts, as `xcover polyomino` prints them: the
rotations and reflections of a tiling count apart (6x10: 9356), the copies of
a piece do not (a problem with copies has multiplicities: one thread).
"""
from ._core import Layout, Solver, count as _count_problem
from ._core import polyomino as _polyomino
from ._svg import Svg

Tiling = _polyomino.Tiling
pentominoes = _polyomino.pentominoes
board = _polyomino.board
parse = _polyomino.parse

__all__ = ["Tiling", "pentominoes", "board", "parse"]


def _count(self, limit=0, *, time_limit=0.0, threads=0):
    """Counts the tilings (up to `limit`, 0: all) on `threads` threads (0: one per CPU;
    a tiling with copies: one); a CountResult."""
    return _count_problem(self.problem, limit, time_limit=time_limit, threads=threads)


def _solutions(self, limit=0, *, time_limit=0.0, layout=Layout.automatic):
    """The tilings, lazily, each a list of option indices: picture() and placements()
    read them."""
    return Solver(self.problem, layout).solutions(limit, time_limit=time_limit)


def _pictures(self, limit=0, *, time_limit=0.0):
    """The tilings, lazily, each as picture() draws it."""
    for solution in self.solutions(limit, time_limit=time_limit):
        yield self.picture(solution)


def _svg(self, solution):
    """The tiling as a picture (Svg: a str that Jupyter shows): each piece one
    shape with its own fill, bold edges between pieces."""
    return Svg(self._svg(solution))


Tiling.count = _count
Tiling.svg = _svg
Tiling.solutions = _solutions
Tiling.pictures = _pictures
