// SPDX-License-Identifier: MIT
// Solver: a front to the search engine compiled for the kernel set the
// processor runs best (engine.hpp, src/engine/kernels/).
#include "xcover/solver.hpp"

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
    case Layout::sparse:
      return "sparse";
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
