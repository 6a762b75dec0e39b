// SPDX-License-Identifier: MIT
// Preprocessing, as Knuth's DLX-PRE does it: an equivalent, smaller problem
// whose solutions are exactly the original's (as sets of options), after
// removing
//   - options that can never be chosen: taking one leaves some primary item
//     with no compatible option (colours respected);
//   - items implied by others: when every option with primary item p also
//     holds item c (uncoloured), the options with c but not p go, and c goes;
//   - secondary items that no option uses (unless there is no primary item),
//     and options with no primary item;
// round after round until a round changes nothing. A primary item left with
// no option proves the problem unsolvable. The rules are tried in DLX-PRE's
// order, so the same options and items go as with his program (and what it
// misses, this misses: e.g. an option whose first item is coloured is never
// tested).
//
//   xcover::Reduction r = xcover::reduce(problem);
//   xcover::Solver solver(r.problem);            // smaller, same solutions
//   for (const auto& s : solver.solutions())
//     use(r.original_options(s.options));        // option numbers of `problem`
//
// Option costs (DLX5) stay with their options. Multiplicities (DLX3) are
// refused (ProblemError): DLX-PRE's rules assume each primary item is
// covered exactly once. (reduce.cpp stops the
// build when Problem gains a field, until reduce() is taught about it.)
#pragma once

#include <atomic>
#include <span>
#include <vector>

#include "xcover/export.hpp"
#include "xcover/problem.hpp"

namespace xcover {

// How reduce() works: rounds, cancellation, method.
struct ReduceOptions {
  // At most this many rounds; 0: until a round changes nothing. (DLX-PRE's
  // `t<n>` runs n - 1 rounds.)
  int max_rounds = 0;
  // When set and true (from a signal handler or another thread), the
  // reduction stops after the item it is on; what it has done holds.
  const std::atomic<bool>* cancel = nullptr;
  // How each option is tested: `automatic` takes the cheaper way for the
  // problem; `bitsets` (a bit per option and item) or `scan` (hide and
  // count) force one. Both remove exactly the same options and items.
  enum class Method { automatic, bitsets, scan };
  Method method = Method::automatic;
};

// What reduce() made of a problem, and how to map back to the original.
struct XCOVER_API Reduction {
  // The reduced problem. Items and options keep their relative order and
  // their names; an unsolvable problem becomes one primary item (the one
  // left without options) and no option.
  Problem problem;
  // For each option of `problem`, the index of the option of the original
  // problem it comes from (the option may have lost items).
  std::vector<int> original_option;
  // For each item of `problem`, its index in the original problem.
  std::vector<int> original_item;
  int removed_options = 0;  // original option_count() - problem.option_count()
  int removed_items = 0;    // original item_count() - problem.item_count()
  // Rounds run; as DLX-PRE counts them, the last (when `complete`) is the
  // one that found nothing more to remove.
  int rounds = 0;
  bool unsolvable = false;
  // False when max_rounds or cancel stopped the reduction while it was
  // still finding things to remove (the problem is then equivalent, but not
  // as small as it can be made).
  bool complete = true;
  bool cancelled = false;

  // A solution of `problem` as option numbers of the original problem, in
  // the same order: a solution of the original.
  std::vector<int> original_options(std::span<const int> solution) const;
};

// Throws Error when options.max_rounds is negative.
[[nodiscard]] XCOVER_API Reduction reduce(const Problem& problem,
                                          const ReduceOptions& options = {});

}  // namespace xcover
