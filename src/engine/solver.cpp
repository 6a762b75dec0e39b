// SPDX-License-Identifier: MIT
// Solver: a front to the search engine compiled for the kernel set the
// processor runs best (engine.hpp, src/engine/kernels/).
#include "xcover/solver.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <ctime>
#include <memory>
#include <utility>
#include <vector>

#include "engine.hpp"
#include "xcover/error.hpp"

namespace xcover {

const char* to_string(Status status) {
  switch (status) {
    case Status::exhausted:
      return "exhausted";
    case Status::stopped:
      return "stopped";
    case Status::solution_limit:
      return "solution limit";
    case Status::node_limit:
      return "node limit";
    case Status::time_limit:
      return "time limit";
    case Status::cancelled:
      return "cancelled";
  }
  return "unknown";
}

const char* to_string(Layout layout) {
  switch (layout) {
    case Layout::automatic:
      return "automatic";
    case Layout::links:
      return "links";
    case Layout::bitsets:
      return "bitsets";
    case Layout::counted_bitsets:
      return "counted_bitsets";
    case Layout::sparse:
      return "sparse";
    case Layout::multiplicities:
      return "multiplicities";
    case Layout::costs:
      return "costs";
  }
  return "unknown";
}

Layout layout_for(const Problem& problem, Layout asked) {
  return detail::plan_layout(problem, asked).layout;
}

bool follows(Layout layout, const TreeOptions& options) {
  return detail::layout_follows(layout, options);
}

namespace {

// What cheapest() searches: Knuth's DLX5 taxes each primary item the least
// cost of its options and takes it off them, in item order, so that every
// option keeps a net cost of 0 or more and each item has an option of net
// cost 0 when the search starts. A solution covers each primary item once,
// so its net cost is its cost less the total tax. The engine searches a copy
// of the problem whose options are sorted by net cost (stably), with the net
// costs as their costs, in the layout of cost_links.hpp.
struct CostSearch {
  std::uint64_t total_tax = 0;
  std::vector<int> to_user;    // the engine's option -> the problem's
  std::vector<int> to_engine;  // the problem's option -> the engine's
  Problem sorted;
  std::unique_ptr<detail::Engine> engine;

