#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""xcover_dlx against a plain-Python Algorithm X (sets of options per item,
the usual way to write it in Python) on the same problems: n queens,
pentominoes and hard Sudoku, each counted or solved by both, answers
compared, seconds printed as a Markdown table.

    PYTHONPATH=build/python python3 bench/bench_python.py [--quick]

The whole run takes about four minutes, nearly all of it plain Python on
the 5x12 pentominoes; --quick leaves out the two largest problems.
"""
import argparse
import pathlib
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "python" / "tests"))

import models  # noqa: E402
import xcover_dlx as xc  # noqa: E402


def plain_algorithm_x(primary, secondary, options, limit=0):
    """Counts exact covers (secondary items at most once, no colours) with
    Knuth's Algorithm X on Python sets: branch on a primary item with the
    fewest options; choosing an option removes every option that shares an
    item with it."""
    by_item = {item: set() for item in list(primary) + list(secondary)}
    for k, option in enumerate(options):
        for item in option:
            by_item[item].add(k)
    open_items = set(primary)
    found = 0

    def select(k):
        removed = []
        for item in options[k]:
            for other in by_item[item]:
                for elsewhere in options[other]:
                    if elsewhere != item:
                        by_item[elsewhere].discard(other)
            removed.append((item, by_item.pop(item)))
            open_items.discard(item)
        return removed

    def deselect(k, removed):
        for item, ks in reversed(removed):
            by_item[item] = ks
            if item in primary_set:
                open_items.add(item)
            for other in ks:
                for elsewhere in options[other]:
                    if elsewhere != item:
                        by_item[elsewhere].add(other)

    primary_set = set(primary)

    def search():
        nonlocal found
        if not open_items:
            found += 1
            return limit and found >= limit
        item = min(open_items, key=lambda i: len(by_item[i]))
        for k in sorted(by_item[item]):
            removed = select(k)
            stop = search()
            deselect(k, removed)
            if stop:
                return True
        return False

    search()
    return found


def time_it(fn):
    start = time.perf_counter()
    answer = fn()
    return answer, time.perf_counter() - start


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="smaller problems (a smoke run)")
    args = parser.parse_args()
    hardest = [l for l in (ROOT / "tests" / "data" / "sudoku_hardest_sample.txt").read_text()
               .split("\n") if l and not l.startswith("#")]
    cases = [  # (name, model, solution limit)
        ("queens 8, all", models.queens(8), 0),
        ("queens 10, all", models.queens(10), 0),
        ("pentominoes 3x20, all", models.pentominoes(3, 20), 0),
        ("pentominoes 6x10, first 50", models.pentominoes(6, 10), 50),
    ]
    if not args.quick:
        cases += [("queens 11, all", models.queens(11), 0),
                  ("pentominoes 5x12, all", models.pentominoes(5, 12), 0)]
    print(f"xcover_dlx {xc.__version__}, kernels {xc.best_kernels().name}, "
          f"Python {sys.version.split()[0]}, one thread", file=sys.stderr)
    print("| problem | answer | plain Python | xcover_dlx | faster |")
    print("|---|---:|---:|---:|---:|")
    for name, model, limit in cases:
        primary, secondary, options = model
        expected, slow = time_it(lambda: plain_algorithm_x(primary, secondary, options, limit))
        problem = xc.Problem(primary=primary, secondary=secondary, options=options)
        got, fast = time_it(lambda: problem.count(limit).solutions)
        assert got == expected, (name, got, expected)
        print(f"| {name} | {got} | {slow:.3f} s | {fast:.4f} s | {slow / fast:.0f}x |")
    puzzles = hardest if not args.quick else hardest[:3]
    answers, slow = time_it(lambda: [plain_algorithm_x(*models.sudoku(p), 1) for p in puzzles])
    assert answers == [1] * len(puzzles)
    solved, fast = time_it(lambda: xc.sudoku.solve_all(puzzles, threads=1))
    assert all(s is not None for s in solved)
    print(f"| {len(puzzles)} hardest Sudoku, solved | {len(puzzles)} | {slow:.3f} s | "
          f"{fast:.4f} s | {slow / fast:.0f}x |")
    # The same puzzles through the general engine (modelled in Python, as above).
    general, fast = time_it(lambda: [
        xc.Problem(primary=m[0], options=m[2]).count(1).solutions
        for m in map(models.sudoku, puzzles)])
    assert general == answers
    print(f"| the same, general Problem per puzzle | {len(puzzles)} | {slow:.3f} s | "
          f"{fast:.4f} s | {slow / fast:.0f}x |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
