// SPDX-License-Identifier: MIT
// Work sharing: how one search runs on many workers (ParallelSearch's
// threads, MPI ranks; src/scale/). Not user API: the installed headers only
// name these types. Work is handed out as subproblems, the options to force
// (assume) to reach a node of the tree.
#pragma once

#include <atomic>
#include <functional>
#include <span>

#include "xcover/solver.hpp"

namespace xcover::detail {

struct WorkSharing {
  // When *share_request is true the search clears it and gives on_split the
  // untried options of its shallowest level that has any, then goes on
  // without them. When *yield_request is true it gives on_split all of its
  // remaining work and returns Status::exhausted: what it kept is done, as
  // after a share. A node_limit hands the work not done to on_split as well
  // (and returns Status::node_limit). Either way the solutions of the
  // search plus those of the subproblems are exactly the solutions. Nothing
  // is shared without on_split.
  std::atomic<bool>* share_request = nullptr;
  const std::atomic<bool>* yield_request = nullptr;
  // `share`: the part of this search's tree the subproblem stands for, by
  // Knuth's estimate (1/d for each level of d options above it).
  std::function<void(std::span<const int> forced, double share)> on_split;
};

// The way in to Solver's sharing search, a private member: for the library's
// own parallel searches (and their tests).
struct SharedSearch {
  [[nodiscard]] static Status run(Solver& solver, const Visitor& visit,
                                  const SearchOptions& options, const WorkSharing& sharing) {
    return solver.search_sharing(visit, options, sharing);
  }
};

}  // namespace xcover::detail
