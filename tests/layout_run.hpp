// SPDX-License-Identifier: MIT
// What the tests that compare two layouts record of a search: the solutions
// in the order found, the statistics, the status and where the search would
// branch first.
#pragma once

#include <doctest/doctest.h>

#include <vector>

#include "xcover/solver.hpp"

struct LayoutRun {
  std::vector<std::vector<int>> order;
  xcover::Statistics stats;
  xcover::Status status = xcover::Status::exhausted;
  std::vector<int> branching;
};

// Searches `problem` in `layout` after assuming `forced`, twice (a search
// must leave the layout as it found it), and records the second search.
inline LayoutRun run_layout(const xcover::Problem& problem, xcover::Layout layout,
                            const std::vector<int>& forced, const xcover::SearchOptions& options) {
  LayoutRun run;
  xcover::Solver solver(problem, layout);
  REQUIRE(solver.layout() == layout);
  for (int option : forced) static_cast<void>(solver.assume(option));
  run.branching = solver.branching().options;
  for (int twice = 0; twice < 2; ++twice) {
    run.order.clear();
    run.status = solver.search(
        [&](const xcover::Solution& s) {
          run.order.emplace_back(s.options.begin(), s.options.end());
          return true;
        },
        options);
  }
  run.stats = solver.statistics();
  return run;
}
