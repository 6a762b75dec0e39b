# SPDX-License-Identifier: MIT
"""A problem with secondary items and colours, walked through lazily, then
drawn: Knuth's example of colours (the C++ twin is examples/cpp/colors.cpp)."""
import xcover_dlx as xc

problem = xc.Problem(primary=["p", "q", "r"], secondary=["x", "y"],
                     options=[["p", "q", "x", "y:A"], ["p", "r", "x:A", "y"], ["p", "x:B"],
                              ["q", "x:A"], ["r", "y:B"]])
solutions = problem.solutions()
for number, solution in enumerate(solutions, 1):
    print(f"solution {number}:")
    for option in solution:
        print("  " + problem.option_text(option))
status = solutions.status  # (None only while the search is under way)
assert status is not None
print(f"search {status.name}")
