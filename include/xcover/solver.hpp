// SPDX-License-Identifier: MIT
// The search engine: Knuth's Algorithm X with dancing links, extended to
// secondary items and colours (his Algorithm C, the one DLX2 runs). One
// iterative core serves every front end.
//
//   xcover::Solver solver(problem);
//   solver.search([](const xcover::Solution& s) {
//     for (int option : s.options) std::cout << s.problem->option_text(option) << '\n';
//     return true;  // keep going
//   });
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <compare>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <iterator>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "xcover/count.hpp"
#include "xcover/export.hpp"
#include "xcover/problem.hpp"

namespace xcover {

// Why a search ended.
enum class Status {
  exhausted,       // the whole tree was searched: every solution was visited
  stopped,         // the visitor returned false
  solution_limit,  // SearchOptions::solution_limit solutions were visited
  node_limit,      // SearchOptions::node_limit nodes were entered
  time_limit,      // SearchOptions::time_limit elapsed
  cancelled,       // SearchOptions::cancel became true
};

// The status's name, as the CLI prints it: "exhausted", "node_limit", ...
XCOVER_API const char* to_string(Status status);

// How a solver holds the problem in memory: a closed list, each one a
// different search structure. Solver::layout() says which one a solver
// runs, and Statistics::layout which one ran the call it describes.
// Without the TreeOptions that only the bit sets follow, links, bitsets,
// counted_bitsets and sparse visit the same solutions in the same order.
// Without colours, links, bitsets and sparse count the same nodes and
// updates. With colours the links and sparse sets, as Knuth's SSXCC, drop a
// chosen option as soon as committing it leaves a primary item without
// options, and count no node for it (fewer nodes than DLX2's and the bit
// sets'; equal again with a random_seed, whose draws must match); the
// counted bit sets always do.
enum class Layout {
  automatic,        // chosen from the problem (never the layout that runs):
                    // multiplicities when some primary item has bounds other
                    // than 1:1; else counted_bitsets for colour problems with
                    // few primary items and many options (word squares);
                    // else bitsets for small or dense problems (up to 1,536
                    // options, or up to 4,096 when an option clashes with
                    // many); else sparse with colours and under 256 items;
                    // else links
  links,            // dancing links (Knuth's DLX1/DLX2): memory grows with the
                    // entries
  bitsets,          // a bit per option, copied a level down at each step; at
                    // most 32,767 options, 65,535 primary items and 65,536
                    // items and (item, colour) pairs. The one layout that
                    // follows TreeOptions::propagate and ItemChoice::most_clashes
  counted_bitsets,  // a bit per option, masks stored as runs of words, item
                    // lengths counted by popcount: at most 64 primary items
                    // and 65,536 items; any number of options
  sparse,           // sparse sets (Knuth's SSXCC): each item's options packed
                    // in an array, undone by restoring lengths
  multiplicities,   // the links of Knuth's Algorithm M (DLX3): the one layout
                    // that takes primary items with bounds other than 1:1
                    // (Problem::has_multiplicities), and any other problem
  costs,            // DLX5's links, with options sorted by cost: the layout of
                    // cheapest(), which builds it itself; a Solver is never
                    // made with it (ProblemError)
  memo,             // links with a memo of sub-problems (Knuth's DLX6): the
                    // layout of a memoised count (Counting::memo), which
                    // builds it itself; a Solver is never made with it
                    // (ProblemError)
};
// A layout asked of a problem it cannot take (bitsets on too many options,
// links on multiplicities, ...) throws ProblemError, saying which can.

// The layout's name: "links", "counted_bitsets", ...
XCOVER_API const char* to_string(Layout layout);

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

// A solution: indices into the problem's options, forced options
// (assumptions) first. A value: a copy keeps its options, however the
// search goes on. The search hands each one out by reference to a Solution
// it reuses (no allocation per solution): the reference is valid during the
// visitor's call (or, from solutions(), until the range moves on); copy the
// Solution, or its options, to keep it.
struct Solution {
  std::vector<int> options;                               // indices into the problem's options
  const Problem* problem = nullptr;                       // the problem they belong to
  std::vector<int> to_vector() const { return options; }  // a copy of the options
};

// Called with each solution; returns false to stop the search (Status::stopped).
using Visitor = std::function<bool(const Solution&)>;

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

// The layout a Solver of `problem` asked for `asked` runs (Solver::layout()),
// found in one pass over the problem without building it. ProblemError as
// the Solver would throw it.
XCOVER_API Layout layout_for(const Problem& problem, Layout asked = Layout::automatic);

// Whether `layout` follows `options` (those that are not their defaults:
// propagate and most_clashes only the bitsets layout; random_seed every one
// but costs). A call that searches with options its layout does not follow
// throws Error, naming them.
XCOVER_API bool follows(Layout layout, const TreeOptions& options);

// Where the search would branch, given the assumptions: `solved` when they
// cover every primary item already; otherwise the options of the item it
// branches on (none when some item has no option left).
struct Branching {
  bool solved = false;       // the assumptions cover every primary item
  std::vector<int> options;  // the options of the item it branches on
};

// Whether `layout` follows the TreeOptions in `options` that are not their
// defaults (propagate, most_clashes: bitsets alone; random_seed: all but
// costs). A call that searches with options its layout does not follow
// throws Error with this message.
XCOVER_API bool follows(Layout layout, const TreeOptions& options);

// The instruction sets the engine is compiled for. One build holds them all
// and each solver picks, when it is built, the best its processor runs, so
// the library runs at full speed wherever it is installed. Answers, counts
// and statistics are the same with every set.
enum class Kernels {
  automatic,  // default_kernels()
  baseline,   // any x86-64 processor (SSE2), or any other processor
  avx2,       // x86-64-v3: AVX2, BMI1/2, POPCNT (Haswell, Zen and later)
  avx512,     // x86-64-v4: AVX-512 F/BW/CD/DQ/VL (Skylake-X and later)
  avx512icl,  // x86-64-v4 with VBMI2 and VPOPCNTDQ (Ice Lake, Zen 4 and later)
};

// The set's name: "baseline", "avx2", "avx512", "avx512icl" or "automatic".
XCOVER_API const char* to_string(Kernels kernels);

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
  // options other than the defaults) and counts a class at a time on all
  // its threads. Statistics::symmetry_classes says whether it split.
  bool symmetry = true;
};
// The number of solutions a count found, and why it ended: a count cut
// short (by a limit or a cancellation) is only a lower bound.
struct CountResult {
  Count solutions = 0;                // the solutions counted
  Status status = Status::exhausted;  // why the count ended
  // Every solution was counted.
  bool complete() const { return status == Status::exhausted; }
};

