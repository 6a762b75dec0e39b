// SPDX-License-Identifier: MIT
// Which memory layout a solver takes for a problem, and which instantiation
// of it (colours or not, the size of a set of options, the width of a
// length): decided once, from one pass over the problem, before any kernel
// set's code runs (engine.hpp).
#pragma once

#include <cstddef>

#include "xcover/problem.hpp"
#include "xcover/solver.hpp"

namespace xcover::detail {

// The largest problems the bit-set layout takes: lengths are 15-bit, and
// (length, item) pairs pack in 32 bits.
constexpr int kBitsetsMaxOptions = 0x7fff;
constexpr int kBitsetsMaxPrimary = 0xffff;

// Up to this many items (counting the unused item 0) the sparse sets undo a
// level by copying back the lengths saved there, as Knuth's SSXCC does; so
// far they beat the links only then, and with colours (measured on word
// squares: 25% less time), so the automatic choice takes them only then.
constexpr int kSparseSnapshotItems = 256;

struct LayoutPlan {
  Layout layout = Layout::links;  // links, bitsets or sparse, never automatic
  bool colors = false;            // links: some option with a primary item gives a colour
  int words = 1;                  // bitsets: 64-bit words in a set of options
  bool short_lengths = false;     // bitsets: no primary item has more than 127 options
  // bitsets: the counted bit sets (bitsets/counted.hpp), for colour problems
  // with few primary items whose options lie in few runs of words.
  bool counted = false;
  // Some primary item has bounds other than 1:1: Algorithm M's layout
  // (multiplicity/), reported as links.
  bool multiplicities = false;
  bool costs = false;  // Solver::cheapest's layout (cost_links.hpp) instead
};

// The most levels a search of the problem can go down: one a primary item,
// or with multiplicities one a primary item (its null move) and one an
// option that can be chosen.
std::size_t search_depth(const Problem& problem);

// The plan for `asked` (automatic: bitsets for small or dense problems, see
// layout_plan.cpp). ProblemError when `asked` is bitsets and the problem is
// too big for them.
LayoutPlan plan_layout(const Problem& problem, Layout asked);

}  // namespace xcover::detail
