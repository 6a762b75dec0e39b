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
options that agree on its colour: "x:red"), named by any hashable value.
Problem.from_subsets({key: elements}) and Problem.from_matrix(rows of 0/1)
build the usual shapes; the queens, langford, sudoku, polyomino and polyform
modules the puzzles, whose svg() functions draw solutions (Svg: shown as
pictures in Jupyter).
Searches run without the GIL and stop on Ctrl-C (KeyboardInterrupt).
"""
from ._core import (
    ConfigurationError,
    CountOverflow,
    CountResult,
    Error,
    Estimate,
    ItemChoice,
    Kernels,
    Layout,
    ParseError,
    Problem,
    ProblemError,
    Progress,
    Reduction,
    SolutionIterator,
    Solver,
    Statistics,
    Status,
    SudokuError,
    Zdd,
    ZddResult,
    __version__,
    best_kernels,
    count,
    default_threads,
    hardware_threads,
    option_names,
    reduce,
    search_option_table,
    zdd,
)
from . import _problem
from ._svg import Svg, svg_sheet
from . import langford, polyform, polyomino, queens, sudoku

__all__ = [
    "ConfigurationError", "CountOverflow", "CountResult", "Error", "Estimate", "ItemChoice",
    "Kernels",
    "Layout", "ParseError", "Problem", "ProblemError", "Progress", "Reduction",
    "SolutionIterator", "Solver", "Statistics", "Status", "SudokuError", "__version__",
    "best_kernels", "count", "default_threads", "hardware_threads", "langford",
    "option_names", "polyform", "polyomino", "queens", "reduce", "search_option_table", "sudoku", "Svg", "svg_sheet", "Zdd", "ZddResult", "zdd",
]

_problem.install()
