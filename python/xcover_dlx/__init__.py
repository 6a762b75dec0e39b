# SPDX-License-Identifier: MIT
"""Exact cover for Python: Knuth's Algorithm X and C (dancing links, and bit
sets with SIMD), from the C++ library xcover.

    >>> import xcover_dlx as xc
    >>> p = xc.Problem(primary=["a", "b", "c"],
    ...                options=[["a", "b"], ["c"], ["a"], ["b", "c"]])
    >>> [sorted(p.option_text(i) for i in s) for s in p.solutions()]
    [['a b', 'c'], ['a', 'b c']]
    >>> p.count().solutions
    2

Items are primary (covered exactly once) or secondary (at most once, or by
options that agree on its colour: "x:red"). Searches run without the GIL and
stop on Ctrl-C (KeyboardInterrupt).
"""
from ._core import (
    ConfigurationError,
    CountResult,
    Error,
    Estimate,
    Kernels,
    Layout,
    ParseError,
    Problem,
    ProblemError,
    Reduction,
    SolutionIterator,
    Solver,
    Statistics,
    Status,
    SudokuError,
    __version__,
    best_kernels,
    count,
    default_threads,
    hardware_threads,
    reduce,
)
from . import sudoku
from . import polyomino

__all__ = [
    "ConfigurationError", "CountResult", "Error", "Estimate", "Kernels", "Layout", "ParseError",
    "Problem", "ProblemError", "Reduction",
    "SolutionIterator", "Solver", "Statistics", "Status", "SudokuError", "__version__",
    "best_kernels", "count", "default_threads", "hardware_threads", "reduce", "sudoku",
    "polyomino",
]


def _solutions(self, limit=0, *, time_limit=0.0, node_limit=0, layout=Layout.automatic):
    """The solutions, lazily, each a list of option indices (see Solver.solutions)."""
    return Solver(self, layout).solutions(limit, time_limit=time_limit, node_limit=node_limit)


def _count(self, limit=0, *, time_limit=0.0, node_limit=0, threads=1, layout=Layout.automatic):
    """Counts the solutions on `threads` threads (0: one per core); a CountResult."""
    return count(self, limit, time_limit=time_limit, node_limit=node_limit, threads=threads,
                 layout=layout)


def _solve(self, *, time_limit=0.0, layout=Layout.automatic):
    """The first solution as a list of option indices, or None when there is none.
    Raises Error when the time limit ends the search first."""
    it = Solver(self, layout).solutions(1, time_limit=time_limit)
    for solution in it:
        return solution
    if it.status != Status.exhausted:
        raise Error(f"no solution found before the search stopped ({it.status.name})")
    return None


Problem.solutions = _solutions
Problem.count = _count
Problem.solve = _solve
