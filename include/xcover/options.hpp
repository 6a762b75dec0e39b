// SPDX-License-Identifier: MIT
// What a search, a count, cheapest() and an estimate follow: limits, stops,
// progress reports, the tree's shape, and how a count counts.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>

#include "xcover/count.hpp"
#include "xcover/export.hpp"
#include "xcover/layout.hpp"

namespace xcover {

// How the search picks the primary item to branch on.
enum class ItemChoice {
  first_shortest,  // DLX1's rule: the first (in item order) of fewest options
  most_clashes,    // among the first 7 of fewest options, the one whose options
                   // clash with the most active options: fewer nodes where one
                   // solution is sought among many forced moves (hard Sudoku,
                   // a quarter fewer), often slower when counting all.
                   // The bitsets layout alone follows it; the solutions
                   // come in another order.
};

// A snapshot handed to the progress callback.
struct Progress {
  Count nodes = 0;      // nodes so far
  Count updates = 0;    // updates so far
  Count solutions = 0;  // solutions so far
  double seconds = 0;   // since the call began
  int level = 0;        // the depth the search is at
  // Estimated fraction of the search tree already explored, in [0, 1]
  // (Knuth's estimate: at each level, being at choice k of d contributes
  // (k-1)/d of what the level above leaves).
  double fraction_done = 0;
};

// What a search, a count, cheapest() and an estimate follow is split by
// kind, and each call takes only the kinds it follows: an option a call
// would ignore cannot be given to it.
//
// Limits on what a search visits (search, count, solutions, cheapest).
struct LimitOptions {
  std::uint64_t solution_limit = 0;  // stop after this many solutions; 0 = all
  // Stop before entering more nodes (a solution is a node); 0 = no limit.
  std::uint64_t node_limit = 0;
};

// What ends any call early (every call that searches, estimate() too).
struct StopOptions {
  double time_limit = 0;  // seconds; 0 = no limit
  // Set to true from any thread (or a signal handler) to stop the search.
  const std::atomic<bool>* cancel = nullptr;
};

// Reports while a search runs (search, count, solutions, cheapest).
struct ProgressOptions {
  // Called every progress_nodes nodes and/or every progress_seconds seconds.
  std::function<void(const Progress&)> on_progress;
  std::uint64_t progress_nodes = 0;
  double progress_seconds = 0;
};

// How the tree is grown (search, count, solutions, estimate). Not every
// layout follows each of them (follows()): a search asking a layout for one
// it does not follow throws Error rather than ignore it.
struct TreeOptions {
  ItemChoice item_choice = ItemChoice::first_shortest;  // the item to branch on
  // Nonzero: break ties between items of equal length at random with this
  // seed instead (the default takes the first in item order, as DLX1 does).
  std::uint64_t random_seed = 0;
  // Commit forced options ahead, all at once: whenever a primary item has
  // one option left, take it before branching. And when every option left
  // to a primary item A (two of them) also covers a primary item B, drop
  // B's options without A (the subset rule: Sudoku's locked candidates).
  // The solutions stay the same; the search spends less time on chains of
  // forced moves (Sudoku's singles) and branches less. Node counts then
  // differ from DLX1's (a dead end among forced moves is met at another
  // point), and so do updates; the solutions may come in another order
  // (the subset rule shortens items, so the branching can differ), and the
  // options forced together are listed in a solution in option order; a
  // node_limit can be passed by the forced options of one step. (The subset
  // rule is left off where finding its items would cost more than building
  // the solver: options of over about 11,000 primary items.)
  // The bitsets layout alone follows it.
  bool propagate = false;
};

// search(), count() and solutions() follow all of these.
struct SearchOptions : LimitOptions, StopOptions, ProgressOptions, TreeOptions {};

// cheapest() grows DLX5's tree, by its own rule: no TreeOptions.
struct CheapestOptions : LimitOptions, StopOptions, ProgressOptions {};

// estimate() walks random paths and searches a few nodes to time them: no
// limits on solutions or nodes, no progress reports.
struct EstimateOptions : StopOptions, TreeOptions {};

// Whether `layout` follows the TreeOptions in `options` that are not their
// defaults (propagate, most_clashes: bitsets alone; random_seed: all but
// costs). A call that searches with options its layout does not follow
// throws Error with this message.
XCOVER_API bool follows(Layout layout, const TreeOptions& options);

// How Solver::count counts.
enum class Counting {
  // The memo where it pays, else plain: plain for a problem with
  // multiplicities, with a solution or node limit, TreeOptions other than
  // the defaults, or more than 4,096 items (without limits, that plain count
  // may still split by symmetry: CountOptions::symmetry). Else the plain search counts,
  // and once it has run at least 65,536 nodes and twenty times as long as
  // the memo's trial is expected to take (building the memo's links, and
  // its first 2,048 nodes), the trial runs: where the memo saved at least
  // as many nodes as it entered, it counts from the start; else the plain
  // search goes on where it was (sub-problems that seldom repeat: queens,
  // Langford pairs, pentominoes). So a count that ends plainly spends at
  // most about a twentieth of its time on the choice. (A ParallelSearch
  // runs a plain search of 65,536 nodes on one thread, then the memo's
  // trial where building its links costs little beside it, then its
  // threads, which go on from where that search stopped.) The time limit
  // holds for all of it; Statistics shows the trials on their own.
  automatic,
  // Each solution visited (by the solver's layout), as search() does.
  plain,
  // Memoised (Layout::memo, as Knuth's DLX6): the count of each sub-problem
  // (which items are covered, which colours the secondary items have) is
  // kept, so each distinct one is searched once, and a sub-problem whose
  // items fall into parts that no option spans is counted part by part (the
  // counts multiply: Statistics::memo_splits). Where sub-problems repeat
  // (perfect matchings, set partitions, tilings) it counts billions of
  // solutions in a second. It follows node_limit (counting its own nodes),
  // time_limit, cancel and the progress reports; a solution_limit or
  // TreeOptions other than the defaults throw Error, and a problem with
  // multiplicities ProblemError. A Solver counts on its thread; a
  // ParallelSearch on all of its threads, which share one memo (each
  // searches the problem trying the options from another one on; the first
  // to finish gives the count, the same on any number of threads; without a
  // node_limit). Exact to 2^128 - 1, and CountOverflow (error.hpp) past that.
  memo,
};
// The way Solver::count counts (see Counting).
struct CountOptions {
  Counting counting = Counting::automatic;  // plain, memo, or the one that pays
  // The most memory the memo may hold, in bytes; 0: a quarter of the
  // machine's memory, at most 4 GiB. A full memo replaces the counts that
  // took the least search: the count stays exact and grows slower. The memo
  // also stops growing when an allocation fails (a memory limit).
  std::uint64_t memo_bytes = 0;
  // Count by the problem's symmetries where it has some (automatic and memo
  // counting; Counting::plain visits every solution). Permutations of the
  // items that map the options onto the options, found from the problem
  // alone, map the solutions holding one option onto those holding another:
  // of a primary item's options that fall into such classes, one of each is
  // counted, times its class's size (every solution holds one option of the
  // item). So 13-queens and Langford pairs count in about half the time,
  // whatever their encoding. Not with assumptions (those are the caller's
  // choice of a part of the problem), limits on solutions or nodes, or
  // multiplicities. The automatic count looks for them once its plain
  // search has run 4,096 nodes, the memo before it starts; looking costs a
  // thousand passes over the problem at most. A ParallelSearch looks after
  // its first plain trial (not with checkpoints, a resumed count, or tree
  // options other than the defaults) and counts all classes in one queue on
  // all its threads. Statistics::symmetry_classes says whether it split.
  bool symmetry = true;
};

}  // namespace xcover
