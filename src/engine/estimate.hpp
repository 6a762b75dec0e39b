// SPDX-License-Identifier: MIT
// Estimating a search before running it: Knuth's Monte Carlo method (TAOCP
// 7.2.2, after his "Estimating the efficiency of backtrack programs", 1975).
// A probe walks one path from the root down the tree the search loop
// (search.hpp) would explore, taking the same steps: at each node it opens
// the level (the same item is chosen), picks one of the item's d options at
// random, each with probability 1/d, and goes down. A node reached with
// probability 1/(d1 d2 ... dk) is counted with that weight, so the sum over
// a probe's path has, for expectation, the total over the tree: of nodes,
// of solutions, and of updates (each node's own: those of opening it and of
// the commit that made it).
//
// Part of search.hpp, which includes it at its end: one copy per kernel set.
#pragma once

namespace xcover::detail::XCOVER_ISA {

// Adds a probe's estimates (nodes, updates, solutions) and the levels it
// opened to `sums`: running means and sums of squared deviations, Welford's
// way, which lose nothing when the probes agree.
inline void add_probe(EstimateSums& sums, const double (&values)[3], double levels) {
  const double n = static_cast<double>(++sums.probes);
  for (int i = 0; i < 3; ++i) {
    const double before = values[i] - sums.mean[i];
    sums.mean[i] += before / n;
    sums.m2[i] += before * (values[i] - sums.mean[i]);
  }
  sums.levels += levels;
}

// Runs up to `probes` probes on `core` (with no search under way), adding
// each completed one to `sums`; a stop (time limit, cancellation) drops the
// probe it interrupts. The layout is left as it was.
template <LayoutSteps C>
Status estimate_probes(C& core, bool infeasible, std::uint64_t probes, std::uint64_t seed,
                       const SearchOptions& options, EstimateSums& sums) {
  const Clock::time_point start = Clock::now();
  auto since = [](Clock::time_point t) {
    return std::chrono::duration<double>(Clock::now() - t).count();
  };
  std::mt19937_64 paths(seed);
  // SearchOptions::random_seed breaks ties as the search would.
  std::mt19937_64 ties(options.random_seed);
  std::mt19937_64* tie_breaker = options.random_seed != 0 ? &ties : nullptr;
  const bool most_clashes = options.item_choice == ItemChoice::most_clashes;
  Status status = Status::exhausted;
  auto must_stop = [&] {
    if (options.cancel && options.cancel->load(std::memory_order_relaxed)) {
      status = Status::cancelled;
    } else if (options.time_limit > 0 && since(start) >= options.time_limit) {
      status = Status::time_limit;
    }
    return status != Status::exhausted;
  };
  // Undoes the levels top..0.
  auto unwind = [&core](int top) {
    for (int l = top; l >= 0; --l) {
      core.retract(l);
      core.close(l);
    }
  };
  // As in the loop: with no assumption conflicting, a root the assumptions
  // solve is one node and one solution.
  const bool root_solved = !infeasible && core.root_solved();

  for (std::uint64_t probe = 0; probe < probes; ++probe) {
    if (must_stop()) break;
    const std::uint64_t updates_before = core.updates;
    double values[3] = {0, 0, 0};  // nodes, updates, solutions
    double levels = 0;
    if (root_solved) {
      values[0] = values[2] = 1;
    } else if (!infeasible) {
      core.begin(options.propagate, most_clashes);
      values[1] = static_cast<double>(core.updates - updates_before);
      if (core.solved_at_begin()) {
        values[0] = 1 + core.forced_count(0);
        values[2] = 1;
      } else {
        double weight = 1;  // 1 / the probability of reaching this node
        for (int level = 0;; ++level) {
          values[0] += weight * (1 + core.forced_count(level));
          if (level > 0 && must_stop()) {
            unwind(level - 1);
            break;
          }
          const std::uint64_t before_open = core.updates;
          const std::int32_t choices = core.open(level, tie_breaker);
          levels += 1;
          values[1] += weight * static_cast<double>(core.updates - before_open);
          if (choices == 0) {
            core.close(level);
            unwind(level - 1);
            break;
          }
          // Choice k of the level is reached as the loop reaches it: after
          // trying (and retracting) the k before it.
          // A layout that drops dead options as it goes (the links and the
          // sparse sets with colours: an option whose commit leaves a
          // primary item without options is no node) runs out before the
          // k-th when fewer than k + 1 options live: that draw is a dead
          // end. Each live option is still drawn with probability
          // 1/choices, so the estimate stays unbiased.
          const std::uint64_t k = paths() % static_cast<std::uint64_t>(choices);
          bool live = true;
          for (std::uint64_t i = 0; live && i < k; ++i) {
            live = core.next(level);
            if (live) core.retract(level);
          }
          const std::uint64_t before_commit = core.updates;
          if (live) live = core.next(level);
          weight *= choices;
          values[1] += weight * static_cast<double>(core.updates - before_commit);
          if (!live) {
            core.close(level);
            unwind(level - 1);
            break;
          }
          if (core.solved(level)) {
            values[0] += weight * (1 + core.forced_count(level + 1));
            values[2] += weight;
            unwind(level);
            break;
          }
        }
        if (status != Status::exhausted) break;
      }
    }
    add_probe(sums, values, levels);
  }
  sums.elapsed += since(start);
  return status;
}

Status SearchEngine::estimate(std::uint64_t probes, std::uint64_t seed,
                              const SearchOptions& options, EstimateSums& sums) {
  refuse_if_busy("estimate");
  check_followed(layout(), options, "Solver::estimate");
  busy = true;
  struct Idle {
    bool& busy;
    ~Idle() { busy = false; }
  } idle{busy};
  return std::visit(
      [&](auto& core) { return estimate_probes(core, infeasible, probes, seed, options, sums); },
      layout_core);
}

}  // namespace xcover::detail::XCOVER_ISA
