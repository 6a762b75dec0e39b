// SPDX-License-Identifier: MIT
// Sudoku as exact cover. A board of box size n (2..5: 4x4, 9x9, 16x16, 25x25)
// has side n², n⁴ cells and 4n⁴ primary items (cell filled, digit in row,
// digit in column, digit in box); each of its n⁶ options puts one digit in one
// cell. A SudokuSolver builds that problem once and forces each puzzle's
// givens as assumptions, so it serves any number of puzzles of its size.
//
//   xcover::SudokuSolver solver(3);
//   xcover::SudokuGrid puzzle = xcover::parse_sudoku(line), solution;
//   if (solver.solve(puzzle, solution).status == xcover::SudokuStatus::solved)
//     std::cout << xcover::to_line(solution) << '\n';
//
// Text: one puzzle a line, cells row by row, '.' or '0' for a blank, digits
// '1'-'9' then letters 'A'-'P' (16x16 uses 1-9 and A-G, 25x25 1-9 and A-P).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "xcover/error.hpp"
#include "xcover/export.hpp"
#include "xcover/solver.hpp"

namespace xcover {

// A malformed puzzle or grid; the message says what to fix.
class XCOVER_API SudokuError : public Error {
 public:
  using Error::Error;
};

// A board of box size n: n² rows and columns, digits 1..n², 0 for a blank.
class XCOVER_API SudokuGrid {
 public:
  // An empty 9x9 board, or an empty board of box size `box` (2..5).
  SudokuGrid() : SudokuGrid(3) {}
  explicit SudokuGrid(int box);

  int box() const { return box_; }
  int side() const { return box_ * box_; }
  int cell_count() const { return static_cast<int>(cells_.size()); }

  // Rows and columns count from 0; 0 is a blank. set() throws SudokuError
  // for a cell off the board or a digit that does not fit.
  int get(int row, int column) const { return cells_[row * side() + column]; }
  void set(int row, int column, int digit);
  // Cells in row-major order.
  std::span<const std::uint8_t> cells() const { return cells_; }
  std::span<std::uint8_t> cells() { return cells_; }
  int given_count() const;

  // Empties the board and gives it box size `box`, reusing its storage.
  void reset(int box);

  friend bool operator==(const SudokuGrid&, const SudokuGrid&) = default;

 private:
  int box_;
  std::vector<std::uint8_t> cells_;
};

// The character for a digit (1..25 -> '1'..'9', 'A'..'P'); '.' for 0.
XCOVER_API char sudoku_symbol(int digit);

// Reads one puzzle line into `grid`, reusing its storage. The cells run up to
// the first whitespace, ',' or ':' (the rest is ignored, so "puzzle:count:
// solution" lines read as they are); their number gives the size. Returns
// false and sets `error` ("80 cells; a puzzle has 16 (4x4), 81 (9x9), ...")
// when the line is not a puzzle. Givens are not checked against the rules.
// A 16x16 or 25x25 line holding '0' but not its last digit ('G', 'P') is
// refused as ambiguous: '0' may be a digit there (hex 0-F).
XCOVER_API bool parse_sudoku(std::string_view line, SudokuGrid& grid, std::string& error);
// The same, throwing SudokuError.
XCOVER_API SudokuGrid parse_sudoku(std::string_view line);

// The first rule the filled cells break, e.g. "digit 5 twice in row 1
// (columns 2 and 7)"; empty when they break none. Rows, columns and boxes
// count from 1 in messages.
XCOVER_API std::string find_conflict(const SudokuGrid& grid);

// True when `solution` is complete, obeys the rules and keeps the givens of
// `puzzle` (and has its size).
XCOVER_API bool is_solution(const SudokuGrid& puzzle, const SudokuGrid& solution);

// One line of cells ("534678912..."), blanks as '.'.
XCOVER_API std::string to_line(const SudokuGrid& grid);
XCOVER_API void append_line(std::string& out, const SudokuGrid& grid);
// The board for people: a row a line, digits separated by spaces, boxes by
// '|' and lines of '-' and '+', each line ending in '\n'.
XCOVER_API std::string to_grid(const SudokuGrid& grid);
XCOVER_API void append_grid(std::string& out, const SudokuGrid& grid);
// A puzzle's board and its solution's side by side, four spaces apart: the
// givens stand out on the left.
XCOVER_API void append_grid(std::string& out, const SudokuGrid& puzzle, const SudokuGrid& solution);

enum class SudokuStatus {
  solved,       // at least one solution
  no_solution,  // the givens obey the rules but cannot be completed
  invalid,      // the givens break a rule (find_conflict says which)
  stopped,      // a limit or cancellation in search_options() ended the search
};

XCOVER_API const char* to_string(SudokuStatus status);

struct SudokuResult {
  SudokuStatus status = SudokuStatus::no_solution;
  std::uint64_t solutions = 0;  // solutions found, at most the limit
};

// Solves puzzles of one size; build one per size (and thread) and reuse it.
class XCOVER_API SudokuSolver {
 public:
  explicit SudokuSolver(int box = 3);
  ~SudokuSolver();
  SudokuSolver(SudokuSolver&&) noexcept;
  SudokuSolver& operator=(SudokuSolver&&) noexcept;

  int box() const;

  // Finds solutions up to `limit` (0 = all) and stores the first one found in
  // `solution`: limit 1 solves, limit 2 also proves uniqueness (solutions ==
  // 1). When a puzzle has several solutions, the first is the one the search
  // meets first, always the same for the same puzzle.
  SudokuResult solve(const SudokuGrid& puzzle, SudokuGrid& solution, std::uint64_t limit = 1);
  // The number of solutions, up to `limit` (0 = all); 0 also when the givens
  // break a rule.
  std::uint64_t count(const SudokuGrid& puzzle, std::uint64_t limit = 2);
  // The same, also saying whether a limit in search_options() stopped it.
  SudokuResult count_result(const SudokuGrid& puzzle, std::uint64_t limit = 2);
  // Visits solutions until `visit` returns false or `limit` (0 = all) of them
  // have been visited.
  SudokuResult enumerate(const SudokuGrid& puzzle,
                         const std::function<bool(const SudokuGrid&)>& visit,
                         std::uint64_t limit = 0);

  // Options for every search (node and time limits, cancellation); the
  // solution limit is set per call.
  SearchOptions& search_options();
  // The engine's counters for the last puzzle.
  const Statistics& statistics() const;

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