// Knuth's estimate of a search before it is run (Solver::estimate): each
// probe walks one random path from the root, choosing at each node one of
// the options of the item the search branches on there (the same rule as
// search(), so it is the same tree), each with equal probability, and
// weights every node on the path by the product of the numbers of choices
// above it. The mean of the probes is an unbiased estimate of the tree's
// nodes, updates and solutions (counted as Statistics counts them).
struct Estimate {
  std::uint64_t probes = 0;  // probes completed (fewer when a stop came first)
  double nodes = 0;          // the tree's nodes, estimated
  double updates = 0;        // its updates, estimated
  double solutions = 0;      // its solutions, estimated
  // The time search() would take on one otherwise idle processor: the
  // estimated updates times the processor time an update took in a short
  // search of the tree's first nodes, which the estimate runs after the
  // probes (statistics() are then that search's). Knuth's estimate of the
  // time (his mems) is the work, not a clock: this rate is the one guess.
  double seconds = 0;
  // The standard error of each mean above (the probes' standard deviation
  // over the square root of their number; 0 with fewer than 2 probes). The
  // seconds' spread leaves out the uncertainty of the measured rate. A tree
  // whose solutions lie on rare paths has a skewed distribution: the
  // spread is then itself an underestimate.
  double nodes_spread = 0;
  double updates_spread = 0;
  double solutions_spread = 0;
  double seconds_spread = 0;
  double elapsed = 0;  // seconds the estimate took
  // exhausted: every probe ran; time_limit or cancelled: the estimate is
  // that of the probes completed before the stop.
  Status status = Status::exhausted;
};

