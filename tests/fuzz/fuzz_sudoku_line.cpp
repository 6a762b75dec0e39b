// SPDX-License-Identifier: MIT
// Fuzzes the Sudoku line parser. Whatever the bytes, parse_sudoku either
// says why the line is not a puzzle or gives a grid that
//   - prints (to_line) as a line that parses back to the same grid,
//   - is called invalid by the solver exactly when find_conflict finds a
//     broken rule,
//   - and, when it is consistent, solves (under a node limit) only to grids
//     that is_solution accepts, the same one twice in a row.
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "fuzz_check.hpp"
#include "xcover/puzzles/sudoku.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
  // One solver per box size, kept across inputs as `xcover sudoku` keeps them.
  static std::array<std::unique_ptr<xcover::SudokuSolver>, 4> solvers;
  const std::string_view line(reinterpret_cast<const char *>(data), size);
  xcover::SudokuGrid puzzle;
  std::string error;
  if (!xcover::parse_sudoku(line, puzzle, error)) {
    FUZZ_CHECK(!error.empty());
    return 0;
  }
  const std::string printed = xcover::to_line(puzzle);
  FUZZ_CHECK(xcover::parse_sudoku(printed) == puzzle);

  std::unique_ptr<xcover::SudokuSolver> &solver =
      solvers[static_cast<std::size_t>(puzzle.box() - 2)];
  if (!solver) {
    solver = std::make_unique<xcover::SudokuSolver>(puzzle.box());
    // Big boards cost more per node; keep each input to a few milliseconds.
    solver->search_options().node_limit = puzzle.box() <= 3 ? 2000 : 200;
  }
  const bool conflict = !xcover::find_conflict(puzzle).empty();
  xcover::SudokuGrid solution(puzzle.box());
  const xcover::SudokuResult result = solver->solve(puzzle, solution, 2);
  FUZZ_CHECK((result.status == xcover::SudokuStatus::invalid) == conflict);
  if (result.status == xcover::SudokuStatus::solved) {
    FUZZ_CHECK(xcover::is_solution(puzzle, solution));
    FUZZ_CHECK(result.solutions >= 1 && result.solutions <= 2);
    xcover::SudokuGrid again(puzzle.box());
    FUZZ_CHECK(solver->solve(puzzle, again, 1).status == xcover::SudokuStatus::solved);
    FUZZ_CHECK(again == solution);
  } else if (result.status == xcover::SudokuStatus::no_solution) {
    FUZZ_CHECK(result.solutions == 0);
  }
  return 0;
}
