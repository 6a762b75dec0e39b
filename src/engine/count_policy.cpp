// SPDX-License-Identifier: MIT
// CountPolicy: see count_policy.hpp.
#include "engine/count_policy.hpp"

#include <chrono>
#include <limits>
#include <string>
#include <utility>

#include "engine/layout_plan.hpp"
#include "xcover/error.hpp"

namespace xcover::detail {

namespace {

bool default_tree(const TreeOptions& options) {
  return options.item_choice == ItemChoice::first_shortest && options.random_seed == 0 &&
         !options.propagate;
}

}  // namespace

Counting CountPolicy::counting_for(const Problem& problem, const SearchOptions& options,
                                   const CountOptions& how, const char* call) {
  switch (how.counting) {
    case Counting::plain:
      return Counting::plain;
    case Counting::memo:
      if (options.solution_limit != 0)
        throw Error(std::string("Solver::") + call +
                    ": a memoised count does not follow a solution_limit (it counts sub-problems "
                    "whole): count plainly (Counting::plain), or leave the limit out");
      check_followed(Layout::memo, options, (std::string("Solver::") + call).c_str());
      return Counting::memo;
    case Counting::automatic:
      break;
  }
  const bool suits_memo = !problem.has_multiplicities() && options.solution_limit == 0 &&
                          options.node_limit == 0 && default_tree(options) &&
                          problem.item_count() <= kMemoMostItems;
  return suits_memo ? Counting::automatic : Counting::plain;
}

bool CountPolicy::may_split(const Problem& problem, std::span<const int> assumptions,
                            const SearchOptions& options, const CountOptions& how) {
  return how.symmetry && assumptions.empty() && options.solution_limit == 0 &&
         options.node_limit == 0 && !problem.has_multiplicities();
}

std::optional<ItemClasses> CountPolicy::split_before_memo(const Problem& problem) {
  ItemClasses classes = symmetric_item(problem, symmetry_work(problem, 0));
  if (classes.item < 0) return std::nullopt;
  return classes;
}

std::optional<ItemClasses> CountPolicy::split_after_trial(const Problem& problem,
                                                          const SearchOptions& options,
                                                          const CountOptions& how, double seconds,
                                                          const std::function<bool()>& stop) {
  if (!may_split(problem, {}, options, how)) return std::nullopt;
  ItemClasses classes = symmetric_item(problem, symmetry_work(problem, seconds), stop);
  if (classes.item < 0) return std::nullopt;
  return classes;
}

void CountPolicy::begin_plain(const Problem& problem, bool look_for_symmetry,
                              double memo_build_seconds) {
  problem_ = &problem;
  memo_build_seconds_ = memo_build_seconds;
  budget_ = kTrialLookNodes;
  look_for_symmetry_ = look_for_symmetry;
  next_look_ = 0;
  looks_ = 0;
  next_trial_ = memo_refused_ ? std::numeric_limits<double>::infinity() : 0;
  classes_ = {};
}

CountStep CountPolicy::at_budget(Count nodes, double seconds, const std::function<bool()>& stop) {
  budget_ += kTrialLookNodes;
  if (look_for_symmetry_ && nodes >= kSymmetryTrialNodes && seconds >= next_look_) {
    const std::uint64_t work = symmetry_work(*problem_, seconds);
    const auto start = std::chrono::steady_clock::now();
    ItemClasses classes = symmetric_item(*problem_, work, stop);
    const bool last = work >= symmetry_work_wanted(*problem_) || ++looks_ == kMostLooks;
    // A split found by a look that ran out of work may be coarser than
    // more work would make it (Steiner triple systems on 13 points: 6
    // classes of 11 options, where all 11 are one): such a look waits for
    // another, with more work, and the last takes what it finds.
    if (classes.item >= 0 && (!classes.out_of_work || last)) {
      classes_ = std::move(classes);
      return CountStep::split;
    }
    // Looking again when the search has run twice as long: after such a
    // split, or a look whose work ran out before it weighed a single item
    // (a big problem). Not after one that weighed some and found none.
    look_for_symmetry_ = (classes.item >= 0 || classes.starved) && !last;
    next_look_ =
        2 *
        (seconds + std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  if (seconds >= next_trial_ && memo_trial_due(nodes, seconds, memo_build_seconds_))
    return CountStep::memo_trial;
  return CountStep::go_on;
}

void CountPolicy::memo_did_not_pay(double seconds, bool ran_out) {
  next_trial_ = ran_out ? 2 * seconds : std::numeric_limits<double>::infinity();
  memo_refused_ = !ran_out;
}

}  // namespace xcover::detail