// One of the cheapest solutions: its options (indices into the problem's
// options, in increasing order) and the sum of their costs.
struct CostedSolution {
  std::uint64_t cost = 0;    // the sum of the options' costs
  std::vector<int> options;  // in increasing order
  // By cost, then by the options as a list (lexicographically): the order
  // Solver::cheapest ranks solutions in.
  // (Written out: libc++ 14, Emscripten's, has no <=> for std::vector.)
  friend std::strong_ordering operator<=>(const CostedSolution& a, const CostedSolution& b) {
    if (a.cost != b.cost) return a.cost <=> b.cost;
    const std::size_t common = std::min(a.options.size(), b.options.size());
    for (std::size_t i = 0; i < common; ++i)
      if (a.options[i] != b.options[i]) return a.options[i] <=> b.options[i];
    return a.options.size() <=> b.options.size();
  }
  // The same cost and options.
  friend bool operator==(const CostedSolution&, const CostedSolution&) = default;
};

// The cheapest solutions found, in increasing order (CostedSolution's), and
// why the search ended: when it ended early (a limit, a cancellation) they
// are only the cheapest of those seen so far.
struct CheapestResult {
  std::vector<CostedSolution> solutions;  // cheapest first
  Status status = Status::exhausted;      // why the search ended
  // The solutions are the cheapest of all.
  bool complete() const { return status == Status::exhausted; }
};

namespace detail {
class Engine;
struct WorkSharing;  // the library's own parallel searches (src/engine/work_sharing.hpp)
struct SharedSearch;
}  // namespace detail
class ParallelSearch;
struct ZddResult;     // zdd.hpp
enum class ZddOrder;  // zdd.hpp

// Solutions one at a time, each searched for when the loop asks for it:
//
//   for (const xcover::Solution& s : solver.solutions()) {
//     if (good(s)) { keep = s.to_vector(); break; }  // the search stops here
//   }
//
// Leaving the loop early ends the search, at no further cost; status() then
// says why it ended. The range borrows the solver, which must outlive it;
// while the range lives, the solver refuses every other call (Error). Each
// Solution referred to is valid until the iterator moves on; a copy stays.
class XCOVER_API SolutionRange {
 public:
  // An input iterator over the solutions; end() is a sentinel.
  class iterator {
   public:
    using value_type = Solution;             // what it refers to
    using difference_type = std::ptrdiff_t;  // (an input iterator's)
    // The current solution, valid until the iterator moves on.
    const Solution& operator*() const { return *current_; }
    const Solution* operator->() const { return current_; }
    // Searches on to the next solution.
    iterator& operator++();
    void operator++(int) { ++*this; }
    // At the end: the search is over (or the loop left).
    friend bool operator==(const iterator& it, std::default_sentinel_t) {
      return it.current_ == nullptr;
    }

   private:
    friend class SolutionRange;
    explicit iterator(detail::Engine* engine);
    detail::Engine* engine_;
    const Solution* current_;
  };

  // A range moves (it is returned by value), but is never copied.
  SolutionRange(SolutionRange&& other) noexcept;
  SolutionRange& operator=(SolutionRange&&) = delete;
  SolutionRange(const SolutionRange&) = delete;
  SolutionRange& operator=(const SolutionRange&) = delete;
  ~SolutionRange();

  // Starts the search (once: a range is walked through one time).
  iterator begin();
  std::default_sentinel_t end() const { return {}; }
  // Why the search ended: exhausted when every solution was visited, a
  // limit's status when one stopped it, stopped when the loop left early
  // (break, std::views::take: the search looks no further than the last
  // solution handed out) or has not begun.
  Status status() const;