  CostSearch(const Problem& problem, Kernels kernels) {
    const int options = problem.option_count();
    std::vector<std::uint64_t> net(static_cast<std::size_t>(options));
    std::vector<std::vector<int>> of_item(static_cast<std::size_t>(problem.primary_count()));
    for (int k = 0; k < options; ++k) {
      net[k] = problem.option_cost(k);
      for (const OptionEntry& e : problem.option(k)) {
        if (problem.is_primary(e.item)) of_item[e.item].push_back(k);
      }
    }
    for (const std::vector<int>& list : of_item) {
      if (list.empty()) continue;
      std::uint64_t tax = UINT64_MAX;
      for (int k : list) tax = std::min(tax, net[k]);
      for (int k : list) net[k] -= tax;
      total_tax += tax;  // (at most the total cost)
    }
    to_user.resize(static_cast<std::size_t>(options));
    for (int k = 0; k < options; ++k) to_user[k] = k;
    std::stable_sort(to_user.begin(), to_user.end(), [&](int a, int b) { return net[a] < net[b]; });
    to_engine.resize(to_user.size());
    for (int k = 0; k < options; ++k) to_engine[to_user[k]] = k;
    for (int i = 0; i < problem.item_count(); ++i)
      sorted.add_item(problem.item_name(i), problem.item_kind(i));
    for (int c = 1; c <= problem.color_count(); ++c) sorted.add_color(problem.color_name(c));
    for (int k : to_user) sorted.set_option_cost(sorted.add_option(problem.option(k)), net[k]);
    engine = detail::make_engine(sorted, Layout::links, kernels, true);
  }
};

}  // namespace

struct Solver::Impl {
  Impl(const Problem* p, Kernels k, std::unique_ptr<detail::Engine> e)
      : problem(p), kernels(k), engine(std::move(e)) {}
  const Problem* problem;
  Kernels kernels;
  std::unique_ptr<detail::Engine> engine;
  // cheapest()'s, made at its first call.
  std::unique_ptr<CostSearch> costs;
  // The engine of the last search, for statistics(): `engine` or costs'.
  const detail::Engine* searched = nullptr;
};

Solver::Solver(const Problem& problem, Layout layout, Kernels kernels) {
  if (kernels == Kernels::automatic) kernels = default_kernels();
  impl_ = std::make_unique<Impl>(&problem, kernels, detail::make_engine(problem, layout, kernels));
}
Solver::Solver(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Solver::~Solver() = default;
Solver::Solver(Solver&&) noexcept = default;
Solver& Solver::operator=(Solver&&) noexcept = default;

Solver Solver::sibling() const {
  return Solver(std::make_unique<Impl>(impl_->problem, impl_->kernels, impl_->engine->sibling()));
}

Status Solver::search(const Visitor& visit, const SearchOptions& options) {
  static const detail::WorkSharing no_sharing;
  impl_->searched = nullptr;
  return impl_->engine->search(visit, options, no_sharing);
}

Status Solver::search_sharing(const Visitor& visit, const SearchOptions& options,
                              const detail::WorkSharing& sharing) {
  impl_->searched = nullptr;
  return impl_->engine->search(visit, options, sharing);
}

CheapestResult Solver::cheapest(std::size_t k, const CheapestOptions& options) {
  if (k == 0) throw Error("Solver::cheapest: k must be 1 or more");
  if (impl_->problem->has_multiplicities())
    throw ProblemError(
        "Solver::cheapest: a problem with multiplicities (bounds other than 1:1) has no "
        "cost search (Knuth's DLX5 has none either); search it without --cheapest");
  Impl& impl = *impl_;
  if (!impl.costs) impl.costs = std::make_unique<CostSearch>(*impl.problem, kernels());
  CostSearch& costs = *impl.costs;
  detail::Engine& engine = *costs.engine;
  detail::CostBound bound;
  engine.clear_assumptions();
  for (const int option : impl.engine->assumptions()) {
    const int own = costs.to_engine[static_cast<std::size_t>(option)];
    (void)engine.assume(own);
    bound.base += costs.sorted.option_cost(own);
  }
  CheapestResult result;
  std::vector<CostedSolution>& best = result.solutions;
  const Problem& problem = *impl.problem;
  CostedSolution found;
  const Visitor visit = [&](const Solution& s) {
    found.cost = 0;
    found.options.clear();
    for (const int own : s.options) {
      const int option = costs.to_user[static_cast<std::size_t>(own)];
      found.cost += problem.option_cost(option);  // (no more than the total cost)
      found.options.push_back(option);
    }
    std::sort(found.options.begin(), found.options.end());
    if (best.size() == k && !(found < best.back())) return true;
    best.insert(std::lower_bound(best.begin(), best.end(), found), found);
    if (best.size() > k) best.pop_back();
    // Now only what costs no more than the k-th best can take a place.
    if (best.size() == k) bound.cutoff = best.back().cost - costs.total_tax;
    return true;
  };
  SearchOptions own_options;
  static_cast<LimitOptions&>(own_options) = options;
  static_cast<StopOptions&>(own_options) = options;
  static_cast<ProgressOptions&>(own_options) = options;
  impl.searched = &engine;
  result.status = engine.search_bounded(visit, own_options, bound);
  return result;
}

CountResult Solver::count(const SearchOptions& options) {
  const Status status = search(Visitor(), options);
  return {impl_->engine->statistics().solutions, status};
}

SolutionRange Solver::solutions(const SearchOptions& options) & {
  impl_->engine->begin_pull(options);
  impl_->searched = nullptr;
  return SolutionRange(impl_->engine.get());
}

SolutionRange::SolutionRange(SolutionRange&& other) noexcept
    : engine_(std::exchange(other.engine_, nullptr)), started_(other.started_) {}

SolutionRange::~SolutionRange() {
  if (engine_) engine_->end_pull();
}

SolutionRange::iterator SolutionRange::begin() {
  if (started_)
    throw Error("a solutions() range is walked through once: ask the solver for another");
  started_ = true;
  return iterator(engine_);
}

Status SolutionRange::status() const {
  if (!engine_) throw Error("SolutionRange::status: the range was moved from");
  return engine_->pull_status();
}

SolutionRange::iterator::iterator(detail::Engine* engine)
    : engine_(engine), current_(engine->next_pull()) {}

SolutionRange::iterator& SolutionRange::iterator::operator++() {
  current_ = engine_->next_pull();
  return *this;
}

namespace {

// The processor time of the calling thread where the system keeps it, so
// that other programs on a busy machine do not slow a measurement; else the
// wall clock.
double thread_seconds() {
#ifdef CLOCK_THREAD_CPUTIME_ID
  timespec now{};
  if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now) == 0)
    return static_cast<double>(now.tv_sec) + 1e-9 * static_cast<double>(now.tv_nsec);
#endif
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

}  // namespace

Estimate Solver::estimate(std::uint64_t probes, std::uint64_t seed,
                          const EstimateOptions& options) {
  if (layout() == Layout::multiplicities)
    throw ProblemError(
        "Solver::estimate: the multiplicities layout (a problem with bounds other than 1:1) is "
        "not estimated: Algorithm M's branches are not a choice among one item's options");
  detail::EstimateSums sums;
  Estimate result;
  SearchOptions probing;
  static_cast<StopOptions&>(probing) = options;
  static_cast<TreeOptions&>(probing) = options;
  result.status = impl_->engine->estimate(probes, seed, probing, sums);
  result.probes = sums.probes;
  if (sums.probes == 0) {
    result.elapsed = sums.elapsed;
    return result;
  }
  const double n = static_cast<double>(sums.probes);
  // The standard error of a mean: the probes' standard deviation over sqrt(n).
  auto spread = [&](double m2) { return n < 2 ? 0.0 : std::sqrt(std::max(m2, 0.0) / (n - 1) / n); };
  result.nodes = sums.mean[0];
  result.updates = sums.mean[1];
  result.solutions = sums.mean[2];
  result.nodes_spread = spread(sums.m2[0]);
  result.updates_spread = spread(sums.m2[1]);
  result.solutions_spread = spread(sums.m2[2]);

  // The time: the probes' own rate would mislead (they commit many options
  // near the root, where a step costs the most), so a search of the tree's
  // first nodes (as many as the probes entered, at least 50,000) measures
  // the processor time an update takes where the search spends its time.
  double per_update = 0;
  if (result.status == Status::exhausted) {
    static const detail::WorkSharing no_sharing;
    SearchOptions timing;
    static_cast<TreeOptions&>(timing) = options;
    timing.cancel = options.cancel;
    timing.node_limit = std::max<std::uint64_t>(50000, static_cast<std::uint64_t>(sums.levels));
    if (options.time_limit > 0)
      timing.time_limit = std::max(options.time_limit - sums.elapsed, 1e-9);
    const double start = thread_seconds();
    const Status status = impl_->engine->search(Visitor(), timing, no_sharing);
    const double seconds = thread_seconds() - start;
    const Statistics& stats = impl_->engine->statistics();
    if (stats.updates > 0) per_update = seconds / static_cast<double>(stats.updates);
    sums.elapsed += stats.seconds;
    // (Every probe ran: only a cancellation changes the status; a time
    // limit that cuts this search short leaves a rougher rate.)
    if (status == Status::cancelled) result.status = status;
  }
  result.seconds = per_update * result.updates;
  result.seconds_spread = per_update * result.updates_spread;
  result.elapsed = sums.elapsed;
  return result;
}

Branching Solver::branching() {
  if (layout() == Layout::multiplicities)
    throw ProblemError(
        "Solver::branching: the multiplicities layout (a problem with bounds other than 1:1) "
        "does not split into subproblems by forced options");
  return impl_->engine->branching();
}

bool Solver::assume(int option) { return impl_->engine->assume(option); }
bool Solver::assume(std::span<const int> options) {
  bool feasible = true;
  for (const int option : options) feasible = impl_->engine->assume(option) && feasible;
  return feasible;
}
void Solver::clear_assumptions() { impl_->engine->clear_assumptions(); }
std::span<const int> Solver::assumptions() const { return impl_->engine->assumptions(); }
const Statistics& Solver::statistics() const {
  return (impl_->searched ? *impl_->searched : *impl_->engine).statistics();
}
const Problem& Solver::problem() const { return *impl_->problem; }
Layout Solver::layout() const { return impl_->engine->layout(); }
Kernels Solver::kernels() const { return impl_->kernels; }

}  // namespace xcover
