// SPDX-License-Identifier: MIT
// Solves and counts boards under any SudokuRules, through the engine: the
// rules' problem is built once and each puzzle's givens are forced as
// assumptions, so one solver serves any number of puzzles of its rules.
#pragma once

#include <cstdint>
#include <memory>

#include "xcover/export.hpp"
#include "xcover/puzzles/sudoku.hpp"
#include "xcover/puzzles/sudoku_rules.hpp"
#include "xcover/solver.hpp"

namespace xcover {

class XCOVER_API SudokuRulesSolver {
 public:
  explicit SudokuRulesSolver(SudokuRules rules);
  ~SudokuRulesSolver();
  SudokuRulesSolver(SudokuRulesSolver&&) noexcept;
  SudokuRulesSolver& operator=(SudokuRulesSolver&&) noexcept;

  const SudokuRules& rules() const;

  // Finds up to `limit` solutions (0: all) and keeps the first in
  // `solution`: limit 2 also proves it unique (solutions == 1). `invalid`
  // when the givens break a rule (rules().find_conflict() says which).
  SudokuResult solve(const SudokuBoard& puzzle, SudokuBoard& solution, std::uint64_t limit = 1);
  SudokuResult count(const SudokuBoard& puzzle, std::uint64_t limit = 2);

  // Node and time limits, cancellation, and the seed of random tie breaks,
  // for every search; the solution limit is set per call.
  SearchOptions& search_options();
  const Statistics& statistics() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace xcover