 private:
  friend class Solver;
  explicit SolutionRange(detail::Engine* engine) : engine_(engine) {}
  detail::Engine* engine_;
  bool started_ = false;
};
// The best set this processor runs, of those the library was built with
// (all of them, unless CMake's XCOVER_KERNEL_SETS left some out).
XCOVER_API Kernels best_kernels();
// Whether this processor runs `kernels` and the library has them.
XCOVER_API bool supports(Kernels kernels);
// The set new solvers take: the environment variable XCOVER_KERNELS when
// it names one (baseline, avx2, avx512, avx512icl; to test or compare a
// lower set), else best_kernels(). Throws ConfigurationError (error.hpp)
// when XCOVER_KERNELS names no set, one this processor does not run, or one
// the build left out.
XCOVER_API Kernels default_kernels();

// A problem ready to search: the structure of its layout built once, then
// any number of searches, counts, estimates and assumptions on it. One
// thread at a time (a ParallelSearch runs siblings on many); every call
// made during a visitor's or a range's search is refused (Error).
class XCOVER_API Solver {
 public:
  // Builds the structure once. The problem must outlive the solver; options
  // without a primary item are never chosen. `layout` is the one asked
  // (ProblemError when the problem does not fit it, or for costs); `kernels`
  // picks the instruction set (ProblemError when the processor does not run
  // it; `automatic` takes default_kernels(), which may throw
  // ConfigurationError).
  explicit Solver(const Problem& problem, Layout layout = Layout::automatic,
                  Kernels kernels = Kernels::automatic);
  // A temporary problem would be gone before the first search.
  explicit Solver(const Problem&& problem, Layout layout = Layout::automatic,
                  Kernels kernels = Kernels::automatic) = delete;
  ~Solver();
  Solver(Solver&&) noexcept;
  Solver& operator=(Solver&&) noexcept;
  Solver(const Solver&) = delete;
  Solver& operator=(const Solver&) = delete;

  // Another solver of the same problem, layout and kernel set, with a
  // search state of its own and no assumptions, sharing the tables this one
  // built from the problem that no search changes (the bitsets layout's; the
  // dancing links are all search state, and are built anew). One solver a
  // thread made this way holds those tables once, and costs only its state
  // to make. May be called from several threads at once.
  //   xcover::Solver first(problem);
  //   xcover::Solver second = first.sibling();  // for another thread
  [[nodiscard]] Solver sibling() const;

  // Visits solutions until the tree is exhausted or a limit stops it. The
  // visitor returns true to go on. The structure is restored afterwards,
  // also when a callback (visitor, progress, split) throws: the exception
  // goes on to the caller and the solver stays usable. Calling the solver
  // from inside its own callbacks throws Error, and so do TreeOptions its
  // layout does not follow (follows()), before anything is searched.
  [[nodiscard]] Status search(const Visitor& visit, const SearchOptions& options = {});
  // Counts solutions (up to options.solution_limit), and says whether the
  // count is complete. `how` picks the way (CountOptions): plainly, by
  // visiting every solution, or with a memo of sub-problems, which counts
  // far past what can be visited where sub-problems repeat. The counts are
  // the same; statistics() say which ran (Statistics::layout is memo after a
  // memoised count).
  [[nodiscard]] CountResult count(const SearchOptions& options = {}, const CountOptions& how = {});
  // Every solution at once, as a decision diagram (zdd.hpp: include it to
  // call this): a memoised count (Counting::memo) that keeps a node for each
  // sub-problem, branching as `order` says (ZddOrder::fewest: as the count
  // does, the fastest; ZddOrder::first: the first primary item left, so
  // that the diagram is ordered), reduced either way. It follows node_limit, time_limit,
  // cancel and the progress reports, and makes a diagram only when it ends
  // the count (ZddResult::status). Throws Error for a solution_limit,
  // TreeOptions other than the defaults or assumptions, ProblemError for a
  // problem with multiplicities, CountOverflow past 2^128 - 1 solutions (as
  // a memoised count). `memo_bytes` bounds the memo as
  // CountOptions::memo_bytes does; the diagram itself takes what it needs.
  [[nodiscard]] ZddResult zdd(const SearchOptions& options = {}, std::uint64_t memo_bytes = 0);
  [[nodiscard]] ZddResult zdd(const SearchOptions& options, std::uint64_t memo_bytes,
                              ZddOrder order);
  // The k cheapest solutions by the problem's option costs
  // (Problem::option_cost), by branch and bound as in Knuth's DLX5: fewer
  // than k when there are fewer. Solutions of equal cost rank by their
  // sorted option lists, lexicographically: the answer is the first k of
  // all solutions in CostedSolution's order. (To keep that rule the search
  // must look at every solution that costs as much as the k-th best so far:
  // with many solutions of equal cost, such as a problem without costs, it
  // visits them all.) Assumptions count: every solution holds them.
  // Whatever the solver's layout, this searches dancing links of its own,
  // DLX5's (Layout::costs, built at the first call), on one thread,
  // branching by DLX5's rule (hence no TreeOptions); statistics() then
  // counts that search. Error when k is 0; ProblemError for a problem with
  // multiplicities.
  [[nodiscard]] CheapestResult cheapest(std::size_t k = 1, const CheapestOptions& options = {});
  // The solutions one at a time (see SolutionRange). `options` is copied.
  [[nodiscard]] SolutionRange solutions(const SearchOptions& options = {}) &;
  SolutionRange solutions(const SearchOptions& options = {}) && = delete;

