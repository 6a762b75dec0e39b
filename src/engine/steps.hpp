// SPDX-License-Identifier: MIT
// The protocol between the search loop (search.hpp) and a memory layout
// (layouts/: links, bitsets, counted, sparse, multiplicity, costs): the steps
// the loop takes, named as a concept so that a layout that misses one, or gets
// one's type wrong, fails to compile here rather than deep in the loop. A
// level of the search is open(), then for each option next() ... retract(),
// then close(); the layout owns the data, the loop owns limits, statistics
// and work sharing.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <random>
#include <vector>

#include "xcover/problem.hpp"

namespace xcover::detail {

template <class L>
concept LayoutSteps = requires(L& layout, const L& held, int level, int option, bool flag,
                               std::mt19937_64* rng, const Problem& problem, void (*each)(int)) {
  // The root: options forced before a search (Solver::assume), and where
  // the search would branch first (Solver::branching).
  { layout.assume(option) } -> std::same_as<bool>;
  layout.clear_assumptions();
  { layout.root_solved() } -> std::same_as<bool>;
  { layout.root_branching() } -> std::same_as<std::vector<int>>;

  // A search: begin(propagate, most_clashes) sets up level 0, whose own
  // forced options (none unless the layout commits them) may solve it.
  layout.begin(flag, flag);
  { held.solved_at_begin() } -> std::same_as<bool>;
  // Per level: choose and cover an item (its options are the choices),
  // commit the next choice, undo it, undo the level.
  { layout.open(level, rng) } -> std::same_as<std::int32_t>;
  { layout.next(level) } -> std::same_as<bool>;
  { held.solved(level) } -> std::same_as<bool>;
  layout.retract(level);
  layout.close(level);
  // What the loop reports: the options chosen (-1 for a level that chose
  // none: Algorithm M's null move) and forced, the untried ones it can
  // give away, the updates counted (DLX1's), the memory held.
  { held.option_at(level) } -> std::same_as<int>;
  { held.forced_count(level) } -> std::same_as<std::int32_t>;
  held.for_forced(level, each);
  held.for_untried(level, each);
  { held.has_untried(level) } -> std::same_as<bool>;
  { layout.updates } -> std::same_as<std::uint64_t&>;
  { held.bytes() } -> std::same_as<std::size_t>;

  // Another search of the same problem, sharing what no search changes.
  { held.sibling(problem) } -> std::same_as<L>;
};

}  // namespace xcover::detail
