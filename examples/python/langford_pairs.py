#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Langford pairs with xcover_dlx.langford: two 1s, two 2s, ..., two ns in
a row, the two copies of v with v numbers between them. The search finds
each arrangement and its reversal, so halving the count gives OEIS A014552.

    python3 examples/python/langford_pairs.py
"""
import sys

from xcover_dlx import langford


def main() -> int:
    print("n=3:", sorted(langford.solutions(3)))
    print("n=4:", min(langford.solutions(4)))
    for n in (7, 8):
        print(f"n={n}: {langford.count(n) // 2} arrangements up to reversal")
    return 0


if __name__ == "__main__":
    sys.exit(main())