  // Estimates the size of search(visitor, options) with `probes` random
  // probes (see Estimate) and a short search of the tree's first nodes (to
  // time an update). The figures but the seconds are deterministic for a
  // seed, the assumptions and the layout. `options` shape the tree
  // (TreeOptions; with a random_seed the ties are broken at random, and the
  // estimate is of the tree's expected size) and stop the estimate. Throws
  // Error when called from a callback of this solver, as search() does, or
  // with TreeOptions the layout does not follow; ProblemError for a problem
  // with multiplicities (Algorithm M's tree has branches of another kind).
  //   xcover::Estimate e = solver.estimate(1000);
  //   std::cout << e.nodes << " +- " << e.nodes_spread << " nodes\n";
  [[nodiscard]] Estimate estimate(std::uint64_t probes, std::uint64_t seed = 0,
                                  const EstimateOptions& options = {});

  // Forces an option into every solution until clear_assumptions(). Returns
  // false when it conflicts with the options already forced (or has no
  // primary item): then searches find nothing until the assumptions are
  // cleared. The structure is never rebuilt, so one solver serves many
  // instances of the same shape. Forcing an option again changes nothing.
  // ProblemError when the problem has no such option.
  [[nodiscard]] bool assume(int option);
  // Forces each of `options`, as assume(option) on each in turn but in one
  // pass (the way to force a puzzle's givens); false when any conflicts.
  // ProblemError, with nothing forced, when one is out of range.
  [[nodiscard]] bool assume(std::span<const int> options);
  void clear_assumptions();
  std::span<const int> assumptions() const;
  // The search's first branching under the current assumptions; forcing each
  // of the options in turn splits the problem into disjoint subproblems.
  // ProblemError for a problem with multiplicities, whose branches are not
  // sets of forced options.
  Branching branching();

  // The figures of the last call (search, count, solutions, estimate, cheapest).
  const Statistics& statistics() const;
  // The problem it searches.
  const Problem& problem() const;
  // The layout its searches run (never automatic or costs).
  Layout layout() const;
  // The kernel set in use (never `automatic`).
  Kernels kernels() const;

 private:
  friend struct detail::SharedSearch;
  friend class ParallelSearch;
  // count() but for the plain search: the count when the memo made it (or
  // the automatic choice's plain trial of `plain_trial` nodes, and at least
  // 65,536, finished it; *trial_ran says whether it ran); nothing when the
  // plain search is to count (ParallelSearch then runs it on its threads,
  // from the work the trial left to `keep.on_split`, with the trial's
  // figures in statistics()). The memo counts on `memo_threads` threads
  // (without a node limit or assumptions; else one).
  std::optional<CountResult> count_unless_plain(const SearchOptions& options,
                                                const CountOptions& how, std::uint64_t plain_trial,
                                                const detail::WorkSharing& keep, bool* trial_ran,
                                                unsigned memo_threads);
  // search() handing work to other workers: ParallelSearch and MPI only.
  Status search_sharing(const Visitor& visit, const SearchOptions& options,
                        const detail::WorkSharing& sharing);

  struct Impl;
  explicit Solver(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace xcover
