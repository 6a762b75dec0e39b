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
  // The layout that runs: never automatic (costs only for cheapest()).
  Layout layout = Layout::links;
  bool colors = false;         // links, sparse: some option gives a colour
  int words = 1;               // bitsets: 64-bit words in a set of options
  bool short_lengths = false;  // bitsets: no primary item has more than 127 options
};

// The most levels a search of the problem can go down: one a primary item,
// or with multiplicities one a primary item (its null move) and one an
// option that can be chosen.
std::size_t search_depth(const Problem& problem);

// The plan for `asked` (automatic: see layout_plan.cpp). ProblemError when
// the problem does not fit `asked`, saying which layouts it fits.
LayoutPlan plan_layout(const Problem& problem, Layout asked);

// cheapest()'s plan: the links of cost_links.hpp.
LayoutPlan costs_plan(const Problem& problem);

// follows() (solver.hpp).
bool layout_follows(Layout layout, const TreeOptions& options);

// Throws Error when `layout` does not follow `options` (follows()), for
// `call` (Solver::search, ...).
void check_followed(Layout layout, const TreeOptions& options, const char* call);

}  // namespace xcover::detail
