// SPDX-License-Identifier: MIT
// Solver: a front to the search engine compiled for the kernel set the
// processor runs best (engine.hpp, src/engine/kernels/).
#include "xcover/solver.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>
#include <memory>
#include <utility>

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
    case Status::yielded:
      return "yielded";
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
  }
  return "unknown";
}

struct Solver::Impl {
  const Problem* problem;
  Kernels kernels;
  std::unique_ptr<detail::Engine> engine;
};

Solver::Solver(const Problem& problem, Layout layout, Kernels kernels) {
  if (kernels == Kernels::automatic) kernels = default_kernels();
  impl_ = std::make_unique<Impl>(
      Impl{&problem, kernels, detail::make_engine(problem, layout, kernels)});
}
Solver::Solver(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Solver::~Solver() = default;
Solver::Solver(Solver&&) noexcept = default;
Solver& Solver::operator=(Solver&&) noexcept = default;

Solver Solver::sibling() const {
  return Solver(
      std::make_unique<Impl>(Impl{impl_->problem, impl_->kernels, impl_->engine->sibling()}));
}

Status Solver::search(const Visitor& visit, const SearchOptions& options) {
  static const detail::WorkSharing no_sharing;
  return impl_->engine->search(visit, options, no_sharing);
}

Status Solver::search_sharing(const Visitor& visit, const SearchOptions& options,
                              const detail::WorkSharing& sharing) {
  return impl_->engine->search(visit, options, sharing);
}

CountResult Solver::count(const SearchOptions& options) {
  const Status status = search(Visitor(), options);
  return {impl_->engine->statistics().solutions, status};
}

SolutionRange Solver::solutions(const SearchOptions& options) & {
  impl_->engine->begin_pull(options);
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

Status SolutionRange::status() const { return engine_->pull_status(); }

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

Estimate Solver::estimate(std::uint64_t probes, std::uint64_t seed, const SearchOptions& options) {
  if (impl_->problem->has_multiplicities())
    throw ProblemError(
        "Solver::estimate: a problem with multiplicities (bounds other than 1:1) is not "
        "estimated: Algorithm M's branches are not a choice among one item's options");
  detail::EstimateSums sums;
  Estimate result;
  result.status = impl_->engine->estimate(probes, seed, options, sums);
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
    timing.item_choice = options.item_choice;
    timing.random_seed = options.random_seed;
    timing.propagate = options.propagate;
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
  if (impl_->problem->has_multiplicities())
    throw ProblemError(
        "Solver::branching: a problem with multiplicities (bounds other than 1:1) does not "
        "split into subproblems by forced options");
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
const Statistics& Solver::statistics() const { return impl_->engine->statistics(); }
const Problem& Solver::problem() const { return *impl_->problem; }
Layout Solver::layout() const { return impl_->engine->layout(); }
Kernels Solver::kernels() const { return impl_->kernels; }

}  // namespace xcover
