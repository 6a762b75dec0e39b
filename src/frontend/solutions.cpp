// SPDX-License-Identifier: MIT
// Solutions pulled one at a time, the kept ones counted against the limit.
#include "xcover/frontend/solutions.hpp"

#include <utility>

namespace xcover::frontend {

namespace {

SearchOptions without_limit(SearchOptions options) {
  options.solution_limit = 0;  // (counted here, over the kept solutions)
  return options;
}

}  // namespace

KeptSolutions::KeptSolutions(Solver& solver, SearchOptions options, Keep keep)
    : keep_(std::move(keep)), limit_(options.solution_limit) {
  range_.emplace(solver.solutions(without_limit(options)));
}

KeptSolutions::KeptSolutions(KeptSolutions&&) noexcept = default;

KeptSolutions::~KeptSolutions() = default;

const Solution* KeptSolutions::next() {
  if (!range_) return nullptr;
  if (limit_ != 0 && kept_ >= limit_) {
    close();
    status_ = Status::solution_limit;
    return nullptr;
  }
  for (;;) {
    if (!position_)
      position_.emplace(range_->begin());
    else
      ++*position_;
    if (*position_ == std::default_sentinel) {
      close();
      return nullptr;
    }
    const Solution& solution = **position_;
    if (!keep_ || keep_(solution)) {
      ++kept_;
      return &solution;
    }
  }
}

void KeptSolutions::close() {
  if (!range_) return;
  status_ = range_->status();
  if (*status_ == Status::stopped && limit_ != 0 && kept_ >= limit_)
    status_ = Status::solution_limit;
  position_.reset();
  range_.reset();
}

std::optional<Status> KeptSolutions::status() const {
  if (range_) return std::nullopt;
  return status_;
}

}  // namespace xcover::frontend
