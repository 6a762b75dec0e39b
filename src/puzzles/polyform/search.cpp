// SPDX-License-Identifier: MIT
// Counting and visiting a tiling's solutions, the kept ones only.
#include <cstdint>

#include "xcover/parallel.hpp"
#include "xcover/puzzles/polyform.hpp"

namespace xcover::polyform {

namespace {

// The search with `visit` on one thread, or on several when the problem
// lets them cut its tree (not Algorithm M's).
Status run(const Tiling& tiling, const Visitor& visit, const SearchOptions& options,
           unsigned threads) {
  if (threads == 1 || tiling.problem.has_multiplicities()) {
    Solver solver(tiling.problem);
    return solver.search(visit, options);
  }
  ParallelOptions parallel;
  parallel.threads = threads;
  parallel.search = options;
  parallel.keep_work_on_stop = false;
  ParallelSearch search(tiling.problem, parallel);
  return search.run(visit);
}

// Visits the kept solutions, counting them against the solution limit
// (the engine's would count every solution it finds).
CountResult visit_kept(const Tiling& tiling, const Visitor& visit, const SearchOptions& options,
                       unsigned threads) {
  const std::uint64_t limit = options.solution_limit;
  SearchOptions unlimited = options;
  unlimited.solution_limit = 0;
  CountResult result;
  bool full = false;
  Status status = run(
      tiling,
      [&](const Solution& solution) {
        if (!tiling.keep(solution)) return true;
        ++result.solutions;
        if (visit && !visit(solution)) return false;
        full = limit != 0 && result.solutions >= limit;
        return !full;
      },
      unlimited, threads);
  if (status == Status::stopped && full) status = Status::solution_limit;
  result.status = status;
  return result;
}

}  // namespace

CountResult count(const Tiling& tiling, const SearchOptions& options, unsigned threads) {
  if (tiling.needs_keep()) return visit_kept(tiling, nullptr, options, threads);
  if (threads == 1 || tiling.problem.has_multiplicities()) {
    Solver solver(tiling.problem);
    return solver.count(options);
  }
  ParallelOptions parallel;
  parallel.threads = threads;
  parallel.search = options;
  parallel.keep_work_on_stop = false;
  ParallelSearch search(tiling.problem, parallel);
  const Status status = search.run();
  return CountResult{search.statistics().solutions, status};
}

Status solve(const Tiling& tiling, const Visitor& visit, const SearchOptions& options) {
  return visit_kept(tiling, visit, options, 1).status;
}

}  // namespace xcover::polyform
