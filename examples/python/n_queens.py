#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""N queens with xcover_dlx.queens: counts (OEIS A000170) and a board.

    python3 examples/python/n_queens.py [N]     (default 8)
"""
import sys

from xcover_dlx import queens


def main(argv: list[str]) -> int:
    n = int(argv[0]) if argv else 8
    print("solutions for 1..10 queens:", [queens.count(k) for k in range(1, 11)])
    print(f"{n} queens: {queens.count(n)} solutions; the first:")
    for row in queens.picture(next(queens.solutions(n))):
        print(row)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
