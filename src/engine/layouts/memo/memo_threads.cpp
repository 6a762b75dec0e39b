// SPDX-License-Identifier: MIT
// The memoised count on several threads: see memo_threads.hpp.
#include "engine/layouts/memo/memo_threads.hpp"

#include <chrono>
#include <exception>
#include <optional>
#include <vector>

#include "engine/layouts/memo/memo_counting.hpp"
#include "engine/layouts/memo/memo_table.hpp"
#include "xcover/error.hpp"

namespace xcover::detail {

using memo::Clock;
using memo::default_memo_bytes;

MemoHelpers::MemoHelpers(const Problem& problem, unsigned threads, SharedMemo& shared,
                         std::atomic<bool>& done)
    : shared_(shared), done_(done), counted_(threads - 1), failed_(threads - 1) {
  for (unsigned k = 1; k < threads; ++k)
    counters_.push_back(std::make_unique<MemoCounter>(problem));
}

void MemoHelpers::start() {
  const auto threads = static_cast<unsigned>(counters_.size()) + 1;
  team_.start(
      1, threads,
      [this](unsigned k) {
        try {
          MemoRun mine{{}, &quiet_, 0, 0};
          mine.stop = &done_;
          counted_[k - 1] = counters_[k - 1]->count_in(mine, &shared_, k);
          if (counted_[k - 1]->complete()) done_ = true;
        } catch (...) {
          failed_[k - 1] = std::current_exception();
          done_ = true;
        }
      },
      [this] { done_ = true; });
}

void MemoHelpers::join() {
  done_ = true;
  team_.join();
}

std::optional<CountResult> MemoHelpers::complete() const {
  for (const std::optional<CountResult>& c : counted_)
    if (c && c->complete()) return c;
  return std::nullopt;
}

std::exception_ptr MemoHelpers::error() const {
  for (const std::exception_ptr& e : failed_)
    if (e) return e;
  return nullptr;
}

void MemoHelpers::add_to(Statistics& stats) const {
  for (const std::unique_ptr<MemoCounter>& counter : counters_) {
    const Statistics& h = counter->statistics();
    stats.nodes += h.nodes;
    stats.updates += h.updates;
    stats.memo_hits += h.memo_hits;
    stats.memo_splits += h.memo_splits;
    stats.bytes += counter->links_->bytes();
  }
}

CountResult MemoCounter::count_on_threads(const MemoRun& run, unsigned threads) {
  if (threads <= 1) return count(run);
  if (!run.assumptions.empty() || run.trial_nodes != 0 || run.zdd)
    throw Error("a memoised count on several threads takes no assumptions, trial or diagram");
  const auto start = Clock::now();
  SharedMemo shared(links_->key.size(), run.memo_bytes ? run.memo_bytes : default_memo_bytes());
  // Set when one thread has counted, or the counting thread has stopped:
  // the others stop.
  std::atomic<bool> done{false};
  MemoHelpers helpers(*problem_, threads, shared, done);
  helpers.start();
  MemoRun mine = run;
  mine.stop = &done;
  std::optional<CountResult> counted;
  std::exception_ptr failed;
  try {
    counted = count_in(mine, &shared, 0);
  } catch (...) {
    failed = std::current_exception();
  }
  helpers.join();
  // The first complete count is the count (this thread's first); else the
  // counting thread's error or status (a helper's error first when it
  // stopped the rest).
  std::optional<CountResult> result;
  if (counted && counted->complete())
    result = counted;
  else
    result = helpers.complete();
  if (!result) {
    if (failed) std::rethrow_exception(failed);
    if (const std::exception_ptr e = helpers.error()) std::rethrow_exception(e);
    result = counted;
  }
  stats_.bytes = shared.bytes() + links_->bytes();
  helpers.add_to(stats_);
  stats_.solutions = result->solutions;
  stats_.threads = threads;
  stats_.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return *result;
}

}  // namespace xcover::detail
