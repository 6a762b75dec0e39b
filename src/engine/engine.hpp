// SPDX-License-Identifier: MIT
// The search engine behind Solver: the problem in one of the memory layouts
// and the search loop that drives it. It is compiled once per kernel set
// (src/engine/kernels/), each copy in a namespace of its own; a Solver holds the
// copy of its kernel set (the best its processor runs, unless XCOVER_KERNELS
// or the Solver's argument names another), through this interface. Its
// functions are called once per search (next_pull once per solution, run_to
// once per budget), never per node.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>

#include "engine/layout_plan.hpp"
#include "engine/work_sharing.hpp"
#include "xcover/problem.hpp"
#include "xcover/solver.hpp"

namespace xcover::detail {

// What the probes of an estimate gather (Engine::estimate), for
// Solver::estimate to finish: per probe, its estimates (nodes, updates,
// solutions) as running means and sums of squared deviations (Welford's);
// and the levels the probes opened.
struct EstimateSums {
  std::uint64_t probes = 0;
  double mean[3] = {0, 0, 0};  // nodes, updates, solutions
  double m2[3] = {0, 0, 0};
  double levels = 0;
  double elapsed = 0;  // seconds
};

// Branch and bound for Solver::cheapest (Knuth's DLX5), in an engine made
// with `costs` (make_engine), whose layout (cost_links.hpp) reads the
// problem's option costs as net costs: the search leaves out every choice
// whose cost, with the cost of the choices above it, passes `cutoff`. The
// visitor lowers `cutoff` as it finds solutions.
struct CostBound {
  std::uint64_t base = 0;  // the cost of the assumptions
  std::uint64_t cutoff = UINT64_MAX;
};

class Engine {
 public:
  virtual ~Engine() = default;
  // `sharing`: an empty WorkSharing for a plain search.
  virtual Status search(const Visitor& visit, const SearchOptions& options,
                        const WorkSharing& sharing) = 0;
  // search() with branch and bound (CostBound), and no sharing: for an
  // engine made with `costs` only.
  virtual Status search_bounded(const Visitor& visit, const SearchOptions& options,
                                CostBound& bound) = 0;
  // A pull-style search (Solver::solutions): begin_pull() sets it up (with
  // its own copy of the options); each next_pull() runs it to the next
  // solution, or returns null when it has ended (pull_status() says why:
  // stopped until it has ended); end_pull() ends it, restoring the structure
  // if it stopped midway.
  virtual void begin_pull(const SearchOptions& options) = 0;
  virtual const Solution* next_pull() = 0;
  virtual Status pull_status() const = 0;
  virtual void end_pull() = 0;
  // A count that pauses at node budgets, for a caller that decides what
  // to do between them (the automatic count: count_policy.hpp).
  // begin_budgeted() sets it up as search() would, without a visitor
  // (`options` and `sharing` must outlive it); run_to(nodes) runs it until
  // it has entered at least `nodes` nodes, or ended: nothing when it paused
  // at the budget, the tree kept, to go on at the next call; else its
  // status. The budget is seen where the loop looks at the clock and the
  // progress reports (LookPacing), so it costs nothing between looks; the
  // options' progress reports come on their own schedule throughout.
  // paused_at() is where a paused count stands (nodes, updates, seconds
  // since it began); end_budgeted() ends it where it is (Status::stopped),
  // restoring the structure, and does nothing to one that has ended. A
  // callback that throws ends it and goes on to the caller, as in search().
  virtual void begin_budgeted(const SearchOptions& options, const WorkSharing& sharing) = 0;
  virtual std::optional<Status> run_to(Count nodes) = 0;
  virtual Progress paused_at() const = 0;
  virtual void end_budgeted() = 0;
  // Solver::estimate: runs the probes, adding them to `sums`.
  virtual Status estimate(std::uint64_t probes, std::uint64_t seed, const SearchOptions& options,
                          EstimateSums& sums) = 0;
  virtual bool assume(int option) = 0;
  // Forces each of `options` in one call (one dispatch to the layout);
  // false when any conflicts. ProblemError, before any is forced, when one
  // is out of range.
  virtual bool assume(std::span<const int> options) = 0;
  virtual void clear_assumptions() = 0;
  virtual std::span<const int> assumptions() const = 0;
  virtual Branching branching() = 0;
  virtual const Statistics& statistics() const = 0;
  virtual Layout layout() const = 0;
  // Whether a search (or a solutions() range) is under way.
  virtual bool in_search() const = 0;
  // An engine of the same problem and layout, with no assumptions, sharing
  // what this one built that no search changes (Solver::sibling).
  virtual std::unique_ptr<Engine> sibling() const = 0;
};

// The engine for `kernels` (never Kernels::automatic): ProblemError when the
// processor does not run it. With `costs`, the layout is cost_links.hpp's
// (Layout::costs), whatever `layout` says.
std::unique_ptr<Engine> make_engine(const Problem& problem, Layout layout, Kernels kernels,
                                    bool costs = false);

// The best kernel set the processor runs (whether built or not), asked of
// the processor with CPUID; and the same read from what glibc found at
// start-up (glibc 2.33 and later; elsewhere by CPUID too). The two agree.
Kernels kernels_by_cpuid();
Kernels kernels_by_glibc();

// One factory per kernel set, for the layout plan_layout() chose.
namespace baseline {
std::unique_ptr<Engine> make_engine(const Problem& problem, const LayoutPlan& plan);
}
namespace avx2 {
std::unique_ptr<Engine> make_engine(const Problem& problem, const LayoutPlan& plan);
}
namespace avx512 {
std::unique_ptr<Engine> make_engine(const Problem& problem, const LayoutPlan& plan);
}
namespace avx512icl {
std::unique_ptr<Engine> make_engine(const Problem& problem, const LayoutPlan& plan);
}

}  // namespace xcover::detail
