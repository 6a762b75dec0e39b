// SPDX-License-Identifier: MIT
// Counting and visiting a tiling's solutions, the kept ones only.
#include <cstdint>

#include "xcover/parallel.hpp"
#include "xcover/puzzles/polyform.hpp"

namespace xcover::polyform {

KeptSearch search_kept(const Problem& problem, const Visitor& keep, const Visitor& visit,
                       const ParallelOptions& options) {
  const std::uint64_t limit = options.search.solution_limit;
  std::uint64_t kept = 0;
  bool full = false;
  const Visitor kept_only = [&](const Solution& solution) {
    if (keep && !keep(solution)) return true;
    ++kept;
    if (visit && !visit(solution)) return false;
    full = limit != 0 && kept >= limit;
    return !full;
  };
  KeptSearch result;
  if (options.threads == 1) {
    SearchOptions unlimited = options.search;
    unlimited.solution_limit = 0;  // (the engine's would count every solution)
    Solver solver(problem, options.layout);
    result.status = solver.search(kept_only, unlimited);
    result.statistics = solver.statistics();
  } else {
    // The filter runs on the thread that found each solution, beside the
    // others (a disassembly is most of the work): the visitor, one call at
    // a time, sees the kept ones.
    ParallelOptions parallel = options;
    parallel.search.solution_limit = 0;
    parallel.keep_work_on_stop = false;
    parallel.keep = keep;
    const Visitor visit_kept = [&](const Solution& solution) {
      ++kept;
      if (visit && !visit(solution)) return false;
      full = limit != 0 && kept >= limit;
      return !full;
    };
    ParallelSearch search(problem, parallel);
    result.status = search.run(visit_kept);
    result.statistics = search.statistics();
  }
  if (result.status == Status::stopped && full) result.status = Status::solution_limit;
  result.statistics.solutions = kept;
  return result;
}

namespace {

ParallelOptions on_threads(const SearchOptions& options, unsigned threads) {
  ParallelOptions parallel;
  parallel.threads = threads;
  parallel.search = options;
  parallel.keep_work_on_stop = false;
  return parallel;
}

}  // namespace

CountResult count(const Tiling& tiling, const SearchOptions& options, unsigned threads) {
  if (tiling.needs_keep()) {
    const KeptSearch kept = search_kept(
        tiling.problem, [&](const Solution& s) { return tiling.keep(s); }, nullptr,
        on_threads(options, threads));
    return CountResult{kept.statistics.solutions, kept.status};
  }
  if (threads == 1) {
    Solver solver(tiling.problem);
    return solver.count(options);
  }
  ParallelSearch search(tiling.problem, on_threads(options, threads));
  const Status status = search.run();
  return CountResult{search.statistics().solutions, status};
}

Status solve(const Tiling& tiling, const Visitor& visit, const SearchOptions& options) {
  Visitor keep;
  if (tiling.needs_keep()) keep = [&](const Solution& s) { return tiling.keep(s); };
  return search_kept(tiling.problem, keep, visit, on_threads(options, 1)).status;
}

}  // namespace xcover::polyform
