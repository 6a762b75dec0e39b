#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""A progress callback on a long count, and a search given a budget by a
callback that raises (the exception comes out of the call; the solver can
search again).

    python3 examples/python/progress.py [N]     (queens, default 13)
"""
import sys

import xcover_dlx as xc
from xcover_dlx import queens


class OutOfBudget(Exception):
    pass


def report(progress: xc.Progress) -> None:
    print(f"  {progress.seconds:5.2f} s: {progress.solutions} solutions so far, "
          f"about {progress.fraction_done:.0%} of the tree", file=sys.stderr)


def main(argv: list[str]) -> int:
    n = int(argv[0]) if argv else 13
    solver = xc.Solver(queens.problem(n))
    result = solver.count(progress=report, progress_interval=0.02)
    print(f"{n} queens: {result.solutions} solutions in {result.statistics.nodes} nodes")

    def budget(progress: xc.Progress) -> None:
        if progress.nodes > 50_000:
            raise OutOfBudget(progress.solutions)

    try:
        solver.count(progress=budget, progress_interval=0.001)
    except OutOfBudget as stopped:
        print(f"out of budget after 50000 nodes, with {stopped.args[0]} solutions or more")
    print("and the solver goes on:", solver.count(10).solutions, "solutions with limit=10")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
