// SPDX-License-Identifier: MIT
// The memoised count's loop (MemoCounter::Counting): a state machine over
// the memo's links, one step a state.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "engine/layouts/memo/memo_count.hpp"
#include "engine/layouts/memo/memo_links.hpp"
#include "engine/layouts/memo/memo_table.hpp"
#include "engine/look_pacing.hpp"
#include "xcover/error.hpp"
#include "xcover/zdd.hpp"

namespace xcover::detail {

namespace memo {

// The memo's budget when the run gives none: a quarter of the machine's
// memory, at most 4 GiB (1 GiB where the system does not say).
std::uint64_t default_memo_bytes();

}  // namespace memo

// One count of count_in(): its state, and each state of its loop a step of
// its own that returns the step after it (as search.hpp's loop calls its
// layouts' steps):
//   open     the links hold a sub-problem at `level_`, unsolved and not in
//            the memo: split it, or branch on an item;
//   part     a product level starts its current part;
//   product  a product level's current part is counted (`answer_`);
//   option   a normal level tries its current option (its item covered);
//   up       the sub-problem at `level_` is counted (`answer_`): to the
//            level above;
//   counted  the root's sub-problem is counted (`answer_`): the count ends;
//   stopped  a limit, the clock or a cancellation stopped it (`stopped_by_`).
class MemoCounter::Counting {
 public:
  Counting(MemoCounter& counter, const MemoRun& run, SharedMemo* shared, unsigned rotation);

  CountResult run() {
    try {
      if (!feasible_) {
        unwind();
        return finish(Status::exhausted, 0);
      }
      if (const std::optional<Status> stopped = enter(0)) return stop(*stopped);
      if (links_.uncovered == 0) {
        unwind();
        counter_.zdd_root_ = Zdd::kEmpty;
        return finish(Status::exhausted, 1);
      }
      for (Step step = Step::open;;) {
        switch (step) {
          case Step::open:
            step = open();
            break;
          case Step::part:
            step = part();
            break;
          case Step::product:
            step = product();
            break;
          case Step::option:
            step = option();
            break;
          case Step::up:
            step = up();
            break;
          case Step::counted:
            unwind();
            counter_.zdd_root_ = answer_node_;
            return finish(Status::exhausted, answer_);
          case Step::stopped:
            return stop(stopped_by_);
        }
      }
    } catch (...) {
      unwind();
      counter_.stats_.seconds = std::chrono::duration<double>(memo::Clock::now() - start_).count();
      throw;
    }
  }

 private:
  enum class Step { open, part, product, option, up, counted, stopped };
  using Frame = Links::Frame;

  Frame& frame(int level) { return links_.frames[static_cast<std::size_t>(level)]; }
  const std::uint64_t* frame_key(int level) const {
    return &links_.frame_keys[static_cast<std::size_t>(level) * words_];
  }

  // The memo: count_on_threads()'s shared one, or this count's own.
  bool find(std::uint64_t h, const std::uint64_t* key, Count& count, std::uint64_t& work,
            std::uint64_t* node) const {
    return shared_ ? shared_->find(h, key, count, work, node)
                   : own_->find(h, key, count, work, node);
  }
  void prefetch(std::uint64_t h) const {
    if (shared_)
      shared_->prefetch(h);
    else
      own_->prefetch(h);
  }
  void insert(std::uint64_t h, const std::uint64_t* key, Count count, std::uint64_t work,
              std::uint64_t node) {
    if (shared_)
      shared_->insert(h, key, count, work, node);
    else
      own_->insert(h, key, count, work, node);
  }

  Step open();
  Step part();
  Step product();
  Step option();
  Step up();

  // `answer_` is the count below level g's current option: added, and on
  // to the next option, round the list from the first tried (the item
  // itself when they have all been).
  void add(Frame& g) {
    const Count sum = g.total + answer_;
    if (sum < g.total)
      throw CountOverflow("the number of solutions passes 2^128 - 1: no exact count");
    g.total = sum;
    g.work = memo::saturating_add(g.work, answer_work_);
    if (zdd_ && answer_ != 0) made_.emplace_back(links_.option_of(g.node), answer_node_);
    ++g.tried;
    g.node = links_.down[g.node];
    if (g.node == g.item) g.node = links_.down[g.item];
    if (g.node == g.first) g.node = g.item;
  }
  // The key of the sub-problem the links hold, kept as the level's (for the
  // memo when the level is counted).
  void keep_key() {
    std::copy(links_.key.begin(), links_.key.end(),
              links_.frame_keys.begin() + static_cast<std::ptrdiff_t>(level_ * words_));
  }

