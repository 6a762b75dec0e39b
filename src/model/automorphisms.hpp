// SPDX-License-Identifier: MIT
// Symmetries of a problem, found from the problem alone: permutations of its
// items (primary to primary, secondary to secondary, colours kept) that map
// its options onto its options. Such a symmetry g maps the solutions that
// hold an option o one-to-one onto those that hold g(o), so the two counts
// are equal. A count can then split at one primary item: every solution holds
// exactly one of its options, so the count is the sum, over the classes of
// those options that symmetries map onto each other, of the class's size
// times the count of one of its options (Knuth's way of counting Langford
// pairs and queens by halves, found here by the machine).
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "xcover/problem.hpp"

namespace xcover::detail {

// The options of one primary item in classes: options of one class have
// equal counts.
struct ItemClasses {
  int item = -1;  // the item; -1 when no item pays
  // Each class's options, in option order (the first stands for the class),
  // the classes in the order of their first options.
  std::vector<std::vector<int>> members;
  int options = 0;           // the item's options: the sizes' sum
  int symmetries = 0;        // the symmetries found (each checked)
  bool out_of_work = false;  // the work ran out: more might find more
  bool starved = false;      // it ran out before any item was weighed
};

// An item whose options fall into at most two thirds as many classes as
// the item has options (and fewer than the first item of fewest options
// has options), among the primary items of fewest options and those whose
// options are up to four times that many; the one of fewest classes (on
// ties, the shorter item, then the first). Each symmetry is checked against every
// option before it is used, so the classes are always right; one that is
// hard to find (a search over `work` steps, about one per entry each) may be
// missed, which only leaves a class split. `item` is -1 for problems with
// multiplicities or costs, and where no item's options fall into fewer
// classes.
// `stop`, when given, is asked now and then (a time limit, a
// cancellation): when it says true the look ends as if out of work.
ItemClasses symmetric_item(const Problem& problem, std::uint64_t work,
                           const std::function<bool()>& stop = {});

// The work symmetric_item() is given after a count has searched for
// `spent` seconds: a few milliseconds' worth, and about a sixth of the time
// spent (a unit of work takes about 3 ns), up to symmetry_work_wanted(). So
// looking costs a count little however big the problem: one whose look ran
// out of work looks again, with more, later.
std::uint64_t symmetry_work(const Problem& problem, double spent);
// All the work worth giving: a thousand passes over the problem, and a few
// milliseconds' worth at least. (A problem as symmetric as the perfect
// matchings of 12 points sets apart a dozen vertices to find each
// symmetry: a few hundred passes.)
std::uint64_t symmetry_work_wanted(const Problem& problem);

}  // namespace xcover::detail
