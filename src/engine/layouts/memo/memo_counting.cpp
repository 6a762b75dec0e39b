// SPDX-License-Identifier: MIT
// The memoised count's loop: see memo_counting.hpp; and the counter that
// runs it on one thread (memo_count.hpp).
#include "engine/layouts/memo/memo_counting.hpp"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <optional>

#include "engine/layouts/memo/zdd_nodes.hpp"
#include "xcover/error.hpp"

namespace xcover::detail {

using memo::Clock;
using memo::default_memo_bytes;
using memo::mix;
using memo::saturating_add;

MemoCounter::MemoCounter(const Problem& problem) : problem_(&problem) {
  if (problem.has_multiplicities())
    throw ProblemError(
        "a memoised count takes no multiplicities (primary items with bounds other than 1:1): "
        "count them without the memo");
  links_ = std::make_unique<Links>(problem);
  stats_.layout = Layout::memo;
}

MemoCounter::~MemoCounter() = default;

std::uint64_t memo::default_memo_bytes() {
  constexpr std::uint64_t kMost = std::uint64_t{4} << 30;
#if defined(_SC_PHYS_PAGES) && defined(_SC_PAGESIZE)
  const long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
  if (pages > 0 && size > 0)
    return std::min(kMost,
                    static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(size) / 4);
#endif
  return kMost / 4;
}

namespace {

// The most sub-problems a memoised count opens between two looks for parts.
constexpr std::uint64_t kMostSplitGap = 64;

bool branches_on_first(ZddOrder order) {
  switch (order) {
    case ZddOrder::fewest:
      return false;
    case ZddOrder::first:
      return true;
  }
  return false;
}

}  // namespace

CountResult MemoCounter::count(const MemoRun& run) { return count_in(run, nullptr, 0); }
MemoCounter::Counting::Counting(MemoCounter& counter, const MemoRun& run, SharedMemo* shared,
                                unsigned rotation)
    : counter_(counter),
      links_(*counter.links_),
      run_(run),
      options_(*run.options),
      shared_(shared),
      rotation_(rotation),
      zdd_(run.zdd),
      words_(counter.links_->key.size()),
      trial_(run.trial_nodes),
      node_limit_(run.trial_nodes &&
                          (!run.options->node_limit || run.trial_nodes < run.options->node_limit)
                      ? run.trial_nodes
                      : run.options->node_limit),
      next_progress_seconds_(run.options->progress_seconds),
      child_(counter.links_->key.size()),
      decompose_(run.zdd == nullptr),
      first_item_(run.zdd && branches_on_first(run.zdd_order)),
      distinct_sub_problems_(counter.links_->items == counter.links_->primary) {
  Statistics& stats = counter_.stats_;
  stats = Statistics();
  stats.layout = Layout::memo;
  stats.level_nodes.assign(links_.frames.size() + 1, 0);
  links_.updates = 0;
  counter_.zdd_root_ = Zdd::kNone;
  if (zdd_ && !run.assumptions.empty())
    throw Error("a diagram of the solutions is made without assumptions");
  for (const int k : run.assumptions) {
    if (!links_.assume(k)) {
      feasible_ = false;
      break;
    }
  }
  if (!shared_) {
    if (run.keep_table && counter_.kept_ && zdd_ == nullptr)
      own_ = std::move(counter_.kept_);
    else
      own_ = std::make_unique<MemoTable>(
          words_, run.memo_bytes ? run.memo_bytes : default_memo_bytes(), zdd_ != nullptr);
  }
  const bool watched =
      options_.time_limit > 0 || options_.cancel || options_.on_progress || run.stop;
  next_check_ = watched ? 1 : UINT64_MAX;
  looks_.start(options_.time_limit > 0 || options_.progress_seconds > 0);
  next_progress_ =
      options_.on_progress && options_.progress_nodes ? options_.progress_nodes : UINT64_MAX;
  hash_ = mix(links_.hash);
}

std::optional<Status> MemoCounter::Counting::look_around() {
  if ((options_.cancel && options_.cancel->load(std::memory_order_relaxed)) ||
      (run_.stop && run_.stop->load(std::memory_order_relaxed)))
    return Status::cancelled;
  const double seconds = std::chrono::duration<double>(Clock::now() - start_).count();
  looks_.adapt(seconds);
  next_check_ = nodes_ + looks_.every;
  if (options_.time_limit > 0 && seconds >= options_.time_limit) return Status::time_limit;
  if (options_.on_progress) {
    bool due = false;
    if (nodes_ >= next_progress_) {
      next_progress_ += options_.progress_nodes;
      due = true;
    }
    if (options_.progress_seconds > 0 && seconds >= next_progress_seconds_) {
      next_progress_seconds_ = seconds + options_.progress_seconds;
      due = true;
    }
    if (due) report_progress(seconds);
    next_check_ = std::min(next_check_, next_progress_);
  }
  return std::nullopt;
}

Count MemoCounter::Counting::finished() const {
  Count sum = 0;
  for (int k = 0; k <= level_; ++k) {
    const Frame& f = links_.frames[static_cast<std::size_t>(k)];
    if (!f.active || f.product) break;
    sum += f.total;
  }
  return sum;
}

void MemoCounter::Counting::report_progress(double seconds) const {
  Progress p;
  p.nodes = nodes_;
  p.updates = links_.updates;
  p.solutions = finished();
  p.seconds = seconds;
  p.level = level_;
  double weight = 1;
  for (int k = 0; k <= level_; ++k) {
    const Frame& f = links_.frames[static_cast<std::size_t>(k)];
    if (!f.active) break;
    if (f.product) {
      // (The parts counted so far, as if each took as long.)
      p.fraction_done += weight * f.part / f.parts;
      weight /= f.parts;
      continue;
    }
    p.fraction_done += weight * f.tried / f.choices;
    weight /= f.choices;
  }
  options_.on_progress(p);
}

void MemoCounter::Counting::unwind() {
  for (int k = level_; k >= 0; --k) {
    Frame& f = frame(k);
    if (!f.active) continue;
    f.active = false;
    if (f.product) {
      links_.unrestrict(f.items_at, f.ends_at, f.parts, f.part);
    } else {
      if (k < level_) links_.uncommit_rest(f.node);
      links_.uncover(f.item);
    }
  }
  level_ = 0;
  links_.part_items.clear();
  links_.part_ends.clear();
  links_.unassume();
}

CountResult MemoCounter::Counting::finish(Status status, Count solutions) {
  CountResult result;
  result.status = status;
  result.solutions = solutions;
  Statistics& stats = counter_.stats_;
  stats.solutions = solutions;
  stats.nodes = nodes_;
  stats.updates = links_.updates;
  stats.bytes = (shared_ ? shared_->bytes() : own_->bytes()) + links_.bytes();
  stats.memo_entries = shared_ ? shared_->size() : own_->size();
  stats.seconds = std::chrono::duration<double>(Clock::now() - start_).count();
  return result;
}

MemoCounter::Counting::Step MemoCounter::Counting::open() {
  Frame& f = frame(level_);
  f.active = false;
  f.product = false;
  // A dead end first: an item without options would otherwise be a part of
  // its own, found by a pass over everything left (on pentominoes, cells
  // cut off by a placement: 10x the nodes).
  const int i = first_item_ ? links_.choose_first() : links_.choose();
  if (links_.len[i] == 0) {
    // A dead end, kept too: the level above then need not commit its
    // option to find it again.
    answer_ = 0;
    answer_work_ = 1;
    answer_node_ = Zdd::kNone;
    insert(hash_, links_.key.data(), 0, 1, Zdd::kNone);
    return Step::up;
  }
  if (decompose_ && links_.uncovered > 1 && --until_split_ == 0) {
    const std::size_t items_at = links_.part_items.size(), ends_at = links_.part_ends.size();
    const int parts = links_.split();
    // A look costs a pass over what is left: after each look that finds
    // one part, the next waits twice as long (up to kMostSplitGap
    // sub-problems); a split brings them back to every one.
    split_gap_ = parts > 1 ? 1 : std::min(2 * split_gap_, kMostSplitGap);
    until_split_ = split_gap_;
    if (parts > 1) {
      f.product = true;
      f.hash = hash_;
      f.total = 1;
      f.work = 1;
      f.part = 0;
      f.parts = parts;
      f.items_at = items_at;
      f.ends_at = ends_at;
      f.choices = 1;
      f.tried = 0;
      keep_key();
      ++counter_.stats_.memo_splits;
      return Step::part;
    }
  }
  f.item = i;
  f.node = links_.down[i];
  if (rotation_ != 0 && links_.len[i] > 1) {
    // (A helper of count_on_threads(): from another option on.)
    const std::uint64_t steps = mix(hash_ + rotation_) % static_cast<std::uint64_t>(links_.len[i]);
    for (std::uint64_t k = 0; k < steps; ++k) f.node = links_.down[f.node];
  }
  f.first = f.node;
  f.hash = hash_;
  f.total = 0;
  f.work = 1;
  f.choices = links_.len[i];
  f.tried = 0;
  f.made = made_.size();
  keep_key();
  links_.cover(i);
  // Each option's sub-problem is looked up in turn below: their slots are
  // asked for now, all at once, so that the table's cache misses overlap
  // (Steiner triple systems: 1.7x the looks a second in a table of 7 GB).
  for (int x = links_.down[i]; x != i; x = links_.down[x]) {
    std::uint64_t h;
    links_.child_key(x, child_.data(), h);
    prefetch(mix(h));
  }
  f.active = true;
  return Step::option;
}

MemoCounter::Counting::Step MemoCounter::Counting::part() {
  // The links take the current part alone, under its own key: its count
  // may be known already.
  Frame& f = frame(level_);
  links_.restrict_to(f.items_at, f.ends_at, f.parts, f.part);
  f.active = true;
  hash_ = mix(links_.hash);
  if (find(hash_, links_.key.data(), answer_, answer_work_, nullptr)) {
    ++counter_.stats_.memo_hits;
    saved_ = saturating_add(saved_, answer_work_);
    return Step::product;
  }
  ++level_;
  return Step::open;
}

MemoCounter::Counting::Step MemoCounter::Counting::product() {
  Frame& f = frame(level_);
  links_.unrestrict(f.items_at, f.ends_at, f.parts, f.part);
  f.active = false;
  if (answer_ != 0 && f.total > Count::max() / answer_)
    throw CountOverflow("the number of solutions passes 2^128 - 1: no exact count");
  f.total *= answer_;
  f.work = saturating_add(f.work, answer_work_);
  ++f.part;
  if (f.total != 0 && f.part < f.parts) return Step::part;
  // Every part counted (or one without solutions): the level is.
  answer_ = f.total;
  answer_work_ = f.work;
  links_.part_items.resize(f.items_at);
  links_.part_ends.resize(f.ends_at);
  insert(f.hash, frame_key(level_), answer_, answer_work_, Zdd::kNone);
  return Step::up;
}

MemoCounter::Counting::Step MemoCounter::Counting::option() {
  // Each option's sub-problem is looked up before anything is committed; a
  // level whose options are all tried is counted.
  Frame& g = frame(level_);
  if (g.node == g.item) {
    links_.uncover(g.item);
    g.active = false;
    answer_ = g.total;
    answer_work_ = g.work;
    if (zdd_) {
      // The level's chain of nodes, its last option's first: each option's
      // sub-problem as HI, the options after it as LO.
      answer_node_ = Zdd::kNone;
      if (nodes_are_new()) {
        for (std::size_t k = made_.size(); k-- > g.made;)
          answer_node_ = zdd_->add(made_[k].first, answer_node_, made_[k].second);
      } else {
        for (std::size_t k = made_.size(); k-- > g.made;)
          answer_node_ = zdd_->make(made_[k].first, answer_node_, made_[k].second);
      }
      made_.resize(g.made);
    }
    insert(g.hash, frame_key(level_), answer_, answer_work_, answer_node_);
    return Step::up;
  }
  if (const std::optional<Status> stopped = enter(level_ + 1)) {
    stopped_by_ = *stopped;
    return Step::stopped;
  }
  const bool solved = links_.child_key(g.node, child_.data(), hash_);
  hash_ = mix(hash_);
  if (solved) {
    answer_ = 1;
    answer_work_ = 1;
    answer_node_ = Zdd::kEmpty;
  } else if (find(hash_, child_.data(), answer_, answer_work_, &answer_node_)) {
    ++counter_.stats_.memo_hits;
    saved_ = saturating_add(saved_, answer_work_);
  } else {
    links_.commit_rest(g.node);
    ++level_;
    return Step::open;
  }
  add(g);
  return Step::option;
}

MemoCounter::Counting::Step MemoCounter::Counting::up() {
  if (level_ == 0) return Step::counted;
  --level_;
  Frame& g = frame(level_);
  if (g.product) return Step::product;
  links_.uncommit_rest(g.node);
  add(g);
  return Step::option;
}

void MemoCounter::forget_table() { kept_.reset(); }

CountResult MemoCounter::count_in(const MemoRun& run, SharedMemo* shared, unsigned rotation) {
  Counting counting(*this, run, shared, rotation);
  const CountResult result = counting.run();
  kept_ = run.keep_table ? counting.take_table() : nullptr;
  return result;
}

}  // namespace xcover::detail
