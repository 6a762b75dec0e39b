// SPDX-License-Identifier: MIT
// Solutions pulled one at a time, with a filter: what the CLI, Python and
// JavaScript hand out when a caller asks for the next solution, the
// solutions a `keep` filter refuses (a tiling's --distinct check) skipped
// and the limit counting only the solutions kept.
//
//   xcover::Solver solver(tiling.problem);
//   xcover::SearchOptions options;
//   options.solution_limit = 3;
//   auto keep = [&](const xcover::Solution& s) { return tiling.keep(s); };
//   xcover::frontend::KeptSolutions kept(solver, options, keep);
//   while (const xcover::Solution* s = kept.next()) use(*s);  // 3 kept tilings
//   *kept.status();  // Status::solution_limit
#pragma once

#include <cstdint>
#include <functional>
#include <optional>

#include "xcover/export.hpp"
#include "xcover/solver.hpp"

namespace xcover::frontend {

// Whether a solution is kept (true) or skipped.
using Keep = std::function<bool(const Solution&)>;

// A solver's solutions, those `keep` keeps, one at a time: a search that
// stops at each kept solution and goes on at the next call, on the calling
// thread. options.solution_limit counts the kept solutions (the engine's
// own limit would count every solution it finds, the skipped ones too).
class XCOVER_API KeptSolutions {
 public:
  // Searches `solver` (borrowed: it must outlive this, and refuses other
  // calls while the search lives) with `options` (copied; what they point
  // to, a progress callback or a cancel flag, must outlive it), keeping the
  // solutions `keep` keeps (empty: every one).
  KeptSolutions(Solver& solver, SearchOptions options, Keep keep = {});
  // The search as a value: it moves, never copies.
  KeptSolutions(KeptSolutions&&) noexcept;
  // (A search cannot be assigned: it borrows its solver.)
  KeptSolutions& operator=(KeptSolutions&&) = delete;
  ~KeptSolutions();

  // Searches on to the next kept solution: nullptr at the end (status()
  // then says why). The solution is valid until the next call.
  const Solution* next();
  // Ends the search early (status() is then `stopped`, or the limit's
  // status when the limit was reached).
  void close();
  // Why the search ended (exhausted, solution_limit when the kept
  // solutions reached the limit, another limit, stopped after close()), or
  // std::nullopt while it can go on.
  std::optional<Status> status() const;
  // How many solutions it has handed out.
  std::uint64_t kept() const { return kept_; }

 private:
  Keep keep_;
  std::uint64_t limit_ = 0;
  std::uint64_t kept_ = 0;
  std::optional<SolutionRange> range_;
  std::optional<SolutionRange::iterator> position_;
  std::optional<Status> status_;
};

}  // namespace xcover::frontend
