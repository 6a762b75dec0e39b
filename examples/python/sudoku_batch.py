# SPDX-License-Identifier: MIT
"""Solves a file of Sudoku lines on every core, one result per line, in
order (the C++ twin is examples/cpp/sudoku_batch.cpp).

    python3 sudoku_batch.py FILE
"""
import sys

from xcover_dlx import sudoku

with open(sys.argv[1], encoding="utf-8") as lines:
    puzzles = [line.strip() for line in lines if line.strip() and not line.startswith("#")]
unsolved = 0
for result in sudoku.solve_all(puzzles):  # threads=0: one per CPU
    if isinstance(result, str):
        print(result)
    else:  # None: no solution; an error: the line is not a puzzle
        unsolved += 1
        print("no solution" if result is None else f"error: {result}")
sys.exit(1 if unsolved else 0)
