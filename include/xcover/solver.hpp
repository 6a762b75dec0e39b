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
#include "xcover/kernels.hpp"
#include "xcover/layout.hpp"
#include "xcover/options.hpp"
#include "xcover/problem.hpp"
#include "xcover/statistics.hpp"
#include "xcover/status.hpp"

namespace xcover {

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

// Where the search would branch, given the assumptions: `solved` when they
// cover every primary item already; otherwise the options of the item it
// branches on (none when some item has no option left).
struct Branching {
  bool solved = false;       // the assumptions cover every primary item
  std::vector<int> options;  // the options of the item it branches on
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
  // ProblemError when the problem has no such option. With the
  // multiplicities layout, ~k (a negative entry) leaves option k out of
  // every solution instead; that never conflicts (a branch of Algorithm M
  // is the options it forces and those it leaves out).
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
  // The memo's trial of the automatic choice run ahead, before the plain
  // trial whose count it may replace (ParallelSearch runs it beside its
  // look for symmetry): its verdict waits for the next count_unless_plain(),
  // which takes it in place of its own trial. Only where building the
  // memo's links costs little whatever the plain trial
  // (detail::kCheapMemoEntries entries): `ran` says whether it ran. Its
  // seconds are the least a trial after a plain one has (a second).
  struct MemoTrialAhead {
    bool ran = false;
    bool pays = false;
    Count nodes = 0;
    double seconds = 0;
  };
  MemoTrialAhead memo_trial_ahead(const SearchOptions& options, const CountOptions& how);
  // search() handing work to other workers: ParallelSearch and MPI only.
  Status search_sharing(const Visitor& visit, const SearchOptions& options,
                        const detail::WorkSharing& sharing);

  struct Impl;
  explicit Solver(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace xcover
