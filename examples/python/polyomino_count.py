# SPDX-License-Identifier: MIT
"""Counts the pentomino tilings of a board on every core, and draws the
first (the C++ twin, examples/cpp/polyomino_count.cpp, also stops and
resumes from a checkpoint).

    python3 polyomino_count.py [BOARD] [PICTURE.svg]     (default 6x10, no picture)
"""
import sys

from xcover_dlx import polyomino

board = sys.argv[1] if len(sys.argv) > 1 else "6x10"
tiling = polyomino.Tiling(board)
print(f"{board}: {tiling.count().solutions} tilings")
if len(sys.argv) > 2:
    tiling.svg(next(tiling.solutions())).save(sys.argv[2])
