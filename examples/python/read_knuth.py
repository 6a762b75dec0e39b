# SPDX-License-Identifier: MIT
"""Reads a problem in Knuth's format, counts its solutions and prints the
first (the C++ twin is examples/cpp/read_knuth.cpp).

    python3 read_knuth.py FILE.dlx
"""
import sys

import xcover_dlx as xc

try:
    problem = xc.Problem.read_dlx(sys.argv[1])
except xc.ParseError as e:  # "FILE:LINE: what is wrong"
    sys.exit(str(e))
print(f"{problem.item_count} items ({problem.primary_count} primary), "
      f"{problem.option_count} options")
count = problem.count()
print(f"{count.solutions} solutions ({count.status.name})")
first = next(iter(problem.solutions(1)))
print("the first:")
for option in first:
    print("  " + problem.option_text(option))
