#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Exact cover of a 0/1 matrix: rows are options, columns items, and a
solution is a list of row indices. A numpy array or plain lists of lists.

    python3 examples/python/matrix.py
"""
import sys

import numpy

import xcover_dlx as xc

# Knuth's matrix from "Dancing links" (columns A..G): rows 0, 3 and 4 alone
# cover every column once.
KNUTH = [
    [0, 0, 1, 0, 1, 1, 0],
    [1, 0, 0, 1, 0, 0, 1],
    [0, 1, 1, 0, 0, 1, 0],
    [1, 0, 0, 1, 0, 0, 0],
    [0, 1, 0, 0, 0, 0, 1],
    [0, 0, 0, 1, 1, 0, 1],
]


def main() -> int:
    p = xc.Problem.from_matrix(numpy.array(KNUTH, dtype=bool), names="ABCDEFG")
    for solution in p.solutions():
        print("rows", sorted(solution), "cover", sorted(p.items))
    # Column A secondary (at most once; secondary=2 would take the last two
    # columns): rows 2 and 5, which leave A uncovered, are a solution too.
    loose = xc.Problem.from_matrix(KNUTH, secondary=[0])
    print("with A secondary:", sorted(sorted(s) for s in loose.solutions()))
    # And back: a numpy array, options x items, columns in the order of p.items.
    back = xc.Problem(primary=["a", "b"], secondary=["x"],
                      options=[["a", "x"], ["b"], ["a", "b"]]).to_matrix()
    print(back.tolist(), numpy.array_equal(p.to_matrix(), numpy.array(KNUTH)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
