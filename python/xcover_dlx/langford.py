# SPDX-License-Identifier: MIT
"""Langford pairs through the exact-cover engine (the library's adapter):
arrange two 1s, two 2s, ..., two ns in a row of 2n so that the two copies
of v have v numbers between them. Values and positions are primary items;
each option places one value, and its key is (value, first position), the
positions from 0.

An arrangement and its reversal are different solutions, so count(n) is
twice OEIS A014552 (which counts them once), and solutions(n) gives both.

    >>> from xcover_dlx import langford
    >>> sorted(langford.solutions(3))
    [[2, 3, 1, 2, 1, 3], [3, 1, 2, 1, 3, 2]]
    >>> [langford.count(n) // 2 for n in (3, 4, 7, 8)]  # OEIS A014552
    [1, 1, 26, 150]
"""
from __future__ import annotations

from typing import Iterable, Iterator

from . import _core
from ._core import Problem
from ._problem import keyed
from ._svg import Svg


def problem(n: int) -> Problem:
    """Langford pairs of 1..n: items v1..vN and p1..p2N, all primary;
    option_key(i) is (value, first position) of what option i places (the
    second copy is at first + value + 1). ProblemError when n < 1."""
    made, pairs = _core._langford(n)
    return keyed(made, pairs)


def sequence(pairs: Problem, solution: Iterable[int]) -> list[int]:
    """A solution of problem(n) as its 2n numbers, in order."""
    placed = pairs.option_keys(solution)
    numbers = [0] * (2 * len(placed))
    for value, first in placed:
        numbers[first] = numbers[first + value + 1] = value
    return numbers


def solutions(n: int, limit: int = 0) -> Iterator[list[int]]:
    """The arrangements one at a time (limit: at most that many; 0: all),
    each as its 2n numbers; each comes with its reversal."""
    pairs = problem(n)
    for solution in pairs.solutions(limit):
        yield sequence(pairs, solution)


def count(n: int, *, threads: int = 0) -> int:
    """How many arrangements there are, each reversal counted apart: twice
    OEIS A014552. Counted on `threads` threads (0: one per CPU)."""
    return problem(n).count(threads=threads).solutions


def svg(numbers: Iterable[int]) -> Svg:
    """The arrangement as a picture (Svg: a str that Jupyter shows): each pair
    joined by an arc. ValueError for what is not a Langford arrangement."""
    return Svg(_core._langford_svg(list(numbers)))


__all__ = ["problem", "sequence", "solutions", "count", "svg"]
