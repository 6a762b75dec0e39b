// SPDX-License-Identifier: MIT
// Memoised counting (Layout::memo): Algorithm C on dancing links of its own,
// counting solutions without visiting them one by one. The count of a
// sub-problem depends only on which items are covered and which colours the
// secondary items were given, so it is kept in a memo (memo_table.hpp) under
// that key, and each distinct sub-problem is searched once, as in Knuth's
// DLX6.
//
// Counts are exact: 128 bits, and a count that would pass 2^128 - 1 throws
// CountOverflow rather than wrap. The search is iterative, one frame a level.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "xcover/problem.hpp"
#include "xcover/solver.hpp"

namespace xcover::detail {

class ZddNodes;

// One memoised count: the options forced first, the limits (node_limit,
// time_limit, cancel) and progress reports of `options`, the memo's budget
// in bytes (0: a quarter of the machine's memory, at most 4 GiB), and a
// trial: when not 0, the count gives up (Status::stopped) after that many
// nodes if the memo has not yet saved as many nodes as it entered.
struct MemoRun {
  std::span<const int> assumptions;
  const SearchOptions* options;
  std::uint64_t memo_bytes = 0;
  std::uint64_t trial_nodes = 0;
  // When set, the count makes the diagram of the solutions too: it
  // branches on the first primary item left (so that the diagram is
  // ordered, see zdd.hpp), makes the nodes here, and zdd_root() is its
  // root. No assumptions then.
  ZddNodes* zdd = nullptr;
};

class MemoCounter {
 public:
  // The links of `problem`, which must outlive the counter and have no
  // multiplicities (ProblemError).
  explicit MemoCounter(const Problem& problem);
  ~MemoCounter();
  MemoCounter(const MemoCounter&) = delete;
  MemoCounter& operator=(const MemoCounter&) = delete;

  // Counts the solutions that hold every option of run.assumptions (see
  // MemoRun). A count cut short is the sum of the sub-problems finished so
  // far: a lower bound.
  CountResult count(const MemoRun& run);

  const Statistics& statistics() const { return stats_; }
  // The diagram's root after a complete count that made one (MemoRun::zdd).
  std::uint64_t zdd_root() const { return zdd_root_; }

 private:
  struct Links;
  std::unique_ptr<Links> links_;
  Statistics stats_;
  std::uint64_t zdd_root_ = 0;
};

}  // namespace xcover::detail
