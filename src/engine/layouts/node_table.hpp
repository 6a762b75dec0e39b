// SPDX-License-Identifier: MIT
// The one place every layout sizes what it builds from a Problem: the item
// heads, the entries of the options it holds and a spacer beside each
// option, counted before any array is built, and refused past what the
// layouts' 32-bit indices reach (2^31 nodes) with one message for all of
// them. It runs when a layout is built, never in the search.
#pragma once

#include <cstdint>

#include "xcover/problem.hpp"

namespace xcover::detail {

// The options a layout holds: those with a primary item (the search never
// chooses the others), or all of them (the memo's links).
enum class HeldOptions { with_primary, all };

// What a layout's node table holds for a problem.
struct NodeTable {
  std::int64_t items = 0;    // the item heads (items 1..items; 0 heads their list)
  std::int64_t options = 0;  // the options held
  std::int64_t entries = 0;  // their entries
  // The dancing links' nodes: the heads, the entries, and a spacer before
  // each option and after the last (the sparse sets and the bit sets hold
  // fewer, and are refused at the same size).
  std::int64_t nodes() const { return items + 2 + entries + options; }
};

// The node table of `problem`'s `held` options. ProblemError "problem too
// large: more than 2^31 nodes" when its nodes() reach the limit (2^31 - 1),
// whichever layout asks.
NodeTable node_table(const Problem& problem, HeldOptions held = HeldOptions::with_primary);

// For the tests alone: the limit node_table() refuses at, which a test lowers
// (a problem of 2^31 nodes does not fit in a test's memory) and sets back.
// Returns the limit before. Not exported from a shared library (which exports
// the public API alone): the tests that lower it run against the static one.
std::int64_t set_node_limit(std::int64_t limit);

}  // namespace xcover::detail
