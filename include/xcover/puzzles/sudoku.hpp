// SPDX-License-Identifier: MIT
// Solving Sudoku of any shape through the engine. The rules (sudoku_rules.hpp)
// are the model; a SudokuSolver builds their exact-cover problem once and
// forces each puzzle's givens as assumptions, so one solver serves any
// number of puzzles under its rules.
//
//   xcover::SudokuSolver solver;                       // 9x9, 3x3 boxes
//   xcover::SudokuBoard puzzle = xcover::parse_sudoku(line), solution;
//   if (solver.solve(puzzle, solution).status == xcover::SudokuStatus::solved)
//     std::cout << xcover::to_line(solution) << '\n';
//
//   xcover::SudokuSolver x(xcover::SudokuRules::boxes(3, 3).add_diagonals());
//   x.count(puzzle, 2).solutions == 1;                 // unique as an X-Sudoku
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "xcover/export.hpp"
#include "xcover/puzzles/sudoku_rules.hpp"
#include "xcover/puzzles/sudoku_text.hpp"
#include "xcover/solver.hpp"

namespace xcover {

// How a puzzle came out.
enum class SudokuStatus {
  solved,       // at least one solution
  no_solution,  // the givens obey the rules but cannot be completed
  invalid,      // the givens break a rule (SudokuRules::find_conflict says which)
  stopped,      // a node or time limit or a cancellation ended the search
};

// The status's name: "solved", "no_solution", "invalid", "stopped".
XCOVER_API const char* to_string(SudokuStatus status);

// What solving or counting a puzzle found.
struct [[nodiscard]] SudokuResult {
  SudokuStatus status = SudokuStatus::no_solution;  // how it came out
  std::uint64_t solutions = 0;                      // solutions found, at most the limit
};

// Solves puzzles under one set of rules; build one per rules (and thread)
// and reuse it.
class XCOVER_API SudokuSolver {
 public:
  // The classic 9x9 board.
  SudokuSolver();
  explicit SudokuSolver(SudokuRules rules);
  ~SudokuSolver();
  SudokuSolver(SudokuSolver&&) noexcept;
  SudokuSolver& operator=(SudokuSolver&&) noexcept;

  // The rules it solves puzzles under.
  const SudokuRules& rules() const;

  // Finds solutions up to `limit` (0 = all) and stores the first one found
  // in `solution`: limit 1 solves, limit 2 also proves uniqueness
  // (solutions == 1). With several solutions the first is the one the
  // search meets first, always the same for the same puzzle. SudokuError
  // for a board of another side than the rules'.
  SudokuResult solve(const SudokuBoard& puzzle, SudokuBoard& solution, std::uint64_t limit = 1);
  // The number of solutions, up to `limit` (0 = all).
  SudokuResult count(const SudokuBoard& puzzle, std::uint64_t limit = 2);
  // Visits solutions until `visit` returns false or `limit` (0 = all) of
  // them have been visited.
  SudokuResult enumerate(const SudokuBoard& puzzle,
                         const std::function<bool(const SudokuBoard&)>& visit,
                         std::uint64_t limit = 0);

  // Options for every search (node and time limits, cancellation, seed); the
  // solution limit is set per call. `propagate` and `item_choice` are set
  // on when the layout follows them (the bit sets, for boards up to 16x16),
  // off otherwise.
  SearchOptions& search_options();
  // The engine's counters for the last puzzle.
  const Statistics& statistics() const;
  // The memory layout the engine runs (Layout::bitsets up to 16x16).
  Layout layout() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The classic interface: a 9x9 board of '1'-'9' and '.' filled in place.
// Returns false and leaves the board unchanged when it is not 9x9 of those
// characters, its givens break a rule or it has no solution. With several
// solutions it takes the first, as SudokuSolver::solve does.
XCOVER_API bool solveSudoku(std::vector<std::vector<char>>& board);

}  // namespace xcover
