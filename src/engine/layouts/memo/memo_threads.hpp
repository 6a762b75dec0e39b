// SPDX-License-Identifier: MIT
// The helpers of MemoCounter::count_on_threads: threads 1 .. threads - 1,
// each a counter with links of its own that searches the same problem
// trying each level's options from another one on, and fills the shared
// memo ahead of the counting thread (thread 0, the caller's).
#pragma once

#include <atomic>
#include <exception>
#include <memory>
#include <optional>
#include <vector>

#include "engine/layouts/memo/memo_count.hpp"
#include "support/thread_team.hpp"
#include "xcover/problem.hpp"
#include "xcover/solver.hpp"

namespace xcover::detail {

class SharedMemo;

class MemoHelpers {
 public:
  // The helpers' counters, of `problem` (threads - 1 of them), which count
  // into `shared` until `done`; each sets `done` when it has counted all,
  // or failed. Nothing runs before start().
  MemoHelpers(const Problem& problem, unsigned threads, SharedMemo& shared,
              std::atomic<bool>& done);
  // Stops and joins the threads, whatever ends the count.
  ~MemoHelpers() { join(); }
  MemoHelpers(const MemoHelpers&) = delete;
  MemoHelpers& operator=(const MemoHelpers&) = delete;

  // Starts the threads; one that cannot start stops the others, and the
  // error is thrown (ThreadTeam).
  void start();
  // Sets `done` and waits for the threads.
  void join();

  // After join(): the first helper's complete count, if one finished.
  std::optional<CountResult> complete() const;
  // After join(): the first helper's error, if one failed.
  std::exception_ptr error() const;
  // After join(): adds the helpers' nodes, updates, memo hits and splits
  // to `stats`, and the bytes of their links.
  void add_to(Statistics& stats) const;

 private:
  SharedMemo& shared_;
  std::atomic<bool>& done_;
  std::vector<std::unique_ptr<MemoCounter>> counters_;  // thread k's is [k - 1]
  std::vector<std::optional<CountResult>> counted_;     // likewise
  std::vector<std::exception_ptr> failed_;              // likewise
  SearchOptions quiet_;                                 // theirs: no limits, no reports
  ThreadTeam team_;
};

}  // namespace xcover::detail
