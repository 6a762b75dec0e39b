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

#include <atomic>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "xcover/problem.hpp"
#include "xcover/solver.hpp"
#include "xcover/zdd.hpp"

namespace xcover::detail {

class ZddNodes;
class SharedMemo;
class MemoTable;

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
  // When set, the count makes the diagram of the solutions too: it makes
  // the nodes here, and zdd_root() is its root. No assumptions then.
  ZddNodes* zdd = nullptr;
  // With `zdd`, the item the count branches on (zdd.hpp): the one of fewest
  // options, as without a diagram, or the first left (an ordered diagram).
  ZddOrder zdd_order = ZddOrder::fewest;
  // Stops the count too when set (Status::cancelled), beside options->cancel.
  const std::atomic<bool>* stop = nullptr;
  // With `trial_nodes`: stop when the trial ends, whether the memo pays
  // (Status::node_limit) or not (Status::stopped).
  bool trial_only = false;
  // Start from the table the last count kept, if it kept one, and keep this
  // one's (one thread, no diagram): a sub-problem's count is the same
  // whatever options covered the items it lacks, so the classes of a count
  // split by symmetry share them. A count without it drops the kept table.
  bool keep_table = false;
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
  // count(run) on `threads` threads (1 or more) that share one memo: this
  // one counts; the others, each with links of its own, search the same
  // problem trying each level's options from another one on, and fill the
  // memo ahead of it. The count is the first to end; the same on any
  // number of threads. No assumptions, no trial, no diagram. statistics()
  // add up the threads' nodes and memo hits.
  CountResult count_on_threads(const MemoRun& run, unsigned threads);

  const Statistics& statistics() const { return stats_; }
  // Lets go of the table a count kept (MemoRun::keep_table).
  void forget_table();
  // The diagram's root after a complete count that made one (MemoRun::zdd).
  std::uint64_t zdd_root() const { return zdd_root_; }

 private:
  // Its dancing links (memo_links.hpp).
  struct Links;
  // One count: its state and the steps of its loop (memo_counting.hpp).
  class Counting;
  // count_on_threads()'s helper threads (memo_threads.hpp).
  friend class MemoHelpers;
  // count(), with the shared memo of count_on_threads() if not null, each
  // level's options tried from one picked by `rotation` (0: the first).
  CountResult count_in(const MemoRun& run, SharedMemo* shared, unsigned rotation);
  const Problem* problem_;
  std::unique_ptr<Links> links_;
  std::unique_ptr<MemoTable> kept_;  // MemoRun::keep_table
  Statistics stats_;
  std::uint64_t zdd_root_ = 0;
};

}  // namespace xcover::detail