  // Counts a node; a status when a limit, the clock or a cancellation
  // stops the count there (a progress report may be due too).
  std::optional<Status> enter(int depth) {
    if (node_limit_ && nodes_ >= node_limit_) {
      if (nodes_ != trial_ || trial_ == options_.node_limit) return Status::node_limit;
      if (saved_ < nodes_) return Status::stopped;  // the memo does not pay
      if (run_.trial_only) return Status::node_limit;
      node_limit_ = options_.node_limit;  // it does: on to the end
    }
    ++nodes_;
    ++counter_.stats_.level_nodes[static_cast<std::size_t>(depth)];
    if (nodes_ < next_check_) return std::nullopt;
    return look_around();
  }
  // enter()'s checks every 1,024 nodes.
  std::optional<Status> look_around();
  // What the levels have finished, for a count cut short: the solutions
  // of the levels above the first product level (below it, a part's
  // solutions are no solutions of the problem yet).
  Count finished() const;
  void report_progress(double seconds) const;
  // Whether the nodes of a level's chain are new, so that the unique table
  // need not be asked (its cache misses and its doubling were most of what
  // the diagram added to the count). They are when the problem has no secondary items and
  // the memo has dropped nothing. Say a chain's node (option, LO, HI) were
  // made twice, the first such pair: HI has solutions, each covering
  // exactly the primary items left below the option, so HI and the option
  // name the primary items left at the level, and without secondary items
  // those are its whole sub-problem. The sub-problem was then counted twice
  // (within one count the options differ), and the second time the memo
  // did not hold what the first had put in: it had dropped it. (With
  // secondary items, two sub-problems may differ in them alone and have
  // the same solutions.)
  bool nodes_are_new() const { return distinct_sub_problems_ && own_ && !own_->dropped(); }

 public:
  // The table, for the counter to keep (MemoRun::keep_table).
  std::unique_ptr<MemoTable> take_table() { return std::move(own_); }

 private:
  // Back to the root and the assumptions undone, whatever ends the count.
  void unwind();
  CountResult finish(Status status, Count solutions);
  CountResult stop(Status status) {
    const Count so_far = status == Status::stopped ? Count(0) : finished();
    unwind();
    return finish(status, so_far);
  }

  MemoCounter& counter_;
  Links& links_;
  const MemoRun& run_;
  const SearchOptions& options_;
  SharedMemo* const shared_;
  const unsigned rotation_;
  const memo::Clock::time_point start_ = memo::Clock::now();
  ZddNodes* const zdd_;
  const std::size_t words_;
  std::unique_ptr<MemoTable> own_;
  bool feasible_ = true;  // the assumptions hold together
  // The diagram's children of the open levels' options tried so far: an
  // option and the node of its sub-problem, for each that has solutions.
  std::vector<std::pair<int, std::uint64_t>> made_;
  // Frames 0..level-1 have an option committed (normal levels) or hold a
  // part of their sub-problem (product levels); frame `level_` is active
  // when its item is covered. `level_` is opened afresh when its frame is
  // neither.
  int level_ = 0;
  std::uint64_t nodes_ = 0;
  // The nodes the memo saved: the plain search's nodes of the sub-problems
  // it answered (for the trial).
  std::uint64_t saved_ = 0;
  const std::uint64_t trial_;
  std::uint64_t node_limit_;
  std::uint64_t next_check_;
  LookPacing looks_;
  std::uint64_t next_progress_;
  double next_progress_seconds_;
  // The key of the sub-problem below an option, and its hash (mixed:
  // Zobrist's hash is linear, the exclusive or of the items' words, and keys
  // that differ in a few items would cluster in the table).
  std::vector<std::uint64_t> child_;
  std::uint64_t hash_;
  // Parts are looked for where the count has no diagram to make (the
  // diagram of a product would need its parts' orders merged).
  const bool decompose_;
  // Branch on the first primary item left (an ordered diagram), not on the
  // one of fewest options.
  const bool first_item_;
  // No secondary items: a sub-problem is the primary items it has left.
  const bool distinct_sub_problems_;
  std::uint64_t split_gap_ = 1, until_split_ = 1;
  // The count of the sub-problem last counted, the plain search's nodes it
  // stands for, and its diagram's node.
  Count answer_ = 0;
  std::uint64_t answer_work_ = 0;
  std::uint64_t answer_node_ = Zdd::kNone;
  Status stopped_by_ = Status::exhausted;
};

}  // namespace xcover::detail
