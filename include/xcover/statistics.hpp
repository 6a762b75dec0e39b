// SPDX-License-Identifier: MIT
// What a call searched: the Statistics a Solver and a ParallelSearch keep.
#pragma once

#include <cstdint>
#include <vector>

#include "xcover/count.hpp"
#include "xcover/layout.hpp"

namespace xcover {

// Counters defined as in Knuth's DLX1: a node is an entry to a search level
// (a solution counts as one more node, as it does there); an update is an
// option removed from an item's list or an item removed from its item list.
// The counts are 128 bits (count.hpp): totals over threads, ranks and
// resumed checkpoints cannot overflow.
struct Statistics {
  Count nodes = 0;      // nodes entered (see above)
  Count updates = 0;    // updates made (see above)
  Count solutions = 0;  // solutions visited or counted
  double seconds = 0;   // wall-clock time of the call
  // Memory the solver's structure holds (DLX1 prints the same figure as
  // "bytes"), tables shared with its siblings (Solver::sibling) included;
  // 0 where no single solver ran the search.
  std::uint64_t bytes = 0;
  // level_nodes[k]: nodes entered at depth k (the root is depth 0).
  std::vector<std::uint64_t> level_nodes;
  // The layout that ran the call these figures count: the solver's, or
  // costs after cheapest(); automatic where no single solver ran it.
  Layout layout = Layout::automatic;
  // A memoised count (Layout::memo): the sub-problems whose count the memo
  // gave without a search, and the counts it held at the end (0 otherwise).
  Count memo_hits = 0;
  std::uint64_t memo_entries = 0;
  // Sub-problems a memoised count split into parts that no option spans,
  // each counted on its own (the counts multiply).
  Count memo_splits = 0;
  // A count split by symmetry (CountOptions::symmetry): the options of the
  // item it split at, and how many of them it counted (one a class); the
  // figures above are then those of all of those counts together, and
  // `solutions` the whole count. 0 and 0 otherwise.
  int symmetry_options = 0;
  int symmetry_classes = 0;
  // The automatic count's trials (Counting::automatic), beside the figures
  // above, which count what gave the count; `seconds` holds them: the plain
  // search's nodes and seconds before the memo took over (on several threads,
  // the short plain search that ran before them), and the memo's trial where
  // the plain search counted.
  Count plain_trial_nodes = 0;
  double plain_trial_seconds = 0;
  Count memo_trial_nodes = 0;
  double memo_trial_seconds = 0;
  // The threads that searched: 1 for a Solver; for a ParallelSearch, its
  // workers, or 1 when the search was small enough to finish on the calling
  // thread alone (ParallelOptions::single_thread_nodes).
  unsigned threads = 1;
};

}  // namespace xcover
